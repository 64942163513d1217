//! Cross-checks of the fast generator against the naive one: move sets on start positions,
//! on hand-made positions and along random playouts, naive make against fast make, and perft.

use super::*;
use crate::rules::moves::Move;

use crate::testing::Rng;

/// What the compared positions contained: (moves, multi-captures, promotions, passes).
type Tally = [usize; 4];

/// Compares the move sets of both generators; `Err` describes every difference.
fn compare(pos: &Position, history: &[String]) -> Result<Vec<Effect>, String> {
    let fast = fast_moves(pos);
    let naive = naive_moves(pos);
    let mut dups: Vec<String> = Vec::new();
    for w in fast.windows(2) {
        if w[0] == w[1] {
            dups.push(w[0].to_string());
        }
    }
    if fast == naive {
        return Ok(naive);
    }
    let fset: BTreeSet<&Effect> = fast.iter().collect();
    let nset: BTreeSet<&Effect> = naive.iter().collect();
    let only_fast: Vec<String> = fset.difference(&nset).map(|e| e.to_string()).collect();
    let only_naive: Vec<String> = nset.difference(&fset).map(|e| e.to_string()).collect();
    Err(format!(
        "move sets differ\n  sfen: {}\n  history: {}\n  only fast: {:?}\n  only naive: {:?}\n  fast duplicates: {:?}",
        pos.to_sfen(),
        history.join(" "),
        only_fast,
        only_naive,
        dups
    ))
}

fn pos_of(variant: Variant, rules: RuleSet, sfen: &str) -> Position {
    Position::from_sfen(variant, rules, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// Plays `games` random games from `sfen`, comparing both generators at every ply and the
/// naive make against the fast make after every move. Returns the number of positions
/// compared.
fn playouts(
    variant: Variant,
    rules: RuleSet,
    sfen: &str,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> (usize, Tally) {
    let mut rng = Rng(seed | 1);
    let mut compared = 0;
    let mut tally = [0; 4];
    for _ in 0..games {
        let mut pos = pos_of(variant, rules, sfen);
        let mut naive = NaivePos::from_position(&pos);
        let mut history: Vec<String> = Vec::new();
        for _ in 0..max_plies {
            match compare(&pos, &history) {
                Err(e) => panic!("{} {}: {e}", variant.name(), rules.name()),
                Ok(moves) => {
                    tally[0] += moves.len();
                    tally[1] += moves.iter().filter(|e| e.captured.len() > 1).count();
                    tally[2] += moves.iter().filter(|e| e.promotes).count();
                    tally[3] += moves
                        .iter()
                        .filter(|e| e.from == e.to && e.captured.is_empty())
                        .count();
                }
            }
            compared += 1;
            for c in [Color::Black, Color::White] {
                assert_eq!(
                    pos.in_check(c),
                    naive.in_check(c),
                    "{} {}: check of {c:?} after {}\n  sfen: {}",
                    variant.name(),
                    rules.name(),
                    history.join(" "),
                    pos.to_sfen()
                );
            }
            let mut list = Vec::new();
            movegen::generate(&pos, &mut list);
            if list.is_empty() {
                break;
            }
            // Bias toward captures so positions open up, but rarely take a royal piece
            // (that ends the game).
            let cat = pos.catalogue();
            let takes_royal = |m: Move| pos.captures_of(m).iter().any(|&(_, p)| cat.royal(p));
            if rng.below(16) != 0 {
                let keep: Vec<Move> = list.iter().copied().filter(|&m| !takes_royal(m)).collect();
                if !keep.is_empty() {
                    list = keep;
                }
            }
            let captures: Vec<Move> = list
                .iter()
                .copied()
                .filter(|&m| !pos.captures_of(m).is_empty())
                .collect();
            let most = list
                .iter()
                .map(|&m| pos.captures_of(m).len())
                .max()
                .unwrap_or(0);
            let mv = if most > 1 && rng.below(3) == 0 {
                let best: Vec<Move> = list
                    .iter()
                    .copied()
                    .filter(|&m| pos.captures_of(m).len() == most)
                    .collect();
                best[rng.below(best.len())]
            } else if !captures.is_empty() && rng.below(4) != 0 {
                captures[rng.below(captures.len())]
            } else {
                list[rng.below(list.len())]
            };
            let effect = effect_of(&pos, mv);
            history.push(mv.text());
            naive = naive.apply(&effect);
            pos.make(mv);
            let copied = NaivePos::from_position(&pos);
            assert!(
                copied == naive,
                "{} {}: naive make and fast make disagree after {}\n  sfen: {}\n  fast state: lion {:?} suspended {:?}\n  naive state: lion {:?} suspended {:?}",
                variant.name(),
                rules.name(),
                history.join(" "),
                pos.to_sfen(),
                copied.lion_capture,
                copied.suspended,
                naive.lion_capture,
                naive.suspended
            );
        }
    }
    (compared, tally)
}

/// Hand-made chu positions full of lions, promoted pieces and pawns near the zone.
const CHU_STRESS: [&str; 10] = [
    "5k6/12/12/12/2pGpGpGpG2/2N+op+Hn+DsG2/2gPgPgPgP2/2+On+hp+dNiI2/2PgPgPgPg2/12/12/6K5 b - 1",
    "5k6/12/12/12/2pGpGpGpG2/2N+op+Hn+DsG2/2gPgPgPgP2/2+On+hp+dNiI2/2PgPgPgPg2/12/12/6K5 w - 1",
    "5k6/2p1p1p1p3/1P1P1P1P1P2/12/3L1S1G1R2/12/12/2r1g1s1l3/12/2p1p1p1p1p1/3P1P1P1P2/6K5 b - 1",
    "5k6/2p1p1p1p3/1P1P1P1P1P2/12/3L1S1G1R2/12/12/2r1g1s1l3/12/2p1p1p1p1p1/3P1P1P1P2/6K5 w - 1",
    "5k6/12/3G1n6/12/3B2R5/2n9/1+O10/12/4d7/12/12/6K5 b 8i 1 9c",
    "3k8/2+h2n2+d3/p1+o3o2x2/1p2N2+e1p2/12/4n2N4/2+D3+O2+H2/12/P1P2+P3PPP/12/1+E8X1/5K6 b - 1",
    "k11/12/3p2s5/2g1n1+o5/3i1p1n4/2N1+O1L5/4N7/1+H3+D6/PPP3l3PP/5G6/12/11K b - 1",
    "k11/12/3p2s5/2g1n1+o5/3i1p1n4/2N1+O1L5/4N7/1+H3+D6/PPP3l3PP/5G6/12/11K w - 1",
    "l1cs1k1gs1fl/1+r3n3+b2/2p1pnop1p2/p3t3p2p/3I4i3/1P3N2l3/2N2+o4P1/3I4I3/P1P3PP1p1P/6+O3L1/A10a/L3K1E3+P1 b - 1",
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
];

/// Hand-made dai dai positions with lion dogs, great elephants, furious fiends, hook movers.
const DAIDAI_STRESS: [&str; 5] = [
    "8k8/17/17/17/17/17/3(LD)p(ln)P+(ld)g+(LN)s(HM)5/3pGpGpGpGp5/3+(EA)s(ld)S+(LD)(lo)+(ln)G(ld)5/3gPgPgPgPg5/3(LN)p+(LD)p+(LN)p(LD)p(NK)5/17/17/17/17/17/8K8 b 1",
    "8k8/17/17/17/17/17/3(LD)p(ln)P+(ld)g+(LN)s(HM)5/3pGpGpGpGp5/3+(EA)s(ld)S+(LD)(lo)+(ln)G(ld)5/3gPgPgPgPg5/3(LN)p+(LD)p+(LN)p(LD)p(NK)5/17/17/17/17/17/8K8 w 1",
    "8k8/2(ln)3(ld)4+(ld)5/(hm)5p3(lo)2+(ln)3/17/3p2(ea)1(kr)2(ph)3(po)1/1(NK)3(LD)2(LN)3(HM)1(OK)2/4+(LD)3+(LN)3+(EA)4/2(LO)5(BM)4(OR)3/17/17/17/17/17/17/17/17/8K8 b 1",
    "8k8/2(ln)3(ld)4+(ld)5/(hm)5p3(lo)2+(ln)3/17/3p2(ea)1(kr)2(ph)3(po)1/1(NK)3(LD)2(LN)3(HM)1(OK)2/4+(LD)3+(LN)3+(EA)4/2(LO)5(BM)4(OR)3/17/17/17/17/17/17/17/17/8K8 w 1",
    "l(hm)(dv)r(sq)(dk)(ft)(rg)k(lg)q(fr)(dh)(ra)(sd)(lo)l/(rv)(po)(ld)(bm)(fd)(rb)(kr)g(nk)g(ph)(cs)(ps)(or)(ln)(ok)(rv)/1b1(eb)1(fh)1s(gd)s1(wb)1(ef)1(vm)1/(wt)(we)(so)(ea)w(sg)ic(gb)ci(sg)w(wba)(no)(fe)(bd)/(rc)(sm)(vo)(ab)(ew)(vb)(fl)(st)(sb)(st)(fl)(vb)(ew)(ab)(vo)(sm)(lc)/17/17/17/17/17/17/17/(LC)(SM)(VO)(AB)(EW)(VB)(FL)(ST)(SB)(ST)(FL)(VB)(EW)(AB)(VO)(SM)(RC)/(BD)(FE)(NO)(WBA)W(SG)IC(GB)CI(SG)W(EA)(SO)(WE)(WT)/1(VM)1(EF)1(WB)1S(GD)S1(FH)1(EB)1B1/(RV)(OK)(LN)(OR)(PS)(CS)(PH)G(NK)G(KR)(RB)(FD)(BM)(LD)(PO)(RV)/L(LO)(SD)(RA)(DH)(FR)Q(LG)K(RG)(FT)(DK)(SQ)R(DV)(HM)L b 1",
];

/// Debug builds are ~20x slower: fewer games there.
fn scale(n: usize) -> usize {
    if cfg!(debug_assertions) {
        n.div_ceil(10)
    } else {
        n
    }
}

#[test]
fn naive_agrees_on_start_positions() {
    for (variant, rules) in [
        (Variant::Chu, RuleSet::Seed),
        (Variant::Chu, RuleSet::Lishogi),
        (Variant::Chu, RuleSet::Jcsa),
        (Variant::DaiDai, RuleSet::Seed),
    ] {
        let pos = Position::start(variant, rules);
        compare(&pos, &[]).unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(
        naive_moves(&Position::start(Variant::Chu, RuleSet::Seed)).len(),
        36
    );
}

#[test]
fn naive_agrees_on_stress_positions() {
    for sfen in CHU_STRESS {
        for rules in [RuleSet::Seed, RuleSet::Lishogi, RuleSet::Jcsa] {
            if rules != RuleSet::Seed && sfen.split_whitespace().count() > 4 {
                continue; // suspended promotions exist only under seed rules
            }
            compare(&pos_of(Variant::Chu, rules, sfen), &[]).unwrap_or_else(|e| panic!("{e}"));
        }
    }
    for sfen in DAIDAI_STRESS {
        compare(&pos_of(Variant::DaiDai, RuleSet::Seed, sfen), &[])
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

fn run_playouts(variant: Variant, rules: RuleSet, starts: &[&str], games: usize, plies: usize) {
    let mut total = 0;
    let mut tally = [0; 4];
    for (i, sfen) in starts.iter().enumerate() {
        let seed = 0x9e37_79b9 + i as u64 * 7919;
        let (n, t) = playouts(variant, rules, sfen, scale(games), plies, seed);
        total += n;
        for k in 0..4 {
            tally[k] += t[k];
        }
    }
    eprintln!(
        "naive playouts {} {}: {total} positions compared, {} moves, {} multi-captures, {} promotions, {} passes",
        variant.name(),
        rules.name(),
        tally[0],
        tally[1],
        tally[2],
        tally[3]
    );
}

#[test]
fn naive_playouts_chu_seed() {
    run_playouts(Variant::Chu, RuleSet::Seed, &CHU_STRESS, 150, 250);
}

#[test]
fn naive_playouts_chu_lishogi() {
    let starts: Vec<&str> = CHU_STRESS
        .iter()
        .copied()
        .filter(|s| s.split_whitespace().count() < 5)
        .collect();
    run_playouts(Variant::Chu, RuleSet::Lishogi, &starts, 150, 250);
}

#[test]
fn naive_playouts_chu_jcsa() {
    let starts: Vec<&str> = CHU_STRESS
        .iter()
        .copied()
        .filter(|s| s.split_whitespace().count() < 5)
        .chain(JCSA_STARTS)
        .collect();
    run_playouts(Variant::Chu, RuleSet::Jcsa, &starts, 100, 250);
}

/// Starts for the jcsa playouts where the counter-strike ban, protected and unprotected
/// lions, falcons and eagles next to lions, and lances near the last rank come up early.
const JCSA_STARTS: [&str; 3] = [
    // Lions, a kirin, a falcon and an eagle in reach of each other, a bare king close.
    "3k8/12/2L3n5/3+h2+d5/4N2r4/5Nn5/3R2N5/5+D+H5/4N1O5/12/12/8K3 b - 1",
    // Counter-strike pending: White's lion on 5g was just taken; Black lions to take.
    "6k5/2l9/12/4n7/3+hN2+D4/4pG6/5O1G4/12/4N1n5/12/1L10/6K5 w 7f 2",
    // Lances and pawns about to reach the last rank, and a few pieces left.
    "5k6/1L1L2P5/P2P8/12/7n4/12/12/4N7/12/8p3/2l4l4/6K5 b - 1",
];

#[test]
fn naive_playouts_daidai() {
    run_playouts(Variant::DaiDai, RuleSet::Seed, &DAIDAI_STRESS, 80, 250);
}

#[test]
fn naive_perft_matches_fast_perft_on_start_positions() {
    let chu_depth = if cfg!(debug_assertions) { 2 } else { 3 };
    for (variant, rules, depth) in [
        (Variant::Chu, RuleSet::Seed, chu_depth),
        (Variant::Chu, RuleSet::Lishogi, chu_depth),
        (Variant::Chu, RuleSet::Jcsa, chu_depth),
        (Variant::DaiDai, RuleSet::Seed, 2),
    ] {
        let mut pos = Position::start(variant, rules);
        let fast = crate::perft::perft(&mut pos, depth);
        assert_eq!(
            naive_perft(&pos, depth),
            fast,
            "{} {}",
            variant.name(),
            rules.name()
        );
    }
}

#[test]
fn naive_perft_matches_suites() {
    let max_depth = if cfg!(debug_assertions) { 2 } else { 3 };
    for file in [
        "perft-suites/chu.epd",
        "perft-suites/daidai.epd",
        "perft-suites/chu-jcsa.epd",
    ] {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        let text = std::fs::read_to_string(&path).expect("suite file exists");
        let entries = crate::perft::suite::parse_suite(&text).expect("suite file parses");
        let least = if file.ends_with("jcsa.epd") { 15 } else { 40 };
        assert!(entries.len() >= least, "{file}: at least {least} positions");
        for entry in entries {
            let i = entry.line - 1;
            let pos = pos_of(entry.variant, entry.rules, &entry.sfen);
            compare(&pos, &[]).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            for depth in 1..=max_depth {
                let naive = naive_perft(&pos, depth);
                let fast = crate::perft::perft(&mut pos.clone(), depth);
                assert_eq!(naive, fast, "{file}:{}: D{depth} naive vs fast", i + 1);
                if let Some(&(_, n)) = entry.counts.iter().find(|c| c.0 == depth) {
                    assert_eq!(naive, n, "{file}:{}: D{depth} naive vs file", i + 1);
                }
            }
        }
    }
}

/// `NAIVE_SUITE=<file> [NAIVE_DEPTH=3] cargo test --release print_naive_counts -- --ignored
/// --nocapture` prints the suite back with counts from the naive generator only.
#[test]
#[ignore]
fn print_naive_counts() {
    let path = std::env::var("NAIVE_SUITE").expect("set NAIVE_SUITE to a suite file");
    let depth: u32 = std::env::var("NAIVE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let text = std::fs::read_to_string(&path).expect("readable suite");
    for entry in crate::perft::suite::parse_suite(&text).expect("suite parses") {
        let pos = pos_of(entry.variant, entry.rules, &entry.sfen);
        let naive = NaivePos::from_position(&pos);
        let counts: Vec<(u32, u64)> = (1..=depth)
            .map(|d| (d, naive_perft_from(&naive, d)))
            .collect();
        println!("{}", entry.with_counts(&counts));
    }
}

/// Unmaking a drunk elephant's promotion to crown prince must restore the royal count: here
/// Black plays DE 6e-6d+ (then takes it back), and later lines where White's rook takes the
/// Black king must leave Black without moves.
#[test]
fn crown_prince_promotion_unmake_keeps_royal_count() {
    let sfen = "k11/12/12/12/6E5/12/12/12/12/12/12/r10K b - 1";
    let pos = pos_of(Variant::Chu, RuleSet::Seed, sfen);
    for depth in 1..=3 {
        let fast = crate::perft::perft(&mut pos.clone(), depth);
        assert_eq!(naive_perft(&pos, depth), fast, "D{depth}");
    }
}
