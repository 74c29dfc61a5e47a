//! The match score from the first engine's view, and the Elo difference it
//! implies with a 95 % error margin.

/// Wins, draws and losses of the first engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Score {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

/// 97.5 % quantile of the standard normal distribution: a two-sided 95 % interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Elo difference that makes `s` the expected score: -400 log10(1/s - 1).
pub fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

impl Score {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score as a fraction: (wins + draws / 2) / games.
    pub fn fraction(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }

    /// The Elo difference and its 95 % margin: the standard deviation of the
    /// per-game scores (1, 1/2, 0) gives the standard error of the mean
    /// score, and the margin is half the Elo width of mean ± 1.96 errors.
    /// `None` when the score is 0 % or 100 % (the difference is unbounded)
    /// or no game was played.
    pub fn elo(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        if self.games() == 0 {
            return None;
        }
        let s = self.fraction();
        if s <= 0.0 || s >= 1.0 {
            return None;
        }
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let error = (variance / n).sqrt();
        // Keep the interval's ends inside (0, 1) where the Elo curve is finite.
        let low = (s - Z95 * error).max(1e-9);
        let high = (s + Z95 * error).min(1.0 - 1e-9);
        // Adding 0.0 turns the -0.0 of an even score into 0.0.
        Some((elo(s) + 0.0, (elo(high) - elo(low)) / 2.0))
    }

    /// `Score of A vs B: 3 - 1 - 2  [0.667] 6` and the Elo line.
    pub fn report(&self, a: &str, b: &str) -> String {
        let mut out = self.score_lines(a, b);
        out.push_str(&self.elo_line());
        out
    }

    /// `Score of A vs B: 3 - 1 - 2  [0.667] 6` and the wins, draws and
    /// losses in words.
    pub fn score_lines(&self, a: &str, b: &str) -> String {
        let mut out = format!(
            "Score of {a} vs {b}: {} - {} - {}  [{:.3}] {}\n",
            self.wins,
            self.losses,
            self.draws,
            if self.games() == 0 {
                0.0
            } else {
                self.fraction()
            },
            self.games()
        );
        out.push_str(&format!(
            "wins {}, draws {}, losses {} for {a}; score {:.1} %\n",
            self.wins,
            self.draws,
            self.losses,
            if self.games() == 0 {
                0.0
            } else {
                100.0 * self.fraction()
            },
        ));
        out
    }

    /// The Elo difference from the games alone (trinomial), with its margin.
    pub fn elo_line(&self) -> String {
        match self.elo() {
            Some((diff, margin)) => {
                format!(
                    "Elo difference: {} +/- {margin:.1} (95 %)\n",
                    super::stats::signed(diff)
                )
            }
            None if self.games() > 0 && self.fraction() >= 1.0 => {
                "Elo difference: +inf (every game won)\n".to_string()
            }
            None if self.games() > 0 => "Elo difference: -inf (every game lost)\n".to_string(),
            None => "Elo difference: none (no game)\n".to_string(),
        }
    }
}
