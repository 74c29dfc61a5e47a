//! Variations: lines of moves that replace a move of the game (or of another
//! variation), each move played through the rules from its own position,
//! with its NAGs, its comment and its own variations.

mod events;

pub(crate) use events::{Event, Events};

use crate::{IllegalMoveError, Move, Position, SanError};
use alloc::string::String;
use alloc::vec::Vec;

/// A line of moves written in `( )` in place of one move: it starts from the
/// position before the move it replaces, and every move of it is legal from
/// the position before it. Each move keeps its NAGs, the comment after it
/// and the variations that replace it in turn, so variations nest.
///
/// Indices (`i`) are into the line's moves, from 0; an index past the end
/// reads as nothing (`None`, an empty slice) and changes nothing.
///
/// ```
/// use chess_arbiter::pgn::Reader;
///
/// let text = "1. e4 e5 (1... c5 {the Sicilian} 2. Nf3 (2. c3) d6) 2. Nf3 *";
/// let game = Reader::new(text.as_bytes()).next().unwrap()?;
/// let sicilian = &game.variations(1)[0];
/// assert_eq!(sicilian.len(), 3);
/// assert_eq!(sicilian.san(0).as_deref(), Some("c5"));
/// assert_eq!(sicilian.comment(0), Some("the Sicilian"));
/// assert_eq!(sicilian.variations(1)[0].san(0).as_deref(), Some("c3"));
/// # Ok::<(), chess_arbiter::pgn::PgnError>(())
/// ```
///
/// Dropping, cloning, comparing, debug-printing and writing a tree of
/// variations take no stack per level of nesting: a tree built through the
/// API may nest as deep as memory allows. The reader takes at most
/// [`MAX_NESTING`] levels ([`PgnErrorKind::TooDeep`](super::PgnErrorKind::TooDeep)
/// past that), so a deeper tree is written but does not read back.
pub struct Variation {
    start: Position,
    end: Position,
    starting_comment: Option<String>,
    nodes: Vec<Node>,
}

/// The deepest nesting of variations the reader takes: a variation inside
/// a variation ... inside the mainline, 255 levels (as deep as a `u8`
/// counts). Deeper nesting is a
/// [`PgnErrorKind::TooDeep`](super::PgnErrorKind::TooDeep) error for that
/// game: it bounds the memory a hostile file can make the reader spend on
/// one game by a small multiple of its size. Parentheses with no move
/// before them to replace are read for syntax only and cost no memory, so
/// they may nest deeper.
///
/// ```
/// use chess_arbiter::pgn::{MAX_NESTING, PgnErrorKind, Reader};
/// let deep = |levels: usize| {
///     format!("1. e4 {}{} *", "( 1. d4 ".repeat(levels), ")".repeat(levels))
/// };
/// assert!(Reader::new(deep(MAX_NESTING).as_bytes()).next().unwrap().is_ok());
/// let err = Reader::new(deep(MAX_NESTING + 1).as_bytes()).next().unwrap().unwrap_err();
/// assert!(matches!(err.kind(), PgnErrorKind::TooDeep { limit: 255 }));
/// ```
pub const MAX_NESTING: usize = 255;

/// One move of a variation and what is written with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) played: Move,
    pub(crate) nags: Vec<u8>,
    pub(crate) comment: Option<String>,
    pub(crate) variations: Vec<Variation>,
}

impl Node {
    pub(crate) fn new(played: Move) -> Node {
        Node {
            played,
            nags: Vec::new(),
            comment: None,
            variations: Vec::new(),
        }
    }
}

impl Variation {
    /// An empty line from `start`.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let line = Variation::new(Position::new());
    /// assert!(line.is_empty());
    /// ```
    pub fn new(start: Position) -> Variation {
        Variation {
            end: start.clone(),
            start,
            starting_comment: None,
            nodes: Vec::new(),
        }
    }

    /// The position before the line's first move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// assert_eq!(Variation::new(Position::new()).start(), &Position::new());
    /// ```
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the line's last move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("e4")?;
    /// assert_eq!(line.end().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn end(&self) -> &Position {
        &self.end
    }

    /// The number of moves.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("d4")?;
    /// assert_eq!(line.len(), 1);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// `true` if the line has no move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// assert!(Variation::new(Position::new()).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The moves, in order.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("c4")?;
    /// line.push_san("e5")?;
    /// let uci: Vec<String> = line.moves().map(|m| m.to_string()).collect();
    /// assert_eq!(uci, ["c2c4", "e7e5"]);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn moves(&self) -> impl ExactSizeIterator<Item = Move> + '_ {
        self.nodes.iter().map(|n| n.played)
    }

    /// The position before move `i` (`i == len()` gives [`Variation::end`]).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("e4")?;
    /// assert_eq!(line.position_before(0), Some(Position::new()));
    /// assert_eq!(line.position_before(2), None);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn position_before(&self, i: usize) -> Option<Position> {
        if i > self.nodes.len() {
            return None;
        }
        let mut pos = self.start.clone();
        for node in &self.nodes[..i] {
            pos.play_unchecked(node.played);
        }
        Some(pos)
    }

    /// Move `i` in SAN, as [`Position::san`] writes it.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("Nf3")?;
    /// assert_eq!(line.san(0).as_deref(), Some("Nf3"));
    /// assert_eq!(line.san(1), None);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn san(&self, i: usize) -> Option<crate::San> {
        let m = self.nodes.get(i)?.played;
        Some(self.position_before(i)?.san(m))
    }

    /// Plays `m` at the end of the line.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`] if `m` is not legal after the line's last move;
    /// the line is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Move, Position, Square};
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// assert!(line.push(Move::new(Square::G1, Square::F3)).is_ok());
    /// assert!(line.push(Move::new(Square::G1, Square::F3)).is_err());
    /// ```
    pub fn push(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let mut next = self.end.clone();
        next.play(m)?;
        self.end = next;
        self.nodes.push(Node::new(m));
        Ok(())
    }

    /// Reads a move in SAN and plays it at the end of the line.
    ///
    /// # Errors
    ///
    /// [`SanError`] if it is not a legal move there; the line is then
    /// unchanged.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// assert!(line.push_san("e4").is_ok());
    /// assert!(line.push_san("e4").is_err());
    /// ```
    pub fn push_san(&mut self, san: &str) -> Result<Move, SanError> {
        let m = self.end.parse_san(san)?;
        self.end.play_unchecked(m);
        self.nodes.push(Node::new(m));
        Ok(m)
    }

    /// Plays an already checked move (the reader's path).
    pub(crate) fn push_checked(&mut self, m: Move) {
        self.end.play_unchecked(m);
        self.nodes.push(Node::new(m));
    }

    /// The comment written after `(` and before the first move.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 ({or} 1. d4) *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.variations(0)[0].starting_comment(), Some("or"));
    /// ```
    pub fn starting_comment(&self) -> Option<&str> {
        self.starting_comment.as_deref()
    }

    /// Sets the comment before the first move (`None` removes it).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.set_starting_comment(Some("instead"));
    /// assert_eq!(line.starting_comment(), Some("instead"));
    /// ```
    pub fn set_starting_comment(&mut self, comment: Option<&str>) {
        self.starting_comment = comment.map(String::from);
    }

    /// The comment after move `i`.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4 {solid}) *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.variations(0)[0].comment(0), Some("solid"));
    /// assert_eq!(g.variations(0)[0].comment(1), None);
    /// ```
    pub fn comment(&self, i: usize) -> Option<&str> {
        self.nodes.get(i)?.comment.as_deref()
    }

    /// Sets the comment after move `i` (`None` removes it); no change if
    /// the line has no move `i`.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("g4")?;
    /// line.set_comment(0, Some("bold"));
    /// line.set_comment(7, Some("nowhere"));
    /// assert_eq!(line.comment(0), Some("bold"));
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn set_comment(&mut self, i: usize, comment: Option<&str>) {
        if let Some(node) = self.nodes.get_mut(i) {
            node.comment = comment.map(String::from);
        }
    }

    /// The NAGs of move `i`, in the order written.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. f3?? $10) *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.variations(0)[0].nags(0), [4, 10]);
    /// ```
    pub fn nags(&self, i: usize) -> &[u8] {
        self.nodes.get(i).map_or(&[], |n| &n.nags[..])
    }

    /// Adds a NAG to move `i` (no effect if it has it, or if there is no
    /// move `i`).
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("f3")?;
    /// line.add_nag(0, 2);
    /// line.add_nag(0, 2);
    /// assert_eq!(line.nags(0), [2]);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn add_nag(&mut self, i: usize, nag: u8) {
        if let Some(node) = self.nodes.get_mut(i) {
            if !node.nags.contains(&nag) {
                node.nags.push(nag);
            }
        }
    }

    /// The variations that replace move `i`, in the order written.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4 d5 (1... Nf6) (1... f5)) *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.variations(0)[0].variations(1).len(), 2);
    /// ```
    pub fn variations(&self, i: usize) -> &[Variation] {
        self.nodes.get(i).map_or(&[], |n| &n.variations[..])
    }

    /// The variations that replace move `i`, to edit in place (`None` if
    /// there is no move `i`). A variation pushed here must start from
    /// [`Variation::position_before`] `i`: prefer
    /// [`Variation::add_variation`], which checks it.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 (1. d4 d5 (1... Nf6)) *".as_bytes()).next().unwrap().unwrap();
    /// let inner = g.variations_mut(0).unwrap()[0].variations_mut(1).unwrap();
    /// inner[0].set_starting_comment(Some("Indian"));
    /// assert!(g.to_string().contains("( 1. d4 d5 ( { Indian } 1... Nf6 ) ) *"));
    /// ```
    pub fn variations_mut(&mut self, i: usize) -> Option<&mut [Variation]> {
        self.nodes.get_mut(i).map(|n| &mut n.variations[..])
    }

    /// Adds `variation` as the last alternative to move `i`.
    ///
    /// # Errors
    ///
    /// [`AddVariationError`] (with the variation, to take back) if there is
    /// no move `i`, or if the variation does not start from the position
    /// before it.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("e4")?;
    /// let mut other = Variation::new(Position::new());
    /// other.push_san("d4")?;
    /// assert!(line.add_variation(0, other.clone()).is_ok());
    /// assert!(line.add_variation(1, other).is_err());
    /// assert_eq!(line.variations(0).len(), 1);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn add_variation(
        &mut self,
        i: usize,
        variation: Variation,
    ) -> Result<(), AddVariationError> {
        if i >= self.nodes.len() {
            let reason = AddVariationReason::NoSuchMove {
                index: i,
                len: self.nodes.len(),
            };
            return Err(AddVariationError::new(reason, variation));
        }
        match self.position_before(i) {
            Some(pos) if pos == variation.start => {
                self.nodes[i].variations.push(variation);
                Ok(())
            }
            _ => Err(AddVariationError::new(
                AddVariationReason::WrongStart { index: i },
                variation,
            )),
        }
    }

    /// Removes and returns alternative `k` to move `i` (`None`, no change,
    /// if there is none).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 (1. d4 d5 (1... Nf6)) *".as_bytes()).next().unwrap().unwrap();
    /// let line = &mut g.variations_mut(0).unwrap()[0];
    /// assert!(line.remove_variation(1, 0).is_some());
    /// assert!(line.remove_variation(1, 0).is_none());
    /// ```
    pub fn remove_variation(&mut self, i: usize, k: usize) -> Option<Variation> {
        let vars = &mut self.nodes.get_mut(i)?.variations;
        (k < vars.len()).then(|| vars.remove(k))
    }

    /// Moves alternative `k` to move `i` one place up among the
    /// alternatives; the first one (`k == 0`) takes the place of the line's
    /// own moves from `i` on, which become its first alternative (as
    /// python-chess's `promote_to_main`).
    ///
    /// # Errors
    ///
    /// [`PromoteError`], nothing changed, if there is no such alternative,
    /// or if it is empty and would take the place of moves (they would be
    /// lost).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 (1. d4 d5 (1... Nf6 2. c4)) *".as_bytes()).next().unwrap().unwrap();
    /// let line = &mut g.variations_mut(0).unwrap()[0];
    /// assert!(line.promote_variation(1, 0).is_ok());
    /// assert_eq!(line.san(1).as_deref(), Some("Nf6"));
    /// assert_eq!(line.variations(1)[0].san(0).as_deref(), Some("d5"));
    /// ```
    pub fn promote_variation(&mut self, i: usize, k: usize) -> Result<(), PromoteError> {
        let missing = PromoteError::NoSuchVariation { index: i, k };
        let Some(node) = self.nodes.get_mut(i) else {
            return Err(missing);
        };
        if k >= node.variations.len() {
            return Err(missing);
        }
        if k > 0 {
            node.variations.swap(k - 1, k);
            return Ok(());
        }
        if node.variations[0].is_empty() {
            return Err(PromoteError::Empty { index: i, k });
        }
        let Some(start) = self.position_before(i) else {
            return Err(missing);
        };
        let chosen = self.nodes[i].variations.remove(0);
        let mut old_tail = self.nodes.split_off(i);
        let mut siblings = core::mem::take(&mut old_tail[0].variations);
        let old = Variation::from_nodes(start.clone(), None, old_tail);
        let (_, comment, new_nodes) = chosen.into_parts();
        if let Some(text) = comment {
            // The chosen line's opening comment goes after the move before.
            if let Some(before) = i.checked_sub(1).and_then(|p| self.nodes.get_mut(p)) {
                before.comment = Some(join(before.comment.take(), &text));
            } else {
                self.starting_comment = Some(join(self.starting_comment.take(), &text));
            }
        }
        let mut pos = start;
        let mut old = Some(old);
        for (j, mut node) in new_nodes.into_iter().enumerate() {
            if j == 0 {
                let mut alternatives = Vec::with_capacity(siblings.len() + 1);
                alternatives.extend(old.take());
                alternatives.append(&mut siblings);
                alternatives.append(&mut node.variations);
                node.variations = alternatives;
            }
            pos.play_unchecked(node.played);
            self.nodes.push(node);
        }
        self.end = pos;
        Ok(())
    }

    /// A line of already checked nodes from `start`.
    pub(crate) fn from_nodes(
        start: Position,
        starting_comment: Option<String>,
        nodes: Vec<Node>,
    ) -> Variation {
        let mut end = start.clone();
        for node in &nodes {
            end.play_unchecked(node.played);
        }
        Variation {
            start,
            end,
            starting_comment,
            nodes,
        }
    }

    pub(crate) fn into_parts(mut self) -> (Position, Option<String>, Vec<Node>) {
        let nodes = core::mem::take(&mut self.nodes);
        (self.start.clone(), self.starting_comment.take(), nodes)
    }

    pub(crate) fn node(&self, i: usize) -> Option<&Node> {
        self.nodes.get(i)
    }

    pub(crate) fn node_mut(&mut self, i: usize) -> Option<&mut Node> {
        self.nodes.get_mut(i)
    }

    pub(crate) fn last_node_mut(&mut self) -> Option<&mut Node> {
        self.nodes.last_mut()
    }

    pub(crate) fn starting_comment_mut(&mut self) -> &mut Option<String> {
        &mut self.starting_comment
    }
}

/// Why a variation could not be added
/// ([`PgnGame::add_variation`](super::PgnGame::add_variation),
/// [`Variation::add_variation`]); the variation comes back whole with
/// [`AddVariationError::into_variation`].
///
/// ```
/// use chess_arbiter::Position;
/// use chess_arbiter::pgn::{AddVariationReason, Variation};
/// let mut line = Variation::new(Position::new());
/// line.push_san("e4")?;
/// let err = line.add_variation(3, Variation::new(Position::new())).unwrap_err();
/// assert_eq!(err.reason(), AddVariationReason::NoSuchMove { index: 3, len: 1 });
/// assert_eq!(err.to_string(), "cannot add the variation: there is no move 3 (the line has 1)");
/// assert!(err.into_variation().is_empty());
/// # Ok::<(), chess_arbiter::SanError>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[error("cannot add the variation: {reason}")]
pub struct AddVariationError {
    reason: AddVariationReason,
    variation: alloc::boxed::Box<Variation>,
}

impl AddVariationError {
    pub(crate) fn new(reason: AddVariationReason, variation: Variation) -> AddVariationError {
        AddVariationError {
            reason,
            variation: alloc::boxed::Box::new(variation),
        }
    }

    /// Why.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::{AddVariationReason, Variation};
    /// let mut line = Variation::new(Position::new());
    /// line.push_san("e4")?;
    /// let mut late = Variation::new(line.end().clone());
    /// late.push_san("e5")?;
    /// let err = line.add_variation(0, late).unwrap_err();
    /// assert_eq!(err.reason(), AddVariationReason::WrongStart { index: 0 });
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn reason(&self) -> AddVariationReason {
        self.reason
    }

    /// The variation that was not added.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Variation;
    /// let mut line = Variation::new(Position::new());
    /// let mut other = Variation::new(Position::new());
    /// other.push_san("d4")?;
    /// let back = line.add_variation(0, other).unwrap_err().into_variation();
    /// assert_eq!(back.len(), 1);
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn into_variation(self) -> Variation {
        *self.variation
    }
}

/// Why a variation could not be added.
///
/// ```
/// use chess_arbiter::pgn::AddVariationReason;
/// let reason = AddVariationReason::WrongStart { index: 2 };
/// assert_eq!(reason.to_string(), "it does not start from the position before move 2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum AddVariationReason {
    /// The line (or the mainline) has no move `index` to replace.
    #[error("there is no move {index} (the line has {len})")]
    NoSuchMove {
        /// The index (a ply for the mainline) asked for.
        index: usize,
        /// How many moves there are.
        len: usize,
    },
    /// The variation does not start from the position before move `index`.
    #[error("it does not start from the position before move {index}")]
    WrongStart {
        /// The index (a ply for the mainline) asked for.
        index: usize,
    },
}

/// Why a variation could not be promoted
/// ([`PgnGame::promote_variation`](super::PgnGame::promote_variation),
/// [`Variation::promote_variation`]); nothing was changed.
///
/// ```
/// use chess_arbiter::pgn::{PromoteError, Reader};
/// let mut g = Reader::new("1. e4 e5 ( ) *".as_bytes()).next().unwrap().unwrap();
/// assert_eq!(g.promote_variation(1, 0), Err(PromoteError::Empty { index: 1, k: 0 }));
/// assert_eq!(g.mainline_len(), 2);
/// assert_eq!(g.promote_variation(0, 0), Err(PromoteError::NoSuchVariation { index: 0, k: 0 }));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PromoteError {
    /// Move `index` has no alternative `k`.
    #[error("move {index} has no variation {k}")]
    NoSuchVariation {
        /// The index (a ply for the mainline) asked for.
        index: usize,
        /// The alternative asked for.
        k: usize,
    },
    /// The alternative has no move: the moves it would replace would have
    /// nowhere to go.
    #[error("variation {k} of move {index} has no move to put in its place")]
    Empty {
        /// The index (a ply for the mainline) asked for.
        index: usize,
        /// The alternative asked for.
        k: usize,
    },
}

/// Two comments as one, joined by a space.
pub(crate) fn join(first: Option<String>, second: &str) -> String {
    match first {
        Some(mut text) if !text.is_empty() => {
            text.push(' ');
            text.push_str(second);
            text
        }
        _ => String::from(second),
    }
}
