//! FEN: reading and writing positions (Forsyth–Edwards Notation, with
//! X-FEN and Shredder-FEN castling rights for Chess960).

use crate::position::Position;
use crate::types::{CastlingMode, CastlingSide};
use crate::validate::PositionError;
use crate::{Bitboard, Color, File, Rank, Role, Square, zobrist};
use alloc::string::{String, ToString};
use core::str::FromStr;

mod write;

/// A FEN that could not be read: which field, and what was wrong with it.
///
/// ```
/// use chess_arbiter::{FenError, Position};
/// let err = Position::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
/// assert_eq!(err.to_string(), "invalid FEN: rank 6 describes 9 squares");
/// assert!(matches!(err, FenError::RankLength { squares: 9, .. }));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FenError {
    /// The text is empty or blank.
    #[error("invalid FEN: empty")]
    Empty,
    /// Not 4 to 6 space-separated fields.
    #[error(
        "invalid FEN: found {found} {}, expected 4 to 6 separated by spaces: board, turn, castling, \
         en passant[, halfmove clock, fullmove number], like \
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        if *.found == 1 { "field" } else { "fields" }
    )]
    FieldCount {
        /// How many fields there were.
        found: usize,
    },
    /// The board field does not have 8 ranks.
    #[error("invalid FEN: board has {found} ranks, expected 8")]
    RankCount {
        /// How many `/`-separated ranks there were.
        found: usize,
    },
    /// A rank does not describe exactly 8 squares.
    #[error("invalid FEN: rank {rank} describes {squares} squares")]
    RankLength {
        /// The rank, as the board shows it.
        rank: Rank,
        /// How many squares it described.
        squares: u32,
    },
    /// A character in the board field is not a piece letter or a digit 1-8.
    #[error("invalid FEN: rank {rank}: {found:?} is not a piece letter or a digit 1-8")]
    BoardCharacter {
        /// The rank it stands in.
        rank: Rank,
        /// The offending character.
        found: char,
    },
    /// Two digits in a row in one rank (`17`).
    #[error("invalid FEN: rank {rank}: two digits in a row")]
    ConsecutiveDigits {
        /// The rank.
        rank: Rank,
    },
    /// The turn field is not `w` or `b`.
    #[error("invalid FEN: turn field {field:?}: expected w or b")]
    Turn {
        /// The field as given.
        field: String,
    },
    /// The castling field is malformed.
    #[error("invalid FEN: castling field {field:?}: {reason}")]
    Castling {
        /// The field as given.
        field: String,
        /// What was wrong.
        reason: String,
    },
    /// The en passant field is not `-` or a square name.
    #[error("invalid FEN: en passant field {field:?}: expected - or a square like e3")]
    EnPassant {
        /// The field as given.
        field: String,
    },
    /// The halfmove clock is not ASCII digits fitting in a `u32`.
    #[error("invalid FEN: halfmove clock {field:?}: expected a whole number from 0 to 4294967295")]
    HalfmoveClock {
        /// The field as given.
        field: String,
    },
    /// The fullmove number is not ASCII digits fitting in a `u32`.
    #[error("invalid FEN: fullmove number {field:?}: expected a whole number from 0 to 4294967295")]
    FullmoveNumber {
        /// The field as given.
        field: String,
    },
    /// The FEN is well formed, but the position breaks the rules.
    #[error("invalid FEN: {0}")]
    Position(#[from] PositionError),
}

/// How [`Position::from_fen_with`] reads a FEN: the castling mode, and
/// whether stale castling rights and en passant squares are dropped rather
/// than refused. [`FenOptions::new`] (also `Default`) reads as
/// [`Position::from_fen`] does.
///
/// ```
/// use chess_arbiter::{CastlingMode, FenOptions, Position};
/// let options = FenOptions::new().with_mode(CastlingMode::Chess960);
/// let pos = Position::from_fen_with("4k3/8/8/8/8/8/8/4K2R w K - 0 1", options).unwrap();
/// assert_eq!(pos.castling_mode(), CastlingMode::Chess960);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct FenOptions {
    mode: Option<CastlingMode>,
    lenient: bool,
}

impl FenOptions {
    /// Strict, with the castling mode chosen as [`Position::from_fen`]
    /// chooses it: standard unless the castling field needs Chess960.
    ///
    /// ```
    /// use chess_arbiter::{FenOptions, Position};
    /// let fen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1";
    /// assert_eq!(Position::from_fen_with(fen, FenOptions::new()), Position::from_fen(fen));
    /// ```
    #[must_use]
    pub const fn new() -> FenOptions {
        FenOptions {
            mode: None,
            lenient: false,
        }
    }

    /// Reads in this castling mode, as [`Position::from_fen_with_mode`]
    /// does: in [`CastlingMode::Standard`] a right that needs Chess960 is an
    /// error (or, lenient, dropped).
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, FenOptions, Position};
    /// let fen = "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1";
    /// let standard = FenOptions::new().with_mode(CastlingMode::Standard);
    /// assert!(Position::from_fen_with(fen, standard).is_err());
    /// let pos = Position::from_fen_with(fen, standard.lenient()).unwrap();
    /// assert_eq!(pos.fen(), "rk2r3/8/8/8/8/8/8/RK2R3 w - - 0 1");
    /// ```
    #[must_use]
    pub const fn with_mode(self, mode: CastlingMode) -> FenOptions {
        FenOptions {
            mode: Some(mode),
            ..self
        }
    }

    /// Drops stale castling rights and en passant squares instead of
    /// refusing them (see [`Position::from_fen_with`]); without a mode it
    /// reads standard chess.
    ///
    /// ```
    /// use chess_arbiter::{FenOptions, Position};
    /// let fen = "4k3/8/8/8/8/8/8/5K2 w KQ - 0 1";
    /// assert!(Position::from_fen(fen).is_err());
    /// assert!(Position::from_fen_with(fen, FenOptions::new().lenient()).is_ok());
    /// ```
    #[must_use]
    pub const fn lenient(self) -> FenOptions {
        FenOptions {
            lenient: true,
            ..self
        }
    }
}

/// A castling right as written: `K`/`Q` (outermost rook) or a rook's file.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Right {
    Outermost(CastlingSide),
    File(File),
}

impl Position {
    /// Reads a FEN. The castling mode is standard unless the castling field
    /// needs Chess960 (a king off the e-file, a rook off the corners); it
    /// takes `KQkq`, X-FEN and Shredder-FEN (`HAha`) rights.
    ///
    /// Fields are separated by runs of ASCII spaces; leading and trailing
    /// blanks of any kind (spaces, tabs, a newline) are ignored. The two clock fields may be left out (as in EPD:
    /// 0 and 1). A fullmove number of 0 reads as 1.
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field and the fault, or
    /// [`FenError::Position`] with a [`PositionError`] for a well-formed FEN
    /// of an illegal position.
    ///
    /// ```
    /// use chess_arbiter::{FenError, Position, PositionError, Color};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
    /// assert_eq!(pos.legal_moves().len(), 15);
    /// assert!(matches!(
    ///     Position::from_fen("8/8/8/8/8/8/8/4K3 w - - 0 1"),
    ///     Err(FenError::Position(PositionError::MissingKing(Color::Black)))
    /// ));
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        parse(fen, None, false)
    }

    /// Reads a FEN with [`FenOptions`]: a castling mode, leniency. With
    /// [`FenOptions::new`] this is [`Position::from_fen`].
    ///
    /// A lenient reading ([`FenOptions::lenient`]) drops what the board
    /// contradicts instead of refusing it: a castling right without its king
    /// and rook on their squares, and an en passant square that no pawn can
    /// just have passed. FENs from the web often carry such stale fields;
    /// python-chess and shakmaty offer the same repair. Whether a right is
    /// stale depends on the castling mode, and a lenient reader does not
    /// guess it: without [`FenOptions::with_mode`] it reads standard chess
    /// (king on e1/e8, rooks in the corners); in
    /// [`CastlingMode::Chess960`] a right stays when its king stands between
    /// the rooks on the back rank and that rook is there. Everything else is
    /// checked as strictly as ever: a FEN that cannot be read, or a position
    /// that breaks the other rules of [`PositionError`] (kings, counts, pawns
    /// on the back ranks, checks), is still an error.
    ///
    /// # Errors
    ///
    /// [`FenError`] as for [`Position::from_fen`] (and, with a mode, as for
    /// [`Position::from_fen_with_mode`]); a lenient reading never gives
    /// [`PositionError::CastlingRights`],
    /// [`PositionError::CastlingNeedsChess960`] or
    /// [`PositionError::InvalidEnPassant`].
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, FenOptions, Position};
    /// // White's king has left e1, Black's h-rook is gone, and no pawn stands on e4.
    /// let stale = "r3k3/8/8/8/8/8/8/R4K1R w KQkq e3 0 1";
    /// assert!(Position::from_fen(stale).is_err());
    /// let pos = Position::from_fen_with(stale, FenOptions::new().lenient()).unwrap();
    /// assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/R4K1R w q - 0 1");
    /// let chess960 = FenOptions::new().with_mode(CastlingMode::Chess960).lenient();
    /// let pos = Position::from_fen_with(stale, chess960).unwrap();
    /// assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1");
    /// ```
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Position, FenError> {
        let mode = match options.mode {
            None if options.lenient => Some(CastlingMode::Standard),
            mode => mode,
        };
        parse(fen, mode, options.lenient)
    }

    /// Reads a FEN of standard chess leniently.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen_with`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use chess_arbiter::Position;
    /// let pos = Position::from_fen_lenient("r3k3/8/8/8/8/8/8/R4K1R w KQkq e3 0 1").unwrap();
    /// assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/R4K1R w q - 0 1");
    /// ```
    #[deprecated(
        since = "0.3.0",
        note = "use `Position::from_fen_with(fen, FenOptions::new().lenient())`"
    )]
    pub fn from_fen_lenient(fen: &str) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenOptions::new().lenient())
    }

    /// Reads a FEN leniently in the given castling mode.
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen_with`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use chess_arbiter::{CastlingMode, Position};
    /// let fen = "r3k3/8/8/8/8/8/8/R4K1R w KQkq - 0 1";
    /// let pos = Position::from_fen_lenient_with_mode(fen, CastlingMode::Chess960).unwrap();
    /// assert_eq!(pos.fen(), "r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1");
    /// ```
    #[deprecated(
        since = "0.3.0",
        note = "use `Position::from_fen_with(fen, FenOptions::new().with_mode(mode).lenient())`"
    )]
    pub fn from_fen_lenient_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        Position::from_fen_with(fen, FenOptions::new().with_mode(mode).lenient())
    }

    /// Reads a FEN in the given castling mode (see [`Position::from_fen`]).
    ///
    /// # Errors
    ///
    /// As [`Position::from_fen`]; in [`CastlingMode::Standard`] a castling
    /// right that needs Chess960 is [`PositionError::CastlingRights`].
    ///
    /// ```
    /// use chess_arbiter::{CastlingMode, Position};
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    /// let pos = Position::from_fen_with_mode(fen, CastlingMode::Chess960).unwrap();
    /// assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn from_fen_with_mode(fen: &str, mode: CastlingMode) -> Result<Position, FenError> {
        parse(fen, Some(mode), false)
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

/// Written as its FEN (X-FEN for Chess960).
#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Read with [`Position::from_fen`]: an invalid FEN or an illegal position
/// is an error. The castling mode is Chess960 exactly when the castling
/// field needs it, so a Chess960 position whose castling rights look
/// standard reads back in standard mode (the same legal moves).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::text::de::text(d, "a FEN string", |s| {
            Position::from_fen(s).map_err(|e| alloc::format!("{e}"))
        })
    }
}

fn parse(fen: &str, mode: Option<CastlingMode>, lenient: bool) -> Result<Position, FenError> {
    // Split by hand on runs of spaces: str::split and string compares
    // dominated the profile of FEN reading.
    let mut parts = [""; 6];
    let mut found = 0;
    // Blanks of any kind (newline, tab, carriage return) around the FEN are
    // ignored; inside it, fields are separated by runs of ASCII spaces.
    let fen = fen.trim_ascii();
    let bytes = fen.as_bytes();
    let mut pos = Position::empty(mode.unwrap_or(CastlingMode::Standard));
    // A well-formed board is placed in the pass that finds where it ends;
    // anything else is read again below, once the fields are counted, so
    // that faults are named in the same order.
    let mut i = 0;
    let placed = place_board(bytes, &mut pos);
    if let Some(end) = placed {
        parts[0] = fen.get(..end).unwrap_or("");
        found = 1;
        i = end;
    }
    while i < bytes.len() {
        if bytes[i] == b' ' {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i] != b' ' {
            i += 1;
        }
        // Fields end at ASCII spaces, so both ends are character boundaries.
        let field = fen.get(start..i).unwrap_or("");
        if found < 6 {
            parts[found] = field;
        }
        found += 1;
    }
    if found == 0 {
        return Err(FenError::Empty);
    }
    if !(4..=6).contains(&found) {
        return Err(FenError::FieldCount { found });
    }
    let [board, turn, castling, ep, halfmove, fullmove] = parts;
    if placed.is_none() {
        parse_board(board, &mut pos)?;
    }
    pos.turn = match turn.as_bytes() {
        [b'w'] => Color::White,
        [b'b'] => Color::Black,
        _ => {
            return Err(FenError::Turn {
                field: crate::quote::bounded(turn),
            });
        }
    };
    // The common fields (`KQkq` and its parts, `-`) are checked against the
    // board in one step; anything else is read in full.
    let standard_rights = standard_castling(castling.as_bytes(), &pos);
    let rights = match standard_rights {
        Some(_) => [None; 4],
        None => parse_castling(castling)?,
    };
    let ep = match ep.as_bytes() {
        [b'-'] => None,
        [file, rank] if Square::from_ascii(*file, *rank).is_some() => {
            Square::from_ascii(*file, *rank)
        }
        _ => {
            return Err(FenError::EnPassant {
                field: crate::quote::bounded(ep),
            });
        }
    };
    if found >= 5 {
        pos.halfmove = parse_clock(halfmove).ok_or_else(|| FenError::HalfmoveClock {
            field: crate::quote::bounded(halfmove),
        })?;
    }
    if found >= 6 {
        pos.fullmove = parse_clock(fullmove)
            .ok_or_else(|| FenError::FullmoveNumber {
                field: crate::quote::bounded(fullmove),
            })?
            .max(1);
    }
    pos.validate_material()?;
    match standard_rights {
        Some(rooks) => pos.castling = rooks,
        None => pos.set_castling(&rights, mode, lenient)?,
    }
    let ep = match pos.set_en_passant(ep) {
        Err(PositionError::InvalidEnPassant(_)) if lenient => None,
        other => other.map(|()| ep)?,
    };
    pos.validate_checks(ep)?;
    // The pieces' keys were added as they were placed.
    pos.key ^= pos.state_key();
    Ok(pos)
}

/// ASCII decimal digits only, fitting in a `u32`.
fn parse_clock(field: &str) -> Option<u32> {
    if field.is_empty() || field.len() > 10 {
        return None;
    }
    let mut value: u64 = 0;
    for b in field.bytes() {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value * 10 + u64::from(b - b'0');
    }
    u32::try_from(value).ok()
}

/// FEN letters to pieces: `PIECES[byte]` is `color * 8 + role + 1`, or 0.
static PIECES: [u8; 256] = {
    let mut table = [0; 256];
    let letters = *b"pnbrqk";
    let mut role = 0;
    while role < 6 {
        table[letters[role].to_ascii_uppercase() as usize] = role as u8 + 1;
        table[letters[role] as usize] = 8 + role as u8 + 1;
        role += 1;
    }
    table
};

/// What each byte is on the board field: a piece `1 + 2 * role + white`
/// (its Polyglot kind plus one), a digit 1 to 8 `16 + n`, `/` 32, the
/// space that ends the field 64, else 0.
static BOARD_BYTES: [u8; 256] = {
    let mut table = [0; 256];
    let letters = *b"pnbrqk";
    let mut role = 0;
    while role < 6 {
        table[letters[role] as usize] = 1 + 2 * role as u8;
        table[letters[role].to_ascii_uppercase() as usize] = 2 + 2 * role as u8;
        role += 1;
    }
    let mut n = 1;
    while n <= 8 {
        table[(b'0' + n) as usize] = 16 + n;
        n += 1;
    }
    table[b'/' as usize] = 32;
    table[b' ' as usize] = 64;
    table
};

/// Places the pieces of a well-formed board field at the start of `fen`
/// in one pass, keeping bitboards and key in locals, and returns where the
/// field ends (at a space or the end); `None` (and `pos` untouched) at the
/// first thing out of the ordinary, which [`parse_board`] then reads again
/// to name the fault. It accepts exactly what `parse_board` accepts: eight
/// ranks of eight squares, no two digits in a row.
#[inline]
fn place_board(fen: &[u8], pos: &mut Position) -> Option<usize> {
    // One board per Polyglot kind: a piece costs one update here, and the
    // role and colour boards are put together once at the end.
    let mut kinds = [0u64; 12];
    let mut key = 0u64;
    let mut rank = 7u32;
    let mut file = 0u32;
    let mut after_digit = false;
    let mut end = fen.len();
    for (at, &b) in fen.iter().enumerate() {
        let code = BOARD_BYTES[b as usize];
        match code {
            1..=12 => {
                if file >= 8 {
                    return None;
                }
                let kind = usize::from(code - 1);
                let sq = rank * 8 + file;
                kinds[kind] |= 1u64 << sq;
                key ^= zobrist::piece_kind_square(kind, sq);
                file += 1;
                after_digit = false;
            }
            17..=24 => {
                file += u32::from(code - 16);
                if after_digit || file > 8 {
                    return None;
                }
                after_digit = true;
            }
            32 => {
                if file != 8 || rank == 0 {
                    return None;
                }
                rank -= 1;
                file = 0;
                after_digit = false;
            }
            64 => {
                end = at;
                break;
            }
            _ => return None,
        }
    }
    if rank != 0 || file != 8 {
        return None;
    }
    let mut by_color = [0u64; 2];
    for (role, pair) in kinds.chunks_exact(2).enumerate() {
        // Polyglot kinds are odd for White, whose index is 0.
        let [black, white] = [pair[0], pair[1]];
        pos.by_role[role] = Bitboard(black | white);
        by_color[0] |= white;
        by_color[1] |= black;
    }
    pos.by_color = by_color.map(Bitboard);
    pos.key ^= key;
    Some(end)
}

fn parse_board(board: &str, pos: &mut Position) -> Result<(), FenError> {
    // A wrong number of ranks is the first fault to name; counting them
    // only when something is wrong keeps the good path to one pass.
    parse_ranks(board, pos).map_err(|e| {
        let found = board.bytes().filter(|&b| b == b'/').count() + 1;
        if found == 8 {
            e
        } else {
            FenError::RankCount { found }
        }
    })
}

fn parse_ranks(board: &str, pos: &mut Position) -> Result<(), FenError> {
    let rank_count = || FenError::RankCount { found: 0 };
    let mut rank_index = 7usize;
    let mut file = 0u32;
    let mut after_digit = false;
    for (at, &b) in board.as_bytes().iter().enumerate() {
        let rank = Rank::ALL[rank_index & 7];
        match b {
            b'/' => {
                if rank_index == 0 {
                    return Err(rank_count());
                }
                if file != 8 {
                    return Err(FenError::RankLength {
                        rank,
                        squares: file,
                    });
                }
                rank_index -= 1;
                file = 0;
                after_digit = false;
            }
            b'1'..=b'9' => {
                if after_digit {
                    return Err(FenError::ConsecutiveDigits { rank });
                }
                after_digit = true;
                // Saturating: a rank of millions of digits must not wrap
                // round to a count that looks right.
                file = file.saturating_add(u32::from(b - b'0'));
            }
            _ => {
                let code = PIECES[b as usize];
                if code == 0 {
                    return Err(FenError::BoardCharacter {
                        rank,
                        found: board
                            .get(at..)
                            .and_then(|s| s.chars().next())
                            .unwrap_or('?'),
                    });
                }
                after_digit = false;
                if file < 8 {
                    let color = if code > 8 { Color::Black } else { Color::White };
                    let role = Role::ALL[usize::from((code - 1) & 7).min(5)];
                    pos.put(
                        Square::from_index(rank_index as u32 * 8 + file),
                        role.of(color),
                    );
                }
                file = file.saturating_add(1);
            }
        }
    }
    if rank_index != 0 {
        return Err(rank_count());
    }
    if file != 8 {
        return Err(FenError::RankLength {
            rank: Rank::First,
            squares: file,
        });
    }
    Ok(())
}

/// The rook squares of a castling field of `K`, `Q`, `k` and `q` in this
/// order (or `-`), when each right has its king on the e-file and its rook
/// in the corner: what [`parse_castling`] and `set_castling` make of it, in
/// any mode. `None` for anything else, which those two then read and check.
fn standard_castling(field: &[u8], pos: &Position) -> Option<Bitboard> {
    if field == b"-" {
        return Some(Bitboard::EMPTY);
    }
    let mut rooks = Bitboard::EMPTY;
    let mut order = 0;
    for &c in field {
        let (this, color, rank, rook_file) = match c {
            b'K' => (1, Color::White, Rank::First, File::H),
            b'Q' => (2, Color::White, Rank::First, File::A),
            b'k' => (3, Color::Black, Rank::Eighth, File::H),
            b'q' => (4, Color::Black, Rank::Eighth, File::A),
            _ => return None,
        };
        if this <= order {
            return None;
        }
        order = this;
        let king = Square::from_coords(File::E, rank);
        let rook = Square::from_coords(rook_file, rank);
        if !pos.pieces(color, Role::King).contains(king)
            || !pos.pieces(color, Role::Rook).contains(rook)
        {
            return None;
        }
        rooks |= Bitboard::from_square(rook);
    }
    Some(rooks)
}

fn parse_castling(field: &str) -> Result<[Option<(Color, Right)>; 4], FenError> {
    let mut rights = [None; 4];
    if field == "-" {
        return Ok(rights);
    }
    let err = |reason: String| FenError::Castling {
        field: crate::quote::bounded(field),
        reason,
    };
    let mut seen_black = false;
    for (count, c) in field.chars().enumerate() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let right = match c.to_ascii_lowercase() {
            'k' => Right::Outermost(CastlingSide::KingSide),
            'q' => Right::Outermost(CastlingSide::QueenSide),
            l @ 'a'..='h' => Right::File(File::from_char(l).unwrap_or(File::A)),
            _ => return Err(err(alloc::format!("{c:?} is not a castling right"))),
        };
        if color == Color::White && seen_black {
            return Err(err("White's rights come before Black's".to_string()));
        }
        seen_black |= color == Color::Black;
        if count == 4 {
            return Err(err(
                "more than four castling rights (two per side at most)".to_string()
            ));
        }
        if rights[..count].contains(&Some((color, right))) {
            return Err(err(alloc::format!("{c:?} is given twice")));
        }
        rights[count] = Some((color, right));
    }
    Ok(rights)
}

impl Position {
    /// Turns the written rights into rook squares, checking each against the
    /// board and choosing the castling mode when it is not given.
    fn set_castling(
        &mut self,
        rights: &[Option<(Color, Right)>; 4],
        mode: Option<CastlingMode>,
        lenient: bool,
    ) -> Result<(), PositionError> {
        let mut needs_chess960 = false;
        for &(color, right) in rights.iter().flatten() {
            let back = Bitboard::from_rank(Rank::First.relative_to(color));
            let king = self.pieces(color, Role::King) & back;
            let bad = PositionError::CastlingRights {
                color,
                right: right_char(color, right),
            };
            let Some(king) = king.single_square() else {
                if lenient {
                    continue;
                }
                return Err(bad);
            };
            let rooks = self.pieces(color, Role::Rook) & back;
            let rook = match right {
                Right::Outermost(CastlingSide::KingSide) => {
                    rooks.last().filter(|r| r.file() > king.file())
                }
                Right::Outermost(CastlingSide::QueenSide) => {
                    rooks.first().filter(|r| r.file() < king.file())
                }
                Right::File(file) => {
                    Some(Square::from_coords(file, king.rank())).filter(|r| rooks.contains(*r))
                }
            };
            let Some(rook) = rook else {
                if lenient {
                    continue;
                }
                return Err(bad);
            };
            let side = CastlingSide::of(king, rook);
            let same_side = (self.castling & back)
                .into_iter()
                .any(|r| CastlingSide::of(king, r) == side);
            if same_side {
                if lenient {
                    continue;
                }
                return Err(bad);
            }
            let standard = king.file() == File::E && matches!(rook.file(), File::A | File::H);
            if !standard {
                if mode == Some(CastlingMode::Standard) {
                    if lenient {
                        continue;
                    }
                    return Err(PositionError::CastlingNeedsChess960 {
                        color,
                        right: right_char(color, right),
                    });
                }
                needs_chess960 = true;
            }
            self.castling |= Bitboard::from_square(rook);
        }
        if mode.is_none() && needs_chess960 {
            self.mode = CastlingMode::Chess960;
        }
        Ok(())
    }
}

fn right_char(color: Color, right: Right) -> char {
    let c = match right {
        Right::Outermost(CastlingSide::KingSide) => 'k',
        Right::Outermost(CastlingSide::QueenSide) => 'q',
        Right::File(f) => f.char(),
    };
    if color.is_white() {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

#[cfg(test)]
mod tests;
