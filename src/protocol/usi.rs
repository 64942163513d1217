//! USI, and UCI through the same code (the vocabulary differences live in [`super::uci`]).

use super::board_commands;
use super::eval_file;
use super::mate_job::MateJob;
use super::perft_job::PerftJob;
use super::session::{Game, SearchControl};
use super::uci::{self, Dialect};
use super::{Event, Output, clip, display, printable};
use crate::rules::{Color, Move, RuleSet, Variant};
use crate::search::skill::{self, Skill};
use crate::search::{self, Clock, Info, InfoSink, Limits, SearchResult};
use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// Default table size in MB.
pub const DEFAULT_HASH: usize = 64;
/// Most principal variations.
pub const MAX_MULTIPV: usize = 256;
/// Largest move overhead in ms.
pub const MAX_OVERHEAD: u64 = 10_000;
/// Largest `Skill_Seed` (a spin GUIs can show).
pub const MAX_SEED: u64 = 1_000_000_000;

/// Commands the USI loop knows (used to detect USI from a first line like `position`).
pub fn is_command(word: &str) -> bool {
    matches!(
        word,
        "usi"
            | "isready"
            | "setoption"
            | "usinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "gameover"
            | "quit"
            | "d"
            | "perft"
            | "legalmoves"
            | "movepaths"
            | "status"
            | "sfen"
            | "checkposition"
            | "pieces"
            | "notation"
    )
}

/// A USI or UCI session: the game, the options and the search.
pub struct Session {
    dialect: Dialect,
    out: Output,
    game: Game,
    search: SearchControl,
    perft: Option<PerftJob>,
    /// USI `go mate`: the proof-number solver, answered with `checkmate`.
    mate: Option<MateJob>,
    /// `MateAny`: `go mate` answers with its first proof instead of the shortest mate.
    mate_any: bool,
    multipv: usize,
    ponder: bool,
    /// Strength: `Skill_Level` (USI) / `Skill Level` (UCI), or `UCI_Elo` when
    /// `UCI_LimitStrength` is on; `USI_AnalyseMode` searches at full strength whatever the level.
    strength: Strength,
}

/// The strength options of a session.
struct Strength {
    level: u8,
    seed: u64,
    limit_strength: bool,
    elo: u32,
    analyse_mode: bool,
}

impl Strength {
    /// The skill a `go` searches with (`None`: full strength).
    fn skill(&self) -> Option<Skill> {
        if self.analyse_mode {
            return None;
        }
        let level = if self.limit_strength {
            skill::level_for_elo(self.elo)
        } else {
            self.level
        };
        Skill::at(level, self.seed)
    }
}

impl Session {
    /// A session in the chu start position; search ends arrive as events on `tx`.
    pub fn new(dialect: Dialect, tx: Sender<Event>, out: Output) -> Result<Session, String> {
        Ok(Session {
            dialect,
            out,
            game: Game::start(Variant::Chu, RuleSet::Seed),
            search: SearchControl::new(DEFAULT_HASH, 1, tx)?,
            perft: None,
            mate: None,
            mate_any: false,
            multipv: 1,
            ponder: false,
            strength: Strength {
                level: skill::MAX_LEVEL,
                seed: 0,
                limit_strength: false,
                elo: skill::ELO_MAX,
                analyse_mode: false,
            },
        })
    }
}

impl super::Frontend for Session {
    fn line(&mut self, line: &str) -> bool {
        Session::line(self, line)
    }

    fn search_done(&mut self, id: u64) {
        if let Some(r) = self.search.finished(id) {
            self.bestmove(&r);
        }
    }

    fn eof(&mut self) {
        self.end_work();
    }

    fn busy(&self) -> bool {
        self.search.active()
            || self.perft.as_ref().is_some_and(|p| !p.is_finished())
            || self.mate.as_ref().is_some_and(|m| !m.is_finished())
    }

    fn refuse(&mut self, message: &str) {
        self.error(message);
    }

    fn report(&mut self, message: &str) {
        self.error(message);
    }

    /// `isready` and `go`: USI has the GUI ask `isready` before the first `go` and wait for
    /// `readyok`, the moment an engine does its heavy set-up, so the network is asked for
    /// there and `readyok` comes once it is in; `go` covers a GUI that skips `isready`. The
    /// web board's rules engine sets `EvalFile <empty>` right after `usi`, before either, so
    /// it never asks.
    fn network_for(&self, line: &str) -> Option<Variant> {
        let word = line.split_whitespace().next()?;
        matches!(word, "isready" | "go").then(|| self.game.variant())
    }
}

impl Session {
    fn error(&self, message: &str) {
        self.out
            .line(&format!("info string error: {}", printable(message)));
    }

    /// Ends whatever runs: a search gets its `bestmove` (every `go` gets exactly one,
    /// whatever ends it), a perft count is stopped.
    fn end_work(&mut self) {
        if let Some(r) = self.search.stop() {
            self.bestmove(&r);
        }
        if let Some(job) = self.perft.take() {
            job.stop();
        }
        if let Some(job) = self.mate.take() {
            job.stop();
        }
    }

    /// Handles one line; `false` ends the loop.
    fn line(&mut self, line: &str) -> bool {
        log::debug!("< {line}");
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        match (cmd, self.dialect) {
            ("usi", _) | ("uci", _) => self.hello(),
            ("isready", _) => self.out.line("readyok"),
            ("setoption", _) => {
                if self.interrupt() {
                    self.error("setoption during a search: search stopped");
                }
                if let Err(e) = self.setoption(&rest) {
                    self.error(&e);
                }
            }
            ("usinewgame", _) | ("ucinewgame", _) => {
                self.end_work();
                self.search.searcher.new_game();
                self.game = Game::start(self.game.variant(), self.game.rules());
            }
            ("position", _) => {
                if self.interrupt() {
                    self.error("position during a search: search stopped");
                }
                if let Err(e) = self.position(&rest) {
                    self.error(&e);
                }
            }
            ("go", _) => {
                if self.interrupt() {
                    self.error("go during a search: previous search stopped");
                }
                if let Err(e) = self.go(&rest) {
                    self.error(&e);
                }
            }
            ("stop", _) => {
                // A count or mate search that has answered is over, as a search whose
                // `bestmove` is out: `stop` then says so alike.
                let perft = self.perft.as_ref().is_some_and(|p| !p.is_finished());
                let mate = self.mate.as_ref().is_some_and(|m| !m.is_finished());
                if !self.search.active() && !perft && !mate {
                    self.error("stop: no search is running");
                }
                self.end_work();
            }
            ("ponderhit", _) => {
                if !self.search.active() {
                    self.error("ponderhit: no search is running");
                } else if let Some(r) = self.search.ponderhit() {
                    self.bestmove(&r);
                }
            }
            ("gameover", _) => self.end_work(),
            ("quit", _) => {
                self.end_work();
                return false;
            }
            ("d", _) => {
                for l in display::board_text(&mut self.game.pos).lines() {
                    self.out.line(l);
                }
            }
            ("legalmoves", _) => self.out.line(&board_commands::legal_moves(&self.game.pos)),
            ("movepaths", _) => self.out.line(&board_commands::move_paths(&self.game.pos)),
            ("status", _) => self.out.line(&board_commands::status(&self.game.pos)),
            ("sfen", _) => self.out.line(&board_commands::sfen(&self.game.pos)),
            ("checkposition", _) => self
                .out
                .line(&board_commands::check_position(&self.game.pos)),
            ("pieces", _) => {
                for l in board_commands::pieces(&self.game.pos) {
                    self.out.line(&l);
                }
            }
            ("notation", _) => {
                let (line, error) = board_commands::notation(&self.game.pos, &rest);
                if let Some(e) = error {
                    self.error(&format!("notation: {e}"));
                }
                self.out.line(&line);
            }
            ("perft", _) => {
                if let Err(e) = self.perft(&rest) {
                    self.error(&e);
                }
            }
            ("debug", _) | ("register", _) => {}
            _ => self.error(&format!("unknown command '{}'", clip(cmd))),
        }
        true
    }

    /// Ends what runs ([`Self::end_work`]); whether a search was still running (one that has
    /// ended on its own, its result not yet sent, only gets its `bestmove`: no error line).
    fn interrupt(&mut self) -> bool {
        let busy = self.search.searching() || self.mate.as_ref().is_some_and(|m| !m.is_finished());
        self.end_work();
        busy
    }

    fn hello(&self) {
        let o = &self.out;
        o.line(&format!("id name Shishi {}", env!("CARGO_PKG_VERSION")));
        o.line("id author the Shishi developers");
        let names = uci::option_names(self.dialect);
        o.line(&format!(
            "option name {} type combo default chushogi var chushogi var daidaishogi",
            names.variant
        ));
        o.line("option name Rules type combo default seed var seed var lishogi var jcsa");
        o.line(&format!(
            "option name {} type spin default {DEFAULT_HASH} min 1 max {}",
            names.hash,
            search::max_hash_mb()
        ));
        o.line(&format!(
            "option name Threads type spin default 1 min 1 max {}",
            search::max_threads()
        ));
        o.line(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        o.line(&format!(
            "option name {} type check default false",
            names.ponder
        ));
        o.line(&format!(
            "option name Move Overhead type spin default 30 min 0 max {MAX_OVERHEAD}"
        ));
        let max = skill::MAX_LEVEL;
        match self.dialect {
            Dialect::Usi => {
                o.line("option name USI_AnalyseMode type check default false");
                o.line("option name MateAny type check default false");
                o.line(&format!(
                    "option name Skill_Level type spin default {max} min 0 max {max}"
                ));
                o.line(&format!(
                    "option name Skill_Seed type spin default 0 min 0 max {MAX_SEED}"
                ));
            }
            Dialect::Uci => {
                o.line("option name UCI_AnalyseMode type check default false");
                o.line(&format!(
                    "option name Skill Level type spin default {max} min 0 max {max}"
                ));
                o.line(&format!(
                    "option name Skill Seed type spin default 0 min 0 max {MAX_SEED}"
                ));
                o.line("option name UCI_LimitStrength type check default false");
                o.line(&format!(
                    "option name UCI_Elo type spin default {0} min {1} max {0}",
                    skill::ELO_MAX,
                    skill::ELO_MIN
                ));
            }
        }
        o.line(&format!(
            "option name EvalFile type string default {}",
            eval_file::BUILT_IN
        ));
        o.line(&format!("info string {}", eval_file::describe()));
        o.line(match self.dialect {
            Dialect::Usi => "usiok",
            Dialect::Uci => "uciok",
        });
    }

    fn setoption(&mut self, args: &[&str]) -> Result<(), String> {
        if args.first() != Some(&"name") {
            return Err("setoption: expected 'setoption name <name> [value <value>]'".into());
        }
        let vpos = args.iter().position(|w| *w == "value");
        let name = args[1..vpos.unwrap_or(args.len())].join(" ");
        let value = vpos.map(|i| args[i + 1..].join(" ")).unwrap_or_default();
        let key = name.to_ascii_lowercase();
        let spin = |min: u64, max: u64| -> Result<u64, String> {
            let v: u64 = value
                .parse()
                .map_err(|_| format!("option {name}: '{}' is not a number", clip(&value)))?;
            if v < min || v > max {
                return Err(format!("option {name}: {v} is out of range {min}..={max}"));
            }
            Ok(v)
        };
        let check = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!(
                    "option {name}: '{}' is neither true nor false",
                    clip(&value)
                )),
            }
        };
        match key.as_str() {
            "usi_variant" | "uci_variant" | "variant" => {
                let v = match value.to_ascii_lowercase().as_str() {
                    "chushogi" | "chu" => Variant::Chu,
                    "daidaishogi" | "daidai" => Variant::DaiDai,
                    _ => {
                        return Err(format!(
                            "option {name}: unknown variant '{}' (chushogi or daidaishogi)",
                            clip(&value)
                        ));
                    }
                };
                self.game = Game::start(v, self.game.rules());
                crate::nnue::prepare(v);
            }
            "rules" => {
                let r = RuleSet::from_name(&value.to_ascii_lowercase()).ok_or_else(|| {
                    format!(
                        "option Rules: unknown rule set '{}' (seed, lishogi or jcsa)",
                        clip(&value)
                    )
                })?;
                self.game = Game::start(self.game.variant(), r);
            }
            "usi_hash" | "hash" => {
                let v = spin(1, search::max_hash_mb() as u64)?;
                let searcher = &mut self.search.searcher;
                searcher.set_hash(v as usize).map_err(|e| {
                    format!(
                        "option {name}: {e}; table kept at {} MB",
                        searcher.hash_mb()
                    )
                })?;
            }
            "threads" => {
                let v = spin(1, search::max_threads() as u64)?;
                let searcher = &mut self.search.searcher;
                searcher
                    .set_threads(v as usize)
                    .map_err(|e| format!("option {name}: {e}; {} kept", searcher.threads()))?;
            }
            // `USI_MultiPV`: lishogi's name for the same option.
            "multipv" | "usi_multipv" => self.multipv = spin(1, MAX_MULTIPV as u64)? as usize,
            "usi_ponder" | "ponder" => self.ponder = check()?,
            "mateany" => self.mate_any = check()?,
            "usi_analysemode" | "uci_analysemode" => self.strength.analyse_mode = check()?,
            "skill_level" | "skill level" => {
                self.strength.level = spin(0, skill::MAX_LEVEL as u64)? as u8
            }
            "skill_seed" | "skill seed" => self.strength.seed = spin(0, MAX_SEED)?,
            "uci_limitstrength" => self.strength.limit_strength = check()?,
            "uci_elo" => {
                self.strength.elo = spin(skill::ELO_MIN as u64, skill::ELO_MAX as u64)? as u32
            }
            "move overhead" => {
                self.search.searcher.move_overhead = Duration::from_millis(spin(0, MAX_OVERHEAD)?)
            }
            "evalfile" => {
                let report = eval_file::set(&value)?;
                self.out.line(&format!("info string {report}"));
                crate::nnue::prepare(self.game.variant());
            }
            _ => return Err(format!("unknown option '{}'", clip(&name))),
        }
        Ok(())
    }

    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let mpos = args.iter().position(|w| *w == "moves");
        let (setup, moves) = match mpos {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (args, &args[args.len()..]),
        };
        let (v, r) = (self.game.variant(), self.game.rules());
        let game = match setup.first().copied() {
            Some("startpos") if setup.len() == 1 => {
                Game::from_moves(v, r, None, moves.iter().copied())?
            }
            Some("sfen") | Some("fen") if setup.len() > 1 => {
                let text = setup[1..].join(" ");
                let sfen = if uci::is_chess_fen(&text) {
                    uci::chess_fen_to_sfen(&text)?
                } else {
                    text
                };
                Game::from_moves(v, r, Some(&sfen), moves.iter().copied())?
            }
            _ => {
                return Err(
                    "position: expected 'position startpos|sfen <sfen> [moves <move>…]'".into(),
                );
            }
        };
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let mut limits = Limits {
            multipv: self.multipv,
            skill: self.strength.skill(),
            ..Limits::default()
        };
        let (mut btime, mut wtime, mut binc, mut winc) = (None, None, None, None);
        let mut byoyomi = None;
        let mut mtg = None;
        let mut mate_search = false;
        let mut i = 0;
        // USI's values are whole numbers; a bridge that sends `movetime 1.0` (one version of
        // Lishogi-Bot does) gets the value rounded and a note, not a `go` without `bestmove`.
        let rounded = std::cell::Cell::new(false);
        let num = |i: usize, key: &str| -> Result<i64, String> {
            let v = args
                .get(i + 1)
                .ok_or_else(|| format!("go: {key} needs a value"))?;
            if let Some(sign) = saturated(v) {
                // A whole number past i64: the largest of its sign, as a time that long is
                // (a search that `stop` still ends), not "not a number".
                return Ok(sign);
            }
            v.parse::<i64>().or_else(|_| match v.parse::<f64>() {
                Ok(x) if x.is_finite() && v.contains('.') => {
                    rounded.set(true);
                    // `as` saturates: a huge value becomes i64::MAX, like a huge integer's
                    // clamp below.
                    Ok(x.round() as i64)
                }
                _ => Err(format!("go: {key} value '{}' is not a number", clip(v))),
            })
        };
        let ms = |v: i64| Duration::from_millis(v.max(0) as u64);
        while i < args.len() {
            let key = args[i];
            let (first_time, second_time, first_inc, second_inc) = uci::clock_words(self.dialect);
            match key {
                "infinite" => limits.infinite = true,
                "ponder" => limits.ponder = true,
                k if k == first_time => {
                    btime = Some(ms(num(i, k)?));
                    i += 1;
                }
                k if k == second_time => {
                    wtime = Some(ms(num(i, k)?));
                    i += 1;
                }
                k if k == first_inc => {
                    binc = Some(ms(num(i, k)?));
                    i += 1;
                }
                k if k == second_inc => {
                    winc = Some(ms(num(i, k)?));
                    i += 1;
                }
                "byoyomi" => {
                    byoyomi = Some(ms(num(i, key)?));
                    i += 1;
                }
                "movestogo" => {
                    mtg = Some(num(i, key)?.clamp(1, 10_000) as u32);
                    i += 1;
                }
                "movetime" => {
                    limits.movetime = Some(ms(num(i, key)?));
                    i += 1;
                }
                "depth" => {
                    limits.depth = Some(num(i, key)?.clamp(1, 255) as u32);
                    i += 1;
                }
                "nodes" => {
                    limits.nodes = Some(num(i, key)?.max(1) as u64);
                    i += 1;
                }
                "mate" => {
                    match args.get(i + 1) {
                        // USI: `go mate <ms>|infinite` is a mate search answered with
                        // `checkmate` (the proof-number solver, docs/mate.md).
                        Some(&"infinite") if self.dialect == Dialect::Usi => mate_search = true,
                        _ if self.dialect == Dialect::Usi => {
                            limits.movetime = Some(ms(num(i, key)?));
                            mate_search = true;
                        }
                        // UCI: `go mate <n>` is the search looking for a mate in n moves.
                        Some(&"infinite") => limits.infinite = true,
                        _ => limits.mate = Some(num(i, key)?.clamp(1, 1000) as u32),
                    }
                    i += 1;
                }
                "searchmoves" => {
                    while let Some(t) = args.get(i + 1) {
                        if is_go_keyword(t) {
                            break;
                        }
                        let mut probe = self.game.pos.clone();
                        match super::session::parse_game_move(&mut probe, t) {
                            Ok(m) => limits.search_moves.push(m),
                            Err(e) => self.error(&format!("searchmoves: {e}")),
                        }
                        i += 1;
                    }
                }
                other => return Err(format!("go: unknown parameter '{}'", clip(other))),
            }
            i += 1;
        }
        if rounded.get() {
            self.out.line(
                "info string go: fractional values rounded to whole numbers (times are milliseconds)",
            );
        }
        let black = self.game.pos.side_to_move() == Color::Black;
        let (own, other) = if black {
            ((btime, binc), (wtime, winc))
        } else {
            ((wtime, winc), (btime, binc))
        };
        limits.clock = clock_of(own, other, byoyomi, mtg);
        if mate_search {
            let mate_limits = crate::mate::Limits {
                time: limits.movetime,
                nodes: limits.nodes,
                any: self.mate_any,
            };
            let (pos, out) = (&self.game.pos, self.out.clone());
            // The solver's table takes what `USI_Hash` gives the search (a host with little
            // memory, such as a browser, sets it low), as far as the largest `USI_Hash` leaves
            // room beside the search's table.
            let hash =
                super::mate_job::table_bytes(self.search.searcher.hash_mb(), search::max_hash_mb());
            self.mate = Some(MateJob::start(pos, mate_limits, hash, out));
            return Ok(());
        }
        let hold = limits.infinite || limits.ponder;
        let sink = self.info_sink();
        self.search.start(&self.game.pos, limits, sink, hold);
        Ok(())
    }

    fn info_sink(&self) -> InfoSink {
        let out = self.out.clone();
        let multipv = self.multipv > 1;
        Arc::new(move |info: &Info| out.line(&info_line(info, multipv)))
    }

    fn bestmove(&self, r: &SearchResult) {
        match r.best {
            None => self.out.line("bestmove resign"),
            Some(m) => match r.ponder {
                Some(p) => self.out.line(&format!("bestmove {m} ponder {p}")),
                None => self.out.line(&format!("bestmove {m}")),
            },
        }
    }

    fn perft(&mut self, args: &[&str]) -> Result<(), String> {
        let depth: u32 = match args {
            [d] => Some(*d),
            _ => None,
        }
        .and_then(|d| d.parse().ok())
        .filter(|d| (1..=MAX_PERFT_DEPTH).contains(d))
        .ok_or_else(|| format!("perft: expected one depth from 1 to {MAX_PERFT_DEPTH}"))?;
        self.end_work();
        let threads = self.search.searcher.threads();
        self.perft = Some(PerftJob::start(
            &self.game.pos,
            depth,
            threads,
            self.out.clone(),
            report_perft,
        ));
        Ok(())
    }
}

/// Deepest `perft` the loop accepts: deeper counts take days, and `stop` ends any count.
const MAX_PERFT_DEPTH: u32 = 10;

/// Writes a finished count (or that it was stopped).
fn report_perft(out: &Output, rows: Option<Vec<(Move, u64)>>, time: Duration) {
    let Some(mut rows) = rows else {
        out.line("info string perft stopped");
        return;
    };
    rows.sort_by_key(|(m, _)| m.text());
    let mut total = 0;
    for (m, n) in rows {
        out.line(&format!("{m}: {n}"));
        total += n;
    }
    let ms = time.as_millis().max(1);
    out.line(&format!(
        "info string perft nodes {total} time {ms} nps {}",
        total as u128 * 1000 / ms
    ));
    out.line(&format!("nodes {total}"));
}

/// The clock of the side to move from whatever time fields `go` carried (docs/protocol.md):
/// any of them makes the search a timed one, so it always ends on its own. The side's own
/// main time and increment count; if it has neither, the other side's are taken (a GUI that
/// sends one clock for a symmetric game); missing values are zero, and a clock of zeros (only
/// `movestogo`) gets the shortest think.
fn clock_of(
    own: (Option<Duration>, Option<Duration>),
    other: (Option<Duration>, Option<Duration>),
    byoyomi: Option<Duration>,
    moves_to_go: Option<u32>,
) -> Option<Clock> {
    let given = [own.0, own.1, other.0, other.1, byoyomi];
    if given.iter().all(Option::is_none) && moves_to_go.is_none() {
        return None;
    }
    let (time, increment) = if own.0.is_none() && own.1.is_none() {
        other
    } else {
        own
    };
    Some(Clock {
        time: time.unwrap_or_default(),
        increment: increment.unwrap_or_default(),
        byoyomi: byoyomi.unwrap_or_default(),
        moves_to_go,
    })
}

/// A whole number too large for an `i64`: `i64::MAX`, or `i64::MIN` for a negative one.
fn saturated(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if !whole || text.parse::<i64>().is_ok() {
        return None;
    }
    Some(if negative { i64::MIN } else { i64::MAX })
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "infinite"
            | "ponder"
            | "btime"
            | "wtime"
            | "binc"
            | "winc"
            | "byoyomi"
            | "movestogo"
            | "movetime"
            | "depth"
            | "nodes"
            | "mate"
            | "searchmoves"
    )
}

/// `info depth … pv …`.
fn info_line(info: &Info, with_multipv: bool) -> String {
    let score = match info.mate() {
        Some(n) => format!("mate {n}"),
        None => format!("cp {}", info.score),
    };
    let mut s = format!("info depth {} seldepth {}", info.depth, info.seldepth);
    if with_multipv {
        s.push_str(&format!(" multipv {}", info.multipv));
    }
    s.push_str(&format!(
        " score {score} nodes {} nps {} hashfull {} time {}",
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    ));
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for m in &info.pv {
            s.push(' ');
            s.push_str(&m.text());
        }
    }
    s
}
