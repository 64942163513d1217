//! Engine specifications and the per-protocol adapters (USI, UCI, XBoard) that turn "here is
//! the game so far and the clocks, give me a move" into protocol text and back.

use crate::matches::process::{EngineProcess, ReadError};
use crate::matches::score::Score;
use crate::matches::xboard;
use crate::rules::{Color, Move, Position, Variant};
use std::time::{Duration, Instant};

/// The protocol an engine speaks.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Protocol {
    /// USI (shogi engines, lishogi-style notation).
    Usi,
    /// UCI with `UCI_Variant`.
    Uci,
    /// XBoard / CECP v2 (HaChu).
    Xboard,
}

/// One `--engine` argument.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Display name.
    pub name: String,
    /// Shell command line.
    pub cmd: String,
    /// Protocol.
    pub proto: Protocol,
    /// Working directory.
    pub dir: Option<String>,
    /// Options sent to the engine (`opt.Name=value`), in order.
    pub options: Vec<(String, String)>,
    /// Whether a move refused by the arbiter, or a move of the opponent the engine refuses,
    /// makes the game a dispute rather than a loss (default: on for XBoard engines, which
    /// follow their own rule reading, off otherwise).
    pub disputes: bool,
    /// Hash memory in MB (`memory N` for XBoard engines, `USI_Hash`/`Hash` otherwise if set).
    pub memory: Option<u32>,
    /// The engine's own clock (`tc=B+I`, `byoyomi=S`), which replaces the match's `--tc` and
    /// `--byoyomi` for this engine: time odds, as cutechess-cli's `tc=` inside `-engine`.
    pub clock: Option<Limit>,
}

impl EngineSpec {
    /// Parses `name=A cmd=prog --flag proto=usi opt.Threads=1 dir=/x disputes=0 memory=64`.
    /// A word that does not start a new `key=` continues the previous value, so commands and
    /// option values may contain spaces.
    pub fn parse(text: &str) -> Result<EngineSpec, String> {
        let mut fields: Vec<(String, String)> = Vec::new();
        for word in text.split_whitespace() {
            let key = word.split_once('=').map(|(k, _)| k);
            let starts = key.is_some_and(|k| {
                matches!(
                    k,
                    "name" | "cmd" | "proto" | "dir" | "disputes" | "memory" | "tc" | "byoyomi"
                ) || (k.starts_with("opt.") && k.len() > 4)
            });
            if starts {
                let (k, v) = word.split_once('=').unwrap_or_default();
                fields.push((k.to_string(), v.to_string()));
            } else if let Some(last) = fields.last_mut() {
                if !last.1.is_empty() {
                    last.1.push(' ');
                }
                last.1.push_str(word);
            } else {
                return Err(format!(
                    "engine spec '{text}': expected key=value, got '{word}'"
                ));
            }
        }
        let get = |k: &str| {
            fields
                .iter()
                .rev()
                .find(|(f, _)| f == k)
                .map(|(_, v)| v.clone())
        };
        let cmd = get("cmd").ok_or_else(|| format!("engine spec '{text}': no cmd="))?;
        let proto = match get("proto").as_deref().unwrap_or("usi") {
            "usi" => Protocol::Usi,
            "uci" => Protocol::Uci,
            "xboard" | "cecp" => Protocol::Xboard,
            p => return Err(format!("engine spec '{text}': unknown proto '{p}'")),
        };
        let name = get("name").unwrap_or_else(|| cmd.clone());
        let disputes = match get("disputes").as_deref() {
            None => proto == Protocol::Xboard,
            Some("1" | "true" | "yes") => true,
            Some("0" | "false" | "no") => false,
            Some(v) => return Err(format!("engine spec: disputes={v} (0 or 1)")),
        };
        let memory = match get("memory") {
            None => None,
            Some(v) => Some(v.parse().map_err(|_| format!("engine spec: memory={v}"))?),
        };
        let clock = match (get("tc"), get("byoyomi")) {
            (None, None) => None,
            (tc, byoyomi) => Some(
                Limit::clock(tc.as_deref(), byoyomi.as_deref())
                    .map_err(|e| format!("engine spec '{text}': {e}"))?,
            ),
        };
        let options = fields
            .iter()
            .filter_map(|(k, v)| k.strip_prefix("opt.").map(|n| (n.to_string(), v.clone())))
            .collect();
        Ok(EngineSpec {
            name,
            cmd,
            proto,
            dir: get("dir"),
            options,
            disputes,
            memory,
            clock,
        })
    }
}

/// How moves are limited.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Limit {
    /// A clock: base time, increment and byoyomi, in milliseconds.
    Clock {
        /// Initial time.
        base_ms: u64,
        /// Added after each move.
        inc_ms: u64,
        /// Per-move time once the base is spent.
        byoyomi_ms: u64,
    },
    /// Fixed depth.
    Depth(u32),
    /// Fixed node count.
    Nodes(u64),
}

impl Limit {
    /// A clock from `--tc`/`tc=` text (`"10+0.1"`, `"60"`: seconds) and byoyomi seconds.
    pub fn clock(tc: Option<&str>, byoyomi: Option<&str>) -> Result<Limit, String> {
        let ms = |s: &str| -> Result<u64, String> {
            let v: f64 = s.trim().parse().map_err(|_| format!("bad time '{s}'"))?;
            if !(0.0..1e7).contains(&v) {
                return Err(format!("bad time '{s}'"));
            }
            Ok((v * 1000.0).round() as u64)
        };
        let (base_ms, inc_ms) = match tc {
            Some(t) => match t.split_once('+') {
                Some((b, i)) => (ms(b)?, ms(i)?),
                None => (ms(t)?, 0),
            },
            None => (0, 0),
        };
        let byoyomi_ms = match byoyomi {
            Some(b) => ms(b)?,
            None => 0,
        };
        if byoyomi_ms > 0 && inc_ms > 0 {
            return Err("byoyomi and an increment cannot be combined".into());
        }
        if base_ms == 0 && inc_ms == 0 && byoyomi_ms == 0 {
            return Err("the clock gives no time".into());
        }
        Ok(Limit::Clock {
            base_ms,
            inc_ms,
            byoyomi_ms,
        })
    }
}

/// The limit as records and tables show it: `10+0.1`, `0 byoyomi 0.3`, `depth 3`.
impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let secs = |ms: u64| ms as f64 / 1000.0;
        match *self {
            Limit::Clock {
                base_ms,
                inc_ms,
                byoyomi_ms,
            } => {
                write!(f, "{}", secs(base_ms))?;
                if byoyomi_ms > 0 {
                    write!(f, " byoyomi {}", secs(byoyomi_ms))
                } else if inc_ms > 0 {
                    write!(f, "+{}", secs(inc_ms))
                } else {
                    Ok(())
                }
            }
            Limit::Depth(d) => write!(f, "depth {d}"),
            Limit::Nodes(n) => write!(f, "nodes {n}"),
        }
    }
}

/// What the engine answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A move in our notation, not yet checked by the arbiter.
    Move(String),
    /// The engine resigned.
    Resign,
    /// The engine refused the opponent's move.
    Refused(String),
    /// The engine announced a result instead of moving: the winner (`None` = draw).
    Claim(Option<Color>, String),
}

/// Why an engine lost (or disputed) without a legal move.
#[derive(Clone, Debug, PartialEq)]
pub enum Fault {
    /// The process exited or closed its output.
    Crash,
    /// No answer before the deadline.
    Timeout,
    /// Output that is not a move where a move was due.
    Garbage(String),
    /// More output than the budget of a move (docs/match.md): what it passed.
    Flood(String),
}

impl From<ReadError> for Fault {
    fn from(e: ReadError) -> Fault {
        match e {
            ReadError::Timeout => Fault::Timeout,
            ReadError::Closed => Fault::Crash,
            ReadError::Flood(w) => Fault::Flood(w),
        }
    }
}

/// The name of the option a USI/UCI `option name N type …` line lists.
fn usi_option_name(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix("option name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// Whether a USI/UCI line reports an error: Shishi's `info string error: …`, an `error …`
/// line, or Stockfish's (and Fairy-Stockfish's) `No such option: …`.
fn is_error_line(line: &str) -> bool {
    let l = line.trim_start().to_ascii_lowercase();
    l.starts_with("info string error") || l.starts_with("error") || l.starts_with("no such option")
}

/// The names of the options an XBoard `feature` line offers (`option="Name -type …"`).
fn xboard_option_names(line: &str) -> Vec<String> {
    const TYPES: [&str; 10] = [
        " -check", " -spin", " -combo", " -string", " -file", " -path", " -button", " -save",
        " -slider", " -reset",
    ];
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("option=\"") {
        rest = &rest[i + "option=\"".len()..];
        let body = &rest[..rest.find('"').unwrap_or(rest.len())];
        if let Some(end) = TYPES.iter().filter_map(|t| body.find(t)).min() {
            out.push(body[..end].to_string());
        }
        rest = &rest[body.len()..];
    }
    out
}

/// A line of the engine's as an error message shows it: printable, at most 200 characters.
fn printable(line: &str) -> String {
    let clean: String = line
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(200)
        .collect();
    clean
}

/// Clocks at the moment of asking, in milliseconds, indexed by colour: each side may have its
/// own control (time odds), and USI `go` tells the mover both.
#[derive(Copy, Clone, Debug)]
pub struct Clocks {
    /// Time left.
    pub left: [u64; 2],
    /// Increment per move.
    pub inc: [u64; 2],
    /// Byoyomi period.
    pub byoyomi: [u64; 2],
}

/// One engine playing one game.
pub struct Player {
    proc: EngineProcess,
    /// Its spec.
    pub spec: EngineSpec,
    variant: Variant,
    start_sfen: String,
    rotated: bool,
    /// Moves of the game already told to an XBoard engine.
    sent: usize,
    has_rules_option: bool,
    /// The score the engine last reported while thinking on its latest move, if any.
    pub last_score: Option<Score>,
}

/// The variant's protocol name.
fn variant_name(v: Variant) -> &'static str {
    match v {
        Variant::Chu => "chushogi",
        Variant::DaiDai => "daidaishogi",
    }
}

impl Player {
    /// Starts the engine and prepares a new game from `start` (handshake within `timeout`).
    pub fn start(
        spec: &EngineSpec,
        start: &Position,
        limit: Limit,
        timeout: Duration,
    ) -> Result<Player, String> {
        if spec.proto == Protocol::Xboard {
            // Refused before the engine starts: nothing it could say changes these.
            if start.variant() != Variant::Chu {
                return Err("XBoard engines play chu only (XBoard boards stop at 16 files)".into());
            }
            if let Limit::Nodes(_) = limit {
                return Err("XBoard engines cannot play --nodes".into());
            }
        }
        let proc = EngineProcess::spawn(&spec.cmd, spec.dir.as_deref())?;
        let mut p = Player {
            proc,
            spec: spec.clone(),
            variant: start.variant(),
            start_sfen: start.to_sfen(),
            rotated: false,
            sent: 0,
            has_rules_option: false,
            last_score: None,
        };
        let deadline = Instant::now() + timeout;
        let r = match spec.proto {
            Protocol::Usi | Protocol::Uci => p.start_usi(start, deadline),
            Protocol::Xboard => p.start_xboard(start, limit, deadline),
        };
        match r {
            Ok(()) => Ok(p),
            Err(Fault::Crash) => Err(format!(
                "exited during the handshake ({})",
                p.proc.failure(Duration::from_secs(2))
            )),
            Err(Fault::Timeout) => Err("did not finish the handshake in time".to_string()),
            Err(Fault::Garbage(g)) => Err(g),
            Err(Fault::Flood(w)) => Err(format!("flooded its output in the handshake ({w})")),
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Fault> {
        self.proc.send(line).map_err(Fault::from)
    }

    fn start_usi(&mut self, start: &Position, deadline: Instant) -> Result<(), Fault> {
        let uci = self.spec.proto == Protocol::Uci;
        let (hello, ok) = if uci {
            ("uci", "uciok")
        } else {
            ("usi", "usiok")
        };
        self.send(hello)?;
        let mut listed: Vec<String> = Vec::new();
        self.proc.wait_for(deadline, |l| {
            if let Some(name) = usi_option_name(l) {
                listed.push(name.to_string());
            }
            l.trim() == ok
        })?;
        self.has_rules_option = listed.iter().any(|n| n == "Rules");
        // Each option the match sets is followed by `isready`, and whatever error the engine
        // wrote before its `readyok` is that option's: the match does not play with an option
        // the engine refused.
        let var_opt = if uci { "UCI_Variant" } else { "USI_Variant" };
        let mut set: Vec<(String, String)> =
            vec![(var_opt.to_string(), variant_name(self.variant).to_string())];
        if self.has_rules_option {
            set.push(("Rules".into(), start.rules().name().to_string()));
        }
        if let Some(mb) = self.spec.memory {
            let hash = if uci { "Hash" } else { "USI_Hash" };
            set.push((hash.into(), mb.to_string()));
        }
        for (n, v) in self.spec.options.clone() {
            if !listed.iter().any(|l| l.eq_ignore_ascii_case(&n)) {
                return Err(Fault::Garbage(format!(
                    "has no option {n} (opt.{n}={v}; the options it lists: {})",
                    if listed.is_empty() {
                        "none".to_string()
                    } else {
                        listed.join(", ")
                    }
                )));
            }
            set.push((n, v));
        }
        for (n, v) in set {
            self.send(&format!("setoption name {n} value {v}"))?;
            self.send("isready")?;
            let mut error = None;
            self.proc.wait_for(deadline, |l| {
                if error.is_none() && is_error_line(l) {
                    error = Some(printable(l));
                }
                l.trim() == "readyok"
            })?;
            if let Some(e) = error {
                return Err(Fault::Garbage(format!("refused option {n}={v}: {e}")));
            }
        }
        self.send(if uci { "ucinewgame" } else { "usinewgame" })?;
        Ok(())
    }

    fn start_xboard(
        &mut self,
        start: &Position,
        limit: Limit,
        deadline: Instant,
    ) -> Result<(), Fault> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut offered: Vec<String> = Vec::new();
        self.proc.wait_for(deadline, |l| {
            if l.starts_with("feature") {
                offered.extend(xboard_option_names(l));
            }
            l.starts_with("feature") && l.split_whitespace().any(|w| w == "done=1")
        })?;
        // As XBoard itself does, an option goes to the engine only if it offered it
        // (`feature option="Name -type …"`): one the user asks for and the engine does not
        // offer is an error, and the match's own `Allow repeats` (HaChu's) is left out.
        let has = |n: &str| offered.iter().any(|o| o == n);
        for (n, v) in &self.spec.options {
            if !has(n) {
                return Err(Fault::Garbage(format!(
                    "has no option {n} (opt.{n}={v}; the options it offers: {})",
                    if offered.is_empty() {
                        "none".to_string()
                    } else {
                        offered.join(", ")
                    }
                )));
            }
        }
        let memory = self.spec.memory.unwrap_or(64);
        self.send("new")?;
        self.send("variant chu")?;
        self.send(&format!("memory {memory}"))?;
        // Thinking output: its scores go into the game record.
        self.send("post")?;
        let mut ping = 1;
        // What the engine answers to the commands above is not an option's.
        self.xboard_sync(&mut ping, deadline)?;
        let mut set: Vec<(String, String)> = Vec::new();
        if has("Allow repeats") {
            set.push(("Allow repeats".into(), "1".into()));
        }
        set.extend(self.spec.options.clone());
        for (n, v) in set {
            self.send(&format!("option {n}={v}"))?;
            if let Some(e) = self.xboard_sync(&mut ping, deadline)? {
                return Err(Fault::Garbage(format!("refused option {n}={v}: {e}")));
            }
        }
        self.send("force")?;
        if self.start_sfen != Variant::Chu.start_sfen() {
            self.rotated = start.side_to_move() == Color::White;
            self.send(&format!(
                "setboard {}",
                xboard::setboard_text(&self.start_sfen, self.rotated)
            ))?;
            self.send(&format!("memory {memory}"))?;
        }
        match limit {
            Limit::Depth(d) => {
                self.send("level 0 1000 0")?;
                self.send(&format!("sd {d}"))?;
            }
            Limit::Nodes(_) => unreachable!("refused before the engine starts"),
            Limit::Clock {
                base_ms,
                inc_ms,
                byoyomi_ms,
            } => {
                let secs = base_ms / 1000;
                let inc = (inc_ms + byoyomi_ms) as f64 / 1000.0;
                self.send(&format!("level 0 {}:{:02} {inc}", secs / 60, secs % 60))?;
            }
        }
        let pong = format!("pong {ping}");
        self.send(&format!("ping {ping}"))?;
        self.proc
            .wait_for(deadline, |l| {
                l.trim() == pong || l.starts_with("tellusererror")
            })
            .and_then(|l| {
                if l.starts_with("tellusererror") {
                    Err(ReadError::Closed)
                } else {
                    Ok(())
                }
            })
            .map_err(|e| match e {
                ReadError::Closed => Fault::Garbage("refused the start position".into()),
                e => e.into(),
            })
    }

    /// Sends `ping N` and reads to `pong N`: the first error the engine wrote before it
    /// (`Error …`, `tellusererror …`), if any.
    fn xboard_sync(&mut self, ping: &mut u32, deadline: Instant) -> Result<Option<String>, Fault> {
        let pong = format!("pong {ping}");
        self.send(&format!("ping {ping}"))?;
        *ping += 1;
        let mut error = None;
        self.proc.wait_for(deadline, |l| {
            if error.is_none() && (l.starts_with("Error") || l.starts_with("tellusererror")) {
                error = Some(printable(l));
            }
            l.trim() == pong
        })?;
        Ok(error)
    }

    /// Asks for a move in `pos` (the game so far is `moves` from `history`, the start
    /// position), answering by `deadline`.
    pub fn think(
        &mut self,
        pos: &Position,
        moves: &[Move],
        history: &Position,
        limit: Limit,
        clocks: Clocks,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        self.last_score = None;
        self.proc.new_budget();
        match self.spec.proto {
            Protocol::Usi | Protocol::Uci => self.think_usi(pos, moves, limit, clocks, deadline),
            Protocol::Xboard => self.think_xboard(pos, moves, history, limit, clocks, deadline),
        }
    }

    fn think_usi(
        &mut self,
        _pos: &Position,
        moves: &[Move],
        limit: Limit,
        clocks: Clocks,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        let uci = self.spec.proto == Protocol::Uci;
        let mut line = format!(
            "position {} {}",
            if uci { "fen" } else { "sfen" },
            self.start_sfen
        );
        if !moves.is_empty() {
            line.push_str(" moves");
            for m in moves {
                line.push(' ');
                line.push_str(&m.text());
            }
        }
        self.send(&line)?;
        let go = match limit {
            Limit::Depth(d) => format!("go depth {d}"),
            Limit::Nodes(n) => format!("go nodes {n}"),
            Limit::Clock { byoyomi_ms, .. } => {
                // USI: b = Black (sente, first mover). UCI: w = the first mover.
                let (first, second) = if uci { ("w", "b") } else { ("b", "w") };
                let mut s = format!(
                    "go {first}time {} {second}time {}",
                    clocks.left[0], clocks.left[1]
                );
                if byoyomi_ms > 0 {
                    s.push_str(&format!(" byoyomi {byoyomi_ms}"));
                } else {
                    s.push_str(&format!(
                        " {first}inc {} {second}inc {}",
                        clocks.inc[0], clocks.inc[1]
                    ));
                }
                s
            }
        };
        self.send(&go)?;
        let mut score = None;
        let line = self.proc.wait_for(deadline, |l| {
            if let Some(s) = Score::from_info(l) {
                score = Some(s);
            }
            l.split_whitespace().next() == Some("bestmove")
        })?;
        self.last_score = score;
        match line.split_whitespace().nth(1) {
            Some("resign") => Ok(Reply::Resign),
            Some("win") => Ok(Reply::Refused("claimed a win (bestmove win)".into())),
            Some(m) => Ok(Reply::Move(m.to_string())),
            None => Err(Fault::Garbage("bestmove without a move".into())),
        }
    }

    fn think_xboard(
        &mut self,
        pos: &Position,
        moves: &[Move],
        history: &Position,
        limit: Limit,
        clocks: Clocks,
        deadline: Instant,
    ) -> Result<Reply, Fault> {
        // Tell it the moves it has not seen, on a replay of the game to write them.
        let mut replay = history.clone();
        for (i, &m) in moves.iter().enumerate() {
            if i >= self.sent {
                let text = xboard::move_text(&replay, m, self.rotated);
                self.send(&format!("usermove {text}"))?;
            }
            replay.make(m);
        }
        self.sent = moves.len();
        if let Limit::Clock { .. } = limit {
            let me = pos.side_to_move().index();
            self.send(&format!("time {}", clocks.left[me] / 10))?;
            self.send(&format!("otim {}", clocks.left[1 - me] / 10))?;
        }
        self.send("go")?;
        let mut first_leg: Option<String> = None;
        loop {
            let line = self.proc.recv(deadline)?;
            let line = line.trim_end_matches(['\r', '\n']);
            let mut words = line.split_whitespace();
            let head = words.next().unwrap_or("");
            if line.starts_with("Illegal move") {
                return Ok(Reply::Refused(format!("refused a move: {line}")));
            }
            if let Some(s) = Score::from_thinking(line) {
                self.last_score = Some(s);
            }
            match head {
                "move" => {
                    // Take the rest of the line as is: HaChu reads any trailing character
                    // as a promotion, so we do not trim more than the line end.
                    let text = line["move".len()..].trim_start();
                    let text = match first_leg.take() {
                        Some(f) => format!("{f}{text}"),
                        None => text.to_string(),
                    };
                    if text.ends_with(',') {
                        first_leg = Some(text);
                        continue;
                    }
                    self.send("force")?;
                    let ours = xboard::parse_move(pos, &text, self.rotated)
                        .map_err(|e| Fault::Garbage(format!("move {text}: {e}")))?;
                    self.sent = moves.len() + 1;
                    return Ok(Reply::Move(ours));
                }
                "resign" => return Ok(Reply::Resign),
                "1-0" | "0-1" | "1/2-1/2" => {
                    // XBoard's "white" is the side that moved first in the game it was given:
                    // our Black, unless the board was sent turned around.
                    let first = if self.rotated {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let winner = match head {
                        "1-0" => Some(first),
                        "0-1" => Some(first.flip()),
                        _ => None,
                    };
                    return Ok(Reply::Claim(winner, line.trim().to_string()));
                }
                _ => {}
            }
        }
    }

    /// Ends the engine (USI `gameover`, then `quit`; XBoard `result`, then `quit`).
    pub fn finish(mut self, result_for_me: Option<f64>) {
        match self.spec.proto {
            Protocol::Usi => {
                let r = match result_for_me {
                    Some(x) if x > 0.75 => "win",
                    Some(x) if x < 0.25 => "lose",
                    _ => "draw",
                };
                let _ = self.proc.send(&format!("gameover {r}"));
            }
            Protocol::Uci => {}
            Protocol::Xboard => {
                let _ = self.proc.send("force");
            }
        }
        self.proc.shutdown("quit", Duration::from_millis(500));
    }

    /// The last protocol lines exchanged.
    pub fn log(&self) -> &[String] {
        &self.proc.log
    }
}
