//! `serde` support (feature `serde`), written by hand so the crate needs no
//! proc-macro dependency.
//!
//! Every value type is written as the text a chess player or program reads:
//!
//! | type | form | example |
//! |---|---|---|
//! | [`Color`] | name | `"white"` |
//! | [`Role`] | name | `"knight"` |
//! | [`Piece`] | FEN letter | `"N"`, `"q"` |
//! | [`File`], [`Rank`], [`Square`] | coordinates | `"e"`, `"4"`, `"e4"` |
//! | [`Bitboard`] | `u64`, bit `i` for square `i` (a1 = 0) | `65280` |
//! | [`CastlingMode`] | name | `"standard"`, `"chess960"` |
//! | [`CastlingSide`] | name | `"king-side"`, `"queen-side"` |
//! | [`MoveKind`] | name | `"double-push"` |
//! | [`Move`] | UCI, with the kind when UCI cannot tell it | `"g1f3"`, `"a7a8q"`, `"e2e4 double-push"` |
//! | [`Position`] | FEN (X-FEN for Chess960) | `"rnbqkbnr/… w KQkq - 0 1"` |
//! | [`Game`] | start FEN and UCI moves | `{"start": "…", "moves": ["e2e4", "e7e5"]}` |
//! | [`WinReason`], [`DrawReason`] | name | `"checkmate"`, `"threefold-repetition"` |
//! | [`Outcome`] | result, winner, reason | `{"result": "1-0", "winner": "white", "reason": "checkmate"}` |
//! | [`San`], [`Uci`] | the text | `"Nf3"`, `"e1g1"` |
//! | [`TimeControl`](crate::clock::TimeControl), [`Period`](crate::clock::Period) | the PGN `TimeControl` tag (in `clock`) | `"40/5400+30:1800+30"` |
//!
//! # Moves
//!
//! A bare [`Move`] has no position, and UCI alone cannot tell `e2e4` the
//! pawn's double step from `e2e4` a rook's move, nor `e5d6` en passant
//! from a plain capture. So a move is written as its UCI text when that
//! is all there is to it (normal moves and promotions: `"g1f3"`,
//! `"a7a8q"`), and otherwise as UCI plus the kind: `"e2e4 double-push"`,
//! `"e5d6 en-passant"`, and castling as king-takes-rook, the way the move
//! is stored, `"e1h1 castle"` (in Chess960 too). A normal move whose
//! squares another kind could have is written with its kind too: `"e2e4
//! normal"` (a rook's move), `"e5d6 normal"` (a plain capture), `"a1d1
//! normal"` (any move along a back rank, where a Chess960 king may take
//! its rook). Reading refuses a bare text with such squares (`"e2e4"`,
//! `"e1g1"`): without a position it cannot tell which move is meant, and
//! it never guesses. Every move round-trips exactly; reading checks the
//! geometry each kind needs (a double push from the second rank, castling
//! along the back rank, …). To read a bare UCI text in a position, use
//! [`Position::parse_uci`].
//!
//! # Positions and games
//!
//! A [`Position`] is its FEN; reading it is [`Position::from_fen`], so the
//! castling mode is Chess960 exactly when the castling field needs it. A
//! Chess960 position whose castling rights look standard (king on e1, rooks
//! in the corners, or no rights at all) reads back in standard mode: the
//! same pieces, rights and legal moves, only its UCI castling text differs.
//!
//! A [`Game`] is `{"start": FEN, "moves": [UCI, …]}`, each move in UCI
//! relative to the position before it (`e1h1` for castling in Chess960).
//! Reading plays each move as it is read and stops at the first illegal
//! one, so memory stays bounded by the game, not by the document (moves
//! written before `"start"` are kept as short texts until it comes, and
//! refused beyond the 20,000 plies no game reaches). A game
//! that ended by resignation, agreement, an accepted draw claim or a
//! recorded flag fall has a
//! third field, `"ending"`, with that [`Outcome`]; reading records it again
//! through [`Game::resign`], [`Game::agree_draw`], [`Game::claim_draw`]
//! or [`Game::flag_fall`], so a claim that does not hold, or a flag-fall
//! ruling that FIDE 6.9 does not give, is an error.
//!
//! # Validation
//!
//! Reading never yields a value the library would not build itself: an
//! invalid FEN, an illegal move, an unknown square or a result that
//! contradicts its reason is an error naming what was wrong, quoting at
//! most 60 characters of the input.
//!
//! ```
//! # #[cfg(feature = "std")] {
//! use chess_arbiter::{Game, Move, Outcome, Square};
//! let mut game = Game::new();
//! game.play_uci("e2e4").unwrap();
//! let json = serde_json::to_string(&game).unwrap();
//! assert_eq!(json, r#"{"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4"]}"#);
//! assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
//! let m: Move = serde_json::from_str(r#""e2e4 double-push""#).unwrap();
//! assert_eq!(m, Move::double_push(Square::E2, Square::E4));
//! assert!(serde_json::from_str::<Square>(r#""i9""#).is_err());
//! # }
//! ```

use crate::quote::bounded;
use crate::{
    Bitboard, CastlingMode, CastlingSide, Color, DrawReason, File, Game, Move, MoveKind, Outcome,
    Piece, Position, Rank, Role, San, Square, Uci, WinReason,
};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// Reads a string and turns it into a value, or into an error message.
struct TextVisitor<T> {
    expecting: &'static str,
    parse: fn(&str) -> Result<T, String>,
    marker: PhantomData<T>,
}

impl<T> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expecting)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.parse)(v).map_err(E::custom)
    }
}

fn text<'de, D: Deserializer<'de>, T>(
    d: D,
    expecting: &'static str,
    parse: fn(&str) -> Result<T, String>,
) -> Result<T, D::Error> {
    d.deserialize_str(TextVisitor {
        expecting,
        parse,
        marker: PhantomData,
    })
}

/// serde's `unknown_field` error, with the key quoted bounded.
fn unknown_field<E: de::Error>(key: &str, expected: &'static [&'static str]) -> E {
    E::unknown_field(&bounded(key), expected)
}

/// Parses with `FromStr`, naming the rejected input in the message.
fn from_str<T: core::str::FromStr>(s: &str) -> Result<T, String>
where
    T::Err: fmt::Display,
{
    s.parse().map_err(|e| format!("{e}, got {:?}", bounded(s)))
}

/// `Serialize` via `Display` and `Deserialize` via `FromStr`.
macro_rules! via_text {
    ($ty:ty, $expecting:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                text(d, $expecting, from_str::<$ty>)
            }
        }
    };
}

via_text!(Square, "a square like \"e4\"");
via_text!(Piece, "a FEN piece letter like \"N\" or \"q\"");

impl Serialize for Color {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "\"white\" or \"black\"", from_str::<Color>)
    }
}

impl Serialize for Role {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Role {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a role like \"knight\"", from_str::<Role>)
    }
}

/// Reads a one-character coordinate with `from_char`.
fn one_char<T>(s: &str, from_char: fn(char) -> Option<T>, what: &str) -> Result<T, String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => from_char(c),
        _ => None,
    }
    .ok_or_else(|| format!("invalid {what}, got {:?}", bounded(s)))
}

impl Serialize for File {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for File {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a file \"a\" to \"h\"", |s| {
            one_char(s, File::from_char, "file: expected a to h")
        })
    }
}

impl Serialize for Rank {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Rank {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a rank \"1\" to \"8\"", |s| {
            one_char(s, Rank::from_char, "rank: expected 1 to 8")
        })
    }
}

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.0)
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u64::deserialize(d).map(Bitboard)
    }
}

/// A fieldless enum written as one of a fixed list of names.
macro_rules! named {
    ($ty:ty, $what:expr, { $($variant:path => $name:expr),+ $(,)? }) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(match self { $($variant => $name),+ })
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                text(d, concat!($what, ": one of ", $("\"", $name, "\" "),+), |s| match s {
                    $($name => Ok($variant),)+
                    _ => Err(format!(concat!("invalid ", $what, ": expected one of ", $($name, " "),+, "got {:?}"), bounded(s))),
                })
            }
        }
    };
}

named!(CastlingMode, "castling mode", {
    CastlingMode::Standard => "standard",
    CastlingMode::Chess960 => "chess960",
});

named!(CastlingSide, "castling side", {
    CastlingSide::KingSide => "king-side",
    CastlingSide::QueenSide => "queen-side",
});

named!(MoveKind, "move kind", {
    MoveKind::Normal => "normal",
    MoveKind::DoublePush => "double-push",
    MoveKind::EnPassant => "en-passant",
    MoveKind::Castle => "castle",
    MoveKind::Promotion => "promotion",
});

named!(WinReason, "win reason", {
    WinReason::Checkmate => "checkmate",
    WinReason::Timeout => "timeout",
    WinReason::Resignation => "resignation",
});

named!(DrawReason, "draw reason", {
    DrawReason::Stalemate => "stalemate",
    DrawReason::InsufficientMaterial => "insufficient-material",
    DrawReason::DeadPosition => "dead-position",
    DrawReason::FivefoldRepetition => "fivefold-repetition",
    DrawReason::SeventyFiveMoves => "seventy-five-moves",
    DrawReason::ThreefoldRepetition => "threefold-repetition",
    DrawReason::FiftyMoves => "fifty-moves",
    DrawReason::TimeoutVsInsufficientMaterial => "timeout-vs-insufficient-material",
    DrawReason::Agreement => "agreement",
});

// ---------------------------------------------------------------- moves

/// The other kinds a normal move from `from` to `to` could be, as far as
/// its squares tell: a double push, an en passant capture, castling (king
/// takes rook, any back-rank move in Chess960). Such a move is written with
/// its kind, and a bare text with these squares is refused.
fn ambiguous_kinds(from: Square, to: Square) -> Option<&'static str> {
    let df = (to.file().index() as i32 - from.file().index() as i32).abs();
    let (fr, tr) = (from.rank().index(), to.rank().index());
    if df == 0 && ((fr == 1 && tr == 3) || (fr == 6 && tr == 4)) {
        Some("double-push")
    } else if df == 1 && ((fr == 4 && tr == 5) || (fr == 3 && tr == 2)) {
        Some("en-passant")
    } else if fr == tr && (fr == 0 || fr == 7) {
        Some("castle")
    } else {
        None
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (from, to) = (self.from(), self.to());
        match self.kind() {
            MoveKind::Normal if ambiguous_kinds(from, to).is_some() => {
                s.collect_str(&format_args!("{from}{to} normal"))
            }
            MoveKind::Normal | MoveKind::Promotion => s.collect_str(self),
            MoveKind::DoublePush => s.collect_str(&format_args!("{from}{to} double-push")),
            MoveKind::EnPassant => s.collect_str(&format_args!("{from}{to} en-passant")),
            MoveKind::Castle => s.collect_str(&format_args!("{from}{to} castle")),
        }
    }
}

fn parse_move(s: &str) -> Result<Move, String> {
    let quoted = bounded(s);
    let bad = |why: &str| format!("invalid move {quoted:?}: {why}");
    let (uci, kind) = match s.split_once(' ') {
        Some((uci, kind)) => (uci, Some(kind)),
        None => (s, None),
    };
    let square = |t: Option<&str>| t.and_then(|t| t.parse::<Square>().ok());
    let from = square(uci.get(0..2));
    let to = square(uci.get(2..4));
    let (Some(from), Some(to)) = (from, to) else {
        return Err(bad(
            "expected UCI like g1f3 or a7a8q, then optionally double-push, en-passant or castle",
        ));
    };
    if from == to {
        return Err(bad("from and to are the same square"));
    }
    let df = to.file().index() as i32 - from.file().index() as i32;
    let (fr, tr) = (from.rank().index(), to.rank().index());
    let promotion = match uci.get(4..) {
        Some("") => None,
        Some(p) => Some(
            p.parse::<Role>()
                .ok()
                .filter(|_| p.len() == 1)
                .ok_or_else(|| bad("the promotion letter must be one of q r b n"))?,
        ),
        None => return Err(bad("not ASCII")),
    };
    let m = match (kind, promotion) {
        (None, None) => {
            let dr = tr as i32 - fr as i32;
            let (a, b) = (df.abs(), dr.abs());
            if !(a == 0 || b == 0 || a == b || a * b == 2) {
                return Err(bad("no piece moves like that"));
            }
            if let Some(other) = ambiguous_kinds(from, to) {
                return Err(format!(
                    "invalid move {quoted:?}: without a position these squares could be a {other} \
                     or a normal move: write \"{uci} {other}\" or \"{uci} normal\""
                ));
            }
            Move::new(from, to)
        }
        (Some("normal"), None) => {
            let dr = tr as i32 - fr as i32;
            let (a, b) = (df.abs(), dr.abs());
            if !(a == 0 || b == 0 || a == b || a * b == 2) {
                return Err(bad("no piece moves like that"));
            }
            Move::new(from, to)
        }
        (None, Some(role)) => {
            if df.abs() > 1 || !((fr == 6 && tr == 7) || (fr == 1 && tr == 0)) {
                return Err(bad("a promotion goes from the seventh rank to the eighth"));
            }
            Move::promotion(from, to, role)
                .ok_or_else(|| bad("a pawn promotes to a queen, rook, bishop or knight"))?
        }
        (Some("double-push"), None) => {
            if df != 0 || !((fr == 1 && tr == 3) || (fr == 6 && tr == 4)) {
                return Err(bad(
                    "a double push goes two squares straight ahead from the second rank",
                ));
            }
            Move::double_push(from, to)
        }
        (Some("en-passant"), None) => {
            if df.abs() != 1 || !((fr == 4 && tr == 5) || (fr == 3 && tr == 2)) {
                return Err(bad(
                    "an en passant capture goes from the fifth rank to the sixth, one file aside",
                ));
            }
            Move::en_passant(from, to)
        }
        (Some("castle"), None) => {
            if fr != tr || !(fr == 0 || fr == 7) {
                return Err(bad(
                    "castling is written king-takes-rook along the back rank",
                ));
            }
            Move::castle(from, to)
        }
        (Some(_), _) => {
            return Err(bad(
                "the kind after the space must be normal, double-push, en-passant or castle, with no promotion letter",
            ));
        }
    };
    Ok(m)
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(
            d,
            "a move like \"g1f3\", \"a7a8q\", \"e2e4 double-push\" or \"e1h1 castle\"",
            parse_move,
        )
    }
}

/// `San` and `Uci` are written as their text. A bare text has no position
/// to check the move against, so reading checks its shape: a UCI text is two
/// squares and an optional promotion letter; a SAN text is 2 to 8 characters
/// of the SAN alphabet.
macro_rules! inline_text {
    ($ty:ident, $valid:expr, $expecting:expr) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                text(d, $expecting, |s| {
                    if !$valid(s) {
                        return Err(format!(
                            concat!("invalid ", $expecting, ", got {:?}"),
                            bounded(s)
                        ));
                    }
                    let mut t = $ty::empty();
                    t.push_str(s);
                    Ok(t)
                })
            }
        }
    };
}

fn is_san_shape(s: &str) -> bool {
    (2..=8).contains(&s.len()) && s.chars().all(|c| "abcdefgh12345678KQRBNxO-=+#".contains(c))
}

fn is_uci_shape(s: &str) -> bool {
    let square = |t: Option<&str>| t.is_some_and(|t| t.parse::<Square>().is_ok());
    square(s.get(0..2))
        && square(s.get(2..4))
        && matches!(s.get(4..), Some("" | "q" | "r" | "b" | "n"))
}

inline_text!(San, is_san_shape, "SAN move text");
inline_text!(Uci, is_uci_shape, "UCI move text");

// ------------------------------------------------------------ positions

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.fen())
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a FEN string", |s| {
            Position::from_fen(s).map_err(|e| format!("{e}"))
        })
    }
}

// ------------------------------------------------------------------ game

/// The moves of a game as UCI texts, each relative to the position before it.
struct GameMoves<'a>(&'a Game);

impl Serialize for GameMoves<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let game = self.0;
        s.collect_seq(
            game.moves()
                .iter()
                .enumerate()
                .map(|(i, &m)| game.at(i).uci(m)),
        )
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Text formats leave out an ending that is not there; binary formats
        // (which read fields by position) always write it.
        let readable = s.is_human_readable();
        let fields = if self.ending.is_some() || !readable {
            3
        } else {
            2
        };
        let mut st = s.serialize_struct("Game", fields)?;
        st.serialize_field("start", self.start())?;
        st.serialize_field("moves", &GameMoves(self))?;
        if self.ending.is_some() || !readable {
            st.serialize_field("ending", &self.ending)?;
        }
        st.end()
    }
}

const GAME_FIELDS: &[&str] = &["start", "moves", "ending"];

/// More plies than any game can have: after 150 plies without a capture or
/// pawn move the game is over (FIDE 9.6.2), and 32 pieces allow at most
/// 30 captures and 16 pawns at most 96 steps, so no game passes
/// (30 + 96 + 1) × 150 plies. A document with more moves is refused before
/// they are held.
const MAX_PLIES: usize = 20_000;

/// The error for move `ply + 1` of a game, with its text quoted bounded.
fn move_error<E: de::Error>(ply: usize, uci: &str, why: impl fmt::Display) -> E {
    E::custom(format_args!(
        "move {} ({:?}): {why}",
        ply + 1,
        crate::quote::bounded(uci)
    ))
}

/// Plays each move of a game's `"moves"` array as it is read, so that an
/// illegal move stops the reading and memory stays bounded by the game.
struct PlayMoves<'a>(&'a mut Game);

impl<'de> de::DeserializeSeed<'de> for PlayMoves<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PlayMoves<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of UCI moves")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let game = self.0;
        let mut ply = 0;
        while seq
            .next_element_seed(PlayMove {
                game: &mut *game,
                ply,
            })?
            .is_some()
        {
            ply += 1;
        }
        Ok(())
    }
}

/// One move of a game, played as it is read.
struct PlayMove<'a> {
    game: &'a mut Game,
    ply: usize,
}

impl<'de> de::DeserializeSeed<'de> for PlayMove<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for PlayMove<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UCI move like \"e2e4\"")
    }

    fn visit_str<E: de::Error>(self, uci: &str) -> Result<(), E> {
        self.game
            .play_uci(uci)
            .map(|_| ())
            .map_err(|e| move_error(self.ply, uci, e))
    }
}

/// The moves of a game read before its start (a map whose `"moves"` come
/// before `"start"`): kept as short UCI texts, at most [`MAX_PLIES`], and
/// played once the start is known.
struct EarlyMoves;

impl<'de> de::DeserializeSeed<'de> for EarlyMoves {
    type Value = Vec<Uci>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Uci>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EarlyMoves {
    type Value = Vec<Uci>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of UCI moves")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Uci>, A::Error> {
        let mut moves = Vec::new();
        while let Some(text) = seq.next_element_seed(EarlyMove(moves.len()))? {
            if moves.len() == MAX_PLIES {
                return Err(de::Error::custom(format_args!(
                    "more than {MAX_PLIES} moves: no game has that many"
                )));
            }
            moves.push(text);
        }
        Ok(moves)
    }
}

/// One move read before the start: its text, if it can be a UCI move.
struct EarlyMove(usize);

impl<'de> de::DeserializeSeed<'de> for EarlyMove {
    type Value = Uci;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Uci, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for EarlyMove {
    type Value = Uci;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UCI move like \"e2e4\"")
    }

    fn visit_str<E: de::Error>(self, uci: &str) -> Result<Uci, E> {
        // Every UCI move is 4 or 5 ASCII characters; anything longer is no
        // move in any position.
        if !(4..=5).contains(&uci.len()) || !uci.is_ascii() {
            return Err(move_error(self.0, uci, "not a UCI move like \"e2e4\""));
        }
        let mut text = Uci::empty();
        text.push_str(uci);
        Ok(text)
    }
}

struct GameVisitor;

impl GameVisitor {
    /// Records `ending`, if any, in `game` (its moves already played).
    fn finish<E: de::Error>(mut game: Game, ending: Option<Outcome>) -> Result<Game, E> {
        let Some(ending) = ending else {
            return Ok(game);
        };
        // A recorded ending is recorded again, through the same rules.
        let recorded = match ending {
            Outcome::Decisive {
                winner,
                reason: WinReason::Resignation,
            } => game.resign(!winner).map_err(|e| e.to_string()),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => game.agree_draw().map_err(|e| e.to_string()),
            Outcome::Draw {
                reason: reason @ (DrawReason::ThreefoldRepetition | DrawReason::FiftyMoves),
            } => {
                let holds = if reason == DrawReason::ThreefoldRepetition {
                    game.repetitions() >= 3
                } else {
                    game.position().halfmove_clock() >= 100
                };
                match (game.outcome(), holds) {
                    (Some(outcome), _) => Err(format!("the game is already over: {outcome}")),
                    (None, true) => {
                        game.ending = Some(ending);
                        Ok(())
                    }
                    (None, false) => Err(String::from("no such claim holds after these moves")),
                }
            }
            // A flag fall is ruled again by 6.9: the loser's, or for a
            // draw either side's, flag must give the same ruling.
            Outcome::Decisive {
                reason: WinReason::Timeout,
                ..
            }
            | Outcome::Draw {
                reason: DrawReason::TimeoutVsInsufficientMaterial,
            } => {
                let flagged = match ending.winner() {
                    Some(winner) => Some(!winner),
                    None => Color::ALL
                        .into_iter()
                        .find(|&c| game.outcome_on_timeout(c) == ending),
                };
                match flagged.map(|c| game.flag_fall(c)) {
                    Some(Ok(ruling)) if ruling == ending => Ok(()),
                    Some(Err(e)) => Err(e.to_string()),
                    _ => Err(String::from(
                        "a flag fall here is ruled otherwise (FIDE 6.9)",
                    )),
                }
            }
            _ => Err(String::from(
                "only a resignation, an agreed draw, a draw claim or a flag fall is recorded",
            )),
        };
        recorded.map_err(|why| E::custom(format_args!("ending \"{ending}\": {why}")))?;
        Ok(game)
    }
}

impl<'de> Visitor<'de> for GameVisitor {
    type Value = Game;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game: {\"start\": FEN, \"moves\": [UCI, ...], \"ending\": optional outcome}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Game, A::Error> {
        let start = seq
            .next_element::<Position>()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let mut game = Game::from_position(start);
        seq.next_element_seed(PlayMoves(&mut game))?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let ending = seq.next_element::<Option<Outcome>>()?.flatten();
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(4, &self));
        }
        GameVisitor::finish(game, ending)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Game, A::Error> {
        let mut game: Option<Game> = None;
        // Moves read before the start, to play once it is known.
        let mut early: Option<Vec<Uci>> = None;
        let mut moves_read = false;
        let mut ending = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "start" if game.is_none() => {
                    game = Some(Game::from_position(map.next_value::<Position>()?));
                }
                "moves" if !moves_read => {
                    moves_read = true;
                    match game.as_mut() {
                        Some(game) => map.next_value_seed(PlayMoves(game))?,
                        None => early = Some(map.next_value_seed(EarlyMoves)?),
                    }
                }
                "ending" if ending.is_none() => {
                    ending = Some(map.next_value::<Option<Outcome>>()?);
                }
                "start" | "moves" | "ending" => {
                    return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                }
                _ => return Err(unknown_field(&key, GAME_FIELDS)),
            }
        }
        let mut game = game.ok_or_else(|| de::Error::missing_field("start"))?;
        if !moves_read {
            return Err(de::Error::missing_field("moves"));
        }
        for (ply, uci) in early.into_iter().flatten().enumerate() {
            game.play_uci(&uci)
                .map_err(|e| move_error::<A::Error>(ply, &uci, e))?;
        }
        GameVisitor::finish(game, ending.flatten())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("Game", GAME_FIELDS, GameVisitor)
    }
}

// --------------------------------------------------------------- outcome

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Outcome", 3)?;
        st.serialize_field("result", self.result())?;
        st.serialize_field("winner", &self.winner())?;
        match self {
            Outcome::Decisive { reason, .. } => st.serialize_field("reason", reason)?,
            Outcome::Draw { reason } => st.serialize_field("reason", reason)?,
        }
        st.end()
    }
}

const OUTCOME_FIELDS: &[&str] = &["result", "winner", "reason"];

/// A win reason or a draw reason, read from the same field.
enum Reason {
    Win(WinReason),
    Draw(DrawReason),
}

impl<'de> Deserialize<'de> for Reason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        text(d, "a win or draw reason", |s| {
            let quoted = format!("{:?}", bounded(s));
            if let Ok(r) = parse_named::<WinReason>(s) {
                return Ok(Reason::Win(r));
            }
            parse_named::<DrawReason>(s).map(Reason::Draw).map_err(|_| {
                format!(
                    "invalid outcome reason: expected checkmate, timeout, resignation, stalemate, \
                         insufficient-material, fivefold-repetition, seventy-five-moves, \
                         threefold-repetition, fifty-moves, timeout-vs-insufficient-material \
                         or agreement, got {quoted}"
                )
            })
        })
    }
}

/// Reads one of the named enums from a plain `&str`.
fn parse_named<'a, T: Deserialize<'a>>(s: &'a str) -> Result<T, de::value::Error> {
    T::deserialize(de::value::BorrowedStrDeserializer::<de::value::Error>::new(
        s,
    ))
}

struct OutcomeVisitor;

impl OutcomeVisitor {
    fn build<E: de::Error>(
        result: String,
        winner: Option<Color>,
        reason: Reason,
    ) -> Result<Outcome, E> {
        let outcome = match (reason, winner) {
            (Reason::Win(reason), Some(winner)) => Outcome::Decisive { winner, reason },
            (Reason::Draw(reason), None) => Outcome::Draw { reason },
            (Reason::Win(_), None) => {
                return Err(E::custom("invalid outcome: a win needs a winner"));
            }
            (Reason::Draw(_), Some(_)) => {
                return Err(E::custom("invalid outcome: a draw has no winner (null)"));
            }
        };
        if outcome.result() != result {
            return Err(E::custom(format_args!(
                "invalid outcome: result {result:?} contradicts {outcome} ({})",
                outcome.result()
            )));
        }
        Ok(outcome)
    }
}

impl<'de> Visitor<'de> for OutcomeVisitor {
    type Value = Outcome;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "an outcome: {\"result\": \"1-0\", \"winner\": \"white\", \"reason\": \"checkmate\"}",
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Outcome, A::Error> {
        let result = seq
            .next_element::<String>()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let winner = seq
            .next_element::<Option<Color>>()?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let reason = seq
            .next_element::<Reason>()?
            .ok_or_else(|| de::Error::invalid_length(2, &self))?;
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(4, &self));
        }
        OutcomeVisitor::build(result, winner, reason)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Outcome, A::Error> {
        let mut result = None;
        let mut winner = None;
        let mut reason = None;
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = match key.as_str() {
                "result" => result.replace(map.next_value::<String>()?).is_some(),
                "winner" => winner.replace(map.next_value::<Option<Color>>()?).is_some(),
                "reason" => reason.replace(map.next_value::<Reason>()?).is_some(),
                _ => return Err(unknown_field(&key, OUTCOME_FIELDS)),
            };
            if duplicate {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
        }
        OutcomeVisitor::build(
            result.ok_or_else(|| de::Error::missing_field("result"))?,
            winner.ok_or_else(|| de::Error::missing_field("winner"))?,
            reason.ok_or_else(|| de::Error::missing_field("reason"))?,
        )
    }
}

impl<'de> Deserialize<'de> for Outcome {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("Outcome", OUTCOME_FIELDS, OutcomeVisitor)
    }
}
