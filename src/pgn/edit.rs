//! The mainline beyond a game's end and the variations of a [`PgnGame`]:
//! walking and editing the tree of moves.

use super::game::PgnGame;
use super::tree::{AddVariationError, AddVariationReason, Node, PromoteError, Variation, join};
use crate::{Move, Position};
use alloc::string::String;
use alloc::vec::Vec;

impl PgnGame {
    /// Mainline moves written after the game ended by itself (insufficient
    /// material, a dead position, seventy-five moves, fivefold repetition):
    /// legal moves, kept with the record and written back, but not played
    /// into [`PgnGame::game`], which stops at its ending.
    ///
    /// ```
    /// use chess_arbiter::{DrawReason, Outcome};
    /// use chess_arbiter::pgn::Reader;
    /// // Fivefold repetition after 16 plies; the record goes on.
    /// let text = format!("{} e4 e5 *", "Nf3 Nf6 Ng1 Ng8 ".repeat(4));
    /// let g = Reader::new(text.as_bytes()).next().unwrap()?;
    /// assert_eq!(g.game().moves().len(), 16);
    /// assert_eq!(g.game().outcome(), Some(Outcome::Draw { reason: DrawReason::FivefoldRepetition }));
    /// assert_eq!(g.moves_after_end().len(), 2);
    /// assert_eq!(g.mainline_len(), 18);
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn moves_after_end(&self) -> &[Move] {
        &self.after_end
    }

    /// Appends a move to the record's mainline: played into
    /// [`PgnGame::game`] while the game goes on, and kept in
    /// [`PgnGame::moves_after_end`] once it has ended by itself
    /// (insufficient material, a dead position, seventy-five moves,
    /// fivefold repetition), as databases hold such records. The way to build a record from its moves: start from
    /// [`PgnGame::new`] and push them one by one; the reader builds the same
    /// record from the same text.
    ///
    /// # Errors
    ///
    /// [`IllegalMoveError`](crate::IllegalMoveError) if `m` is not legal
    /// after the mainline's last move (after checkmate or stalemate no move
    /// is), or if the game's ending was recorded (a resignation, a flag
    /// fall, an agreement, a claim: the record could not say where it
    /// happened); the record is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Game, Move, Square};
    /// use chess_arbiter::pgn::{PgnGame, Reader};
    /// // Fivefold repetition after 16 plies, and the record goes on.
    /// let mut pgn = PgnGame::new(Game::new());
    /// for _ in 0..4 {
    ///     for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
    ///         pgn.push_san(san)?;
    ///     }
    /// }
    /// pgn.push_move(Move::new(Square::B1, Square::C3)).unwrap();
    /// assert_eq!((pgn.game().moves().len(), pgn.moves_after_end().len()), (16, 1));
    /// let back = Reader::new(pgn.to_string().as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(back.moves_after_end(), pgn.moves_after_end());
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn push_move(&mut self, m: Move) -> Result<(), crate::IllegalMoveError> {
        if self.after_end.is_empty()
            && (self.game.ending.is_some() || self.game.outcome().is_none())
        {
            return self.game.play(m);
        }
        let Some(mut pos) = self.position_before(self.mainline_len()) else {
            return self.game.play(m);
        };
        pos.play(m)?;
        self.after_end.push(m);
        Ok(())
    }

    /// Reads a move in SAN and appends it to the mainline as
    /// [`PgnGame::push_move`] does.
    ///
    /// # Errors
    ///
    /// [`SanError`](crate::SanError) if it is not a legal move after the
    /// mainline's last move; the record is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::{Color, Game};
    /// use chess_arbiter::pgn::PgnGame;
    /// // Bare kings after the capture: a dead position, and the record goes on.
    /// let game = Game::from_fen("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1").unwrap();
    /// let mut pgn = PgnGame::new(game);
    /// pgn.push_san("Kxd2")?;
    /// pgn.push_san("Kd7")?;
    /// assert_eq!((pgn.game().moves().len(), pgn.mainline_len()), (1, 2));
    /// assert!(pgn.to_string().ends_with("1. Kxd2 Kd7 *\n"));
    /// // After a resignation no move can follow.
    /// let mut game = Game::new();
    /// game.resign(Color::White).unwrap();
    /// assert!(PgnGame::new(game).push_san("e4").is_err());
    /// # Ok::<(), chess_arbiter::SanError>(())
    /// ```
    pub fn push_san(&mut self, san: &str) -> Result<Move, crate::SanError> {
        if self.after_end.is_empty()
            && (self.game.ending.is_some() || self.game.outcome().is_none())
        {
            return self.game.play_san(san);
        }
        let mut pos = self
            .position_before(self.mainline_len())
            .unwrap_or_else(|| self.game.position().clone());
        let m = pos.parse_san(san)?;
        pos.play_unchecked(m);
        self.after_end.push(m);
        Ok(m)
    }

    /// Every mainline move as written: [`Game::moves`](crate::Game::moves),
    /// then [`PgnGame::moves_after_end`].
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 e5 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.mainline().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "e7e5"]);
    /// ```
    pub fn mainline(&self) -> impl Iterator<Item = Move> + '_ {
        self.game
            .moves()
            .iter()
            .chain(self.after_end.iter())
            .copied()
    }

    /// The number of mainline moves (with those after the game's end).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. d4 d5 2. c4 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.mainline_len(), 3);
    /// ```
    pub fn mainline_len(&self) -> usize {
        self.game.moves().len() + self.after_end.len()
    }

    /// The position before mainline move `ply` (`ply == mainline_len()`:
    /// after the last one); `None` beyond.
    ///
    /// ```
    /// use chess_arbiter::Position;
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. d4 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.position_before(0), Some(Position::new()));
    /// assert_eq!(g.position_before(2), None);
    /// ```
    pub fn position_before(&self, ply: usize) -> Option<Position> {
        let played = self.game.moves().len();
        if ply <= played {
            return Some(self.game.replayed(ply));
        }
        let extra = self.after_end.get(..ply - played)?;
        let mut pos = self.game.position().clone();
        for &m in extra {
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// The variations that replace mainline move `ply`, in the order
    /// written (empty for a ply without any, or beyond the mainline).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 (1. d4) (1. c4) e5 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.variations(0).len(), 2);
    /// assert_eq!(g.variations(0)[1].san(0).as_deref(), Some("c4"));
    /// assert!(g.variations(1).is_empty());
    /// ```
    pub fn variations(&self, ply: usize) -> &[Variation] {
        match self.variation_index(ply) {
            Ok(i) => &self.variations[i].1,
            Err(_) => &[],
        }
    }

    /// The variations that replace mainline move `ply`, to edit in place
    /// (`None` if there are none).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 (1. d4) *".as_bytes()).next().unwrap().unwrap();
    /// g.variations_mut(0).unwrap()[0].set_comment(0, Some("solid"));
    /// assert!(g.to_string().contains("( 1. d4 { solid } )"));
    /// ```
    pub fn variations_mut(&mut self, ply: usize) -> Option<&mut [Variation]> {
        let i = self.variation_index(ply).ok()?;
        Some(&mut self.variations[i].1[..])
    }

    fn variation_index(&self, ply: usize) -> Result<usize, usize> {
        let Ok(ply) = u32::try_from(ply) else {
            return Err(self.variations.len());
        };
        self.variations.binary_search_by_key(&ply, |&(p, _)| p)
    }

    /// Adds `variation` as the last alternative to mainline move `ply`.
    ///
    /// # Errors
    ///
    /// [`AddVariationError`] (with the variation, to take back) if the
    /// mainline has no move `ply`, or if the variation does not start from
    /// the position before it.
    ///
    /// ```
    /// use chess_arbiter::pgn::{AddVariationReason, Reader, Variation};
    /// let mut g = Reader::new("1. e4 e5 *".as_bytes()).next().unwrap().unwrap();
    /// let mut line = Variation::new(g.position_before(1).unwrap());
    /// line.push_san("c5").unwrap();
    /// assert!(g.add_variation(1, line.clone()).is_ok());
    /// let err = g.add_variation(0, line).unwrap_err();
    /// assert_eq!(err.reason(), AddVariationReason::WrongStart { index: 0 });
    /// assert!(g.to_string().ends_with("1. e4 e5 ( 1... c5 ) *\n"));
    /// ```
    pub fn add_variation(
        &mut self,
        ply: usize,
        variation: Variation,
    ) -> Result<(), AddVariationError> {
        let len = self.mainline_len();
        if ply >= len {
            let reason = AddVariationReason::NoSuchMove { index: ply, len };
            return Err(AddVariationError::new(reason, variation));
        }
        if self.position_before(ply).as_ref() != Some(variation.start()) {
            let reason = AddVariationReason::WrongStart { index: ply };
            return Err(AddVariationError::new(reason, variation));
        }
        match self.variation_index(ply) {
            Ok(i) => self.variations[i].1.push(variation),
            Err(i) => {
                let Ok(key) = u32::try_from(ply) else {
                    let reason = AddVariationReason::NoSuchMove { index: ply, len };
                    return Err(AddVariationError::new(reason, variation));
                };
                self.variations.insert(i, (key, alloc::vec![variation]));
            }
        }
        Ok(())
    }

    /// Removes and returns alternative `k` to mainline move `ply` (`None`,
    /// no change, if there is none).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 (1. d4) *".as_bytes()).next().unwrap().unwrap();
    /// assert!(g.remove_variation(0, 0).is_some());
    /// assert!(g.variations(0).is_empty());
    /// assert_eq!(g.remove_variation(0, 0), None);
    /// ```
    pub fn remove_variation(&mut self, ply: usize, k: usize) -> Option<Variation> {
        let i = self.variation_index(ply).ok()?;
        let vars = &mut self.variations[i].1;
        if k >= vars.len() {
            return None;
        }
        let removed = vars.remove(k);
        if vars.is_empty() {
            self.variations.remove(i);
        }
        Some(removed)
    }

    /// Moves alternative `k` to mainline move `ply` one place up; the first
    /// (`k == 0`) becomes the mainline from `ply` on, and the mainline's
    /// moves from there become its first alternative (python-chess's
    /// `promote_to_main`). The game is then replayed: it stops at an
    /// automatic ending as the reader's does.
    ///
    /// # Errors
    ///
    /// [`PromoteError`], nothing changed, if there is no such alternative,
    /// or if it is empty (a `( )` read from a file): the mainline's moves
    /// from `ply` would be lost.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let mut g = Reader::new("1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *".as_bytes()).next().unwrap().unwrap();
    /// assert!(g.promote_variation(1, 0).is_ok());
    /// assert!(g.to_string().ends_with("1. e4 c5 ( 1... e5 2. Nf3 ) 2. Nf3 *\n"));
    /// assert_eq!(g.game().moves().len(), 3);
    /// ```
    pub fn promote_variation(&mut self, ply: usize, k: usize) -> Result<(), PromoteError> {
        let missing = PromoteError::NoSuchVariation { index: ply, k };
        let Ok(i) = self.variation_index(ply) else {
            return Err(missing);
        };
        if k >= self.variations[i].1.len() {
            return Err(missing);
        }
        if k > 0 {
            self.variations[i].1.swap(k - 1, k);
            return Ok(());
        }
        if self.variations[i].1[0].is_empty() {
            return Err(PromoteError::Empty { index: ply, k });
        }
        let Some(start) = self.position_before(ply) else {
            return Err(missing);
        };
        let chosen = self.variations[i].1.remove(0);
        let mut old_tail = self.split_mainline(ply);
        let mut siblings = core::mem::take(&mut old_tail[0].variations);
        let old = Variation::from_nodes(start, None, old_tail);
        let (_, opening_comment, nodes) = chosen.into_parts();
        if let Some(text) = opening_comment {
            // The chosen line's opening comment goes after the move before.
            let node = u32::try_from(ply).unwrap_or(u32::MAX);
            let before = self.node_comment_owned(node);
            self.set_node_comment(node, Some(&join(before, &text)));
        }
        let mut old = Some(old);
        for (j, mut node) in nodes.into_iter().enumerate() {
            if j == 0 {
                let mut alternatives = Vec::with_capacity(siblings.len() + 1);
                alternatives.extend(old.take());
                alternatives.append(&mut siblings);
                alternatives.append(&mut node.variations);
                node.variations = alternatives;
            }
            self.push_mainline(node);
        }
        Ok(())
    }

    fn node_comment_owned(&self, node: u32) -> Option<String> {
        self.comments()
            .find(|&(n, _)| n == node as usize)
            .map(|(_, t)| String::from(t))
    }

    /// Takes the mainline from `ply` on out of the game, as nodes.
    pub(crate) fn split_mainline(&mut self, ply: usize) -> Vec<Node> {
        let mut nodes: Vec<Node> = self.mainline().skip(ply).map(Node::new).collect();
        for (j, node) in nodes.iter_mut().enumerate() {
            let at = ply + j;
            node.nags = self.nags(at).collect();
            node.comment = self.comment(at).map(String::from);
        }
        let mut vars = core::mem::take(&mut self.variations);
        let cut = vars.partition_point(|&(p, _)| (p as usize) < ply);
        for (p, list) in vars.drain(cut..) {
            if let Some(node) = nodes.get_mut(p as usize - ply) {
                node.variations = list;
            }
        }
        self.variations = vars;
        self.keep_nodes(ply);
        let played = self.game.moves().len();
        if ply < played {
            self.after_end.clear();
            while self.game.moves().len() > ply {
                self.game.undo();
            }
        } else {
            self.after_end.truncate(ply - played);
        }
        nodes
    }

    /// Appends a checked move to the mainline with what goes with it: into
    /// the game while it goes on, after its end once it has ended.
    pub(crate) fn push_mainline(&mut self, node: Node) {
        let ply = self.mainline_len();
        if self.after_end.is_empty() && self.game.play(node.played).is_ok() {
            // Played into the game.
        } else {
            self.after_end.push(node.played);
        }
        if let Some(key) = self.node(ply) {
            for nag in node.nags {
                self.push_nag(key, nag);
            }
            if let Some(text) = node.comment {
                self.append_comment(key, &text);
            }
        }
        if !node.variations.is_empty() {
            if let Ok(key) = u32::try_from(ply) {
                self.variations.push((key, node.variations));
            }
        }
    }
}
