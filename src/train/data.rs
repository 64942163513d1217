//! Training positions in memory: each shard's samples read through the data format's own
//! checks, turned into the two perspectives' active features, the hand-set evaluation the
//! network corrects, and the targets.

use crate::datagen::format::{Reader, Sample};
use crate::eval::hand_evaluate;
use crate::files::Input;
use crate::nnue::features;
use crate::rules::{Position, Variant};

/// All positions of a training run, flattened.
#[derive(Default)]
pub struct Dataset {
    /// Features of every position, the side to move's perspective then the other's.
    pub features: Vec<u32>,
    /// Where position i's features start; its side-to-move part has `split[i]` entries.
    pub start: Vec<usize>,
    /// Number of side-to-move features of each position (the rest are the other side's).
    pub split: Vec<u16>,
    /// The hand-set evaluation, side to move's view.
    pub hand: Vec<f32>,
    /// The search's score, side to move's view.
    pub score: Vec<f32>,
    /// The game's result for the side to move: 1, 0.5, 0.
    pub result: Vec<f32>,
    /// Whether the position belongs to the validation set (a whole game at a time).
    pub validation: Vec<bool>,
    /// The position's game, numbered across all shards of the run (a game's positions are
    /// consecutive, in the order played).
    pub game: Vec<u32>,
    /// Plies played in the game before the position.
    pub ply: Vec<u32>,
}

impl Dataset {
    /// Number of positions.
    pub fn len(&self) -> usize {
        self.hand.len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.hand.is_empty()
    }

    /// Adds one position of game `game` (numbered across the run) with its sample's search
    /// score, result and ply, and its set.
    fn push(
        &mut self,
        pos: &Position,
        sample: &Sample,
        game: u32,
        validation: bool,
        active: &mut Vec<u32>,
    ) -> Result<(), String> {
        let us = pos.side_to_move();
        // Shards are bounded in size, not in number: memory for the positions is asked for
        // fallibly, so data larger than the machine is an error line, not an abort.
        let len = self.len();
        let full = move || format!("no memory for more than {len} positions");
        let per_side = pos.pieces(us).len() + pos.pieces(us.flip()).len();
        self.features
            .try_reserve(2 * per_side)
            .map_err(|_| full())?;
        self.start.try_reserve(1).map_err(|_| full())?;
        self.split.try_reserve(1).map_err(|_| full())?;
        self.hand.try_reserve(1).map_err(|_| full())?;
        self.score.try_reserve(1).map_err(|_| full())?;
        self.result.try_reserve(1).map_err(|_| full())?;
        self.validation.try_reserve(1).map_err(|_| full())?;
        self.game.try_reserve(1).map_err(|_| full())?;
        self.ply.try_reserve(1).map_err(|_| full())?;
        self.start.push(self.features.len());
        features::active(pos, us, active);
        self.split.push(active.len() as u16);
        self.features.extend_from_slice(active);
        features::active(pos, us.flip(), active);
        self.features.extend_from_slice(active);
        self.hand.push(hand_evaluate(pos) as f32);
        self.score.push(sample.score as f32);
        self.result.push((f32::from(sample.result) + 1.0) / 2.0);
        self.validation.push(validation);
        self.game.push(game);
        self.ply.push(sample.ply);
        Ok(())
    }

    /// Position i's features: the side to move's, then the other side's.
    pub fn features_of(&self, i: usize) -> (&[u32], &[u32]) {
        let end = self
            .start
            .get(i + 1)
            .copied()
            .unwrap_or(self.features.len());
        let all = &self.features[self.start[i]..end];
        all.split_at(self.split[i] as usize)
    }
}

/// Whether game `game` of the shard made with `seed` belongs to the validation set: one game
/// in `every`, chosen by a hash, so that the split does not follow the order games were played.
pub fn is_validation(seed: u64, game: u64, every: u64) -> bool {
    let game_hash =
        (seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ game).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (game_hash >> 32).is_multiple_of(every)
}

/// Opens the shard at `path`, which must be of the game `variant` names; the first shard of
/// a run sets it.
pub fn open_shard(path: &str, variant: &mut Option<Variant>) -> Result<Reader<Input>, String> {
    let reader = Reader::open(path)?;
    let game = reader.header().variant;
    match *variant {
        None => *variant = Some(game),
        Some(v) if v != game => {
            return Err(format!(
                "{path} is {} data, the others {}",
                game.name(),
                v.name()
            ));
        }
        _ => {}
    }
    Ok(reader)
}

/// Reads `paths` (shards of one game) and keeps one game in `1 / validation_every` for
/// validation, chosen by a hash of the shard's seed and the game's number. With `reflect`,
/// every training position is also added reflected left for right ([`Position::reflected`]):
/// chu plays the same either way round, so the reflection is a second, equally true sample
/// of what the search saw, and it halves how often a feature's weight sees the same game.
/// Validation positions are kept as played, so validation losses compare across runs.
pub fn load(
    paths: &[String],
    validation_every: u64,
    reflect: bool,
) -> Result<(Variant, Dataset), String> {
    let mut data = Dataset::default();
    let mut variant = None;
    let mut active = Vec::new();
    let mut games = 0u32;
    for path in paths {
        let mut reader = open_shard(path, &mut variant)?;
        let header = reader.header().clone();
        if reflect && !header.variant.catalogue().is_mirror_symmetric() {
            return Err(format!(
                "{path}: --mirror needs a game whose pieces move alike to both sides; {} has one-sided pieces",
                header.variant.name()
            ));
        }
        let mut last_game = None;
        while let Some((sample, pos)) = reader.next_sample().map_err(|e| format!("{path}: {e}"))? {
            if last_game != Some(sample.game) {
                last_game = Some(sample.game);
                games += 1;
            }
            let validation = is_validation(header.seed, sample.game, validation_every);
            data.push(&pos, &sample, games, validation, &mut active)?;
            if reflect && !validation {
                let mirrored = pos
                    .reflected()
                    .ok_or("a position of a symmetric game did not reflect")?;
                data.push(&mirrored, &sample, games, false, &mut active)?;
            }
        }
    }
    let variant = variant.ok_or("no training data given")?;
    if data.is_empty() {
        return Err("the training data holds no position".into());
    }
    Ok((variant, data))
}
