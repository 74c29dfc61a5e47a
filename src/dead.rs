//! Dead positions (FIDE 5.2.2) and the timeout rule (6.9): can a side ever
//! checkmate, by any series of legal moves, the opponent helping?
//!
//! The answer comes in three steps, cheapest first (after M. Ambrona, "A
//! Practical Algorithm for Chess Unwinnability", FUN 2022):
//!
//! 1. sound static rules: the material rule
//!    ([`Position::has_insufficient_material`]) and a locked pawn structure
//!    that no piece of the winner can ever see through ([`frozen`]);
//! 2. a helpmate search guided by heuristics ([`helpmate`]);
//! 3. an exhaustive search of every reachable position ([`reach`]), which
//!    proves unwinnability when the reachable set is small (blocked
//!    positions, forced lines), and finds a mate when there is one in it.
//!
//! A `Winnable` answer always comes with a line that was replayed and ends
//! in checkmate; `Unwinnable` only with a proof; otherwise `Unknown`.

mod frozen;
mod helpmate;
mod reach;

use crate::{Color, Move, Position};
use alloc::vec::Vec;
use core::fmt;

/// Whether a side can still checkmate by some series of legal moves, the
/// opponent helping: the question of FIDE 5.2.2 (dead position) and 6.9
/// (flag fall). See [`Position::winnability`].
///
/// ```
/// use chess_arbiter::{Color, Position, Winnability};
/// // A locked pawn wall: neither king can ever get through.
/// let pos = Position::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1").unwrap();
/// assert_eq!(pos.winnability(Color::White), Winnability::Unwinnable);
/// assert_eq!(Winnability::Unwinnable.to_string(), "unwinnable");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Winnability {
    /// A mating line was found (see [`Position::helpmate`]).
    Winnable,
    /// Proved: no series of legal moves ends in a checkmate by this side.
    Unwinnable,
    /// The search gave up within its budget: neither was shown.
    Unknown,
}

impl Winnability {
    /// The default search budget of [`Position::winnability`], in positions
    /// visited. It bounds the time of one call (roughly 100 ns to 200 ns per
    /// position, a few tens of milliseconds at worst);
    /// [`Position::winnability_with_budget`] takes another.
    ///
    /// ```
    /// use chess_arbiter::Winnability;
    /// assert!(Winnability::DEFAULT_BUDGET >= 100_000);
    /// ```
    pub const DEFAULT_BUDGET: u64 = 300_000;
}

impl fmt::Display for Winnability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Winnability::Winnable => "winnable",
            Winnability::Unwinnable => "unwinnable",
            Winnability::Unknown => "unknown",
        })
    }
}

/// Positions left to visit.
pub(crate) struct Budget {
    left: u64,
}

impl Budget {
    fn new(nodes: u64) -> Budget {
        Budget { left: nodes }
    }

    /// Takes one position from the budget; `false` when none is left.
    #[inline]
    fn spend(&mut self) -> bool {
        if self.left == 0 {
            false
        } else {
            self.left -= 1;
            true
        }
    }

    fn is_spent(&self) -> bool {
        self.left == 0
    }

    /// A budget of at most `nodes` taken from this one: what the part does
    /// not use comes back.
    fn part<T>(&mut self, nodes: u64, f: impl FnOnce(&mut Budget) -> T) -> T {
        let mut part = Budget::new(nodes.min(self.left));
        let given = part.left;
        let result = f(&mut part);
        self.left -= given - part.left;
        result
    }
}

/// A verdict with its evidence.
pub(crate) enum Verdict {
    Winnable(Vec<Move>),
    Unwinnable,
    Unknown,
}

/// `true` if `line` is a series of legal moves from `pos` that ends in a
/// checkmate delivered by `winner`.
fn mates(pos: &Position, winner: Color, line: &[Move]) -> bool {
    let mut pos = pos.clone();
    for &m in line {
        if pos.play(m).is_err() {
            return false;
        }
    }
    pos.turn() != winner && pos.is_checkmate()
}

/// The sound rules that decide without a search, or `None`.
fn decide_statically(pos: &Position, winner: Color) -> Option<Verdict> {
    if !pos.has_legal_moves() {
        return Some(if pos.is_check() && pos.turn() != winner {
            Verdict::Winnable(Vec::new())
        } else {
            // Checkmate of the winner, or stalemate: nobody mates any more.
            Verdict::Unwinnable
        });
    }
    if pos.has_insufficient_material(winner) || frozen::cannot_mate(pos, winner) {
        return Some(Verdict::Unwinnable);
    }
    None
}

/// The full decision with a budget of `nodes` positions.
pub(crate) fn solve(pos: &Position, winner: Color, nodes: u64) -> Verdict {
    if let Some(verdict) = decide_statically(pos, winner) {
        return verdict;
    }
    let mut budget = Budget::new(nodes);
    let checked = |line: Vec<Move>| {
        if mates(pos, winner, &line) {
            Verdict::Winnable(line)
        } else {
            Verdict::Unknown
        }
    };
    // A quick, narrow helpmate search finds most lines in a few hundred nodes.
    for corner in 0..2 {
        if let Some(line) = budget.part(1_000, |b| helpmate::search(pos, winner, b, 60, 2, corner))
        {
            return checked(line);
        }
    }
    // Small reachable sets: blocked positions and forced lines.
    // A wider look for a line before the costly exhaustive search.
    for corner in 0..2 {
        if let Some(line) = budget.part(budget.left / 16, |b| {
            helpmate::search(pos, winner, b, 40, 3, corner)
        }) {
            return checked(line);
        }
    }
    // Without pawns the reachable set is small only when the pieces are
    // hemmed in: a short look, and the rest of the budget goes to lines.
    let pawnless = pos.by_role(crate::Role::Pawn).is_empty();
    let share = if pawnless {
        (budget.left / 2).min(20_000)
    } else {
        budget.left / 2
    };
    let limit = share.min(200_000) as usize;
    match budget.part(share, |b| reach::explore(pos, winner, b, limit)) {
        reach::Reach::Mate(line) => return checked(line),
        reach::Reach::Exhausted => return Verdict::Unwinnable,
        reach::Reach::GaveUp => {}
    }
    for (depth, discrepancies) in [(40, 4), (80, 200)] {
        for corner in 0..4 {
            let share = budget.left / (8 - corner as u64);
            if let Some(line) = budget.part(share, |b| {
                helpmate::search(pos, winner, b, depth, discrepancies, corner)
            }) {
                return checked(line);
            }
        }
    }
    Verdict::Unknown
}

impl Position {
    /// Whether `color` can still checkmate by some series of legal moves,
    /// with the opponent's help (FIDE 5.2.2 and 6.9), searching at most
    /// [`Winnability::DEFAULT_BUDGET`] positions. Clocks and history do not
    /// count: the verdict is about legal moves alone. A checkmate or
    /// stalemate on the board is unwinnable for both (the game is over),
    /// except that a side that has just mated has won.
    ///
    /// [`Winnability::Winnable`] always comes with a mating line
    /// ([`Position::helpmate`]), [`Winnability::Unwinnable`] with a proof;
    /// when the budget runs out first the answer is
    /// [`Winnability::Unknown`]: never a wrong verdict.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Winnability};
    /// // King and two knights against a king: a mate exists with help.
    /// let pos = Position::from_fen("8/8/4k3/8/8/3NKN2/8/8 w - - 0 1").unwrap();
    /// assert_eq!(pos.winnability(Color::White), Winnability::Winnable);
    /// assert_eq!(pos.winnability(Color::Black), Winnability::Unwinnable);
    /// ```
    pub fn winnability(&self, color: Color) -> Winnability {
        self.winnability_with_budget(color, Winnability::DEFAULT_BUDGET)
    }

    /// [`Position::winnability`] with a budget of `nodes` positions instead
    /// of the default: more decides more positions, and costs more.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Winnability};
    /// let pos = Position::new();
    /// assert_eq!(pos.winnability_with_budget(Color::Black, 1_000_000), Winnability::Winnable);
    /// assert_eq!(pos.winnability_with_budget(Color::Black, 0), Winnability::Unknown);
    /// ```
    pub fn winnability_with_budget(&self, color: Color, nodes: u64) -> Winnability {
        match solve(self, color, nodes) {
            Verdict::Winnable(_) => Winnability::Winnable,
            Verdict::Unwinnable => Winnability::Unwinnable,
            Verdict::Unknown => Winnability::Unknown,
        }
    }

    /// A series of legal moves from here that ends in a checkmate delivered
    /// by `color` (the opponent helping): the evidence behind
    /// [`Winnability::Winnable`]. Empty if `color` has already mated; `None`
    /// when no line was found within [`Winnability::DEFAULT_BUDGET`]
    /// positions (the position may be unwinnable, or the search gave up).
    /// The line is one line, not necessarily the shortest.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position};
    /// let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    /// let line = pos.helpmate(Color::White).unwrap();
    /// let mut after = pos.clone();
    /// for m in line {
    ///     after.play(m).unwrap();
    /// }
    /// assert!(after.is_checkmate());
    /// assert_eq!(pos.helpmate(Color::Black), None);
    /// ```
    pub fn helpmate(&self, color: Color) -> Option<Vec<Move>> {
        self.helpmate_with_budget(color, Winnability::DEFAULT_BUDGET)
    }

    /// [`Position::helpmate`] with a budget of `nodes` positions.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position};
    /// let pos = Position::new();
    /// assert!(pos.helpmate_with_budget(Color::White, 100_000).is_some());
    /// ```
    pub fn helpmate_with_budget(&self, color: Color, nodes: u64) -> Option<Vec<Move>> {
        match solve(self, color, nodes) {
            Verdict::Winnable(line) => Some(line),
            Verdict::Unwinnable | Verdict::Unknown => None,
        }
    }

    /// `true` if neither side can checkmate by any series of legal moves:
    /// a dead position, which ends the game as a draw (FIDE 5.2.2). Both
    /// colours are [`Winnability::Unwinnable`] (with the default budget;
    /// an undecided position is not called dead). Includes insufficient
    /// material and stalemate. [`Position::outcome`] asks the same question
    /// more cheaply, on the positions that look blocked.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// // The pawns are locked and the bishop runs on the wrong colour.
    /// let pos = Position::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    /// assert!(pos.is_dead());
    /// assert!(!Position::new().is_dead());
    /// ```
    pub fn is_dead(&self) -> bool {
        self.winnability(Color::White) == Winnability::Unwinnable
            && self.winnability(Color::Black) == Winnability::Unwinnable
    }
}

/// `true` if the position may be dead beyond the material rule and is worth
/// a proof, by a cheap look that keeps [`Position::outcome`] cheap on the
/// positions of real games:
///
/// - locked pawns: every pawn is, or will be after its pushes, stuck
///   behind a pawn, no pawn can ever meet an enemy pawn to capture on its
///   way, and each side either has no queen, rook or knight or is already
///   proved unable to mate by the static rules; or
/// - a forced line: the side to move has at most two moves, none mates, and
///   each leads to a position that looks dead in turn (a few plies deep).
///
/// `legal_moves` is the number of moves of the side to move.
fn looks_blocked(pos: &Position, legal_moves: u64, plies: u32) -> bool {
    if pawns_look_locked(pos) {
        return true;
    }
    if legal_moves > 2 || plies == 0 {
        return false;
    }
    for m in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(m);
        let replies = child.count_legal_moves();
        if replies == 0 {
            if child.is_check() {
                return false; // a mate on the board: not dead
            }
            continue;
        }
        if !child.is_insufficient_material() && !looks_blocked(&child, replies, plies - 1) {
            return false;
        }
    }
    true
}

/// The locked-pawns half of [`looks_blocked`].
fn pawns_look_locked(pos: &Position) -> bool {
    use crate::Role;
    let pawns = pos.by_role(Role::Pawn);
    if pawns.is_empty() {
        return false;
    }
    for color in Color::ALL {
        // Every square the pawns of `color` can push to before a pawn stops
        // them (a fill along the files, blocked by pawns): none may attack
        // an enemy pawn, none may be on the last rank.
        let step = if color == Color::White { 8 } else { -8 };
        let last_rank = crate::Bitboard::from_rank(crate::Rank::Eighth.relative_to(color));
        let mut path = pos.pieces(color, Role::Pawn);
        for _ in 0..6 {
            path |= path.shift(step) & !pawns;
        }
        if (path & last_rank).any()
            || (frozen::pawn_attacks(path, color) & pos.pieces(!color, Role::Pawn)).any()
        {
            return false;
        }
    }
    let strong = pos.by_role(Role::Queen) | pos.by_role(Role::Rook) | pos.by_role(Role::Knight);
    Color::ALL
        .into_iter()
        .all(|color| (pos.by_color(color) & strong).is_empty() || frozen::cannot_mate(pos, color))
}

/// The budget of the dead-position test in [`Position::outcome`], per
/// colour: small, so that the outcome of every ply stays cheap.
pub(crate) const OUTCOME_BUDGET: u64 = 100_000;

/// `true` if `winner` is proved unwinnable within `nodes` positions: the
/// static rules, a short helpmate search (a line found ends it), then the
/// exhaustive search of a small reachable set.
fn unwinnable_within(pos: &Position, winner: Color, nodes: u64) -> bool {
    match decide_statically(pos, winner) {
        Some(Verdict::Unwinnable) => return true,
        Some(_) => return false,
        None => {}
    }
    let mut budget = Budget::new(nodes);
    for corner in 0..2 {
        if budget
            .part(1_000, |b| helpmate::search(pos, winner, b, 60, 2, corner))
            .is_some()
        {
            return false;
        }
    }
    let limit = budget.left as usize;
    matches!(
        reach::explore(pos, winner, &mut budget, limit),
        reach::Reach::Exhausted
    )
}

/// The dead-position test of [`Position::outcome`]: both colours proved
/// unwinnable within [`OUTCOME_BUDGET`] positions each (a tenth of it when
/// the static rules prove neither), on the positions [`looks_blocked`]
/// lets through.
pub(crate) fn is_dead_for_outcome(pos: &Position, legal_moves: u64) -> bool {
    if !looks_blocked(pos, legal_moves, 3) {
        return false;
    }
    // Half proved already: worth the full outcome budget for the other
    // colour. Otherwise a tenth of it (an open-looking position where
    // kings can still take pawns).
    let budget = if frozen::cannot_mate(pos, Color::White) || frozen::cannot_mate(pos, Color::Black)
    {
        OUTCOME_BUDGET
    } else {
        OUTCOME_BUDGET / 10
    };
    unwinnable_within(pos, Color::White, budget) && unwinnable_within(pos, Color::Black, budget)
}
