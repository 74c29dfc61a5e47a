//! A walk over every move of a record, mainline and variations, in the
//! order the export writes them: no index juggling, no recursion.

use super::game::PgnGame;
use super::tree::{Event, Events, Variation};
use crate::{Move, Position, San};
use alloc::vec::Vec;

/// One move of a record met by [`PgnGame::walk`]: where it stands in the
/// tree, the position before it, and what is written with it.
///
/// ```
/// use chess_arbiter::pgn::Reader;
/// let g = Reader::new("1. e4 {best} (1. d4 d5 (1... Nf6)) e5 *".as_bytes()).next().unwrap()?;
/// let first = g.walk().next().unwrap();
/// assert_eq!((first.depth(), first.ply(), first.san().as_str()), (0, 0, "e4"));
/// assert_eq!(first.comment(), Some("best"));
/// # Ok::<(), chess_arbiter::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TreeMove<'a> {
    depth: usize,
    ply: usize,
    before: Position,
    played: Move,
    nags: Nags<'a>,
    comment: Option<&'a str>,
    line: Option<(&'a Variation, usize)>,
}

#[derive(Clone, Debug)]
enum Nags<'a> {
    Mainline(&'a [(u32, u8)]),
    Line(&'a [u8]),
}

impl<'a> TreeMove<'a> {
    /// 0 for a mainline move, 1 in a variation of the mainline, 2 in a
    /// variation of that, and so on.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4 d5 (1... Nf6)) *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.walk().map(|m| m.depth()).collect::<Vec<_>>(), [0, 1, 1, 2]);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The index the move has, or would have, in the mainline: the plies
    /// before it on its way from the start.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.walk().map(|m| m.ply()).collect::<Vec<_>>(), [0, 1, 1, 2, 2]);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The position before the move.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4) *".as_bytes()).next().unwrap()?;
    /// assert!(g.walk().all(|m| m.position_before() == &Position::new()));
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn position_before(&self) -> &Position {
        &self.before
    }

    /// The move.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.walk().next().unwrap().played().to_string(), "e2e4");
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn played(&self) -> Move {
        self.played
    }

    /// The move in SAN, as [`Position::san`] writes it.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. Ng1-f3 *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.walk().next().unwrap().san().as_str(), "Nf3");
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn san(&self) -> San {
        self.before.san(self.played)
    }

    /// Its NAGs, in the order written.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4! (1. f3?? $10) *".as_bytes()).next().unwrap()?;
    /// let nags: Vec<Vec<u8>> = g.walk().map(|m| m.nags().collect()).collect();
    /// assert_eq!(nags, [vec![1], vec![4, 10]]);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn nags(&self) -> impl Iterator<Item = u8> + 'a {
        let (main, line): (&'a [(u32, u8)], &'a [u8]) = match self.nags {
            Nags::Mainline(nags) => (nags, &[]),
            Nags::Line(nags) => (&[], nags),
        };
        main.iter().map(|&(_, nag)| nag).chain(line.iter().copied())
    }

    /// The comment after it.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4 {solid}) *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.walk().map(|m| m.comment()).collect::<Vec<_>>(), [None, Some("solid")]);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn comment(&self) -> Option<&'a str> {
        self.comment
    }

    /// The variation the move belongs to and its index there; `None` for
    /// a mainline move.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4 d5) *".as_bytes()).next().unwrap()?;
    /// let last = g.walk().last().unwrap();
    /// let (line, i) = last.variation().unwrap();
    /// assert_eq!((line.len(), i), (2, 1));
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn variation(&self) -> Option<(&'a Variation, usize)> {
        self.line
    }
}

/// The iterator of [`PgnGame::walk`]: it keeps its place on the heap, so a
/// tree of any depth is walked without recursion.
///
/// ```
/// use chess_arbiter::pgn::{Reader, Walk};
/// let g = Reader::new("1. e4 (1. d4) e5 *".as_bytes()).next().unwrap()?;
/// let walk: Walk<'_> = g.walk();
/// assert_eq!(walk.count(), 3);
/// # Ok::<(), chess_arbiter::pgn::PgnError>(())
/// ```
pub struct Walk<'a> {
    game: &'a PgnGame,
    /// The next mainline ply, and the position before it.
    ply: usize,
    pos: Position,
    /// The variations of the last mainline move still to walk.
    pending: &'a [Variation],
    base: usize,
    /// The variation being walked: its events, and per open line the
    /// position before its next move, its first ply and its last move.
    events: Option<Events<'a>>,
    open: Vec<(Position, usize, usize)>,
}

impl core::fmt::Debug for Walk<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Walk").field("ply", &self.ply).finish()
    }
}

impl<'a> Iterator for Walk<'a> {
    type Item = TreeMove<'a>;

    fn next(&mut self) -> Option<TreeMove<'a>> {
        loop {
            if let Some(events) = self.events.as_mut() {
                match events.next() {
                    Some(Event::Open(line)) => {
                        let first = match self.open.last() {
                            Some(&(_, first, last)) => first + last,
                            None => self.base,
                        };
                        self.open.push((line.start().clone(), first, 0));
                    }
                    Some(Event::Move(line, i)) => {
                        let depth = self.open.len();
                        let (pos, first, last) = self.open.last_mut()?;
                        let node = line.node(i)?;
                        let before = pos.clone();
                        pos.play_unchecked(node.played);
                        *last = i;
                        return Some(TreeMove {
                            depth,
                            ply: *first + i,
                            before,
                            played: node.played,
                            nags: Nags::Line(&node.nags),
                            comment: node.comment.as_deref(),
                            line: Some((line, i)),
                        });
                    }
                    Some(Event::Close) => {
                        self.open.pop();
                    }
                    None => self.events = None,
                }
                continue;
            }
            if let Some((first, rest)) = self.pending.split_first() {
                self.pending = rest;
                self.events = Some(Events::new(first));
                continue;
            }
            let game = self.game;
            let moves = game.game.moves();
            let played = match moves.get(self.ply) {
                Some(&m) => m,
                None => *game.after_end.get(self.ply - moves.len())?,
            };
            let ply = self.ply;
            let before = self.pos.clone();
            self.pos.play_unchecked(played);
            self.ply += 1;
            self.pending = game.variations(ply);
            self.base = ply;
            let nags = game.node(ply).map_or(&[][..], |node| {
                let from = game.nags.partition_point(|&(n, _)| n < node);
                let to = game.nags.partition_point(|&(n, _)| n <= node);
                &game.nags[from..to]
            });
            return Some(TreeMove {
                depth: 0,
                ply,
                before,
                played,
                nags: Nags::Mainline(nags),
                comment: game.comment(ply),
                line: None,
            });
        }
    }
}

impl PgnGame {
    /// Every move of the record, the mainline's and its variations' at any
    /// depth, in the order the export writes them (a move, then the
    /// variations that replace it, then the next move), each with its
    /// position, SAN, NAGs and comment: one walk over the whole tree, no
    /// index juggling and no recursion.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let text = "1. e4 e5 (1... c5 {Sicilian} 2. Nf3 (2. c3)) 2. Nf3 *";
    /// let g = Reader::new(text.as_bytes()).next().unwrap()?;
    /// let walked: Vec<String> = g
    ///     .walk()
    ///     .map(|m| format!("{}{}", "  ".repeat(m.depth()), m.san()))
    ///     .collect();
    /// assert_eq!(walked, ["e4", "e5", "  c5", "  Nf3", "    c3", "Nf3"]);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn walk(&self) -> Walk<'_> {
        Walk {
            game: self,
            ply: 0,
            pos: self.game.start().clone(),
            pending: &[],
            base: 0,
            events: None,
            open: Vec::new(),
        }
    }

    /// Mainline move `ply` in SAN ([`PgnGame::mainline`], as
    /// [`Position::san`] writes it); `None` beyond the mainline.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e2e4 e5 2. Ng1f3 *".as_bytes()).next().unwrap()?;
    /// assert_eq!(g.san(2).as_deref(), Some("Nf3"));
    /// assert_eq!(g.san(3), None);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn san(&self, ply: usize) -> Option<San> {
        let m = self.mainline().nth(ply)?;
        Some(self.position_before(ply)?.san(m))
    }
}
