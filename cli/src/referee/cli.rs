//! The command line: what a match is asked to be.

use super::arbiter::{DrawRule, Limit, Resign, Rules};
use super::clock;
use super::stats::Sprt;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `--help` prints.
pub const HELP: &str = "\
referee: plays UCI engines against each other and rules every game by the Laws of Chess

usage: referee [OPTIONS] ENGINE_A [name=NAME] [option.X=V ...] ENGINE_B [name=NAME] [option.X=V ...]

  ENGINE_x               a command that starts a UCI engine (\"stockfish\",
                         \"path/to/engine --flag\"; split on whitespace), followed by
                         its own settings: name=NAME (the name in the record and the
                         console) and option.X=V (UCI setoption name X value V)
  --each option.X=V ...  UCI options for both engines (an engine's own win)
  --games N              games to play, at least 1 (default 2, or 20000 with --sprt); colours
                         alternate and each opening is played twice, once with each
                         colour: games 1 and 2 are a pair, 3 and 4 the next
  --tc [MOVES/]TIME[+INC] a clock: TIME in seconds or m:ss, INC in seconds a move;
                         10+0.1, 40/60+0.6 (40 moves in 60 s, repeating), 0:05+0.05
                         (default 10+0.1); or one of:
  --movetime MS          a fixed time per move (a forfeit past twice that plus 1 s)
  --nodes N              a node budget per move (a forfeit past 60 s for a move)
  --depth N              a depth per move (a forfeit past 60 s for a move);
                         MS and N are at least 1
  --timemargin MS        lateness forgiven before a flag falls (default 0); a move
                         that late leaves its clock at zero plus the increment
  --openings FILE        FEN/EPD lines or PGN games (their mainlines)
  --plies N              cut the openings' games to N plies
  --order sequential|random
                         openings in file order (default) or shuffled by --seed
  --chess960             Chess960 starts (seeded), UCI_Chess960 set, king-takes-rook
                         castling
  --seed N               every random choice is seeded (default 1)
  --concurrency N        games in parallel (default 1)
  --pgn FILE             append every game as PGN, in round order
  --event NAME           the PGN Event tag (default \"chess-arbiter referee match\")
  --site NAME            the PGN Site tag (default \"?\")
  --sprt elo0=E0,elo1=E1[,alpha=A,beta=B]
                         a sequential probability ratio test in normalized Elo on
                         the game pairs (pentanomial, as fishtest and fastchess run
                         it; alpha and beta default to 0.05): the LLR and its bounds
                         after every pair, and the match stops at a bound; elo0 and
                         elo1 within 1000 of zero, elo1 at least 0.1 above elo0,
                         alpha and beta from 0.0001 to below 0.5, each key once
  --resign score=S,moves=N
                         a side loses when its engine scored -S centipawns or worse
                         and the opponent's +S or better for N moves each
  --draw score=S,moves=N,after=M
                         a draw when both engines scored within S centipawns of zero
                         for N moves each, from move M of the record on
  --maxmoves N           a draw once each side made N moves (the record's)
  --help                 this text

The Laws come first: a checkmate, stalemate, dead position, automatic or claimed
draw, or flag fall (a draw when the opponent cannot checkmate, FIDE 6.9) ends a game
before any adjudication; the PGN Termination tag says \"adjudication\" only when the
referee adjudicated, and the final comment says by which rule.
Console: a progress line per finished game, then per game pair in order the
pentanomial counts, Elo with its 95 % interval, LOS, draw ratio and (with --sprt)
the LLR and its bounds.
";

/// Every option the command line knows (each documented in [`HELP`]).
pub const OPTIONS: &[&str] = &[
    "--each",
    "--games",
    "--tc",
    "--movetime",
    "--nodes",
    "--depth",
    "--timemargin",
    "--openings",
    "--plies",
    "--order",
    "--chess960",
    "--seed",
    "--concurrency",
    "--pgn",
    "--event",
    "--site",
    "--sprt",
    "--resign",
    "--draw",
    "--maxmoves",
    "--help",
];

/// One engine: its command and its own settings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineSpec {
    /// The command that starts it.
    pub command: String,
    /// The name to record instead of its `id name`.
    pub name: Option<String>,
    /// UCI options (name, value), `--each` first, then its own.
    pub options: Vec<(String, String)>,
}

/// The order in which openings are played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// File order.
    Sequential,
    /// Shuffled by the seed.
    Random,
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// The two engines, A then B.
    pub engines: [EngineSpec; 2],
    /// Games to play (at most, with an SPRT).
    pub games: u32,
    /// Limits, margin and adjudication.
    pub rules: Rules,
    /// The openings file.
    pub openings: Option<PathBuf>,
    /// Plies of each opening game to keep.
    pub plies: Option<usize>,
    /// Order of the openings.
    pub order: Order,
    /// Chess960.
    pub chess960: bool,
    /// Seed of every random choice.
    pub seed: u64,
    /// Games in parallel.
    pub concurrency: usize,
    /// Where to append the PGN.
    pub pgn: Option<PathBuf>,
    /// The PGN Event tag.
    pub event: String,
    /// The PGN Site tag.
    pub site: String,
    /// The SPRT, if asked for.
    pub sprt: Option<Sprt>,
}

/// What the command line asks the program to do.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Print [`HELP`].
    Help,
    /// Run a match.
    Match(Box<Config>),
}

fn number<T: std::str::FromStr>(option: &str, value: Option<&String>) -> Result<T, String> {
    let value = value.ok_or_else(|| format!("{option} needs a value"))?;
    value
        .parse()
        .map_err(|_| format!("{option}: {value:?} is not a valid number"))
}

/// A whole number of at least 1 (a count of games, a move time in ms, a
/// node budget, a depth).
fn at_least_one<T: std::str::FromStr + PartialEq + From<u8>>(
    option: &str,
    value: Option<&String>,
) -> Result<T, String> {
    let n: T = number(option, value)?;
    if n == T::from(0) {
        return Err(format!("{option} must be at least 1"));
    }
    Ok(n)
}

/// Reads `key=value,key=value` into the named integer fields, all required.
fn fields<const N: usize>(option: &str, text: &str, keys: [&str; N]) -> Result<[i64; N], String> {
    let mut values = [None; N];
    for field in text.split(',') {
        let (key, value) = field
            .split_once('=')
            .ok_or_else(|| format!("{option}: {field:?} is not key=value"))?;
        let slot = keys.iter().position(|k| *k == key.trim()).ok_or_else(|| {
            format!(
                "{option}: unknown field {key:?} (fields: {})",
                keys.join(", ")
            )
        })?;
        let value: i64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v| (0..=1_000_000).contains(v))
            .ok_or_else(|| {
                format!("{option}: {key}={value:?} is not a number from 0 to 1000000")
            })?;
        if values[slot].replace(value).is_some() {
            return Err(format!("{option}: {key} is given twice", key = keys[slot]));
        }
    }
    let mut out = [0; N];
    for (i, v) in values.iter().enumerate() {
        out[i] = v.ok_or_else(|| format!("{option} needs {}=", keys[i]))?;
    }
    Ok(out)
}

/// Whether `arg` is an engine setting (`name=X`, `option.X=V`).
fn is_setting(arg: &str) -> bool {
    arg.starts_with("name=") || (arg.starts_with("option.") && arg.contains('='))
}

/// Applies one engine setting to `spec`.
fn apply_setting(spec: &mut EngineSpec, arg: &str) -> Result<(), String> {
    if let Some(name) = arg.strip_prefix("name=") {
        if name.trim().is_empty() {
            return Err("name= needs a name".to_string());
        }
        spec.name = Some(name.trim().to_string());
    } else if let Some(rest) = arg.strip_prefix("option.") {
        let (name, value) = rest.split_once('=').ok_or("option.X=V needs a value")?;
        if name.trim().is_empty() {
            return Err(format!("{arg:?}: the option has no name"));
        }
        // A later setting of the same option wins.
        spec.options
            .retain(|(n, _)| !n.eq_ignore_ascii_case(name.trim()));
        spec.options
            .push((name.trim().to_string(), value.trim().to_string()));
    }
    Ok(())
}

impl Config {
    /// Reads the command line (without the program name).
    ///
    /// # Errors
    ///
    /// A message saying which argument is wrong, or [`HELP`] for `--help`.
    pub fn from_args(args: &[String]) -> Result<Config, String> {
        match parse(args)? {
            Request::Match(config) => Ok(*config),
            Request::Help => Err(HELP.to_string()),
        }
    }
}

/// Reads the command line (without the program name).
///
/// # Errors
///
/// A message saying which argument is wrong.
pub fn parse(args: &[String]) -> Result<Request, String> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let mut each = EngineSpec::default();
    let mut config = Config {
        engines: [EngineSpec::default(), EngineSpec::default()],
        games: 2,
        rules: Rules::new(Limit::Clock(
            clock::parse_cli("10+0.1").expect("the default time control reads"),
        )),
        openings: None,
        plies: None,
        order: Order::Sequential,
        chess960: false,
        seed: 1,
        concurrency: 1,
        pgn: None,
        event: "chess-arbiter referee match".to_string(),
        site: "?".to_string(),
        sprt: None,
    };
    let mut games = None;
    let mut limits = 0;
    let mut args = args.iter().peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--each" => {
                let mut any = false;
                while let Some(setting) = args.next_if(|a| is_setting(a)) {
                    apply_setting(&mut each, setting)?;
                    any = true;
                }
                if !any {
                    return Err("--each needs option.X=V settings".to_string());
                }
                if each.name.is_some() {
                    return Err("--each cannot set a name= for both engines".to_string());
                }
            }
            "--games" => games = Some(at_least_one::<u32>(arg, args.next())?),
            "--tc" => {
                let text = args.next().ok_or("--tc needs a value")?;
                config.rules.limit = Limit::Clock(clock::parse_cli(text)?);
                limits += 1;
            }
            // One rule for the three limits: zero is no search at all.
            "--movetime" => {
                let ms: u64 = at_least_one(arg, args.next())?;
                config.rules.limit = Limit::MoveTime(Duration::from_millis(ms));
                limits += 1;
            }
            "--nodes" => {
                config.rules.limit = Limit::Nodes(at_least_one(arg, args.next())?);
                limits += 1;
            }
            "--depth" => {
                config.rules.limit = Limit::Depth(at_least_one(arg, args.next())?);
                limits += 1;
            }
            "--timemargin" => {
                config.rules.margin = Duration::from_millis(number(arg, args.next())?);
            }
            "--openings" => {
                config.openings = Some(args.next().ok_or("--openings needs a file")?.into());
            }
            "--plies" => config.plies = Some(number(arg, args.next())?),
            "--order" => {
                config.order = match args.next().map(String::as_str) {
                    Some("sequential") => Order::Sequential,
                    Some("random") => Order::Random,
                    _ => return Err("--order is sequential or random".to_string()),
                }
            }
            "--chess960" => config.chess960 = true,
            "--seed" => config.seed = number(arg, args.next())?,
            "--concurrency" => {
                config.concurrency = number(arg, args.next())?;
                if config.concurrency == 0 {
                    return Err("--concurrency must be at least 1".to_string());
                }
            }
            "--pgn" => config.pgn = Some(args.next().ok_or("--pgn needs a file")?.into()),
            "--event" => config.event = args.next().ok_or("--event needs a name")?.clone(),
            "--site" => config.site = args.next().ok_or("--site needs a name")?.clone(),
            "--sprt" => {
                config.sprt = Some(Sprt::parse(args.next().ok_or("--sprt needs a value")?)?);
            }
            "--resign" => {
                let text = args.next().ok_or("--resign needs score=S,moves=N")?;
                let [score, moves] = fields(arg, text, ["score", "moves"])?;
                config.rules.resign = Some(Resign {
                    score: score as i32,
                    moves: (moves as u32).max(1),
                });
            }
            "--draw" => {
                let text = args.next().ok_or("--draw needs score=S,moves=N,after=M")?;
                let [score, moves, after] = fields(arg, text, ["score", "moves", "after"])?;
                config.rules.draw = Some(DrawRule {
                    score: score as i32,
                    moves: (moves as u32).max(1),
                    after: after as u32,
                });
            }
            "--maxmoves" => {
                let n: u32 = number(arg, args.next())?;
                if n == 0 {
                    return Err("--maxmoves must be at least 1".to_string());
                }
                config.rules.max_moves = Some(n);
            }
            "-h" | "--help" => return Ok(Request::Help),
            option if option.starts_with("--") => {
                return Err(format!(
                    "unknown option {option} (referee --help lists them)"
                ));
            }
            setting if is_setting(setting) => {
                let spec = engines.last_mut().ok_or_else(|| {
                    format!("{setting:?} comes before any engine command (use --each for both)")
                })?;
                apply_setting(spec, setting)?;
            }
            _ => engines.push(EngineSpec {
                command: arg.clone(),
                ..EngineSpec::default()
            }),
        }
    }
    if limits > 1 {
        return Err("give one of --tc, --movetime, --nodes, --depth".to_string());
    }
    if engines.len() != 2 || engines.iter().any(|e| e.command.trim().is_empty()) {
        return Err("give two engine commands (referee --help shows how)".to_string());
    }
    for spec in &mut engines {
        let own = std::mem::take(&mut spec.options);
        spec.options = each.options.clone();
        for (name, value) in own {
            spec.options.retain(|(n, _)| !n.eq_ignore_ascii_case(&name));
            spec.options.push((name, value));
        }
    }
    config.games = games.unwrap_or(if config.sprt.is_some() { 20_000 } else { 2 });
    let [a, b]: [EngineSpec; 2] = engines.try_into().expect("two engines");
    config.engines = [a, b];
    Ok(Request::Match(Box::new(config)))
}
