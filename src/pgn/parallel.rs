//! [`ParallelReader`] ([`Reader::with_threads`]): it wraps a [`Reader`],
//! whose game splitter runs on the calling thread and packs whole games
//! into batches; worker threads tokenize them and play their moves; the
//! results come back in input order. The cuts are the sequential reader's
//! because they are made by the same code.

use super::build::{Room, build_with};
use super::error::PgnError;
use super::game::{Origin, PgnGame};
use super::reader::{Reader, finish};
use super::tokenizer::GameText;
use alloc::collections::VecDeque;
use alloc::vec::Vec;
use std::io::Read;
use std::sync::mpsc::{self, Receiver, Sender, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

type Item = Result<PgnGame, PgnError>;

/// Text gathered for one batch before it goes to a worker (a game longer
/// than this is a batch by itself).
const BATCH: usize = 1 << 17;

/// Batches in flight per worker: enough to keep every worker busy while
/// the splitter and the caller catch up, few enough to bound memory.
const IN_FLIGHT_PER_WORKER: usize = 3;

/// One game of a batch: where its text lies in the batch's bytes.
struct Meta {
    start: usize,
    end: usize,
    movetext: usize,
    first_line: u64,
    game_number: u64,
    offset: u64,
}

/// Whole games' text and where each lies in it; with the items built from
/// them once a worker is done. Batches are used again and again, so that
/// their memory stays with the reader (and warm) instead of going back and
/// forth between threads' allocators.
#[derive(Default)]
struct Batch {
    bytes: Vec<u8>,
    games: Vec<Meta>,
    items: VecDeque<Item>,
    /// The reader's [`Reader::mainline_only`].
    mainline_only: bool,
}

type Job = (Batch, SyncSender<Batch>);

/// What the caller waits for, in input order.
enum Pending {
    /// A batch at a worker, and its bytes of text.
    Batch(Receiver<Batch>, usize),
    /// A game longer than a batch, built on the calling thread, and its
    /// bytes of text.
    Built(Item, usize),
    /// An error reading the input: the last item.
    Failed(PgnError),
}

/// The workers of a [`ParallelReader`].
struct Pool {
    jobs: Option<Sender<Job>>,
    workers: Vec<JoinHandle<()>>,
    pending: VecDeque<Pending>,
    /// The batch whose items the caller is taking.
    ready: Batch,
    /// Batches done with, to fill again.
    spare: Vec<Batch>,
    /// The bytes of text of the batches at the workers.
    in_flight: usize,
    done: bool,
}

impl Pool {
    fn new(threads: usize) -> Pool {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        let workers = (0..threads)
            .map(|_| {
                let queue = Arc::clone(&queue);
                std::thread::spawn(move || work(&queue))
            })
            .collect();
        Pool {
            jobs: Some(jobs),
            workers,
            pending: VecDeque::new(),
            ready: Batch::default(),
            spare: Vec::new(),
            in_flight: 0,
            done: false,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // Workers finish the batch in hand (its result has nowhere to go)
        // and stop when the queue closes.
        self.pending.clear();
        self.jobs = None;
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
    }
}

/// A worker: takes batches off the queue until it closes.
#[allow(clippy::result_large_err)] // PgnError carries the SanError whole; errors are the rare path
fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok((mut batch, reply)) = job else { return };
        let Batch {
            bytes,
            games,
            items,
            mainline_only,
        } = &mut batch;
        let mainline_only = *mainline_only;
        let mut room = Room::default();
        items.extend(games.iter().map(|meta| {
            let text = GameText {
                text: &bytes[meta.start..meta.end],
                movetext: meta.movetext,
                first_line: meta.first_line,
                game_number: meta.game_number,
                offset: meta.offset,
            };
            let origin = Origin {
                offset: meta.offset,
                line: meta.first_line,
            };
            let game = build_with(&text, mainline_only, room).map(|b| finish(b, origin));
            if let Ok(game) = &game {
                room = room.after(game);
            }
            game
        }));
        // The reader may be gone: nothing is waiting then.
        let _ = reply.send(batch);
    }
}

impl<R: Read + Send> Reader<R> {
    /// A reader of the games in `read` that plays their moves on `threads`
    /// worker threads: it yields exactly the items of [`Reader::new`], in
    /// the same order. The games are cut on the calling thread by the
    /// sequential reader's own splitter (it knows comments, tag strings,
    /// `%` lines and `;` comments), and at most three batches of whole
    /// games per worker are at the workers at a time: about 128 KiB of text
    /// each, `3 × threads × 128 KiB` in all. A game longer than a batch is
    /// built on the calling thread, from the reader's buffer. So memory
    /// stays bounded whatever the input's size, by about: the text in
    /// flight and the games built from it (a game holds its tags, comments
    /// and every position it passed through: about 190 bytes a ply, some
    /// 30 times its text for long games, so two workers on games of 256
    /// plies hold about 11 MB more than one), the batch whose games the
    /// caller is taking, and the reader's buffer, which holds the game
    /// being cut (at most twice the largest game): huge games cost what
    /// they cost on one thread, whatever the number of threads.
    /// The allocator may keep more: each worker's games are freed into its
    /// own arena, which stays at its peak (glibc: on games of up to 256
    /// plies, about 25 MB of RSS more per worker; `MALLOC_ARENA_MAX=1` or
    /// another allocator halves that). `threads` of 0 or 1 reads on the calling thread alone.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    ///
    /// let one = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    /// let text = one.repeat(1000);
    /// let parallel: Vec<_> = Reader::with_threads(text.as_bytes(), 2).collect();
    /// let sequential: Vec<_> = Reader::new(text.as_bytes()).collect();
    /// assert_eq!(parallel.len(), 1000);
    /// assert_eq!(parallel[999].as_ref().unwrap(), sequential[999].as_ref().unwrap());
    /// ```
    pub fn with_threads(read: R, threads: usize) -> ParallelReader<R> {
        ParallelReader {
            reader: Reader::new(read),
            pool: (threads > 1).then(|| Pool::new(threads)),
        }
    }
}

/// A [`Reader`] whose games are played on worker threads, made by
/// [`Reader::with_threads`]: an [`Iterator`] of the same items as the
/// sequential reader's, in the same order.
///
/// ```
/// use chess_arbiter::pgn::{ParallelReader, Reader};
///
/// let text = "1. e4 e5 *\n\n1. d4 d5 *\n\n".repeat(50);
/// let reader: ParallelReader<&[u8]> = Reader::with_threads(text.as_bytes(), 2);
/// assert_eq!(reader.filter(|g| g.is_ok()).count(), 100);
/// ```
pub struct ParallelReader<R> {
    reader: Reader<R>,
    /// `None` for one thread: the games are read on the calling thread.
    pool: Option<Pool>,
}

impl<R: Read> ParallelReader<R> {
    /// The same reader, reading each game's variations for their syntax
    /// only, as [`Reader::mainline_only`] does.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    /// let pgn = "1. f3 e5 2. g4 (2. Nc3 Bxh1) Qh4# 0-1\n\n".repeat(20);
    /// let games = Reader::with_threads(pgn.as_bytes(), 2).mainline_only();
    /// assert_eq!(games.filter(|g| g.is_ok()).count(), 20);
    /// ```
    #[must_use]
    pub fn mainline_only(mut self) -> ParallelReader<R> {
        self.reader.mainline_only = true;
        self
    }
}

impl<R: Read> Iterator for ParallelReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.pool {
            Some(pool) => next(&mut self.reader, pool),
            None => self.reader.next(),
        }
    }
}

/// The next item of a reader with workers.
fn next<R: Read>(reader: &mut Reader<R>, pool: &mut Pool) -> Option<Item> {
    loop {
        if let Some(item) = pool.ready.items.pop_front() {
            return Some(item);
        }
        // The batch taken is done with: its memory is free (or kept to fill
        // again) before more text is cut.
        let mut used = core::mem::take(&mut pool.ready);
        if used.bytes.capacity() > 4 * BATCH || used.items.capacity() > 4096 {
            // It held a huge game, or very many: give that memory back.
            used = Batch::default();
        }
        if used.bytes.capacity() > 0 {
            used.bytes.clear();
            used.games.clear();
            pool.spare.push(used);
        }
        dispatch(reader, pool);
        match pool.pending.pop_front()? {
            Pending::Batch(results, bytes) => {
                let done = results
                    .recv()
                    .expect("a PGN worker thread never stops before its batch is done");
                pool.in_flight -= bytes;
                pool.ready = done;
            }
            Pending::Built(item, bytes) => {
                pool.in_flight -= bytes;
                return Some(item);
            }
            Pending::Failed(error) => return Some(Err(error)),
        }
    }
}

/// Cuts batches and hands them to the workers until enough are in flight.
fn dispatch<R: Read>(reader: &mut Reader<R>, pool: &mut Pool) {
    loop {
        let batches = IN_FLIGHT_PER_WORKER * pool.workers.len();
        // Text in flight is bounded in bytes as well as in batches: games
        // longer than a batch go out one at a time.
        if pool.done
            || pool.pending.len() >= batches
            || (!pool.pending.is_empty() && pool.in_flight >= batches * BATCH)
        {
            return;
        }
        let mut batch = pool.spare.pop().unwrap_or_default();
        let mainline_only = reader.mainline_only;
        batch.mainline_only = mainline_only;
        let mut failed = None;
        let mut done = false;
        let mut built = None;
        while batch.bytes.len() < BATCH {
            match reader.next_text() {
                Ok(Some(game)) if game.text.len() > BATCH => {
                    // A game longer than a batch is built here, straight
                    // from the reader's buffer: no copy of its text, and its
                    // memory stays with this thread's allocator instead of
                    // a worker's (whose arena would keep it).
                    let origin = Origin {
                        offset: game.offset,
                        line: game.first_line,
                    };
                    let item = build_with(&game, mainline_only, Room::default())
                        .map(|builder| finish(builder, origin));
                    built = Some((item, game.text.len()));
                    break;
                }
                Ok(Some(game)) => {
                    let start = batch.bytes.len();
                    batch.bytes.extend_from_slice(game.text);
                    batch.games.push(Meta {
                        start,
                        end: batch.bytes.len(),
                        movetext: game.movetext,
                        first_line: game.first_line,
                        game_number: game.game_number,
                        offset: game.offset,
                    });
                }
                Ok(None) => {
                    done = true;
                    break;
                }
                Err(e) => {
                    failed = Some(reader.io_error(e));
                    done = true;
                    break;
                }
            }
        }
        if !batch.games.is_empty() {
            let (reply, results) = mpsc::sync_channel(1);
            let bytes = batch.bytes.len();
            let sent = pool.jobs.as_ref().map(|jobs| jobs.send((batch, reply)));
            if !matches!(sent, Some(Ok(()))) {
                // No worker is left (one panicked): nothing more is read.
                pool.done = true;
                return;
            }
            pool.in_flight += bytes;
            pool.pending.push_back(Pending::Batch(results, bytes));
        }
        if let Some((item, bytes)) = built {
            // Counted as in flight, so that no second one is built before
            // the caller takes this one.
            pool.in_flight += bytes;
            pool.pending.push_back(Pending::Built(item, bytes));
        }
        if let Some(error) = failed {
            pool.pending.push_back(Pending::Failed(error));
        }
        pool.done |= done;
    }
}
