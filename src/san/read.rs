//! Reading SAN text: what it describes, then which legal move that is.

use super::Position;
use crate::castling::CastlingSide;
use crate::moves::Move;
use crate::{Bitboard, File, Rank, Role, Square, attacks};

const EXPECTED: &str = "expected a piece letter (none for a pawn), an optional from file and/or \
                        rank, an optional x, a target square and an optional promotion, \
                        like Nf3, exd5, Rae1 or e8=Q, or O-O / O-O-O";
const NULL_MOVE: &str = "null moves are not supported";
const NOT_ASCII: &str = "contains a character that is not ASCII";
const EMPTY: &str = "empty";
const ILLEGAL_MARK: &str = "a move in parentheses is how san() writes an illegal move";
const FILE_CASE: &str = "files are lower case (a to h), piece letters upper case (N, B, R, Q, K)";
const PIECE_CASE: &str = "piece letters are upper case (N, B, R, Q, K); b is the b-file";
const PROMOTION: &str = "= must be followed by N, B, R or Q";

/// Move annotations a player may append (`!?` before `!`, so the longest wins).
const ANNOTATIONS: [&[u8]; 6] = [b"!!", b"??", b"!?", b"?!", b"!", b"?"];

/// What the text describes, before the position is consulted.
#[derive(Copy, Clone, Debug)]
pub(super) enum Described {
    Castle(CastlingSide),
    Move {
        /// `None` for a pawn, or for long algebraic without a piece letter.
        role: Option<Role>,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        /// Any letter after the target square, `K` included (never legal).
        promotion: Option<Role>,
    },
}

/// Why a well-formed text matched no single legal move.
pub(super) enum Mismatch {
    Illegal,
    Ambiguous,
}

/// Reads the text alone: strips an annotation, a check or mate suffix and
/// an `e.p.` mark, then reads castling or `[piece][file][rank][-x]square[[=]promotion]`.
/// Returns what it describes and whether `e.p.` was written.
pub(super) fn read(input: &[u8]) -> Result<(Described, bool), &'static str> {
    if input.is_empty() {
        return Err(EMPTY);
    }
    if !input.is_ascii() {
        return Err(NOT_ASCII);
    }
    if input.starts_with(b"(") {
        return Err(ILLEGAL_MARK);
    }
    let mut s = input;
    if let Some(rest) = ANNOTATIONS.iter().find_map(|a| s.strip_suffix(*a)) {
        s = rest;
    }
    // The check suffix may come before or after `e.p.`.
    let suffix = strip_check_suffix(&mut s);
    let mut en_passant = false;
    if let Some(rest) = s.strip_suffix(b"e.p.") {
        en_passant = true;
        s = rest.strip_suffix(b" ").unwrap_or(rest);
        if !suffix {
            strip_check_suffix(&mut s);
        }
    }
    let described = match s {
        b"O-O" | b"0-0" => Described::Castle(CastlingSide::KingSide),
        b"O-O-O" | b"0-0-0" => Described::Castle(CastlingSide::QueenSide),
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Err(NULL_MOVE),
        _ => read_move(s).map_err(|reason| {
            if reason != EXPECTED {
                reason
            } else if s.iter().any(|&b| matches!(b, b'A' | b'C'..=b'H')) {
                FILE_CASE
            } else if matches!(s.first(), Some(b'n' | b'r' | b'q' | b'k')) {
                PIECE_CASE
            } else {
                reason
            }
        })?,
    };
    Ok((described, en_passant))
}

/// The common shapes of SAN read straight from the bytes: an optional
/// piece letter, from file and rank, `x` or `-`, the target square, `=` and
/// an upper-case promotion letter, castling as `O-O` or `O-O-O`, and one
/// optional `+` or `#`. `None` for anything else (annotations, `e.p.`,
/// `0-0`, `e8Q`, errors), which [`read`] then reads; whatever this accepts,
/// [`read`] reads the same way.
#[inline(always)]
pub(super) fn read_common(input: &[u8]) -> Option<Described> {
    let s = match input.split_last() {
        Some((b'+' | b'#', rest)) => rest,
        _ => input,
    };
    let (s, promotion) = match s {
        [rest @ .., b'=', c @ (b'N' | b'B' | b'R' | b'Q')] => {
            (rest, PIECE_LETTERS[usize::from(*c)])
        }
        b"O-O" => return Some(Described::Castle(CastlingSide::KingSide)),
        b"O-O-O" => return Some(Described::Castle(CastlingSide::QueenSide)),
        _ => (s, None),
    };
    let [prefix @ .., file, rank] = s else {
        return None;
    };
    let to = Square::from_ascii(*file, *rank)?;
    // Table lookups, not a `match` on the letter: its jump table's
    // target changes with every other move, and the CPU mispredicts it.
    let (role, mut prefix) = match prefix.split_first() {
        Some((&c, rest)) if PIECE_LETTERS[usize::from(c)].is_some() => {
            (PIECE_LETTERS[usize::from(c)], rest)
        }
        _ => (None, prefix),
    };
    let mut from_file = None;
    let mut from_rank = None;
    if let Some((&c @ b'a'..=b'h', rest)) = prefix.split_first() {
        from_file = Some(File::ALL[usize::from(c - b'a') & 7]);
        prefix = rest;
    }
    if let Some((&c @ b'1'..=b'8', rest)) = prefix.split_first() {
        from_rank = Some(Rank::ALL[usize::from(c - b'1') & 7]);
        prefix = rest;
    }
    match prefix {
        [] | [b'-' | b'x'] => Some(Described::Move {
            role,
            file: from_file,
            rank: from_rank,
            to,
            promotion,
        }),
        _ => None,
    }
}

/// The upper-case piece letters `N B R Q K` and their roles.
static PIECE_LETTERS: [Option<Role>; 256] = {
    let mut table = [None; 256];
    table[b'N' as usize] = Some(Role::Knight);
    table[b'B' as usize] = Some(Role::Bishop);
    table[b'R' as usize] = Some(Role::Rook);
    table[b'Q' as usize] = Some(Role::Queen);
    table[b'K' as usize] = Some(Role::King);
    table
};

/// Strips one trailing `+` or `#`; `true` if there was one.
fn strip_check_suffix(s: &mut &[u8]) -> bool {
    match s.split_last() {
        Some((b'+' | b'#', rest)) => {
            *s = rest;
            true
        }
        _ => false,
    }
}

/// Reads `[NBRQK][a-h][1-8][-x]<square>[[=]<promotion>]`.
fn read_move(s: &[u8]) -> Result<Described, &'static str> {
    let (role, s) = match s.split_first() {
        Some((&c @ (b'N' | b'B' | b'R' | b'Q' | b'K'), rest)) => (Role::from_char(c as char), rest),
        _ => (None, s),
    };
    let (promotion, s) = match s.split_last() {
        Some((
            &c @ (b'N' | b'B' | b'R' | b'Q' | b'K' | b'n' | b'b' | b'r' | b'q' | b'k'),
            rest,
        )) => (
            Role::from_char(c as char),
            rest.strip_suffix(b"=").unwrap_or(rest),
        ),
        Some((b'=', _)) => return Err(PROMOTION),
        _ => (None, s),
    };
    let [prefix @ .., file, rank] = s else {
        return Err(EXPECTED);
    };
    let to = Square::from_ascii(*file, *rank).ok_or(EXPECTED)?;
    let mut prefix = prefix;
    let mut from_file = None;
    let mut from_rank = None;
    if let Some((&c @ b'a'..=b'h', rest)) = prefix.split_first() {
        from_file = File::new(u32::from(c - b'a'));
        prefix = rest;
    }
    if let Some((&c @ b'1'..=b'8', rest)) = prefix.split_first() {
        from_rank = Rank::new(u32::from(c - b'1'));
        prefix = rest;
    }
    if let Some((b'-' | b'x', rest)) = prefix.split_first() {
        prefix = rest;
    }
    if !prefix.is_empty() {
        return Err(EXPECTED);
    }
    Ok(Described::Move {
        role,
        file: from_file,
        rank: from_rank,
        to,
        promotion,
    })
}

impl Position {
    /// The move of the commonest shapes, read from the bytes as they are
    /// searched: a pawn's push (`e4`) and a piece's move without a from
    /// square (`Nf3`, `Nxf3`, `N-f3`), each with one optional `+` or `#`.
    /// `Some` of what [`read_common`] and [`Position::find`] make of the
    /// text (`Some(None)`: no legal move); `None` for any other shape.
    #[inline(always)]
    pub(super) fn find_plain(&self, input: &[u8]) -> Option<Option<Move>> {
        self.find_plain_with_role(input)
            .map(|found| found.map(|(m, _)| m))
    }

    /// [`Position::find_plain`] with the role of the piece that moves,
    /// which the search knows: a pawn for a push or a capture from the next
    /// file, else the piece letter's.
    #[inline(always)]
    pub(super) fn find_plain_with_role(&self, input: &[u8]) -> Option<Option<(Move, Role)>> {
        let s = match input.split_last() {
            Some((b'+' | b'#', rest)) => rest,
            _ => input,
        };
        match *s {
            [file, rank] => Some(
                self.pawn_push(Square::from_ascii(file, rank)?)
                    .map(|m| (m, Role::Pawn)),
            ),
            [letter, file, rank] | [letter, b'x' | b'-', file, rank] => {
                let Some(role) = PIECE_LETTERS[usize::from(letter)] else {
                    return self
                        .pawn_capture(letter, input)
                        .map(|found| found.map(|m| (m, Role::Pawn)));
                };
                Some(
                    self.piece_move(role, Square::from_ascii(file, rank)?)
                        .map(|m| (m, role)),
                )
            }
            _ => None,
        }
    }

    /// [`Position::find_plain`] of a pawn's capture from the next file
    /// (`exd5`, `exd6` en passant, `bxc3+`; not a promotion), its first
    /// byte `from`: as [`Position::find`] finds it, the one pawn on that
    /// file that attacks the target square. `None` for any other text.
    #[inline(always)]
    fn pawn_capture(&self, from: u8, input: &[u8]) -> Option<Option<Move>> {
        let [_, b'x', file, rank, ..] = *input else {
            return None;
        };
        let to = Square::from_ascii(file, rank)?;
        if !(b'a'..=b'h').contains(&from) || from.abs_diff(file) != 1 {
            return None;
        }
        let us = self.turn;
        let from_file = Bitboard::from_file(File::ALL[usize::from(from - b'a') & 7]);
        let reach = self.pieces(us, Role::Pawn) & attacks::pawn(!us, to) & from_file;
        let Some(from) = reach.single_square() else {
            return Some(None);
        };
        if to.rank() != Rank::Eighth.relative_to(us) && self.by_color(!us).contains(to) {
            return Some(self.keeps_king_safe(from, to).then(|| Move::new(from, to)));
        }
        Some(self.legal_pawn_move(from, to, None))
    }

    /// The legal move of a piece (not a pawn) of `role` to `to`, from the
    /// one square of its kind that reaches it: as [`Position::find`] finds
    /// it with no from file or rank and no promotion.
    #[inline(always)]
    fn piece_move(&self, role: Role, to: Square) -> Option<Move> {
        let us = self.turn;
        if self.by_color(us).contains(to) {
            return None;
        }
        let from_mask = self.pieces(us, role) & rays(role, to);
        let guarded = if role == Role::King {
            to
        } else {
            self.king(us)
        };
        let leaper = matches!(role, Role::Knight | Role::King);
        self.reach_move(from_mask, to, PieceStep { guarded, leaper })
            .ok()
    }

    /// The legal move the text describes. Inlined into its one caller,
    /// [`Position::parse_san`]'s reader: a call of its own cost the move
    /// path about 5 % of its time (a second frame, the description passed
    /// through registers and spilled).
    #[inline(always)]
    pub(super) fn find(&self, described: Described) -> Result<Move, Mismatch> {
        let (role, file, rank, to, promotion) = match described {
            Described::Castle(side) => return self.castle(side).ok_or(Mismatch::Illegal),
            Described::Move {
                role,
                file,
                rank,
                to,
                promotion,
            } => (role, file, rank, to, promotion),
        };
        if let (None, Some(file), Some(rank)) = (role, file, rank) {
            // Long algebraic or UCI without a piece letter: any piece.
            return self.long_move(Square::from_coords(file, rank), to, promotion);
        }
        let us = self.turn;
        let role = role.unwrap_or(Role::Pawn);
        if role == Role::Pawn && file.is_none() && rank.is_none() && promotion.is_none() {
            // The most common pawn move, `e4`: a push, found directly.
            return self.pawn_push(to).ok_or(Mismatch::Illegal);
        }
        let reach = if role == Role::Pawn {
            let forward = us.fold(8, -8);
            let target = Bitboard::from_square(to);
            attacks::pawn(!us, to) | target.shift(-forward) | target.shift(-2 * forward)
        } else if promotion.is_some() || self.by_color(us).contains(to) {
            return Err(Mismatch::Illegal);
        } else {
            rays(role, to)
        };
        let mut from_mask = self.pieces(us, role) & reach;
        // Without a from file a pawn moves straight (python-chess: `xd6` is d5-d6).
        match (file, role) {
            (Some(file), _) => from_mask &= Bitboard::from_file(file),
            (None, Role::Pawn) => from_mask &= Bitboard::from_file(to.file()),
            (None, _) => {}
        }
        if let Some(rank) = rank {
            from_mask &= Bitboard::from_rank(rank);
        }
        // The square that must be safe after the move: the king's own
        // (its destination when it moves), chosen without a branch.
        let king = self.king(us);
        let guarded = if role == Role::King { to } else { king };
        let step = AnyStep {
            role,
            guarded,
            promotion,
        };
        self.reach_move(from_mask, to, step)
    }

    /// The one legal move to `to` of the pieces in `from_mask`, all of one
    /// role and each on a square from which that role reaches `to` on an
    /// empty board: a piece reaches it when nothing stands between, and
    /// `step` then gives its move if it is legal. `Ambiguous` if two are.
    /// The piece path of both [`Position::find`] and
    /// [`Position::find_plain`]. (`step` is a value of a type, not a
    /// closure: its method is always inlined, where a closure called from
    /// two places was called, +0.7 % instructions on the SAN move path.)
    #[inline(always)]
    fn reach_move(
        &self,
        from_mask: Bitboard,
        to: Square,
        step: impl Step,
    ) -> Result<Move, Mismatch> {
        let occupied = self.occupied();
        // One piece that may make the move (most moves): no loop, and no
        // second legal move to look for.
        if let Some(from) = from_mask.single_square() {
            // (A knight's or a king's: nothing between, and no table read.)
            if !step.leaper() && (attacks::between(from, to) & occupied).any() {
                return Err(Mismatch::Illegal);
            }
            return step.legal(self, from, to).ok_or(Mismatch::Illegal);
        }
        let mut found = None;
        for from in from_mask {
            // A line piece on a ray through `to` reaches it when nothing
            // stands between: one small table, where a magic lookup from
            // `to` reads a large one that the cache seldom holds. (For a
            // knight, a king or a pawn's capture nothing is between, and a
            // pawn's double step over a piece is not legal: no test of the
            // role, whose branch the CPU mispredicts.)
            if (attacks::between(from, to) & occupied).any() {
                continue;
            }
            if let Some(m) = step.legal(self, from, to) {
                if found.is_some() {
                    return Err(Mismatch::Ambiguous);
                }
                found = Some(m);
            }
        }
        found.ok_or(Mismatch::Illegal)
    }

    /// A move given by its from and to squares, as UCI gives it: castling
    /// as king-takes-rook, or in standard chess also as the king's two-step.
    #[inline(never)]
    fn long_move(
        &self,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Result<Move, Mismatch> {
        if from == self.king(self.turn) && promotion.is_none() {
            let chess960 = self.mode.is_chess960();
            let castle = self
                .castles()
                .iter()
                .copied()
                .find(|m| m.to() == to || (!chess960 && m.king_destination() == to));
            if let Some(m) = castle {
                return Ok(m);
            }
        }
        self.legal_move(from, to, promotion)
            .ok_or(Mismatch::Illegal)
    }
}

/// How [`Position::reach_move`] judges the move of a piece that reaches
/// its target: whether it is legal, and as which move.
trait Step {
    /// The move from `from` to `to`, if legal; `from` holds a piece of the
    /// side to move that reaches `to`.
    fn legal(&self, pos: &Position, from: Square, to: Square) -> Option<Move>;

    /// `true` if the piece is known to be a knight or a king, which reach
    /// their target with nothing between.
    fn leaper(&self) -> bool {
        false
    }
}

/// A piece's move (not a pawn's), legal when `guarded` is safe after it:
/// the own king's square, or its destination when the king moves.
struct PieceStep {
    guarded: Square,
    leaper: bool,
}

impl Step for PieceStep {
    #[inline(always)]
    fn leaper(&self) -> bool {
        self.leaper
    }

    #[inline(always)]
    fn legal(&self, pos: &Position, from: Square, to: Square) -> Option<Move> {
        pos.safe_after(from, to, self.guarded)
            .then(|| Move::new(from, to))
    }
}

/// A move of any role, a pawn's promotion included, as
/// [`Position::find`] reads it.
struct AnyStep {
    role: Role,
    guarded: Square,
    promotion: Option<Role>,
}

impl Step for AnyStep {
    #[inline(always)]
    fn legal(&self, pos: &Position, from: Square, to: Square) -> Option<Move> {
        if self.role != Role::Pawn {
            return PieceStep {
                guarded: self.guarded,
                leaper: false,
            }
            .legal(pos, from, to);
        }
        // A pawn's plain capture (from another file, so by a pawn's
        // attack: the reach says so) tested here, as `legal_pawn_move`
        // tests it.
        let us = pos.turn;
        let capture = from.file() != to.file()
            && self.promotion.is_none()
            && to.rank() != Rank::Eighth.relative_to(us)
            && pos.by_color(!us).contains(to);
        if capture {
            pos.keeps_king_safe(from, to).then(|| Move::new(from, to))
        } else {
            pos.legal_pawn_move(from, to, self.promotion)
        }
    }
}

/// The squares from which a piece of `role` (not a pawn) may reach `to`:
/// its attacks from `to`, the line pieces' on an empty board (a blocker is
/// tested per piece found): [`attacks::empty_reach`], one table read.
#[inline(always)]
fn rays(role: Role, to: Square) -> Bitboard {
    attacks::empty_reach(role, to)
}

#[cfg(test)]
mod tests {
    use super::{read, read_common};
    use alloc::format;
    use alloc::vec::Vec;

    /// `read_common` is only a shortcut: whatever it accepts, `read` reads
    /// the same way, with no `e.p.` mark.
    fn agrees(text: &[u8]) {
        if let Some(common) = read_common(text) {
            let Ok((described, en_passant)) = read(text) else {
                panic!("read refuses {text:?}, read_common takes it");
            };
            assert!(!en_passant);
            assert_eq!(format!("{common:?}"), format!("{described:?}"), "{text:?}");
        }
    }

    /// The shortcut for pawn pushes and plain piece moves finds what
    /// `read_common` and `find` find, in positions of random games (checks,
    /// pins, two pieces that reach one square, kings beside kings), for
    /// every text of those shapes with and without a suffix.
    #[test]
    fn plain_moves_are_found_as_the_common_reader_finds_them() {
        use crate::Position;
        let mut texts: Vec<Vec<u8>> = Vec::new();
        for file in b'a'..=b'h' {
            for rank in b'1'..=b'8' {
                texts.push(alloc::vec![file, rank]);
                for letter in *b"NBRQKPpnOxabcdefgh" {
                    texts.push(alloc::vec![letter, file, rank]);
                    texts.push(alloc::vec![letter, b'x', file, rank]);
                    texts.push(alloc::vec![letter, b'-', file, rank]);
                    texts.push(alloc::vec![letter, b'=', file, rank]);
                }
            }
        }
        for text in [
            &b"O-O"[..],
            b"O-O-O",
            b"e9",
            b"i4",
            b"--",
            b"Z0",
            b"",
            b"N",
            b"Nf",
        ] {
            texts.push(text.to_vec());
        }
        let mut all = Vec::new();
        for text in &texts {
            for suffix in [&b""[..], b"+", b"#", b"++", b"!"] {
                let mut t = text.clone();
                t.extend_from_slice(suffix);
                all.push(t);
            }
        }
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let (mut positions, mut found) = (0, 0);
        // En passant legal, or not (the two pawns leave a rank open to the
        // king), pawns pinned, captures onto the last rank; then random games.
        let fens = [
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
            "8/8/8/K2pP2r/8/8/8/6k1 w - d6 0 2",
            "4k3/8/8/2b5/3P4/4p3/5K2/8 w - - 0 1",
            "r3k3/1P6/8/8/8/8/6p1/4K2N b - - 0 1",
            "1r2k3/P1P5/8/8/8/8/8/4K3 w - - 0 1",
        ];
        for game in 0..29 {
            let mut pos = match fens.get(game) {
                Some(fen) => Position::from_fen(fen).unwrap(),
                None => Position::new(),
            };
            for _ in 0..120 {
                positions += 1;
                for text in &all {
                    let want = read_common(text).map(|d| pos.find(d).ok());
                    if let Some(got) = pos.find_plain(text) {
                        assert_eq!(Some(got), want, "{} {text:?}", pos.fen());
                        found += usize::from(got.is_some());
                    }
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.play_unchecked(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        assert!(positions > 1000 && found > 10_000, "{positions} {found}");
    }

    /// A pawn's plain capture is legal only if its king is safe after it:
    /// pinned on a file, or leaving a check by another piece, it is not.
    #[test]
    fn a_pawn_capture_keeps_its_king_safe() {
        use crate::Position;
        let pinned = Position::from_fen("4r1k1/8/8/8/8/3b4/4P3/4K3 w - - 0 1").unwrap();
        assert!(pinned.parse_san("exd3").is_err());
        let on_the_pin = Position::from_fen("6k1/8/8/8/8/2q5/3P4/4K3 w - - 0 1").unwrap();
        assert!(on_the_pin.parse_san("dxc3").is_ok());
        let checked = Position::from_fen("6k1/8/8/8/8/2rn4/1P2P3/4K3 w - - 0 1").unwrap();
        assert!(checked.parse_san("exd3").is_ok());
        assert!(checked.parse_san("bxc3").is_err());
        // Black's capture, and one onto the last rank (a promotion: needs `=`).
        let black = Position::from_fen("4k3/8/8/8/8/8/1p6/R3K3 b - - 0 1").unwrap();
        assert!(black.parse_san("bxa1").is_err());
        assert!(black.parse_san("bxa1=Q+").is_ok());
        let black = Position::from_fen("4k3/8/8/8/5p2/4N3/8/4K3 b - - 0 1").unwrap();
        assert!(black.parse_san("fxe3").is_ok());
    }

    /// A line piece does not pass a piece between it and its target (the
    /// one that could make the move, or one of two); a knight does.
    #[test]
    fn a_line_piece_is_blocked_and_a_knight_jumps() {
        use crate::{Position, Square};
        let start = Position::new();
        for text in ["Ra3", "Qd3", "Be3", "Ba3", "Qxd7", "Kf2"] {
            assert!(start.parse_san(text).is_err(), "{text}");
        }
        for text in ["Nc3", "Nf3", "Na3"] {
            assert!(start.parse_san(text).is_ok(), "{text}");
        }
        let two = Position::from_fen("4k3/8/8/8/8/8/8/R1N1K2R w - - 0 1").unwrap();
        assert!(two.parse_san("Rd1").is_err());
        assert!(two.parse_san("Rb1").is_ok());
        let rooks = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1").unwrap();
        let m = rooks.parse_san("Rd1").unwrap();
        assert_eq!((m.from(), m.to()), (Square::A1, Square::D1));
        let m = rooks.parse_san("Rf1").unwrap();
        assert_eq!((m.from(), m.to()), (Square::H1, Square::F1));
    }

    /// The table of reaches is the attacks on an empty board.
    #[test]
    fn a_reach_is_the_attacks_on_an_empty_board() {
        use crate::{Bitboard, Role, Square, attacks};
        for to in Square::ALL {
            let empty = Bitboard(0);
            assert_eq!(super::rays(Role::Knight, to), attacks::knight(to));
            assert_eq!(super::rays(Role::King, to), attacks::king(to));
            assert_eq!(super::rays(Role::Bishop, to), attacks::bishop(to, empty));
            assert_eq!(super::rays(Role::Rook, to), attacks::rook(to, empty));
            assert_eq!(super::rays(Role::Queen, to), attacks::queen(to, empty));
            assert_eq!(super::rays(Role::Pawn, to), empty);
        }
    }

    #[test]
    fn the_common_shapes_read_as_the_full_reader_reads_them() {
        let alphabet = b"NBRQKnbqkaeh1278x-=+#O0!?. (";
        // Every text of up to four of these bytes.
        let mut texts: Vec<Vec<u8>> = alphabet.iter().map(|&c| alloc::vec![c]).collect();
        let mut all = texts.clone();
        for _ in 1..4 {
            texts = texts
                .iter()
                .flat_map(|t| {
                    alphabet.iter().map(move |&c| {
                        let mut t = t.clone();
                        t.push(c);
                        t
                    })
                })
                .collect();
            all.extend(texts.iter().cloned());
        }
        for text in &all {
            agrees(text);
        }
        // Longer ones, drawn by a fixed generator, biased to real shapes.
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..300_000 {
            let mut text = Vec::new();
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            let len = 5 + (state >> 60) as usize % 4;
            for _ in 0..len {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                text.push(alphabet[(state >> 33) as usize % alphabet.len()]);
            }
            agrees(&text);
        }
        for text in [
            &b"e4"[..],
            b"Nf3",
            b"exd5",
            b"O-O",
            b"O-O-O+",
            b"Qxf7#",
            b"e8=Q",
            b"exd8=N+",
            b"Nbd2",
            b"R1e2",
            b"Ng1f3",
            b"Ng1-f3",
            b"e2e4",
            b"Kxe2",
            b"a1",
            b"h8=R#",
        ] {
            assert!(read_common(text).is_some(), "{text:?}");
            agrees(text);
        }
    }
}
