//! Arbitrary bytes to the FEN readers: never a panic; an accepted position
//! writes a FEN that reads back to an equal position, and generates moves.
#![no_main]

use chess_arbiter::{CastlingMode, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for result in [
        Position::from_fen(text),
        Position::from_fen_with_mode(text, CastlingMode::Standard),
        Position::from_fen_with_mode(text, CastlingMode::Chess960),
    ] {
        if let Ok(pos) = result {
            let fen = pos.fen();
            let back = Position::from_fen_with_mode(&fen, pos.castling_mode())
                .unwrap_or_else(|e| panic!("{fen} does not read back: {e}"));
            assert_eq!(back, pos, "{fen}");
            let moves = pos.legal_moves();
            assert_eq!(moves.len() as u64, pos.perft(1));
            for m in moves {
                let mut child = pos.clone();
                child.play_unchecked(m);
                assert!(!child.fen().is_empty());
            }
        }
    }
});
