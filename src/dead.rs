//! Dead positions (FIDE 5.2.2) and the timeout rule (6.9): can a side ever
//! checkmate, by any series of legal moves, the opponent helping?
//!
//! The answer comes in three steps, cheapest first (after M. Ambrona, "A
//! Practical Algorithm for Chess Unwinnability", FUN 2022):
//!
//! 0. small endings known, not searched ([`small`]): every pawnless
//!    position of up to four men, every four-man position with one pawn,
//!    and king and one or two pawns against king, by a rule and its
//!    exceptions that a generator test proves over every placement (the
//!    line of a winnable one built by descent to a mate), the endings of
//!    up to seven men that a few captures lead into one of them
//!    ([`ahead`]), and those where a side with fewer men (mostly a bare
//!    king) is handed pieces, or has its men taken, into one of them
//!    (`small::hands_over`);
//! 1. sound static rules: the material rule
//!    ([`Position::has_insufficient_material`]), a locked pawn structure
//!    that no piece of the winner can ever see through ([`frozen`]), a
//!    barrier of pawns that nothing can ever touch ([`barrier`]), and a
//!    king boxed in by its own men against a lone piece ([`boxed`]);
//! 2. a helpmate search guided by heuristics ([`helpmate`]), for small
//!    endings a mate built first and then walked to ([`pattern`]), and for
//!    rich positions, before any search, a short mate of a king boxed in by
//!    its own men, planned and played ([`rich`]);
//! 3. where every unit can ever go, here and along forced lines a few plies
//!    on ([`mobility`]), a plan of stages for a winner that can only push
//!    blocked pawns ([`chain`]), then an exhaustive search of every reachable
//!    position ([`reach`]), which proves unwinnability when the reachable
//!    set is small (blocked positions, forced lines), and finds a mate when
//!    there is one in it.
//!
//! [`Position::is_dead`] (and so `outcome()`) runs these steps for both
//! colours, cheapest first across them; a [`Game`](crate::Game) keeps each
//! position's answer and pays no proof twice: a move that can be taken back
//! passes the verdict on (alive or undecided: the two positions reach each
//! other), and every position after a dead one is dead.
//!
//! A `Winnable` answer always comes with a line that was replayed and ends
//! in checkmate; `Unwinnable` only with a proof; otherwise `Unknown`.

mod ahead;
mod barrier;
mod boxed;
mod chain;
mod frozen;
mod helpmate;
mod mobility;
mod pattern;
mod reach;
mod rich;
mod small;

use crate::{Color, Move, Position};
use alloc::vec::Vec;
use core::fmt;
use helpmate::Order::Thorough;

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
    /// visited. It bounds the time of one call (roughly 0.2 µs to 1 µs per
    /// position: up to a few hundred milliseconds when every search gives
    /// up, though most positions are decided in microseconds);
    /// [`WinnabilityOptions::nodes`] sets another.
    ///
    /// ```
    /// use chess_arbiter::Winnability;
    /// assert!(Winnability::DEFAULT_BUDGET >= 100_000);
    /// ```
    pub const DEFAULT_BUDGET: u64 = 300_000;
}

/// How a winnability question is searched: the one options value of
/// [`Position::winnability_with`] and [`Position::helpmate_with`].
/// [`WinnabilityOptions::new`] (also `Default`) is what
/// [`Position::winnability`] and [`Position::helpmate`] use.
///
/// ```
/// use chess_arbiter::{Color, Position, Winnability, WinnabilityOptions};
/// // A locked wall with one bishop each: dead, but proving it for Black
/// // takes more than the default budget of positions.
/// let pos = Position::from_fen("8/1k6/8/1p1p1p1p/1P1P1P1P/8/6K1/3bB3 w - - 0 1").unwrap();
/// let deep = WinnabilityOptions::new().nodes(3_000_000);
/// assert_eq!(pos.winnability_with(Color::Black, deep), Winnability::Unwinnable);
/// assert_eq!(WinnabilityOptions::new().budget(), Winnability::DEFAULT_BUDGET);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct WinnabilityOptions {
    nodes: u64,
}

impl WinnabilityOptions {
    /// The defaults: a budget of [`Winnability::DEFAULT_BUDGET`] positions.
    ///
    /// ```
    /// use chess_arbiter::WinnabilityOptions;
    /// assert_eq!(WinnabilityOptions::new(), WinnabilityOptions::default());
    /// ```
    #[must_use]
    pub const fn new() -> WinnabilityOptions {
        WinnabilityOptions {
            nodes: Winnability::DEFAULT_BUDGET,
        }
    }

    /// A budget of `nodes` positions visited: more decides more positions
    /// and costs more; 0 decides only what needs no search.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Winnability, WinnabilityOptions};
    /// let pos = Position::new();
    /// let none = WinnabilityOptions::new().nodes(0);
    /// assert_eq!(pos.winnability_with(Color::Black, none), Winnability::Unknown);
    /// ```
    #[must_use]
    pub const fn nodes(self, nodes: u64) -> WinnabilityOptions {
        WinnabilityOptions { nodes }
    }

    /// The budget in positions visited.
    ///
    /// ```
    /// use chess_arbiter::WinnabilityOptions;
    /// assert_eq!(WinnabilityOptions::new().nodes(42).budget(), 42);
    /// ```
    #[must_use]
    pub const fn budget(self) -> u64 {
        self.nodes
    }
}

impl Default for WinnabilityOptions {
    fn default() -> WinnabilityOptions {
        WinnabilityOptions::new()
    }
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
#[derive(Copy, Clone)]
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

    /// Takes `nodes` positions at once (a walk played on a board).
    fn charge(&mut self, nodes: u64) {
        self.left = self.left.saturating_sub(nodes);
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
    /// Winnable, shown without a line by what the small endings know: only
    /// where the line was not asked for ([`Ask::Verdict`]).
    Proved,
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

/// The verdict `line` from `pos` shows: [`Verdict::Winnable`] if it is a
/// series of legal moves that ends in a checkmate by `winner`,
/// [`Verdict::Proved`] if it ends in a position from which the small
/// endings prove that `winner` wins; `None` otherwise.
fn mates_or_known_win(pos: &Position, winner: Color, line: &[Move]) -> Option<Verdict> {
    let mut end = pos.clone();
    for &m in line {
        end.play(m).ok()?;
    }
    if end.turn() != winner && end.is_checkmate() {
        Some(Verdict::Winnable(line.to_vec()))
    } else if small::line::ends_in_a_known_win(&end, winner) {
        Some(Verdict::Proved)
    } else {
        None
    }
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
    if small::verdict(pos, winner) == Some(false) {
        return Some(Verdict::Unwinnable);
    }
    if pos.has_insufficient_material(winner)
        || frozen::cannot_mate(pos, winner)
        || barrier::cannot_mate(pos, winner)
        || boxed::cannot_mate(pos, winner)
    {
        return Some(Verdict::Unwinnable);
    }
    None
}

/// The memory of a quick search: small enough for the stack.
const QUICK_TABLE: usize = 256;

/// Positions a quick look for a mating line may visit, per colour: a few
/// microseconds.
pub(crate) const QUICK_BUDGET: u64 = 160;

/// Positions the quick look may visit where only the verdict is asked
/// ([`Ask::Verdict`]): the lines a few hundred positions away are still
/// found for less than the promotion lines and the narrow search that
/// follow would cost (on the flag falls of lichess-style games, 600
/// rather than [`QUICK_BUDGET`] takes the rulings from 64 M to 56 M
/// instructions; 300 gives 59 M, 1,200 no less than 600).
const VERDICT_QUICK_BUDGET: u64 = 600;

/// Plies the walks of a king to take a man into an ending the winner
/// wins ([`small::walks_within_for`]) may play before the quick look of
/// [`solve_as`] for the verdict alone, where that look would spend its
/// [`VERDICT_QUICK_BUDGET`] in vain in most small endings. On the flag
/// falls of a lichess-style file their verdicts cost 51.5 M instructions
/// without the walks, 38.9 M with 120 plies (24: 49.9 M, 50: 42.0 M, 250:
/// 38.7 M, 400: 39.2 M).
const VERDICT_WALK_PLIES: u32 = 120;

/// A mating line for `winner` found by a short, narrow helpmate search that
/// needs no heap, or `None`.
///
/// With the standard library the table is the thread's, kept between
/// calls: the search leaves it all zero (see [`helpmate::search`]), so it
/// needs no clearing, where a new one cost a 2 KB clear a call. A call
/// made while the thread's table is in use (none is, today) takes a new
/// one.
fn quick_line(pos: &Position, winner: Color, budget: &mut Budget) -> Option<helpmate::Line> {
    #[cfg(feature = "std")]
    {
        std::thread_local! {
            static TABLE: core::cell::RefCell<[u64; QUICK_TABLE]> =
                const { core::cell::RefCell::new([0; QUICK_TABLE]) };
        }
        let kept = TABLE.try_with(|table| {
            let mut table = table.try_borrow_mut().ok()?;
            debug_assert!(table.iter().all(|&slot| slot == 0));
            Some(helpmate::quick(pos, winner, budget, &mut *table))
        });
        if let Ok(Some(line)) = kept {
            return line;
        }
    }
    let mut table = [0; QUICK_TABLE];
    helpmate::quick(pos, winner, budget, &mut table)
}

/// The full decision with a budget of `nodes` positions.
pub(crate) fn solve(pos: &Position, winner: Color, nodes: u64) -> Verdict {
    solve_as(pos, winner, nodes, Ask::Line)
}

/// What a caller of [`solve_as`] needs to hear of a winnable position.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Ask {
    /// The mating line ([`Verdict::Winnable`]).
    Line,
    /// Only the verdict: a proof by knowledge ([`Verdict::Proved`]) will do.
    Verdict,
}

/// [`solve`], for a caller that needs the line or only the verdict: the
/// cheap steps first (the static rules, the quick look for a line), the
/// searches last. For the verdict alone: the winner's king taking into a
/// known win, then the kings' walks to take men into an ending the winner
/// wins ([`small::walks_within_for`]), before the quick look (which may visit
/// [`VERDICT_QUICK_BUDGET`] positions), then a piece handed over to a side
/// with fewer men ([`small::hands_over_for`]), the promotion lines that stop
/// at a known win, then a known ending a few captures ahead, each a proof
/// without a line ([`Verdict::Proved`]).
fn solve_as(pos: &Position, winner: Color, nodes: u64, ask: Ask) -> Verdict {
    if let Some(verdict) = decide_statically(pos, winner) {
        return verdict;
    }
    let mut budget = Budget::new(nodes);
    if ask == Ask::Verdict && small::line::takes_into_a_known_win(pos, winner, &mut budget) {
        return Verdict::Proved;
    }
    if ask == Ask::Verdict && small::walks_within_for(pos, winner, VERDICT_WALK_PLIES) {
        return Verdict::Proved;
    }
    let quick = if ask == Ask::Verdict {
        VERDICT_QUICK_BUDGET
    } else {
        QUICK_BUDGET
    };
    if let Some(line) = budget.part(quick, |b| quick_line(pos, winner, b)) {
        if ask == Ask::Verdict {
            // The quick look's line is of legal moves played from `pos`,
            // each generated there, and ends in a mate it found on the
            // board: [`liveness`] takes it as the proof it is. Replayed
            // with checked moves it cost the flag falls of lichess-style
            // games a fifth of their verdicts.
            debug_assert!(mates(pos, winner, &line), "{pos:?}");
            return Verdict::Proved;
        }
        return if mates(pos, winner, &line) {
            Verdict::Winnable(line.to_vec())
        } else {
            Verdict::Unknown
        };
    }
    // The promotion lines before the short narrow search, as in
    // [`liveness`]: a failure costs microseconds, a line found tens. The
    // mating pattern after a promotion only after that search.
    // Against a bare king (or fewer men), a piece handed over or a man
    // taken into a known win: a proof without a line.
    if ask == Ask::Verdict && small::hands_over_for(pos, winner) {
        return Verdict::Proved;
    }
    if ask == Ask::Verdict {
        // A known win after the promotion, before the quick look there.
        if let Some(line) = budget.part(PROMOTE_BUDGET, |b| {
            small::line::promote_into_a_known_win_or_mate(pos, winner, b)
        }) {
            if let Some(verdict) = mates_or_known_win(pos, winner, &line) {
                return verdict;
            }
        }
        // The mate in the known ending would cost a descent: not asked.
        let ahead = budget.part(ahead::BUDGET, |b| ahead::known_win(pos, winner, b));
        if ahead.is_some() {
            return Verdict::Proved;
        }
    } else if let Some(line) = budget.part(PROMOTE_BUDGET, |b| {
        small::line::promote_then_mate_quickly(pos, winner, b)
    }) {
        if mates(pos, winner, &line) {
            return Verdict::Winnable(line.to_vec());
        }
    }
    if let Some(Verdict::Winnable(line)) = narrow_by_corner(pos, winner, &mut budget, SHORT_NARROW)
    {
        return Verdict::Winnable(line);
    }
    if let Some(line) = budget.part(PROMOTE_BUDGET, |b| {
        small::line::promote_then_mate(pos, winner, b)
    }) {
        if mates(pos, winner, &line) {
            return Verdict::Winnable(line.to_vec());
        }
    }
    if let Some(line) = budget.part(PATTERN_BUDGET, |b| pattern::search(pos, winner, b)) {
        return checked(pos, winner, &line);
    }
    if small::verdict(pos, winner) == Some(true) {
        let descent = small::descent::BUDGET;
        if let Some(line) = budget.part(descent, |b| small::descent::mate_line(pos, winner, b)) {
            if mates(pos, winner, &line) {
                return Verdict::Winnable(line.to_vec());
            }
        }
    }
    if let Some(line) = budget.part(PROMOTE_BUDGET, |b| {
        small::line::promote_then_descend(pos, winner, b)
    }) {
        if mates(pos, winner, &line) {
            return Verdict::Winnable(line.to_vec());
        }
    }
    if ask == Ask::Line {
        // After the promotion lines and the pattern, which find most of
        // these lines for less than a descent costs.
        if let Some(line) = budget.part(AHEAD_BUDGET, |b| ahead::mate_line(pos, winner, b)) {
            if mates(pos, winner, &line) {
                return Verdict::Winnable(line.to_vec());
            }
        }
    }
    if let Some(line) = budget.part(TAKE_BUDGET, |b| {
        small::line::take_then_descend(pos, winner, b)
    }) {
        if mates(pos, winner, &line) {
            return Verdict::Winnable(line.to_vec());
        }
    }
    search(pos, winner, &mut budget)
}

/// Positions per corner of the short narrow search tried before the
/// promotion lines and the mating pattern: rich positions whose quick look
/// failed mostly have a line a few hundred positions away. The first
/// corner, where more lines lie, is given a little more.
const SHORT_NARROW: [u64; 2] = [720, 600];

/// Positions the lines that promote a pawn first may visit, per colour.
pub(crate) const PROMOTE_BUDGET: u64 = 8_000;

/// Positions the line through a known ending a few captures ahead may
/// visit, per colour: the chain and the descent after it.
const AHEAD_BUDGET: u64 = 10_000;

/// Positions the walks of a king that takes men before a mate by descent
/// may visit, per colour.
const TAKE_BUDGET: u64 = 30_000;

/// Positions the pattern-directed look for a mate may visit, per colour.
const PATTERN_BUDGET: u64 = 6_000;

/// The searches that follow the quick look of [`solve`]: [`narrow`], then
/// [`wide`].
fn search(pos: &Position, winner: Color, budget: &mut Budget) -> Verdict {
    narrow(pos, winner, budget, 1_000).unwrap_or_else(|| wide(pos, winner, budget))
}

/// `line` as a verdict: winnable if it is checked to mate.
fn checked(pos: &Position, winner: Color, line: &[Move]) -> Verdict {
    if mates(pos, winner, line) {
        Verdict::Winnable(line.to_vec())
    } else {
        Verdict::Unknown
    }
}

/// The memory of the searches after the quick look.
const TABLE: usize = 1 << 14;

/// A narrow helpmate search, which finds most lines in a few hundred nodes.
/// `per_corner` positions for each of the two corners.
fn narrow(pos: &Position, winner: Color, budget: &mut Budget, per_corner: u64) -> Option<Verdict> {
    narrow_by_corner(pos, winner, budget, [per_corner; 2])
}

/// [`narrow`] with `per_corner[i]` positions for corner `i`.
fn narrow_by_corner(
    pos: &Position,
    winner: Color,
    budget: &mut Budget,
    per_corner: [u64; 2],
) -> Option<Verdict> {
    let mut table = alloc::vec![0; TABLE];
    for (corner, nodes) in per_corner.into_iter().enumerate() {
        if let Some(line) = budget.part(nodes, |b| {
            helpmate::search(pos, winner, b, (60, 2), corner, &mut table, Thorough)
        }) {
            return Some(checked(pos, winner, &line));
        }
    }
    None
}

/// The costly searches: wider helpmate searches, the exhaustive search of
/// a small reachable set, then deep helpmate searches.
fn wide(pos: &Position, winner: Color, budget: &mut Budget) -> Verdict {
    // Where every unit can ever go: cheap beside the searches below.
    if mobility::cannot_mate(pos, winner) {
        return Verdict::Unwinnable;
    }
    // A winner that can only push blocked pawns: a plan of stages.
    if chain::applies(pos, winner) {
        if let Some(line) = budget.part(chain::BUDGET, |b| chain::mate_line(pos, winner, b)) {
            if mates(pos, winner, &line) {
                return Verdict::Winnable(line);
            }
        }
    }
    let checked = |line: helpmate::Line| checked(pos, winner, &line);
    let mut table = alloc::vec![0; TABLE];
    // Wider looks for a line before the costly exhaustive search.
    for shape in [(40, 3), (40, 4)] {
        for corner in 0..2 {
            if let Some(line) = budget.part(budget.left / 16, |b| {
                helpmate::search(pos, winner, b, shape, corner, &mut table, Thorough)
            }) {
                return checked(line);
            }
        }
    }
    // Forced lines a few plies deep that end in positions proved
    // unwinnable.
    if mobility::every_branch_dies(pos, winner, &mut BRANCH_NODES.clone()) {
        return Verdict::Unwinnable;
    }
    // Small reachable sets: blocked positions and forced lines. Without
    // pawns the reachable set is small only when the pieces are hemmed in:
    // a short look, and the rest of the budget goes to lines.
    let pawnless = pos.by_role(crate::Role::Pawn).is_empty();
    let share = if pawnless {
        (budget.left / 2).min(20_000)
    } else {
        budget.left / 2
    };
    let limit = share.min(200_000) as usize;
    match budget.part(share, |b| reach::explore(pos, winner, b, limit)) {
        reach::Reach::Mate(line) => {
            return if mates(pos, winner, &line) {
                Verdict::Winnable(line)
            } else {
                Verdict::Unknown
            };
        }
        reach::Reach::Exhausted => return Verdict::Unwinnable,
        reach::Reach::GaveUp => {}
    }
    for shape in [(40, 4), (80, 200)] {
        for corner in 0..4 {
            let share = budget.left / (8 - corner as u64);
            if let Some(line) = budget.part(share, |b| {
                helpmate::search(pos, winner, b, shape, corner, &mut table, Thorough)
            }) {
                return checked(line);
            }
        }
    }
    Verdict::Unknown
}

/// Positions the look at every line from a position (that each one soon
/// reaches a position proved unwinnable) may visit: forced lines are short.
const BRANCH_NODES: u64 = 60;

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
        self.winnability_with(color, WinnabilityOptions::new())
    }

    /// [`Position::winnability`] searched as `options` say (a budget other
    /// than the default).
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, Winnability, WinnabilityOptions};
    /// let pos = Position::new();
    /// let options = WinnabilityOptions::new().nodes(1_000_000);
    /// assert_eq!(pos.winnability_with(Color::Black, options), Winnability::Winnable);
    /// ```
    #[must_use]
    pub fn winnability_with(&self, color: Color, options: WinnabilityOptions) -> Winnability {
        match solve(self, color, options.nodes) {
            Verdict::Winnable(_) | Verdict::Proved => Winnability::Winnable,
            Verdict::Unwinnable => Winnability::Unwinnable,
            Verdict::Unknown => Winnability::Unknown,
        }
    }

    /// [`Position::winnability`] with a budget of `nodes` positions.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use chess_arbiter::{Color, Position, Winnability};
    /// let pos = Position::new();
    /// assert_eq!(pos.winnability_with_budget(Color::Black, 0), Winnability::Unknown);
    /// ```
    #[deprecated(
        since = "0.3.0",
        note = "use `Position::winnability_with(color, WinnabilityOptions::new().nodes(nodes))`"
    )]
    #[must_use]
    pub fn winnability_with_budget(&self, color: Color, nodes: u64) -> Winnability {
        self.winnability_with(color, WinnabilityOptions::new().nodes(nodes))
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
        self.helpmate_with(color, WinnabilityOptions::new())
    }

    /// [`Position::helpmate`] searched as `options` say.
    ///
    /// ```
    /// use chess_arbiter::{Color, Position, WinnabilityOptions};
    /// let pos = Position::new();
    /// let options = WinnabilityOptions::new().nodes(100_000);
    /// assert!(pos.helpmate_with(Color::White, options).is_some());
    /// ```
    #[must_use]
    pub fn helpmate_with(&self, color: Color, options: WinnabilityOptions) -> Option<Vec<Move>> {
        match solve(self, color, options.nodes) {
            Verdict::Winnable(line) => Some(line),
            Verdict::Unwinnable | Verdict::Unknown | Verdict::Proved => None,
        }
    }

    /// [`Position::helpmate`] with a budget of `nodes` positions.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use chess_arbiter::{Color, Position};
    /// assert!(Position::new().helpmate_with_budget(Color::White, 100_000).is_some());
    /// ```
    #[deprecated(
        since = "0.3.0",
        note = "use `Position::helpmate_with(color, WinnabilityOptions::new().nodes(nodes))`"
    )]
    #[must_use]
    pub fn helpmate_with_budget(&self, color: Color, nodes: u64) -> Option<Vec<Move>> {
        self.helpmate_with(color, WinnabilityOptions::new().nodes(nodes))
    }

    /// `true` if neither side can checkmate by any series of legal moves:
    /// a dead position, which ends the game as a draw (FIDE 5.2.2). Both
    /// colours are [`Winnability::Unwinnable`] (with the default budget;
    /// an undecided position is not called dead). Includes insufficient
    /// material and stalemate. [`Position::outcome`] and
    /// [`Game::outcome`](crate::Game::outcome) give the same answer: a short
    /// look for a mating line shows most positions alive in microseconds, a
    /// mating pattern built and walked to shows small endings alive (K+N v
    /// K+N, where the defender's knight must block its own king), and the
    /// full proof runs only where both find none (see
    /// [`Position::outcome`] for what each costs).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// // The pawns are locked and the bishop runs on the wrong colour.
    /// let pos = Position::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    /// assert!(pos.is_dead());
    /// assert!(!Position::new().is_dead());
    /// ```
    pub fn is_dead(&self) -> bool {
        is_dead(self)
    }
}

/// What is known of a position's life: [`Game`](crate::Game) keeps it for
/// every position it passed, so that a move that can be taken back inherits
/// the proof made before it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Liveness {
    /// Some colour can still mate: a line was found (or inherited).
    Alive,
    /// Neither proved dead nor alive: not dead, as [`Position::is_dead`] says.
    Open,
    /// Both colours proved unwinnable: [`Position::is_dead`].
    Dead,
}

/// [`Position::is_dead`] with its evidence: [`Liveness::Dead`] exactly when
/// both colours are [`Winnability::Unwinnable`]. The steps are those of
/// [`solve`] with the same budgets, taken cheapest first across both
/// colours: the static rules, then the quick look for a mating line (the
/// cheap exact filter that proves ordinary positions alive), then the
/// searches.
pub(crate) fn liveness(pos: &Position) -> Liveness {
    if small::is_known(pos) {
        // Known endings need no search: a verdict without a line is
        // enough to tell dead from alive.
        return if Color::ALL
            .into_iter()
            .any(|c| small::verdict(pos, c) == Some(true))
        {
            Liveness::Alive
        } else {
            Liveness::Dead
        };
    }
    let colors = by_mating_force(pos);
    // Rich positions: a king boxed in by its own men, mated by a plan
    // played and replayed, before any search.
    if pos.occupied().len() >= RICH_MEN
        && colors
            .into_iter()
            .any(|c| rich::mate_line(pos, c).is_some_and(|line| mates(pos, c, &line)))
    {
        return Liveness::Alive;
    }
    let mut budgets = [Budget::new(Winnability::DEFAULT_BUDGET); 2];
    // Past the small endings' looks, the stronger side's quick look comes
    // before any static rule: it proves most such positions alive, and
    // then those rules are not paid for. (A line found is a proof: where
    // the rules would have found that side unwinnable, the look finds
    // none, and only its time is lost.)
    let looked = pos.occupied().len() > SMALL_MEN;
    if looked
        && budgets[colors[0] as usize]
            .part(QUICK_BUDGET, |b| quick_line(pos, colors[0], b))
            .is_some()
    {
        return Liveness::Alive;
    }
    // Endings of five to seven men are mostly alive by a king that walks
    // to take a man: a few dozen plies played, cheaper than the quick look
    // that fails in them for lack of a mate nearby. Up to nine men these
    // looks, proofs of life whatever the static rules say, come before
    // those rules, which most such positions would pay for in vain.
    if !looked && walks_first(pos) {
        return Liveness::Alive;
    }
    let first = decide_statically(pos, colors[0]);
    if matches!(first, Some(Verdict::Winnable(_))) {
        return Liveness::Alive;
    }
    let second = decide_statically(pos, colors[1]);
    if matches!(second, Some(Verdict::Winnable(_))) {
        return Liveness::Alive;
    }
    let mut statics = [first, second];
    if colors[0] != Color::White {
        statics.swap(0, 1);
    }
    if looked && walks_first(pos) {
        return Liveness::Alive;
    }
    // A bare king (or a side with fewer men) against pieces: one handed to
    // the king, or one of its men taken, into a known win, where the
    // searches below take a thousand positions or more.
    if small::hands_over(pos) {
        return Liveness::Alive;
    }
    for color in colors {
        if looked && color == colors[0] {
            continue; // looked at above
        }
        let budget = &mut budgets[color as usize];
        if statics[color as usize].is_none()
            && budget
                .part(QUICK_BUDGET, |b| quick_line(pos, color, b))
                .is_some()
        {
            return Liveness::Alive;
        }
    }
    if small::walks_to_a_winnable_ending(pos) {
        return Liveness::Alive;
    }
    for color in colors {
        if statics[color as usize].is_none() {
            let budget = &mut budgets[color as usize];
            // The promotion lines first, with only the cheap looks after
            // the promotion: they fail in a few microseconds (no pawn
            // runs), or find the line in tens where the short narrow
            // search takes a hundred or more.
            let promoted = budget.part(PROMOTE_BUDGET, |b| {
                small::line::promote_then_mate_quickly(pos, color, b)
            });
            if promoted.is_some_and(|line| mates(pos, color, &line)) {
                return Liveness::Alive;
            }
            if let Some(Verdict::Winnable(_)) = narrow_by_corner(pos, color, budget, SHORT_NARROW) {
                return Liveness::Alive;
            }
            // Then with the mating pattern after the promotion, which
            // costs up to a millisecond where the narrow search mostly
            // finds the line for less.
            let promoted = budget.part(PROMOTE_BUDGET, |b| {
                small::line::promote_then_mate(pos, color, b)
            });
            if promoted.is_some_and(|line| mates(pos, color, &line)) {
                return Liveness::Alive;
            }
            if let Some(line) = budget.part(PATTERN_BUDGET, |b| pattern::search(pos, color, b)) {
                if mates(pos, color, &line) {
                    return Liveness::Alive;
                }
            }
        }
    }
    let mut open = [false; 2];
    for color in colors {
        if statics[color as usize].is_none() {
            match narrow(pos, color, &mut budgets[color as usize], 1_000) {
                Some(Verdict::Winnable(_)) => return Liveness::Alive,
                Some(_) => open[color as usize] = true,
                None => {}
            }
        }
    }
    for color in colors {
        if statics[color as usize].is_some() || open[color as usize] {
            continue; // proved unwinnable, or decided by the narrow search
        }
        match wide(pos, color, &mut budgets[color as usize]) {
            Verdict::Winnable(_) => return Liveness::Alive,
            Verdict::Unknown => open[color as usize] = true,
            Verdict::Unwinnable => {}
            Verdict::Proved => return Liveness::Alive,
        }
    }
    if open.contains(&true) {
        Liveness::Open
    } else {
        Liveness::Dead
    }
}

/// The first looks of [`liveness`] for the small endings: a capture into
/// a winnable known ending, or a king that walks to take a man (at most
/// [`FIRST_WALK_PLIES`] plies) into one.
fn walks_first(pos: &Position) -> bool {
    small::leads_to_a_winnable_ending(pos) || small::walks_within(pos, FIRST_WALK_PLIES)
}

/// The most men of a position whose stronger side's quick look in
/// [`liveness`] comes after the looks for small endings
/// ([`small::leads_to_a_winnable_ending`], which answers `false` past
/// five men, and [`small::walks_within`], past ten). Nine: in the
/// positions after the captures and pawn moves of 2,000 random games,
/// the first walks before the quick look cost the eight-man rulings 17 %
/// fewer instructions, and those over 150 k (about 20 µs) fall from 180
/// to 47; once the walks' steps were made cheaper, nine men cost the
/// whole replay of 2,000 random games 0.17 % fewer instructions (the
/// quick looks 215 M fewer, the walks 184 M more) and its plies over
/// 20 µs fall by a sixth, the slowest proofs 7.5 % fewer; ten men cost
/// 65 % more (before).
const SMALL_MEN: u32 = 9;

/// The fewest men of a position for which [`liveness`] tries the plans
/// of [`rich`] first.
const RICH_MEN: u32 = 25;

/// Plies the walks of a king to take a man may play before the quick
/// look of [`liveness`]; the rest of them come after it. Fifty: on the
/// positions after the captures and pawn moves of 2,000 random games,
/// eight-man rulings cost 2.5 % fewer instructions than with 40 (those
/// over 150 k 48 -> 36), five to seven men 0.7 % fewer, nine the same;
/// 32 costs 8 % more, 60 or 80 a little more.
const FIRST_WALK_PLIES: u32 = 50;

/// The colours, the one with more to mate with first (the side to move on
/// a tie): its line is found sooner.
fn by_mating_force(pos: &Position) -> [Color; 2] {
    let mut colors = [pos.turn(), !pos.turn()];
    if mating_force(pos, colors[1]) > mating_force(pos, colors[0]) {
        colors.reverse();
    }
    colors
}

/// A rough measure of what `color` can mate with: which colour's line a
/// search finds sooner.
fn mating_force(pos: &Position, color: Color) -> u32 {
    use crate::Role;
    let count = |role| pos.pieces(color, role).len();
    9 * count(Role::Queen)
        + 5 * count(Role::Rook)
        + 4 * count(Role::Pawn)
        + 2 * (count(Role::Knight) + count(Role::Bishop))
}

/// The life of `next`, reached from `prev` (whose life was `before`) by
/// `m`, with no proof paid twice: a dead position leads only to dead ones
/// (FIDE 5.2.2: no series of legal moves from it mates, so none from a
/// position it reaches does); a move that can be taken back leads to a
/// position with the same future, so it inherits what was known, proved
/// alive or undecided alike; only otherwise [`liveness`] runs.
pub(crate) fn liveness_after(
    prev: &Position,
    before: Liveness,
    m: Move,
    next: &Position,
) -> Liveness {
    if before == Liveness::Dead || returns_to(prev, m, next) {
        before
    } else {
        liveness(next)
    }
}

/// `true` if `prev` can be reached again from `next`, which `m` led to: the
/// opponent makes a quiet move, `m` is taken back, then the opponent's
/// move. Whatever can happen from `prev` can then happen from `next`.
fn returns_to(prev: &Position, m: Move, next: &Position) -> bool {
    use crate::{MoveKind, Role};
    if m.kind() != MoveKind::Normal
        || m.promotion_role().is_some()
        || next.halfmove_clock() == 0
        || prev.ep.is_some()
        || prev.castling != next.castling
    {
        return false;
    }
    let back = Move::new(m.to(), m.from());
    let pawns = next.by_role(Role::Pawn);
    let mut tries = 0;
    for y in next.legal_moves() {
        if y.kind() != MoveKind::Normal
            || pawns.contains(y.from())
            || next.by_color(prev.turn()).contains(y.to())
        {
            continue;
        }
        tries += 1;
        if tries > 4 {
            return false;
        }
        let mut there = next.clone();
        there.play_unchecked(y);
        if there.castling != next.castling || !there.is_legal(back) {
            continue;
        }
        there.play_unchecked(back);
        let undo = Move::new(y.to(), y.from());
        if !there.is_legal(undo) {
            continue;
        }
        there.play_unchecked(undo);
        if reach::same(&there, prev) {
            return true;
        }
    }
    false
}

/// `true` if `color` can never checkmate from `pos` (FIDE 6.9: a flag
/// fall against it is a draw): [`Position::winnability`] is
/// [`Winnability::Unwinnable`], with the small endings, and those a few
/// captures lead into a known win, answered without a search. (The
/// tests'; a flag fall's ruling asks [`mate_verdict`].)
#[cfg(test)]
pub(crate) fn cannot_mate(pos: &Position, color: Color) -> bool {
    verdict(pos, color) == Winnability::Unwinnable
}

/// `true` if `color` is proved able to checkmate from `pos`: by the small
/// endings' knowledge, or by a mating line found and replayed
/// ([`Position::winnability`] is [`Winnability::Winnable`]). `false` when
/// it cannot, or when that is not decided. For a caller that needs the
/// verdict, not the line: a known winnable ending builds no line here.
/// (The tests'; the PGN reader asks [`mate_verdict`].)
#[cfg(test)]
pub(crate) fn can_mate(pos: &Position, color: Color) -> bool {
    verdict(pos, color) == Winnability::Winnable
}

/// `color`'s verdict at `pos` where no mating line is needed
/// ([`Position::winnability`]'s verdict, a known ending answered without a
/// line), asked once: the ruling of a flag fall (FIDE 6.9), and the PGN
/// reader's, which keeps it for that ruling.
pub(crate) fn mate_verdict(pos: &Position, color: Color) -> Winnability {
    verdict(pos, color)
}

/// [`Position::winnability`] where only the verdict matters: a known
/// ending, or a series of legal moves into one that `color` can win
/// ([`ahead`]), answers without a mating line.
fn verdict(pos: &Position, color: Color) -> Winnability {
    match small::verdict(pos, color) {
        Some(true) => Winnability::Winnable,
        Some(false) => Winnability::Unwinnable,
        None => match solve_as(pos, color, Winnability::DEFAULT_BUDGET, Ask::Verdict) {
            Verdict::Winnable(_) | Verdict::Proved => Winnability::Winnable,
            Verdict::Unwinnable => Winnability::Unwinnable,
            Verdict::Unknown => Winnability::Unknown,
        },
    }
}

/// The dead-position test of [`Position::outcome`]: [`Position::is_dead`].
pub(crate) fn is_dead(pos: &Position) -> bool {
    liveness(pos) == Liveness::Dead
}

#[cfg(test)]
mod tests {
    use super::mate_verdict;
    use crate::{Color, Position};
    use std::println;

    /// Positions of flag falls whose verdict a cheap proof now gives
    /// (a king that takes into a known win, a promotion into one): the
    /// same verdict as the search for a line.
    #[test]
    fn a_flag_falls_verdict_is_the_one_a_line_shows() {
        use super::{Ask, Verdict, solve_as};
        for (fen, winner) in [
            ("8/3k4/8/p7/P7/8/1K6/8 b - - 17 52", Color::White),
            ("8/8/k7/7p/7P/8/8/7K b - - 7 58", Color::White),
            ("8/8/1k6/8/p7/P4K2/8/8 b - - 6 57", Color::White),
            ("8/8/2p3k1/7p/4P2P/8/nK6/8 w - - 2 43", Color::Black),
            ("8/pk6/8/p7/P3p3/7p/4K3/6r1 b - - 7 55", Color::White),
            ("3k4/8/8/7p/7P/8/8/3K4 b - - 9 54", Color::Black),
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            assert_eq!(mate_verdict(&pos, winner), pos.winnability(winner), "{fen}");
            assert_eq!(
                pos.winnability(winner),
                crate::Winnability::Winnable,
                "{fen}"
            );
        }
        // Flag falls of small endings that the winner's walks into a known
        // ending it wins prove before the quick look: the same verdict.
        for (fen, winner) in [
            ("8/1k6/8/b7/6K1/6p1/6P1/8 b - - 7 55", Color::Black),
            ("8/8/2R2P2/7p/2k5/7p/8/3N3K b - - 1 41", Color::Black),
            ("8/8/8/8/2k4p/5P1P/2P5/2K5 w - - 0 52", Color::Black),
            ("8/3P4/4k3/6p1/p7/P7/7N/1K6 w - - 0 50", Color::White),
        ] {
            let pos = Position::from_fen(fen).expect("a valid FEN");
            assert!(
                super::small::walks_within_for(&pos, winner, super::VERDICT_WALK_PLIES),
                "{fen}"
            );
            assert!(matches!(
                solve_as(&pos, winner, 0, Ask::Verdict),
                Verdict::Proved
            ));
            assert_eq!(
                pos.winnability(winner),
                crate::Winnability::Winnable,
                "{fen}"
            );
        }
        // The walk alone proves the first, within a small budget.
        let pos = Position::from_fen("8/3k4/8/p7/P7/8/1K6/8 b - - 17 52").expect("a valid FEN");
        assert!(matches!(
            solve_as(&pos, Color::White, 1_000, Ask::Verdict),
            Verdict::Proved
        ));
    }

    /// The flag falls a PGN reader rules: JSON lines `{fen, color}` (the
    /// winner) from the file named by `FLAG_FALLS`, each asked as the
    /// reader asks it (not where the side whose flag fell has too little
    /// to mate, nor a checkmate). Prints each verdict and its time, the
    /// least of `FLAG_FALLS_ROUNDS` (default 1): the figures for
    /// callgrind and for ordering the proofs.
    #[test]
    #[ignore = "measures a file of flag falls: FLAG_FALLS=file cargo test --release --lib -- --ignored flag_falls"]
    fn flag_falls_from_a_file() {
        let path = std::env::var("FLAG_FALLS").expect("FLAG_FALLS names a file of JSON lines");
        let rounds: u32 = std::env::var("FLAG_FALLS_ROUNDS")
            .ok()
            .and_then(|r| r.parse().ok())
            .unwrap_or(1);
        let text = std::fs::read_to_string(path).expect("a readable file");
        let (mut asked, mut total) = (0, 0);
        for line in text.lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let fen = record["fen"].as_str().expect("a FEN");
            let winner = match record["color"].as_str() {
                Some("white") => Color::White,
                _ => Color::Black,
            };
            let pos = Position::from_fen(fen).expect("a valid FEN");
            if pos.is_checkmate() || pos.has_insufficient_material(!winner) {
                continue;
            }
            let mut best = u128::MAX;
            let mut verdict = None;
            for _ in 0..rounds {
                let start = std::time::Instant::now();
                verdict = Some(mate_verdict(&pos, winner));
                best = best.min(start.elapsed().as_nanos());
            }
            asked += 1;
            total += best;
            let verdict = verdict.expect("asked");
            println!("{best}\t{fen}\t{winner:?}\t{verdict}");
        }
        println!("{asked} asked, {} ns mean", total / asked.max(1));
    }
}
