//! Training data from self-play (`shishi datagen`, docs/training.md): games played by the
//! engine's own search on a fixed node budget, each kept position written with its score and
//! the game's result in the versioned text format of [`format`].
//!
//! Why this shape:
//! - **Reproducible.** Game `k` of a run takes its random plies from a seed mixed from the
//!   run's seed and `k`, and starts on an emptied table; node budgets do not depend on the
//!   machine. Games are written in game order whatever thread finished first, so the same
//!   command gives the same file on any machine with any number of threads.
//! - **Shards are processes.** One run writes one file; many machines run many seeds (a
//!   batch scheduler's array index as `--seed`) and the trainer reads all the files. There is
//!   no cluster code to keep.

pub mod format;
pub mod selfplay;

use crate::search::Searcher;
use format::{Header, Sample};
use selfplay::{GameSettings, splitmix};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};

/// A run of `shishi datagen`.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// How each game is played.
    pub game: GameSettings,
    /// The run's seed (the shard's identity).
    pub seed: u64,
    /// Games to play.
    pub games: u64,
    /// Games played at once, one search thread each.
    pub threads: usize,
    /// Table size per game thread, in MB.
    pub hash_mb: usize,
    /// Start no game after this long (the games under way finish); `None`: no limit.
    pub time_limit: Option<Duration>,
}

/// Progress of a run, for a progress line.
#[derive(Copy, Clone, Debug, Default)]
pub struct Progress {
    /// Games written.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Games Black won, drawn, White won.
    pub results: [u64; 3],
}

/// Plays the run and writes its shard to `out`; `report` sees the progress after each game
/// written. Returns the final progress.
pub fn run(
    settings: &RunSettings,
    out: &mut dyn Write,
    report: &mut dyn FnMut(&Progress),
) -> Result<Progress, String> {
    let header = Header {
        variant: settings.game.variant,
        rules: settings.game.rules,
        nodes: settings.game.nodes,
        seed: settings.seed,
    };
    let write_err = |e: std::io::Error| format!("cannot write the data: {e}");
    writeln!(out, "{}", header.line()).map_err(write_err)?;
    let next_game = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let first_error = Mutex::new(None::<String>);
    let started = Instant::now();
    let (tx, rx) = mpsc::channel::<(u64, Vec<Sample>, i8)>();
    let mut progress = Progress::default();
    std::thread::scope(|scope| {
        for _ in 0..settings.threads {
            let tx = tx.clone();
            let (next_game, stop, first_error) = (&next_game, &stop, &first_error);
            scope.spawn(move || {
                let mut searcher = match Searcher::new(settings.hash_mb, 1) {
                    Ok(s) => s,
                    Err(e) => {
                        first_error.lock().unwrap().get_or_insert(e);
                        stop.store(true, Relaxed);
                        return;
                    }
                };
                loop {
                    let timed_out = settings.time_limit.is_some_and(|t| started.elapsed() >= t);
                    if stop.load(Relaxed) || timed_out {
                        return;
                    }
                    let k = next_game.fetch_add(1, Relaxed);
                    if k >= settings.games {
                        return;
                    }
                    let mut seed = settings.seed ^ k.wrapping_mul(0x2545_f491_4f6c_dd1d);
                    let seed = splitmix(&mut seed);
                    let game = selfplay::play(&mut searcher, &settings.game, k, seed);
                    if tx.send((k, game.samples, game.black_result)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Games arrive in any order; they are written in game order.
        let mut waiting = BTreeMap::new();
        let mut next_to_write = 0;
        for (k, samples, black_result) in rx {
            waiting.insert(k, (samples, black_result));
            while let Some((samples, black_result)) = waiting.remove(&next_to_write) {
                next_to_write += 1;
                if let Err(e) = write_game(out, &samples, &header) {
                    first_error.lock().unwrap().get_or_insert(e);
                    stop.store(true, Relaxed);
                    continue;
                }
                progress.games += 1;
                progress.positions += samples.len() as u64;
                progress.results[(1 - black_result) as usize] += 1;
                report(&progress);
            }
        }
    });
    out.flush().map_err(write_err)?;
    match first_error.into_inner().unwrap() {
        Some(e) => Err(e),
        None => Ok(progress),
    }
}

/// Writes one game's samples, each checked first: its line must read back as the same sample
/// of the same position.
fn write_game(out: &mut dyn Write, samples: &[Sample], header: &Header) -> Result<(), String> {
    for sample in samples {
        let line = sample.line();
        match Sample::parse(&line, header) {
            Ok((back, pos)) if back == *sample && pos.to_sfen() == sample.sfen => {}
            Ok(_) => return Err(format!("internal error: '{line}' reads back differently")),
            Err(e) => return Err(format!("internal error: '{line}' does not read back: {e}")),
        }
        writeln!(out, "{line}").map_err(|e| format!("cannot write the data: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{RuleSet, Variant};
    use std::io::Cursor;

    fn settings(variant: Variant, threads: usize) -> RunSettings {
        RunSettings {
            game: GameSettings {
                variant,
                rules: RuleSet::Lishogi,
                nodes: 200,
                random_plies: (2, 6),
                max_plies: 40,
                adjudicate: 3000,
            },
            seed: 11,
            games: 3,
            threads,
            hash_mb: 1,
            time_limit: None,
        }
    }

    fn shard(s: &RunSettings) -> (Vec<u8>, Progress) {
        let mut out = Vec::new();
        let p = run(s, &mut out, &mut |_| {}).unwrap();
        (out, p)
    }

    #[test]
    fn a_seed_gives_the_same_shard_with_any_number_of_threads_and_it_reads_back() {
        for variant in [Variant::Chu, Variant::DaiDai] {
            let (one, p1) = shard(&settings(variant, 1));
            let (two, p2) = shard(&settings(variant, 2));
            assert_eq!(one, two, "{variant:?}");
            assert_eq!(p1.games, 3);
            assert_eq!(p1.results.iter().sum::<u64>(), 3);
            assert_eq!((p1.positions, p1.results), (p2.positions, p2.results));
            let mut reader = format::Reader::new(Cursor::new(one)).unwrap();
            assert_eq!(reader.header().variant, variant);
            let mut n = 0;
            let mut games = std::collections::BTreeSet::new();
            while let Some((sample, pos)) = reader.next_sample().unwrap() {
                assert!(sample.ply >= 2 && sample.ply < 40, "{sample:?}");
                assert!(!pos.in_check(pos.side_to_move()));
                games.insert(sample.game);
                n += 1;
            }
            assert_eq!(n, p1.positions);
            assert!(n > 0);
            assert!(games.iter().all(|&g| g < 3));
            let mut other = settings(variant, 1);
            other.seed = 12;
            assert_ne!(shard(&other).0, shard(&settings(variant, 1)).0);
        }
    }

    #[test]
    fn a_game_result_is_the_same_for_every_position_of_the_game_seen_from_its_mover() {
        let (data, _) = shard(&settings(Variant::Chu, 1));
        let mut reader = format::Reader::new(Cursor::new(data)).unwrap();
        let mut black_results = std::collections::BTreeMap::new();
        while let Some((s, pos)) = reader.next_sample().unwrap() {
            let black = if pos.side_to_move() == crate::rules::Color::Black {
                s.result
            } else {
                -s.result
            };
            assert_eq!(*black_results.entry(s.game).or_insert(black), black);
        }
    }

    #[test]
    fn a_failed_write_is_an_error() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::Error::other("disk full"))
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let err = run(&settings(Variant::Chu, 1), &mut Full, &mut |_| {}).unwrap_err();
        assert!(err.contains("disk full"), "{err}");
    }
}
