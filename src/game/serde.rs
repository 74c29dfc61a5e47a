//! serde for games (feature `serde`).
//!
//! A [`Game`] is `{"start": FEN, "moves": [UCI, …]}`, each move in UCI
//! relative to the position before it (`e1h1` for castling in Chess960).
//! Reading plays each move as it is read and stops at the first illegal
//! one, so memory stays bounded by the game, not by the document (moves
//! written before `"start"` are kept as short texts until it comes, and
//! refused beyond the 20,000 plies no game reaches). A game that ended by
//! resignation, agreement, an accepted draw claim or a recorded flag fall
//! has a third field, `"ending"`, with that [`Outcome`]; reading records it
//! again through [`Game::resign`], [`Game::agree_draw`],
//! [`Game::claim_draw`] or [`Game::flag_fall`], so a claim that does not
//! hold, or a flag-fall ruling that FIDE 6.9 does not give, is an error.

use crate::text::de::{duplicate_field, unknown_field};
use crate::{Color, DrawReason, Game, Outcome, Position, Uci, WinReason};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// The moves of a game as UCI texts, each relative to the position before it.
struct GameMoves<'a>(&'a Game);

impl Serialize for GameMoves<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let game = self.0;
        s.collect_seq(
            game.moves()
                .iter()
                .zip(game.positions())
                .map(|(&m, pos)| pos.uci(m)),
        )
    }
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // Text formats leave out an ending that is not there; binary formats
        // (which read fields by position) always write it.
        let readable = s.is_human_readable();
        let fields = if self.ending.is_some() || !readable {
            3
        } else {
            2
        };
        let mut st = s.serialize_struct("Game", fields)?;
        st.serialize_field("start", self.start())?;
        st.serialize_field("moves", &GameMoves(self))?;
        if self.ending.is_some() || !readable {
            st.serialize_field("ending", &self.ending)?;
        }
        st.end()
    }
}

const GAME_FIELDS: &[&str] = &["start", "moves", "ending"];

/// More plies than any game can have: after 150 plies without a capture or
/// pawn move the game is over (FIDE 9.6.2), and 32 pieces allow at most
/// 30 captures and 16 pawns at most 96 steps, so no game passes
/// (30 + 96 + 1) × 150 plies. A document with more moves is refused before
/// they are held.
const MAX_PLIES: usize = 20_000;

/// The error for move `ply + 1` of a game, with its text quoted bounded.
fn move_error<E: de::Error>(ply: usize, uci: &str, why: impl fmt::Display) -> E {
    E::custom(format_args!(
        "move {} ({:?}): {why}",
        ply + 1,
        crate::quote::bounded(uci)
    ))
}

/// Plays each move of a game's `"moves"` array as it is read, so that an
/// illegal move stops the reading and memory stays bounded by the game.
struct PlayMoves<'a>(&'a mut Game);

impl<'de> de::DeserializeSeed<'de> for PlayMoves<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PlayMoves<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of UCI moves")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let game = self.0;
        let mut ply = 0;
        while seq
            .next_element_seed(PlayMove {
                game: &mut *game,
                ply,
            })?
            .is_some()
        {
            ply += 1;
        }
        Ok(())
    }
}

/// One move of a game, played as it is read.
struct PlayMove<'a> {
    game: &'a mut Game,
    ply: usize,
}

impl<'de> de::DeserializeSeed<'de> for PlayMove<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for PlayMove<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UCI move like \"e2e4\"")
    }

    fn visit_str<E: de::Error>(self, uci: &str) -> Result<(), E> {
        self.game
            .play_uci(uci)
            .map(|_| ())
            .map_err(|e| move_error(self.ply, uci, e))
    }
}

/// The moves of a game read before its start (a map whose `"moves"` come
/// before `"start"`): kept as short UCI texts, at most [`MAX_PLIES`], and
/// played once the start is known.
struct EarlyMoves;

impl<'de> de::DeserializeSeed<'de> for EarlyMoves {
    type Value = Vec<Uci>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Uci>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EarlyMoves {
    type Value = Vec<Uci>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a sequence of UCI moves")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Uci>, A::Error> {
        let mut moves = Vec::new();
        while let Some(text) = seq.next_element_seed(EarlyMove(moves.len()))? {
            if moves.len() == MAX_PLIES {
                return Err(de::Error::custom(format_args!(
                    "more than {MAX_PLIES} moves: no game has that many"
                )));
            }
            moves.push(text);
        }
        Ok(moves)
    }
}

/// One move read before the start: its text, if it can be a UCI move.
struct EarlyMove(usize);

impl<'de> de::DeserializeSeed<'de> for EarlyMove {
    type Value = Uci;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Uci, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for EarlyMove {
    type Value = Uci;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a UCI move like \"e2e4\"")
    }

    fn visit_str<E: de::Error>(self, uci: &str) -> Result<Uci, E> {
        // Every UCI move is 4 or 5 ASCII characters; anything longer is no
        // move in any position.
        if !(4..=5).contains(&uci.len()) || !uci.is_ascii() {
            return Err(move_error(self.0, uci, "not a UCI move like \"e2e4\""));
        }
        let mut text = Uci::empty();
        text.push_str(uci);
        Ok(text)
    }
}

struct GameVisitor;

impl GameVisitor {
    /// Records `ending`, if any, in `game` (its moves already played).
    fn finish<E: de::Error>(mut game: Game, ending: Option<Outcome>) -> Result<Game, E> {
        let Some(ending) = ending else {
            return Ok(game);
        };
        // A recorded ending is recorded again, through the same rules.
        let recorded = match ending {
            Outcome::Decisive {
                winner,
                reason: WinReason::Resignation,
            } => game.resign(!winner).map_err(|e| e.to_string()),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => game.agree_draw().map_err(|e| e.to_string()),
            Outcome::Draw {
                reason: reason @ (DrawReason::ThreefoldRepetition | DrawReason::FiftyMoves),
            } => {
                let holds = if reason == DrawReason::ThreefoldRepetition {
                    game.repetitions() >= 3
                } else {
                    game.position().halfmove_clock() >= 100
                };
                match (game.outcome(), holds) {
                    (Some(outcome), _) => Err(format!("the game is already over: {outcome}")),
                    (None, true) => {
                        game.ending = Some(ending);
                        Ok(())
                    }
                    (None, false) => Err(String::from("no such claim holds after these moves")),
                }
            }
            // A flag fall is ruled again by 6.9: the loser's, or for a
            // draw either side's, flag must give the same ruling.
            Outcome::Decisive {
                reason: WinReason::Timeout,
                ..
            }
            | Outcome::Draw {
                reason: DrawReason::TimeoutOpponentCannotMate,
            } => {
                let flagged = match ending.winner() {
                    Some(winner) => Some(!winner),
                    None => Color::ALL
                        .into_iter()
                        .find(|&c| game.outcome_on_timeout(c) == ending),
                };
                match flagged.map(|c| game.flag_fall(c)) {
                    Some(Ok(ruling)) if ruling == ending => Ok(()),
                    Some(Err(e)) => Err(e.to_string()),
                    _ => Err(String::from(
                        "a flag fall here is ruled otherwise (FIDE 6.9)",
                    )),
                }
            }
            _ => Err(String::from(
                "only a resignation, an agreed draw, a draw claim or a flag fall is recorded",
            )),
        };
        recorded.map_err(|why| E::custom(format_args!("ending \"{ending}\": {why}")))?;
        Ok(game)
    }
}

impl<'de> Visitor<'de> for GameVisitor {
    type Value = Game;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game: {\"start\": FEN, \"moves\": [UCI, ...], \"ending\": optional outcome}")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Game, A::Error> {
        let start = seq
            .next_element::<Position>()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let mut game = Game::from_position(start);
        seq.next_element_seed(PlayMoves(&mut game))?
            .ok_or_else(|| de::Error::invalid_length(1, &self))?;
        let ending = seq.next_element::<Option<Outcome>>()?.flatten();
        if seq.next_element::<de::IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(4, &self));
        }
        GameVisitor::finish(game, ending)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Game, A::Error> {
        let mut game: Option<Game> = None;
        // Moves read before the start, to play once it is known.
        let mut early: Option<Vec<Uci>> = None;
        let mut moves_read = false;
        let mut ending = None;
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "start" if game.is_none() => {
                    game = Some(Game::from_position(map.next_value::<Position>()?));
                }
                "moves" if !moves_read => {
                    moves_read = true;
                    match game.as_mut() {
                        Some(game) => map.next_value_seed(PlayMoves(game))?,
                        None => early = Some(map.next_value_seed(EarlyMoves)?),
                    }
                }
                "ending" if ending.is_none() => {
                    ending = Some(map.next_value::<Option<Outcome>>()?);
                }
                "start" | "moves" | "ending" => {
                    return Err(duplicate_field(&key));
                }
                _ => return Err(unknown_field(&key, GAME_FIELDS)),
            }
        }
        let mut game = game.ok_or_else(|| de::Error::missing_field("start"))?;
        if !moves_read {
            return Err(de::Error::missing_field("moves"));
        }
        for (ply, uci) in early.into_iter().flatten().enumerate() {
            game.play_uci(&uci)
                .map_err(|e| move_error::<A::Error>(ply, &uci, e))?;
        }
        GameVisitor::finish(game, ending.flatten())
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("Game", GAME_FIELDS, GameVisitor)
    }
}
