//! A game read from or written to PGN: tags, the mainline, its NAGs and
//! comments, and the result token.

use super::tree::Variation;
use crate::{Game, Move};
use alloc::string::String;
use alloc::vec::Vec;

/// One game of a PGN file: its tags in order, the mainline as a [`Game`]
/// (every move played through the rules), the NAGs and comment of each
/// move, and the movetext's result token. `Display` writes the PGN export
/// format.
///
/// ```
/// use chess_arbiter::Game;
/// use chess_arbiter::pgn::PgnGame;
///
/// let mut game = Game::new();
/// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
///     game.play_san(san).unwrap();
/// }
/// let mut pgn = PgnGame::new(game);
/// pgn.set_tag("White", "Scholar");
/// assert_eq!(pgn.result(), "1-0");
/// let text = pgn.to_string();
/// assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n"));
/// assert!(text.ends_with("\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"));
/// ```
#[derive(Clone, Debug)]
pub struct PgnGame {
    pub(crate) game: Game,
    /// Tag names and unescaped values, one after the other, each name
    /// and its value with ` "` between them (as on a tag line, so that a
    /// plain line's pair is kept in one copy).
    pub(crate) tag_text: String,
    /// Per tag: where its name ends and where its value ends in `tag_text`
    /// (its value starts two bytes after its name's end).
    pub(crate) tag_ends: Vec<(u32, u32)>,
    /// The comments' text: as read, a copy of the movetext they stand in
    /// (one copy per game, not one per comment), with what lies between
    /// them; comments set later are appended.
    pub(crate) comment_text: String,
    /// Per commented node (0: before the first move, `ply + 1`: after move
    /// `ply`), in node order: the node and where its comment starts and
    /// ends in `comment_text`.
    pub(crate) comment_spans: Vec<(u32, usize, usize)>,
    /// `(node, nag)` in node order.
    pub(crate) nags: Vec<(u32, u8)>,
    pub(crate) result: &'static str,
    /// Mainline moves written after the game ended by itself (kept, not
    /// played into `game`); their plies follow the game's.
    pub(crate) after_end: Vec<Move>,
    /// Per mainline ply (in increasing order): the variations replacing it.
    pub(crate) variations: Vec<(u32, Vec<Variation>)>,
    /// Where the game was read from (not part of the game: equality ignores it).
    pub(crate) origin: Origin,
    /// The thread that built it, if any, to build its next games in its
    /// vectors when it is dropped (not part of the game: equality ignores
    /// it, a clone has none).
    pub(crate) home: super::parallel::Home,
}

/// Where a game's text starts in its input: byte offset and line. Two games
/// are equal whatever their origins.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Origin {
    pub(crate) offset: u64,
    pub(crate) line: u64,
}

impl PartialEq for Origin {
    fn eq(&self, _: &Origin) -> bool {
        true
    }
}

impl Eq for Origin {}

/// Equal when everything read is: the comments by their text, wherever
/// each is kept.
impl PartialEq for PgnGame {
    fn eq(&self, other: &PgnGame) -> bool {
        self.game == other.game
            && self.tag_text == other.tag_text
            && self.tag_ends == other.tag_ends
            && self.comments().eq(other.comments())
            && self.nags == other.nags
            && self.result == other.result
            && self.after_end == other.after_end
            && self.variations == other.variations
            && self.origin == other.origin
    }
}

impl Eq for PgnGame {}

impl PgnGame {
    pub(crate) fn empty(game: Game) -> PgnGame {
        PgnGame {
            game,
            tag_text: String::new(),
            tag_ends: Vec::new(),
            comment_text: String::new(),
            comment_spans: Vec::new(),
            nags: Vec::new(),
            result: "*",
            after_end: Vec::new(),
            variations: Vec::new(),
            origin: Origin::default(),
            home: super::parallel::Home::default(),
        }
    }

    /// The byte offset in its input where the game's text starts (its
    /// first tag line, or its movetext when it has no tags; after a
    /// byte-order mark); 0 for a game not read from PGN. Seeking a reader
    /// there reads this game first, so a tool can index a file.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let games: Vec<_> = Reader::new(pgn.as_bytes()).map(Result::unwrap).collect();
    /// assert_eq!(games[1].byte_offset(), 22);
    /// let again = Reader::new(&pgn.as_bytes()[22..]).next().unwrap().unwrap();
    /// assert_eq!(again.tag("Event"), Some("b"));
    /// ```
    pub fn byte_offset(&self) -> u64 {
        self.origin.offset
    }

    /// The line (from 1) of the input where the game's text starts; 0 for a
    /// game not read from PGN.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let pgn = "1. e4 *\n\n\n[Event \"b\"]\n\n1. d4 *\n";
    /// let games: Vec<_> = Reader::new(pgn.as_bytes()).map(Result::unwrap).collect();
    /// assert_eq!((games[0].first_line(), games[1].first_line()), (1, 4));
    /// ```
    pub fn first_line(&self) -> u64 {
        self.origin.line
    }

    /// The mainline: start position and every move, played through the rules.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 e5 2. Nf3 *".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.game().moves().len(), 3);
    /// ```
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Replaces the mainline. Moves kept after an ending
    /// ([`PgnGame::moves_after_end`]) are dropped, and so are the NAGs,
    /// comments and variations of moves beyond the new game's length and
    /// the variations that no longer start from the position before the
    /// move they replace; the tags and result stay as they are.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut pgn = PgnGame::new(Game::new());
    /// let mut game = Game::new();
    /// game.play_san("d4").unwrap();
    /// pgn.set_game(game);
    /// assert_eq!(pgn.game().moves().len(), 1);
    /// ```
    pub fn set_game(&mut self, game: Game) {
        let plies = game.moves().len();
        self.game = game;
        self.after_end.clear();
        self.keep_nodes(plies);
        let game = &self.game;
        self.variations.retain_mut(|(ply, vars)| {
            let ply = *ply as usize;
            ply < plies && {
                let pos = game.replayed(ply);
                vars.retain(|v| *v.start() == pos);
                !vars.is_empty()
            }
        });
    }

    /// Drops the NAGs and comments of mainline moves from `plies` on.
    pub(crate) fn keep_nodes(&mut self, plies: usize) {
        let nodes = u32::try_from(plies).map_or(u32::MAX, |p| p.saturating_add(1));
        self.nags.retain(|&(node, _)| node < nodes);
        let kept: Vec<(u32, String)> = self
            .comments()
            .filter(|&(node, _)| node < nodes as usize)
            .map(|(node, text)| (node as u32, String::from(text)))
            .collect();
        self.comment_text.clear();
        self.comment_spans.clear();
        for (node, text) in kept {
            self.append_comment(node, &text);
        }
    }
}

/// A dropped game's vectors and text, taken out of it as they are (no
/// allocation), for a reader to build its next game in
/// ([`PgnGame::take_buffers`]): their room is kept, not freed and
/// allocated again.
#[derive(Default)]
pub(crate) struct Buffers {
    pub(crate) history: crate::game::History,
    pub(crate) tag_text: String,
    pub(crate) tag_ends: Vec<(u32, u32)>,
    pub(crate) comment_text: String,
    pub(crate) comment_spans: Vec<(u32, usize, usize)>,
    pub(crate) nags: Vec<(u32, u8)>,
    /// Not reused (rare): freed where the buffers are.
    after_end: Vec<Move>,
    variations: Vec<(u32, Vec<Variation>)>,
}

impl Buffers {
    /// The buffers, but for those larger than `most` plies (or than
    /// `most` times 64 bytes of text, or `most` comments) and the rare
    /// ones, freed: a huge game's room is not kept for every game after.
    pub(crate) fn trimmed(mut self, most: usize) -> Buffers {
        if self.history.room() > most {
            self.history = crate::game::History::default();
        }
        if self.tag_text.capacity() > 64 * most {
            self.tag_text = String::new();
        }
        if self.comment_text.capacity() > 64 * most {
            self.comment_text = String::new();
        }
        if self.comment_spans.capacity() > most {
            self.comment_spans = Vec::new();
        }
        if self.tag_ends.capacity() > most {
            self.tag_ends = Vec::new();
        }
        if self.nags.capacity() > most {
            self.nags = Vec::new();
        }
        self.after_end = Vec::new();
        self.variations = Vec::new();
        self
    }
}

impl PgnGame {
    /// The game's vectors and text taken out as they are ([`Buffers`]):
    /// the game is left empty (no allocation), fit only to be dropped.
    pub(crate) fn take_buffers(&mut self) -> Buffers {
        use core::mem::take;
        Buffers {
            history: self.game.take_history(),
            tag_text: take(&mut self.tag_text),
            tag_ends: take(&mut self.tag_ends),
            comment_text: take(&mut self.comment_text),
            comment_spans: take(&mut self.comment_spans),
            nags: take(&mut self.nags),
            after_end: take(&mut self.after_end),
            variations: take(&mut self.variations),
        }
    }
}

/// A game built by [`super::Reader::with_threads`] goes back to the thread
/// that built it, while it reads, for its vectors to be built in again.
impl Drop for PgnGame {
    fn drop(&mut self) {
        super::parallel::send_home(self);
    }
}
