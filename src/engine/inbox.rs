//! The engine's output as timestamped lines in an inbox bounded in bytes,
//! filled by a reader thread.

use super::{BUFFER_LIMIT, LINE_COST, MAX_LINE};
use alloc::collections::VecDeque;
use alloc::string::String;
use alloc::vec::Vec;
use std::io::Read;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// Lines read from the engine and not yet taken.
#[derive(Debug, Default)]
pub(crate) struct Inbox {
    pub(crate) lines: VecDeque<(String, Instant)>,
    /// The cost of the lines held (text plus [`LINE_COST`] each).
    pub(crate) bytes: usize,
    /// The most ever held.
    pub(crate) peak: usize,
    /// The engine's output closed.
    pub(crate) closed: bool,
    /// The caller is done with the engine: the reader stops.
    pub(crate) gone: bool,
}

/// The inbox and its two signals: a line came, room was made.
#[derive(Debug, Default)]
pub(crate) struct Shared {
    pub(crate) inbox: Mutex<Inbox>,
    pub(crate) line: Condvar,
    pub(crate) room: Condvar,
}

impl Shared {
    pub(crate) fn lock(&self) -> MutexGuard<'_, Inbox> {
        // A reader that panicked holding the lock leaves the inbox usable.
        self.inbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

pub(crate) fn is_info(line: &str) -> bool {
    line.split_whitespace().next() == Some("info")
}

/// Files `line` in the inbox, within [`BUFFER_LIMIT`]: when it would not
/// fit, every `info` line held that another `info` line follows is dropped
/// (so the latest before each other line, a `bestmove`, stays), then the
/// reader waits for room. Returns false once the caller is done with the engine.
pub(crate) fn deliver(shared: &Shared, line: String, at: Instant) -> bool {
    let cost = line.len() + LINE_COST;
    let mut inbox = shared.lock();
    loop {
        if inbox.gone {
            return false;
        }
        if inbox.bytes + cost <= BUFFER_LIMIT || inbox.lines.is_empty() {
            break;
        }
        // An info line followed by another (held, or this one) is
        // superseded: the last before each other line is kept.
        let incoming_info = is_info(&line);
        let infos: Vec<bool> = inbox.lines.iter().map(|(l, _)| is_info(l)).collect();
        let before = inbox.lines.len();
        let mut index = 0;
        inbox.lines.retain(|_| {
            let next_is_info = infos.get(index + 1).copied().unwrap_or(incoming_info);
            let keep = !(infos[index] && next_is_info);
            index += 1;
            keep
        });
        if inbox.lines.len() < before {
            inbox.bytes = inbox.lines.iter().map(|(l, _)| l.len() + LINE_COST).sum();
            continue;
        }
        inbox = shared
            .room
            .wait(inbox)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    inbox.bytes += cost;
    inbox.peak = inbox.peak.max(inbox.bytes);
    inbox.lines.push_back((line, at));
    shared.line.notify_all();
    true
}

/// An engine's line as it is kept: lossy UTF-8, a trailing `\r`
/// dropped, every control character (NUL, ESC, DEL ...) turned into `?`
/// and a tab into a space.
pub(crate) fn clean_line(bytes: &[u8]) -> String {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    String::from_utf8_lossy(bytes)
        .chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() => '?',
            c => c,
        })
        .collect()
}

pub(crate) fn reader(mut out: impl Read, shared: Arc<Shared>) {
    let mut buf = [0u8; 8192];
    let mut line: Vec<u8> = Vec::new();
    'read: loop {
        let n = match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        for &b in &buf[..n] {
            if b == b'\n' {
                let text = clean_line(&line);
                line.clear();
                if !deliver(&shared, text, Instant::now()) {
                    break 'read;
                }
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    shared.lock().closed = true;
    shared.line.notify_all();
}
