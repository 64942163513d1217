//! One engine process: spawned through `sh -c`, written to line by line, and read by a thread
//! that forwards every stdout line to a channel, so the game loop can wait with a deadline.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why reading from an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing arrived before the deadline.
    Timeout,
    /// The engine closed its output (exited or crashed).
    Closed,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Last lines exchanged, for the game record when something goes wrong.
    pub log: Vec<String>,
}

/// Lines kept in [`EngineProcess::log`].
const LOG_LINES: usize = 40;

impl EngineProcess {
    /// Starts `cmd` with the shell, in `dir` if given. Its stderr is discarded unless
    /// `stderr_to` names a file to append to.
    pub fn spawn(cmd: &str, dir: Option<&str>) -> Result<EngineProcess, String> {
        let mut command = Command::new("sh");
        command
            .arg("-c")
            .arg(format!("exec {cmd}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = dir {
            command.current_dir(d);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let stdin = child.stdin.take();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf)
                            .trim_end_matches(['\n', '\r'])
                            .to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        })
    }

    fn remember(&mut self, line: String) {
        if self.log.len() >= LOG_LINES {
            self.log.remove(0);
        }
        self.log.push(line);
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

    /// The next line, waiting until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, ReadError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                log::debug!("< {line}");
                self.remember(format!("< {line}"));
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ReadError::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(ReadError::Closed),
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

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
