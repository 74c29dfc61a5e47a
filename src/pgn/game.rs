//! A game read from or written to PGN: tags, the mainline, its NAGs and
//! comments, and the result token.

use super::tree::Variation;
use crate::{CastlingMode, Game, Move, Position};
use alloc::string::String;
use alloc::vec::Vec;
use core::time::Duration;

/// The Seven Tag Roster, in its export order (PGN standard 8.1.1).
pub(crate) const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub(crate) game: Game,
    /// Tag names and unescaped values, one after the other.
    pub(crate) tag_text: String,
    /// Per tag: where its name ends and where its value ends in `tag_text`.
    pub(crate) tag_ends: Vec<(u32, u32)>,
    /// All comments, one after the other.
    pub(crate) comment_text: String,
    /// Per commented node (0: before the first move, `ply + 1`: after move
    /// `ply`), in node order: the node and where its comment ends.
    pub(crate) comment_ends: Vec<(u32, u32)>,
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
    /// A game ready to write: the Seven Tag Roster with `"?"` defaults
    /// (`"????.??.??"` for the date), `Result` and the result token from
    /// [`Game::outcome`] (`"*"` while the game is on), `SetUp`/`FEN`
    /// (and `Variant "Chess960"`) when it does not start from the standard
    /// position, and `Termination` (PGN standard 9.8.1) when the game's
    /// ending was recorded rather than reached on the board: `"time
    /// forfeit"` for [`Game::flag_fall`], `"normal"` for [`Game::resign`],
    /// [`Game::agree_draw`] and an accepted [`Game::claim_draw`]. The reader
    /// reads these back into the game (see [`Reader`](super::Reader)).
    ///
    /// ```
    /// use chess_arbiter::{Color, Game, Outcome, WinReason};
    /// use chess_arbiter::pgn::{PgnGame, Reader};
    /// let mut game = Game::new();
    /// game.play_san("e4").unwrap();
    /// game.flag_fall(Color::Black).unwrap();
    /// let pgn = PgnGame::new(game);
    /// assert_eq!(pgn.tag("Termination"), Some("time forfeit"));
    /// let back = Reader::new(pgn.to_string().as_bytes()).next().unwrap()?;
    /// assert_eq!(
    ///     back.game().outcome(),
    ///     Some(Outcome::Decisive { winner: Color::White, reason: WinReason::Timeout })
    /// );
    /// assert_eq!(back.game(), pgn.game());
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    ///
    /// ```
    /// use chess_arbiter::{Game, Position};
    /// use chess_arbiter::pgn::PgnGame;
    /// let pgn = PgnGame::new(Game::from_position(Position::chess960(0)));
    /// assert_eq!(pgn.tag("Variant"), Some("Chess960"));
    /// assert_eq!(pgn.tag("FEN"), Some("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"));
    /// assert_eq!(pgn.tag("Result"), Some("*"));
    /// ```
    pub fn new(game: Game) -> PgnGame {
        let result = game.outcome().map_or("*", |o| o.result());
        let result = result_token(result).unwrap_or("*");
        let mut pgn = PgnGame::empty(game);
        for name in SEVEN_TAG_ROSTER {
            let value = match name {
                "Date" => "????.??.??",
                "Result" => result,
                _ => "?",
            };
            pgn.push_tag(name, value);
        }
        if let Some((variant, fen)) = setup_tags(&pgn.game) {
            if variant {
                pgn.push_tag("Variant", "Chess960");
            }
            pgn.push_tag("SetUp", "1");
            pgn.push_tag("FEN", &fen);
        }
        if let Some(termination) = termination_of(&pgn.game) {
            pgn.push_tag("Termination", termination);
        }
        pgn.result = result;
        pgn
    }

    pub(crate) fn empty(game: Game) -> PgnGame {
        PgnGame {
            game,
            tag_text: String::new(),
            tag_ends: Vec::new(),
            comment_text: String::new(),
            comment_ends: Vec::new(),
            nags: Vec::new(),
            result: "*",
            after_end: Vec::new(),
            variations: Vec::new(),
            origin: Origin::default(),
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
                vars.retain(|v| v.start() == game.at(ply));
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
        self.comment_ends.clear();
        for (node, text) in kept {
            self.append_comment(node, &text);
        }
    }

    /// The value of the first tag called `name` (case-sensitive), unescaped.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("[White \"Tal, \\\"Misha\\\"\"]\n\n*".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.tag("White"), Some("Tal, \"Misha\""));
    /// assert_eq!(g.tag("Black"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// Every tag in order, as `(name, value)` with the value unescaped.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("[Event \"e\"]\n[Site \"s\"]\n\n*".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.tags().collect::<Vec<_>>(), [("Event", "e"), ("Site", "s")]);
    /// ```
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        let mut start = 0;
        self.tag_ends.iter().map(move |&(name_end, value_end)| {
            let (n, v) = (name_end as usize, value_end as usize);
            let pair = (&self.tag_text[start..n], &self.tag_text[n..v]);
            start = v;
            pair
        })
    }

    /// Sets the first tag called `name` to `value`, or adds it at the end.
    /// Nothing is checked ([`PgnGame::try_set_tag`] refuses what would not
    /// read back as set): the writer escapes `"` and `\\`, writes a line
    /// break as a space and a name's characters other than letters,
    /// digits and `_ + # = : -` as `_`, writes `Result` as
    /// [`PgnGame::game_result`], and writes `SetUp`, `FEN` and a `Variant`
    /// other than standard chess from the game's start, never from the tags.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut pgn = PgnGame::new(Game::new());
    /// pgn.set_tag("Event", "Casual \"blitz\"");
    /// pgn.set_tag("TimeControl", "180+2");
    /// assert_eq!(pgn.tag("Event"), Some("Casual \"blitz\""));
    /// assert!(pgn.to_string().contains("[Event \"Casual \\\"blitz\\\"\"]\n"));
    /// assert!(pgn.to_string().contains("[Result \"*\"]\n[TimeControl \"180+2\"]\n"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if self.tag(name).is_none() {
            self.push_tag(name, value);
            return;
        }
        let old: Vec<(String, String)> = self
            .tags()
            .map(|(n, v)| (String::from(n), String::from(v)))
            .collect();
        self.tag_text.clear();
        self.tag_ends.clear();
        let mut done = false;
        for (n, v) in &old {
            if !done && n == name {
                self.push_tag(n, value);
                done = true;
            } else {
                self.push_tag(n, v);
            }
        }
    }

    /// Sets a tag as [`PgnGame::set_tag`] does, if it will be written and
    /// read back as set.
    ///
    /// # Errors
    ///
    /// [`TagError`] saying why, the record unchanged: a name that is empty
    /// or has a character other than letters, digits and `_ + # = : -`; a
    /// value with a line break; `SetUp`, `FEN` or `Variant` (they come from
    /// the game's start: see [`PgnGame::new`]); a `Result` that is not a
    /// result (see [`PgnGame::set_result`]).
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::{PgnGame, TagError};
    /// let mut pgn = PgnGame::new(Game::new());
    /// assert!(pgn.try_set_tag("WhiteElo", "2700").is_ok());
    /// assert!(matches!(pgn.try_set_tag("FEN", "garbage"), Err(TagError::Derived { .. })));
    /// assert!(matches!(pgn.try_set_tag("Variant", "crazyhouse"), Err(TagError::Derived { .. })));
    /// assert!(matches!(pgn.try_set_tag("A B", "x"), Err(TagError::Name { .. })));
    /// assert!(matches!(pgn.try_set_tag("Event", "a\nb"), Err(TagError::LineBreak { .. })));
    /// assert!(matches!(pgn.try_set_tag("Result", "white won"), Err(TagError::Result { .. })));
    /// assert_eq!(pgn.tag("FEN"), None);
    /// ```
    pub fn try_set_tag(&mut self, name: &str, value: &str) -> Result<(), TagError> {
        let owned = || crate::quote::bounded(name);
        if name.is_empty() || !name.chars().all(super::write::is_tag_name_char) {
            return Err(TagError::Name { name: owned() });
        }
        if super::write::DERIVED.contains(&name) {
            return Err(TagError::Derived { name: owned() });
        }
        if value.contains(['\n', '\r']) {
            return Err(TagError::LineBreak { name: owned() });
        }
        if name == "Result" && value.parse::<GameResult>().is_err() {
            return Err(TagError::Result {
                value: crate::quote::bounded(value),
            });
        }
        self.set_tag(name, value);
        Ok(())
    }

    /// Removes every tag called `name`.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::PgnGame;
    /// let mut pgn = PgnGame::new(Game::new());
    /// pgn.remove_tag("Site");
    /// assert_eq!(pgn.tag("Site"), None);
    /// ```
    pub fn remove_tag(&mut self, name: &str) {
        let old: Vec<(String, String)> = self
            .tags()
            .filter(|&(n, _)| n != name)
            .map(|(n, v)| (String::from(n), String::from(v)))
            .collect();
        self.tag_text.clear();
        self.tag_ends.clear();
        for (n, v) in &old {
            self.push_tag(n, v);
        }
    }

    pub(crate) fn push_tag(&mut self, name: &str, value: &str) {
        self.tag_text.push_str(name);
        let name_end = self.tag_text.len() as u32;
        self.tag_text.push_str(value);
        self.tag_ends.push((name_end, self.tag_text.len() as u32));
    }

    /// The movetext's result token: `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"`
    /// (also when the movetext has none).
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("1. e4 e5 1/2-1/2".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.result(), "1/2-1/2");
    /// let g = Reader::new("1. e4 e5".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.result(), "*");
    /// ```
    pub fn result(&self) -> &str {
        self.result
    }

    /// The record's result, one rule for the export and the reader: the
    /// `Result` tag when it is a result other than `*`, else the movetext's
    /// result token ([`PgnGame::result`]); python-chess exports the same.
    /// The export writes it as both the `Result` tag and the token, so it
    /// is what a round trip keeps: [`PgnGame::result`] is the token as
    /// read, and changes in a round trip when the record's tag and token
    /// disagree (`[Result "1/2-1/2"]` ... `0-1` is written `1/2-1/2`).
    /// [`PgnGame::check_result`] says whether the game's ruling agrees.
    ///
    /// ```
    /// use chess_arbiter::pgn::{GameResult, Reader};
    /// let g = Reader::new("[Result \"1/2-1/2\"]\n\n1. e4 e5 0-1".as_bytes()).next().unwrap()?;
    /// assert_eq!((g.result(), g.tag("Result")), ("0-1", Some("1/2-1/2")));
    /// assert_eq!(g.game_result(), GameResult::Draw);
    /// let back = Reader::new(g.to_string().as_bytes()).next().unwrap()?;
    /// assert_eq!((back.result(), back.tag("Result")), ("1/2-1/2", Some("1/2-1/2")));
    /// assert_eq!(back.game_result(), g.game_result());
    /// let g = Reader::new("[Result \"1-0\"]\n\n1. e4 e5".as_bytes()).next().unwrap()?;
    /// assert_eq!((g.result(), g.game_result()), ("*", GameResult::WhiteWins));
    /// # Ok::<(), chess_arbiter::pgn::PgnError>(())
    /// ```
    pub fn game_result(&self) -> GameResult {
        match self.tag("Result").map(GameResult::of) {
            Some(tag) if tag != GameResult::Unknown => tag,
            _ => GameResult::of(self.result),
        }
    }

    /// Checks the record's result ([`PgnGame::game_result`]) against the
    /// game's ruling ([`Game::outcome`]): a result other than `*` that says
    /// otherwise than the ruling (`1-0` after Black's checkmate, a win on
    /// time that FIDE 6.9 rules a draw) is reported. A game without an
    /// outcome agrees with any result (it may have ended in a way the
    /// record does not say).
    ///
    /// # Errors
    ///
    /// [`ResultError::Contradicts`] with the result and the ruling.
    ///
    /// ```
    /// use chess_arbiter::pgn::{Reader, ResultError};
    /// let fools_mate = "1. f3 e5 2. g4 Qh4# 1-0";
    /// let g = Reader::new(fools_mate.as_bytes()).next().unwrap().unwrap();
    /// assert!(matches!(g.check_result(), Err(ResultError::Contradicts { .. })));
    /// let g = Reader::new("1. f3 e5 2. g4 Qh4# 0-1".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.check_result(), Ok(()));
    /// ```
    pub fn check_result(&self) -> Result<(), ResultError> {
        check(self.game_result(), &self.game)
    }

    /// Sets the result as [`PgnGame::set_result`] does, unless it
    /// contradicts the game's ruling.
    ///
    /// # Errors
    ///
    /// [`ResultError::Contradicts`] when `result` is not `*` and the game
    /// has an outcome that says otherwise; the record is then unchanged.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::{GameResult, PgnGame, ResultError};
    /// let mut game = Game::new();
    /// for san in ["f3", "e5", "g4", "Qh4#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let mut pgn = PgnGame::new(game);
    /// let err = pgn.try_set_result(GameResult::WhiteWins).unwrap_err();
    /// assert_eq!(err.to_string(), "result 1-0 contradicts the game's ending: black wins by checkmate");
    /// assert_eq!(pgn.result(), "0-1");
    /// assert!(pgn.try_set_result(GameResult::Unknown).is_ok());
    /// ```
    pub fn try_set_result(&mut self, result: GameResult) -> Result<(), ResultError> {
        check(result, &self.game)?;
        self.set_result(result);
        Ok(())
    }

    /// Sets the result: the movetext's result token and the `Result` tag
    /// both (the export format wants them equal). Text becomes a
    /// [`GameResult`] by `parse`, which refuses anything but a result; an
    /// [`Outcome`](crate::Outcome) by `into`. It is not checked against the
    /// game: [`PgnGame::try_set_result`] refuses a result the game's ruling
    /// contradicts, and [`PgnGame::check_result`] finds one.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::{GameResult, PgnGame};
    /// let mut pgn = PgnGame::new(Game::new());
    /// pgn.set_result("0-1".parse()?);
    /// assert_eq!(pgn.result(), "0-1");
    /// assert_eq!(pgn.tag("Result"), Some("0-1"));
    /// assert!(pgn.to_string().ends_with("\n0-1\n"));
    /// assert!("white won".parse::<GameResult>().is_err());
    /// # Ok::<(), chess_arbiter::pgn::InvalidResult>(())
    /// ```
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result.as_str();
        self.set_tag("Result", self.result);
    }

    /// The comment after mainline move `ply` (index into
    /// [`PgnGame::mainline`]: [`Game::moves`], then
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
        let mut start = 0;
        self.comment_ends.iter().map(move |&(node, end)| {
            let text = &self.comment_text[start..end as usize];
            start = end as usize;
            (node as usize, text)
        })
    }

    fn node_comment(&self, node: u32) -> Option<&str> {
        let i = self
            .comment_ends
            .binary_search_by_key(&node, |&(n, _)| n)
            .ok()?;
        let start = if i == 0 {
            0
        } else {
            self.comment_ends[i - 1].1 as usize
        };
        Some(&self.comment_text[start..self.comment_ends[i].1 as usize])
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
                .comment_ends
                .last()
                .is_none_or(|&(last, _)| last < node)
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
        self.comment_ends.clear();
        for (n, t) in all {
            self.append_comment(n, &t);
        }
    }

    /// Adds a comment to `node`, which must not come before the last
    /// commented node; a second comment there joins the first with a space.
    pub(crate) fn append_comment(&mut self, node: u32, text: &str) {
        match self.comment_ends.last_mut() {
            Some(last) if last.0 == node => {
                self.comment_text.push(' ');
                self.comment_text.push_str(text);
                last.1 = self.comment_text.len() as u32;
            }
            _ => {
                self.comment_text.push_str(text);
                self.comment_ends
                    .push((node, self.comment_text.len() as u32));
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

    pub(crate) fn push_nag(&mut self, node: u32, nag: u8) {
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

/// The result of a game as PGN writes it (PGN standard 8.2.6): the
/// movetext's last token and the `Result` tag.
///
/// ```
/// use chess_arbiter::pgn::GameResult;
/// assert_eq!("1/2-1/2".parse::<GameResult>(), Ok(GameResult::Draw));
/// assert_eq!(GameResult::WhiteWins.as_str(), "1-0");
/// assert_eq!(GameResult::Unknown.to_string(), "*");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: the game goes on, or its result is unknown.
    Unknown,
}

impl GameResult {
    /// The result as PGN spells it.
    ///
    /// ```
    /// use chess_arbiter::pgn::GameResult;
    /// assert_eq!(GameResult::BlackWins.as_str(), "0-1");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }
}

impl GameResult {
    /// The result `text` spells, [`GameResult::Unknown`] for anything else.
    pub(crate) fn of(text: &str) -> GameResult {
        text.parse().unwrap_or(GameResult::Unknown)
    }
}

impl From<crate::Outcome> for GameResult {
    /// The result of an ending: the winner's, or a draw.
    ///
    /// ```
    /// use chess_arbiter::{Color, DrawReason, Outcome, WinReason};
    /// use chess_arbiter::pgn::GameResult;
    /// let mate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate };
    /// assert_eq!(GameResult::from(mate), GameResult::BlackWins);
    /// let draw: GameResult = Outcome::Draw { reason: DrawReason::Agreement }.into();
    /// assert_eq!(draw, GameResult::Draw);
    /// ```
    fn from(outcome: crate::Outcome) -> GameResult {
        match outcome.winner() {
            Some(crate::Color::White) => GameResult::WhiteWins,
            Some(crate::Color::Black) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl From<Option<crate::Outcome>> for GameResult {
    /// The result of [`Game::outcome`]: [`GameResult::Unknown`] while the
    /// game goes on.
    ///
    /// ```
    /// use chess_arbiter::Game;
    /// use chess_arbiter::pgn::GameResult;
    /// assert_eq!(GameResult::from(Game::new().outcome()), GameResult::Unknown);
    /// ```
    fn from(outcome: Option<crate::Outcome>) -> GameResult {
        outcome.map_or(GameResult::Unknown, GameResult::from)
    }
}

impl From<GameResult> for &'static str {
    /// The result as PGN spells it ([`GameResult::as_str`]).
    ///
    /// ```
    /// use chess_arbiter::pgn::GameResult;
    /// let text: &str = GameResult::Draw.into();
    /// assert_eq!(text, "1/2-1/2");
    /// ```
    fn from(result: GameResult) -> &'static str {
        result.as_str()
    }
}

/// A tag that would not be written and read back as set
/// ([`PgnGame::try_set_tag`]).
///
/// ```
/// use chess_arbiter::Game;
/// use chess_arbiter::pgn::PgnGame;
/// let err = PgnGame::new(Game::new()).try_set_tag("SetUp", "1").unwrap_err();
/// assert_eq!(err.to_string(), "tag \"SetUp\" is written from the game's start position, not set");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TagError {
    /// An empty name, or one with a character other than letters, digits
    /// and `_ + # = : -`.
    #[error("tag name {name:?} is not letters, digits and _ + # = : -")]
    Name {
        /// The name (at most about 60 characters of it).
        name: String,
    },
    /// `SetUp`, `FEN` or `Variant`: written from the game's start.
    #[error("tag {name:?} is written from the game's start position, not set")]
    Derived {
        /// The name.
        name: String,
    },
    /// A value with a line break, which a tag line cannot hold.
    #[error("the value of tag {name:?} has a line break")]
    LineBreak {
        /// The name.
        name: String,
    },
    /// A `Result` that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("Result tag {value:?}: expected 1-0, 0-1, 1/2-1/2 or *")]
    Result {
        /// The value (at most about 60 characters of it).
        value: String,
    },
}

/// A result that the game's ruling contradicts.
///
/// ```
/// use chess_arbiter::pgn::{GameResult, Reader, ResultError};
/// let g = Reader::new("1. f3 e5 2. g4 Qh4# 1/2-1/2".as_bytes()).next().unwrap().unwrap();
/// let Err(ResultError::Contradicts { result, .. }) = g.check_result() else { panic!() };
/// assert_eq!(result, GameResult::Draw);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResultError {
    /// The result says otherwise than the game's outcome.
    #[error("result {result} contradicts the game's ending: {outcome}")]
    Contradicts {
        /// The result given or read.
        result: GameResult,
        /// How the game ended ([`Game::outcome`]).
        outcome: crate::Outcome,
    },
}

/// `Ok` unless `result` is a result that the game's outcome contradicts.
fn check(result: GameResult, game: &Game) -> Result<(), ResultError> {
    match game.outcome() {
        Some(outcome) if result != GameResult::Unknown && GameResult::from(outcome) != result => {
            Err(ResultError::Contradicts { result, outcome })
        }
        _ => Ok(()),
    }
}

/// The `Termination` tag (PGN standard 9.8.1) for an ending recorded in
/// `game` rather than reached on the board.
pub(crate) fn termination_of(game: &Game) -> Option<&'static str> {
    use crate::{DrawReason, Outcome, WinReason};
    Some(match game.ending? {
        Outcome::Decisive {
            reason: WinReason::Timeout,
            ..
        }
        | Outcome::Draw {
            reason: DrawReason::TimeoutVsInsufficientMaterial,
        } => "time forfeit",
        _ => "normal",
    })
}

/// Records in `game` the ending that a record's `Termination` tag and
/// result say, when the game has not ended by itself: `time forfeit`
/// (any case) is the loser's flag fall ([`Game::flag_fall`], so FIDE 6.9
/// may rule it a draw; with a drawn result, the flag of a side whose
/// opponent cannot mate); `normal` with a win is the loser's resignation,
/// with a draw a valid claim ([`Game::claim_draw`]) or else an agreement.
/// Other values (`abandoned`, `rules infraction`, `adjudication`, ...) and
/// records without the tag leave the game without an outcome.
pub(crate) fn read_termination(game: &mut Game, termination: &str, result: GameResult) {
    if game.outcome().is_some() {
        return;
    }
    let termination = termination.trim();
    let loser = match result {
        GameResult::WhiteWins => Some(crate::Color::Black),
        GameResult::BlackWins => Some(crate::Color::White),
        _ => None,
    };
    if termination.eq_ignore_ascii_case("time forfeit") {
        match (loser, result) {
            (Some(loser), _) => {
                let _ = game.flag_fall(loser);
            }
            (None, GameResult::Draw) => {
                let turn = game.position().turn();
                let drawn = [turn, !turn]
                    .into_iter()
                    .find(|&side| game.outcome_on_timeout(side).winner().is_none());
                if let Some(side) = drawn {
                    let _ = game.flag_fall(side);
                }
            }
            _ => {}
        }
    } else if termination.eq_ignore_ascii_case("normal") {
        match (loser, result) {
            (Some(loser), _) => {
                let _ = game.resign(loser);
            }
            (None, GameResult::Draw) if game.claim_draw().is_err() => {
                let _ = game.agree_draw();
            }
            _ => {}
        }
    }
}

impl core::fmt::Display for GameResult {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A text that is not a PGN result (`1-0`, `0-1`, `1/2-1/2` or `*`).
///
/// ```
/// use chess_arbiter::pgn::GameResult;
/// let err = "1:0".parse::<GameResult>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid result \"1:0\": expected 1-0, 0-1, 1/2-1/2 or *");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {text:?}: expected 1-0, 0-1, 1/2-1/2 or *")]
pub struct InvalidResult {
    /// The text given (at most about 60 characters of it).
    pub text: String,
}

impl core::str::FromStr for GameResult {
    type Err = InvalidResult;

    fn from_str(text: &str) -> Result<GameResult, InvalidResult> {
        match text {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unknown),
            _ => Err(InvalidResult {
                text: crate::quote::bounded(text),
            }),
        }
    }
}

/// The result token spelled as PGN spells it, if `text` is one.
pub(crate) fn result_token(text: &str) -> Option<&'static str> {
    ["1-0", "0-1", "1/2-1/2", "*"]
        .into_iter()
        .find(|&r| r == text)
}

/// `Some((chess960, fen))` when the game needs `SetUp`/`FEN` tags.
pub(crate) fn setup_tags(game: &Game) -> Option<(bool, String)> {
    let start = game.start();
    let chess960 = start.castling_mode() == CastlingMode::Chess960;
    (chess960 || *start != Position::new()).then(|| (chess960, start.fen()))
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
