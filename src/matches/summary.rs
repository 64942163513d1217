//! Figures from `shishi match --out` records (`shishi summary`, docs/match.md): the match
//! result of records merged from several runs or shards ([`results`]: cross table, first
//! engine, SPRT, game numbering), and per engine, how much clock it had left at given plies,
//! and how long it took to finish games it judged won.
//!
//! - **Clock left at ply N**: after N plies, the engine's clock as it was after its latest move
//!   (the `Clocks` tag: each mover's clock after its move, increment included); the median
//!   over the games that reached N plies.
//! - **Conversion**: in each game where the engine's reported score (the `Scores` tag, from
//!   the mover's side) first exceeded the threshold (+1500 cp by default) on the move it was
//!   asked for after k plies, the plies from that position to the end of the game, `plies - k`;
//!   the median, the count and how those games ended for the engine;
//! - **Conversion by phase**: the same, split by the share of the start position's pieces on
//!   the board at that first position (80 % or more, 60–80 %, under 60 %), when the caller has
//!   replayed the games ([`GameFigures::shares`]): a lead won in the middle game leaves a whole
//!   game to play, one reached in the endgame should end soon, and the overall median mixes
//!   the two.

use crate::matches::Table;
use crate::matches::adjudication::Adjudication;
use crate::matches::game::{ADJUDICATED, LENGTH_LIMIT, Verdict};
use crate::matches::record::RecordBlock;
use crate::matches::score::Score;
use crate::matches::stats::{SprtParams, SprtState, Wdl};
use crate::rules::Color;
use std::collections::{BTreeMap, BTreeSet};

/// One game's result as its record gives it, for the match result of records merged from
/// several runs (shards of one match, `shishi match --shard`).
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The `Game` tag: its number in the match (`None` when a record has none).
    pub number: Option<usize>,
    /// Engine names: [black, white].
    pub names: [String; 2],
    /// The result.
    pub verdict: Verdict,
    /// The `Broken` tag: lost by an engine that broke rather than at the board.
    pub broken: bool,
    /// The `First` tag: the match's first engine.
    pub first: Option<String>,
    /// The `SPRT` tag: the match's test.
    pub sprt: Option<String>,
    /// How the game ended, by kind ([`ending`] of the `Reason` tag; empty without one).
    pub ending: String,
}

impl GameResult {
    /// The result of one record block.
    pub fn of(block: &RecordBlock) -> Result<GameResult, String> {
        let at = block.first_line;
        let verdict = match block.required("Result")? {
            "1-0" => Verdict::Win(Color::Black),
            "0-1" => Verdict::Win(Color::White),
            "1/2-1/2" => Verdict::Draw,
            "*" => Verdict::Dispute,
            r => return Err(format!("game at line {at}: result '{r}'")),
        };
        let number = match block.tag("Game") {
            None => None,
            Some(n) => Some(
                n.parse()
                    .map_err(|_| format!("game at line {at}: bad Game '{n}'"))?,
            ),
        };
        Ok(GameResult {
            number,
            names: [
                block.required("Black")?.to_string(),
                block.required("White")?.to_string(),
            ],
            verdict,
            broken: block.tag("Broken") == Some("yes"),
            first: block.tag("First").map(str::to_string),
            sprt: block.tag("SPRT").map(str::to_string),
            ending: block.tag("Reason").map(ending).unwrap_or_default(),
        })
    }
}

/// The kind of a record's `Reason`, for the count of how a match's games ended: the rules'
/// reasons (royal capture, bare king, repetition, …) and the ply limit as they are; the
/// arbiter's adjudications and its rulings against an engine, whose text names the engine
/// and its figures, by kind only.
pub fn ending(reason: &str) -> String {
    const KINDS: [(&str, &str); 9] = [
        (ADJUDICATED, ADJUDICATED),
        ("lost on time", "lost on time"),
        ("claimed the win", "claimed a win the arbiter confirmed"),
        ("resigned", "resigned"),
        ("crashed", "engine fault"),
        ("stalled", "engine fault"),
        ("failed to start", "engine fault"),
        ("flooded its output", "engine fault"),
        ("garbage", "engine fault"),
    ];
    if let Some((_, kind)) = KINDS.iter().find(|(mark, _)| reason.contains(mark)) {
        return kind.to_string();
    }
    const DISPUTES: [&str; 4] = ["illegal", "repeat", "claimed", "refused"];
    if DISPUTES.iter().any(|mark| reason.contains(mark)) {
        return "illegal move or claim, or a rules dispute".into();
    }
    reason.to_string()
}

/// "How the games ended: 82 royal pieces captured, 118 maximum game length (1000 plies)", most
/// frequent first.
fn endings_text(games: &[GameResult]) -> String {
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for g in games.iter().filter(|g| !g.ending.is_empty()) {
        *counts.entry(g.ending.as_str()).or_default() += 1;
    }
    if counts.is_empty() {
        return String::new();
    }
    let mut rows: Vec<(&str, usize)> = counts.into_iter().collect();
    rows.sort_by_key(|&(kind, n)| (std::cmp::Reverse(n), kind));
    let parts: Vec<String> = rows.iter().map(|(k, n)| format!("{n} {k}")).collect();
    format!("How the games ended: {}\n", parts.join(", "))
}

/// The match result of `games`, whatever files and order they came from: the cross table,
/// the first engine's line and the SPRT on all of them together, as if one run had played
/// them, and whether each game number appears once. The first engine is the one the
/// records' `First` tag names (when they all name the same), the others follow by name;
/// the test is `sprt`, or else the one the records' `SPRT` tag names (when they all name the
/// same). In game-number order, the game at which the test would have stopped a single run
/// is given too.
pub fn results(games: &[GameResult], sprt: Option<SprtParams>) -> Result<String, String> {
    let mut s = String::new();
    if games.is_empty() {
        return Ok(s);
    }
    let one = |values: BTreeSet<Option<&str>>| -> Option<String> {
        match values.into_iter().collect::<Vec<_>>()[..] {
            [Some(v)] => Some(v.to_string()),
            _ => None,
        }
    };
    let first = one(games.iter().map(|g| g.first.as_deref()).collect());
    let tests: BTreeSet<Option<&str>> = games.iter().map(|g| g.sprt.as_deref()).collect();
    let mixed_tests = sprt.is_none() && tests.len() > 1;
    let sprt = match sprt {
        Some(p) => Some(p),
        None => one(tests)
            .map(|t| SprtParams::parse(&[t.as_str()]).map_err(|e| format!("SPRT tag '{t}': {e}")))
            .transpose()?,
    };
    let mut names: BTreeSet<&str> = games
        .iter()
        .flat_map(|g| g.names.iter().map(String::as_str))
        .collect();
    let mut order: Vec<String> = Vec::new();
    if let Some(f) = &first {
        names.remove(f.as_str());
        order.push(f.clone());
    }
    order.extend(names.iter().map(|n| n.to_string()));
    let index = |n: &str| order.iter().position(|o| o == n).unwrap_or(0);
    // Game-number order (stable: games without a number, or repeated ones, keep theirs).
    let mut sorted: Vec<&GameResult> = games.iter().collect();
    sorted.sort_by_key(|g| g.number.unwrap_or(usize::MAX));
    let mut table = Table::new(order.clone());
    let mut decided = None;
    for (i, g) in sorted.iter().enumerate() {
        table.add_result(
            [index(&g.names[0]), index(&g.names[1])],
            g.verdict,
            g.broken,
        );
        if let (Some(p), None, Some(_)) = (&sprt, decided, &first) {
            let state = p.state(&table.first());
            if state != SprtState::Continue {
                decided = Some((i + 1, g.number, state));
            }
        }
    }
    s.push_str(&format!(
        "Result: {} games, {}\n",
        games.len(),
        numbering(games)
    ));
    s.push_str(&table.rows());
    if first.is_some() {
        s.push_str(&table.first_line());
    } else {
        s.push_str("(the records do not name one first engine: no first-engine line or SPRT)\n");
    }
    if let Some(b) = table.broken_text() {
        s.push_str(&format!("{b}\n"));
    }
    s.push_str(&endings_text(games));
    if mixed_tests {
        s.push_str("(the records name different SPRT tests, or some none: --sprt gives the one to judge)\n");
    }
    if let (Some(p), Some(_)) = (&sprt, &first) {
        s.push_str(&sprt_text(p, &table.first()));
        match decided {
            Some((k, number, state)) => s.push_str(&format!(
                "  in game-number order the test decides after {k} games (at game {}): {}\n",
                number.map_or("?".to_string(), |n| n.to_string()),
                state_name(state)
            )),
            None => s.push_str("  in game-number order the test has not decided\n"),
        }
    }
    Ok(s)
}

fn state_name(state: SprtState) -> &'static str {
    match state {
        SprtState::Continue => "continue",
        SprtState::AcceptH1 => "H1 accepted",
        SprtState::AcceptH0 => "H0 accepted",
    }
}

/// `SPRT [0, 5] alpha 0.05 beta 0.05: LLR 1.23 (-2.94, 2.94), H1 accepted`, on all games.
fn sprt_text(p: &SprtParams, r: &Wdl) -> String {
    let (lo, hi) = p.bounds();
    format!(
        "SPRT [{}, {}] alpha {} beta {} on all {} games: LLR {:.2} ({lo:.2}, {hi:.2}), {}\n",
        p.elo0,
        p.elo1,
        p.alpha,
        p.beta,
        r.games(),
        p.llr(r),
        state_name(p.state(r))
    )
}

/// How the games are numbered: `numbered 1 to 40, each once`, or what is missing or
/// repeated (a shard not merged, or merged twice).
fn numbering(games: &[GameResult]) -> String {
    let mut count: BTreeMap<usize, usize> = BTreeMap::new();
    let mut unnumbered = 0;
    for g in games {
        match g.number {
            Some(n) => *count.entry(n).or_default() += 1,
            None => unnumbered += 1,
        }
    }
    let (Some(&lo), Some(&hi)) = (count.keys().next(), count.keys().next_back()) else {
        return "none numbered".to_string();
    };
    let missing = (lo..=hi).filter(|n| !count.contains_key(n)).count();
    let repeated: Vec<String> = count
        .iter()
        .filter(|&(_, &c)| c > 1)
        .map(|(n, c)| format!("{n} ({c} times)"))
        .collect();
    let mut s = format!("numbered {lo} to {hi}");
    if missing == 0 && repeated.is_empty() && unnumbered == 0 {
        s.push_str(", each once");
        return s;
    }
    if missing > 0 {
        s.push_str(&format!(", {missing} numbers missing"));
    }
    if !repeated.is_empty() {
        s.push_str(&format!(", repeated: {}", repeated.join(", ")));
    }
    if unnumbered > 0 {
        s.push_str(&format!(", {unnumbered} without a number"));
    }
    s
}

/// The games as they would have ended under `rule` (`shishi summary --adjudicate`): each
/// game whose recorded scores first agree on a winner before its last ply (or at its last
/// ply, when that ply ended it at the length limit, which the match checks after
/// adjudication) becomes that side's win, as `shishi match --adjudicate` would have scored
/// it. `figures[i]` must be the game of `results[i]`. Returns the line that says how many
/// games it ends early and how those games in fact went on: an adjudication is only as good
/// as the agreement of the games played to the end.
pub fn adjudicate(
    results: &mut [GameResult],
    figures: &[GameFigures],
    rule: &Adjudication,
) -> String {
    let (mut early, mut same, mut other, mut drawn, mut at_limit) = (Vec::new(), 0, 0, 0, 0);
    for (result, game) in results.iter_mut().zip(figures) {
        let first = if game.movers[0] == result.names[0] {
            Color::Black
        } else {
            Color::White
        };
        let cut = result.ending.starts_with(LENGTH_LIMIT);
        let last = if cut {
            game.plies
        } else {
            game.plies.saturating_sub(1)
        };
        let Some((ply, winner)) = (1..=last).find_map(|k| {
            let mover = if (k - 1) % 2 == 0 {
                first
            } else {
                first.flip()
            };
            rule.winner(&game.scores[..k], mover).map(|w| (k, w))
        }) else {
            continue;
        };
        early.push(ply as f64);
        match result.verdict {
            Verdict::Win(w) if w == winner => same += 1,
            Verdict::Win(_) => other += 1,
            Verdict::Draw => {
                drawn += 1;
                at_limit += usize::from(cut);
            }
            Verdict::Dispute => {}
        }
        result.verdict = Verdict::Win(winner);
        result.ending = ADJUDICATED.into();
    }
    let median_ply = median(&early).map_or("-".into(), |m| format!("{m:.0}"));
    format!(
        "Adjudicated at {} cp for {} plies: {} of {} games end early (median ply {median_ply}); \
         as played on, the side adjudicated won {same}, the other side won {other}, \
         {drawn} were drawn ({at_limit} at the ply limit)\n",
        rule.score,
        rule.plies,
        early.len(),
        results.len()
    )
}

/// One game as read back from a record.
#[derive(Clone, Debug, PartialEq)]
pub struct GameFigures {
    /// Engine names: [first mover, second mover].
    pub movers: [String; 2],
    /// Result for the first mover: 1 win, 0.5 draw, 0 loss; `None` for a dispute.
    pub first_mover_score: Option<f64>,
    /// Plies played.
    pub plies: usize,
    /// Per ply, the mover's clock after its move (ms); empty without a clock.
    pub clocks: Vec<u64>,
    /// Per ply, the mover's reported score.
    pub scores: Vec<Option<Score>>,
    /// Per ply, the share of the start position's pieces on the board before the move (0 to
    /// 1); empty when not known. A record does not hold it: `shishi summary` fills it from a
    /// replay of the moves, which this module (no rules here) cannot do.
    pub shares: Vec<f64>,
}

impl GameFigures {
    /// The figures of one record block (its tags; the moves are not read).
    pub fn of(block: &RecordBlock) -> Result<GameFigures, String> {
        let at = block.first_line;
        let get = |k: &str| block.required(k);
        let (black, white) = (get("Black")?.to_string(), get("White")?.to_string());
        let white_first = get("SFEN")?.split_whitespace().nth(1) == Some("w");
        let black_score = match get("Result")? {
            "1-0" => Some(1.0),
            "0-1" => Some(0.0),
            "1/2-1/2" => Some(0.5),
            "*" => None,
            r => return Err(format!("game at line {at}: result '{r}'")),
        };
        let plies: usize = get("Plies")?
            .parse()
            .map_err(|_| format!("game at line {at}: bad Plies"))?;
        let clocks = match block.tag("Clocks") {
            None => Vec::new(),
            Some(t) => t
                .split_whitespace()
                .map(|w| w.parse::<u64>())
                .collect::<Result<_, _>>()
                .map_err(|_| format!("game at line {at}: bad Clocks"))?,
        };
        let scores: Vec<Option<Score>> = match block.tag("Scores") {
            None => vec![None; plies],
            Some(t) => t.split_whitespace().map(Score::parse).collect(),
        };
        if (!clocks.is_empty() && clocks.len() != plies) || scores.len() != plies {
            return Err(format!(
                "game at line {at}: Clocks or Scores do not have {plies} entries"
            ));
        }
        let (movers, first_mover_score) = if white_first {
            ([white, black], black_score.map(|s| 1.0 - s))
        } else {
            ([black, white], black_score)
        };
        Ok(GameFigures {
            movers,
            first_mover_score,
            plies,
            clocks,
            scores,
            shares: Vec::new(),
        })
    }
}

/// The median (mean of the two middle values for an even count); `None` if empty.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// The clock (ms) of the mover with parity `side` (0 = first mover) after `ply` plies: its
/// clock after its latest move at or before that ply. `None` if the game is shorter or the
/// side has not moved yet.
pub fn clock_at(game: &GameFigures, side: usize, ply: usize) -> Option<u64> {
    if game.clocks.is_empty() || game.plies < ply {
        return None;
    }
    (1..=ply)
        .rev()
        .find(|p| (p - 1) % 2 == side)
        .map(|p| game.clocks[p - 1])
}

/// Where the side with parity `side` first reported a score above `cp`: the number of plies
/// played before that move.
pub fn first_above(game: &GameFigures, side: usize, cp: i32) -> Option<usize> {
    (0..game.plies).find(|&k| k % 2 == side && game.scores[k].is_some_and(|s| s.above(cp)))
}

/// The phases of the conversion split: a name and the least share of the start position's
/// pieces on the board (at the first score above the threshold) that falls in it.
pub const PHASES: [(&str, f64); 3] = [("80-100 %", 0.8), ("60-80 %", 0.6), ("under 60 %", 0.0)];

/// Games where an engine's score passed the threshold: how long they went on from there, and
/// how they ended for it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Conversions {
    /// Plies to the end of each game from the first score above the threshold.
    pub plies: Vec<f64>,
    /// How those games ended for the engine: won, drawn, lost, disputed.
    pub outcomes: [usize; 4],
}

impl Conversions {
    fn add(&mut self, plies: usize, outcome: usize) {
        self.plies.push(plies as f64);
        self.outcomes[outcome] += 1;
    }
}

/// One engine's figures.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineFigures {
    /// Games played.
    pub games: usize,
    /// Per requested ply: the clocks (s) of the games that reached it.
    pub clocks: Vec<Vec<f64>>,
    /// Every game where the score passed the threshold.
    pub conversion: Conversions,
    /// The same games split by [`PHASES`]; a game whose shares are not known is in none.
    pub by_phase: [Conversions; 3],
}

/// Collects the figures of every engine, by name.
pub fn figures(
    games: &[GameFigures],
    at: &[usize],
    above_cp: i32,
) -> BTreeMap<String, EngineFigures> {
    let mut out: BTreeMap<String, EngineFigures> = BTreeMap::new();
    for g in games {
        for side in 0..2 {
            let e = out.entry(g.movers[side].clone()).or_default();
            e.games += 1;
            e.clocks.resize(at.len(), Vec::new());
            for (i, &ply) in at.iter().enumerate() {
                if let Some(ms) = clock_at(g, side, ply) {
                    e.clocks[i].push(ms as f64 / 1000.0);
                }
            }
            if let Some(k) = first_above(g, side, above_cp) {
                let mine = g
                    .first_mover_score
                    .map(|s| if side == 0 { s } else { 1.0 - s });
                let outcome = match mine {
                    Some(s) if s > 0.75 => 0,
                    Some(s) if s > 0.25 => 1,
                    Some(_) => 2,
                    None => 3,
                };
                e.conversion.add(g.plies - k, outcome);
                if let Some(&share) = g.shares.get(k) {
                    let phase = PHASES.iter().position(|&(_, low)| share >= low);
                    e.by_phase[phase.unwrap_or(PHASES.len() - 1)].add(g.plies - k, outcome);
                }
            }
        }
    }
    out
}

/// "median M plies from there to the end; won …" for `c`, which is not empty.
fn conversion_text(c: &Conversions) -> String {
    let [w, d, l, x] = c.outcomes;
    format!(
        "median {} plies from there to the end; won {w}, drawn {d}, lost {l}, disputed {x}",
        median(&c.plies).unwrap_or(0.0)
    )
}

/// The report `shishi summary` prints.
pub fn report(games: &[GameFigures], at: &[usize], above_cp: i32) -> String {
    let mut s = String::new();
    for (name, f) in figures(games, at, above_cp) {
        s.push_str(&format!("{name}: {} games\n", f.games));
        for (i, &ply) in at.iter().enumerate() {
            match median(&f.clocks[i]) {
                Some(m) => s.push_str(&format!(
                    "  clock left at ply {ply}: median {m:.2} s over {} games\n",
                    f.clocks[i].len()
                )),
                None => s.push_str(&format!(
                    "  clock left at ply {ply}: no game with a clock reached it\n"
                )),
            }
        }
        if f.conversion.plies.is_empty() {
            s.push_str(&format!("  score above +{above_cp} cp in no game\n"));
            continue;
        }
        s.push_str(&format!(
            "  score above +{above_cp} cp in {} games: {}\n",
            f.conversion.plies.len(),
            conversion_text(&f.conversion)
        ));
        let split: usize = f.by_phase.iter().map(|c| c.plies.len()).sum();
        if split == 0 {
            continue;
        }
        for ((name, _), c) in PHASES.iter().zip(&f.by_phase) {
            if c.plies.is_empty() {
                s.push_str(&format!(
                    "    {name} of the pieces on the board there: no game\n"
                ));
            } else {
                s.push_str(&format!(
                    "    {name} of the pieces on the board there: {} games, {}\n",
                    c.plies.len(),
                    conversion_text(c)
                ));
            }
        }
        if split < f.conversion.plies.len() {
            s.push_str(&format!(
                "    (pieces not known in {} games: their moves did not replay)\n",
                f.conversion.plies.len() - split
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::record;

    fn read_records(text: &str) -> Result<Vec<GameFigures>, String> {
        record::read(text)?.iter().map(GameFigures::of).collect()
    }

    fn game(movers: [&str; 2], result: Option<f64>, clocks: &[u64], scores: &[i32]) -> GameFigures {
        GameFigures {
            movers: movers.map(String::from),
            first_mover_score: result,
            plies: scores.len(),
            clocks: clocks.to_vec(),
            scores: scores
                .iter()
                .map(|&x| (x != 0).then_some(Score::Cp(x)))
                .collect(),
            shares: Vec::new(),
        }
    }

    #[test]
    fn medians() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 10.0]), Some(3.5));
    }

    #[test]
    fn clock_after_a_ply_is_the_latest_own_move() {
        let g = game(["A", "B"], Some(1.0), &[900, 800, 700, 600, 500], &[0; 5]);
        // After 4 plies: A last moved at ply 3 (700), B at ply 4 (600).
        assert_eq!(clock_at(&g, 0, 4), Some(700));
        assert_eq!(clock_at(&g, 1, 4), Some(600));
        assert_eq!(clock_at(&g, 0, 5), Some(500));
        assert_eq!(clock_at(&g, 1, 1), None, "B has not moved after one ply");
        assert_eq!(clock_at(&g, 0, 6), None, "the game ended at ply 5");
        let no_clock = game(["A", "B"], Some(1.0), &[], &[0; 5]);
        assert_eq!(clock_at(&no_clock, 0, 2), None);
    }

    #[test]
    fn conversion_counts_from_the_first_score_above_the_threshold() {
        // A (first mover) passes +1500 when asked after 4 plies; the game has 10 plies.
        let g1 = game(
            ["A", "B"],
            Some(1.0),
            &[],
            &[10, -10, 1400, -1400, 1600, -1700, 1800, 0, 2000, 0],
        );
        assert_eq!(first_above(&g1, 0, 1500), Some(4));
        assert_eq!(first_above(&g1, 1, 1500), None);
        // A moves second: passes +1500 after 3 plies of 7 and draws.
        let g2 = game(["B", "A"], Some(0.5), &[], &[0, 0, 0, 1501, 0, 0, 0]);
        // A moves second: passes +1500 after 3 plies of 5 and loses.
        let g3 = game(["B", "A"], Some(1.0), &[], &[0, 0, 0, 3000, 0]);
        let f = figures(&[g1, g2, g3], &[2], 1500);
        let a = &f["A"];
        assert_eq!(a.games, 3);
        assert_eq!(a.conversion.plies, vec![6.0, 4.0, 2.0]);
        assert_eq!(a.conversion.outcomes, [1, 1, 1, 0]);
        assert_eq!(f["B"].conversion, Conversions::default());
        // Without the shares no game is put in a phase, and the report has no split.
        assert_eq!(a.by_phase, <[Conversions; 3]>::default());
        let text = report(&[game(["A", "B"], None, &[], &[2000, 0])], &[100], 1500);
        assert!(text.contains("A: 1 games"), "{text}");
        assert!(
            text.contains("score above +1500 cp in 1 games: median 2 plies from there to the end; won 0, drawn 0, lost 0, disputed 1"),
            "{text}"
        );
        assert!(
            text.contains("B: 1 games\n  clock left at ply 100: no game"),
            "{text}"
        );
        assert!(!text.contains("pieces on the board"), "{text}");
    }

    #[test]
    fn conversion_is_split_by_the_pieces_on_the_board_at_the_first_score_above_the_threshold() {
        // A passes +1500 after 2 plies with 85 % of the pieces on (a middle-game lead) and wins
        // 8 plies later; after 4 plies with 59 % (an endgame lead) and draws; the third game's
        // shares are unknown.
        let mut g1 = game(
            ["A", "B"],
            Some(1.0),
            &[],
            &[0, 0, 1600, 0, 0, 0, 0, 0, 0, 0],
        );
        g1.shares = vec![1.0, 0.9, 0.85, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3, 0.2];
        let mut g2 = game(["A", "B"], Some(0.5), &[], &[0, 0, 0, 0, 1600, 0]);
        g2.shares = vec![1.0, 0.8, 0.7, 0.6, 0.59, 0.5];
        let g3 = game(["A", "B"], Some(0.0), &[], &[2000, 0]);
        let f = figures(&[g1.clone(), g2.clone(), g3.clone()], &[], 1500);
        let a = &f["A"];
        assert_eq!(a.conversion.plies, vec![8.0, 2.0, 2.0]);
        assert_eq!(a.by_phase[0].plies, vec![8.0]);
        assert_eq!(a.by_phase[0].outcomes, [1, 0, 0, 0]);
        assert!(a.by_phase[1].plies.is_empty());
        assert_eq!(a.by_phase[2].plies, vec![2.0]);
        assert_eq!(a.by_phase[2].outcomes, [0, 1, 0, 0]);
        // The bucket's lower bound belongs to it: 60 % is 60-80 %, 80 % is 80-100 %.
        g2.shares[4] = 0.6;
        g1.shares[2] = 0.8;
        let f = figures(&[g1, g2, g3], &[], 1500);
        assert_eq!(f["A"].by_phase[0].plies, vec![8.0]);
        assert_eq!(f["A"].by_phase[1].plies, vec![2.0]);
        let text = report(&[], &[], 1500);
        assert!(text.is_empty());
        let mut g = game(["A", "B"], Some(1.0), &[], &[0, 0, 1600, 0]);
        g.shares = vec![1.0, 1.0, 0.95, 0.9];
        let text = report(&[g, game(["A", "B"], None, &[], &[2000, 0])], &[], 1500);
        assert!(
            text.contains("    80-100 % of the pieces on the board there: 1 games, median 2 plies from there to the end; won 1, drawn 0, lost 0, disputed 0\n    60-80 % of the pieces on the board there: no game\n"),
            "{text}"
        );
        assert!(
            text.contains("(pieces not known in 1 games: their moves did not replay)"),
            "{text}"
        );
    }

    fn result(number: usize, black: &str, white: &str, verdict: Verdict) -> GameResult {
        GameResult {
            number: Some(number),
            names: [black.to_string(), white.to_string()],
            verdict,
            broken: false,
            first: Some("B".into()),
            sprt: Some("elo0=0 elo1=100 alpha=0.2 beta=0.2".into()),
            ending: String::new(),
        }
    }

    /// Re-scored under an adjudication rule: a game drawn at the limit whose scores agreed
    /// early becomes the leader's win; a game the rules ended on the very ply the scores first
    /// agree keeps its result (the match checks the rules first); the line counts how the
    /// adjudicated games went on as played.
    #[test]
    fn records_are_rescored_as_adjudication_would_have_ended_them() {
        let rule = Adjudication::new(1000, 2).unwrap();
        // Game 1: B (Black) moves first; plies 3 and 4 agree that White (A) leads.
        // Game 2: A (Black) moves first; only its last two plies agree, and the rules ended it.
        // Game 3: A (White) moves first and leads from ply 1; B won it in the end.
        let mut results = vec![
            GameResult {
                ending: "maximum game length (6 plies)".into(),
                ..result(1, "B", "A", Verdict::Draw)
            },
            GameResult {
                ending: "royal pieces captured".into(),
                ..result(2, "A", "B", Verdict::Win(Color::Black))
            },
            GameResult {
                ending: "royal pieces captured".into(),
                ..result(3, "B", "A", Verdict::Win(Color::Black))
            },
        ];
        let figures = vec![
            game(
                ["B", "A"],
                Some(0.5),
                &[],
                &[5, 9, -1200, 1500, -1300, 1800],
            ),
            game(["A", "B"], Some(1.0), &[], &[5, 9, 2000, -3000]),
            game(["A", "B"], Some(0.0), &[], &[1500, -1500, 7, 7]),
        ];
        let line = adjudicate(&mut results, &figures, &rule);
        assert_eq!(
            line,
            "Adjudicated at 1000 cp for 2 plies: 2 of 3 games end early (median ply 3); as \
             played on, the side adjudicated won 0, the other side won 1, 1 were drawn (1 at \
             the ply limit)\n"
        );
        assert_eq!(results[0].verdict, Verdict::Win(Color::White));
        assert_eq!(results[0].ending, "adjudicated");
        assert_eq!(results[1].verdict, Verdict::Win(Color::Black));
        assert_eq!(results[1].ending, "royal pieces captured");
        assert_eq!(results[2].verdict, Verdict::Win(Color::White));
    }

    /// The rules' reasons and the ply limit are counted as they read; the arbiter's rulings,
    /// whose text names an engine, by kind; most frequent first.
    #[test]
    fn games_are_counted_by_how_they_ended() {
        let reasons = [
            "royal pieces captured",
            "maximum game length (1000 plies)",
            "adjudicated: both engines scored White ahead by at least 3000 for 6 plies",
            "adjudicated: both engines scored Black ahead by at least 3000 for 6 plies",
            "royal pieces captured",
            "royal pieces captured",
            "net (Black) lost on time (10312 ms)",
            "hand (White) stalled (no move in 60 s)",
        ];
        let games: Vec<GameResult> = reasons
            .iter()
            .enumerate()
            .map(|(i, r)| GameResult {
                ending: ending(r),
                ..result(i + 1, "A", "B", Verdict::Draw)
            })
            .collect();
        let text = results(&games, None).unwrap();
        assert!(
            text.contains(
                "How the games ended: 3 royal pieces captured, 2 adjudicated, 1 engine fault, \
                 1 lost on time, 1 maximum game length (1000 plies)\n"
            ),
            "{text}"
        );
        for dispute in [
            "a (Black) played an illegal move: 1a1b",
            "HaChu (White) refused a move: Illegal move",
        ] {
            assert_eq!(ending(dispute), "illegal move or claim, or a rules dispute");
        }
    }

    /// The match result does not depend on the order of the games; the first engine is the
    /// records' `First`, the SPRT theirs, and the game at which it decides is found in
    /// game-number order.
    #[test]
    fn the_match_result_of_merged_records_is_that_of_one_run() {
        let mut games: Vec<GameResult> = (1..=12)
            .map(|n| {
                let v = if n % 3 == 0 {
                    Verdict::Draw
                } else {
                    Verdict::Win(Color::White)
                };
                if n % 2 == 1 {
                    result(n, "B", "A", v)
                } else {
                    result(n, "A", "B", v)
                }
            })
            .collect();
        let text = results(&games, None).unwrap();
        games.reverse();
        assert_eq!(results(&games, None).unwrap(), text);
        assert!(
            text.starts_with("Result: 12 games, numbered 1 to 12, each once\n"),
            "{text}"
        );
        assert!(text.contains("\n#1 B "), "{text}");
        assert!(text.contains("\nB: +4 =4 -4"), "{text}");
        assert!(
            text.contains("SPRT [0, 100] alpha 0.2 beta 0.2 on all 12 games"),
            "{text}"
        );
        // An SPRT given overrides the records'.
        let p = SprtParams::parse(&["elo0=-5 elo1=5"]).unwrap();
        assert!(
            results(&games, Some(p))
                .unwrap()
                .contains("SPRT [-5, 5] alpha 0.05")
        );
        // Records of different tests are judged by none unless one is given.
        let mut other = games.clone();
        other[0].sprt = None;
        let text = results(&other, None).unwrap();
        assert!(text.contains("name different SPRT tests"), "{text}");
        assert!(!text.contains("SPRT ["), "{text}");
        assert!(results(&other, Some(p)).unwrap().contains("SPRT [-5, 5]"));
        // A gap and a repeat are named; records without one first engine get no SPRT.
        games.pop();
        games.push(games[0].clone());
        games[1].first = Some("A".into());
        let text = results(&games, None).unwrap();
        assert!(
            text.contains("numbered 2 to 12, repeated: 12 (2 times)"),
            "{text}"
        );
        assert!(text.contains("do not name one first engine"), "{text}");
        assert!(!text.contains("SPRT ["), "{text}");
    }

    #[test]
    fn records_are_read_back_with_the_movers_in_order() {
        let text = "[Event \"shishi match\"]\n[Game \"1\"]\n[Black \"A\"]\n[White \"B\"]\n\
            [SFEN \"9/9 w - 1\"]\n[Result \"0-1\"]\n[Plies \"3\"]\n[Clocks \"100 200 90\"]\n\
            [Scores \"12 - #3\"]\n\n1... 1a1b 2. 2a2b 2b2c 0-1\n\n\
            [Event \"shishi match\"]\n[Black \"B\"]\n[White \"A\"]\n[SFEN \"9/9 b - 1\"]\n\
            [Result \"*\"]\n[Plies \"0\"]\n\n*\n\n";
        let games = read_records(text).unwrap();
        assert_eq!(games.len(), 2);
        // White moved first and won.
        assert_eq!(games[0].movers, ["B".to_string(), "A".to_string()]);
        assert_eq!(games[0].first_mover_score, Some(1.0));
        assert_eq!(games[0].clocks, vec![100, 200, 90]);
        assert_eq!(
            games[0].scores,
            vec![Some(Score::Cp(12)), None, Some(Score::Mate(3))]
        );
        assert_eq!(games[1].first_mover_score, None);
        assert!(read_records("[Event \"x\"]\n[Black \"A\"]\n").is_err());
        assert!(
            read_records(&text.replace("[Clocks \"100 200 90\"]", "[Clocks \"100\"]")).is_err()
        );
    }
}
