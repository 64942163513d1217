//! A child `shishi` process driven line by line (shared by the protocol tests).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    pub log: Vec<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shishi"));
        command.args(args);
        Engine::start_command(command)
    }

    /// The binary started by `command` (a shell setting a limit first, say), driven alike.
    pub fn start_command(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("shishi starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                match line {
                    Ok(l) => {
                        if tx.send(l).is_err() {
                            return;
                        }
                    }
                    Err(_) => return,
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
            log: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        if let Some(s) = self.stdin.as_mut() {
            let _ = s.write_all(line.as_bytes());
            let _ = s.write_all(b"\n");
            let _ = s.flush();
        }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(s) = self.stdin.as_mut() {
            let _ = s.write_all(bytes);
            let _ = s.flush();
        }
    }

    /// Closes stdin (EOF).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.log.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `pred`; panics with the conversation after `timeout`.
    pub fn expect(&mut self, timeout: Duration, pred: impl Fn(&str) -> bool) -> String {
        let end = Instant::now() + timeout;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.next(left) {
                Some(l) if pred(&l) => return l,
                Some(_) => {}
                None => panic!("no expected line within {timeout:?}; got {:#?}", self.log),
            }
        }
    }

    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        self.expect(Duration::from_secs(20), |l| l.starts_with(prefix))
    }

    /// Sends `isready` and returns every line before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut got = Vec::new();
        loop {
            let l = self
                .next(Duration::from_secs(20))
                .unwrap_or_else(|| panic!("no readyok; log {:#?}", self.log));
            if l == "readyok" {
                return got;
            }
            got.push(l);
        }
    }

    /// The process's current and peak resident memory in KiB (`/proc`), while it runs.
    pub fn memory(&self) -> Option<(u64, u64)> {
        memory_of(self.child.id())
    }

    /// Waits for the process to exit; `true` if it did in time with success.
    pub fn exits(&mut self, timeout: Duration) -> bool {
        let end = Instant::now() + timeout;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

/// A USI session after its handshake.
pub fn usi() -> Engine {
    let mut e = Engine::start(&[]);
    e.send("usi");
    e.expect_prefix("usiok");
    e
}

/// The error lines among `lines`.
pub fn errors(lines: &[String]) -> Vec<&String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect()
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An engine started in XBoard mode, its features read.
pub fn xboard() -> Engine {
    let mut e = Engine::start(&[]);
    e.send("xboard");
    e.send("protover 2");
    e.expect_prefix("feature done=1");
    e
}

/// Sends XBoard's `ping n` and returns the lines before `pong n`.
pub fn ping(e: &mut Engine, n: u32) -> Vec<String> {
    e.send(&format!("ping {n}"));
    let mut got = Vec::new();
    loop {
        let l = e
            .next(Duration::from_secs(20))
            .unwrap_or_else(|| panic!("no pong: {:#?}", e.log));
        if l == format!("pong {n}") {
            return got;
        }
        got.push(l);
    }
}

/// Process `pid`'s current and peak resident memory in KiB (`/proc`), while it runs.
pub fn memory_of(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| -> Option<u64> {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// Watches `child` until it ends or `time` passes, killing it and panicking as soon as its
/// resident memory passes `bound` KiB; returns its peak (`VmHWM`) while watched and its exit
/// status if it ended.
pub fn watch_memory(
    child: &mut Child,
    time: Duration,
    bound: u64,
    what: &str,
) -> (u64, Option<std::process::ExitStatus>) {
    let end = Instant::now() + time;
    let mut peak = 0;
    loop {
        if let Some((rss, hwm)) = memory_of(child.id()) {
            peak = peak.max(hwm);
            if rss > bound || hwm > bound {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what}: {hwm} KiB resident, over the bound of {bound} KiB");
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            return (peak, Some(status));
        }
        if Instant::now() >= end {
            return (peak, None);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits up to `time` for `child` to end; its exit status, or `None` if it still runs.
pub fn wait_for_exit(child: &mut Child, time: Duration) -> Option<std::process::ExitStatus> {
    let end = Instant::now() + time;
    while Instant::now() < end {
        if let Ok(Some(s)) = child.try_wait() {
            return Some(s);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// `line` repeated 4 096 times: one write of a flood.
pub fn flood_chunk(line: &[u8]) -> Vec<u8> {
    line.iter()
        .copied()
        .cycle()
        .take(line.len() * 4096)
        .collect()
}
