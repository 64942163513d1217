//! Protocol front ends: USI (the main one), UCI and XBoard/CECP v2. They translate text to
//! engine calls and back, nothing more.
//!
//! One loop per process: a reader thread turns stdin into [`Event::Line`]s (bytes converted
//! lossily, so binary garbage is just an unknown command), the search's waiter thread adds
//! [`Event::SearchDone`], and the protocol module handles the events one at a time on the main
//! thread, which owns every piece of session state. Output goes through [`Output`], one flushed
//! line at a time; diagnostics go to stderr through `log`.

pub mod display;
pub mod notation;
mod session;
mod uci;
mod usi;
mod xboard;

pub use session::{Game, SearchControl};

use std::io::{BufRead, Write};
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
    /// Standard input is closed.
    Eof,
    /// The search with this id has finished.
    SearchDone(u64),
}

/// What a protocol front end does with each kind of [`Event`].
pub(crate) trait Frontend {
    /// Handles an input line; `false` ends the loop (`quit`).
    fn line(&mut self, line: &str) -> bool;
    /// A search has finished.
    fn search_done(&mut self, id: u64);
    /// Input is closed: stop what runs and finish.
    fn eof(&mut self);
}

/// The main loop of every front end: the line that chose the protocol, then events one at a
/// time until `quit` or end of input.
pub(crate) fn event_loop(fe: &mut impl Frontend, rx: Receiver<Event>, first: Option<String>) {
    if let Some(line) = first
        && !fe.line(&line)
    {
        return;
    }
    loop {
        match rx.recv() {
            Ok(Event::Line(line)) => {
                if !fe.line(&line) {
                    return;
                }
            }
            Ok(Event::SearchDone(id)) => fe.search_done(id),
            Ok(Event::Eof) | Err(_) => {
                fe.eof();
                return;
            }
        }
    }
}

/// Protocol output: whole lines, flushed one by one, shared by the main and search threads.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Any writer (tests).
    pub fn new(sink: Box<dyn Write + Send>) -> Output {
        Output {
            sink: Arc::new(Mutex::new(sink)),
        }
    }

    /// Writes one line and flushes it. A closed stdout is not an error worth dying for: the
    /// loop ends at EOF anyway.
    pub fn line(&self, text: &str) {
        log::debug!("> {text}");
        let mut sink = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

/// Longest input line handled; longer lines are cut (and then normally refused).
pub const MAX_LINE: usize = 1 << 20;

/// Reads stdin in a thread, sending lines and finally [`Event::Eof`].
fn spawn_reader(tx: Sender<Event>) {
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut lock = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match lock.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        while matches!(buf.last(), Some(b'\n' | b'\r')) {
                            buf.pop();
                        }
                        buf.truncate(MAX_LINE);
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
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
    let (tx, rx) = channel();
    spawn_reader(tx.clone());
    let out = Output::stdout();
    let (protocol, first) = match forced {
        Some(p) => (p, None),
        None => match detect(&rx, &out) {
            Some(found) => found,
            None => return Ok(()),
        },
    };
    log::info!("protocol {protocol:?}");
    match protocol {
        Protocol::Usi => usi::run(usi::Dialect::Usi, rx, tx, out, first),
        Protocol::Uci => usi::run(usi::Dialect::Uci, rx, tx, out, first),
        Protocol::Xboard => xboard::run(rx, tx, out, first),
    }
}

/// Waits for the first meaningful command; `None` at end of input.
fn detect(rx: &Receiver<Event>, out: &Output) -> Option<(Protocol, Option<String>)> {
    loop {
        match rx.recv() {
            Ok(Event::Line(line)) => {
                let word = line.split_whitespace().next().unwrap_or("");
                match word {
                    "" => continue,
                    "usi" => return Some((Protocol::Usi, Some(line))),
                    "uci" => return Some((Protocol::Uci, Some(line))),
                    "xboard" => return Some((Protocol::Xboard, Some(line))),
                    "quit" => return None,
                    w if usi::is_command(w) => return Some((Protocol::Usi, Some(line))),
                    w => out.line(&format!(
                        "info string error: unknown command '{}' (start with usi, uci or xboard)",
                        clip(w)
                    )),
                }
            }
            Ok(Event::SearchDone(_)) => continue,
            Ok(Event::Eof) | Err(_) => return None,
        }
    }
}

/// A token cut to a length fit for an error message.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX).collect();
        s.push('…');
        s
    }
}
