//! `shishi datacheck`: reads training-data shards with the trainer's own reader, checking
//! every position, and prints what each holds (docs/training.md).

use clap::Args;
use shishi::datagen::format::Reader;
use std::collections::BTreeSet;
use std::io::Read;

/// Arguments of `shishi datacheck`.
#[derive(Args, Debug)]
pub struct DatacheckArgs {
    /// Shards written by `shishi datagen` ("-": stdin, e.g. `zcat shard.txt.gz | shishi
    /// datacheck -`).
    #[arg(required = true)]
    files: Vec<String>,
}

/// Runs `shishi datacheck`: one line per shard, or the first error with its file and line.
pub fn run(args: DatacheckArgs) -> Result<(), String> {
    for path in &args.files {
        let input: Box<dyn Read> = if path == "-" {
            Box::new(std::io::stdin().lock())
        } else {
            Box::new(shishi::files::open_input(
                std::path::Path::new(path),
                shishi::datagen::format::MAX_FILE,
            )?)
        };
        let mut reader = Reader::new(input).map_err(|e| format!("{path}: {e}"))?;
        let (mut positions, mut results, mut abs_score) = (0u64, [0u64; 3], 0u64);
        let mut games = BTreeSet::new();
        let mut last_game = None;
        while let Some((sample, _)) = reader.next_sample().map_err(|e| format!("{path}: {e}"))? {
            positions += 1;
            // A game's positions are consecutive (datagen writes a game at a time): a number
            // seen before another game's is two games under one number, which would merge
            // them in the trainer's lookahead and validation split.
            if last_game != Some(sample.game) && games.contains(&sample.game) {
                return Err(format!(
                    "{path}: line {}: game {} again after game {}",
                    positions + 1,
                    sample.game,
                    last_game.unwrap_or_default()
                ));
            }
            last_game = Some(sample.game);
            results[(1 - sample.result) as usize] += 1;
            abs_score += sample.score.unsigned_abs() as u64;
            games.insert(sample.game);
        }
        let h = reader.header();
        shishi::outln!(
            "{path}: {} {} nodes={} seed={}: {positions} positions from {} games; side to move won {}, drew {}, lost {}; mean |score| {}",
            h.variant.name(),
            h.rules.name(),
            h.nodes,
            h.seed,
            games.len(),
            results[0],
            results[1],
            results[2],
            abs_score / positions.max(1)
        );
    }
    Ok(())
}
