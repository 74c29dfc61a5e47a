//! Plays random games to their automatic end and counts how they ended.
//!
//! ```text
//! cargo run --release --example selfplay -- [GAMES] [--seed N]
//! ```
//!
//! Each game picks uniformly among the legal moves (a seeded xorshift
//! generator, so a run can be repeated) until [`Game::outcome`] ends it:
//! checkmate, stalemate, insufficient material, fivefold repetition or the
//! seventy-five-move rule. Claims are never made, but the table counts the
//! games in which a threefold or fifty-move claim was available at some
//! point. Defaults: 1000 games, seed 1.

use chess_arbiter::{DrawReason, Game, Outcome, WinReason};
use std::fmt::Write;
use std::process::ExitCode;

/// xorshift64* (Vigna): a few lines, good enough to pick moves.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        // The state must not be zero; mix the seed so small seeds differ a lot.
        XorShift(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`); the modulo bias is negligible for n <= 218.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How the games of a run ended.
#[derive(Default, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games won by checkmate.
    pub checkmate: u32,
    /// Stalemates.
    pub stalemate: u32,
    /// Dead positions by insufficient material.
    pub insufficient_material: u32,
    /// Dead positions beyond the material rule (FIDE 5.2.2).
    pub dead_position: u32,
    /// Fivefold repetitions.
    pub fivefold: u32,
    /// Seventy-five-move draws.
    pub seventy_five: u32,
    /// Games in which a threefold claim was available at some point.
    pub threefold_available: u32,
    /// Games in which a fifty-move claim was available at some point.
    pub fifty_available: u32,
    /// Shortest game, in plies.
    pub min_plies: usize,
    /// Longest game, in plies.
    pub max_plies: usize,
    /// All plies of all games.
    pub total_plies: usize,
}

/// Plays one random game to its automatic end; returns it with whether a
/// threefold and a fifty-move claim were available on the way.
fn play_one(rng: &mut XorShift) -> (Game, bool, bool) {
    let mut game = Game::new();
    let (mut threefold, mut fifty) = (false, false);
    while game.outcome().is_none() {
        threefold = threefold || game.can_claim_threefold_repetition();
        fifty = fifty || game.can_claim_fifty_moves();
        let moves = game.position().legal_moves();
        let m = moves[rng.below(moves.len())];
        game.play(m).expect("a generated move is legal");
    }
    (game, threefold, fifty)
}

/// Plays `games` random games from `seed`.
pub fn tally(games: u32, seed: u64) -> Tally {
    let mut rng = XorShift::new(seed);
    let mut t = Tally {
        min_plies: usize::MAX,
        ..Tally::default()
    };
    for _ in 0..games {
        let (game, threefold, fifty) = play_one(&mut rng);
        t.games += 1;
        match game.outcome().expect("the game was played to its end") {
            Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            } => t.checkmate += 1,
            Outcome::Draw { reason } => match reason {
                DrawReason::Stalemate => t.stalemate += 1,
                DrawReason::InsufficientMaterial => t.insufficient_material += 1,
                DrawReason::DeadPosition => t.dead_position += 1,
                DrawReason::FivefoldRepetition => t.fivefold += 1,
                DrawReason::SeventyFiveMoves => t.seventy_five += 1,
                other => unreachable!("{other} is never automatic"),
            },
            other => unreachable!("{other} needs a clock"),
        }
        t.threefold_available += u32::from(threefold);
        t.fifty_available += u32::from(fifty);
        let plies = game.moves().len();
        t.min_plies = t.min_plies.min(plies);
        t.max_plies = t.max_plies.max(plies);
        t.total_plies += plies;
    }
    t
}

/// The table the example prints.
pub fn report(t: &Tally, seed: u64) -> String {
    let mut out = String::new();
    let pct = |n: u32| 100.0 * f64::from(n) / f64::from(t.games.max(1));
    let _ = writeln!(out, "{} random games, seed {seed}", t.games);
    let _ = writeln!(out, "{:<36}{:>7}{:>8}", "ended by", "games", "%");
    for (name, n) in [
        ("checkmate (FIDE 5.1.1)", t.checkmate),
        ("stalemate (5.2.1)", t.stalemate),
        ("insufficient material (5.2.2)", t.insufficient_material),
        ("other dead position (5.2.2)", t.dead_position),
        ("fivefold repetition (9.6.1)", t.fivefold),
        ("seventy-five moves (9.6.2)", t.seventy_five),
    ] {
        let _ = writeln!(out, "{name:<36}{n:>7}{:>7.1}%", pct(n));
    }
    let _ = writeln!(
        out,
        "{:<36}{:>7}{:>8}",
        "claim available during the game", "games", "%"
    );
    for (name, n) in [
        ("threefold repetition (9.2)", t.threefold_available),
        ("fifty moves (9.3)", t.fifty_available),
    ] {
        let _ = writeln!(out, "{name:<36}{n:>7}{:>7.1}%", pct(n));
    }
    let mean = t.total_plies as f64 / f64::from(t.games.max(1));
    let min = if t.games == 0 { 0 } else { t.min_plies };
    let _ = writeln!(
        out,
        "length in plies: min {min}, mean {mean:.1}, max {}",
        t.max_plies
    );
    out
}

/// Reads the arguments and returns the report, or a usage message.
pub fn run(args: &[String]) -> Result<String, String> {
    const USAGE: &str = "usage: selfplay [GAMES] [--seed N]";
    let (mut games, mut seed) = (1000_u32, 1_u64);
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--seed" {
            seed = args
                .next()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| USAGE.to_string())?;
        } else {
            games = arg.parse().map_err(|_| USAGE.to_string())?;
        }
    }
    Ok(report(&tally(games, seed), seed))
}

#[cfg(test)]
mod selfplay_tests;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(usage) => {
            eprintln!("{usage}");
            ExitCode::from(2)
        }
    }
}
