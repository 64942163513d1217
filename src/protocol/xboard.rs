//! XBoard / WinBoard (CECP version 2), chu shogi only: XBoard boards stop at 16 files, so dai
//! dai shogi is USI/UCI only. XBoard's "white" is the first player (our Black, sente).

use super::eval_file;
use super::notation::{self, move_text, parse_square};
use super::session::{Game, SearchControl};
use super::usi::{DEFAULT_HASH, MAX_OVERHEAD};
use super::{Event, Output, clip, printable};
use crate::rules::movegen;
use crate::rules::outcome::{EndReason, GameResult};
use crate::rules::{Color, Move, Position, RuleSet, Square, Variant};
use crate::score;
use crate::search::skill::{self, Skill};
use crate::search::{self, Clock, Info, InfoSink, Limits, SearchResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::time::Duration;

/// An XBoard session (chu only).
pub struct Session {
    out: Output,
    game: Game,
    search: SearchControl,
    force: bool,
    engine: Color,
    analyzing: bool,
    post: Arc<AtomicBool>,
    own_cs: Option<u64>,
    opp_cs: Option<u64>,
    level: Option<(u32, Duration, Duration)>,
    st: Option<Duration>,
    sd: Option<u32>,
    /// What the current search is for: a move to play (vs analysis).
    thinking: bool,
    lifted: Option<Square>,
    over: bool,
    /// `Skill Level` (0 to [`skill::MAX_LEVEL`] = full strength); analysis ignores it.
    skill_level: u8,
    /// `Multi-PV`: lines searched and shown, in analysis and when thinking on a move.
    multipv: usize,
}

/// Most lines of the `Multi-PV` option.
const MAX_MULTIPV: usize = 64;

impl Session {
    /// A session in the chu start position; search ends arrive as events on `tx`.
    pub fn new(tx: Sender<Event>, out: Output) -> Result<Session, String> {
        Ok(Session {
            out,
            game: Game::start(Variant::Chu, RuleSet::Seed),
            search: SearchControl::new(DEFAULT_HASH, 1, tx)?,
            force: false,
            engine: Color::White,
            analyzing: false,
            post: Arc::new(AtomicBool::new(false)),
            own_cs: None,
            opp_cs: None,
            level: None,
            st: None,
            sd: None,
            thinking: false,
            lifted: None,
            over: false,
            skill_level: skill::MAX_LEVEL,
            multipv: 1,
        })
    }
}

impl super::Frontend for Session {
    fn line(&mut self, line: &str) -> bool {
        Session::line(self, line)
    }

    fn search_done(&mut self, id: u64) {
        if let Some(r) = self.search.finished(id) {
            self.done(r);
        }
    }

    fn eof(&mut self) {
        self.search.stop();
    }

    fn busy(&self) -> bool {
        self.search.active()
    }

    fn refuse(&mut self, message: &str) {
        self.error("line too long", message);
    }

    /// A comment line, which a GUI logs without stopping the game.
    fn report(&mut self, message: &str) {
        self.out.line(&format!("# error: {}", printable(message)));
    }

    /// Every command but the handshake's, the options and `quit`: a search can start from
    /// many of them (`go`, a move, `analyze`), and a GUI sends `ping` or `new` before any.
    fn network_for(&self, line: &str) -> Option<Variant> {
        let word = line.split_whitespace().next()?;
        let setup = matches!(
            word,
            "xboard" | "protover" | "accepted" | "rejected" | "option" | "quit"
        );
        (!setup).then(|| self.game.variant())
    }
}

impl Session {
    fn error(&self, kind: &str, message: &str) {
        self.out
            .line(&format!("Error ({kind}): {}", printable(message)));
    }

    fn side(&self) -> usize {
        self.game.variant().side()
    }

    /// Handles one line; `false` ends the loop.
    fn line(&mut self, line: &str) -> bool {
        log::debug!("< {line}");
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return true;
        };
        let rest: Vec<&str> = words.collect();
        let arg = rest.first().copied().unwrap_or("");
        match cmd {
            "xboard" | "accepted" | "rejected" | "random" | "easy" | "hard" | "computer"
            | "name" | "rating" | "ics" | "." | "bk" | "hint" | "draw" | "otherboard" => {}
            "protover" => self.features(),
            "new" => {
                self.halt();
                self.game = Game::start(Variant::Chu, self.game.rules());
                self.force = false;
                self.engine = Color::White;
                self.st = None;
                self.sd = None;
                self.over = false;
                self.search.searcher.new_game();
            }
            "variant" => {
                if arg != "chu" {
                    self.error(
                        "unsupported variant",
                        &format!("{} (only chu; dai dai is USI/UCI only)", clip(arg)),
                    );
                }
            }
            "force" => {
                self.halt();
                self.force = true;
            }
            "go" => {
                self.halt();
                self.force = false;
                self.engine = self.game.pos.side_to_move();
                self.think();
            }
            "playother" => {
                self.halt();
                self.force = false;
                self.engine = self.game.pos.side_to_move().flip();
            }
            "white" | "black" => {}
            "usermove" => self.usermove(arg),
            "time" | "otim" => match centiseconds(arg) {
                Some(cs) if cmd == "time" => self.own_cs = Some(cs),
                Some(cs) => self.opp_cs = Some(cs),
                None => self.error(&format!("bad {cmd}"), &clip(arg)),
            },
            "level" => match parse_level(&rest) {
                Ok(l) => {
                    self.level = Some(l);
                    self.st = None;
                }
                Err(e) => self.error("bad level", &e),
            },
            "st" => match arg.parse::<f64>() {
                Ok(s) if s > 0.0 && s < 1e7 => self.st = Some(Duration::from_secs_f64(s)),
                _ => self.error("bad st", &clip(arg)),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d >= 1 => self.sd = Some(d.min(255)),
                _ => self.error("bad sd", &clip(arg)),
            },
            "post" => self.post.store(true, Ordering::Relaxed),
            "nopost" => self.post.store(false, Ordering::Relaxed),
            "analyze" => {
                self.halt();
                self.analyzing = true;
                self.force = true;
                self.analyse();
            }
            "exit" => {
                if self.analyzing {
                    self.search.stop();
                    self.analyzing = false;
                }
            }
            "undo" => self.take_back(1),
            "remove" => self.take_back(2),
            "setboard" => self.setboard(&rest.join(" ")),
            // The answer repeats the word, escaped: a control byte in it must not reach the
            // GUI raw.
            "ping" => self.out.line(&format!("pong {}", printable(arg))),
            "result" => {
                self.halt();
                self.over = true;
            }
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if (1..=search::max_hash_mb()).contains(&mb) => {
                    if let Err(e) = self.search.searcher.set_hash(mb) {
                        let kept = self.search.searcher.hash_mb();
                        self.error("memory", &format!("{e}; table kept at {kept} MB"));
                    }
                }
                _ => self.error(
                    "bad memory",
                    &format!("{} (1..={} MB)", clip(arg), search::max_hash_mb()),
                ),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=search::max_threads()).contains(&n) => {
                    if let Err(e) = self.search.searcher.set_threads(n) {
                        self.error("cores", &e);
                    }
                }
                _ => self.error(
                    "bad cores",
                    &format!("{} (1..={})", clip(arg), search::max_threads()),
                ),
            },
            "?" => {
                if self.thinking
                    && let Some(r) = self.search.stop()
                {
                    self.done(r);
                }
            }
            "option" => {
                let text = rest.join(" ");
                if let Err(e) = self.option(&text) {
                    self.error("bad option", &e);
                }
            }
            "lift" => self.lift(arg),
            "put" => self.put(arg),
            "hover" => self.hover(arg),
            "d" => {
                for l in super::display::board_text(&mut self.game.pos).lines() {
                    self.out.line(&format!("# {l}"));
                }
            }
            "quit" => {
                self.search.stop();
                return false;
            }
            _ => {
                // A bare move when usermove is off.
                let mut probe = self.game.pos.clone();
                if notation::parse_move(&mut probe, cmd).is_ok() {
                    self.usermove(cmd);
                } else {
                    self.error("unknown command", &clip(cmd));
                }
            }
        }
        true
    }

    fn features(&self) {
        let o = &self.out;
        o.line("feature done=0");
        o.line(&format!(
            "feature myname=\"Shishi {}\" variants=\"chu\" setboard=1 usermove=1 ping=1 memory=1 smp=1 highlight=1 sigint=0 sigterm=0 colors=0 analyze=1 debug=1 reuse=1",
            env!("CARGO_PKG_VERSION")
        ));
        o.line("feature option=\"Rules -combo seed /// lishogi /// jcsa\"");
        o.line(&format!(
            "feature option=\"Multi-PV -spin 1 1 {MAX_MULTIPV}\""
        ));
        o.line(&format!(
            "feature option=\"Skill Level -spin {0} 0 {0}\"",
            skill::MAX_LEVEL
        ));
        o.line(&format!(
            "feature option=\"Move Overhead -spin 30 0 {MAX_OVERHEAD}\""
        ));
        o.line(&format!(
            "feature option=\"EvalFile -file {}\"",
            eval_file::BUILT_IN
        ));
        o.line(&format!("# {}", eval_file::describe()));
        o.line("feature done=1");
    }

    /// Stops any search without playing its move.
    fn halt(&mut self) {
        self.search.stop();
        self.thinking = false;
        self.analyzing = false;
    }

    fn option(&mut self, text: &str) -> Result<(), String> {
        let (name, value) = text.split_once('=').ok_or("expected NAME=VALUE")?;
        match name.trim() {
            "Rules" => {
                let r = RuleSet::from_name(value.trim())
                    .ok_or_else(|| format!("Rules: '{}' (seed, lishogi or jcsa)", clip(value)))?;
                let sfen = self.game.pos.to_sfen();
                let sfen = if r != RuleSet::Seed {
                    sfen.split_whitespace()
                        .take(4)
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    sfen
                };
                self.game.pos = Position::from_sfen(Variant::Chu, r, &sfen)
                    .unwrap_or_else(|_| Position::start(Variant::Chu, r));
            }
            "Move Overhead" => {
                let v: u64 = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| *v <= MAX_OVERHEAD)
                    .ok_or_else(|| format!("Move Overhead: '{}'", clip(value)))?;
                self.search.searcher.move_overhead = Duration::from_millis(v);
            }
            "Multi-PV" => {
                self.multipv = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| (1..=MAX_MULTIPV).contains(v))
                    .ok_or_else(|| format!("Multi-PV: '{}' (1..={MAX_MULTIPV})", clip(value)))?;
            }
            "Skill Level" => {
                self.skill_level = value
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| *v <= skill::MAX_LEVEL)
                    .ok_or_else(|| {
                        format!("Skill Level: '{}' (0..={})", clip(value), skill::MAX_LEVEL)
                    })?;
            }
            "EvalFile" => {
                let report = eval_file::set(value)?;
                self.out.line(&format!("# {report}"));
            }
            other => return Err(format!("unknown option '{}'", clip(other))),
        }
        Ok(())
    }

    fn usermove(&mut self, text: &str) {
        let was_analyzing = self.analyzing;
        if self.thinking {
            // The user moved while we were thinking (force mode edits): drop our search.
            self.halt();
        } else if self.analyzing {
            self.search.stop();
        }
        match notation::parse_move(&mut self.game.pos, text) {
            Ok(mv) => self.game.pos.make(mv),
            Err(e) => {
                self.out
                    .line(&format!("Illegal move ({e}): {}", clip(text)));
                if was_analyzing {
                    self.analyse();
                }
                return;
            }
        }
        if was_analyzing {
            self.analyzing = true;
            self.analyse();
            return;
        }
        if self.report_end() {
            return;
        }
        if !self.force && self.game.pos.side_to_move() == self.engine {
            self.think();
        }
    }

    /// Prints the result if the game is over; `true` if it is.
    fn report_end(&mut self) -> bool {
        let Some(result) = self.game.pos.outcome() else {
            return false;
        };
        self.over = true;
        let why = |r: EndReason| match r {
            EndReason::RoyalsCaptured => "royal captured",
            EndReason::BareKing => "bare king",
            EndReason::NoLegalMove => "no legal move",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::RoyalsOnly => "only royals left",
        };
        let line = match result {
            GameResult::Win(Color::Black, r) => format!("1-0 {{Black (sente) wins: {}}}", why(r)),
            GameResult::Win(Color::White, r) => format!("0-1 {{White (gote) wins: {}}}", why(r)),
            GameResult::Draw(r) => format!("1/2-1/2 {{{}}}", why(r)),
        };
        self.out.line(&line);
        true
    }

    fn sink(&self, analysis: bool) -> InfoSink {
        let out = self.out.clone();
        let post = self.post.clone();
        let side = self.side();
        Arc::new(move |info: &Info| {
            if !analysis && !post.load(Ordering::Relaxed) {
                return;
            }
            let sc = match info.mate() {
                Some(n) if n > 0 => 100_000 + n,
                Some(n) => -100_000 + n,
                None => info.score.clamp(-score::MATE_BOUND, score::MATE_BOUND),
            };
            let pv: Vec<String> = info.pv.iter().map(|m| move_text(*m, side)).collect();
            out.line(&format!(
                "{} {} {} {} {}",
                info.depth,
                sc,
                info.time.as_millis() / 10,
                info.nodes,
                pv.join(" ")
            ));
        })
    }

    fn think(&mut self) {
        if self.report_end() {
            return;
        }
        if self.over {
            // Ended by `result` (or a resignation) while the position plays on.
            self.error(
                "game over",
                "no move after the game's result ('new' or 'setboard' starts a game)",
            );
            return;
        }
        let mut limits = Limits {
            depth: self.sd,
            multipv: self.multipv,
            skill: Skill::at(self.skill_level, 0),
            ..Limits::default()
        };
        if let Some(st) = self.st {
            limits.movetime = Some(st);
        } else if let Some((mps, _base, inc)) = self.level {
            let own = Duration::from_millis(self.own_cs.unwrap_or(0).saturating_mul(10));
            let played = self.game.pos.move_number().saturating_sub(1) / 2;
            limits.clock = Some(Clock {
                time: own,
                increment: inc,
                byoyomi: Duration::ZERO,
                moves_to_go: (mps > 0).then(|| mps - played % mps),
            });
        } else if let Some(cs) = self.own_cs {
            limits.clock = Some(Clock {
                time: Duration::from_millis(cs.saturating_mul(10)),
                ..Clock::default()
            });
        } else if self.sd.is_none() {
            limits.movetime = Some(Duration::from_secs(5));
        }
        let sink = self.sink(false);
        self.thinking = true;
        self.search.start(&self.game.pos, limits, sink, false);
    }

    fn analyse(&mut self) {
        let limits = Limits {
            infinite: true,
            multipv: self.multipv,
            ..Limits::default()
        };
        let sink = self.sink(true);
        self.thinking = false;
        self.search.start(&self.game.pos, limits, sink, true);
    }

    /// The engine's search ended: play its move.
    fn done(&mut self, r: SearchResult) {
        if !self.thinking {
            return;
        }
        self.thinking = false;
        match r.best {
            None => {
                self.out.line("resign");
                self.over = true;
            }
            Some(mv) => {
                let text = move_text(mv, self.side());
                self.game.pos.make(mv);
                self.out.line(&format!("move {text}"));
                self.report_end();
            }
        }
    }

    fn take_back(&mut self, plies: usize) {
        let was_analyzing = self.analyzing;
        if self.thinking {
            self.halt();
        } else {
            self.search.stop();
        }
        if self.game.pos.ply() < plies {
            self.error(
                if plies == 1 { "undo" } else { "remove" },
                "no move to take back",
            );
        } else {
            for _ in 0..plies {
                self.game.pos.unmake();
            }
            self.over = false;
        }
        if was_analyzing {
            self.analyzing = true;
            self.analyse();
        }
    }

    fn setboard(&mut self, fen: &str) {
        let was_analyzing = self.analyzing;
        self.halt();
        let sfen = if notation::is_chess_fen(fen) || fen.split_whitespace().count() <= 2 {
            notation::fen_to_sfen(fen)
        } else {
            Ok(fen.to_string())
        };
        match sfen.and_then(|s| {
            Position::from_sfen(Variant::Chu, self.game.rules(), &s).map_err(|e| e.to_string())
        }) {
            Ok(pos) => {
                self.game.pos = pos;
                self.over = false;
            }
            Err(e) => {
                self.out.line("tellusererror Illegal position");
                self.error("bad FEN", &e);
            }
        }
        if was_analyzing {
            self.analyzing = true;
            self.analyse();
        }
    }

    fn lift(&mut self, arg: &str) {
        let side = self.side();
        let Some((sq, _)) = parse_square(arg, side).filter(|(_, n)| *n == arg.len()) else {
            self.error("bad square", &clip(arg));
            return;
        };
        self.lifted = Some(sq);
        let moves = self.moves_from(sq);
        let mut marks = vec![None; side * side];
        for m in &moves {
            let first = m.leg(0);
            let capture = self.game.pos.piece_at(first).is_some();
            if m.leg_count() > 1 && capture {
                // A capture with more to come (double move, igui): the GUI waits for a leg.
                set(&mut marks, first, side, 'C');
            } else {
                let c = if m.promotes() {
                    'M'
                } else if capture {
                    'R'
                } else {
                    'Y'
                };
                set(&mut marks, first, side, c);
            }
        }
        self.out
            .line(&format!("highlight {}", color_fen(&marks, side)));
    }

    /// `put` on a square where a multi-leg move continues: highlight the second legs.
    fn put(&mut self, arg: &str) {
        if !self.show_continuations(arg) {
            self.lifted = None;
        }
    }

    /// `hover` over a square with a piece lifted: if a multi-leg move can continue from
    /// there, show where (the GUI keeps the piece lifted either way).
    fn hover(&mut self, arg: &str) {
        self.show_continuations(arg);
    }

    /// Highlights the second legs of the lifted piece's moves whose first leg is `arg`;
    /// whether there were any.
    fn show_continuations(&mut self, arg: &str) -> bool {
        let side = self.side();
        let (Some(from), Some((mid, _))) =
            (self.lifted, parse_square(arg.trim_end_matches(','), side))
        else {
            return false;
        };
        let moves = self.moves_from(from);
        let cont: Vec<&Move> = moves
            .iter()
            .filter(|m| m.leg_count() > 1 && m.leg(0) == mid)
            .collect();
        if cont.is_empty() {
            return false;
        }
        let mut marks = vec![None; side * side];
        for m in moves.iter().filter(|m| m.leg_count() == 1 && m.to() == mid) {
            let c = if self.game.pos.piece_at(mid).is_some() {
                'R'
            } else {
                'Y'
            };
            set(&mut marks, m.to(), side, c);
        }
        for m in cont {
            let c = if m.to() != m.from() && self.game.pos.piece_at(m.to()).is_some() {
                'R'
            } else {
                'Y'
            };
            set(&mut marks, m.to(), side, c);
        }
        self.out
            .line(&format!("highlight {}", color_fen(&marks, side)));
        true
    }

    fn moves_from(&mut self, sq: Square) -> Vec<Move> {
        let mut moves = Vec::new();
        if self
            .game
            .pos
            .piece_at(sq)
            .is_some_and(|p| p.color() == self.game.pos.side_to_move())
        {
            movegen::generate_from(&self.game.pos, sq, &mut moves);
            moves.retain(|&m| self.game.pos.allowed_in_game(m));
        }
        moves
    }
}

fn set(marks: &mut [Option<char>], sq: Square, side: usize, c: char) {
    let i = sq.rank() * side + (side - 1 - sq.file());
    if marks[i].is_none() || c == 'C' {
        marks[i] = Some(c);
    }
}

/// The board-shaped colour string of `highlight` (top rank first, files a→l).
fn color_fen(marks: &[Option<char>], side: usize) -> String {
    let mut s = String::new();
    for r in 0..side {
        if r > 0 {
            s.push('/');
        }
        let mut empty = 0;
        for f in 0..side {
            match marks[r * side + f] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
    }
    s
}

/// A `time`/`otim` value: whole centiseconds; past `u64` the largest (a clock that long), a
/// negative one (a clock already run out) zero.
fn centiseconds(text: &str) -> Option<u64> {
    if let Ok(v) = text.parse::<i64>() {
        return Some(v.max(0) as u64);
    }
    let digits = text.strip_prefix('+').unwrap_or(text);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Some(digits.parse().unwrap_or(u64::MAX));
    }
    text.strip_prefix('-')
        .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        .map(|_| 0)
}

/// `level MPS BASE INC`: BASE in minutes or `min:sec`, INC in seconds.
fn parse_level(args: &[&str]) -> Result<(u32, Duration, Duration), String> {
    if args.len() != 3 {
        return Err("expected 'level MPS BASE INC'".into());
    }
    let mps: u32 = args[0]
        .parse()
        .map_err(|_| format!("MPS '{}'", clip(args[0])))?;
    let base = match args[1].split_once(':') {
        Some((m, s)) => {
            let m: u64 = m.parse().map_err(|_| format!("BASE '{}'", clip(args[1])))?;
            let s: u64 = s.parse().map_err(|_| format!("BASE '{}'", clip(args[1])))?;
            Duration::from_secs(m.min(1_000_000) * 60 + s.min(59))
        }
        None => {
            let m: f64 = args[1]
                .parse()
                .map_err(|_| format!("BASE '{}'", clip(args[1])))?;
            if !(0.0..1e6).contains(&m) {
                return Err(format!("BASE '{}'", clip(args[1])));
            }
            Duration::from_secs_f64(m * 60.0)
        }
    };
    let inc: f64 = args[2]
        .parse()
        .map_err(|_| format!("INC '{}'", clip(args[2])))?;
    if !(0.0..1e6).contains(&inc) {
        return Err(format!("INC '{}'", clip(args[2])));
    }
    Ok((mps, base, Duration::from_secs_f64(inc)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_parses() {
        let (m, b, i) = parse_level(&["40", "5", "0"]).unwrap();
        assert_eq!((m, b, i), (40, Duration::from_secs(300), Duration::ZERO));
        let (_, b, i) = parse_level(&["0", "2:30", "1.5"]).unwrap();
        assert_eq!(b, Duration::from_secs(150));
        assert_eq!(i, Duration::from_millis(1500));
        assert!(parse_level(&["x", "1", "1"]).is_err());
    }

    #[test]
    fn colour_fen_shape() {
        let mut marks = vec![None; 144];
        set(&mut marks, Square::new(0, 0), 12, 'Y');
        assert_eq!(
            color_fen(&marks, 12),
            "11Y/12/12/12/12/12/12/12/12/12/12/12"
        );
    }
}
