//! Edges of the command line, the report and the protocol.

use super::*;

fn parse_args(args: &[&str]) -> Result<referee::Request, String> {
    referee::cli::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>())
}

/// The referee executable's exit code and stderr for `args`.
fn run_binary(args: &[&str]) -> (Option<i32>, String) {
    let out = std::process::Command::new(referee_binary())
        .args(args)
        .output()
        .expect("the referee binary is built by cargo test");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn games_0_is_refused_with_exit_2() {
    let err = parse_args(&["--games", "0", "a", "b"]).unwrap_err();
    assert_eq!(err, "--games must be at least 1");
    let (code, stderr) = run_binary(&["--games", "0", "a", "b"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("--games must be at least 1"), "{stderr}");
}

#[test]
fn zero_nodes_depth_and_movetime_are_refused_by_one_rule() {
    for option in ["--nodes", "--depth", "--movetime"] {
        let err = parse_args(&[option, "0", "a", "b"]).unwrap_err();
        assert_eq!(err, format!("{option} must be at least 1"));
        assert!(parse_args(&[option, "1", "a", "b"]).is_ok(), "{option} 1");
        let (code, _) = run_binary(&[option, "0", "a", "b"]);
        assert_eq!(code, Some(2), "{option} 0");
    }
}

#[test]
fn one_unpaired_game_gives_no_elo() {
    let m = play(
        "--seed 1",
        "--seed 2",
        &["--games", "1", "--tc", "5+0.05"],
        "unpaired",
    );
    assert_eq!(m.summary.games.len(), 1);
    assert!(!m.output.contains("Elo difference"), "{}", m.output);
    assert!(
        m.output.contains("Elo: none (no complete pair)"),
        "{}",
        m.output
    );
    assert!(
        m.output
            .contains("1 game without its pair is not in the pair counts"),
        "{}",
        m.output
    );
}

#[test]
fn sprt_parameters_outside_a_sane_range_or_repeated_are_refused() {
    use referee::stats::Sprt;
    for (bad, says) in [
        ("elo0=0,elo1=5,alpha=1e-320", "alpha=1e-320 must be from"),
        ("elo0=0,elo1=5,beta=0.5", "beta=0.5 must be from"),
        ("elo0=0,elo1=5,alpha=-0.1", "alpha=-0.1 must be from"),
        ("elo0=-1e308,elo1=1e308", "elo0=-1e308 lies outside"),
        ("elo0=0,elo1=1001", "elo1=1001 lies outside"),
        ("elo0=0,elo1=0.01", "at least 0.1 above elo0"),
        ("elo0=0,elo1=5,elo1=10", "elo1 is given twice"),
        ("elo0=0,elo1=5,alpha=0.05,alpha=0.1", "alpha is given twice"),
        ("elo0=inf,elo1=5", "is not a number"),
    ] {
        let err = Sprt::parse(bad).unwrap_err();
        assert!(err.contains(says), "{bad}: {err}");
        assert!(err.len() < 200, "{bad}: {err}");
    }
    // Sane values still read, the edges included; the bounds are finite.
    for good in [
        "elo0=0,elo1=5",
        "elo0=-1000,elo1=1000,alpha=0.0001,beta=0.0001",
        "elo0=0,elo1=0.1,alpha=0.49,beta=0.49",
    ] {
        let sprt = Sprt::parse(good).unwrap_or_else(|e| panic!("{good}: {e}"));
        let (lower, upper) = sprt.bounds();
        assert!(lower.is_finite() && upper.is_finite() && lower < 0.0 && upper > 0.0);
    }
    let (code, stderr) = run_binary(&["--sprt", "elo0=0,elo1=5,elo1=6", "a", "b"]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("given twice"), "{stderr}");
    // The adjudication fields take each key once too.
    let err = parse_args(&["--resign", "score=500,moves=3,score=400", "a", "b"]).unwrap_err();
    assert!(err.contains("score is given twice"), "{err}");
}

#[test]
fn a_second_bestmove_with_no_go_outstanding_loses_and_is_named() {
    // Engine A answers each go twice; the second line waits in the pipe
    // while B thinks, and is found when A is asked again: not an answer to
    // that go, but a protocol fault named in the ruling.
    let m = play("--fault twice", "--seed 2 --think-ms 100", TC, "twice");
    assert_a_loses(&m, Termination::RulesInfraction);
    for g in games(&m) {
        let words = &g.played.ruling.words;
        assert!(
            words.contains("sent a second bestmove") && words.contains("with no go outstanding"),
            "{words}"
        );
        assert!(!words.contains("illegal move"), "{words}");
    }
}

/// The process ids written into `dir` by the test engine's `--pid-dir`.
fn pids_in(dir: &PathBuf) -> Vec<u32> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Sends `signal` to process `pid`.
#[cfg(unix)]
fn send_signal(pid: u32, signal: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(pid as i32).expect("a process id is positive");
    rustix::process::kill_process(pid, signal).expect("the process can be signalled");
}

/// Waits up to five seconds for `pids` to be gone, SIGKILLs whatever is
/// left (rather than leave it to the machine) and returns those.
#[cfg(target_os = "linux")]
fn left_running(pids: &[u32]) -> Vec<u32> {
    let started = std::time::Instant::now();
    while pids.iter().any(|&pid| !process_gone(pid)) && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = pids
        .iter()
        .copied()
        .filter(|&pid| !process_gone(pid))
        .collect();
    for &pid in &left {
        send_signal(pid, rustix::process::Signal::KILL);
    }
    left
}

/// Starts a match of two engines that outlive their closed input (each with
/// a child in its process group that does too: only a kill ends them), sends
/// the referee `signal` while they think, and checks its exit code and that
/// no engine process is left.
#[cfg(target_os = "linux")]
fn a_signal_ends_the_referee_and_every_engine(
    label: &str,
    engine_args: &str,
    signal: rustix::process::Signal,
    code: i32,
) {
    let dir = temp_file(&format!("{label}-pids"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let engine = format!(
        "{} --linger --think-ms 200 {engine_args} --pid-dir {}",
        test_engine(),
        dir.display()
    );
    let mut referee = std::process::Command::new(referee_binary())
        .args(["--games", "2", "--tc", "60+0", &engine, &engine])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the referee binary is built by cargo test");
    let started = std::time::Instant::now();
    while pids_in(&dir).len() < 4 && started.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let engines = pids_in(&dir);
    assert_eq!(engines.len(), 4, "two engines and their children started");
    // Let the game run a little: the engines are thinking.
    std::thread::sleep(Duration::from_millis(300));
    assert!(engines.iter().all(|&pid| !process_gone(pid)));
    send_signal(referee.id(), signal);
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = referee.try_wait().unwrap() {
            break status.code();
        }
        if started.elapsed() > Duration::from_secs(10) {
            let _ = referee.kill();
            panic!("the referee did not exit on {signal:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let left = left_running(&engines);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(status, Some(code), "128 + the signal's number");
    assert!(left.is_empty(), "processes left running: {left:?}");
}

#[test]
#[cfg(target_os = "linux")]
fn sigterm_to_the_referee_kills_both_engines_and_their_children() {
    a_signal_ends_the_referee_and_every_engine("sigterm", "", rustix::process::Signal::TERM, 143);
}

#[test]
#[cfg(target_os = "linux")]
fn sighup_to_the_referee_kills_engines_that_ignore_signals_and_their_children() {
    // A closed terminal or a dropped ssh session: the engines, in their own
    // process groups, get no SIGHUP themselves, and these ignore it anyway.
    a_signal_ends_the_referee_and_every_engine(
        "sighup",
        "--ignore-signals",
        rustix::process::Signal::HUP,
        129,
    );
}

#[test]
#[cfg(target_os = "linux")]
fn engines_and_their_children_end_with_the_match_without_a_kill_program() {
    let dir = temp_file("no-kill-pids");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // An empty PATH: no `kill` program to ask (the engine is named by its path).
    let empty = temp_file("no-kill-path");
    let _ = std::fs::remove_dir_all(&empty);
    std::fs::create_dir_all(&empty).unwrap();
    let engine = format!(
        "{} --linger --ignore-signals --pid-dir {}",
        test_engine(),
        dir.display()
    );
    let out = std::process::Command::new(referee_binary())
        .args(["--games", "2", "--maxmoves", "5", "--tc", "60+0"])
        .args([&engine, &engine])
        .env("PATH", &empty)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the referee binary is built by cargo test");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("game 2: "), "{text}");
    let engines = pids_in(&dir);
    let left = left_running(&engines);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&empty);
    assert!(engines.len() >= 4, "two engines and their children started");
    assert!(left.is_empty(), "processes left running: {left:?}");
}
