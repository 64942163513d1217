//! `shishi match`: engine-vs-engine matches for chu and dai dai shogi (docs/match.md).
//!
//! - [`process`]: an engine process with a reader thread, so reads can time out;
//! - [`engine`]: `--engine` specs and the USI, UCI and XBoard adapters;
//! - [`xboard`]: XBoard's chu notation and HaChu's `setboard`;
//! - [`game`]: one game refereed by the rules code, and its record;
//! - [`adjudication`]: ending a game both engines agree is won (`--adjudicate`);
//! - [`record`]: reading record files back (`shishi summary`, `shishi analyse`);
//! - [`score`]: the scores engines report while thinking, for the records;
//! - [`stats`]: Elo, error margin, LOS and SPRT (pure);
//! - [`summary`]: the match result of merged records, clock and conversion figures
//!   (`shishi summary`);
//! - this module: the schedule (each opening with both colours) and its shards
//!   (`--shard K/N`), the worker threads, live progress on stderr and the final cross table.

pub mod adjudication;
pub mod engine;
pub mod game;
pub mod process;
pub mod record;
pub mod score;
pub mod stats;
pub mod summary;
pub mod xboard;

use crate::perft::suite::read_suite;
use crate::rules::{Color, Position, RuleSet, Variant};
use engine::EngineSpec;
use game::{GameRecord, GameSettings, RecordTags, Verdict};
use stats::{SprtParams, SprtState, Wdl};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

/// `value` within `range`, or the error naming `flag`, the value and the range: the one
/// check of a numeric match setting (`shishi match`'s counts, `--adjudicate` of `match` and
/// `summary`), so every such error line reads alike.
pub fn in_range<T: PartialOrd + std::fmt::Display>(
    flag: &str,
    value: T,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, String> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(format!(
            "{flag} {value} is out of range ({}..={})",
            range.start(),
            range.end()
        ))
    }
}

/// A whole match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Two or more engines.
    pub engines: Vec<EngineSpec>,
    /// The game.
    pub variant: Variant,
    /// The chu rule set the arbiter applies.
    pub rules: RuleSet,
    /// Games per pairing.
    pub games: usize,
    /// Per-game settings.
    pub settings: GameSettings,
    /// Games played at once.
    pub concurrency: usize,
    /// Opening positions (id, SFEN); empty = the start position.
    pub openings: Vec<(String, String)>,
    /// Only the first engine against each other one (otherwise every pair).
    pub gauntlet: bool,
    /// Stop early when the test decides (first engine against the rest).
    pub sprt: Option<SprtParams>,
    /// Where to append game records.
    pub out: Option<String>,
    /// Files the match read (its openings): `out` may not be one of them.
    pub inputs: Vec<String>,
    /// Only this slice of the schedule: shard `k` of `n` (1-based), see [`shard_range`].
    pub shard: Option<(usize, usize)>,
}

/// Reads an opening file (perft-suites line format; counts optional) for `variant`, keeping
/// the positions that parse under `rules`.
pub fn read_openings(
    path: &str,
    variant: Variant,
    rules: RuleSet,
) -> Result<Vec<(String, String)>, String> {
    let entries = read_suite(std::path::Path::new(path))?;
    let mut out = Vec::new();
    for e in entries.into_iter().filter(|e| e.variant == variant) {
        let pos = Position::from_sfen(variant, rules, &e.sfen)
            .map_err(|err| format!("{path} line {}: {err}", e.line))?;
        let id = if e.id.is_empty() {
            format!("line{}", e.line)
        } else {
            e.id
        };
        out.push((id, pos.to_sfen()));
    }
    if out.is_empty() {
        return Err(format!("{path}: no {} openings", variant.name()));
    }
    Ok(out)
}

/// One scheduled game.
#[derive(Clone, Debug)]
struct Job {
    number: usize,
    black: usize,
    white: usize,
    opening: usize,
}

/// The games of a match of `engines` engines, `games` per pairing, over `openings` openings
/// (in turn, each twice).
fn schedule(engines: usize, gauntlet: bool, games: usize, openings: usize) -> Vec<Job> {
    let mut pairs = Vec::new();
    for a in 0..engines {
        for b in a + 1..engines {
            if !gauntlet || a == 0 {
                pairs.push((a, b));
            }
        }
    }
    let openings = openings.max(1);
    let mut jobs = Vec::new();
    // Interleave the pairings so that a stopped match has played each about equally. Each
    // opening is played twice in a row, colours swapped; which engine has Black in the first
    // of the two alternates from opening to opening, so that each engine plays each colour
    // in odd- and in even-numbered games alike. Two games at a time start as such a pair
    // and run side by side, and in dai dai at 2 s + 0.02 s the engine that always had Black
    // in the second of them and White in the first won 2 of every 3 decisive games against
    // an identical binary (docs/match.md, "Fair schedule").
    for k in 0..games {
        for &(a, b) in &pairs {
            let a_black = (k % 2 == 0) == ((k / 2) % 2 == 0);
            let (black, white) = if a_black { (a, b) } else { (b, a) };
            jobs.push(Job {
                number: jobs.len() + 1,
                black,
                white,
                opening: (k / 2) % openings,
            });
        }
    }
    jobs
}

/// The games of shard `k` of `n` (1-based) among `total` scheduled games of a match with
/// `pairs` pairings: whole blocks of `2 × pairs` games (every pairing, each opening with both
/// colours), split as evenly as the blocks allow, in schedule order. The shards of one `n`
/// hold every game exactly once; a shard may hold none when there are fewer blocks than
/// shards.
pub fn shard_range(total: usize, pairs: usize, k: usize, n: usize) -> std::ops::Range<usize> {
    let block = 2 * pairs.max(1);
    let blocks = total.div_ceil(block);
    let at = |i: usize| (i * blocks / n * block).min(total);
    at(k - 1)..at(k)
}

/// The pairings of a match: every pair of engines, or the first engine with each other one.
fn pairings(engines: usize, gauntlet: bool) -> usize {
    if gauntlet {
        engines.saturating_sub(1)
    } else {
        engines * engines.saturating_sub(1) / 2
    }
}

/// Score table: `table[a][b]` = a's results against b.
pub struct Table {
    /// Engine names.
    pub names: Vec<String>,
    /// Results per ordered pair.
    pub results: Vec<Vec<Wdl>>,
    /// Disputed games.
    pub disputes: usize,
    /// Per engine, the games it lost by breaking (failed start, crash, stall, output that is
    /// no move) rather than at the board: counted in its losses, and shown apart.
    pub broken: Vec<usize>,
    /// Games finished.
    pub played: usize,
}

impl Table {
    /// An empty table of these engines.
    pub fn new(names: Vec<String>) -> Table {
        let n = names.len();
        Table {
            names,
            results: vec![vec![Wdl::default(); n]; n],
            disputes: 0,
            broken: vec![0; n],
            played: 0,
        }
    }

    fn add(&mut self, g: &GameRecord) {
        self.add_result(g.players, g.verdict, g.broken);
    }

    /// Adds one game: the engines' indices [black, white], its verdict, and whether it was
    /// lost by a broken engine.
    pub fn add_result(&mut self, players: [usize; 2], verdict: Verdict, broken: bool) {
        self.played += 1;
        let [b, w] = players;
        match verdict {
            Verdict::Dispute => self.disputes += 1,
            Verdict::Draw => {
                self.results[b][w].draws += 1;
                self.results[w][b].draws += 1;
            }
            Verdict::Win(c) => {
                let (win, loss) = if c == Color::Black { (b, w) } else { (w, b) };
                self.results[win][loss].wins += 1;
                self.results[loss][win].losses += 1;
                if broken {
                    self.broken[loss] += 1;
                }
            }
        }
    }

    /// The first engine's results against all the others together.
    pub fn first(&self) -> Wdl {
        let mut t = Wdl::default();
        for r in &self.results[0][1..] {
            t.wins += r.wins;
            t.draws += r.draws;
            t.losses += r.losses;
        }
        t
    }

    /// One line of live progress.
    pub fn progress(&self, total: usize, sprt: Option<&SprtParams>) -> String {
        let r = self.first();
        let (elo, err) = stats::elo_with_error(&r);
        let err = err.map_or("inf".to_string(), |e| format!("{e:.1}"));
        let mut s = format!(
            "games {}/{total}: {} vs rest +{} ={} -{} ({:.1}%), Elo {elo:.1} ± {err}, LOS {:.1}%",
            self.played,
            self.names[0],
            r.wins,
            r.draws,
            r.losses,
            100.0 * r.score(),
            100.0 * stats::los(&r),
        );
        if self.disputes > 0 {
            s.push_str(&format!(", disputes {}", self.disputes));
        }
        if let Some(b) = self.broken_text() {
            s.push_str(&format!(", {b}"));
        }
        if let Some(p) = sprt {
            let (lo, hi) = p.bounds();
            let state = match p.state(&r) {
                SprtState::Continue => "continue",
                SprtState::AcceptH1 => "H1 accepted",
                SprtState::AcceptH0 => "H0 accepted",
            };
            s.push_str(&format!(
                ", SPRT [{}, {}] LLR {:.2} ({lo:.2}, {hi:.2}) {state}",
                p.elo0,
                p.elo1,
                p.llr(&r)
            ));
        }
        s
    }

    /// The cross table: one row per engine, its score against each column; then the first
    /// engine's line, and the losses to a broken engine if any.
    pub fn cross_table(&self) -> String {
        let mut s = self.rows();
        s.push_str(&self.first_line());
        if let Some(b) = self.broken_text() {
            s.push_str(&format!("{b}\n"));
        }
        s
    }

    /// The cross table's rows, with their header.
    pub fn rows(&self) -> String {
        let n = self.names.len();
        let w = self.names.iter().map(|s| s.len()).max().unwrap_or(4).max(6);
        let mut s = format!("{:<w$}", "Engine");
        for (i, _) in self.names.iter().enumerate() {
            s.push_str(&format!(" {:>12}", format!("#{}", i + 1)));
        }
        s.push_str(&format!(" {:>12} {:>7} {:>8}\n", "Score", "%", "Elo"));
        for a in 0..n {
            s.push_str(&format!("{:<w$}", format!("#{} {}", a + 1, self.names[a])));
            let mut tot = Wdl::default();
            for b in 0..n {
                let r = self.results[a][b];
                if a == b {
                    s.push_str(&format!(" {:>12}", "-"));
                } else if r.games() == 0 {
                    s.push_str(&format!(" {:>12}", "."));
                } else {
                    s.push_str(&format!(" {:>12}", format!("{}/{}", r.points(), r.games())));
                }
                tot.wins += r.wins;
                tot.draws += r.draws;
                tot.losses += r.losses;
            }
            let (elo, _) = stats::elo_with_error(&tot);
            s.push_str(&format!(
                " {:>12} {:>7.1} {:>8.1}\n",
                format!("{}/{}", tot.points(), tot.games()),
                100.0 * tot.score(),
                elo
            ));
        }
        s
    }

    /// The first engine's results against the rest: `A: +4 =1 -2, Elo …, LOS …, disputes 0`.
    pub fn first_line(&self) -> String {
        let r = self.first();
        let (elo, err) = stats::elo_with_error(&r);
        format!(
            "{}: +{} ={} -{}, Elo {elo:.1} ± {}, LOS {:.1}%, disputes {}\n",
            self.names[0],
            r.wins,
            r.draws,
            r.losses,
            err.map_or("inf".into(), |e| format!("{e:.1}")),
            100.0 * stats::los(&r),
            self.disputes
        )
    }

    /// Losses to a broken engine, per engine that had any: `None` when every game was decided
    /// at the board.
    pub fn broken_text(&self) -> Option<String> {
        let each: Vec<String> = (0..self.names.len())
            .filter(|&i| self.broken[i] > 0)
            .map(|i| format!("{} {}", self.names[i], self.broken[i]))
            .collect();
        (!each.is_empty()).then(|| {
            format!(
                "games lost to a broken engine, not at the board: {}",
                each.join(", ")
            )
        })
    }
}

/// Runs the match: progress on stderr, records to `cfg.out`; returns the final table.
pub fn run(cfg: &MatchConfig) -> Result<Table, String> {
    if cfg.engines.len() < 2 {
        return Err("a match needs at least two --engine".into());
    }
    let mut out = match &cfg.out {
        Some(p) => {
            let inputs: Vec<&str> = cfg.inputs.iter().map(String::as_str).collect();
            Some(crate::files::Output::append(p, &inputs)?)
        }
        None => None,
    };
    let openings = if cfg.openings.is_empty() {
        vec![(String::new(), cfg.variant.start_sfen().to_string())]
    } else {
        cfg.openings.clone()
    };
    let mut starts = Vec::new();
    for (_, sfen) in &openings {
        starts.push(Position::from_sfen(cfg.variant, cfg.rules, sfen).map_err(|e| e.to_string())?);
    }
    // The game's own start position: an opening an engine refuses is that game's matter
    // (a dispute or a loss), not a reason to play none.
    preflight(cfg, &Position::start(cfg.variant, cfg.rules))?;
    let mut all = schedule(
        cfg.engines.len(),
        cfg.gauntlet,
        cfg.games,
        cfg.openings.len(),
    );
    if let Some((k, n)) = cfg.shard {
        let range = shard_range(all.len(), pairings(cfg.engines.len(), cfg.gauntlet), k, n);
        if range.is_empty() {
            eprintln!(
                "shard {k}/{n}: no games (the {} games of the match make fewer blocks than shards)",
                all.len()
            );
        } else {
            eprintln!(
                "shard {k}/{n}: games {} to {} of {}",
                range.start + 1,
                range.end,
                all.len()
            );
        }
        if cfg.sprt.is_some() {
            eprintln!(
                "shard {k}/{n}: the shard plays all its games; the SPRT is evaluated on the merged records (shishi summary)"
            );
        }
        all = all[range].to_vec();
    }
    let jobs = Arc::new(all);
    let total = jobs.len();
    // Sharded, the SPRT is not this process's to stop: it is judged on all the shards.
    let stop_on_sprt = cfg.shard.is_none();
    let record_tags = RecordTags {
        variant: cfg.variant.name().to_string(),
        rules: cfg.rules.name().to_string(),
        first: cfg.engines[0].name.clone(),
        sprt: cfg.sprt.as_ref().map(|p| p.to_string()),
    };
    let next = Arc::new(AtomicUsize::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<GameRecord>();
    // With time odds every engine's name shows its control.
    let odds = cfg.engines.iter().any(|e| e.clock.is_some());
    let names = cfg.engines.iter().map(|e| {
        if odds {
            format!("{} ({})", e.name, e.clock.unwrap_or(cfg.settings.limit))
        } else {
            e.name.clone()
        }
    });
    let mut table = Table::new(names.collect());
    let mut lost_records = None;
    std::thread::scope(|scope| {
        for _ in 0..cfg.concurrency.max(1).min(total.max(1)) {
            let tx = tx.clone();
            let jobs = Arc::clone(&jobs);
            let next = Arc::clone(&next);
            let stop = Arc::clone(&stop);
            let openings = &openings;
            let starts = &starts;
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let rec = game::play(
                        job.number,
                        [
                            (job.black, &cfg.engines[job.black]),
                            (job.white, &cfg.engines[job.white]),
                        ],
                        &starts[job.opening],
                        &openings[job.opening].0,
                        &cfg.settings,
                    );
                    if tx.send(rec).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for rec in rx {
            table.add(&rec);
            if let (Some(f), Some(path)) = (out.as_mut(), &cfg.out)
                && lost_records.is_none()
                && let Err(e) = f
                    .write_all(rec.to_text(&record_tags).as_bytes())
                    .and_then(|_| f.flush())
            {
                eprintln!("{path}: {e}: stopping the match after the games in progress");
                lost_records = Some(format!(
                    "{path}: {e} (game {} was not recorded)",
                    rec.number
                ));
                stop.store(true, Ordering::Relaxed);
            }
            eprintln!(
                "game {} {} vs {}: {} ({}, {} plies)",
                rec.number,
                rec.names[0],
                rec.names[1],
                rec.result_token(),
                rec.reason,
                rec.moves.len()
            );
            eprintln!("{}", table.progress(total, cfg.sprt.as_ref()));
            if let Some(p) = &cfg.sprt
                && stop_on_sprt
                && p.state(&table.first()) != SprtState::Continue
                && !stop.swap(true, Ordering::Relaxed)
            {
                eprintln!("SPRT decided: finishing the games in progress");
            }
        }
    });
    match lost_records {
        Some(e) => {
            // The games played are shown; the error stays one line, the last.
            eprint!("{}", table.cross_table());
            Err(e)
        }
        None => Ok(table),
    }
}

/// Starts each engine once, through its handshake (the variant, the rule set, its options),
/// and ends it, before any game: an engine that cannot play stops the match here with its
/// own words, instead of losing every game of it.
fn preflight(cfg: &MatchConfig, start: &Position) -> Result<(), String> {
    for spec in &cfg.engines {
        let limit = spec.clock.unwrap_or(cfg.settings.limit);
        match engine::Player::start(spec, start, limit, cfg.settings.stall_timeout) {
            Ok(p) => p.finish(None),
            Err(e) => {
                return Err(format!(
                    "engine {} cannot play: {e}; no game was played",
                    spec.name
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each opening twice in a row with the colours swapped, and each engine with Black in as
    /// many odd- as even-numbered games: two games at a time start in such pairs, and which
    /// of the two an engine has Black in must not follow the order the engines were named in.
    #[test]
    fn the_schedule_gives_each_engine_each_colour_in_odd_and_even_games_alike() {
        let jobs = schedule(2, false, 100, 50);
        assert_eq!(jobs.len(), 100);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(
                (pair[0].black, pair[0].white),
                (pair[1].white, pair[1].black)
            );
        }
        for engine in 0..2 {
            for parity in 0..2 {
                let black = jobs
                    .iter()
                    .filter(|j| j.number % 2 == parity && j.black == engine)
                    .count();
                assert_eq!(black, 25, "engine {engine}, game number parity {parity}");
            }
        }
        // The first four games in order: A-B, B-A, B-A, A-B (Black first).
        let colours: Vec<_> = jobs[..4].iter().map(|j| (j.black, j.white)).collect();
        assert_eq!(colours, [(0, 1), (1, 0), (1, 0), (0, 1)]);
        assert_eq!(
            jobs[..4].iter().map(|j| j.number).collect::<Vec<_>>(),
            [1, 2, 3, 4]
        );
        // A round robin of three: every pairing, each game once per opening and colour.
        let three = schedule(3, false, 4, 2);
        assert_eq!(three.len(), 12);
        for (a, b) in [(0, 1), (0, 2), (1, 2)] {
            let games: Vec<_> = three
                .iter()
                .filter(|j| (j.black, j.white) == (a, b) || (j.black, j.white) == (b, a))
                .collect();
            assert_eq!(games.len(), 4);
            assert_eq!(games.iter().filter(|j| j.black == a).count(), 2);
        }
        assert_eq!(schedule(3, true, 2, 1).len(), 4);
    }

    /// The shards of a match hold each of its games once, in schedule order, in whole blocks
    /// of every pairing with both colours of an opening.
    #[test]
    fn shards_split_the_schedule_in_whole_blocks() {
        for (engines, gauntlet, games) in
            [(2, false, 7), (3, false, 10), (4, true, 5), (2, false, 1)]
        {
            let total = schedule(engines, gauntlet, games, 3).len();
            let pairs = pairings(engines, gauntlet);
            for n in 1..=12 {
                let mut next = 0;
                for k in 1..=n {
                    let r = shard_range(total, pairs, k, n);
                    assert_eq!(r.start, next, "{engines} {games} {k}/{n}");
                    assert!(r.start.is_multiple_of(2 * pairs) || r.is_empty());
                    next = r.end;
                }
                assert_eq!(next, total, "{engines} {games} n={n}");
            }
        }
        // Two engines, 10 games: five blocks of two; four shards get 2, 2, 2 and 4 games.
        let sizes: Vec<_> = (1..=4).map(|k| shard_range(10, 1, k, 4).len()).collect();
        assert_eq!(sizes, [2, 2, 2, 4]);
    }

    /// Every shipped opening file loads under each rule set a match may use, with its positions
    /// distinct and Black to move (each opening is played once with each colour).
    #[test]
    fn shipped_opening_files_load_under_every_rule_set() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/openings");
        for (file, variant, least) in [
            ("chu.epd", Variant::Chu, 16),
            ("chu-hachu.epd", Variant::Chu, 100),
            ("daidai.epd", Variant::DaiDai, 12),
            ("daidai-symmetric.epd", Variant::DaiDai, 100),
        ] {
            for rules in [RuleSet::Seed, RuleSet::Lishogi] {
                let path = format!("{dir}/{file}");
                let lines = read_openings(&path, variant, rules).unwrap();
                assert!(lines.len() >= least, "{file}: {} lines", lines.len());
                let distinct: std::collections::HashSet<_> =
                    lines.iter().map(|(_, s)| s.clone()).collect();
                assert_eq!(distinct.len(), lines.len(), "{file}");
                for (id, sfen) in &lines {
                    let pos = Position::from_sfen(variant, rules, sfen).unwrap();
                    assert_eq!(pos.side_to_move(), Color::Black, "{file} {id}");
                }
            }
        }
    }
}
