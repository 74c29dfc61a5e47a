//! Every branch dies: a full-width look at every line from a position, a
//! few plies deep, proves that `winner` never mates when each line reaches,
//! within its depth, a position where a static proof says so (or where the
//! game is over without the winner's mate). Forced play settles this way:
//! a check with one answer, a capture that must be taken back.

use super::cannot_mate;
use crate::dead::{Verdict, decide_statically};
use crate::{Color, Position};

/// The deepest look, in plies.
const DEPTH: u32 = 4;

/// The most moves a position may have to be looked through.
const BRANCHING: usize = 12;

/// `true` if every line from `pos` reaches, within [`DEPTH`] plies, a
/// position where `winner` provably cannot mate, visiting at most `nodes`
/// positions (what is left comes back in `nodes`). `false` means "not
/// proved".
pub(crate) fn every_branch_dies(pos: &Position, winner: Color, nodes: &mut u64) -> bool {
    for depth in 1..=DEPTH {
        match dies(pos, winner, depth, nodes) {
            Some(proved) => return proved,
            None if *nodes == 0 => return false,
            None => {}
        }
    }
    false
}

/// `Some(true)` if every line dies within `depth` plies, `Some(false)` if a
/// line reaches the winner's mate (no proof will ever come), `None` when
/// the depth or the nodes ran out first.
fn dies(pos: &Position, winner: Color, depth: u32, nodes: &mut u64) -> Option<bool> {
    if *nodes == 0 {
        return None;
    }
    *nodes -= 1;
    match decide_statically(pos, winner) {
        Some(Verdict::Unwinnable) => return Some(true),
        Some(_) => return Some(false),
        None => {}
    }
    if cannot_mate(pos, winner) {
        return Some(true);
    }
    if depth == 0 {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.len() > BRANCHING {
        return None; // not a forced line: a proof is unlikely, and costly
    }
    let mut open = false;
    for &m in &moves {
        let mut next = pos.clone();
        next.play_unchecked(m);
        match dies(&next, winner, depth - 1, nodes) {
            Some(true) => {}
            Some(false) => return Some(false),
            None if *nodes == 0 => return None,
            None => open = true,
        }
    }
    if open { None } else { Some(true) }
}
