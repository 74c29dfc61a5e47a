//! Tags: the Seven Tag Roster, a new game's tags, reading and setting tag
//! pairs, the rules for tag names, and the tags written from the game's
//! start (`SetUp`, `FEN`, `Variant`).

use super::game::PgnGame;
use super::result::{GameResult, result_token, termination_of};
use crate::{CastlingMode, Game, Position};
use alloc::string::String;
use alloc::vec::Vec;

/// The Seven Tag Roster, in its export order (PGN standard 8.1.1).
pub(crate) const SEVEN_TAG_ROSTER: [&str; 7] =
    ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

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

    /// The value of the first tag called `name` (case-sensitive), unescaped.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let g = Reader::new("[White \"Tal, \\\"Misha\\\"\"]\n\n*".as_bytes()).next().unwrap().unwrap();
    /// assert_eq!(g.tag("White"), Some("Tal, \"Misha\""));
    /// assert_eq!(g.tag("Black"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        // Names compared by length, then by bytes: only the value found is
        // taken as text (a lookup per game is the `pgn` program's work on
        // the thread that takes the games).
        let mut start = 0;
        for &(name_end, value_end) in &self.tag_ends {
            let (n, v) = (name_end as usize, value_end as usize);
            if n.checked_sub(start) == Some(name.len())
                && self.tag_text.as_bytes().get(start..n) == Some(name.as_bytes())
            {
                return self.tag_text.get(n + GAP..v);
            }
            start = v;
        }
        None
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
            let pair = (&self.tag_text[start..n], &self.tag_text[n + GAP..v]);
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
        if name.is_empty() || !name.chars().all(is_tag_name_char) {
            return Err(TagError::Name { name: owned() });
        }
        if DERIVED.contains(&name) {
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

    /// Where the value of the tag at `index` (in order) stands in
    /// `tag_text`.
    pub(crate) fn value_range(&self, index: usize) -> core::ops::Range<usize> {
        let (name_end, value_end) = self.tag_ends[index];
        name_end as usize + GAP..value_end as usize
    }

    pub(crate) fn push_tag(&mut self, name: &str, value: &str) {
        self.tag_text.push_str(name);
        let name_end = self.tag_text.len() as u32;
        self.tag_text.push_str(" \"");
        self.tag_text.push_str(value);
        self.tag_ends.push((name_end, self.tag_text.len() as u32));
    }

    /// [`PgnGame::push_tag`] of a tag read from a plain tag line: `pair`
    /// is the line's `name "value` (a name of `name_len` bytes, `value`
    /// holding no escape), kept as it stands in one copy.
    #[inline]
    pub(crate) fn push_tag_pair(&mut self, pair: &str, name_len: usize) {
        debug_assert_eq!(
            pair.as_bytes().get(name_len..name_len + GAP),
            Some(&b" \""[..])
        );
        let name_end = (self.tag_text.len() + name_len) as u32;
        self.tag_text.push_str(pair);
        self.tag_ends.push((name_end, self.tag_text.len() as u32));
    }
}

/// What stands between a tag's name and its value in
/// [`PgnGame::tag_text`]: ` "`, as on a tag line, so that a plain line's
/// `name "value` is kept in one copy.
const GAP: usize = 2;

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

/// `Some((chess960, fen))` when the game needs `SetUp`/`FEN` tags.
pub(crate) fn setup_tags(game: &Game) -> Option<(bool, String)> {
    let start = game.start();
    let chess960 = start.castling_mode() == CastlingMode::Chess960;
    (chess960 || *start != Position::new()).then(|| (chess960, start.fen()))
}

/// Tags the writer derives from the game's start, never from the record.
pub(crate) const DERIVED: [&str; 3] = ["SetUp", "FEN", "Variant"];

/// A character the reader takes in a tag name.
pub(crate) fn is_tag_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '#' | '=' | ':' | '-')
}

/// The `[Variant]` names read as standard chess or as Chess960 (any case).
pub(crate) fn variant(name: &str) -> Option<bool> {
    let lower = name.trim().to_ascii_lowercase();
    match lower.as_str() {
        "standard" | "from position" | "" => Some(false),
        "chess960" | "chess 960" | "fischerandom" | "fischer random" => Some(true),
        _ => None,
    }
}
