//! How many moves a game still has, by how much material is left: the table the clock
//! allocation of long games is fitted on (docs/search.md, "Time allocation").
//!
//! Chu and dai dai games last 200–500 plies and more, and how far a game has come shows in
//! the pieces left far better than in the ply count: an opening can shuffle for a hundred
//! plies, a melee can halve the armies in forty. So every position of every game that ended
//! by the rules (a record cut at the length limit, by a forfeit or a dispute says nothing
//! about when it would have ended) is put in a bucket by the share of the start position's
//! pieces still on the board, and the moves still to come for the side to move (half the
//! plies left, rounded up) are summarised per bucket.

use crate::analysis::game::Game;

/// One bucket: positions with between `low` and `high` per cent of the start's pieces.
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseRow {
    /// Lower bound of the bucket (per cent of the start position's pieces), inclusive.
    pub low: u32,
    /// Upper bound, exclusive (the top bucket includes 100 %).
    pub high: u32,
    /// Positions in the bucket.
    pub positions: usize,
    /// Games with a position in the bucket.
    pub games: usize,
    /// Moves left for the side to move: the median and the 75th and 90th percentiles.
    pub median: u32,
    /// 75th percentile.
    pub p75: u32,
    /// 90th percentile.
    pub p90: u32,
}

/// Width of a bucket in per cent.
const BUCKET: u32 = 10;

/// The table over `games`; games that did not end by the rules are left out and counted in
/// the second value.
pub fn phase_table(games: &[Game]) -> Result<(Vec<PhaseRow>, usize), String> {
    let buckets = (100 / BUCKET) as usize;
    let mut left: Vec<Vec<u32>> = vec![Vec::new(); buckets];
    let mut games_in: Vec<usize> = vec![0; buckets];
    let mut skipped = 0;
    for (n, game) in games.iter().enumerate() {
        let mut replay = game.replay().map_err(|e| format!("game {}: {e}", n + 1))?;
        let ended = replay.positions.last_mut().and_then(|p| p.outcome());
        if ended.is_none() {
            skipped += 1;
            continue;
        }
        let start = game_start_pieces(game)?;
        let plies = replay.moves.len();
        let mut seen = vec![false; buckets];
        for (ply, pos) in replay.positions[..plies].iter().enumerate() {
            let pieces = pos.pieces(crate::rules::Color::Black).len()
                + pos.pieces(crate::rules::Color::White).len();
            let share = (pieces * 100 / start.max(1)) as u32;
            let b = ((share / BUCKET) as usize).min(buckets - 1);
            left[b].push((plies - ply).div_ceil(2) as u32);
            seen[b] = true;
        }
        for (b, s) in seen.iter().enumerate() {
            games_in[b] += usize::from(*s);
        }
    }
    let rows = left
        .into_iter()
        .zip(games_in)
        .enumerate()
        .filter(|(_, (v, _))| !v.is_empty())
        .map(|(b, (mut v, games))| {
            v.sort_unstable();
            let q = |p: usize| v[((v.len() - 1) * p) / 100];
            PhaseRow {
                low: b as u32 * BUCKET,
                high: (b as u32 + 1) * BUCKET,
                positions: v.len(),
                games,
                median: q(50),
                p75: q(75),
                p90: q(90),
            }
        })
        .collect();
    Ok((rows, skipped))
}

/// Pieces on the board in the variant's start position (the share's denominator, whatever
/// opening the game began from).
fn game_start_pieces(game: &Game) -> Result<usize, String> {
    let start = crate::rules::Position::start(game.variant, game.rules);
    Ok(start.pieces(crate::rules::Color::Black).len()
        + start.pieces(crate::rules::Color::White).len())
}

/// The share of the start position's pieces on the board (the clock's
/// [`Phase`](crate::search::time::Phase)) before each ply of `game` and after its last; an error
/// if its moves do not replay.
pub fn shares(game: &Game) -> Result<Vec<f64>, String> {
    Ok(game
        .replay()?
        .positions
        .iter()
        .map(|p| crate::search::time::Phase::of(p).share)
        .collect())
}

/// Per game, the share of the start position's pieces on the board before each ply (the
/// clock's [`Phase`](crate::search::time::Phase)), as a line of text: the `Game` and
/// `TimeControl` tags, then the shares. This is what `tools/time-model/simulate.py` replays
/// allocations on, to compare them with the clocks the records hold.
pub fn phase_lines(games: &[Game]) -> Result<String, String> {
    let mut out = String::new();
    for (n, game) in games.iter().enumerate() {
        let shares: Vec<String> = shares(game)
            .map_err(|e| format!("game {}: {e}", n + 1))?
            .iter()
            .map(|s| format!("{s:.3}"))
            .collect();
        out += &format!(
            "{}\t{}\t{}\n",
            game.tag("Game").unwrap_or("-"),
            game.tag("TimeControl").unwrap_or("-"),
            shares.join(" ")
        );
    }
    Ok(out)
}

/// The table as text, highest share first.
pub fn report(rows: &[PhaseRow], skipped: usize) -> String {
    let mut out = String::from(
        "moves left for the side to move, by the share of the start position's pieces on the board\n\
         pieces %   positions  games  median  p75  p90\n",
    );
    for r in rows.iter().rev() {
        out += &format!(
            "{:>3}-{:<3}   {:>9}  {:>5}  {:>6}  {:>3}  {:>3}\n",
            r.low, r.high, r.positions, r.games, r.median, r.p75, r.p90
        );
    }
    out += &format!("games not ended by the rules (left out): {skipped}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::game::split_moves;
    use crate::rules::{RuleSet, Variant};

    fn game(moves: &str, sfen: &str) -> Game {
        Game {
            variant: Variant::Chu,
            rules: RuleSet::Seed,
            start_sfen: sfen.into(),
            moves: split_moves(moves),
            tags: Vec::new(),
        }
    }

    #[test]
    fn moves_left_count_down_to_the_end_and_unfinished_games_are_left_out() {
        // Black's rook takes White's only royal: the game ends by the rules after 3 plies.
        // (A pawn for White keeps the start from being a bare-king draw already.)
        let start = "6k5/12/12/11R/p11/12/12/12/12/12/12/6K5 b - 1";
        let ended = game("1d1a 12e12f 1a6a", start);
        let open = game("6l6k", start);
        let (rows, skipped) = phase_table(&[ended, open]).unwrap();
        assert_eq!(skipped, 1);
        // Four pieces of the start position's 92: every position in the lowest bucket; the
        // moves left before plies 0, 1, 2 are 2, 1, 1.
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.low, r.positions, r.games), (0, 3, 1));
        // Percentiles take the lower neighbour (index (n - 1) * p / 100 of [1, 1, 2]).
        assert_eq!((r.median, r.p75, r.p90), (1, 1, 1));
    }

    #[test]
    fn phase_lines_give_the_share_before_every_ply_and_after_the_last() {
        // 4 of the start position's 92 pieces, then 3 after the rook takes the king.
        let mut g = game(
            "1d1a 12e12f 1a6a",
            "6k5/12/12/11R/p11/12/12/12/12/12/12/6K5 b - 1",
        );
        g.tags = vec![
            ("Game".into(), "7".into()),
            ("TimeControl".into(), "2+0.02".into()),
        ];
        let text = phase_lines(&[g]).unwrap();
        assert_eq!(text, "7\t2+0.02\t0.043 0.043 0.043 0.033\n");
    }
}
