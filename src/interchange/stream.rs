//! `judge adjudicate`'s input read as a stream: a window of the input at a
//! time, its phases shared among threads, the answers written in input
//! order and exactly as if the whole input had been read first and each
//! phase answered in turn.
//!
//! The threads only ever answer runs of whole, good phases. Whatever is
//! not one (bad JSON, a bad phase, a value cut short, a read that fails) is
//! left to the one-by-one reading ([`Window::answer_all`]), which starts
//! where the last good run ended and so gives every message, line and
//! column that it gave alone.

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::Scope;

use super::{json_message, quick, resolve, InputError, RequestJson};

/// Why [`run_stream`] stopped: in the order `judge adjudicate` reports
/// them, since the whole input is read before anything is said of it.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
  #[error("cannot read the input: {0}")]
  Read(std::io::Error),
  #[error("the input is not UTF-8 text")]
  NotUtf8,
  #[error(transparent)]
  Input(InputError),
}

/// How much of the input is read at a time: a request is a few kilobytes,
/// so the window stays this size however long the stream, beside the
/// phases the threads are still answering.
const CHUNK: usize = 64 * 1024;

/// How the phases are shared among threads.
#[derive(Clone, Copy, Debug)]
struct Sharing {
  /// Threads answering phases; with one, the reading thread answers them.
  workers: usize,
  /// Phases a thread takes at a time.
  batch: usize,
  /// Runs of phases handed out and not yet written: this bounds the input
  /// and the answers held.
  in_flight: usize,
}

impl Sharing {
  /// A thread a core, up to eight; runs of eight phases, which is enough
  /// that handing them over costs little beside answering them and few
  /// enough that the threads end together; some 500 phases of a kilobyte or
  /// so held at most.
  fn for_this_machine() -> Self {
    let workers = std::thread::available_parallelism().map_or(1, usize::from).min(8);
    Sharing { workers, batch: 8, in_flight: 64 }
  }
}

/// [`super::run`] on a byte stream read a window at a time, writing each
/// response line (with its newline) to `out`; returns how many phases.
///
/// The answers are as if the whole input had been read first: a read
/// failure anywhere wins over bad UTF-8 anywhere, which wins over the first
/// bad request, whose message gives the line and column in the whole input.
/// On an error `out` has had the lines before it, for the caller to drop:
/// `judge adjudicate` holds them until the input is all read.
pub fn run_stream(input: &mut impl Read, out: &mut impl Write) -> Result<usize, StreamError> {
  run_chunked(input, out, CHUNK, Sharing::for_this_machine())
}

/// [`run_stream`] reading `chunk` bytes at a time, its phases shared as
/// `sharing` says.
fn run_chunked(
  input: &mut impl Read,
  out: &mut impl Write,
  chunk: usize,
  sharing: Sharing,
) -> Result<usize, StreamError> {
  let mut window = Window::new(input, chunk);
  let mut count = 0;
  if sharing.workers > 1 {
    let (jobs, queue) = mpsc::channel();
    let queue = Mutex::new(queue);
    let returned = Returned::default();
    std::thread::scope(|scope| {
      let mut pool = Pool::new(scope, &queue, jobs, &returned, sharing);
      pool.answer(&mut window, out, &mut count)
      // Dropping the pool ends the threads: their queue closes.
    })?;
  }
  answer_one_by_one(&mut window, out, count)
}

/// Answers the phases from the window's `pos` on one by one, to the end of
/// the input or the first bad one; `count` were answered before.
fn answer_one_by_one<R: Read>(
  window: &mut Window<R>,
  out: &mut impl Write,
  mut count: usize,
) -> Result<usize, StreamError> {
  // Each line is made in this buffer, then handed on whole.
  let mut line = Vec::with_capacity(4096);
  loop {
    let (start, answered, step) = window.answer_all(|request| {
      line.clear();
      answer_into(request, &mut line)?;
      out.write_all(&line).map_err(|e| InputError::Output(e.to_string()))
    });
    count += answered;
    window.pos = start;
    match step {
      Step::Done => break,
      Step::Bad(error) => {
        let error = window.error_at(count + 1, start, error);
        return Err(window.finish(StreamError::Input(error)));
      }
      Step::Malformed(message) => {
        let error = window.error_at(count + 1, start, InputError::Json(message));
        return Err(StreamError::Input(error));
      }
      Step::ReadMore => {
        window.read_more()?;
      }
      Step::ReadAll => window.read_all()?,
    }
  }
  if count == 0 {
    return Err(StreamError::Input(InputError::Empty));
  }
  Ok(count)
}

/// Adjudicates one request and appends its answer line, newline included,
/// to `out`.
fn answer_into(request: RequestJson, out: &mut Vec<u8>) -> Result<(), InputError> {
  let adjudicated = resolve(request.parts())?;
  let written = match &adjudicated.eye {
    None => adjudicated.write_json(out),
    Some(eye) => serde_json::to_writer(&mut *out, &adjudicated.seen_by(eye)),
  };
  written.map_err(|e| InputError::Output(e.to_string()))?;
  out.push(b'\n');
  Ok(())
}

/// A run of whole objects of the input, copied out of the window for a
/// thread to answer; it comes back with their lines. Its buffers go back
/// and forth and are used again, so that a long stream is answered in the
/// same memory: the kernel's zeroing of fresh memory for each run cost more
/// than the copying.
#[derive(Default)]
struct Job {
  seq: usize,
  /// UTF-8 (the window's text), checked again by the thread.
  text: Vec<u8>,
  /// The answer lines, once back.
  lines: Vec<u8>,
  /// How many phases they answer.
  phases: usize,
  /// Set by the thread: whether each object was a good request, answered
  /// in `lines`.
  answered: bool,
}

/// A run handed out and not yet written, where it lies in the window.
struct Pending {
  start: usize,
  end: usize,
  /// The run, once it is back.
  back: Option<Job>,
}

/// Runs the threads have answered and the reading thread has not yet
/// taken, and when to wake it. It is woken once for several runs rather
/// than for each, as a channel would: on two cores every wake-up took a
/// core from a thread answering phases and gave it back (two context
/// switches a run, some 280 for 1,000 phases).
#[derive(Default)]
struct Returned {
  state: Mutex<ReturnedState>,
  wake: Condvar,
}

#[derive(Default)]
struct ReturnedState {
  jobs: Vec<Job>,
  /// While the reading thread waits: how many runs it waits for.
  wanted: usize,
  /// Threads started and not yet ended.
  running: usize,
}

impl Returned {
  fn lock(&self) -> MutexGuard<'_, ReturnedState> {
    // A thread never panics while holding the lock: its answering is
    // caught before.
    self.state.lock().unwrap_or_else(PoisonError::into_inner)
  }

  /// A thread gives a run back, waking the reading thread if it has now
  /// enough of them.
  fn give_back(&self, job: Job) {
    let mut state = self.lock();
    state.jobs.push(job);
    if state.wanted > 0 && state.jobs.len() >= state.wanted {
      self.wake.notify_one();
    }
  }

  /// A thread ends.
  fn ended(&self) {
    let mut state = self.lock();
    state.running = state.running.saturating_sub(1);
    self.wake.notify_one();
  }
}

/// The threads answering runs of phases, and the runs not yet written.
struct Pool<'scope, 'env> {
  scope: &'scope Scope<'scope, 'env>,
  queue: &'env Mutex<Receiver<Job>>,
  returned: &'env Returned,
  sharing: Sharing,
  /// Whether the threads have been started: not for a single phase.
  started: bool,
  /// How many of them the system started.
  threads: usize,
  jobs: Sender<Job>,
  /// In input order; the first is `first_seq`.
  pending: VecDeque<Pending>,
  first_seq: usize,
  /// Runs written, whose buffers are used again.
  spare: Vec<Job>,
  /// Runs taken back from [`Returned`], before they are sorted into
  /// `pending` (kept for its room).
  taken: Vec<Job>,
}

impl<'scope, 'env> Pool<'scope, 'env> {
  fn new(
    scope: &'scope Scope<'scope, 'env>,
    queue: &'env Mutex<Receiver<Job>>,
    jobs: Sender<Job>,
    returned: &'env Returned,
    sharing: Sharing,
  ) -> Self {
    let (pending, spare, taken) = (VecDeque::new(), Vec::new(), Vec::new());
    Pool {
      scope,
      queue,
      returned,
      sharing,
      started: false,
      threads: 0,
      jobs,
      pending,
      first_seq: 0,
      spare,
      taken,
    }
  }

  /// Hands out the window's whole objects a run at a time as the input is
  /// read, and writes the answers back in order, until the input ends or
  /// holds something else, or a run is not answered. Then every run handed
  /// out before that one is back and written: the window's `pos` is where
  /// they end, for [`answer_one_by_one`].
  fn answer<R: Read>(
    &mut self,
    window: &mut Window<R>,
    out: &mut impl Write,
    count: &mut usize,
  ) -> Result<(), StreamError> {
    // Where to look for the next objects to hand out.
    let mut scan = window.pos;
    loop {
      let (runs, more) = window.runs_from(scan, self.sharing.batch.max(1));
      // A single phase is answered by this thread alone.
      if self.started || runs.len() > 1 || (more && !runs.is_empty()) {
        for (start, end) in runs {
          while self.pending.len() >= self.sharing.in_flight.max(1) && !self.failed() {
            self.wait(window, out, count)?;
          }
          if self.failed() {
            break;
          }
          self.hand_out(window, start, end);
          scan = end;
        }
      }
      self.write_back(window, out, count)?;
      if !more || self.failed() {
        break;
      }
      let gone = window.read_more()?;
      scan -= gone;
      for pending in &mut self.pending {
        pending.start -= gone;
        pending.end -= gone;
      }
    }
    while !self.pending.is_empty() && !self.failed() {
      self.wait(window, out, count)?;
    }
    // What follows a run not answered is read one by one.
    Ok(())
  }

  /// Starts the threads if need be and hands them the run of objects from
  /// `start` to `end` in the window.
  fn hand_out<R>(&mut self, window: &Window<R>, start: usize, end: usize) {
    if !self.started {
      self.started = true;
      for _ in 0..self.sharing.workers {
        let (queue, returned) = (self.queue, self.returned);
        // Counted before it starts, since it may end at once.
        returned.lock().running += 1;
        // A thread the system will not start is one fewer: with none, the
        // runs read as not answered and are read one by one.
        let started =
          std::thread::Builder::new().spawn_scoped(self.scope, move || work(queue, returned));
        match started {
          Ok(_) => self.threads += 1,
          Err(_) => returned.lock().running -= 1,
        }
      }
    }
    let mut job = self.spare.pop().unwrap_or_default();
    job.seq = self.first_seq + self.pending.len();
    job.text.clear();
    job.text.extend_from_slice(&window.buf[start..end]);
    job.answered = false;
    self.pending.push_back(Pending { start, end, back: None });
    if self.threads == 0 {
      self.came_back(job);
    } else if let Err(mpsc::SendError(job)) = self.jobs.send(job) {
      // No thread is left to answer: the run reads as not answered.
      self.came_back(job);
    }
  }

  /// Keeps a run that came back.
  fn came_back(&mut self, job: Job) {
    let index = job.seq.checked_sub(self.first_seq);
    if let Some(pending) = index.and_then(|i| self.pending.get_mut(i)) {
      pending.back = Some(job);
    }
  }

  /// Whether the first run came back not answered.
  fn failed(&self) -> bool {
    self.pending.front().is_some_and(|p| p.back.as_ref().is_some_and(|job| !job.answered))
  }

  /// Waits for runs to come back, if any is out, then writes what is in
  /// order. It waits for a quarter of the runs allowed out at a time (or
  /// all that are out, if fewer), so that the threads still have runs to
  /// answer meanwhile and wake it seldom.
  fn wait<R: Read>(
    &mut self,
    window: &mut Window<R>,
    out: &mut impl Write,
    count: &mut usize,
  ) -> Result<(), StreamError> {
    let out_now = self.pending.iter().filter(|p| p.back.is_none()).count();
    if out_now > 0 {
      let wanted = out_now.min(self.sharing.in_flight.div_ceil(4)).max(1);
      let returned = self.returned;
      let mut state = returned.lock();
      while state.jobs.len() < wanted && state.running > 0 {
        state.wanted = wanted;
        state = returned.wake.wait(state).unwrap_or_else(PoisonError::into_inner);
      }
      state.wanted = 0;
      let gone = state.running == 0;
      std::mem::swap(&mut state.jobs, &mut self.taken);
      drop(state);
      self.take_back();
      if gone {
        // Every thread is gone: what is still out reads as not answered.
        for pending in &mut self.pending {
          pending.back.get_or_insert_with(Job::default);
        }
      }
    }
    self.write_back(window, out, count)
  }

  /// Sorts the runs in `taken` into their places.
  fn take_back(&mut self) {
    let mut taken = std::mem::take(&mut self.taken);
    for job in taken.drain(..) {
      self.came_back(job);
    }
    self.taken = taken;
  }

  /// Takes every run already back and writes the answered runs at the
  /// front.
  fn write_back<R: Read>(
    &mut self,
    window: &mut Window<R>,
    out: &mut impl Write,
    count: &mut usize,
  ) -> Result<(), StreamError> {
    std::mem::swap(&mut self.returned.lock().jobs, &mut self.taken);
    self.take_back();
    while self.pending.front().is_some_and(|p| p.back.as_ref().is_some_and(|job| job.answered)) {
      let Some(Pending { end, back: Some(job), .. }) = self.pending.pop_front() else {
        break;
      };
      self.first_seq += 1;
      if let Err(error) = out.write_all(&job.lines) {
        let error = window.error_at(*count + 1, window.pos, InputError::Output(error.to_string()));
        return Err(window.finish(StreamError::Input(error)));
      }
      *count += job.phases;
      window.pos = end;
      self.spare.push(job);
    }
    Ok(())
  }
}

/// A thread's work: runs from `queue` until it closes, each answered and
/// sent back (a panic reads as not answered: the one-by-one reading meets
/// it again).
fn work(queue: &Mutex<Receiver<Job>>, returned: &Returned) {
  loop {
    let next = match queue.lock() {
      Ok(queue) => queue.recv().ok(),
      Err(_) => None,
    };
    let Some(mut job) = next else { break };
    job.answered = catch_unwind(AssertUnwindSafe(|| answer_run(&mut job))).unwrap_or(false);
    returned.give_back(job);
  }
  returned.ended();
}

/// Answers a run's phases into its `lines`, read one after another as the
/// one-by-one reading would read them; false at the first that is not a
/// good request, or at anything but white space after the last.
fn answer_run(job: &mut Job) -> bool {
  let Job { text, lines, phases, .. } = job;
  lines.clear();
  *phases = 0;
  let Ok(text) = std::str::from_utf8(text) else { return false };
  let mut rest = text;
  loop {
    rest = rest.trim_start_matches([' ', '\t', '\n', '\r']);
    if rest.is_empty() {
      return true;
    }
    if !rest.starts_with('{') {
      return false;
    }
    let read = quick::request(rest).or_else(|| {
      let mut stream = serde_json::Deserializer::from_str(rest).into_iter::<RequestJson>();
      let request = stream.next()?.ok()?;
      Some((request, stream.byte_offset()))
    });
    let Some((request, used)) = read else { return false };
    if answer_into(request, lines).is_err() {
      return false;
    }
    *phases += 1;
    rest = rest.get(used..).unwrap_or_default();
  }
}

/// Where each whole JSON object in `text` starts and ends, from the start
/// up to the first thing that is not one (anything else, or an object cut
/// short by the end), and whether what follows them could be more objects
/// still being read (nothing but space, or an object not closed yet).
///
/// Only brackets outside strings are matched, so what is found in malformed
/// text need be no JSON at all: each span must still be read as a value,
/// and is then the value serde's stream reads from the same place, since a
/// JSON object has one end.
fn object_spans(text: &[u8]) -> (Vec<(usize, usize)>, bool) {
  let mut spans = Vec::new();
  let mut at = 0;
  loop {
    while at < text.len() && matches!(text[at], b' ' | b'\t' | b'\n' | b'\r') {
      at += 1;
    }
    match text.get(at) {
      None => return (spans, true),
      Some(b'{') => {}
      Some(_) => return (spans, false),
    }
    let start = at;
    let mut depth = 0usize;
    loop {
      let Some(&byte) = text.get(at) else { return (spans, true) };
      at += 1;
      match byte {
        // To the string's closing quote, over escaped characters, a byte
        // at a time: the strings are short.
        b'"' => loop {
          let rest = text.get(at..).unwrap_or_default();
          let Some(i) = rest.iter().position(|&b| b == b'"' || b == b'\\') else {
            return (spans, true);
          };
          at += i + 1;
          if rest[i] == b'"' {
            break;
          }
          at += 1;
        },
        b'{' | b'[' => depth += 1,
        b'}' | b']' => {
          depth = depth.saturating_sub(1);
          if depth == 0 {
            break;
          }
        }
        _ => {}
      }
    }
    spans.push((start, at));
  }
}

/// What stopped the answering of a window's values.
enum Step {
  /// Nothing but space is left.
  Done,
  /// Read, but not a phase the judge can adjudicate.
  Bad(InputError),
  /// Not a request: the message, with the whole input read.
  Malformed(String),
  /// It may go on past the window.
  ReadMore,
  /// It is malformed as far as the window goes: judged on the whole input,
  /// as before streaming.
  ReadAll,
}

/// The part of the input being read: `buf` starts at the beginning of a
/// line of the input, so that positions in it give the input's columns.
struct Window<'i, R> {
  input: &'i mut R,
  buf: Vec<u8>,
  /// Where the next value (or the space before it) starts in `buf`.
  pos: usize,
  /// Lines of the input before `buf`.
  lines_before: usize,
  /// How much of `buf` is known to be UTF-8.
  checked: usize,
  eof: bool,
  /// How much to read at a time.
  chunk: usize,
}

impl<'i, R: Read> Window<'i, R> {
  fn new(input: &'i mut R, chunk: usize) -> Self {
    Window { input, buf: Vec::new(), pos: 0, lines_before: 0, checked: 0, eof: false, chunk }
  }

  /// Gives each whole value from `pos` on to `answer`, one stream over
  /// the window's text (checked as UTF-8 when read, so serde need not check
  /// each string again); returns where the value that stopped it starts,
  /// how many were answered, and what stopped it.
  fn answer_all(
    &self,
    mut answer: impl FnMut(RequestJson) -> Result<(), InputError>,
  ) -> (usize, usize, Step) {
    let base = self.pos;
    // `pos` ends a value, so it is on a character boundary; this holds
    // whatever was read up to a character cut by the end of the chunk.
    let Ok(text) = std::str::from_utf8(&self.buf[base..self.checked.max(base)]) else {
      return (base, 0, Step::ReadAll);
    };
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<RequestJson>();
    let mut answered = 0;
    loop {
      let start = base + stream.byte_offset();
      let next = stream.next();
      let end = base + stream.byte_offset();
      // A value that reaches the end of the window may go on in the input
      // (a number, or a value cut short): read on and take it again.
      let whole = self.eof || end < self.buf.len();
      let step = match next {
        None if self.eof => Step::Done,
        Some(Ok(request)) if whole => match answer(request) {
          Ok(()) => {
            answered += 1;
            continue;
          }
          Err(error) => Step::Bad(error),
        },
        Some(Err(error)) if self.eof => {
          let message = json_message(text.get(start - base..).unwrap_or(""), &error);
          Step::Malformed(self.absolute(base, &error, message))
        }
        // Cut short by the end of the window: read on.
        Some(Err(error)) if error.is_eof() => Step::ReadMore,
        Some(Err(_)) => Step::ReadAll,
        None | Some(Ok(_)) => Step::ReadMore,
      };
      return (start, answered, step);
    }
  }

  /// Drops the lines already answered and reads the next chunk; returns
  /// by how much the window's positions moved back.
  fn read_more(&mut self) -> Result<usize, StreamError> {
    let mut gone = 0;
    if let Some(last) = self.buf[..self.pos].iter().rposition(|&b| b == b'\n') {
      gone = last + 1;
      self.lines_before += count_lines(&self.buf[..gone]);
      self.buf.drain(..gone);
      self.pos -= gone;
      self.checked -= gone;
    }
    // At least as much again as is held beyond `pos`, so that a value
    // longer than a chunk is read again only a few times.
    let want = self.chunk.max(self.buf.len() - self.pos);
    self.read(want as u64)?;
    Ok(gone)
  }

  /// Runs of `batch` whole objects (fewer in the last) from `scan` on, in
  /// the window's positions, and whether more may follow. A run is cut where
  /// a line starts with `{`, as in JSON Lines and pretty objects whose inner
  /// lines are indented: a search many bytes at a time. The thread reading a
  /// run finds whether it really holds whole objects only. In a long stretch
  /// where no line starts an object, the objects are found by their
  /// brackets instead.
  fn runs_from(&self, scan: usize, batch: usize) -> (Vec<(usize, usize)>, bool) {
    let text = self.buf.get(scan..self.checked.max(scan)).unwrap_or(&[]);
    match text.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r')) {
      None => return (Vec::new(), !self.eof),
      Some(b'{') => {}
      Some(_) => return (Vec::new(), false),
    }
    let mut runs = Vec::new();
    let (mut start, mut objects, mut last_cut) = (0, 0, 0);
    for cut in memchr::memmem::find_iter(text, b"\n{").map(|i| i + 1) {
      objects += 1;
      last_cut = cut;
      if objects == batch {
        runs.push((scan + start, scan + cut));
        (start, objects) = (cut, 0);
      }
    }
    if self.eof {
      runs.push((scan + start, scan + text.len()));
      return (runs, false);
    }
    if objects > 0 {
      runs.push((scan + start, scan + last_cut));
    }
    if runs.is_empty() && text.len() > 4 * self.chunk {
      let (spans, open) = object_spans(text);
      let runs = spans.chunks(batch).filter_map(|run| Some((run.first()?.0, run.last()?.1)));
      return (runs.map(|(s, e)| (scan + s, scan + e)).collect(), open);
    }
    (runs, true)
  }

  /// Reads the rest of the input into the window.
  fn read_all(&mut self) -> Result<(), StreamError> {
    self.read(u64::MAX)
  }

  fn read(&mut self, limit: u64) -> Result<(), StreamError> {
    match self.input.by_ref().take(limit).read_to_end(&mut self.buf) {
      Ok(0) => self.eof = true,
      Ok(_) => {}
      // Whatever else is wrong, a failed read is what is reported.
      Err(error) => return Err(StreamError::Read(error)),
    }
    match std::str::from_utf8(&self.buf[self.checked..]) {
      Ok(_) => self.checked = self.buf.len(),
      // A character cut by the end of a chunk waits for the next one.
      Err(error) if error.error_len().is_none() && !self.eof => self.checked += error.valid_up_to(),
      Err(_) => return Err(self.finish(StreamError::NotUtf8)),
    }
    Ok(())
  }

  /// `error`, or what wins over it in the rest of the input: a failed
  /// read, or bad UTF-8, as when all was read before any of it was looked
  /// at. The rest is only checked, not kept.
  fn finish(&mut self, error: StreamError) -> StreamError {
    let mut bad = matches!(error, StreamError::NotUtf8);
    let mut tail = self.buf.split_off(self.checked.min(self.buf.len()));
    let mut chunk = vec![0; self.chunk];
    while !self.eof {
      match self.input.read(&mut chunk) {
        Ok(0) => self.eof = true,
        Ok(n) if !bad => {
          tail.extend_from_slice(&chunk[..n]);
          match std::str::from_utf8(&tail) {
            Ok(_) => tail.clear(),
            Err(e) if e.error_len().is_none() => drop(tail.drain(..e.valid_up_to())),
            Err(_) => bad = true,
          }
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
        Err(e) => return StreamError::Read(e),
      }
    }
    if bad || !tail.is_empty() {
      return StreamError::NotUtf8;
    }
    error
  }

  /// `error` for the `index`th phase, whose value starts after `start`.
  fn error_at(&self, index: usize, start: usize, error: InputError) -> InputError {
    let before = &self.buf[..start];
    let rest = &self.buf[start..];
    let gap = rest.iter().take_while(|b| b.is_ascii_whitespace()).filter(|&&b| b == b'\n').count();
    let line = self.lines_before + count_lines(before) + gap + 1;
    InputError::At { index, line, error: Box::new(error) }
  }

  /// serde's `message`, whose line and column count from `start`, with the
  /// line and column in the whole input instead.
  fn absolute(&self, start: usize, error: &serde_json::Error, message: String) -> String {
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let Some(text) = message.strip_suffix(&suffix) else { return message };
    let before = &self.buf[..start];
    let line = self.lines_before + count_lines(before) + error.line();
    let column = match error.line() {
      1 => start - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + error.column(),
      _ => error.column(),
    };
    format!("{text} at line {line} column {column}")
  }
}

/// Every window's lines are counted as it is dropped: `memchr` skips the
/// kilobyte or so between two newlines many bytes at a time.
fn count_lines(bytes: &[u8]) -> usize {
  memchr::memchr_iter(b'\n', bytes).count()
}

#[cfg(test)]
mod tests {
  use super::super::line_at;
  use super::*;

  /// `run` as it was before streaming (the whole input as one `str`):
  /// the reference the streamed answers must match byte for byte.
  fn run_whole(input: &str) -> Result<Vec<String>, InputError> {
    let mut stream = serde_json::Deserializer::from_str(input).into_iter::<RequestJson>();
    let mut lines = Vec::new();
    loop {
      let start = stream.byte_offset();
      let Some(next) = stream.next() else { break };
      let index = lines.len() + 1;
      let at = |error: InputError| InputError::At {
        index,
        line: line_at(input, start),
        error: Box::new(error),
      };
      let request = next.map_err(|e| at(InputError::Json(json_message(&input[start..], &e))))?;
      let adjudicated = resolve(request.parts()).map_err(at)?;
      let mut line = Vec::new();
      adjudicated.write_json(&mut line).expect("serialises");
      lines.push(String::from_utf8(line).expect("JSON is UTF-8"));
    }
    if lines.is_empty() {
      return Err(InputError::Empty);
    }
    Ok(lines)
  }

  /// What `judge adjudicate` answered before streaming: the output, or
  /// the line on stderr.
  fn answer_whole(input: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(input).map_err(|_| "the input is not UTF-8 text".to_string())?;
    let lines = run_whole(text).map_err(|e| e.to_string())?;
    Ok(lines.iter().map(|line| format!("{line}\n")).collect())
  }

  fn answer_streamed(
    input: &mut impl Read,
    chunk: usize,
    sharing: Sharing,
  ) -> Result<String, String> {
    let mut out = Vec::new();
    run_chunked(input, &mut out, chunk, sharing).map_err(|e| e.to_string())?;
    Ok(String::from_utf8(out).expect("UTF-8 out"))
  }

  /// One by one, and ways of sharing among threads that hand out runs of
  /// every length and stop to wait for them.
  const SHARINGS: [Sharing; 5] = [
    Sharing { workers: 1, batch: 1, in_flight: 1 },
    Sharing { workers: 2, batch: 1, in_flight: 1 },
    Sharing { workers: 3, batch: 2, in_flight: 2 },
    Sharing { workers: 2, batch: 3, in_flight: 64 },
    Sharing { workers: 4, batch: 8, in_flight: 5 },
  ];

  /// A reader that hands out at most `step` bytes a call, then fails if told.
  struct Trickle<'a> {
    bytes: &'a [u8],
    step: usize,
    fail_at_end: bool,
  }

  impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
      if self.bytes.is_empty() && self.fail_at_end {
        return Err(std::io::Error::other("the pipe broke"));
      }
      let n = self.step.min(buf.len()).min(self.bytes.len());
      buf[..n].copy_from_slice(&self.bytes[..n]);
      self.bytes = &self.bytes[n..];
      Ok(n)
    }
  }

  /// Streaming keeps every answer of the whole-input reading: the lines,
  /// and for bad input the message, its phase, line and column, and which
  /// of a bad request, bad UTF-8 and a failed read is reported, wherever
  /// the chunks are cut.
  #[test]
  fn streamed_answers_are_the_whole_inputs_answers() {
    let good = [
      r#"{"phase":"S1901M","units":{"France":["A Par","F Bre"]},"orders":{"France":["A Par - Bur","F Bre - Mid"]}}"#,
      "{\n  \"phase\": \"F1901M\",\n  \"units\": {\"Germany\": [\"A Mun\"]},\n  \"orders\": {\"Germany\": [\"A Mun - Ruh\"]}\n}",
      r#"{"phase":"S1902M","units":{"Italy":["A Ven"]},"orders":{"Italy":["A Ven - Tyr é"]}}"#,
      r#"{"phase":"W1901B","centers":{"England":["Lon","Edi","Lvp"]},"orders":{"England":["Build F Lon"]}}"#,
    ];
    let bad: [&[u8]; 16] = [
      b"{\"phase\": \"S1901M\",",
      b"{\"phase\": 3}",
      b"{\"phase\": \"S1901M\", \"bogus\": 1}",
      b"{\"phase\": \"X1901M\"}",
      b"{\"phase\": \"S1901M\", \"units\": {\"Atlantis\": [\"A Lon\"]}}",
      b"42",
      b"[1, 2]",
      b"\"text\"",
      b"true",
      b"tru",
      b"{\"phase\": \"S1901M\"} x",
      b"\xff\xfe",
      b"{\"phase\": \"S1901M\", \"units\": {\"France\": [\"A P\xc3\"]}}",
      b"\x00",
      b"  \n  ",
      b"{\"phase\": \"S1901M\", \"orders\": {\"France\": [\"A Par H\"]}}   {\"phase\": \"S1901M\" ]",
    ];
    let mut inputs: Vec<Vec<u8>> = vec![
      good.join("\n").into_bytes(),
      good.join("").into_bytes(),
      format!("{}\n", good.join("\n\n")).into_bytes(),
      b"123 456".to_vec(),
      Vec::new(),
    ];
    for b in bad {
      for at in 0..=good.len() {
        let mut input = good[..at].join("\n").into_bytes();
        input.extend_from_slice(if at == 0 { b"" } else { b"\n" });
        input.extend_from_slice(b);
        inputs.push(input.clone());
        input.extend_from_slice(b"\n");
        input.extend_from_slice(good[..at].join("\n").as_bytes());
        inputs.push(input.clone());
        // Bad UTF-8 after the bad value wins over it.
        input.extend_from_slice(b"\n\"\xe9\"");
        inputs.push(input);
      }
    }
    for input in &inputs {
      let expected = answer_whole(input);
      for chunk in [1, 2, 3, 5, 8, 13, 64, 1000, CHUNK] {
        for sharing in SHARINGS {
          let mut reader = Trickle { bytes: input, step: 7, fail_at_end: false };
          let streamed = answer_streamed(&mut reader, chunk, sharing);
          let input = String::from_utf8_lossy(input);
          assert_eq!(streamed, expected, "chunk {chunk}, {sharing:?}: {input}");
        }
      }
      // A failed read is reported whatever the input held.
      let mut reader = Trickle { bytes: input, step: 3, fail_at_end: true };
      let streamed = answer_streamed(&mut reader, 8, SHARINGS[2]);
      assert_eq!(streamed, Err("cannot read the input: the pipe broke".to_string()));
    }
  }

  /// Phases of a played game, one a line or spread over lines, as callers
  /// send them: a long stream for the threads to share.
  fn long_stream(phases: usize) -> Vec<String> {
    let shapes = [
      r#"{"phase":"S1901M","units":{"France":["A Par","F Bre","A Mar"],"Italy":["A Ven"]},"orders":{"France":["A Par - Bur","F Bre - Mid","A Mar S A Par - Bur"],"Italy":["A Ven - Pie"]}}"#,
      "{\n  \"phase\": \"F1901M\",\n  \"units\": {\"Germany\": [\"A Mun\", \"F Kie\"]},\n  \"orders\": {\"Germany\": [\"A Mun - Ruh\", \"F Kie - Den\"]}\n}",
      r#"{"phase":"F1901B","centers":{"England":["Lon","Edi","Lvp","Nwy"]},"units":{"England":["F Nwy"]},"orders":{"England":["Build F Lon"]}}"#,
      r#"{"phase":"S1902M","units":{"Russia":["F Stp/sc","A War"]},"orders":{"Russia":["F Stp/sc - Bot","A War - Gal \" é"]}}"#,
    ];
    (0..phases).map(|i| shapes[i % shapes.len()].to_string()).collect()
  }

  /// However the phases of a long stream are shared among threads, the
  /// answer is the one-by-one answer: the same lines in the same order, and
  /// for a bad phase anywhere (or bad JSON, or bad UTF-8 after it) the same
  /// message, phase and line, whichever thread met it.
  #[test]
  fn shared_answers_are_the_one_by_one_answers() {
    let good = long_stream(60);
    let bad: [&[u8]; 4] = [
      b"{\"phase\": \"X1901M\"}",
      b"{\"phase\": \"S1901M\", \"units\": {\"France\": [\"A Atlantis\"]}}",
      b"{\"phase\": \"S1901M\" ]",
      b"{\"phase\": \"S1901M\", \"orders\": 7}",
    ];
    let mut inputs = vec![good.join("\n").into_bytes(), good.join(" ").into_bytes()];
    for (i, b) in bad.iter().enumerate() {
      for at in [0, 1, 7, 31, 59] {
        let mut input = good[..at].join("\n").into_bytes();
        input.extend_from_slice(b"\n");
        input.extend_from_slice(b);
        input.extend_from_slice(b"\n");
        input.extend_from_slice(good[at..].join("\n").as_bytes());
        if i == 0 && at == 31 {
          input.extend_from_slice(b"\n\"\xe9\"");
        }
        inputs.push(input);
      }
    }
    for input in &inputs {
      let expected = answer_whole(input);
      for chunk in [64, 1000, CHUNK] {
        for sharing in SHARINGS {
          let streamed = answer_streamed(&mut input.as_slice(), chunk, sharing);
          assert_eq!(streamed, expected, "chunk {chunk}, {sharing:?}");
        }
      }
    }
    let lines = answer_whole(&inputs[0]).expect("a good stream").lines().count();
    assert_eq!(lines, 60);
    // Not indented, a line inside an object starts with `{`: a run cut
    // there is found not to hold whole objects, and the rest is read one by
    // one, with the same answer.
    let unindented = "{\n\"phase\": \"S1902M\",\n\"units\":\n{\"Italy\": [\"A Ven\"]},\n\"orders\":\n{\"Italy\": [\"A Ven H\"]}\n}";
    let mut phases = long_stream(60);
    phases.insert(25, unindented.to_string());
    let input = phases.join("\n");
    let expected = answer_whole(input.as_bytes());
    assert_eq!(expected.as_ref().map(|lines| lines.lines().count()), Ok(61));
    for sharing in SHARINGS {
      assert_eq!(answer_streamed(&mut input.as_bytes(), 1000, sharing), expected, "{sharing:?}");
    }
  }

  /// Random streams of good phases, joined in every way JSON allows and
  /// then changed at random (a byte put in, taken out or replaced by one
  /// that matters to the cutting: a bracket, a quote, a backslash, a
  /// newline), read one by one and shared: the same answer every time.
  #[test]
  fn shared_and_one_by_one_agree_on_random_streams() {
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(22);
    let mut next = |n: usize| rand::RngExt::random_range(&mut rng, 0..n);
    let shapes = long_stream(4);
    let joins = ["\n", " ", "", "\r\n", "\n\n", "\n  "];
    let bytes = [b'{', b'}', b'[', b']', b'"', b'\\', b'\n', b' ', b',', b'x'];
    for round in 0..150 {
      let mut input = Vec::new();
      for i in 0..2 + next(12) {
        if i > 0 {
          input.extend_from_slice(joins[next(joins.len())].as_bytes());
        }
        input.extend_from_slice(shapes[next(shapes.len())].as_bytes());
      }
      if round % 3 != 0 {
        let at = next(input.len());
        match next(3) {
          0 => input.insert(at, bytes[next(bytes.len())]),
          1 => drop(input.remove(at)),
          _ => input[at] = bytes[next(bytes.len())],
        }
      }
      let expected = answer_whole(&input);
      for chunk in [16, 200, CHUNK] {
        let sharing = SHARINGS[next(SHARINGS.len())];
        let streamed = answer_streamed(&mut input.as_slice(), chunk, sharing);
        let text = String::from_utf8_lossy(&input);
        assert_eq!(streamed, expected, "chunk {chunk}, {sharing:?}: {text}");
      }
    }
  }

  /// A reader that counts what it has handed out.
  struct Counted<'a> {
    bytes: &'a [u8],
    read: std::rc::Rc<std::cell::Cell<usize>>,
  }

  impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
      let n = self.bytes.read(buf)?;
      self.read.set(self.read.get() + n);
      Ok(n)
    }
  }

  /// Output that notes, at each answer line, how much input had been read.
  struct Watched {
    read: std::rc::Rc<std::cell::Cell<usize>>,
    lines: usize,
    ahead: Vec<(usize, usize)>,
  }

  impl Write for Watched {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
      for _ in bytes.iter().filter(|&&b| b == b'\n') {
        self.lines += 1;
        self.ahead.push((self.lines, self.read.get()));
      }
      Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
      Ok(())
    }
  }

  /// The input is read a window at a time however long the stream: when a
  /// phase's answer is written, not much more than that phase and a few
  /// windows has been read, one by one or shared (where the runs out are
  /// held too). A phase cut by the end of a window used to make the rest of
  /// the input be read at once.
  #[test]
  fn a_long_stream_is_read_a_window_at_a_time() {
    let phases = long_stream(2000);
    let input = phases.join("\n").into_bytes();
    let longest = phases.iter().map(String::len).max().unwrap_or(0) + 1;
    let chunk = 4096;
    for sharing in [SHARINGS[0], SHARINGS[2], SHARINGS[4]] {
      let read = std::rc::Rc::new(std::cell::Cell::new(0));
      let mut reader = Counted { bytes: &input, read: read.clone() };
      let mut out = Watched { read, lines: 0, ahead: Vec::new() };
      run_chunked(&mut reader, &mut out, chunk, sharing).expect("a good stream");
      assert_eq!(out.lines, 2000);
      let held = (sharing.in_flight * sharing.batch + 1) * longest;
      for (lines, read) in out.ahead {
        let answered: usize = phases[..lines].iter().map(|p| p.len() + 1).sum();
        assert!(read <= answered + held + 3 * chunk, "{sharing:?}: {read} read at line {lines}");
      }
    }
  }
}
