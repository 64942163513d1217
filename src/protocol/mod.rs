//! Protocol front ends: USI (the main one), UCI and XBoard/CECP v2. They translate text to
//! engine calls and back, nothing more.
//!
//! [`Engine`] is the protocol loop without its input: it takes one line at a time and writes
//! to an [`Output`], so a WebAssembly worker drives it exactly as the binary does. The binary
//! adds a reader thread that turns stdin into [`Event::Line`]s (bytes converted lossily, so
//! binary garbage is just an unknown command); a finishing search adds
//! [`Event::SearchDone`]; the engine handles the events one at a time on one thread, which
//! owns every piece of session state. Output goes through [`Output`], one flushed line at a
//! time; diagnostics go to stderr through `log`.

mod board_commands;
pub mod display;
pub mod eval_file;
mod mate_job;
pub mod notation;
mod perft_job;
mod session;
mod uci;
mod usi;
mod xboard;

pub use session::{Game, SearchControl};

use crate::lines::{Line, LineReader};
use std::io::Write;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

/// The three protocols.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Protocol {
    /// Universal Shogi Interface (lishogi-style moves and SFEN).
    Usi,
    /// Universal Chess Interface, same engine under the chess vocabulary.
    Uci,
    /// XBoard / WinBoard, CECP version 2 (chu only).
    Xboard,
}

impl Protocol {
    /// `usi`, `uci` or `xboard`.
    pub fn from_name(name: &str) -> Option<Protocol> {
        match name.to_ascii_lowercase().as_str() {
            "usi" => Some(Protocol::Usi),
            "uci" => Some(Protocol::Uci),
            "xboard" | "cecp" | "winboard" => Some(Protocol::Xboard),
            _ => None,
        }
    }
}

/// Something for the protocol loop to handle.
#[derive(Debug)]
pub enum Event {
    /// One input line (without its line end).
    Line(String),
    /// An input line longer than [`MAX_LINE`], with its start: refused, not executed.
    Overlong(String),
    /// Standard input is closed.
    Eof,
    /// The search with this id has finished.
    SearchDone(u64),
    /// Writing the output failed (its error is in [`Output::error`]): a search thread's
    /// write wakes the loop with it.
    OutputFailed,
}

/// What a protocol front end does with each kind of [`Event`].
pub(crate) trait Frontend {
    /// Handles an input line; `false` ends the loop (`quit`).
    fn line(&mut self, line: &str) -> bool;
    /// A search has finished.
    fn search_done(&mut self, id: u64);
    /// Input is closed: stop what runs and finish.
    fn eof(&mut self);
    /// Whether a search or a perft count is running.
    fn busy(&self) -> bool;
    /// Reports a refused input line in the protocol's error form (the session is unchanged).
    fn refuse(&mut self, message: &str);
    /// Reports an error that is no input line's (a network file the host could not give).
    fn report(&mut self, message: &str);
    /// The game whose built-in network `line` needs in hand before it is handled, if any: a
    /// line that may start a search, or that asks whether the engine is ready, so that its
    /// answer comes once the engine is (see [`Engine::network_file`]).
    fn network_for(&self, line: &str) -> Option<crate::rules::Variant>;
}

/// The protocol loop of one engine: USI, UCI or XBoard, chosen by the first command unless
/// given, over any line source and any [`Output`].
pub struct Engine {
    forced: Option<Protocol>,
    frontend: Option<Box<dyn Frontend>>,
    events: Receiver<Event>,
    sender: Sender<Event>,
    out: Output,
    quit: bool,
    /// Input lines sent by the stdin reader and not yet handled (the binary only).
    backlog: Option<Arc<Backlog>>,
    /// Lines waiting for the host's answer to [`crate::nnue::builtin::wanted`] (the
    /// WebAssembly build): the one that made the engine ask, and any the host sent after it.
    held: Vec<String>,
}

/// Input lines read but not yet handled, counted by [`Backlog::cost`], which the reader waits
/// on: without it a source faster than the loop (`/dev/urandom`: thousands of short garbage
/// lines a millisecond; `yes ''`: millions of empty ones a second) fills the event queue
/// without bound.
#[derive(Default)]
struct Backlog {
    bytes: Mutex<usize>,
    room: std::sync::Condvar,
}

/// Most input waiting to be handled, in [`Backlog::cost`] units (one line of any length is
/// always let through): at most 4 MiB of text, or 32768 lines, whichever comes first.
const MAX_BACKLOG: usize = 4 << 20;

/// What a queued line costs beyond its text: the event in the channel and its string's
/// allocation. An empty line is not free (counting text alone, `yes ''` queued 3.4 GB in
/// 10 s, and `yes d` 369 MB of one-byte lines).
const LINE_OVERHEAD: usize = 128;

impl Backlog {
    /// What a line of `len` bytes counts for.
    fn cost(len: usize) -> usize {
        len.saturating_add(LINE_OVERHEAD)
    }

    /// Waits until `n` more fit, then counts them in.
    fn take(&self, n: usize) {
        let mut bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        while *bytes > 0 && *bytes + n > MAX_BACKLOG {
            bytes = self.room.wait(bytes).unwrap_or_else(|e| e.into_inner());
        }
        *bytes += n;
    }

    /// `n` bytes were handled.
    fn done(&self, n: usize) {
        let mut bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        *bytes = bytes.saturating_sub(n);
        self.room.notify_all();
    }
}

impl Engine {
    /// An engine writing to `out`; `None` detects the protocol from the first command.
    pub fn new(protocol: Option<Protocol>, out: Output) -> Engine {
        let (sender, events) = channel();
        out.notify(sender.clone());
        Engine {
            forced: protocol,
            frontend: None,
            events,
            sender,
            out,
            quit: false,
            backlog: None,
            held: Vec::new(),
        }
    }

    /// Handles one input line, then whatever searches have finished meanwhile; `false` once
    /// the engine has quit.
    pub fn line(&mut self, text: &str) -> bool {
        let event = if text.len() > MAX_LINE {
            let mut end = MAX_LINE;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            Event::Overlong(text[..end].to_string())
        } else {
            Event::Line(text.to_string())
        };
        self.handle(event);
        self.poll();
        !self.quit
    }

    /// Delivers the results of finished searches (`bestmove`); `true` while a search or a
    /// perft count still runs. A host without a blocking event loop calls this on a timer.
    pub fn poll(&mut self) -> bool {
        while let Ok(ev) = self.events.try_recv() {
            self.handle(ev);
        }
        !self.quit && self.frontend.as_ref().is_some_and(|f| f.busy())
    }

    /// The host's answer to [`crate::nnue::builtin::wanted`] (the WebAssembly build): the
    /// network file's bytes, or why it could not get them. A file refused, or none, is one
    /// error line, and its game is then judged by the hand-set evaluation. Then
    /// the lines held for the answer are handled, in order (one may ask for another file, and
    /// the lines after it wait again).
    pub fn network_file(&mut self, file: Result<&[u8], String>) {
        use crate::nnue::builtin;
        // The reason comes from the loader, not from the protocol's input: kept whole up to a
        // length that leaves room for a URL and the status after it.
        const MAX_REASON: usize = 400;
        let result = match file {
            Ok(bytes) => builtin::provide(bytes),
            Err(why) => Err(builtin::give_up(
                &why.chars().take(MAX_REASON).collect::<String>(),
            )),
        };
        if let Err(message) = result {
            match self.frontend.as_mut() {
                Some(fe) => fe.report(&message),
                None => self
                    .out
                    .line(&format!("info string error: {}", printable(&message))),
            }
        }
        for line in std::mem::take(&mut self.held) {
            self.handle(Event::Line(line));
        }
        self.poll();
    }

    /// Where other threads send events (the stdin reader).
    fn sender(&self) -> Sender<Event> {
        self.sender.clone()
    }

    /// Handles events as they come until `quit` or the end of input; an error writing the
    /// output ends it too, stopping what runs, as the error.
    fn run_blocking(&mut self) -> Result<(), String> {
        while !self.quit {
            match self.events.recv() {
                Ok(ev) => {
                    let read = match &ev {
                        Event::Line(l) | Event::Overlong(l) => Some(Backlog::cost(l.len())),
                        _ => None,
                    };
                    self.handle(ev);
                    if let (Some(b), Some(n)) = (&self.backlog, read) {
                        b.done(n);
                    }
                }
                Err(_) => break,
            }
            if let Some(e) = self.out.error() {
                if let Some(fe) = self.frontend.as_mut() {
                    fe.eof();
                }
                self.quit = true;
                return Err(format!("cannot write to standard output: {e}"));
            }
        }
        Ok(())
    }

    fn handle(&mut self, ev: Event) {
        if self.quit {
            return;
        }
        if self.frontend.is_none() {
            match ev {
                Event::Line(line) => self.first_line(line),
                Event::Overlong(start) => self
                    .out
                    .line(&format!("info string error: {}", overlong(&start))),
                Event::Eof => self.quit = true,
                Event::SearchDone(_) | Event::OutputFailed => {}
            }
            return;
        }
        let Some(fe) = self.frontend.as_mut() else {
            return;
        };
        match ev {
            Event::Line(line) => {
                // The WebAssembly build asks its host for a network the line needs (natively
                // every network is built in and nothing is ever wanted); the line, and any
                // after it, waits for the answer, handed over through `network_file`.
                if let Some(variant) = fe.network_for(&line) {
                    crate::nnue::prepare(variant);
                }
                if crate::nnue::builtin::wanted().is_some() {
                    self.held.push(line);
                } else {
                    self.quit = !fe.line(&line);
                }
            }
            Event::Overlong(start) => fe.refuse(&overlong(&start)),
            Event::SearchDone(id) => fe.search_done(id),
            Event::OutputFailed => {}
            Event::Eof => {
                fe.eof();
                self.quit = true;
            }
        }
    }

    /// Before a protocol is chosen: the first meaningful command chooses it (`usi`, `uci`,
    /// `xboard`; any other USI command means USI) and is then handled by it.
    fn first_line(&mut self, line: String) {
        let word = line.split_whitespace().next().unwrap_or("");
        let protocol = match (self.forced, word) {
            (Some(p), _) => p,
            (None, "") => return,
            (None, "usi") => Protocol::Usi,
            (None, "uci") => Protocol::Uci,
            (None, "xboard") => Protocol::Xboard,
            (None, "quit") => {
                self.quit = true;
                return;
            }
            (None, w) if usi::is_command(w) => Protocol::Usi,
            (None, w) => {
                self.out.line(&format!(
                    "info string error: unknown command '{}' (start with usi, uci or xboard)",
                    clip(w)
                ));
                return;
            }
        };
        log::info!("protocol {protocol:?}");
        let (tx, out) = (self.sender.clone(), self.out.clone());
        let frontend: Result<Box<dyn Frontend>, String> = match protocol {
            Protocol::Usi => usi::Session::new(uci::Dialect::Usi, tx, out)
                .map(|s| Box::new(s) as Box<dyn Frontend>),
            Protocol::Uci => usi::Session::new(uci::Dialect::Uci, tx, out)
                .map(|s| Box::new(s) as Box<dyn Frontend>),
            Protocol::Xboard => {
                xboard::Session::new(tx, out).map(|s| Box::new(s) as Box<dyn Frontend>)
            }
        };
        match frontend {
            Ok(fe) => {
                self.frontend = Some(fe);
                self.handle(Event::Line(line));
            }
            Err(e) => self.out.line(&format!("info string error: {e}")),
        }
    }
}

/// Protocol output: whole lines, flushed one by one, shared by the main and search threads.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Sink>>,
}

/// The writer, the first error writing to it, and whom to tell about it.
struct Sink {
    writer: Box<dyn Write + Send>,
    error: Option<String>,
    notify: Option<Sender<Event>>,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Any writer (tests).
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Sink {
                writer: sink,
                error: None,
                notify: None,
            })),
        }
    }

    /// Sends [`Event::OutputFailed`] to `events` when a write fails.
    fn notify(&self, events: Sender<Event>) {
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        sink.notify = Some(events);
    }

    /// Writes one line and flushes it. The first error is kept for [`Output::error`] (the
    /// binary's loop then ends with it, exit status 2) and nothing more is written.
    pub fn line(&self, text: &str) {
        log::debug!("> {text}");
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        if sink.error.is_some() {
            return;
        }
        let written = writeln!(sink.writer, "{text}").and_then(|()| sink.writer.flush());
        if let Err(e) = written {
            sink.error = Some(e.to_string());
            if let Some(events) = &sink.notify {
                let _ = events.send(Event::OutputFailed);
            }
        }
    }

    /// The first error writing a line, if any.
    pub fn error(&self) -> Option<String> {
        let sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        sink.error.clone()
    }
}

/// Longest input line handled; a longer line is refused whole with one error line, never
/// executed in part (a `go` cut before its `movetime` would search without end).
pub const MAX_LINE: usize = 1 << 20;

/// Reads stdin in a thread, sending lines and finally [`Event::Eof`]. A line longer than
/// [`MAX_LINE`] becomes [`Event::Overlong`] as soon as it passes the limit, and its rest is
/// dropped as it arrives; and it waits while [`MAX_BACKLOG`] bytes of lines are not yet
/// handled: memory stays bounded whatever comes in, however fast.
fn spawn_reader(tx: Sender<Event>, backlog: Arc<Backlog>) {
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut reader = LineReader::new(std::io::stdin().lock(), MAX_LINE);
            while let Ok(Some(line)) = reader.next_line() {
                let event = match line {
                    Line::Whole(bytes) => Event::Line(String::from_utf8_lossy(&bytes).into_owned()),
                    Line::Cut(start) => {
                        Event::Overlong(String::from_utf8_lossy(&start).into_owned())
                    }
                };
                if let Event::Line(l) | Event::Overlong(l) = &event {
                    backlog.take(Backlog::cost(l.len()));
                }
                if tx.send(event).is_err() {
                    return;
                }
            }
            let _ = tx.send(Event::Eof);
        });
    if let Err(e) = spawned {
        log::error!("cannot start the stdin reader: {e}");
    }
}

/// Runs the protocol loop on stdin/stdout until `quit` or end of input. Without `forced`, the
/// first command decides the protocol (`usi`, `uci`, `xboard`; any other USI command means USI).
pub fn run(forced: Option<Protocol>) -> Result<(), String> {
    let mut engine = Engine::new(forced, Output::stdout());
    let backlog = Arc::new(Backlog::default());
    engine.backlog = Some(backlog.clone());
    spawn_reader(engine.sender(), backlog);
    engine.run_blocking()
}

/// The error text for a line longer than [`MAX_LINE`].
fn overlong(start: &str) -> String {
    format!(
        "input line longer than {MAX_LINE} bytes refused, not executed (it began '{}')",
        clip(start)
    )
}

/// A token cut to a length fit for an error message, shown [`printable`].
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 60;
    let mut cut: String = text.chars().take(MAX).collect();
    if text.chars().nth(MAX).is_some() {
        cut.push('…');
    }
    printable(&cut)
}

/// Text with its control characters escaped, so that a line that echoes input stays one
/// printable line whatever bytes came in.
pub(crate) fn printable(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            s.extend(c.escape_default());
        } else {
            s.push(c);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    #[test]
    fn error_text_is_cut_and_has_no_control_characters() {
        let raw = "a\u{1b}[31mb\tc\u{0}\u{7f}\u{85}d";
        let shown = super::clip(raw);
        assert!(!shown.chars().any(char::is_control), "{shown:?}");
        assert!(shown.starts_with("a\\u{1b}[31mb\\tc"), "{shown:?}");
        let long = "x".repeat(100);
        assert_eq!(super::clip(&long).chars().count(), 61);
        assert_eq!(super::printable("e\r\n"), "e\\r\\n");
    }
}
