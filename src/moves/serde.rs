//! serde for moves (feature `serde`).
//!
//! A bare [`Move`] has no position, and UCI alone cannot tell `e2e4` the
//! pawn's double step from `e2e4` a rook's move, nor `e5d6` en passant
//! from a plain capture. So a move is written as its UCI text when that
//! is all there is to it (normal moves and promotions: `"g1f3"`,
//! `"a7a8q"`), and otherwise as UCI plus the kind: `"e2e4 double_push"`,
//! `"e5d6 en_passant"`, and castling as king-takes-rook, the way the move
//! is stored, `"e1h1 castle"` (in Chess960 too). A normal move whose
//! squares another kind could have is written with its kind too: `"e2e4
//! normal"` (a rook's move), `"e5d6 normal"` (a plain capture), `"a1d1
//! normal"` (any move along a back rank, where a Chess960 king may take
//! its rook). Reading refuses a bare text with such squares (`"e2e4"`,
//! `"e1g1"`): without a position it cannot tell which move is meant, and
//! it never guesses. Every move round-trips exactly; reading checks the
//! geometry each kind needs (a double push from the second rank, castling
//! along the back rank, …). To read a bare UCI text in a position, use
//! [`Position::parse_uci`](crate::Position::parse_uci).

use super::{Move, MoveKind};
use crate::quote::bounded;
use crate::text::find_name;
use crate::{Role, Square};
use alloc::format;
use alloc::string::String;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

crate::text::serde_names!(MoveKind, "move kind", MoveKind::NAMES, []);

/// The other kinds a normal move from `from` to `to` could be, as far as
/// its squares tell: a double push, an en passant capture, castling (king
/// takes rook, any back-rank move in Chess960). Such a move is written with
/// its kind, and a bare text with these squares is refused.
fn ambiguous_kinds(from: Square, to: Square) -> Option<MoveKind> {
    let df = (to.file().index() as i32 - from.file().index() as i32).abs();
    let (fr, tr) = (from.rank().index(), to.rank().index());
    if df == 0 && ((fr == 1 && tr == 3) || (fr == 6 && tr == 4)) {
        Some(MoveKind::DoublePush)
    } else if df == 1 && ((fr == 4 && tr == 5) || (fr == 3 && tr == 2)) {
        Some(MoveKind::EnPassant)
    } else if fr == tr && (fr == 0 || fr == 7) {
        Some(MoveKind::Castle)
    } else {
        None
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (from, to, kind) = (self.from(), self.to(), self.kind());
        match kind {
            MoveKind::Promotion => s.collect_str(self),
            MoveKind::Normal if ambiguous_kinds(from, to).is_none() => s.collect_str(self),
            _ => s.collect_str(&format_args!("{from}{to} {}", kind.name())),
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
            "expected UCI like g1f3 or a7a8q, then optionally double_push, en_passant or castle",
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
    let kind = match kind {
        None => None,
        Some(k) => match find_name(&MoveKind::NAMES, &[], k) {
            Some(k) if k != MoveKind::Promotion && promotion.is_none() => Some(k),
            _ => {
                return Err(bad(
                    "the kind after the space must be normal, double_push, en_passant or castle, \
                     with no promotion letter",
                ));
            }
        },
    };
    let m = match (kind, promotion) {
        (None | Some(MoveKind::Normal), None) => {
            let dr = tr as i32 - fr as i32;
            let (a, b) = (df.abs(), dr.abs());
            if !(a == 0 || b == 0 || a == b || a * b == 2) {
                return Err(bad("no piece moves like that"));
            }
            if let (None, Some(other)) = (kind, ambiguous_kinds(from, to)) {
                let other = other.name();
                return Err(format!(
                    "invalid move {quoted:?}: without a position these squares could be a {other} \
                     or a normal move: write \"{uci} {other}\" or \"{uci} normal\""
                ));
            }
            Move::new(from, to)
        }
        (_, Some(role)) => {
            if df.abs() > 1 || !((fr == 6 && tr == 7) || (fr == 1 && tr == 0)) {
                return Err(bad("a promotion goes from the seventh rank to the eighth"));
            }
            Move::promotion(from, to, role)
                .ok_or_else(|| bad("a pawn promotes to a queen, rook, bishop or knight"))?
        }
        (Some(MoveKind::DoublePush), None) => {
            if df != 0 || !((fr == 1 && tr == 3) || (fr == 6 && tr == 4)) {
                return Err(bad(
                    "a double push goes two squares straight ahead from the second rank",
                ));
            }
            Move::double_push(from, to)
        }
        (Some(MoveKind::EnPassant), None) => {
            if df.abs() != 1 || !((fr == 4 && tr == 5) || (fr == 3 && tr == 2)) {
                return Err(bad(
                    "an en passant capture goes from the fifth rank to the sixth, one file aside",
                ));
            }
            Move::en_passant(from, to)
        }
        // Castling, the only kind left.
        (Some(_), None) => {
            if fr != tr || !(fr == 0 || fr == 7) {
                return Err(bad(
                    "castling is written king-takes-rook along the back rank",
                ));
            }
            Move::castle(from, to)
        }
    };
    Ok(m)
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::text::de::text(
            d,
            "a move like \"g1f3\", \"a7a8q\", \"e2e4 double_push\" or \"e1h1 castle\"",
            parse_move,
        )
    }
}
