//! One game between two engines, refereed by the rules code: every move is checked with
//! `Position::parse_move` and `allowed_in_game`, and the game ends by `Position::outcome`, the
//! maximum length, or a ruling against an engine.

use crate::matches::adjudication::Adjudication;
use crate::matches::engine::{Clocks, EngineSpec, Fault, Limit, Player, Reply};
use crate::matches::score::Score;
use crate::rules::outcome::GameResult;
use crate::rules::{Color, Move, Position, Variant};
use std::time::{Duration, Instant};

/// How a game ended, from the arbiter's point of view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Verdict {
    /// `0` won.
    Win(Color),
    /// Draw.
    Draw,
    /// The two sides' rule readings disagreed: not scored.
    Dispute,
}

/// The ply limit of a match that names none (`--max-plies`): 1 000 in chu; 3 000 in dai dai,
/// where more than half of the games between engines of today's depth that end do so after
/// ply 1 000, so that a shorter limit draws games still being played out (docs/match.md,
/// "Dai dai's length").
pub fn default_max_plies(variant: Variant) -> usize {
    match variant {
        Variant::Chu => 1000,
        Variant::DaiDai => 3000,
    }
}

/// Settings shared by every game of a match.
#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Move limit of the engines that have no clock of their own (`EngineSpec::clock`).
    pub limit: Limit,
    /// Plies after which the game is drawn.
    pub max_plies: usize,
    /// When both engines' scores end a game as a win (`--adjudicate`); none: never.
    pub adjudication: Option<Adjudication>,
    /// Grace on top of the clock before a time forfeit.
    pub time_margin: Duration,
    /// How long to wait for a move under depth/nodes limits, and for a handshake.
    pub stall_timeout: Duration,
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number in the match.
    pub number: usize,
    /// Engine indices: [black, white].
    pub players: [usize; 2],
    /// Engine names: [black, white].
    pub names: [String; 2],
    /// Opening id (empty for the start position).
    pub opening: String,
    /// Start position.
    pub start_sfen: String,
    /// Moves played, in our notation.
    pub moves: Vec<String>,
    /// Each engine's control: [black, white].
    pub controls: [Limit; 2],
    /// Per move, the mover's clock after it (increment included), in ms; empty without a
    /// clock.
    pub clock_left: Vec<u64>,
    /// Per move, the score the mover reported while thinking on it, if it reported one.
    pub scores: Vec<Option<Score>>,
    /// Result.
    pub verdict: Verdict,
    /// Why the game ended, one line.
    pub reason: String,
    /// The game was lost by an engine that broke rather than by play at the board: it failed
    /// to start, crashed, stalled without a clock, wrote something that is no move, or
    /// flooded its output past the budget of a move.
    pub broken: bool,
    /// Final position.
    pub final_sfen: String,
}

/// What every record of a match says about the match: written into each game's tags.
#[derive(Clone, Debug)]
pub struct RecordTags {
    /// `Variant`.
    pub variant: String,
    /// `Rules`.
    pub rules: String,
    /// `First`: the first engine named, whose results against the rest the summary line and
    /// the SPRT judge.
    pub first: String,
    /// `SPRT`: the test's parameters (`elo0=0 elo1=5 alpha=0.05 beta=0.05`), if any.
    pub sprt: Option<String>,
}

/// How the `Reason` of a game drawn at the length limit begins (`shishi summary` reads it).
pub const LENGTH_LIMIT: &str = "maximum game length";
/// How the `Reason` of an adjudicated game begins (`shishi summary` reads it).
pub const ADJUDICATED: &str = "adjudicated";

/// The `Reason` of an adjudicated game.
pub fn adjudicated_reason(winner: Color, rule: &Adjudication) -> String {
    format!(
        "{ADJUDICATED}: both engines scored {} ahead by at least {} for {} plies",
        color_name(winner),
        rule.score,
        rule.plies
    )
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// Plays one game. `engines` are [black, white].
pub fn play(
    number: usize,
    engines: [(usize, &EngineSpec); 2],
    start: &Position,
    opening: &str,
    settings: &GameSettings,
) -> GameRecord {
    let mut record = GameRecord {
        number,
        players: [engines[0].0, engines[1].0],
        names: [engines[0].1.name.clone(), engines[1].1.name.clone()],
        opening: opening.to_string(),
        start_sfen: start.to_sfen(),
        moves: Vec::new(),
        controls: [0, 1].map(|i| engines[i].1.clock.unwrap_or(settings.limit)),
        clock_left: Vec::new(),
        scores: Vec::new(),
        verdict: Verdict::Draw,
        reason: String::new(),
        broken: false,
        final_sfen: String::new(),
    };
    // Start both engines; one that cannot start loses (or disputes, for engines with their own
    // rule reading, which may refuse a set-up position).
    let mut players: Vec<Player> = Vec::with_capacity(2);
    for (i, &(_, spec)) in engines.iter().enumerate() {
        let color = if i == 0 { Color::Black } else { Color::White };
        match Player::start(spec, start, record.controls[i], settings.stall_timeout) {
            Ok(p) => players.push(p),
            Err(e) => {
                record.verdict = if spec.disputes {
                    Verdict::Dispute
                } else {
                    record.broken = true;
                    Verdict::Win(color.flip())
                };
                record.reason =
                    format!("{} ({}) failed to start: {e}", spec.name, color_name(color));
                for p in players {
                    p.finish(None);
                }
                record.final_sfen = record.start_sfen.clone();
                return record;
            }
        }
    }
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let limits = record.controls;
    let clock_part = |f: fn(Limit) -> u64| limits.map(f);
    let mut left = clock_part(|l| match l {
        Limit::Clock { base_ms, .. } => base_ms,
        _ => 0,
    });
    let inc = clock_part(|l| match l {
        Limit::Clock { inc_ms, .. } => inc_ms,
        _ => 0,
    });
    let byoyomi = clock_part(|l| match l {
        Limit::Clock { byoyomi_ms, .. } => byoyomi_ms,
        _ => 0,
    });
    let (verdict, reason) = loop {
        if let Some(result) = pos.outcome() {
            break match result {
                GameResult::Win(c, r) => (Verdict::Win(c), r.text().to_string()),
                GameResult::Draw(r) => (Verdict::Draw, r.text().to_string()),
            };
        }
        // After the rules, before the length limit: a game the rules end is theirs.
        if let Some(rule) = settings.adjudication
            && let Some(winner) = rule.winner(&record.scores, pos.side_to_move().flip())
        {
            break (Verdict::Win(winner), adjudicated_reason(winner, &rule));
        }
        if moves.len() >= settings.max_plies {
            break (
                Verdict::Draw,
                format!("{LENGTH_LIMIT} ({} plies)", settings.max_plies),
            );
        }
        let us = pos.side_to_move();
        let me = us.index();
        let name = players[me].spec.name.clone();
        let who = format!("{name} ({})", color_name(us));
        let lose = |why: String| (Verdict::Win(us.flip()), format!("{who} {why}"));
        let limit = limits[me];
        let allowed = match limit {
            Limit::Clock { byoyomi_ms, .. } => Duration::from_millis(left[me] + byoyomi_ms),
            _ => settings.stall_timeout,
        };
        let began = Instant::now();
        let deadline = began + allowed + settings.time_margin;
        let reply = players[me].think(
            &pos,
            &moves,
            start,
            limit,
            Clocks { left, inc, byoyomi },
            deadline,
        );
        let spent = began.elapsed();
        let disputes = players[me].spec.disputes;
        record.broken = match &reply {
            Err(Fault::Crash) => true,
            Err(Fault::Timeout) => !matches!(limit, Limit::Clock { .. }),
            Err(Fault::Garbage(_)) => !disputes,
            Err(Fault::Flood(_)) => true,
            _ => false,
        };
        let text = match reply {
            Err(Fault::Crash) => break lose("crashed (closed its output)".into()),
            Err(Fault::Timeout) => {
                break lose(match limit {
                    Limit::Clock { .. } => "lost on time (no move before its clock ran out)".into(),
                    _ => format!(
                        "stalled (no move in {} s)",
                        settings.stall_timeout.as_secs_f64()
                    ),
                });
            }
            Err(Fault::Flood(w)) => break lose(format!("flooded its output ({w})")),
            Err(Fault::Garbage(g)) => {
                if disputes {
                    break (Verdict::Dispute, format!("{who}: {g}"));
                }
                break lose(format!("sent garbage: {g}"));
            }
            Ok(Reply::Resign) => break lose("resigned".into()),
            Ok(Reply::Claim(Some(winner), text)) if winner != us => {
                break lose(format!("resigned ({text})"));
            }
            Ok(Reply::Claim(winner, text)) => {
                // A claimed win is accepted when our rules confirm it: the opponent's last
                // royal can be taken at once (mate by chu.md §7). Anything else is a
                // disagreement of rule readings.
                let them = us.flip();
                let confirmed =
                    winner.is_some() && pos.royal_count(them) == 1 && pos.in_check(them);
                if confirmed {
                    break (
                        Verdict::Win(us),
                        format!(
                            "{who} claimed the win ({text}): its opponent's last royal is attacked"
                        ),
                    );
                }
                if disputes {
                    break (Verdict::Dispute, format!("{who} claimed a result: {text}"));
                }
                break lose(format!("claimed a result the arbiter does not see: {text}"));
            }
            Ok(Reply::Refused(why)) => {
                if disputes {
                    break (Verdict::Dispute, format!("{who} {why}"));
                }
                break lose(why);
            }
            Ok(Reply::Move(t)) => t,
        };
        if let Limit::Clock { inc_ms, .. } = limit {
            if spent > allowed + settings.time_margin {
                break lose(format!("lost on time ({} ms)", spent.as_millis()));
            }
            let spent_ms = spent.as_millis() as u64;
            let main = left[me].saturating_sub(spent_ms);
            // Byoyomi: the main time is spent first; once it is gone, each move gets the
            // byoyomi period afresh (the allowance above).
            left[me] = main + inc_ms;
        }
        let mv = match pos.parse_move(&text) {
            Ok(m) => m,
            Err(e) => {
                let clean: String = text.chars().filter(|c| !c.is_control()).take(60).collect();
                let syntax = matches!(e, crate::rules::notation::MoveError::Text(_));
                if disputes && !syntax {
                    break (
                        Verdict::Dispute,
                        format!("{who} played {clean}, illegal here: {e}"),
                    );
                }
                record.broken = syntax;
                break lose(if syntax {
                    format!("sent garbage instead of a move: '{clean}'")
                } else {
                    format!("played an illegal move: {e}")
                });
            }
        };
        if !pos.allowed_in_game(mv) {
            if disputes {
                break (
                    Verdict::Dispute,
                    format!("{who} repeated a position ({mv})"),
                );
            }
            break lose(format!("played an illegal move: {mv} repeats a position"));
        }
        pos.make(mv);
        moves.push(mv);
        record.moves.push(mv.text());
        record.scores.push(players[me].last_score);
        if let Limit::Clock { .. } = limit {
            record.clock_left.push(left[me]);
        }
    };
    record.verdict = verdict;
    record.reason = reason;
    record.final_sfen = pos.to_sfen();
    for (i, p) in players.into_iter().enumerate() {
        let c = if i == 0 { Color::Black } else { Color::White };
        let score = match verdict {
            Verdict::Win(w) if w == c => Some(1.0),
            Verdict::Win(_) => Some(0.0),
            Verdict::Draw => Some(0.5),
            Verdict::Dispute => None,
        };
        p.finish(score);
    }
    record
}

impl GameRecord {
    /// The result token: `1-0` Black won, `0-1` White won, `1/2-1/2`, `*` dispute.
    pub fn result_token(&self) -> &'static str {
        match self.verdict {
            Verdict::Win(Color::Black) => "1-0",
            Verdict::Win(Color::White) => "0-1",
            Verdict::Draw => "1/2-1/2",
            Verdict::Dispute => "*",
        }
    }

    /// The game in the record format of docs/match.md.
    pub fn to_text(&self, match_tags: &RecordTags) -> String {
        let mut s = String::new();
        let tag = |s: &mut String, k: &str, v: &str| {
            s.push_str(&format!("[{k} \"{}\"]\n", v.replace('"', "'")));
        };
        tag(&mut s, "Event", "shishi match");
        tag(&mut s, "Game", &self.number.to_string());
        tag(&mut s, "Variant", &match_tags.variant);
        tag(&mut s, "Rules", &match_tags.rules);
        tag(&mut s, "Black", &self.names[0]);
        tag(&mut s, "White", &self.names[1]);
        tag(&mut s, "Opening", &self.opening);
        tag(&mut s, "SFEN", &self.start_sfen);
        let [black, white] = self.controls;
        if black == white {
            tag(&mut s, "TimeControl", &black.to_string());
        } else {
            tag(&mut s, "BlackTimeControl", &black.to_string());
            tag(&mut s, "WhiteTimeControl", &white.to_string());
        }
        tag(&mut s, "First", &match_tags.first);
        if let Some(p) = &match_tags.sprt {
            tag(&mut s, "SPRT", p);
        }
        tag(&mut s, "Result", self.result_token());
        tag(&mut s, "Reason", &self.reason);
        if self.broken {
            tag(&mut s, "Broken", "yes");
        }
        tag(&mut s, "Plies", &self.moves.len().to_string());
        tag(&mut s, "FinalSFEN", &self.final_sfen);
        if !self.clock_left.is_empty() {
            let ms: Vec<String> = self.clock_left.iter().map(|t| t.to_string()).collect();
            tag(&mut s, "Clocks", &ms.join(" "));
        }
        if self.scores.iter().any(Option::is_some) {
            let scores: Vec<String> = self
                .scores
                .iter()
                .map(|x| x.map_or("-".to_string(), |x| x.to_string()))
                .collect();
            tag(&mut s, "Scores", &scores.join(" "));
        }
        s.push('\n');
        let mut line = String::new();
        for (i, m) in self.moves.iter().enumerate() {
            let piece = if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m.clone()
            };
            if line.len() + piece.len() + 1 > 80 {
                s.push_str(line.trim_end());
                s.push('\n');
                line.clear();
            }
            line.push_str(&piece);
            line.push(' ');
        }
        line.push_str(self.result_token());
        s.push_str(&line);
        s.push_str("\n\n");
        s
    }
}
