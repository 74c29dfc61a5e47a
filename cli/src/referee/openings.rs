//! Start positions: FEN/EPD lines or the mainlines of PGN games, or seeded
//! Chess960 starts.

use chess_arbiter::{CastlingMode, Game, Position};

/// Reads one FEN or EPD line: the four position fields, and the two clock
/// fields when they are numbers (EPD operations such as `bm Nf3;` follow
/// the four fields instead).
pub fn read_fen_line(line: &str, chess960: bool) -> Result<Game, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    if fields.len() < 4 {
        return Err(format!("{line:?} is not a FEN or EPD line"));
    }
    let mut keep = 4;
    while keep < fields.len().min(6) && fields[keep].bytes().all(|b| b.is_ascii_digit()) {
        keep += 1;
    }
    let fen = fields[..keep].join(" ");
    let pos = if chess960 {
        Position::from_fen_with_mode(&fen, CastlingMode::Chess960)
    } else {
        Position::from_fen(&fen)
    };
    pos.map(Game::from_position).map_err(|e| e.to_string())
}

/// True when the text looks like PGN: a tag pair or a move number first.
pub fn is_pgn(text: &str) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with(';'));
    first.is_some_and(|l| l.starts_with('[') || l.starts_with("1."))
}

/// Reads the openings in `text`: PGN games (their mainlines, cut to `plies`
/// when given) or one FEN/EPD line per opening (blank lines and lines
/// starting with `#` skipped).
pub fn read(text: &str, plies: Option<usize>, chess960: bool) -> Result<Vec<Game>, String> {
    let mut games = Vec::new();
    if is_pgn(text) {
        for (i, item) in super::record::read_pgn(text).into_iter().enumerate() {
            let mut game = item.map_err(|e| format!("opening {}: {e}", i + 1))?;
            if let Some(plies) = plies {
                while game.moves().len() > plies {
                    game.undo();
                }
            }
            games.push(game);
        }
    } else {
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            games.push(read_fen_line(line, chess960).map_err(|e| format!("line {}: {e}", n + 1))?);
        }
    }
    if games.is_empty() {
        return Err("no opening found".to_string());
    }
    Ok(games)
}

/// The openings of a file, and the lines it passed over.
#[derive(Debug, Clone)]
pub struct Openings {
    /// The start positions (with the moves that reached them).
    pub games: Vec<Game>,
    /// What was passed over, by line: `line 3 is not UTF-8: skipped`.
    pub skipped: Vec<String>,
}

/// Reads the openings in a file's bytes as [`read`] does, except that a
/// line that is not UTF-8 does not refuse the file: a FEN/EPD line is
/// skipped, a PGN line keeps its text with each bad byte read as U+FFFD;
/// either way [`Openings::skipped`] names the line.
///
/// # Errors
///
/// As [`read`].
pub fn read_bytes(bytes: &[u8], plies: Option<usize>, chess960: bool) -> Result<Openings, String> {
    let lossy = String::from_utf8_lossy(bytes);
    let pgn = is_pgn(&lossy);
    let mut text = String::with_capacity(bytes.len());
    let mut skipped = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if n > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(line) {
            Ok(line) => text.push_str(line),
            // An empty line in its place keeps the later lines' numbers.
            Err(_) if !pgn => skipped.push(format!("line {} is not UTF-8: skipped", n + 1)),
            Err(_) => {
                text.push_str(&String::from_utf8_lossy(line));
                skipped.push(format!(
                    "line {} is not UTF-8: its bad bytes read as U+FFFD",
                    n + 1
                ));
            }
        }
    }
    let games = read(&text, plies, chess960)?;
    Ok(Openings { games, skipped })
}

/// xorshift64* (Vigna), seeded: every random choice of a match repeats.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// `count` Chess960 starts, drawn from the 960 by a generator seeded with `seed`.
pub fn chess960_starts(count: usize, seed: u64) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let index = u16::try_from(rng.below(960)).expect("below 960");
            Game::from_position(Position::chess960(index))
        })
        .collect()
}

/// Shuffles `games` (Fisher-Yates) with a generator seeded with `seed`.
pub fn shuffle<T>(games: &mut [T], seed: u64) {
    let mut rng = Rng::new(seed);
    for i in (1..games.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        games.swap(i, j);
    }
}
