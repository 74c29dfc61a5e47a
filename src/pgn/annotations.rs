//! Annotations of mainline moves: NAGs, comments, and the `[%clk]` and
//! `[%eval]` commands inside comments.

use super::game::PgnGame;
use alloc::string::String;
use alloc::vec::Vec;
use core::time::Duration;

/// An engine's evaluation from a `[%eval ...]` comment command.
///
/// ```
/// use chess_arbiter::pgn::{Eval, Reader};
/// let g = Reader::new("1. e4 { [%eval 0.17] } e5 { [%eval #-3] } *\n".as_bytes())
///     .next().unwrap().unwrap();
/// assert_eq!(g.eval(0), Some(Eval::Centipawns(17)));
/// assert_eq!(g.eval(1), Some(Eval::Mate(-3)));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Eval {
    /// An advantage in hundredths of a pawn, positive when White is better.
    Centipawns(i32),
    /// Mate in that many moves, positive when White mates.
    Mate(i32),
}

impl PgnGame {
    /// The comment after mainline move `ply` (index into
    /// [`PgnGame::mainline`]: [`Game::moves`](crate::Game::moves), then
    /// [`PgnGame::moves_after_end`]); several comments there read as one,
    /// joined by a space. One space after `{` and one before `}` are not
    /// part of it. `None` for a ply beyond the mainline.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 { best by test } e5 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.comment(0), Some("best by test"));
    /// assert_eq!(g.comment(1), None);
    /// ```
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.node_comment(self.node(ply)?)
    }

    /// The comment node of mainline move `ply`, if the mainline has it.
    pub(crate) fn node(&self, ply: usize) -> Option<u32> {
        if ply >= self.mainline_len() {
            return None;
        }
        u32::try_from(ply).ok()?.checked_add(1)
    }

    /// The comment before the first move.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("{ A quiet game. } 1. d4 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.game_comment(), Some("A quiet game."));
    /// ```
    pub fn game_comment(&self) -> Option<&str> {
        self.node_comment(0)
    }

    /// Every comment as `(node, text)` in order: node 0 is before the first
    /// move, node `ply + 1` after mainline move `ply` (the ply that
    /// [`PgnGame::comment`] takes; [`PgnGame::walk`] gives each move with
    /// its comment).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("{a} 1. d4 {b} *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.comments().collect::<Vec<_>>(), [(0, "a"), (1, "b")]);
    /// ```
    pub fn comments(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.comment_spans.iter().map(move |&(node, start, end)| {
            let text = self.comment_text.get(start..end).unwrap_or_default();
            (node as usize, text)
        })
    }

    fn node_comment(&self, node: u32) -> Option<&str> {
        let i = self
            .comment_spans
            .binary_search_by_key(&node, |&(n, _, _)| n)
            .ok()?;
        let (_, start, end) = self.comment_spans[i];
        self.comment_text.get(start..end)
    }

    /// Sets the comment after mainline move `ply` (`None` removes it); no
    /// change for a ply beyond the mainline. The writer drops `}` from it,
    /// which cannot stand in a PGN comment.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.play_san("e5").unwrap();
    /// let mut pgn = PgnGame::new(game);
    /// pgn.set_comment(0, Some("+0.35/12 0.52s"));
    /// assert_eq!(pgn.comment(0), Some("+0.35/12 0.52s"));
    /// assert!(pgn.to_string().ends_with("\n1. e4 { +0.35/12 0.52s } 1... e5 *\n"));
    /// ```
    pub fn set_comment(&mut self, ply: usize, comment: Option<&str>) {
        if let Some(node) = self.node(ply) {
            self.set_node_comment(node, comment);
        }
    }

    /// Sets the comment before the first move (`None` removes it).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut pgn = PgnGame::new(Game::new());
    /// pgn.set_game_comment(Some("White forfeits"));
    /// assert!(pgn.to_string().ends_with("\n{ White forfeits } *\n"));
    /// ```
    pub fn set_game_comment(&mut self, comment: Option<&str>) {
        self.set_node_comment(0, comment);
    }

    pub(crate) fn set_node_comment(&mut self, node: u32, comment: Option<&str>) {
        if let Some(text) = comment {
            if self
                .comment_spans
                .last()
                .is_none_or(|&(last, _, _)| last < node)
            {
                // The usual case, commenting move after move: append.
                self.append_comment(node, text);
                return;
            }
        }
        let mut all: Vec<(u32, String)> = self
            .comments()
            .filter(|&(n, _)| n as u32 != node)
            .map(|(n, t)| (n as u32, String::from(t)))
            .collect();
        if let Some(text) = comment {
            all.push((node, String::from(text)));
            all.sort_by_key(|&(n, _)| n);
        }
        self.comment_text.clear();
        self.comment_spans.clear();
        for (n, t) in all {
            self.append_comment(n, &t);
        }
    }

    /// Adds a comment to `node`, which must not come before the last
    /// commented node; a second comment there joins the first with a space.
    pub(crate) fn append_comment(&mut self, node: u32, text: &str) {
        let start = self.comment_text.len();
        match self.comment_spans.last_mut() {
            Some(last) if last.0 == node => {
                if last.2 != start {
                    // The first comment moves to the end, where the second joins it.
                    let first =
                        String::from(self.comment_text.get(last.1..last.2).unwrap_or_default());
                    self.comment_text.push_str(&first);
                    last.1 = start;
                }
                self.comment_text.push(' ');
                self.comment_text.push_str(text);
                last.2 = self.comment_text.len();
            }
            _ => {
                self.comment_text.push_str(text);
                self.comment_spans
                    .push((node, start, self.comment_text.len()));
            }
        }
    }

    /// The NAGs (Numeric Annotation Glyphs) of mainline move `ply`, in the
    /// order written: `$1` or `!` is 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6.
    /// None for a ply beyond the mainline.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4! e5 $2 $18 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.nags(0).collect::<Vec<_>>(), [1]);
    /// assert_eq!(g.nags(1).collect::<Vec<_>>(), [2, 18]);
    /// ```
    pub fn nags(&self, ply: usize) -> impl Iterator<Item = u8> + '_ {
        // Node 0 (before the first move) is no move's: it stands for none.
        let node = self.node(ply).unwrap_or(0);
        let from = if node == 0 {
            self.nags.len()
        } else {
            self.nags.partition_point(|&(n, _)| n < node)
        };
        self.nags[from..]
            .iter()
            .take_while(move |&&(n, _)| n == node)
            .map(|&(_, nag)| nag)
    }

    /// Adds a NAG to mainline move `ply` (no effect if it has it already,
    /// or for a ply beyond the mainline).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut game = Game::new();
    /// game.play_san("f3").unwrap();
    /// let mut pgn = PgnGame::new(game);
    /// pgn.add_nag(0, 4);
    /// assert!(pgn.to_string().ends_with("\n1. f3 $4 *\n"));
    /// ```
    pub fn add_nag(&mut self, ply: usize, nag: u8) {
        if let Some(node) = self.node(ply) {
            self.push_nag(node, nag);
        }
    }

    /// Adds `nag` to `node` unless it has it, keeping the NAGs in node
    /// order.
    #[inline]
    pub(crate) fn push_nag(&mut self, node: u32, nag: u8) {
        // As read, each NAG is on the last node or after it: most go last
        // (a first one makes room for a few, not one at a time).
        match self.nags.last() {
            Some(&(last, _)) if last < node => self.nags.push((node, nag)),
            None => {
                self.nags.reserve(8);
                self.nags.push((node, nag));
            }
            _ => self.insert_nag(node, nag),
        }
    }

    /// [`PgnGame::push_nag`] on a node that has NAGs, or before one.
    fn insert_nag(&mut self, node: u32, nag: u8) {
        let at = self.nags.partition_point(|&(n, _)| n <= node);
        let from = self.nags.partition_point(|&(n, _)| n < node);
        if !self.nags[from..at].iter().any(|&(_, g)| g == nag) {
            self.nags.insert(at, (node, nag));
        }
    }

    /// The clock after mainline move `ply` (`None` beyond the mainline), from a `[%clk h:mm:ss]` command
    /// in its comment (seconds may have a fraction).
    ///
    /// ```
    /// use core::time::Duration;
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 { [%clk 1:02:03] } e5 { [%clk 0:00:09.5] } *".as_bytes())
    ///     .next().unwrap().unwrap();
    /// assert_eq!(g.clock(0), Some(Duration::from_secs(3723)));
    /// assert_eq!(g.clock(1), Some(Duration::from_millis(9500)));
    /// assert_eq!(g.clock(2), None);
    /// ```
    pub fn clock(&self, ply: usize) -> Option<Duration> {
        parse_clock(command(self.comment(ply)?, "%clk")?)
    }

    /// The evaluation after mainline move `ply` (`None` beyond the mainline), from a `[%eval 0.17]` or
    /// `[%eval #-3]` command in its comment (a `,depth` suffix is ignored).
    ///
    /// ```
    /// use chess_arbiter::pgn::{Eval, Reader};
    /// let g = Reader::new("1. e4 { [%eval -1.5,20] } *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.eval(0), Some(Eval::Centipawns(-150)));
    /// ```
    pub fn eval(&self, ply: usize) -> Option<Eval> {
        parse_eval(command(self.comment(ply)?, "%eval")?)
    }
}

/// The argument of `[%name arg]` in a comment.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = comment;
    while let Some(at) = rest.find('[') {
        rest = &rest[at + 1..];
        let inner = rest.trim_start();
        if let Some(arg) = inner.strip_prefix(name) {
            if arg.starts_with(|c: char| c.is_ascii_whitespace()) {
                let end = arg.find(']')?;
                return Some(arg[..end].trim());
            }
        }
    }
    None
}

fn parse_clock(text: &str) -> Option<Duration> {
    let mut parts = text.split(':');
    let mut seconds = 0u64;
    let mut fraction = "";
    let mut count = 0;
    for part in parts.by_ref() {
        count += 1;
        if count > 3 {
            return None;
        }
        let (whole, frac) = part.split_once('.').unwrap_or((part, ""));
        if !fraction.is_empty() || whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if !frac.is_empty() && !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        fraction = frac;
        let value: u64 = whole.parse().ok()?;
        seconds = seconds.checked_mul(60)?.checked_add(value)?;
    }
    let mut nanos = 0u32;
    let mut scale = 100_000_000;
    for b in fraction.bytes().take(9) {
        nanos += u32::from(b - b'0') * scale;
        scale /= 10;
    }
    Some(Duration::new(seconds, nanos))
}

fn parse_eval(text: &str) -> Option<Eval> {
    let text = text.split(',').next()?.trim();
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if (whole.is_empty() && frac.is_empty())
        || !whole
            .bytes()
            .chain(frac.bytes())
            .all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let mut cp: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse::<i64>().ok()?
    };
    cp = cp.checked_mul(100)?;
    let mut f = frac.bytes().map(|b| i64::from(b - b'0'));
    let tenths = f.next().unwrap_or(0);
    let hundredths = f.next().unwrap_or(0);
    let round = i64::from(f.next().unwrap_or(0) >= 5);
    cp = cp.checked_add(tenths * 10 + hundredths + round)?;
    let cp = i32::try_from(if negative { -cp } else { cp }).ok()?;
    Some(Eval::Centipawns(cp))
}
