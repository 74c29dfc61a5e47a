//! The sink behind [`Reader`](super::Reader): plays the mainline into a
//! [`Game`], keeps tags, comments, NAGs and the result in a [`PgnGame`].

use super::error::PgnErrorKind;
use super::game::PgnGame;
use super::scan;
use super::visit::{Sink, unescape};
use crate::{CastlingMode, Game, Position};
use alloc::string::String;
use alloc::vec::Vec;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The sink behind [`Reader`]: plays the mainline, keeps the rest.
pub(crate) struct Builder {
    tags: PgnGame,
    chess960: bool,
    fen: Option<String>,
    depth: u32,
    /// Comments as read, checked for UTF-8 once per game.
    comment_bytes: Vec<u8>,
}

impl Default for Builder {
    fn default() -> Builder {
        let mut tags = PgnGame::empty(Game::new());
        // Sized for a typical game, to spare reallocations.
        tags.tag_text.reserve(384);
        tags.tag_ends.reserve(20);
        tags.comment_ends.reserve(128);
        Builder {
            tags,
            chess960: false,
            fen: None,
            depth: 0,
            comment_bytes: Vec::new(),
        }
    }
}

/// The `[Variant]` names read as standard chess or as Chess960 (any case).
fn variant(name: &str) -> Option<bool> {
    let lower = name.trim().to_ascii_lowercase();
    match lower.as_str() {
        "standard" | "from position" | "" => Some(false),
        "chess960" | "chess 960" | "fischerandom" | "fischer random" => Some(true),
        _ => None,
    }
}

impl Builder {
    pub(crate) fn finish(mut self) -> PgnGame {
        let bytes = core::mem::take(&mut self.comment_bytes);
        self.tags.comment_text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(e) => {
                // Rare: mend each comment on its own, its end moving along.
                let bytes = e.into_bytes();
                let mut text = String::with_capacity(bytes.len());
                let mut start = 0;
                for entry in &mut self.tags.comment_ends {
                    let end = entry.1 as usize;
                    text.push_str(&String::from_utf8_lossy(&bytes[start..end]));
                    start = end;
                    entry.1 = text.len() as u32;
                }
                text
            }
        };
        self.tags
    }
}

impl Sink for Builder {
    fn begin_game(&mut self) {}

    fn tag(&mut self, name: &str, value: &str) -> Result<(), PgnErrorKind> {
        let value = unescape(value);
        match name {
            "Variant" => match variant(&value) {
                Some(chess960) => self.chess960 |= chess960,
                None => return Err(PgnErrorKind::Variant(value.into_owned())),
            },
            "FEN" if self.fen.is_none() => self.fen = Some(value.clone().into_owned()),
            _ => {}
        }
        self.tags.push_tag(name, &value);
        Ok(())
    }

    fn begin_movetext(&mut self) -> Result<(), PgnErrorKind> {
        if self.fen.is_none() && !self.chess960 {
            return Ok(());
        }
        let fen = self.fen.as_deref().unwrap_or(START_FEN);
        let start = if self.chess960 {
            Position::from_fen_with_mode(fen, CastlingMode::Chess960)
        } else {
            Position::from_fen(fen)
        };
        self.tags.game = Game::from_position(start.map_err(PgnErrorKind::Fen)?);
        Ok(())
    }

    fn san(&mut self, san: &[u8]) -> Result<(), PgnErrorKind> {
        if self.depth > 0 {
            return Ok(());
        }
        let game = &mut self.tags.game;
        match game.play_san_bytes(san) {
            Ok(_) => Ok(()),
            Err(source) => {
                let (ply, number) = (game.moves().len(), game.position().fullmove_number());
                let token = String::from_utf8_lossy(san).into_owned();
                Err(if [&b"--"[..], b"Z0", b"0000", b"@@@@"].contains(&san) {
                    PgnErrorKind::NullMove { ply, number, token }
                } else {
                    PgnErrorKind::Move {
                        ply,
                        number,
                        token,
                        source,
                    }
                })
            }
        }
    }

    fn nag(&mut self, nag: u8) {
        if self.depth == 0 {
            let node = self.tags.game.moves().len() as u32;
            self.tags.push_nag(node, nag);
        }
    }

    fn comment(&mut self, text: &[u8]) {
        if self.depth > 0 {
            return;
        }
        let node = self.tags.game.moves().len() as u32;
        if self.comment_bytes.capacity() == 0 {
            self.comment_bytes.reserve(2048);
        }
        let ends = &mut self.tags.comment_ends;
        match ends.last_mut() {
            Some(last) if last.0 == node => self.comment_bytes.push(b' '),
            _ => ends.push((node, 0)),
        }
        if text.contains(&b'\r') {
            // A line break inside a comment reads as `\n` however it was
            // written (CRLF, or CRs before LF); a CR elsewhere stays.
            let mut rest = text;
            while let Some(i) = scan::find(rest, b'\r') {
                let crs = rest[i..].iter().take_while(|&&b| b == b'\r').count();
                self.comment_bytes.extend_from_slice(&rest[..i]);
                if rest.get(i + crs) != Some(&b'\n') {
                    self.comment_bytes.extend_from_slice(&rest[i..i + crs]);
                }
                rest = &rest[i + crs..];
            }
            self.comment_bytes.extend_from_slice(rest);
        } else {
            self.comment_bytes.extend_from_slice(text);
        }
        if let Some(last) = ends.last_mut() {
            last.1 = self.comment_bytes.len() as u32;
        }
    }

    fn begin_variation(&mut self) {
        self.depth += 1;
    }

    fn end_variation(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    fn result(&mut self, result: &'static str) {
        self.tags.result = result;
    }
}
