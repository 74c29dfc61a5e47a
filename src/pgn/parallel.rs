//! [`ParallelReader`] ([`Reader::with_threads`]): the calling thread reads
//! the input in chunks of about 32 KiB, each cut where a game most likely
//! starts (a tag line after an empty line), and worker threads (and the
//! calling thread, in turn) read the chunks with the sequential reader
//! itself, each chunk as if it were the whole input but for its end, where
//! the reader pauses ([`Resume`]).
//!
//! A cut is confirmed when the reader of the chunk before it paused right
//! there, between games: the sequential reader would start afresh at the
//! cut as the chunk's reader did. When it paused elsewhere (in a game that
//! goes on past the cut: a comment over an empty line and a tag line, a
//! game longer than a chunk, a file with no empty lines), what was read
//! from the cut on is dropped and the text from where that reader paused
//! is read again on the calling thread, with at least as much text after
//! it as before it, so that a huge game is read a bounded number of times.
//! Game numbers, line numbers and offsets are counted from each chunk's
//! start, and set right in input order. So the items are the sequential
//! reader's, made by the same code on the same text.

use super::build::Room;
use super::error::PgnError;
use super::game::{Buffers, PgnGame};
use super::reader::{Reader, Resume};
use super::tokenizer::is_blank_line;
use alloc::boxed::Box;
use alloc::collections::VecDeque;
use alloc::vec::Vec;
use std::io::{self, Read};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

type Item = Result<PgnGame, PgnError>;

use sizes::{CHUNK, INLINE_CHUNKS};

/// The sizes that differ when fuzzing (cargo-fuzz builds with `--cfg
/// fuzzing`): small chunks there, so that the inputs are cut into many.
#[allow(unexpected_cfgs)]
mod sizes {
    /// A chunk's size as read (a chunk is cut a little before): small
    /// enough that the games built from the chunks in flight stay in the
    /// cores' caches, large enough that every thread has work in hand.
    #[cfg(not(fuzzing))]
    pub(crate) const CHUNK: usize = 1 << 15;
    #[cfg(fuzzing)]
    pub(crate) const CHUNK: usize = 1 << 8;

    /// Chunks read on the calling thread before the workers start: an
    /// input of one chunk (or two when the second ends it) is read without
    /// starting a thread.
    #[cfg(not(fuzzing))]
    pub(crate) const INLINE_CHUNKS: usize = 1;
    /// When fuzzing, an input of a few chunks is cut and joined on the
    /// calling thread alone (no thread to start per input); longer ones go
    /// to the workers.
    #[cfg(fuzzing)]
    pub(crate) const INLINE_CHUNKS: usize = 12;
}

/// Chunks in flight per thread (the caller's included): enough to keep
/// every thread busy, few enough to bound memory and keep it warm.
const IN_FLIGHT_PER_THREAD: usize = 3;

/// What follows a chunk's text in the input.
#[derive(Default)]
enum After {
    /// More input, or none (not read yet): the chunk's reader pauses at
    /// its end.
    #[default]
    More,
    /// The end of input.
    End,
    /// An error reading the input: the last item, where the reader needs
    /// more input.
    Failed(io::Error),
}

/// A piece of the input, and once read, its items and where its reader
/// paused.
#[derive(Default)]
struct Chunk {
    bytes: Vec<u8>,
    /// The input's byte offset of `bytes[0]`.
    offset: u64,
    after: After,
    mainline_only: bool,
    /// Game numbers and lines counted from the chunk's start.
    items: VecDeque<Item>,
    /// The room made in each game's vectors ([`Room`]): on the way in,
    /// what the games read before the chunk needed (games of a file are
    /// alike: a chunk's first games then grow no vector either); on the
    /// way out, what its own games needed.
    room: Room,
    /// Where its reader paused: `None` after the end of input.
    paused: Option<Resume>,
    /// Who read it: 0 for the calling thread, `n` for the `n`th worker.
    reader: usize,
}

/// Reads a chunk's games (with the sequential reader, from its first byte),
/// building them in the buffers of `spent` (games built on this thread,
/// dropped by the caller) while they last: their room is reused, not
/// freed and allocated again. Those left stay in `spent`.
fn read_chunk(chunk: &mut Chunk, spent: &mut Vec<Buffers>) {
    let mut reader = Reader::chunk(&chunk.bytes, !matches!(chunk.after, After::End));
    reader.mainline_only = chunk.mainline_only;
    reader.room = chunk.room;
    reader.spare = core::mem::take(spent);
    for item in &mut reader {
        chunk.items.push_back(item);
    }
    *spent = core::mem::take(&mut reader.spare);
    chunk.paused = reader.paused;
    chunk.room = reader.room;
    if let After::Failed(_) = chunk.after {
        if reader.paused.is_some() {
            let After::Failed(error) = core::mem::replace(&mut chunk.after, After::End) else {
                unreachable!("the chunk ends in a read error")
            };
            // The sequential reader fails where it needs more input.
            chunk.items.push_back(Err(reader.io_error(error)));
        }
        chunk.paused = None;
    }
}

/// A chunk handed out: waiting to be read (by a worker, or by the calling
/// thread when it would otherwise wait), being read, or read.
struct Job {
    state: Mutex<State>,
    read: Condvar,
}

enum State {
    Waiting(Chunk),
    /// Being read; `waited`: the calling thread waits for it (the reader
    /// then wakes it: no wake-up, a system call, when nobody waits).
    Reading {
        waited: bool,
    },
    Read(Chunk),
    /// The reading panicked (a bug): the calling thread panics as well.
    Panicked(Box<dyn core::any::Any + Send>),
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic never leaves a job or the queue half changed.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Job {
    fn new(chunk: Chunk) -> Arc<Job> {
        Arc::new(Job {
            state: Mutex::new(State::Waiting(chunk)),
            read: Condvar::new(),
        })
    }

    /// The chunk, when nobody has started reading it: the caller reads it.
    fn start(&self) -> Option<Chunk> {
        let mut state = lock(&self.state);
        match core::mem::replace(&mut *state, State::Reading { waited: false }) {
            State::Waiting(chunk) => Some(chunk),
            other => {
                *state = other;
                None
            }
        }
    }

    /// Reads a chunk taken with [`Job::start`] (`reader`: who reads it,
    /// [`Chunk::reader`]), and hands it back read.
    /// `spent`: the buffers of games that `reader` built, dropped, to
    /// build its games in;
    /// `home`: where its games go back to when dropped (a worker's).
    fn read(
        &self,
        mut chunk: Chunk,
        reader: usize,
        spent: &mut Vec<Buffers>,
        home: Option<&Arc<Bin>>,
    ) {
        let done = std::panic::catch_unwind(core::panic::AssertUnwindSafe(|| {
            chunk.reader = reader;
            read_chunk(&mut chunk, spent);
            if let Some(home) = home {
                for game in chunk.items.iter_mut().flatten() {
                    game.home = Home(Some(Arc::clone(home)));
                    #[cfg(test)]
                    {
                        lock(&home.spent).built += 1;
                    }
                }
            }
            chunk
        }));
        let done = match done {
            Ok(chunk) => State::Read(chunk),
            Err(panic) => State::Panicked(panic),
        };
        let waited = {
            let mut state = lock(&self.state);
            let waited = matches!(*state, State::Reading { waited: true });
            *state = done;
            waited
        };
        if waited {
            self.read.notify_all();
        }
    }

    /// Whether the chunk is read (or its reading panicked).
    fn is_read(&self) -> bool {
        matches!(*lock(&self.state), State::Read(_) | State::Panicked(_))
    }

    /// The chunk once read, whoever reads it; unread when nobody started
    /// reading it (`read`: false).
    fn finish(&self, read: bool) -> Chunk {
        let mut state = lock(&self.state);
        loop {
            if let State::Reading { waited } = &mut *state {
                // The reader wakes the caller when it is done.
                *waited = true;
                state = self
                    .read
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
                continue;
            }
            match core::mem::replace(&mut *state, State::Reading { waited: false }) {
                State::Read(chunk) => return chunk,
                State::Waiting(mut chunk) => {
                    if read {
                        drop(state);
                        read_chunk(&mut chunk, &mut Vec::new());
                    }
                    return chunk;
                }
                State::Panicked(panic) => std::panic::resume_unwind(panic),
                // (Waited for above.)
                reading @ State::Reading { .. } => *state = reading,
            }
        }
    }
}

/// The chunks handed out, in input order, for the workers to take.
struct Queue {
    jobs: VecDeque<Arc<Job>>,
    closed: bool,
    /// Workers waiting for a chunk and not woken yet: a chunk handed out
    /// wakes one only then (a wake-up is a system call), and one chunk
    /// after another wake one worker each. (A worker woken spuriously is
    /// counted twice when it waits again: a wake-up too many at worst.)
    idle: usize,
}

/// Games dropped at most in a worker's [`Bin`] at a time (and kept by a
/// worker to build its next games in): some chunks' games. More (games
/// kept a while and dropped at once) are freed where they are dropped:
/// memory stays bounded.
pub(crate) const BIN_MOST: usize = 256;

/// Where the games a worker built go back to when dropped, wherever they
/// are dropped (their vectors and text, [`Buffers`]), for the worker to
/// build its next games in: no block is freed and allocated again, and
/// none freed on another thread (glibc's frees from another thread
/// contend with the worker's allocations, and leave its cache of free
/// blocks empty).
pub(crate) struct Bin {
    spent: Mutex<Spent>,
}

#[derive(Default)]
struct Spent {
    games: Vec<Buffers>,
    /// The thread still reads: once it stops, the games dropped are freed
    /// where they are dropped.
    open: bool,
    /// Games that the worker built, and that came back here.
    #[cfg(test)]
    built: usize,
    #[cfg(test)]
    came_back: usize,
}

impl Bin {
    pub(crate) fn new() -> Arc<Bin> {
        Arc::new(Bin {
            spent: Mutex::new(Spent {
                open: true,
                ..Spent::default()
            }),
        })
    }

    /// Takes the games dropped, adding them to `spent` (when empty, its
    /// room is left here).
    pub(crate) fn take(&self, spent: &mut Vec<Buffers>) {
        let mut bin = lock(&self.spent);
        if spent.is_empty() {
            core::mem::swap(&mut bin.games, spent);
        } else {
            spent.append(&mut bin.games);
        }
    }

    /// The games that came back here so far.
    #[cfg(test)]
    pub(crate) fn came_back(&self) -> usize {
        lock(&self.spent).came_back
    }

    /// Takes no more games, and frees those here.
    pub(crate) fn close(&self) {
        let games = {
            let mut spent = lock(&self.spent);
            spent.open = false;
            core::mem::take(&mut spent.games)
        };
        drop(games);
    }
}

/// The thread that built a game ([`PgnGame::home`]), a worker or the
/// calling thread: none for a game built before the workers started, or
/// made otherwise (a clone too: its blocks are the cloning thread's).
#[derive(Default)]
pub(crate) struct Home(Option<Arc<Bin>>);

impl Home {
    /// `bin`, for a game built by its thread.
    pub(crate) fn of(bin: &Arc<Bin>) -> Home {
        Home(Some(Arc::clone(bin)))
    }
}

impl Clone for Home {
    fn clone(&self) -> Home {
        Home(None)
    }
}

impl core::fmt::Debug for Home {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Home")
    }
}

/// Sends `game`'s contents back to the worker that built it, while that
/// worker reads and has room for them; else they are freed here. Nothing
/// is allocated: `game` is left with empty vectors.
pub(crate) fn send_home(game: &mut PgnGame) {
    let Some(bin) = game.home.0.take() else {
        return;
    };
    let mut spent = lock(&bin.spent);
    if spent.open && spent.games.len() < BIN_MOST {
        spent.games.push(game.take_buffers());
        #[cfg(test)]
        {
            spent.came_back += 1;
        }
    }
}

/// The worker threads, their queue, and where each one's games go back.
struct Pool {
    queue: Arc<(Mutex<Queue>, Condvar)>,
    workers: Vec<JoinHandle<()>>,
    bins: Vec<Arc<Bin>>,
    /// Where the games built on the calling thread go back to, for it to
    /// build its next games in.
    own: Arc<Bin>,
}

impl Pool {
    fn new(workers: usize) -> Pool {
        let queue = Arc::new((
            Mutex::new(Queue {
                jobs: VecDeque::new(),
                closed: false,
                idle: 0,
            }),
            Condvar::new(),
        ));
        let bins: Vec<Arc<Bin>> = (0..workers).map(|_| Bin::new()).collect();
        let workers = (1..=workers)
            .zip(&bins)
            .map(|(worker, bin)| {
                let queue = Arc::clone(&queue);
                let bin = Arc::clone(bin);
                std::thread::spawn(move || work(&queue, &bin, worker))
            })
            .collect();
        Pool {
            queue,
            workers,
            bins,
            own: Bin::new(),
        }
    }

    /// Hands `chunk` out.
    fn send(&self, chunk: Chunk) -> Pending {
        let job = Job::new(chunk);
        let (queue, more) = &*self.queue;
        let wake = {
            let mut queue = lock(queue);
            queue.jobs.push_back(Arc::clone(&job));
            let wake = queue.idle > 0;
            if wake {
                queue.idle -= 1;
            }
            wake
        };
        if wake {
            more.notify_one();
        }
        Pending::Job(job)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Pool {
    /// Stops the workers (again: nothing to do) and closes their bins: the
    /// games they built are freed where they are dropped from then on.
    fn stop(&mut self) {
        // Workers finish the chunk in hand (its result has nowhere to go)
        // and stop.
        let (queue, more) = &*self.queue;
        lock(queue).closed = true;
        more.notify_all();
        for worker in self.workers.drain(..) {
            let _ = worker.join();
        }
        // (Closed by their workers as they stop, unless one panicked.)
        for bin in &self.bins {
            bin.close();
        }
        self.own.close();
    }
}

/// The `worker`th worker: reads the chunks nobody reads yet, in order,
/// until the queue closes, freeing the games it built that were dropped
/// (sent back to `bin`) as it reads.
fn work(queue: &(Mutex<Queue>, Condvar), bin: &Arc<Bin>, worker: usize) {
    let (queue, more) = queue;
    let mut spent = Vec::new();
    loop {
        let job = {
            let mut queue = lock(queue);
            loop {
                if queue.closed {
                    drop(queue);
                    bin.close();
                    return;
                }
                if let Some(job) = queue.jobs.pop_front() {
                    break job;
                }
                // (Counted out by whoever wakes it.)
                queue.idle += 1;
                queue = more.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
        };
        if let Some(chunk) = job.start() {
            // The games dropped are built in again, one a game read; those
            // left are kept for the next chunk, some chunks' at most.
            bin.take(&mut spent);
            job.read(chunk, worker, &mut spent, Some(bin));
            spent.truncate(BIN_MOST);
        }
    }
}

/// A chunk on its way, in input order.
enum Pending {
    /// Handed out: read by a worker, or by the calling thread.
    Job(Arc<Job>),
    /// To be read on the calling thread in its turn (before the workers
    /// start, or the input's last chunk before a read error).
    Here(Chunk),
}

impl<R: Read + Send> Reader<R> {
    /// A reader of the games in `read` that plays their moves on `threads`
    /// threads, the calling thread among them: it yields exactly the items
    /// of [`Reader::new`], in the same order.
    ///
    /// The calling thread reads the input in chunks of about 32 KiB, cut
    /// where a game most likely starts, and `threads - 1` workers and the
    /// calling thread read the chunks' games with the sequential reader,
    /// which notes where it would need the text after the chunk. A cut is
    /// kept when the chunk before it ended right there between games, as
    /// the sequential reader would read it; otherwise (a game over the
    /// cut, such as a comment that holds an empty line and a tag line) the
    /// text from that game on is read again on the calling thread. An input
    /// of one chunk is read on the calling thread alone, without starting
    /// a worker.
    ///
    /// Memory stays bounded whatever the input's size: at most three chunks
    /// per thread are in flight (`3 × threads × 32 KiB` of text) with the
    /// games read from them (a game holds its tags, comments and every
    /// position it passed through: about 190 bytes a ply, some 30 times
    /// its text for long games), and the chunk whose games the caller is
    /// taking, and the vectors of the games dropped (at most 256 per
    /// thread waiting, and as many kept): a game goes back to the thread
    /// that built it when dropped, wherever it is dropped, for that thread
    /// to build its next games in (no block freed and allocated again,
    /// none freed on another thread; once the reader is dropped, or past
    /// those 256, a game is freed where it is dropped). A game longer than a chunk is read on the
    /// calling thread from as much text as it takes (at most about twice
    /// the game), while no other text is read: huge games cost what they
    /// cost on one thread, whatever the number of threads. The allocator
    /// may keep more: each worker's games are freed into its own arena,
    /// which stays at its peak (glibc; `MALLOC_ARENA_MAX=1` or another
    /// allocator avoids that). `threads` of 0 or 1 reads on the calling
    /// thread alone.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    ///
    /// let one = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n";
    /// let text = one.repeat(10_000);
    /// let parallel: Vec<_> = Reader::with_threads(text.as_bytes(), 2).collect();
    /// let sequential: Vec<_> = Reader::new(text.as_bytes()).collect();
    /// assert_eq!(parallel.len(), 10_000);
    /// assert_eq!(parallel[9999].as_ref().unwrap(), sequential[9999].as_ref().unwrap());
    /// ```
    pub fn with_threads(read: R, threads: usize) -> ParallelReader<R> {
        let inner = if threads > 1 {
            Inner::Many(Box::new(Chunker::new(read, threads, CHUNK, INLINE_CHUNKS)))
        } else {
            Inner::One(Reader::new(read))
        };
        ParallelReader { inner }
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
    inner: Inner<R>,
}

enum Inner<R> {
    /// One thread: the sequential reader.
    One(Reader<R>),
    Many(Box<Chunker<R>>),
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
        match &mut self.inner {
            Inner::One(reader) => reader.mainline_only = true,
            Inner::Many(chunker) => chunker.mainline_only = true,
        }
        self
    }
}

impl<R> ParallelReader<R> {
    /// Takes back a game read from this reader, once done with it: the
    /// same as dropping it, which already sends a game back to the thread
    /// that built it, to build its next games in (no block freed and
    /// allocated again, none freed on another thread: glibc's frees from
    /// another thread contend with that thread's allocations). Kept for
    /// the callers written when only this did.
    ///
    /// ```
    /// use chess_arbiter::pgn::Reader;
    ///
    /// let text = "[Event \"x\"]\n\n1. e4 e5 *\n\n".repeat(10_000);
    /// let mut reader = Reader::with_threads(text.as_bytes(), 2);
    /// let mut plies = 0;
    /// while let Some(item) = reader.next() {
    ///     let game = item.unwrap();
    ///     plies += game.game().moves().len();
    ///     reader.recycle(game);
    /// }
    /// assert_eq!(plies, 20_000);
    /// ```
    pub fn recycle(&mut self, game: PgnGame) {
        drop(game);
    }
}

impl<R: Read> Iterator for ParallelReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            Inner::One(reader) => reader.next(),
            Inner::Many(chunker) => chunker.next(),
        }
    }
}

/// The calling thread's part: cuts the input into chunks, hands them to
/// the workers, and takes their items in input order.
struct Chunker<R> {
    src: R,
    threads: usize,
    mainline_only: bool,
    /// [`CHUNK`] and [`INLINE_CHUNKS`] (the tests try others).
    chunk: usize,
    inline: usize,
    /// The input's offset of the next byte to read from `src`.
    read_to: u64,
    /// Text read after the last cut: the next chunk's first bytes.
    carry: Vec<u8>,
    /// The end of input or a read error was reached: nothing more to cut.
    drained: bool,
    /// Started with the second chunk.
    pool: Option<Pool>,
    pending: VecDeque<Pending>,
    /// The items being taken, set right.
    ready: VecDeque<Item>,
    /// Where the sequential reader stands (between games, or at the start
    /// of a game not read to its end yet): byte offset, line, games before.
    at: u64,
    line: u64,
    games: u64,
    /// The text from `at` that the chunks taken hold: a game not read to
    /// its end, to be read again with the text after it.
    leftover: Vec<u8>,
    /// Buffers to cut chunks into again.
    spare: Vec<Vec<u8>>,
    /// The buffers of games built here and dropped, to build games in
    /// ([`Chunker::read_chunk_here`]).
    spent: Vec<Buffers>,
    /// Emptied lists of items, for the chunks cut next: a chunk's reader
    /// then grows no list, and the lists go back and forth between the
    /// threads rather than to the allocator.
    spare_items: Vec<VecDeque<Item>>,
    /// The room the games of the last chunk taken needed: the chunks cut
    /// next start with it.
    room: Room,
    done: bool,
    /// Games taken from chunks a worker read.
    #[cfg(test)]
    built: usize,
}

impl<R: Read> Chunker<R> {
    fn new(src: R, threads: usize, chunk: usize, inline: usize) -> Chunker<R> {
        Chunker {
            src,
            threads,
            mainline_only: false,
            chunk: chunk.max(1),
            inline,
            read_to: 0,
            carry: Vec::new(),
            drained: false,
            pool: None,
            pending: VecDeque::new(),
            ready: VecDeque::new(),
            at: 0,
            line: 1,
            games: 0,
            leftover: Vec::new(),
            spare: Vec::new(),
            spent: Vec::new(),
            spare_items: Vec::new(),
            room: Room::default(),
            done: false,
            #[cfg(test)]
            built: 0,
        }
    }

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(item) = self.ready.pop_front() {
                return Some(item);
            }
            if self.done {
                // The workers stop with the input's end (the games dropped
                // after are freed where they are dropped).
                if let Some(pool) = &mut self.pool {
                    pool.stop();
                }
                return None;
            }
            if self.leftover.len() < self.chunk {
                self.dispatch(IN_FLIGHT_PER_THREAD * self.threads);
            } else if self.pending.is_empty() {
                // A game longer than a chunk is being read: the text in
                // flight is its own, a chunk at a time.
                self.dispatch(1);
            }
            let Some(chunk) = self.take_next() else {
                self.done = true;
                continue;
            };
            self.accept(chunk);
        }
    }

    /// Cuts chunks and hands them out until `slots` are in flight.
    fn dispatch(&mut self, slots: usize) {
        while !self.drained && self.pending.len() < slots {
            let chunk = self.cut();
            let here = match chunk.after {
                After::Failed(_) => true,
                After::End => self.pool.is_none(),
                After::More => self.pool.is_none() && self.pending.len() < self.inline,
            };
            if here {
                self.pending.push_back(Pending::Here(chunk));
                continue;
            }
            // The calling thread reads chunks too.
            let pool = self.pool.get_or_insert_with(|| Pool::new(self.threads - 1));
            // The chunks waiting here are handed out too.
            for pending in &mut self.pending {
                if let Pending::Here(waiting) = pending {
                    if matches!(waiting.after, After::More) {
                        let waiting = core::mem::take(waiting);
                        *pending = pool.send(waiting);
                    }
                }
            }
            self.pending.push_back(pool.send(chunk));
        }
    }

    /// The next chunk in input order, read when its reading started where
    /// the sequential reader stands. While a worker reads it, the calling
    /// thread reads the chunks after it that nobody reads yet.
    fn take_next(&mut self) -> Option<Chunk> {
        let read = match self.pending.front()? {
            Pending::Here(chunk) => chunk.offset == self.at,
            Pending::Job(job) => {
                let job = Arc::clone(job);
                if let Some(chunk) = job.start() {
                    // Nobody reads it yet: read it here.
                    self.pending.pop_front();
                    return Some(self.read_here(chunk));
                }
                while !job.is_read() && self.help() {}
                self.pending.pop_front();
                return Some(job.finish(true));
            }
        };
        let Some(Pending::Here(mut chunk)) = self.pending.pop_front() else {
            unreachable!("the front is a chunk kept here")
        };
        if read {
            self.read_chunk_here(&mut chunk);
        }
        Some(chunk)
    }

    /// `chunk` read here when its reading starts where the sequential
    /// reader stands (else it is read again from there, [`Chunker::join`]).
    fn read_here(&mut self, mut chunk: Chunk) -> Chunk {
        if chunk.offset == self.at {
            self.read_chunk_here(&mut chunk);
        }
        chunk
    }

    /// Reads `chunk` on the calling thread, in the buffers of the games it
    /// built that were dropped (once the workers are started: its games
    /// then go back to it when dropped, as a worker's go back to it).
    fn read_chunk_here(&mut self, chunk: &mut Chunk) {
        let own = self.pool.as_ref().map(|pool| &pool.own);
        if let Some(own) = own {
            own.take(&mut self.spent);
        }
        read_chunk(chunk, &mut self.spent);
        if let Some(own) = own {
            for game in chunk.items.iter_mut().flatten() {
                game.home = Home(Some(Arc::clone(own)));
            }
        }
        self.spent.truncate(BIN_MOST);
    }

    /// Reads the first chunk handed out that nobody reads yet, if any.
    fn help(&mut self) -> bool {
        for pending in self.pending.iter().skip(1) {
            if let Pending::Job(job) = pending {
                if let Some(chunk) = job.start() {
                    let own = self.pool.as_ref().map(|pool| &pool.own);
                    if let Some(own) = own {
                        own.take(&mut self.spent);
                    }
                    job.read(chunk, 0, &mut self.spent, own);
                    self.spent.truncate(BIN_MOST);
                    return true;
                }
            }
        }
        false
    }

    /// Takes a chunk's items when its reading started where the
    /// sequential reader stands; else reads the text again from there.
    fn accept(&mut self, chunk: Chunk) {
        let mut chunk = if chunk.offset == self.at {
            chunk
        } else {
            self.join(chunk)
        };
        self.room = chunk.room;
        #[cfg(test)]
        if chunk.reader > 0 {
            self.built += chunk.items.iter().filter(|item| item.is_ok()).count();
        }
        let lines = self.line - 1;
        for item in &mut chunk.items {
            match item {
                Ok(game) => {
                    game.origin.offset += chunk.offset;
                    game.origin.line += lines;
                }
                Err(error) => {
                    error.game_number += self.games;
                    error.line += lines;
                }
            }
        }
        // (`ready` is empty here: its list goes to a chunk cut next.)
        core::mem::swap(&mut self.ready, &mut chunk.items);
        self.recycle_items(core::mem::take(&mut chunk.items));
        self.leftover.clear();
        let Some(resume) = chunk.paused else {
            self.done = true;
            self.recycle(chunk.bytes);
            return;
        };
        self.at = chunk.offset + resume.at as u64;
        self.line += resume.line - 1;
        self.games += resume.games;
        let rest = chunk.bytes.len() - resume.at;
        if rest < self.chunk / 2 {
            self.leftover.extend_from_slice(&chunk.bytes[resume.at..]);
            self.recycle(chunk.bytes);
        } else {
            // A game as long as a chunk or longer: its text is kept, not
            // copied.
            chunk.bytes.drain(..resume.at);
            self.leftover = chunk.bytes;
        }
    }

    /// The text from where the sequential reader stands (`leftover`, a game
    /// that goes on past the last chunk's end) with the chunk that follows,
    /// read here; `first`'s own reading is dropped. The chunks after it
    /// are joined as well until there is at least as much text after the
    /// game's start as before, so that a huge game is read again a bounded
    /// number of times.
    fn join(&mut self, first: Chunk) -> Chunk {
        let mut bytes = core::mem::take(&mut self.leftover);
        let wanted = 2 * bytes.len();
        let mut next = first;
        let after = loop {
            // `bytes` holds the text from `at` on, which may overlap the
            // next chunk (by the byte after a cut).
            let end = self.at + bytes.len() as u64;
            let skip = end.saturating_sub(next.offset).min(next.bytes.len() as u64);
            bytes.extend_from_slice(&next.bytes[skip as usize..]);
            self.recycle(next.bytes);
            if bytes.len() >= wanted || !matches!(next.after, After::More) {
                break next.after;
            }
            if self.pending.is_empty() {
                self.dispatch(1);
            }
            match self.pending.pop_front() {
                // Read or not, its reading is dropped.
                Some(Pending::Job(job)) => next = job.finish(false),
                Some(Pending::Here(chunk)) => next = chunk,
                None => break After::More,
            }
        };
        let mut joined = Chunk {
            bytes,
            offset: self.at,
            after,
            mainline_only: self.mainline_only,
            items: self.spare_items.pop().unwrap_or_default(),
            paused: None,
            room: self.room,
            reader: 0,
        };
        self.read_chunk_here(&mut joined);
        joined
    }

    /// Keeps an emptied list of items for a chunk cut later, as many as
    /// the chunks in flight, none that a chunk of many tiny games made
    /// large.
    fn recycle_items(&mut self, items: VecDeque<Item>) {
        const MOST: usize = 64;
        let kept = IN_FLIGHT_PER_THREAD * self.threads + 1;
        if items.is_empty()
            && (1..=MOST).contains(&items.capacity())
            && self.spare_items.len() < kept
        {
            self.spare_items.push(items);
        }
    }

    /// Keeps a chunk's buffer to read into again.
    fn recycle(&mut self, bytes: Vec<u8>) {
        // A huge game's text goes back to the allocator.
        if bytes.capacity() <= 2 * self.chunk && self.spare.len() < 2 {
            self.spare.push(bytes);
        }
    }

    /// Reads the next chunk from the input: about `chunk` bytes, cut
    /// before the last line that most likely starts a game, with that
    /// line's first byte after the cut as well (so that the chunk's reader
    /// knows its last line end for what it is). The text after the cut
    /// starts the next chunk.
    fn cut(&mut self) -> Chunk {
        let had = self.carry.len();
        let target = self.chunk.max(had);
        // Read in place into a recycled buffer: only what its last text
        // did not cover is zeroed (`read_to_end` would zero the whole
        // chunk first, on the calling thread).
        let mut bytes = self.spare.pop().unwrap_or_default();
        bytes.reserve_exact((target + 1).saturating_sub(bytes.len()));
        bytes.resize(target, 0);
        bytes[..had].copy_from_slice(&self.carry);
        self.carry.clear();
        let offset = self.read_to - had as u64;
        let mut filled = had;
        let mut failed = None;
        while filled < target {
            match self.src.read(&mut bytes[filled..target]) {
                Ok(0) => break,
                // (A reader that claims more than it was given room for
                // counts what it had room for.)
                Ok(n) => filled += n.min(target - filled),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        // The bytes read before an error are kept.
        bytes.truncate(filled);
        self.read_to += (filled - had) as u64;
        let after = match failed {
            Some(e) => After::Failed(e),
            None if filled < target => After::End,
            None => After::More,
        };
        match after {
            After::More => {
                let cut = cut_point(&bytes);
                self.carry.extend_from_slice(&bytes[cut..]);
                bytes.truncate((cut + 1).min(bytes.len()));
            }
            After::End | After::Failed(_) => self.drained = true,
        }
        Chunk {
            bytes,
            offset,
            after,
            mainline_only: self.mainline_only,
            items: self.spare_items.pop().unwrap_or_default(),
            paused: None,
            room: self.room,
            reader: 0,
        }
    }
}

/// Where to cut `bytes`, in its last seven eighths: before the last line
/// that starts with `[` after an empty line (a game's first tag, almost
/// always); else before the last line that starts with `[` after a line of
/// movetext (files without empty lines between games); else before the
/// last line of text after an empty line (games without tags); else at
/// its end.
fn cut_point(bytes: &[u8]) -> usize {
    let from = bytes.len() / 8;
    let mut after_movetext = None;
    // The lines that start with `[`, found by their line ends (a line end
    // at `from - 1` starts a line at `from`): fewer than the `[`s, in
    // files whose comments hold `[%clk ...]` commands on every move.
    let mut end = bytes.len();
    while let Some(k) = memchr::memrchr2(b'\n', b'\r', &bytes[from.saturating_sub(1)..end]) {
        let at = from.saturating_sub(1) + k + 1;
        end = at - 1;
        if bytes.get(at) != Some(&b'[') {
            continue;
        }
        let Some(line) = line_before(&bytes[..at]) else {
            continue;
        };
        if is_blank_line(line) {
            return at;
        }
        if after_movetext.is_none() && !line.starts_with(b"[") {
            after_movetext = Some(at);
        }
    }
    if let Some(at) = after_movetext {
        return at;
    }
    let mut end = bytes.len();
    while let Some(k) = memchr::memrchr2(b'\n', b'\r', &bytes[from..end]) {
        let at = from + k + 1;
        end = at - 1;
        let starts_text = bytes
            .get(at)
            .is_some_and(|b| !matches!(b, b'\n' | b'\r' | b' ' | b'\t'));
        if starts_text && line_before(&bytes[..at]).is_some_and(is_blank_line) {
            return at;
        }
    }
    bytes.len()
}

/// The line that `before` ends with, when `before` ends with a line end
/// that follows another line end (the line is then whole).
fn line_before(before: &[u8]) -> Option<&[u8]> {
    let (&last, rest) = before.split_last()?;
    let rest = match last {
        b'\n' => rest.strip_suffix(b"\r").unwrap_or(rest),
        b'\r' => rest,
        _ => return None,
    };
    let start = memchr::memrchr2(b'\n', b'\r', rest)?;
    Some(&rest[start + 1..])
}

#[cfg(test)]
impl<R: Read + Send> Reader<R> {
    /// [`Reader::with_threads`] with chunks of `chunk` bytes, the first
    /// `inline` read on the calling thread.
    pub(crate) fn with_chunks(
        read: R,
        threads: usize,
        chunk: usize,
        inline: usize,
    ) -> ParallelReader<R> {
        ParallelReader {
            inner: Inner::Many(Box::new(Chunker::new(read, threads, chunk, inline))),
        }
    }
}

#[cfg(test)]
mod tests;
