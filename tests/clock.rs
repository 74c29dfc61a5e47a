//! The chess clock (FIDE 6) and the PGN `TimeControl` tag (PGN standard
//! 9.6.1): every form of the tag, every step of a press, and the flag fall
//! ruled and recorded by the rules (6.9).

use chess_arbiter::clock::{Clock, FlagFall, Period, TimeControl, TimeControlError};
use chess_arbiter::pgn::PgnGame;
use chess_arbiter::{Color, DrawReason, Game, Outcome, WinReason};
use core::time::Duration;
use proptest::prelude::*;

const WHITE: Color = Color::White;
const BLACK: Color = Color::Black;

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

fn tc(text: &str) -> TimeControl {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} does not read: {e}"))
}

fn clock(text: &str) -> Clock {
    Clock::new(&tc(text))
}

fn err(text: &str) -> TimeControlError {
    match text.parse::<TimeControl>() {
        Ok(tc) => panic!("{text:?} reads as {tc}"),
        Err(e) => e,
    }
}

// ---- The TimeControl tag, form by form (PGN standard 9.6.1) ----

#[test]
fn time_control_question_mark_is_unknown() {
    let t = tc("?");
    assert!(t.is_unknown());
    assert!(t.periods().is_empty());
    assert_eq!(t.to_string(), "?");
    assert_eq!(t, TimeControl::unknown());
}

#[test]
fn time_control_dash_is_no_time_control() {
    let t = tc("-");
    assert!(t.is_unlimited());
    assert_eq!(t.to_string(), "-");
    assert_eq!(t, TimeControl::unlimited());
}

#[test]
fn time_control_moves_slash_seconds_is_a_number_of_moves_in_a_time() {
    let t = tc("40/9000");
    assert_eq!(
        t.periods(),
        &[Period::new(secs(9000)).with_moves(40)],
        "40 moves in 9000 seconds"
    );
    assert_eq!(t.to_string(), "40/9000");
}

#[test]
fn time_control_seconds_alone_is_sudden_death() {
    let t = tc("300");
    assert_eq!(t.periods(), &[Period::new(secs(300))]);
    assert_eq!(t.periods()[0].moves(), None);
    assert_eq!(t.to_string(), "300");
    assert_eq!(t, TimeControl::sudden_death(secs(300), Duration::ZERO));
}

#[test]
fn time_control_seconds_plus_seconds_is_sudden_death_with_an_increment() {
    let t = tc("4500+60");
    assert_eq!(
        t.periods(),
        &[Period::new(secs(4500)).with_increment(secs(60))]
    );
    assert_eq!(t.to_string(), "4500+60");
}

#[test]
fn time_control_star_seconds_is_a_sandclock() {
    let t = tc("*180");
    assert_eq!(t.sandclock_time(), Some(secs(180)));
    assert!(t.periods().is_empty());
    assert_eq!(t.to_string(), "*180");
}

#[test]
fn time_control_periods_are_joined_by_colons() {
    let t = tc("40/5400+30:1800+30");
    assert_eq!(
        t.periods(),
        &[
            Period::new(secs(5400))
                .with_moves(40)
                .with_increment(secs(30)),
            Period::new(secs(1800)).with_increment(secs(30)),
        ]
    );
    assert_eq!(t.to_string(), "40/5400+30:1800+30");
    let t = tc("40/7200:20/3600:900+30");
    assert_eq!(t.periods().len(), 3);
    assert_eq!(t.to_string(), "40/7200:20/3600:900+30");
}

#[test]
fn time_control_seconds_may_have_a_decimal_fraction() {
    let t = tc("10+0.1");
    assert_eq!(
        t.periods()[0].increment(),
        Duration::from_millis(100),
        "engine matches write tenths"
    );
    assert_eq!(t.to_string(), "10+0.1");
    assert_eq!(
        tc("0.000000001").periods()[0].time(),
        Duration::from_nanos(1)
    );
    // Written without needless zeros.
    assert_eq!(tc("60.50+1.0").to_string(), "60.5+1");
}

#[test]
fn a_period_reads_alone_as_the_tag_writes_it() {
    assert_eq!(
        "40/5400+30".parse::<Period>(),
        Ok(tc("40/5400+30").periods()[0])
    );
    assert_eq!(
        "".parse::<Period>(),
        Err(TimeControlError::EmptyPeriod { period: 1 })
    );
    assert!(matches!(
        "?".parse::<Period>(),
        Err(TimeControlError::NotAPeriod { period: 1, .. })
    ));
    assert!(matches!(
        "300:60".parse::<Period>(),
        Err(TimeControlError::Time { period: 1, .. })
    ));
}

#[test]
fn time_control_blanks_around_the_tag_are_ignored() {
    assert_eq!(tc(" 300+2 "), tc("300+2"));
}

#[test]
fn time_control_every_form_is_written_back_as_read() {
    for text in [
        "?",
        "-",
        "40/9000",
        "300",
        "4500+60",
        "*180",
        "40/5400+30:1800+30",
        "40/7200:20/3600:900",
        "0+1",
        "10+0.1",
        "18446744073709551615",
    ] {
        assert_eq!(tc(text).to_string(), text);
    }
}

#[test]
fn time_control_errors_say_which_period_and_why() {
    assert_eq!(err(""), TimeControlError::Empty);
    assert_eq!(err("  "), TimeControlError::Empty);
    assert_eq!(err("300:"), TimeControlError::EmptyPeriod { period: 2 });
    assert_eq!(err(":300"), TimeControlError::EmptyPeriod { period: 1 });
    assert_eq!(
        err("40/5400+30:1800+3x"),
        TimeControlError::Increment {
            period: 2,
            text: "1800+3x".into(),
            increment: "3x".into(),
        }
    );
    assert_eq!(
        err("40/5400+30:1800+3x").to_string(),
        "invalid time control: period 2 \"1800+3x\": the increment \"3x\" is not a number of seconds"
    );
    assert_eq!(
        err("40/90m"),
        TimeControlError::Time {
            period: 1,
            text: "40/90m".into(),
            time: "90m".into(),
        }
    );
    assert!(matches!(
        err("x/300"),
        TimeControlError::Moves { period: 1, .. }
    ));
    assert!(matches!(
        err("0/300"),
        TimeControlError::Moves { period: 1, .. }
    ));
    assert!(matches!(
        err("-40/300"),
        TimeControlError::Moves { period: 1, .. }
    ));
    assert!(matches!(
        err("99999999999/300"),
        TimeControlError::Moves { period: 1, .. }
    ));
    assert!(matches!(
        err("40/"),
        TimeControlError::Time { period: 1, .. }
    ));
    assert!(matches!(
        err("300+"),
        TimeControlError::Increment { period: 1, .. }
    ));
    assert!(matches!(
        err("300+-2"),
        TimeControlError::Increment { period: 1, .. }
    ));
    assert!(matches!(
        err("5:00"),
        TimeControlError::Unreachable { period: 2 }
    ));
    assert!(matches!(
        err("1.5.5"),
        TimeControlError::Time { period: 1, .. }
    ));
    assert!(matches!(
        err(".5"),
        TimeControlError::Time { period: 1, .. }
    ));
    assert!(matches!(
        err("5."),
        TimeControlError::Time { period: 1, .. }
    ));
    assert!(matches!(
        err("0.0000000001"),
        TimeControlError::TooPrecise { period: 1, .. }
    ));
    assert!(matches!(
        err("18446744073709551616"),
        TimeControlError::TooLarge { period: 1, .. }
    ));
    assert!(matches!(
        err("300 +2"),
        TimeControlError::Time { period: 1, .. }
    ));
    assert!(matches!(
        err("３００"),
        TimeControlError::Time { period: 1, .. }
    ));
}

#[test]
fn time_control_unknown_none_and_sandclock_stand_alone() {
    assert_eq!(
        err("40/5400:?"),
        TimeControlError::NotAPeriod {
            period: 2,
            text: "?".into()
        }
    );
    assert!(matches!(
        err("-:300"),
        TimeControlError::NotAPeriod { period: 1, .. }
    ));
    assert!(matches!(
        err("40/300:*180"),
        TimeControlError::NotAPeriod { period: 2, .. }
    ));
    assert!(matches!(
        err("*180:300"),
        TimeControlError::NotAPeriod { period: 1, .. }
    ));
    assert!(matches!(
        err("*180+2"),
        TimeControlError::NotAPeriod { period: 1, .. }
    ));
    assert!(matches!(err("*"), TimeControlError::Sandclock { .. }));
    assert_eq!(
        err("*180+2").to_string(),
        "invalid time control: period 1 \"*180+2\": \"?\", \"-\" and a sandclock \"*seconds\" are a whole time control, not a period"
    );
}

#[test]
fn time_control_a_sandclock_without_a_readable_time_names_the_sandclocks_time() {
    assert_eq!(
        err("*abc"),
        TimeControlError::Sandclock {
            text: "*abc".into(),
            time: "abc".into(),
        }
    );
    assert_eq!(
        err("*abc").to_string(),
        "invalid time control: \"*abc\": the sandclock's time \"abc\" is not a number of seconds"
    );
    assert_eq!(
        err("*").to_string(),
        "invalid time control: \"*\": the sandclock has no time"
    );
    assert_eq!(
        err("*1.5x").to_string(),
        "invalid time control: \"*1.5x\": the sandclock's time \"1.5x\" is not a number of seconds"
    );
    assert!(matches!(
        err("*0.1234567891"),
        TimeControlError::TooPrecise { period: 1, .. }
    ));
    assert!(matches!(
        err("*18446744073709551616"),
        TimeControlError::TooLarge { period: 1, .. }
    ));
}

#[test]
fn time_control_a_number_of_seconds_says_too_precise_or_too_large() {
    assert_eq!(
        err("3.1415926535"),
        TimeControlError::TooPrecise {
            period: 1,
            text: "3.1415926535".into(),
            number: "3.1415926535".into(),
        }
    );
    assert_eq!(
        err("3.1415926535").to_string(),
        "invalid time control: period 1 \"3.1415926535\": \"3.1415926535\" is too precise: seconds take at most nine decimals"
    );
    assert_eq!(
        err("18446744073709551616").to_string(),
        "invalid time control: period 1 \"18446744073709551616\": \"18446744073709551616\" is too large: a clock holds at most 18446744073709551615 seconds"
    );
    assert_eq!(
        err("40/300:60+0.0000000001"),
        TimeControlError::TooPrecise {
            period: 2,
            text: "60+0.0000000001".into(),
            number: "0.0000000001".into(),
        }
    );
    assert_eq!(
        err("40/99999999999999999999+1"),
        TimeControlError::TooLarge {
            period: 1,
            text: "40/99999999999999999999+1".into(),
            number: "99999999999999999999".into(),
        }
    );
    // Still not a number: a sign, a letter, an empty fraction.
    assert!(matches!(err("1.5x"), TimeControlError::Time { .. }));
    assert!(matches!(err("5."), TimeControlError::Time { .. }));
    assert!(matches!(
        err("300+99999999999999999999x"),
        TimeControlError::Increment { .. }
    ));
}

#[test]
fn time_control_errors_quote_at_most_sixty_characters_of_a_huge_input() {
    let huge_time = "9".repeat(1 << 20) + "x";
    let huge_increment = format!("300+{}", "y".repeat(1 << 20));
    let huge_sandclock = format!("*{}", "z".repeat(1 << 20));
    let huge_moves = format!("{}/300", "m".repeat(1 << 20));
    let huge_large = "9".repeat(1 << 20);
    let huge_precise = format!("1.{}", "5".repeat(1 << 20));
    let huge_colon = format!("40/300:{}", "?".repeat(1 << 20));
    for text in [
        &huge_time,
        &huge_increment,
        &huge_sandclock,
        &huge_moves,
        &huge_large,
        &huge_precise,
        &huge_colon,
    ] {
        let message = err(text).to_string();
        assert!(
            message.chars().count() <= 300,
            "{} characters: {}",
            message.len(),
            &message[..300.min(message.len())]
        );
        assert!(message.contains('…'), "{message}");
    }
    let Err(TimeControlError::Time { text, time, .. }) = huge_time.parse::<TimeControl>() else {
        panic!("a time that is not a number");
    };
    assert_eq!(text.chars().count(), 61);
    assert_eq!(time.chars().count(), 61);
    assert!(text.ends_with('…'));
    let long_period = format!("{}/300", "m".repeat(1 << 20));
    assert!(long_period.parse::<Period>().unwrap_err().to_string().len() < 300);
}

#[test]
fn time_control_a_period_after_sudden_death_can_never_begin() {
    assert_eq!(err("300:60"), TimeControlError::Unreachable { period: 2 });
    assert_eq!(
        err("300:60").to_string(),
        "invalid time control: period 2 can never begin: period 1 has no move count, so it lasts the rest of the game"
    );
    assert_eq!(
        TimeControl::from_periods([Period::new(secs(300)), Period::new(secs(60))]),
        Err(TimeControlError::Unreachable { period: 2 })
    );
    assert_eq!(
        TimeControl::from_periods(Vec::new()),
        Err(TimeControlError::NoPeriods)
    );
    assert_eq!(
        TimeControl::from_periods([Period::new(secs(60)).with_moves(40)]),
        Ok(tc("40/60"))
    );
}

proptest! {
    #[test]
    fn time_control_any_text_reads_without_panic_and_what_reads_round_trips(text in "\\PC{0,24}") {
        if let Ok(t) = text.parse::<TimeControl>() {
            let written = t.to_string();
            prop_assert_eq!(written.parse::<TimeControl>(), Ok(t), "{:?}", text);
        }
    }

    #[test]
    fn time_control_tag_like_text_reads_without_panic(text in "[0-9/+:*.?-]{0,16}") {
        if let Ok(t) = text.parse::<TimeControl>() {
            let _ = Clock::new(&t);
            prop_assert_eq!(t.to_string().parse::<TimeControl>(), Ok(t));
        }
    }

    #[test]
    fn clock_presses_never_panic(text in "[0-9]{1,3}(/[0-9]{1,3})?(\\+[0-9]{1,2})?(:[0-9]{1,3}/[0-9]{1,3})?", moves in proptest::collection::vec(0u64..400, 0..200)) {
        if let Ok(t) = text.parse::<TimeControl>() {
            let mut c = Clock::new(&t);
            for m in moves {
                let before = c.flag();
                let r = c.press(Duration::from_secs(m));
                if before.is_some() {
                    prop_assert_eq!(c.flag(), before);
                }
                prop_assert_eq!(r.is_err(), c.flag().is_some());
            }
        }
    }
}

// ---- The clock (FIDE 6) ----

#[test]
fn clock_starts_white_to_move_each_player_with_the_first_periods_time() {
    let c = clock("40/5400+30:1800+30");
    assert_eq!(c.to_move(), WHITE);
    assert_eq!(c.remaining(WHITE), secs(5400));
    assert_eq!(c.remaining(BLACK), secs(5400));
    assert_eq!(c.flag(), None);
    assert_eq!(c.moves_made(WHITE), 0);
    assert_eq!(c.time_control(), &tc("40/5400+30:1800+30"));
}

#[test]
fn clock_starting_with_black_runs_blacks_time_first() {
    let mut c = Clock::starting_with(&tc("300"), BLACK);
    assert_eq!(c.to_move(), BLACK);
    c.press(secs(10)).unwrap();
    assert_eq!(c.remaining(BLACK), secs(290));
    assert_eq!(c.remaining(WHITE), secs(300));
    assert_eq!(c.to_move(), WHITE);
}

#[test]
fn each_players_time_runs_only_on_their_own_move() {
    let mut c = clock("300");
    c.press(secs(7)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(293));
    assert_eq!(c.remaining(BLACK), secs(300));
    assert_eq!(c.to_move(), BLACK);
    c.press(secs(11)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(293));
    assert_eq!(c.remaining(BLACK), secs(289));
    assert_eq!(c.to_move(), WHITE);
    assert_eq!((c.moves_made(WHITE), c.moves_made(BLACK)), (1, 1));
}

#[test]
fn press_subtracts_the_elapsed_time_then_adds_the_increment() {
    let mut c = clock("180+2");
    c.press(Duration::from_millis(3500)).unwrap();
    assert_eq!(c.remaining(WHITE), Duration::from_millis(178_500));
    // A move faster than the increment gains time (Fischer mode).
    c.press(Duration::from_millis(500)).unwrap();
    assert_eq!(c.remaining(BLACK), Duration::from_millis(181_500));
}

#[test]
fn next_periods_time_is_added_once_the_periods_moves_are_made() {
    // FIDE's standard: 40 moves in 90 minutes, then 30 minutes for the
    // rest of the game, with 30 seconds a move from move 1.
    let mut c = clock("40/5400+30:1800+30");
    for n in 1..=39 {
        c.press(secs(100)).unwrap();
        c.press(secs(60)).unwrap();
        assert_eq!(c.moves_to_go(WHITE), Some(40 - n));
    }
    assert_eq!(c.remaining(WHITE), secs(5400 - 39 * 70));
    c.press(secs(100)).unwrap(); // White's 40th move
    assert_eq!(c.remaining(WHITE), secs(5400 - 40 * 70 + 1800));
    assert_eq!(c.moves_to_go(WHITE), None);
    assert_eq!(c.period(WHITE), Some(tc("1800+30").periods()[0]));
    // Black has not made their 40th move yet.
    assert_eq!(c.remaining(BLACK), secs(5400 - 39 * 30));
    assert_eq!(c.moves_to_go(BLACK), Some(1));
    c.press(secs(60)).unwrap();
    assert_eq!(c.remaining(BLACK), secs(5400 - 40 * 30 + 1800));
    // Later moves: the second period's increment, no more time.
    c.press(secs(100)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(5400 - 41 * 70 + 1800));
}

#[test]
fn the_increment_is_the_period_the_move_was_made_in() {
    let mut c = clock("2/100+5:50+1");
    c.press(secs(10)).unwrap(); // W1: +5
    c.press(secs(10)).unwrap();
    c.press(secs(10)).unwrap(); // W2: +5, then +50
    assert_eq!(c.remaining(WHITE), secs(100 - 20 + 10 + 50));
    c.press(secs(10)).unwrap();
    c.press(secs(10)).unwrap(); // W3: +1
    assert_eq!(c.remaining(WHITE), secs(140 - 10 + 1));
}

#[test]
fn the_last_period_repeats() {
    let mut c = clock("40/9000");
    for _ in 0..80 {
        c.press(secs(100)).unwrap();
        c.press(secs(100)).unwrap();
    }
    // 9000 at the start, 9000 more after moves 40 and 80.
    assert_eq!(c.remaining(WHITE), secs(3 * 9000 - 80 * 100));
    assert_eq!(c.moves_to_go(WHITE), Some(40));

    let mut c = clock("40/7200:20/3600");
    for _ in 0..80 {
        c.press(secs(10)).unwrap();
        c.press(secs(10)).unwrap();
    }
    // 7200, +3600 after move 40, +3600 after 60, +3600 after 80.
    assert_eq!(c.remaining(BLACK), secs(7200 + 3 * 3600 - 800));
    assert_eq!(c.moves_to_go(BLACK), Some(20));
}

#[test]
fn flag_falls_when_the_move_takes_more_than_the_remaining_time() {
    let mut c = clock("60+5");
    assert_eq!(
        c.press(Duration::from_millis(60_001)),
        Err(FlagFall { color: WHITE })
    );
    assert_eq!(c.flag(), Some(WHITE));
    assert_eq!(c.remaining(WHITE), Duration::ZERO);
    assert_eq!(
        c.to_move(),
        WHITE,
        "the clock stops: the turn does not pass"
    );
    assert_eq!(c.moves_made(WHITE), 0, "the move was not completed in time");
}

#[test]
fn flag_falls_only_when_the_move_takes_more_than_the_time_left() {
    // A move pressed with the clock at exactly zero is in time; a
    // nanosecond more and the flag has fallen (FIDE 6.1).
    let mut c = clock("60+5");
    c.press(secs(60)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(5));
    let mut c = clock("60+5");
    assert_eq!(
        c.press(secs(60) + Duration::from_nanos(1)),
        Err(FlagFall { color: WHITE })
    );
    assert_eq!(c.remaining(WHITE), Duration::ZERO);
}

#[test]
fn flag_fall_is_not_healed_by_the_increment() {
    let mut c = clock("10+30");
    assert!(c.press(secs(11)).is_err());
    assert_eq!(
        c.remaining(WHITE),
        Duration::ZERO,
        "no increment after a fall"
    );
    // Nor by a period's extra time: the move count is not reached.
    let mut c = clock("1/10:3600");
    assert!(c.press(secs(11)).is_err());
    assert_eq!(c.remaining(WHITE), Duration::ZERO);
}

#[test]
fn flag_fall_is_reported_once_and_stays_down() {
    let mut c = clock("5");
    c.press(secs(1)).unwrap();
    assert_eq!(c.press(secs(6)), Err(FlagFall { color: BLACK }));
    let frozen = c.clone();
    // The clock is stopped: a later press changes nothing, and White's
    // flag, however long White takes, never falls second.
    assert_eq!(c.press(secs(100)), Err(FlagFall { color: BLACK }));
    assert_eq!(c, frozen);
    assert_eq!(c.flag(), Some(BLACK));
    // The arbiter's time does not raise it either.
    c.give(BLACK, secs(120));
    assert_eq!(c.flag(), Some(BLACK));
    assert_eq!(c.press(secs(1)), Err(FlagFall { color: BLACK }));
}

#[test]
fn sandclock_gives_the_time_used_to_the_opponent() {
    let mut c = clock("*180");
    assert_eq!(c.remaining(WHITE), secs(180));
    assert_eq!(c.remaining(BLACK), secs(180));
    c.press(secs(30)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(150));
    assert_eq!(c.remaining(BLACK), secs(210));
    c.press(secs(200)).unwrap();
    assert_eq!(c.remaining(WHITE), secs(350));
    assert_eq!(c.remaining(BLACK), secs(10));
    // The sand in the glass stays the same.
    assert_eq!(c.remaining(WHITE) + c.remaining(BLACK), secs(360));
    c.press(secs(1)).unwrap();
    assert_eq!(c.press(secs(12)), Err(FlagFall { color: BLACK }));
    assert_eq!(c.remaining(BLACK), Duration::ZERO);
    assert_eq!(c.remaining(WHITE), secs(360), "all the sand ran to White");
}

#[test]
fn no_flag_ever_falls_without_a_time_control() {
    for text in ["-", "?"] {
        let mut c = clock(text);
        for _ in 0..100 {
            assert_eq!(c.press(Duration::MAX), Ok(()), "{text}");
        }
        assert_eq!(c.flag(), None);
        assert_eq!(c.remaining(WHITE), Duration::MAX);
        assert_eq!(c.moves_made(WHITE), 50);
        assert_eq!(c.moves_to_go(WHITE), None);
        assert_eq!(c.period(WHITE), None);
    }
}

#[test]
fn arbiter_gives_two_minutes_for_an_illegal_move() {
    // FIDE 7.5.5: for a player's first illegal move the opponent gets two
    // minutes more.
    let mut c = clock("900+10");
    c.give(BLACK, secs(120));
    assert_eq!(c.remaining(BLACK), secs(1020));
    assert_eq!(c.remaining(WHITE), secs(900));
    // Never an overflow.
    c.give(BLACK, Duration::MAX);
    assert_eq!(c.remaining(BLACK), Duration::MAX);
    assert_eq!(c.press(Duration::MAX), Err(FlagFall { color: WHITE }));
}

#[test]
fn huge_times_and_increments_saturate_instead_of_overflowing() {
    let mut c = clock("18446744073709551615+18446744073709551615");
    c.press(Duration::ZERO).unwrap();
    assert_eq!(c.remaining(WHITE), Duration::MAX);
}

// ---- The flag ruled by the position (FIDE 6.9) and recorded ----

#[test]
fn flag_fall_loses_when_the_opponent_can_mate() {
    let mut game = Game::new();
    let mut c = clock("60");
    game.play_san("e4").unwrap();
    c.press(secs(1)).unwrap();
    let fall = c.press(secs(61)).unwrap_err();
    assert_eq!(fall.color, BLACK);
    let ruling = game.flag_fall(fall.color).unwrap();
    assert_eq!(
        ruling,
        Outcome::Decisive {
            winner: WHITE,
            reason: WinReason::Timeout
        }
    );
    assert_eq!(game.outcome(), Some(ruling));
}

#[test]
fn flag_fall_is_a_draw_when_the_opponent_cannot_mate() {
    // Black has a lone king: White's flag falls, Black cannot mate.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    assert_eq!(
        game.flag_fall(WHITE),
        Ok(Outcome::Draw {
            reason: DrawReason::TimeoutOpponentCannotMate
        })
    );
    // Locked pawns: neither side can ever mate (6.9 by any series of moves).
    let game = Game::from_fen("4k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1").unwrap();
    assert!(game.outcome().is_some(), "already a dead position");
}

#[test]
fn flag_fall_recorded_ends_the_game_and_undo_takes_it_back() {
    let mut game = Game::new();
    game.play_san("d4").unwrap();
    game.flag_fall(BLACK).unwrap();
    assert!(game.play_san("d5").is_err());
    assert!(game.resign(BLACK).is_err());
    assert!(game.flag_fall(WHITE).is_err(), "the first flag counts");
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn flag_fall_in_a_finished_game_keeps_its_outcome() {
    let mut game = Game::new();
    for uci in ["f2f3", "e7e5", "g2g4", "d8h4"] {
        game.play_uci(uci).unwrap();
    }
    let mate = game.outcome().unwrap();
    assert_eq!(
        game.flag_fall(WHITE).unwrap_err().outcome,
        mate,
        "checkmate ended the game first"
    );
    assert_eq!(game.outcome(), Some(mate));
}

#[test]
fn pgn_of_a_game_lost_on_time_writes_its_result() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.flag_fall(WHITE).unwrap();
    let mut pgn = PgnGame::new(game);
    assert_eq!(pgn.tag("Result"), Some("0-1"));
    assert_eq!(pgn.result(), "0-1");
    pgn.set_tag("TimeControl", &tc("40/5400+30:1800+30").to_string());
    let text = pgn.to_string();
    assert!(
        text.contains("[TimeControl \"40/5400+30:1800+30\"]"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("1. e4 0-1"), "{text}");

    let mut draw = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    draw.flag_fall(WHITE).unwrap();
    assert_eq!(PgnGame::new(draw).result(), "1/2-1/2");
}

#[test]
fn flag_fall_ruling_round_trips_through_serde() {
    let mut game = Game::new();
    game.play_san("e4").unwrap();
    game.flag_fall(BLACK).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back, game);

    let mut draw = Game::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    draw.flag_fall(WHITE).unwrap();
    let json = serde_json::to_string(&draw).unwrap();
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), draw);

    // A ruling that 6.9 does not give is refused: White cannot lose on
    // time against a lone king.
    let forged = json.replace(
        r#"{"result":"1/2-1/2","winner":null,"reason":"timeout_draw"}"#,
        r#"{"result":"0-1","winner":"black","reason":"timeout"}"#,
    );
    assert_ne!(forged, json);
    assert!(serde_json::from_str::<Game>(&forged).is_err());

    let t = tc("40/5400+30:1800+30");
    assert_eq!(
        serde_json::to_string(&t).unwrap(),
        r#""40/5400+30:1800+30""#
    );
    assert_eq!(
        serde_json::from_str::<TimeControl>(r#""*180""#).unwrap(),
        tc("*180")
    );
    assert!(serde_json::from_str::<TimeControl>(r#""300:60""#).is_err());
    let p: Period = serde_json::from_str(r#""40/5400+30""#).unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), r#""40/5400+30""#);
    assert!(serde_json::from_str::<Period>(r#""*180""#).is_err());
}

#[test]
fn clock_time_writes_h_mm_ss_cut_down_with_decimals_on_request() {
    use chess_arbiter::clock::ClockTime;
    let ms = Duration::from_millis;
    assert_eq!(ClockTime(Duration::ZERO).to_string(), "0:00:00");
    assert_eq!(ClockTime(ms(999)).to_string(), "0:00:00");
    assert_eq!(ClockTime(ms(59_999)).to_string(), "0:00:59");
    assert_eq!(ClockTime(ms(3_599_000)).to_string(), "0:59:59");
    assert_eq!(ClockTime(ms(3_600_000)).to_string(), "1:00:00");
    assert_eq!(
        ClockTime(Duration::from_secs(86_400)).to_string(),
        "24:00:00"
    );
    assert_eq!(format!("{:.1}", ClockTime(ms(999))), "0:00:00.9");
    assert_eq!(format!("{:.2}", ClockTime(ms(5_050))), "0:00:05.05");
    assert_eq!(
        format!("{:.9}", ClockTime(Duration::new(1, 1))),
        "0:00:01.000000001"
    );
    assert_eq!(
        format!("{:.12}", ClockTime(Duration::new(1, 1))),
        "0:00:01.000000001"
    );
    assert_eq!(format!("{:>10}", ClockTime(ms(1_000))), "   0:00:01");
    assert_eq!(format!("{:<10}|", ClockTime(ms(1_000))), "0:00:01   |");
    assert_eq!(
        ClockTime(Duration::MAX).to_string(),
        "5124095576030431:00:15"
    );
    assert_eq!(
        format!("{:.9}", ClockTime(Duration::MAX)),
        "5124095576030431:00:15.999999999"
    );
}

#[test]
fn clock_display_shows_both_times_and_who_is_to_move_or_flagged() {
    let secs = Duration::from_secs;
    let mut clock = Clock::new(&tc("40/5400+30:1800+30"));
    assert_eq!(
        clock.to_string(),
        "white 1:30:00, black 1:30:00, white to move"
    );
    clock.press(secs(100)).unwrap();
    assert_eq!(
        clock.to_string(),
        "white 1:28:50, black 1:30:00, black to move"
    );
    assert_eq!(
        format!("{clock:.1}"),
        "white 1:28:50.0, black 1:30:00.0, black to move"
    );
    assert_eq!(
        clock.press(secs(5401)),
        Err(FlagFall {
            color: Color::Black
        })
    );
    assert_eq!(
        clock.to_string(),
        "white 1:28:50, black 0:00:00, black's flag has fallen"
    );
    let sand = Clock::starting_with(&tc("*180"), Color::Black);
    assert_eq!(
        sand.to_string(),
        "white 0:03:00, black 0:03:00, black to move"
    );
    assert_eq!(
        Clock::new(&TimeControl::unknown()).to_string(),
        "white -, black -, white to move"
    );
}

#[test]
fn pressing_before_playing_judges_the_position_before_the_flagged_move() {
    // White, in check from the rook, would take it and leave K v K; but
    // White's flag falls while thinking: the move was never completed
    // (FIDE 6.2.1), so 6.9 judges the position with Black's rook on the
    // board, and Black, who can mate, wins.
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/3rK3 w - - 0 1").unwrap();
    let mut clock = Clock::starting_with(&tc("60"), game.position().turn());
    let kxd1 = game.position().parse_san("Kxd1").unwrap();
    match clock.press(Duration::from_secs(61)) {
        Ok(()) => game.play(kxd1).unwrap(),
        Err(fall) => {
            let ruling = game.flag_fall(fall.color).unwrap();
            assert_eq!(
                ruling,
                Outcome::Decisive {
                    winner: Color::Black,
                    reason: WinReason::Timeout
                }
            );
        }
    }
    assert_eq!(game.moves().len(), 0);
    // In time, the capture stands and the game is drawn by itself.
    let mut in_time = Game::from_fen("4k3/8/8/8/8/8/8/3rK3 w - - 0 1").unwrap();
    let mut clock = Clock::new(&tc("60"));
    clock.press(Duration::from_secs(59)).unwrap();
    in_time.play(kxd1).unwrap();
    assert_eq!(
        in_time.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
}

#[test]
fn a_timeout_draw_displays_that_the_opponent_cannot_checkmate() {
    // K+Q against K+N: White's flag falls, and Black's lone knight cannot
    // mate a king with a queen beside it (FIDE 6.9).
    let mut game = Game::from_fen("4k3/8/8/8/8/8/8/1n2K2Q w - - 0 1").unwrap();
    let ruling = game.flag_fall(Color::White).unwrap();
    assert_eq!(
        ruling.to_string(),
        "draw by timeout, the opponent cannot checkmate"
    );
    assert_eq!(
        DrawReason::TimeoutOpponentCannotMate.to_string(),
        "timeout, the opponent cannot checkmate"
    );
}
