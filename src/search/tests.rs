//! Search behaviour on hand-made positions whose answers are proved in the comments.

use super::*;
use crate::rules::{Color, RuleSet, Square, Variant, attacks};

fn chu(sfen: &str) -> Position {
    Position::from_sfen(Variant::Chu, RuleSet::Seed, sfen).unwrap()
}

fn search(pos: &Position, limits: Limits) -> SearchResult {
    Searcher::new(16, 1)
        .unwrap()
        .search(pos, limits, Arc::new(|_| {}))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        multipv: 1,
        ..Limits::default()
    }
}

#[test]
fn takes_the_last_royal_in_one() {
    // Black rook 6l, file 6 empty up to White's only royal on 6a.
    let pos = chu("6k5/12/12/12/12/12/12/12/12/12/12/6R4K b - 1");
    let r = search(&pos, depth(3));
    // Promoting on the way (the rook enters the zone) is as good.
    assert_eq!(
        r.best
            .map(|m| m.text().trim_end_matches('+').to_string())
            .as_deref(),
        Some("6l6a")
    );
    assert_eq!(score::mate_moves(r.score), 1);
}

#[test]
fn wins_in_two() {
    // White king 1a walled in by its own pawns 1b, 2b. R5c-5a attacks 2a and 1a; whatever
    // White does (pawn moves, or the king to 2a) the rook takes the king next move. No
    // capture of the king is possible on the first move.
    let pos = chu("11k/10pp/7R4/12/12/12/12/12/12/12/12/K11 b - 1");
    let r = search(&pos, depth(5));
    assert_eq!(score::mate_moves(r.score), 2, "{r:?}");
    assert_eq!(
        r.best
            .map(|m| m.text().trim_end_matches('+').to_string())
            .as_deref(),
        Some("5c5a")
    );
}

#[test]
fn wins_in_three_against_two_royals() {
    // White king 1a and crown prince 12a, each boxed by its own pawns on rank b; White has
    // nothing that can leave rank a or block it. R6c-6a attacks the whole rank; then the rook
    // takes one royal and, next move, the other: three moves, and no faster way exists
    // (the rook reaches rank a only on its first move and takes one piece per move).
    let pos = chu("+e10k/pp8pp/6R5/12/12/12/12/12/12/12/12/6K5 b - 1");
    let r = search(&pos, depth(7));
    assert_eq!(score::mate_moves(r.score), 3, "{r:?}");
}

#[test]
fn a_check_beyond_late_move_pruning_is_seen() {
    // Shishi's position at ply 138 of game 12 of results/hachu-tenth-09897c7.txt.gz (lishogi
    // rules), which it played 8g8h at +3406 from depth 4 and lost: White's 6h5j puts its lion
    // two squares from Black's king on 7l, and then 5j6k7l takes the phoenix and the king in
    // one move; after 8g8h Black cannot prevent it (a search from there proves mate in two
    // at depth 1). At depth 4, 6h5j is a quiet move of White's at depth 3 that late-move
    // pruning reached only after dozens of others; as a check it must still be searched.
    let pos = Position::from_sfen(
        Variant::Chu,
        RuleSet::Lishogi,
        "4g1kg3l/5eo1sf1a/1+L3f3c2/7t1p1p/12/10Q1/4N2+h4/6n4P/1P2PP2P3/1B6C3/1F2TOXT3A/\
         2CSGKEGS1FL b - 143",
    )
    .unwrap();
    let mut after = pos.clone();
    after.make(after.parse_move("8g8h").unwrap());
    assert!(score::is_mate(search(&after, depth(1)).score));
    let r = search(&pos, depth(4));
    assert_ne!(r.best.map(|m| m.text()).as_deref(), Some("8g8h"), "{r:?}");
}

#[test]
fn does_not_leave_its_lion_hanging() {
    // White silver 6f attacks the Black lion on 7g (silver steps diagonally backward from
    // White's view: 6f -> 7g). The lion must move or take the silver; whatever it does, in
    // the resulting position no White piece may attack it.
    let pos = chu("6k5/12/12/12/12/6s5/5N6/12/12/12/12/6K5 b - 1");
    let r = search(&pos, depth(4));
    let mut after = pos.clone();
    after.make(r.best.expect("a move"));
    let lion = after
        .pieces(Color::Black)
        .iter()
        .copied()
        .find(|&sq| {
            after
                .piece_at(sq)
                .is_some_and(|p| after.catalogue().is_lion(p))
        })
        .expect("the lion survives");
    let attacked = after.pieces(Color::White).iter().any(|&sq| {
        let p = after.piece_at(sq).unwrap();
        attacks::can_capture_on(after.catalogue(), &after.board, p, sq, lion)
    });
    assert!(!attacked, "lion left en prise after {}", r.best.unwrap());
}

#[test]
fn seed_rules_never_repeat_a_position() {
    // After 12l12k 1a1b 12k12l, White's 1b1a would recreate the start position with Black to
    // move, which the seed rule forbids; White has other king moves.
    let mut pos = chu("11k/12/12/12/p11/12/12/12/12/12/12/K10P b - 1");
    for m in ["12l12k", "1a1b", "12k12l"] {
        let mv = pos.parse_move(m).unwrap();
        pos.make(mv);
    }
    let r = search(&pos, depth(4));
    assert_ne!(r.best.map(|m| m.text()).as_deref(), Some("1b1a"));
    assert!(pos.game_moves().contains(&r.best.unwrap()));
}

#[test]
fn lishogi_search_does_not_save_a_lost_position_by_perpetual_check() {
    // White king 1a is walled in by its own pawns 2a 2b 2c 1c (the gold 1d guards 1c). The
    // Black phoenix checks by its diagonal jump, which nothing can block or take: 4c3c, and
    // the king's only step is to 1b; 3c3d checks it there, and its only step is back to 1a;
    // 3d3c repeats. Black's phoenix is all it has against the pawns and four golds, so a
    // draw would save it, but under lishogi's rule the side that checked throughout the
    // cycle loses: the search must take the lost material score (no mate) instead.
    let pos = Position::from_sfen(
        Variant::Chu,
        RuleSet::Lishogi,
        "10pk/10p1/8X1pp/11g/ggg9/12/12/12/12/12/12/6K5 b - 1",
    )
    .unwrap();
    let r = search(&pos, depth(6));
    assert!(r.score < score::DRAW && !score::is_mate(r.score), "{r:?}");
}

#[test]
fn jcsa_search_repeats_for_a_draw_where_the_rule_lets_it() {
    // Black has a pawn against White's rook, far from both kings. After 12l12k 1a1b 12k12l
    // 1b1a, Black's 12l12k recreates the position after its first move. Nobody checked or
    // attacked in the cycle, so the JCSA rule (chu.md §8) makes nobody deviate and the
    // repetition is a draw: the search takes it (score 0) rather than play on a rook down.
    // Under the seed rules the same move is illegal and the search has only the lost
    // positions.
    let line = ["12l12k", "1a1b", "12k12l", "1b1a"];
    let after = |rules| {
        let mut pos = Position::from_sfen(
            Variant::Chu,
            rules,
            "11k/12/12/12/11r/12/12/12/P11/12/12/K11 b - 1",
        )
        .unwrap();
        for m in line {
            let mv = pos.parse_move(m).unwrap();
            pos.make(mv);
        }
        pos
    };
    let r = search(&after(RuleSet::Jcsa), depth(4));
    assert_eq!(r.best.map(|m| m.text()).as_deref(), Some("12l12k"), "{r:?}");
    assert_eq!(r.score, score::DRAW, "{r:?}");
    let r = search(&after(RuleSet::Seed), depth(4));
    assert_ne!(r.best.map(|m| m.text()).as_deref(), Some("12l12k"), "{r:?}");
    assert!(r.score < score::DRAW, "{r:?}");
}

#[test]
fn jcsa_search_never_repeats_as_the_side_that_must_deviate() {
    // The lishogi position above, under the JCSA rules: Black's phoenix checks on every move
    // of the cycle, so Black is the side that must deviate (chu.md §8) and may not repeat;
    // the search must take the lost material score instead of a draw.
    let pos = Position::from_sfen(
        Variant::Chu,
        RuleSet::Jcsa,
        "10pk/10p1/8X1pp/11g/ggg9/12/12/12/12/12/12/6K5 b - 1",
    )
    .unwrap();
    let r = search(&pos, depth(6));
    assert!(r.score < score::DRAW && !score::is_mate(r.score), "{r:?}");
}

#[test]
fn stop_ends_an_infinite_search() {
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let searcher = Searcher::new(16, 2).unwrap();
    let handle = searcher.start(
        &pos,
        Limits {
            infinite: true,
            multipv: 1,
            ..Limits::default()
        },
        Arc::new(|_| {}),
        || {},
    );
    std::thread::sleep(Duration::from_millis(50));
    assert!(!handle.is_finished(), "an infinite search waits for stop");
    handle.stop();
    let r = handle.wait();
    assert!(pos.clone().game_moves().contains(&r.best.expect("a move")));
}

#[test]
fn every_thread_count_returns_a_legal_move() {
    for variant in [Variant::Chu, Variant::DaiDai] {
        let pos = Position::start(variant, RuleSet::Seed);
        for threads in 1..=4 {
            let searcher = Searcher::new(8, threads).unwrap();
            let infos = Arc::new(Mutex::new(Vec::new()));
            let sink = infos.clone();
            let r = searcher.search(
                &pos,
                depth(4),
                Arc::new(move |i: &Info| sink.lock().unwrap().push(i.clone())),
            );
            let best = r.best.expect("a move");
            assert!(pos.clone().game_moves().contains(&best), "{threads}");
            // Whichever thread finished the depth first, the answer is of exactly that depth
            // and the last report describes the move played.
            assert_eq!(r.depth, 4, "{threads}");
            let infos = infos.lock().unwrap();
            let last = infos.last().expect("a report");
            assert_eq!((last.depth, last.pv[0]), (4, best), "{threads}");
        }
    }
}

#[test]
fn node_and_multipv_limits_are_respected() {
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let limits = Limits {
        depth: Some(3),
        multipv: 3,
        ..Limits::default()
    };
    Searcher::new(8, 1).unwrap().search(
        &pos,
        limits,
        Arc::new(move |i: &Info| sink.lock().unwrap().push(i.clone())),
    );
    let lines = lines.lock().unwrap();
    let last: Vec<&Info> = lines.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(last.len(), 3);
    let firsts: std::collections::HashSet<_> = last.iter().map(|i| i.pv[0]).collect();
    assert_eq!(firsts.len(), 3, "MultiPV lines start with different moves");
    let r = search(
        &pos,
        Limits {
            nodes: Some(5_000),
            multipv: 1,
            ..Limits::default()
        },
    );
    assert!(r.nodes < 50_000, "{}", r.nodes);
}

#[test]
fn a_side_without_moves_gets_no_move() {
    // Black has no royal left: the game is over, there is nothing to play.
    let pos = chu("6k5/12/12/12/12/12/12/12/12/12/12/6R5 b - 1");
    assert!(search(&pos, depth(2)).best.is_none());
}

#[test]
fn a_helper_that_completes_the_depth_first_ends_the_search_with_its_answer() {
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let limits = depth(6);
    let shared = Shared::new(&limits, None);
    let tt = tt::TranspositionTable::new(1).unwrap();
    let played = pos.clone().game_moves()[3];
    let mut after = pos.clone();
    after.make(played);
    let reply = after.game_moves()[0];
    shared.publish(5, 9, 40, &[played, reply]);
    shared.check_limits();
    assert!(!shared.stop.load(Relaxed), "depth 5 of 6: go on");
    shared.publish(4, 9, 90, &[reply]);
    shared.publish(6, 9, 70, &[played, reply]);
    shared.check_limits();
    assert!(shared.stop.load(Relaxed), "a helper completed depth 6");
    let reports = Arc::new(Mutex::new(Vec::new()));
    let sink = reports.clone();
    let info: InfoSink = Arc::new(move |i: &Info| sink.lock().unwrap().push(i.clone()));
    let mut result = SearchResult {
        depth: 5,
        best: Some(reply),
        ..SearchResult::default()
    };
    adopt_deeper_helper(&mut result, &limits, &tt, &shared, &info);
    assert_eq!(
        (result.best, result.ponder, result.score, result.depth),
        (Some(played), Some(reply), 70, 6)
    );
    let reports = reports.lock().unwrap();
    assert_eq!((reports.len(), reports[0].depth), (1, 6));
    // The main thread's own answer stands when it went as deep.
    let mut result = SearchResult {
        depth: 6,
        best: Some(reply),
        ..SearchResult::default()
    };
    adopt_deeper_helper(&mut result, &limits, &tt, &shared, &info);
    assert_eq!(result.best, Some(reply));
}

#[test]
fn quiescence_leaves_out_captures_that_give_a_piece_for_a_cheaper_guarded_one() {
    // Black rooks on 6i and 3i look up their files at White pawns on 6e and 3e; the gold on
    // 6d guards 6e (a White gold steps forward, towards rank l), nothing guards 3e. Black's
    // pawn on 9f can take the silver on 9e, which the gold on 9d guards.
    let pos = chu("k11/12/12/3g2g5/3s2p2p2/3P8/12/12/6R2R2/12/12/11K b - 1");
    let mv = |from: (usize, usize), to: (usize, usize)| {
        Move::simple(Square::new(from.0, from.1), Square::new(to.0, to.1))
    };
    let rook_takes_guarded_pawn = mv((5, 8), (5, 4));
    let rook_takes_free_pawn = mv((2, 8), (2, 4));
    let pawn_takes_guarded_silver = mv((8, 5), (8, 4));
    let legal = pos.clone().game_moves();
    for m in [
        rook_takes_guarded_pawn,
        rook_takes_free_pawn,
        pawn_takes_guarded_silver,
    ] {
        assert!(legal.contains(&m), "{}", m.text());
    }
    assert!(ordering::gives_material_away(&pos, rook_takes_guarded_pawn));
    assert!(!ordering::gives_material_away(&pos, rook_takes_free_pawn));
    assert!(!ordering::gives_material_away(
        &pos,
        pawn_takes_guarded_silver
    ));
}

#[test]
fn the_quiescence_search_uses_the_table_in_chu_only() {
    // A one-ply search runs the quiescence search in every child position; afterwards the
    // table holds those children at depth 0 in chu and holds none of them in dai dai
    // (docs/search.md, sixth session: measured faster in chu, slower in dai dai).
    for (variant, expected) in [(Variant::Chu, true), (Variant::DaiDai, false)] {
        let pos = Position::start(variant, RuleSet::Seed);
        let limits = depth(1);
        let shared = Shared::new(&limits, None);
        let tt = tt::TranspositionTable::new(1).unwrap();
        let mut w = alphabeta::Worker::with_scratch(
            pos.clone(),
            &tt,
            &shared,
            true,
            alphabeta::Scratch::new(),
        );
        w.root(-score::INFINITE, score::INFINITE, 1);
        let stored = pos
            .clone()
            .game_moves()
            .into_iter()
            .filter(|&mv| {
                let mut child = pos.clone();
                child.make(mv);
                tt.probe(child.key(), 1).is_some_and(|h| h.depth == 0)
            })
            .count();
        assert_eq!(
            stored > 0,
            expected,
            "{variant:?}: {stored} children stored"
        );
    }
}

#[test]
fn a_new_game_empties_the_table_where_it_is() {
    // A fresh table costs the next searches a page fault on nearly every entry they write,
    // so a new game (and a `USI_Hash` of the same size) clears the table in place instead.
    let mut searcher = Searcher::new(8, 1).unwrap();
    let table = Arc::as_ptr(&searcher.tt);
    let start = Position::start(Variant::Chu, RuleSet::Seed);
    searcher.search(&start, depth(4), Arc::new(|_| {}));
    assert!(searcher.tt.probe(start.key(), 0).is_some());
    searcher.new_game();
    assert!(searcher.tt.probe(start.key(), 0).is_none());
    searcher.search(&start, depth(4), Arc::new(|_| {}));
    searcher.set_hash(8).unwrap();
    assert!(searcher.tt.probe(start.key(), 0).is_none());
    assert_eq!(Arc::as_ptr(&searcher.tt), table, "the same table");
    searcher.set_hash(9).unwrap();
    assert_eq!(searcher.hash_mb(), 9);
}

/// From a self-play game (engine-tests/data/mate-chu-seed.txt, line 19): Black is far
/// ahead and wins by a chain of threats 25 plies long, which alpha-beta at 100 000 nodes does
/// not see (it scores the root about +6 000; since checks are spared from late-move pruning,
/// 200 000 nodes find a mate in seven).
const LONG_FORCED_WIN: &str =
    "2+Vs4s2l/5+A2cf2/3kc5t1/3ft7/3e2N5/11a/2+L9/12/1P1P1CP4P/9M2/4T1T1CF1A/1F1SGKEGS2L b - 263";

fn nodes(n: u64) -> Limits {
    Limits {
        nodes: Some(n),
        multipv: 1,
        ..Limits::default()
    }
}

#[test]
fn a_lead_held_through_a_search_plays_the_forced_win_the_mate_probe_proves() {
    let pos = chu(LONG_FORCED_WIN);
    let searcher = Searcher::new(16, 1).unwrap();
    let run = || searcher.search(&pos, nodes(100_000), Arc::new(|_| {}));
    // The first search only learns that the side to move leads; the second probes.
    let first = run();
    assert!(
        first.score >= mate_probe::PROBE_SCORE && !score::is_mate(first.score),
        "score {}",
        first.score
    );
    let result = run();
    assert!(
        score::is_mate(result.score) && result.score > 0,
        "score {}",
        result.score
    );
    // The move keeps the win forced: every answer leaves a position the solver proves.
    let mut after = pos.clone();
    after.make(result.best.unwrap());
    let mut solver = crate::mate::Solver::new(8 << 20);
    let limits = crate::mate::Limits {
        nodes: Some(2_000_000),
        time: None,
        any: true,
    };
    for answer in after.clone().game_moves() {
        let mut p = after.clone();
        p.make(answer);
        let report = solver.solve(&p, &limits, None, &mut |_| {});
        assert!(
            matches!(report.verdict, crate::mate::Verdict::Mate(_)) || p.outcome().is_some(),
            "{} {}: {:?}",
            result.best.unwrap().text(),
            answer.text(),
            report.verdict
        );
    }
}

#[test]
fn searches_without_a_budget_or_at_a_level_do_not_probe() {
    // Fixed-depth searches stay what they were (the native and WebAssembly builds are
    // compared at fixed depth), and a level keeps its own choice of move.
    let pos = chu(LONG_FORCED_WIN);
    let searcher = Searcher::new(16, 1).unwrap();
    for _ in 0..2 {
        let s = searcher.search(&pos, depth(6), Arc::new(|_| {}));
        assert!(s.score >= mate_probe::PROBE_SCORE && !score::is_mate(s.score));
    }
    let level = Limits {
        skill: Some(skill::Skill { level: 19, seed: 0 }),
        ..nodes(100_000)
    };
    let searcher = Searcher::new(16, 1).unwrap();
    for _ in 0..2 {
        // A level plays one of its own lines: one may be a mate its search found (with the
        // lines searched best first, it finds a mate in 6 here at 100 000 nodes), but the
        // probe never runs.
        let s = searcher.search(&pos, level.clone(), Arc::new(|_| {}));
        assert!(!searcher.probe.has_probed(), "score {}", s.score);
    }
}

#[test]
fn only_chu_probes_a_held_lead() {
    let probe = mate_probe::MateProbe::default();
    let lead = mate_probe::PROBE_SCORE + 100;
    probe.remember(lead);
    assert!(probe.wanted(Variant::Chu, 6, lead));
    assert!(!probe.wanted(Variant::DaiDai, 6, lead));
    // Below the mark, or too shallow, chu does not probe either.
    assert!(!probe.wanted(Variant::Chu, 6, mate_probe::PROBE_SCORE - 1));
    assert!(!probe.wanted(Variant::Chu, 2, lead));
}

#[test]
fn a_new_game_forgets_the_lead() {
    let pos = chu(LONG_FORCED_WIN);
    let mut searcher = Searcher::new(16, 1).unwrap();
    searcher.search(&pos, nodes(100_000), Arc::new(|_| {}));
    searcher.new_game();
    let s = searcher.search(&pos, nodes(100_000), Arc::new(|_| {}));
    assert!(!score::is_mate(s.score), "score {}", s.score);
}

#[test]
fn levels_below_full_strength_keep_the_hand_set_evaluation() {
    let pos = Position::start(Variant::Chu, RuleSet::Seed);
    let full = depth(3);
    assert!(
        network_for(&pos, &full).is_some(),
        "chu has a built-in network"
    );
    assert_eq!(
        network_for(&pos, &full).map(|n| n.hash()),
        crate::nnue::active(Variant::Chu).map(|n| n.hash())
    );
    let level = Limits {
        skill: Some(skill::Skill { level: 19, seed: 0 }),
        ..full
    };
    assert!(network_for(&pos, &level).is_none());
}

/// Nodes of a search to depth 5 of `pos` in `scratch` (on an empty table of its own), and
/// the scratch after it.
fn nodes_in(pos: &Position, scratch: alphabeta::Scratch) -> (u64, alphabeta::Scratch) {
    let limits = depth(5);
    let shared = Shared::new(&limits, None);
    let tt = tt::TranspositionTable::new(1).unwrap();
    let mut w = alphabeta::Worker::with_scratch(pos.clone(), &tt, &shared, true, scratch);
    for d in 1..=5 {
        w.root(-score::INFINITE, score::INFINITE, d);
    }
    w.flush_nodes();
    (
        shared.nodes.load(std::sync::atomic::Ordering::Relaxed),
        w.into_scratch(),
    )
}

/// Within a game a search goes on from the ordering tables the game's earlier searches
/// filled, so its tree differs from one in new buffers even on an empty table; reset, the
/// buffers search node for node as new ones, and `new_game` resets every set a searcher
/// keeps, which keeps `bench` and `datagen` reproducible.
#[test]
fn ordering_tables_last_a_game_and_a_new_game_forgets_them() {
    let mut pos = Position::start(Variant::Chu, RuleSet::Lishogi);
    let (_, learned) = nodes_in(&pos, alphabeta::Scratch::new());
    pos.make(pos.clone().game_moves()[0]);
    let (fresh, _) = nodes_in(&pos, alphabeta::Scratch::new());
    let (kept, mut learned) = nodes_in(&pos, learned);
    assert_ne!(
        kept, fresh,
        "the second search learned nothing from the first"
    );
    learned.new_game();
    assert_eq!(nodes_in(&pos, learned).0, fresh);

    let mut playing = Searcher::new(8, 1).unwrap();
    for _ in 0..4 {
        let result = playing.search(&pos, depth(5), Arc::new(|_| {}));
        pos.make(result.best.expect("a move"));
    }
    playing.new_game();
    let again = playing.search(&pos, depth(5), Arc::new(|_| {}));
    let fresh = Searcher::new(8, 1)
        .unwrap()
        .search(&pos, depth(5), Arc::new(|_| {}));
    assert_eq!((again.nodes, again.best), (fresh.nodes, fresh.best));
}
