//! Replays every case of `tests/data/draws.jsonl` (python-chess 1.11.2
//! oracle: repetitions, fifty/seventy-five moves, insufficient material,
//! en passant identity) through `Game`, asserting after every ply the FEN,
//! every flag, the outcome and the claimable draw, with the deliberate
//! python-chess differences (crate docs, "Differences from python-chess")
//! applied as explicit adjustments (see
//! `common::expected_flags` and `common::expected_outcome`).
//!
//! `cargo test --test suite draws:: -- --nocapture` prints the count per flag.

use crate::common;

use common::Tally;

#[test]
fn every_draws_case_matches_the_oracle() {
    let mut tally = Tally::default();
    let records = common::load("draws.jsonl");
    assert!(
        records.len() >= 100,
        "draws.jsonl has {} cases",
        records.len()
    );
    for record in &records {
        let id = record["id"].as_str().expect("id");
        let mut game = common::start(record);
        let plies = record["per_ply"].as_array().expect("per_ply");
        // The oracle gives no outcome for the start: a case with moves
        // started in a game still on, one without is its own final position.
        let start_outcome = if plies.is_empty() {
            record["final"]["outcome"].clone()
        } else {
            serde_json::Value::Null
        };
        tally.check(
            &format!("{id} start"),
            &game,
            &record["start_flags"],
            &start_outcome,
            None,
        );
        for (i, ply) in plies.iter().enumerate() {
            let what = format!("{id} ply {}", i + 1);
            if let Some(legal) = ply.get("legal") {
                assert!(
                    common::legal_matches(game.position(), legal),
                    "{what}: legal moves differ in {}",
                    game.position().fen()
                );
            }
            let uci = ply["uci"].as_str().expect("uci");
            common::play_checking_san(&mut game, ply, &what);
            assert_eq!(
                game.position().fen(),
                ply["fen_after"].as_str().expect("fen_after"),
                "{what}: FEN after {uci}"
            );
            tally.check(
                &what,
                &game,
                &ply["flags"],
                &ply["outcome"],
                ply.get("outcome_claim_draw"),
            );
        }

        let fin = &record["final"];
        let what = format!("{id} final");
        let pos = game.position();
        assert_eq!(pos.fen(), fin["fen"].as_str().expect("final fen"), "{what}");
        assert_eq!(
            u64::from(pos.halfmove_clock()),
            fin["halfmove_clock"].as_u64().expect("clock"),
            "{what}"
        );
        assert_eq!(
            pos.count_legal_moves(),
            fin["legal_moves"].as_u64().expect("legal_moves"),
            "{what}"
        );
        if let Some(legal) = fin.get("legal") {
            assert!(
                common::legal_matches(pos, legal),
                "{what}: legal moves differ"
            );
        }
        tally.check(
            &what,
            &game,
            &fin["flags"],
            &fin["outcome"],
            Some(&fin["outcome_claim_draw"]),
        );
        for n in 2..=5u32 {
            let expected = fin["is_repetition"][n.to_string()]
                .as_bool()
                .expect("is_repetition");
            assert_eq!(
                game.repetitions() >= n,
                expected,
                "{what}: is_repetition({n}), repetitions() = {}",
                game.repetitions()
            );
        }
        assert_eq!(
            game.outcome().is_some(),
            fin["is_game_over"].as_bool().expect("is_game_over"),
            "{what}"
        );
        let result = game.outcome().map_or("*", |o| o.result());
        assert_eq!(result, fin["result"].as_str().expect("result"), "{what}");
    }
    tally.print("draws.jsonl");
}
