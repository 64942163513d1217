//! One engine process: spawned through `sh -c`, written to line by line, and read by a thread
//! that forwards every stdout line to a channel, so the game loop can wait with a deadline.
//! Both of the engine's outputs are read with a bound: a stdout line longer than
//! [`MAX_LINE`] is logged as cut and never acted on, and only the last [`STDERR_KEPT`] bytes
//! of stderr are kept, for the message when the engine fails to start.
//!
//! The reader hands lines over through a channel of [`CHANNEL_LINES`] places: an engine that
//! writes faster than the match reads waits on its own pipe, instead of filling the match's
//! memory. Each wait for an answer has a budget of [`MAX_LINES_PER_MOVE`] lines and
//! [`MAX_BYTES_PER_MOVE`] bytes, counted from the handshake's start or from the latest
//! [`EngineProcess::new_budget`] (each move asked): an engine past it is flooding
//! ([`ReadError::Flood`]). A deadline is kept however fast lines arrive.

use crate::lines::{Line, LineReader};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Longest engine output line read; no protocol line of an engine comes near it.
pub const MAX_LINE: usize = 1 << 20;
/// Bytes of the engine's stderr kept (its last ones).
pub const STDERR_KEPT: usize = 4096;
/// Lines the engine may write between two moves (or in its handshake): a search that
/// reports every root move at every depth writes thousands, never this many.
pub const MAX_LINES_PER_MOVE: usize = 100_000;
/// Bytes the engine may write between two moves (or in its handshake).
pub const MAX_BYTES_PER_MOVE: usize = 16 << 20;
/// Lines read ahead of the match: at most this many (each at most [`MAX_LINE`] bytes) wait
/// in memory, per engine.
pub const CHANNEL_LINES: usize = 16;
/// Characters of a line kept in [`EngineProcess::log`].
const LOG_CHARS: usize = 300;

/// What the reader thread forwards.
enum Incoming {
    Line(String),
    /// A line longer than [`MAX_LINE`]: its start (the rest is dropped unread).
    Cut(String),
}

/// Why reading from an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its output (exited or crashed).
    Closed,
    /// The engine wrote more than its budget of lines or bytes since the move was asked
    /// (or the handshake began): what it passed.
    Flood(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Incoming>,
    /// Lines and bytes read since the budget was last renewed.
    read_lines: usize,
    read_bytes: usize,
    /// The last bytes the engine wrote to stderr.
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_reader: Option<std::thread::JoinHandle<()>>,
    /// Last lines exchanged, for the game record when something goes wrong.
    pub log: Vec<String>,
}

/// Lines kept in [`EngineProcess::log`].
const LOG_LINES: usize = 40;

impl EngineProcess {
    /// Starts `cmd` with the shell, in `dir` if given (which must be a directory: a missing
    /// one is named as such, not blamed on the command).
    pub fn spawn(cmd: &str, dir: Option<&str>) -> Result<EngineProcess, String> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = dir {
            if !std::path::Path::new(d).is_dir() {
                return Err(format!("dir={d} is not a directory"));
            }
            command.current_dir(d);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let stderr_pipe = child.stderr.take().ok_or("no stderr pipe")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::sync_channel(CHANNEL_LINES);
        std::thread::spawn(move || {
            let mut reader = LineReader::new(stdout, MAX_LINE);
            while let Ok(Some(line)) = reader.next_line() {
                let item = match line {
                    Line::Whole(b) => Incoming::Line(String::from_utf8_lossy(&b).into_owned()),
                    Line::Cut(b) => {
                        Incoming::Cut(String::from_utf8_lossy(&b[..b.len().min(60)]).into_owned())
                    }
                };
                if tx.send(item).is_err() {
                    break;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let kept = stderr.clone();
        let stderr_reader = std::thread::spawn(move || keep_tail(stderr_pipe, &kept));
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            read_lines: 0,
            read_bytes: 0,
            stderr,
            stderr_reader: Some(stderr_reader),
            log: Vec::new(),
        })
    }

    /// Why the engine stopped, for a failed start: waits up to `grace` for it to exit, then
    /// gives its exit status and the end of what it wrote to stderr (a shell's "not found",
    /// an engine's own complaint).
    pub fn failure(&mut self, grace: Duration) -> String {
        let end = Instant::now() + grace;
        let mut status = None;
        while Instant::now() < end {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        // Its last words: the reader ends when the pipe closes, which a process the engine
        // left behind may delay, so it is waited for only to the same deadline.
        if status.is_some()
            && let Some(h) = self.stderr_reader.take()
        {
            while !h.is_finished() && Instant::now() < end {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let text = self
            .stderr
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        let text = String::from_utf8_lossy(&text);
        // One line of printable text, whatever the engine wrote.
        let said: Vec<String> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_control()).collect::<String>())
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        let mut out = match status {
            Some(s) => format!(
                "exit status {}",
                s.code()
                    .map_or("none (killed by a signal)".into(), |c| c.to_string())
            ),
            None => "still running".to_string(),
        };
        if !said.is_empty() {
            out.push_str(&format!("; its stderr: {}", said.join(" / ")));
        }
        out
    }

    fn remember(&mut self, mut line: String) {
        if self.log.len() >= LOG_LINES {
            self.log.remove(0);
        }
        if let Some((cut, _)) = line.char_indices().nth(LOG_CHARS) {
            line.truncate(cut);
            line.push('…');
        }
        self.log.push(line);
    }

    /// Renews the budget of lines and bytes: called when a move is asked.
    pub fn new_budget(&mut self) {
        self.read_lines = 0;
        self.read_bytes = 0;
    }

    /// Counts one line read (`bytes` long) against the budget.
    fn spend(&mut self, bytes: usize) -> Result<(), ReadError> {
        self.read_lines += 1;
        self.read_bytes += bytes + 1;
        if self.read_lines > MAX_LINES_PER_MOVE {
            return Err(ReadError::Flood(format!(
                "more than {MAX_LINES_PER_MOVE} lines without an answer"
            )));
        }
        if self.read_bytes > MAX_BYTES_PER_MOVE {
            return Err(ReadError::Flood(format!(
                "more than {} MiB without an answer",
                MAX_BYTES_PER_MOVE >> 20
            )));
        }
        Ok(())
    }

    /// Sends one line (a newline is added). A closed pipe is reported as an error.
    pub fn send(&mut self, line: &str) -> Result<(), ReadError> {
        log::debug!("> {line}");
        self.remember(format!("> {line}"));
        let stdin = self.stdin.as_mut().ok_or(ReadError::Closed)?;
        stdin
            .write_all(line.as_bytes())
            .and_then(|_| stdin.write_all(b"\n"))
            .and_then(|_| stdin.flush())
            .map_err(|_| ReadError::Closed)
    }

    /// The next line, waiting until `deadline`. A cut line is logged and skipped: no part of
    /// it is taken for a move or a command. The deadline holds however fast lines come: once
    /// it has passed, no more are read.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, ReadError> {
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(ReadError::Timeout);
            }
            match self.lines.recv_timeout(deadline - now) {
                Ok(Incoming::Line(line)) => {
                    self.spend(line.len())?;
                    log::debug!("< {line}");
                    self.remember(format!("< {line}"));
                    return Ok(line);
                }
                Ok(Incoming::Cut(start)) => {
                    self.spend(MAX_LINE)?;
                    log::warn!("engine line longer than {MAX_LINE} bytes ignored: {start}…");
                    self.remember(format!(
                        "< (a line longer than {MAX_LINE} bytes, ignored: {start}…)"
                    ));
                }
                Err(RecvTimeoutError::Timeout) => return Err(ReadError::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(ReadError::Closed),
            }
        }
    }

    /// Reads lines until one satisfies `pred` (returned), or the deadline passes.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        mut pred: impl FnMut(&str) -> bool,
    ) -> Result<String, ReadError> {
        loop {
            let line = self.recv(deadline)?;
            if pred(&line) {
                return Ok(line);
            }
        }
    }

    /// Asks the engine to quit, waits up to `grace`, then kills it.
    pub fn shutdown(&mut self, quit: &str, grace: Duration) {
        let _ = self.send(quit);
        self.stdin = None;
        let end = Instant::now() + grace;
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads `pipe` to its end, keeping its last [`STDERR_KEPT`] bytes in `kept`.
fn keep_tail(mut pipe: impl Read, kept: &Mutex<Vec<u8>>) {
    let mut buf = [0u8; 4096];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut k = kept.lock().unwrap_or_else(|e| e.into_inner());
        k.extend_from_slice(&buf[..n]);
        let excess = k.len().saturating_sub(STDERR_KEPT);
        k.drain(..excess);
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
