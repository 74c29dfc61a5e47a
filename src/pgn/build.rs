//! The sink behind [`Reader`](super::Reader): plays the mainline into a
//! [`Game`], keeps tags, comments, NAGs and the result in a [`PgnGame`].

use super::error::{PgnError, PgnErrorKind};
use super::game::{Buffers, PgnGame};
use super::result::{self, read_termination};
use super::scan;
use super::tags::variant;
use super::tokenizer::{GameText, Sink, visit_game};
use super::tree::{MAX_NESTING, Variation, join};
use super::visit::unescape;
use crate::game::pgn_reader::{AssumedLife, AssumedMove};
use crate::quote::bounded_bytes;
use crate::{CastlingMode, Color, Game, Outcome, Position, SanError, WinReason, Winnability};
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The sink behind [`Reader`](super::Reader): plays the mainline, keeps the rest.
pub(crate) struct Builder {
    /// The game being built.
    pub(crate) record: PgnGame,
    chess960: bool,
    /// The place in the tags of the first `FEN` tag (its value read from
    /// the tags' text: no copy).
    fen: Option<usize>,
    /// The variations open, innermost last (at most [`MAX_NESTING`]).
    open: Vec<Open>,
    /// Parentheses open inside a variation read for syntax only (one with
    /// no move before it to replace): counted, nothing kept.
    skipping: u64,
    /// Once the game has ended by itself with moves still written: the
    /// position the record has reached, and the one before its last move
    /// (boxed: rare, and a builder is moved less cheaply with it inline).
    beyond: Option<Box<(Position, Position)>>,
    /// The mainline's comments as read: node, and where the text starts
    /// and ends in the game's text from `span_base` (copied once, with the
    /// game's text, by [`Builder::resolve_comments`]).
    spans: Vec<(u32, usize, usize)>,
    /// A vector to make `spans` in at the first comment (a dropped game's,
    /// [`Builder::reusing`]), or none.
    spare_spans: Vec<(u32, usize, usize)>,
    /// Where the first of `spans` starts in the game's text: the spans are
    /// places from it, as in the one copy of the text from it.
    span_base: usize,
    /// The mainline is played with its positions taken to be alive, to be
    /// checked once at the end ([`read_again`]), not by a proof per move.
    assuming_life: bool,
    /// The next move is the mainline's, read with the life assumed: no
    /// variation open or skipped and the game's end not passed (kept so
    /// by [`Builder::refresh_plain`], so that a move asks one question,
    /// not four).
    plain: bool,
    /// Variations are read for syntax only (nothing kept, their moves not
    /// played): for a caller who reads the mainline alone.
    mainline_only: bool,
    /// A loss on time whose winner was found able to mate at the last
    /// position (FIDE 6.9 rules it a loss): the side whose flag fell.
    lost_on_time: Option<Color>,
    /// A loss on time whose winner was not found able to mate: the side
    /// whose flag fell, the winner's verdict at the last position, and the
    /// plies played then (the verdict stands for that position only), so
    /// that the ruling does not ask the question again.
    timeout_verdict: Option<(Color, Winnability, usize)>,
    /// The room made for the game ([`Room`]).
    room: Room,
    /// The places in the tags of the first `Termination` and `Result`
    /// tags (what [`PgnGame::tag`] would find), noted as they are read.
    termination: Option<usize>,
    result_tag: Option<usize>,
    /// What the ruling found of the last position, if it was asked
    /// ([`AssumedLife::Holds`]: it has a legal move; [`AssumedLife::Mate`]:
    /// checkmate): [`Builder::end`] then tells whether the game is over
    /// without generating moves again.
    last_life: Option<AssumedLife>,
}

/// Room to make in a new game's history and comments, taken from the games
/// read before it (games of a file are alike): most games then grow no
/// vector while they are read.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Room {
    plies: usize,
    comments: usize,
}

impl Room {
    /// The room for the game after `game`: a quarter more than the most
    /// the recent games needed (what an earlier game needed fades by a
    /// 32nd a game), so that a game somewhat longer than those before it
    /// grows no vector either; capped so that one huge game does not make
    /// every game after it take that much.
    pub(crate) fn after(self, game: &PgnGame) -> Room {
        const CAP: usize = 1024;
        let next =
            |needed: usize, room: usize| (needed + needed / 4).max(room - room / 32).min(CAP);
        Room {
            plies: next(game.game.moves().len(), self.plies),
            comments: next(game.comment_spans.len(), self.comments),
        }
    }
}

/// A variation being read.
struct Open {
    line: Variation,
    /// The position before the line's last move (for a variation of it).
    before_last: Position,
    /// The ply of its first move, counted as in the mainline.
    first_ply: usize,
}

impl Default for Builder {
    fn default() -> Builder {
        Builder::new(false, Room::default())
    }
}

impl Builder {
    /// A builder for one game, whose game has `room` (see [`Room`]); see
    /// [`Reader::mainline_only`](super::Reader::mainline_only). Built in
    /// place, not copied from a default (a builder is large).
    pub(crate) fn new(mainline_only: bool, room: Room) -> Builder {
        // Sized as a reused game's buffers are, for a typical game: no trip
        // through the growth path.
        Builder::reusing(mainline_only, room, Buffers::default())
    }

    /// [`Builder::new`] in the buffers of a game dropped ([`Buffers`]):
    /// cleared, their room kept (and made as large as a new game's).
    pub(crate) fn reusing(mainline_only: bool, room: Room, buffers: Buffers) -> Builder {
        /// Buffers made larger than this many plies (comments, tags) by a
        /// huge game are freed, not reused.
        const MOST: usize = 4096;
        let Buffers {
            history,
            mut tag_text,
            mut tag_ends,
            mut comment_text,
            mut comment_spans,
            mut nags,
            ..
        } = buffers.trimmed(MOST);
        // The standard start is alive (as for Game::new).
        let game = Game::assuming_life_reusing(Position::new(), room.plies.max(64), history);
        let mut record = PgnGame::empty(game);
        tag_text.clear();
        tag_text.reserve(384);
        tag_ends.clear();
        tag_ends.reserve(20);
        comment_text.clear();
        comment_spans.clear();
        nags.clear();
        record.tag_text = tag_text;
        record.tag_ends = tag_ends;
        record.comment_text = comment_text;
        record.nags = nags;
        Builder::around(mainline_only, room, record, comment_spans)
    }

    /// A builder of `record` (a game with no move, no tag), `spare_spans`
    /// to keep its comments' places in.
    #[inline(always)]
    fn around(
        mainline_only: bool,
        room: Room,
        record: PgnGame,
        spare_spans: Vec<(u32, usize, usize)>,
    ) -> Builder {
        Builder {
            record,
            chess960: false,
            fen: None,
            open: Vec::new(),
            skipping: 0,
            beyond: None,
            // Made with the first comment (many records have none).
            spans: Vec::new(),
            spare_spans,
            span_base: 0,
            assuming_life: true,
            plain: true,
            mainline_only,
            lost_on_time: None,
            timeout_verdict: None,
            room,
            termination: None,
            result_tag: None,
            last_life: None,
        }
    }
}

/// Reads one game's text into a [`Builder`] exactly as [`Game::play`]
/// would rule it move by move (see [`read_again`]), with `room` made in
/// the game ([`Room`]).
///
/// With `mainline_only`, the variations are read for syntax only (a record
/// whose mainline is legal then reads, whatever its variations hold).
/// The tests' oracle of the one-pass reading.
#[cfg(test)]
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
pub(crate) fn build_with(
    text: &GameText<'_>,
    mainline_only: bool,
    room: Room,
) -> Result<Builder, PgnError> {
    let mut builder = Builder::new(mainline_only, room);
    let first = visit_game(text, &mut builder);
    read_again(&mut builder, first, text).map(|()| builder)
}

/// A game read by `builder` (`first`: how that reading went) as
/// [`Game::play`] would rule it move by move, at the cost of one
/// dead-position proof per game rather than one per move: the mainline is
/// first played with its positions taken to be alive, which holds when the
/// last position is checkmate or proved alive (every earlier position
/// reaches it, and a dead position leads only to dead ones, FIDE 5.2.2).
/// A loss on time asks the winner's FIDE 6.9 question first: a line to
/// mate answers it and shows the last position alive at once (when the
/// side whose flag fell can never mate, the last position's proof of life
/// is that line, and is asked instead). Otherwise
/// the game is ruled where it stands, without reading the record again: it ends at the first dead position, and the moves after it are
/// kept as written after the end. A record in error (whose reading
/// stopped early) keeps its error when the last position read is alive;
/// only when it is not (or is undecided) is the record read again
/// (`text`), every move ruled as `Game::play` rules it.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
pub(crate) fn read_again(
    builder: &mut Builder,
    first: Result<(), PgnError>,
    text: &GameText<'_>,
) -> Result<(), PgnError> {
    rule(builder, first, text)?;
    builder.resolve_comments(text.text, 0, "", (0, 0));
    Ok(())
}

/// [`read_again`] but for the comments, which stay places in the text.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
fn rule(
    builder: &mut Builder,
    first: Result<(), PgnError>,
    text: &GameText<'_>,
) -> Result<(), PgnError> {
    if let Err(error) = first {
        // The error stands as read when no position before it is dead:
        // `Game::play` would have ruled every move the same way. The last
        // position alive (or checkmate) vouches for all before it, as a
        // dead position leads only to dead ones (FIDE 5.2.2).
        let game = &mut builder.record.game;
        let untouched = game.moves().is_empty() && *game.start() == Position::new();
        if untouched
            || matches!(
                game.check_assumed_life(),
                AssumedLife::Holds | AssumedLife::Mate
            )
        {
            return Err(error);
        }
        let mut again = Builder {
            assuming_life: false,
            plain: false,
            mainline_only: builder.mainline_only,
            ..Builder::default()
        };
        visit_game(text, &mut again)?;
        *builder = again;
        return Ok(());
    }
    // A loss on time: the winner's FIDE 6.9 question first. A proof that
    // the winner can mate (a line, or a known winnable ending) shows the
    // last position alive as well, so no other proof is needed. When the
    // side whose flag fell can never mate (the material rule of FIDE 6.9,
    // sound for good: it has no pawn to promote), a proof that the last
    // position is alive is the winner's line to mate: that proof, the
    // cheaper, answers both.
    let flagged = builder
        .termination()
        .and_then(|termination| result::flagged(termination, builder.game_result()));
    let mut assumed = None;
    if let Some(flagged) = flagged {
        let game = &mut builder.record.game;
        let last = game.position();
        // (A checkmate stands as it is.)
        if !last.is_checkmate() {
            if last.has_insufficient_material(flagged) {
                let life = game.check_assumed_life();
                if matches!(life, AssumedLife::Holds | AssumedLife::Mate) {
                    builder.last_life = Some(life);
                    builder.lost_on_time = Some(flagged);
                    return Ok(());
                }
                assumed = Some(life);
            } else {
                let verdict = crate::dead::mate_verdict(last, !flagged);
                if verdict == Winnability::Winnable {
                    builder.lost_on_time = Some(flagged);
                    return Ok(());
                }
                // Kept for the ruling: asked once.
                builder.timeout_verdict = Some((flagged, verdict, game.moves().len()));
            }
        }
    }
    let game = &mut builder.record.game;
    let dead_at = match assumed.unwrap_or_else(|| game.check_assumed_life()) {
        life @ (AssumedLife::Holds | AssumedLife::Mate) => {
            builder.last_life = Some(life);
            return Ok(());
        }
        AssumedLife::DeadAt(ply) => Some(ply),
        AssumedLife::Unknown => {
            let start_proved = builder.fen.is_some() || builder.chess960;
            game.rule_life_move_by_move(start_proved)
        }
    };
    if let Some(ply) = dead_at {
        let mut after = game.end_dead_at(ply);
        if !after.is_empty() {
            after.append(&mut builder.record.after_end);
            builder.record.after_end = after;
        }
    }
    Ok(())
}

/// Whether `game` has an outcome ([`Game::outcome`]), with no move
/// generated when the ruling already told checkmate or a legal move at
/// its last position (`life`, [`Builder::last_life`]).
fn is_over(game: &Game, life: Option<AssumedLife>) -> bool {
    debug_assert!(
        life != Some(AssumedLife::Mate) || game.position().is_checkmate(),
        "a checkmate told by the ruling"
    );
    match life {
        Some(AssumedLife::Mate) => true,
        Some(AssumedLife::Holds) => game.outcome_with_a_move().is_some(),
        _ => game.outcome().is_some(),
    }
}

/// A game read with every move ruled as [`Game::play`] rules it (a proof
/// per move): the test oracle of [`read_again`].
#[cfg(test)]
#[allow(clippy::result_large_err)]
pub(crate) fn build_ruled(text: &GameText<'_>, mainline_only: bool) -> Result<Builder, PgnError> {
    let mut builder = Builder {
        assuming_life: false,
        plain: false,
        mainline_only,
        ..Builder::default()
    };
    visit_game(text, &mut builder)?;
    builder.resolve_comments(text.text, 0, "", (0, 0));
    Ok(builder)
}

impl Builder {
    /// The mainline's comments, read as places in `text` (the game's text
    /// the tokenizer read), into the game: the stretch of text from the
    /// first comment to the last copied once and checked as UTF-8 once,
    /// each comment a span of it. Comments with a CR in them (a line break
    /// reads as `\n`), several on one node (joined by a space), text that
    /// is not UTF-8, or comments far apart in a long movetext are copied
    /// one by one instead.
    ///
    /// `checked` is `text[base..]` as far as the tokenizer checked it as
    /// UTF-8: that part of the stretch is copied from it, not checked
    /// again (`""` when nothing was checked); no line end is in
    /// `text[one_line.0..one_line.1]` (a stretch within it holds no CR,
    /// with no search; `(0, 0)` when no such line is known).
    pub(crate) fn resolve_comments(
        &mut self,
        text: &[u8],
        base: usize,
        checked: &str,
        one_line: (usize, usize),
    ) {
        let spans = core::mem::take(&mut self.spans);
        let Some(last) = spans.last() else {
            return;
        };
        // (The first span starts at 0.)
        let low = self.span_base;
        let high = low.saturating_add(last.2).min(text.len());
        let stretch = text.get(low..high).unwrap_or_default();
        let comment_bytes =
            |spans: &[(u32, usize, usize)]| -> usize { spans.iter().map(|&(_, a, b)| b - a).sum() };
        // Not much more text copied than the comments hold: told first by
        // their number (a clock comment's stretch is some 25 bytes a
        // comment), their bytes summed only when that does not tell.
        let short = stretch.len() <= 64 * spans.len() + 4096
            || stretch.len() <= 2 * comment_bytes(&spans) + 4096;
        let in_line = one_line.0 <= low && high <= one_line.1;
        if short && (in_line || scan::find(stretch, b'\r').is_none()) {
            // Each node after the one before (no two comments to join).
            let mut ordered = true;
            let mut next_node = 0;
            for span in &spans {
                ordered &= u64::from(span.0) >= next_node;
                next_node = u64::from(span.0) + 1;
            }
            if ordered
                && copy_checked(
                    &mut self.record.comment_text,
                    text,
                    low,
                    high,
                    base,
                    checked,
                )
            {
                self.record.comment_spans = spans;
                return;
            }
        }
        let comment_bytes = comment_bytes(&spans);
        let mut bytes = Vec::with_capacity(comment_bytes + spans.len());
        for &(node, a, b) in &spans {
            bytes.clear();
            let (a, b) = (low.saturating_add(a), low.saturating_add(b));
            push_comment(&mut bytes, text.get(a..b).unwrap_or_default());
            self.record
                .append_comment(node, &String::from_utf8_lossy(&bytes));
        }
    }

    /// The first `Termination` tag's value, as [`PgnGame::tag`] finds it.
    fn termination(&self) -> Option<&str> {
        let range = self.record.value_range(self.termination?);
        self.record.tag_text.get(range)
    }

    /// [`PgnGame::game_result`], from the `Result` tag noted when read.
    fn game_result(&self) -> result::GameResult {
        let tag = self
            .result_tag
            .and_then(|index| self.record.tag_text.get(self.record.value_range(index)));
        result::record_result(tag, self.record.result)
    }

    /// The game being built (before [`Builder::end`] rules its end).
    pub(crate) fn record(&self) -> &PgnGame {
        &self.record
    }

    /// The game built goes back to `bin` when dropped.
    pub(crate) fn send_home_to(&mut self, bin: &alloc::sync::Arc<super::parallel::Bin>) {
        self.record.home = super::parallel::Home::of(bin);
    }

    /// The buffers of the game being built, for another to be built in
    /// ([`PgnGame::take_buffers`]): the builder is left fit only to be
    /// dropped.
    pub(crate) fn take_buffers(&mut self) -> Buffers {
        let mut buffers = self.record.take_buffers();
        if buffers.comment_spans.capacity() == 0 {
            buffers.comment_spans = core::mem::take(&mut self.spans);
        }
        buffers
    }

    /// Ends the game built, read at `origin`: its end ruled in place, with
    /// its origin set, it is then [`Builder::record`], to be moved out once
    /// (a builder moved into a function returning the game is copied
    /// whole first).
    pub(crate) fn end(&mut self, origin: super::game::Origin) {
        self.record.origin = origin;
        if let Some(flagged) = self.lost_on_time {
            // As Game::flag_fall rules it, the opponent's line to mate known.
            let game = &mut self.record.game;
            if !is_over(game, self.last_life) {
                game.ending = Some(Outcome::Decisive {
                    winner: !flagged,
                    reason: WinReason::Timeout,
                });
            }
        } else if let Some(index) = self.termination {
            // Where the value stands in the tags' text, so that the game can
            // be ruled beside it (no copy).
            let value = self.record.value_range(index);
            let result = self.game_result();
            let life = self.last_life;
            let PgnGame { game, tag_text, .. } = &mut self.record;
            // The winner's verdict, if asked at the position the game ends
            // at (a dead position found since ends it earlier).
            let known = self
                .timeout_verdict
                .filter(|&(_, _, plies)| plies == game.moves().len())
                .map(|(flagged, verdict, _)| (flagged, verdict));
            let termination = tag_text.get(value).unwrap_or_default();
            read_termination(game, termination, result, known, |game| is_over(game, life));
        }
    }
}

impl Builder {
    /// What a tag tells the builder (its value unescaped), noted before it
    /// is kept: where the first `Termination`, `Result` and `FEN` tags
    /// stand, and the variant.
    #[inline(always)]
    fn note_tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        let index = self.record.tag_ends.len();
        // The names as fixed-size arrays: compared in a few loads, where a
        // `match` on the text called `bcmp` for most tags.
        let name_bytes = name.as_bytes();
        if is(name_bytes, b"Termination") {
            self.termination.get_or_insert(index);
        } else if is(name_bytes, b"Result") {
            self.result_tag.get_or_insert(index);
        } else if is(name_bytes, b"Variant") {
            match variant(value) {
                Some(chess960) => self.chess960 |= chess960,
                None => return Err(PgnErrorKind::Variant(value.into())),
            }
        } else if name_bytes == b"FEN" {
            self.fen.get_or_insert(index);
        }
        Ok(())
    }
}

impl Sink for Builder {
    fn begin_game(&mut self) {}

    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        // Most values hold no escape: eight bytes at a time tell.
        if has_backslash(value.as_bytes()) {
            return self.tag_without_escape(name, &unescape(value));
        }
        self.tag_without_escape(name, value)
    }

    /// (`value` unescaped: as it is kept.)
    #[inline]
    fn tag_without_escape(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.note_tag(name, value)?;
        self.record.push_tag(name, value);
        Ok(())
    }

    /// (A plain line's pair, kept in one copy.)
    #[inline]
    fn tag_pair(&mut self, pair: &str, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        self.note_tag(name, value)?;
        self.record.push_tag_pair(pair, name.len());
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> {
        if self.fen.is_none() && !self.chess960 {
            return Ok(());
        }
        let fen = match self.fen {
            Some(index) => {
                let value = self.record.value_range(index);
                self.record.tag_text.get(value).unwrap_or_default()
            }
            None => START_FEN,
        };
        let start = if self.chess960 {
            Position::from_fen_with_mode(fen, CastlingMode::Chess960)
        } else {
            Position::from_fen(fen)
        };
        let start = start.map_err(PgnErrorKind::Fen)?;
        if self.assuming_life {
            // The game made with the builder, no move played yet: its
            // vectors are kept.
            self.record.game.restart_assuming_life(start);
        } else {
            self.record.game = Game::from_position(start);
        }
        Ok(())
    }

    #[inline(always)]
    fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        if self.plain {
            // As [`Builder::ruled_san`], with the tests of the game's end
            // in one place.
            return match self
                .record
                .game
                .play_san_bytes_unless_over_assuming_life(san)
            {
                AssumedMove::Played => Ok(()),
                AssumedMove::NoMove => Err(self.mainline_no_move(san)),
                AssumedMove::Over => self.other_san(san),
            };
        }
        self.ruled_san(san)
    }

    fn nag(&mut self, nag: u8) {
        if self.skipping > 0 {
            return;
        }
        let depth = self.open.len();
        if let Some(open) = self.open.last_mut() {
            if let Some(node) = open.line.last_node_mut() {
                if !node.nags.contains(&nag) {
                    node.nags.push(nag);
                }
                return;
            }
            // Before the variation's first move: the move before the one
            // it replaces has it (as python-chess reads it).
            let first_ply = open.first_ply;
            if depth == 1 {
                if let Ok(node) = u32::try_from(first_ply) {
                    self.record.push_nag(node, nag);
                }
            } else if let Some(parent) = self.open.get_mut(depth - 2) {
                let index = (first_ply - parent.first_ply).checked_sub(1);
                if let Some(node) = index.and_then(|i| parent.line.node_mut(i)) {
                    if !node.nags.contains(&nag) {
                        node.nags.push(nag);
                    }
                }
            }
            return;
        }
        let Ok(node) = u32::try_from(self.record.mainline_len()) else {
            return;
        };
        self.record.push_nag(node, nag);
    }

    #[inline]
    fn comment(&mut self, text: &[u8], at: usize) {
        // `plain`: no variation open or skipped, one test for most comments.
        if !self.plain && (self.skipping > 0 || !self.open.is_empty()) {
            self.other_comment(text);
            return;
        }
        let Ok(node) = u32::try_from(self.record.mainline_len()) else {
            return;
        };
        if self.spans.len() == self.spans.capacity() {
            self.grow_spans(at);
        }
        // (Comments come in the text's order: none before the first.)
        let at = at.wrapping_sub(self.span_base);
        self.spans.push((node, at, at.wrapping_add(text.len())));
    }

    fn begin_variation(&mut self) -> Result<(), PgnErrorKind> {
        let opened = self.open_variation();
        self.refresh_plain();
        opened
    }

    fn end_variation(&mut self) {
        self.close_variation();
        self.refresh_plain();
    }

    fn result(&mut self, result: &'static str) {
        self.record.result = result;
    }

    const CHECKED: bool = true;

    fn movetext_read(&mut self, text: &[u8], base: usize, checked: &str, one_line: (usize, usize)) {
        self.resolve_comments(text, base, checked, one_line);
    }
}

impl Builder {
    /// [`Sink::san`] off the plain path (every move ruled as it is played,
    /// a variation, moves after the game's end): out of line, so that the
    /// plain path saves no registers and makes no room for it.
    #[inline(never)]
    fn ruled_san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        if self.open.is_empty() && self.skipping == 0 && self.beyond.is_none() {
            let game = &mut self.record.game;
            // A move follows: the game must not have ended by itself
            // (Game::play refuses a move then). Checkmate and stalemate
            // leave no legal move: the move is an error.
            if !game.is_over_with_moves_left() {
                return match game.play_san_bytes(san) {
                    Ok(_) => Ok(()),
                    Err(source) => Err(self.mainline_error(san, source)),
                };
            }
        }
        self.other_san(san)
    }

    /// Room for more comments: at the first (at `at` in the game's text,
    /// where the spans are counted from), as much as the games before
    /// needed ([`Room`]).
    #[cold]
    #[inline(never)]
    fn grow_spans(&mut self, at: usize) {
        if self.spans.capacity() == 0 {
            self.span_base = at;
            let mut spans = core::mem::take(&mut self.spare_spans);
            spans.reserve(self.room.comments.max(128));
            self.spans = spans;
        } else {
            self.spans.reserve(self.spans.capacity());
        }
    }

    /// Sets [`Builder::plain`] from what it stands for, after a variation
    /// opened or closed or the game's end was passed.
    fn refresh_plain(&mut self) {
        self.plain = self.assuming_life
            && self.open.is_empty()
            && self.skipping == 0
            && self.beyond.is_none();
    }

    /// [`Sink::begin_variation`], [`Builder::refresh_plain`] aside.
    fn open_variation(&mut self) -> Result<(), PgnErrorKind> {
        if self.skipping > 0 || self.mainline_only {
            self.skipping += 1;
            return Ok(());
        }
        // A `(` with no move before it to replace is read for syntax only
        // (as before any move of the game; python-chess skips it too).
        let open = match self.open.last() {
            Some(_) if self.open.len() >= MAX_NESTING => {
                return Err(PgnErrorKind::TooDeep { limit: MAX_NESTING });
            }
            Some(parent) if !parent.line.is_empty() => Open {
                line: Variation::new(parent.before_last.clone()),
                before_last: parent.before_last.clone(),
                first_ply: parent.first_ply + parent.line.len() - 1,
            },
            Some(_) => {
                self.skipping = 1;
                return Ok(());
            }
            None => match self.record.mainline_len().checked_sub(1) {
                None => {
                    self.skipping = 1;
                    return Ok(());
                }
                Some(ply) => {
                    let start = match self.beyond.as_deref() {
                        Some((_, before_last)) if !self.record.after_end.is_empty() => {
                            before_last.clone()
                        }
                        _ => self.record.game.replayed(ply),
                    };
                    Open {
                        line: Variation::new(start.clone()),
                        before_last: start,
                        first_ply: ply,
                    }
                }
            },
        };
        self.open.push(open);
        Ok(())
    }

    /// [`Sink::end_variation`], [`Builder::refresh_plain`] aside.
    fn close_variation(&mut self) {
        if self.skipping > 0 {
            self.skipping -= 1;
            return;
        }
        let Some(done) = self.open.pop() else {
            return;
        };
        match self.open.last_mut() {
            Some(parent) => {
                if let Some(node) = parent.line.last_node_mut() {
                    node.variations.push(done.line);
                }
            }
            None => {
                let Ok(ply) = u32::try_from(done.first_ply) else {
                    return;
                };
                let vars = &mut self.record.variations;
                match vars.last_mut() {
                    Some((last, list)) if *last == ply => list.push(done.line),
                    _ => vars.push((ply, alloc::vec![done.line])),
                }
            }
        }
    }

    /// The error for a mainline move that is no legal move, worked out on
    /// the rare path.
    #[cold]
    #[inline(never)]
    fn mainline_no_move(&self, san: &[u8]) -> PgnErrorKind {
        let source = self.record.game.position().san_failure(san);
        self.mainline_error(san, source)
    }

    #[cold]
    #[inline(never)]
    fn mainline_error(&self, san: &[u8], source: SanError) -> PgnErrorKind {
        let game = &self.record.game;
        let source = match game.outcome() {
            Some(outcome) => SanError::GameOver {
                input: bounded_bytes(san),
                outcome,
            },
            None => source,
        };
        move_error(game.moves().len(), game.position(), san, source, false)
    }

    /// A comment in a variation (or in one read for syntax only).
    #[cold]
    #[inline(never)]
    fn other_comment(&mut self, text: &[u8]) {
        if self.skipping > 0 {
            return;
        }
        if let Some(open) = self.open.last_mut() {
            let mut bytes = Vec::new();
            push_comment(&mut bytes, text);
            let text = String::from_utf8_lossy(&bytes);
            let slot = match open.line.last_node_mut() {
                Some(node) => &mut node.comment,
                None => open.line.starting_comment_mut(),
            };
            *slot = Some(join(slot.take(), &text));
        }
    }

    /// A move in a variation, or after the game's end.
    #[cold]
    #[inline(never)]
    fn other_san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        if self.skipping > 0 {
            return Ok(());
        }
        if !self.open.is_empty() {
            return self.variation_san(san);
        }
        if self.beyond.is_none() {
            let end = self.record.game.position().clone();
            self.beyond = Some(Box::new((end.clone(), end)));
            self.refresh_plain();
        }
        // The record goes on after the game's end: kept, not played.
        let ply = self.record.mainline_len();
        let Some((pos, before_last)) = self.beyond.as_deref_mut() else {
            return Ok(());
        };
        match parse_cold(pos, san) {
            Ok(m) => {
                before_last.clone_from(pos);
                pos.play_unchecked(m);
                self.record.after_end.push(m);
                Ok(())
            }
            Err(source) => Err(move_error(ply, pos, san, over(pos, san, source), false)),
        }
    }

    fn variation_san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        let Some(open) = self.open.last_mut() else {
            return Ok(());
        };
        let end = open.line.end();
        match parse_cold(end, san) {
            Ok(m) => {
                open.before_last.clone_from(end);
                open.line.push_checked(m);
                Ok(())
            }
            Err(source) => {
                let ply = open.first_ply + open.line.len();
                let source = over(end, san, source);
                Err(move_error(ply, end, san, source, true))
            }
        }
    }
}

/// `text[low..high]` copied into `out` (emptied first; false, `out`
/// untouched, when it is not UTF-8), `checked` being
/// `text[base..]` as far as it is known to be UTF-8: the part of the range
/// it holds is copied from it, and only the rest is checked. (UTF-8
/// synchronises on every character: `text[low..high]` is UTF-8 when its
/// part in `checked` and the rest are, the rest starting where `checked`
/// ends, on a character's first byte or a byte that is not UTF-8.)
fn copy_checked(
    out: &mut String,
    text: &[u8],
    low: usize,
    high: usize,
    base: usize,
    checked: &str,
) -> bool {
    let end = base + checked.len();
    let head = match low.checked_sub(base) {
        Some(from) if low < end => checked.get(from..high.min(end) - base),
        _ => None,
    }
    .unwrap_or_default();
    let Some(Ok(tail)) = text.get(low + head.len()..high).map(core::str::from_utf8) else {
        return false;
    };
    out.clear();
    out.reserve(high - low);
    out.push_str(head);
    out.push_str(tail);
    true
}

/// `source`, or "the game is over" when `pos` is checkmate or stalemate.
fn over(pos: &Position, san: &[u8], source: SanError) -> SanError {
    match pos.outcome() {
        Some(outcome) => SanError::GameOver {
            input: bounded_bytes(san),
            outcome,
        },
        None => source,
    }
}

/// The error for a move that could not be played from `pos`.
fn move_error(
    ply: usize,
    pos: &Position,
    san: &[u8],
    source: SanError,
    variation: bool,
) -> PgnErrorKind {
    let number = pos.fullmove_number();
    let token = bounded_bytes(san);
    if [&b"--"[..], b"Z0", b"0000", b"@@@@"].contains(&san) {
        PgnErrorKind::NullMove { ply, number, token }
    } else if variation {
        PgnErrorKind::VariationMove {
            ply,
            number,
            token,
            source,
        }
    } else {
        PgnErrorKind::Move {
            ply,
            number,
            token,
            source,
        }
    }
}

/// Appends a comment's bytes; a line break inside it reads as `\n` however
/// it was written (CRLF, CRs before LF, or CRs alone: a lone CR ends a line
/// in this reader, as in python-chess).
#[inline]
fn push_comment(out: &mut Vec<u8>, text: &[u8]) {
    if !has_cr(text) {
        out.extend_from_slice(text);
        return;
    }
    let mut rest = text;
    while let Some(i) = scan::find(rest, b'\r') {
        let crs = rest[i..].iter().take_while(|&&b| b == b'\r').count();
        out.extend_from_slice(&rest[..i]);
        if rest.get(i + crs) != Some(&b'\n') {
            out.push(b'\n');
        }
        rest = &rest[i + crs..];
    }
    out.extend_from_slice(rest);
}

/// Whether `bytes` holds a `\r`.
#[inline]
fn has_cr(bytes: &[u8]) -> bool {
    has_byte(bytes, b'\r')
}

/// Whether `name` is `known` (four to sixteen bytes): compared as two
/// overlapping words, the first bytes and the last (an array's `==` calls
/// `bcmp` for most lengths).
#[inline(always)]
fn is<const N: usize>(name: &[u8], known: &[u8; N]) -> bool {
    /// The eight bytes (or four, as a word) of `bytes` at `at`.
    #[inline(always)]
    fn word(bytes: &[u8], at: usize, wide: bool) -> u64 {
        if wide {
            let mut eight = [0; 8];
            eight.copy_from_slice(&bytes[at..at + 8]);
            u64::from_ne_bytes(eight)
        } else {
            let mut four = [0; 4];
            four.copy_from_slice(&bytes[at..at + 4]);
            u64::from(u32::from_ne_bytes(four))
        }
    }
    const { assert!(N >= 4 && N <= 16) };
    if name.len() != N {
        return false;
    }
    let wide = N >= 8;
    let last = if wide { N - 8 } else { N - 4 };
    (word(name, 0, wide) ^ word(known, 0, wide))
        | (word(name, last, wide) ^ word(known, last, wide))
        == 0
}

/// Whether `bytes` holds a `\\` (an escape in a tag value).
#[inline]
fn has_backslash(bytes: &[u8]) -> bool {
    has_byte(bytes, b'\\')
}

/// Whether `bytes` holds `byte`: a short text (a clock comment, a tag
/// value) is looked at a few words at a time, cheaper than a search's
/// setup, and with no loop whose length varies text by text (its exit was
/// a branch the predictor lost on most tag values): eight to 32 bytes are
/// four words, the later ones moved back to end at the text's end (they
/// overlap, and each byte is in one); four to seven bytes two overlapping
/// half words; fewer, each byte.
#[inline]
fn has_byte(bytes: &[u8], byte: u8) -> bool {
    /// Whether one of the bytes of `x` is zero (the classic test: exact
    /// on whether there is one, which is all that is asked).
    #[inline(always)]
    fn zero_byte(x: u64) -> bool {
        const ONES: u64 = u64::from_ne_bytes([1; 8]);
        const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
        x.wrapping_sub(ONES) & !x & HIGHS != 0
    }
    let n = bytes.len();
    if n > 32 {
        return scan::find(bytes, byte).is_some();
    }
    if n >= 8 {
        let last = n - 8;
        let word = |at: usize| {
            let mut eight = [0; 8];
            eight.copy_from_slice(&bytes[at..at + 8]);
            u64::from_ne_bytes(eight)
        };
        let wanted = u64::from_ne_bytes([byte; 8]);
        let x = word(0) ^ wanted;
        let y = word(last.min(8)) ^ wanted;
        let z = word(last.min(16)) ^ wanted;
        let w = word(last) ^ wanted;
        // A zero byte of any word: bitwise, not short-circuit, so that
        // no branch depends on the text.
        return zero_byte(x) | zero_byte(y) | zero_byte(z) | zero_byte(w);
    }
    if n >= 4 {
        let half = |at: usize| {
            let mut four = [0; 4];
            four.copy_from_slice(&bytes[at..at + 4]);
            u64::from(u32::from_ne_bytes(four))
        };
        // Two halves in one word: the high half is the text's last four
        // bytes.
        let wanted = u64::from_ne_bytes([byte; 8]);
        return zero_byte((half(0) | half(n - 4) << 32) ^ wanted);
    }
    match n {
        0 => false,
        _ => (bytes[0] == byte) | (bytes[n / 2] == byte) | (bytes[n - 1] == byte),
    }
}

/// Reads a move off the hot path (variations, moves after the end): through
/// the public text reader, so that the mainline's byte reader stays inlined
/// where it is hot.
#[cold]
#[inline(never)]
fn parse_cold(pos: &Position, san: &[u8]) -> Result<crate::Move, SanError> {
    match core::str::from_utf8(san) {
        Ok(text) => pos.parse_san(text),
        Err(_) => pos.parse_san(&String::from_utf8_lossy(san)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_name_is_told_from_every_name_a_byte_or_a_length_away() {
        fn check<const N: usize>(known: &[u8; N]) {
            assert!(is(known, known));
            for at in 0..N {
                for b in [0, b'a', b'Z', 0x80, 0xff] {
                    let mut other = *known;
                    if other[at] == b {
                        continue;
                    }
                    other[at] = b;
                    assert!(!is(&other, known), "{other:?}");
                }
            }
            assert!(!is(&known[..N - 1], known));
            let mut longer = known.to_vec();
            longer.push(b' ');
            assert!(!is(&longer, known));
            assert!(!is(b"", known));
        }
        check(b"Termination");
        check(b"Result");
        check(b"Variant");
        check(b"Date");
        check(b"WhiteElo");
        check(b"WhiteRatingDiff");
        check(b"0123456789abcdef");
    }

    /// A range copied with part of the text known to be UTF-8 reads as
    /// `core::str::from_utf8` reads it alone, wherever the part known
    /// starts and ends (on a character, inside one, before a byte that is
    /// not UTF-8) and wherever the range lies.
    #[test]
    fn a_range_copied_with_a_part_checked_reads_as_checked_alone() {
        let text = "a\u{e9}b \u{265e}c\u{1f600}d e".as_bytes();
        let mut bad = text.to_vec();
        bad.insert(6, 0xff);
        for text in [text, &bad[..]] {
            let n = text.len();
            for base in 0..=n {
                for end in base..=n {
                    // As much of text[base..end] as is UTF-8, as the
                    // tokenizer keeps it.
                    let part = &text[base..end];
                    let checked = match core::str::from_utf8(part) {
                        Ok(s) => s,
                        Err(e) => core::str::from_utf8(&part[..e.valid_up_to()]).unwrap(),
                    };
                    for low in 0..=n {
                        for high in low..=n {
                            let want = core::str::from_utf8(&text[low..high]).ok();
                            // (Into a string that holds text: emptied
                            // first, untouched when the range is no UTF-8.)
                            let mut out = String::from("old");
                            let copied = copy_checked(&mut out, text, low, high, base, checked);
                            let got = if copied { Some(out.as_str()) } else { None };
                            assert_eq!(got, want, "{base} {end} {low} {high}");
                            assert!(copied || out == "old");
                        }
                    }
                }
            }
        }
    }

    /// Comments copied one by one after the stretch was rebased for one
    /// copy (two comments on a node, a comment that is not UTF-8) read at
    /// their own places; so do comments whose stretch is long for their
    /// number but not for their bytes.
    #[test]
    fn comments_read_the_same_whichever_way_they_are_copied() {
        use alloc::string::ToString;
        let long = "x".repeat(3000);
        let far = alloc::format!("{{{long}}} 1. e4 e5 2. Nf3 {{{long}}} *");
        let cases: [(&[u8], &[&str]); 7] = [
            (b"{a} 1. e4 {b}\r\ne5 {d} *\r\n", &["a", "b", "d"]),
            (b"{a} 1. e4 {b\r\nc} e5 {d} *\r\n\r\n", &["a", "b\nc", "d"]),
            (b"1. e4 e5\r\n2. Nf3 {b\rc} {d} *\r\n", &["b\nc d"]),
            (b"{a} 1. e4 {b} {c} e5 {d} *", &["a", "b c", "d"]),
            (b"{a} 1. e4 {b\xff} e5 {d} *", &["a", "b\u{fffd}", "d"]),
            (b"{a} 1. e4 {b} e5 {d\r\ne} *", &["a", "b", "d\ne"]),
            (far.as_bytes(), &[long.as_str(), long.as_str()]),
        ];
        for (text, want) in cases {
            let game = crate::pgn::Reader::new(text).next().unwrap().unwrap();
            let got: Vec<_> = game.comments().map(|(_, c)| c.to_string()).collect();
            assert_eq!(got, want, "{}", String::from_utf8_lossy(text));
        }
    }

    #[test]
    fn a_cr_is_found_at_every_place_of_every_length() {
        for len in 0..70 {
            let mut bytes = alloc::vec![b'x'; len];
            assert!(!has_cr(&bytes));
            // Bytes next to CR in value, and high bytes, are not CR.
            for b in [b'\n', 0x0c, 0x0e, 0x8d, 0xff] {
                bytes.fill(b);
                assert!(!has_cr(&bytes), "{len} {b}");
            }
            for at in 0..len {
                bytes.fill(0xff);
                bytes[at] = b'\r';
                assert!(has_cr(&bytes), "{len} {at}");
            }
            // A backslash (0x5c) among bytes next to it in value.
            for b in [b'[', b']', 0xdc, b'\r'] {
                bytes.fill(b);
                assert!(!has_backslash(&bytes), "{len} {b}");
                for at in 0..len {
                    bytes.fill(b);
                    bytes[at] = b'\\';
                    assert!(has_backslash(&bytes), "{len} {b} {at}");
                }
            }
        }
    }
}
