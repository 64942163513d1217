//! make/unmake restore the position exactly (SFEN, key, hidden state), and the incremental
//! key always equals the key computed from scratch.

use super::*;
use crate::rules::Color;
use crate::rules::geometry::MAX_SIDE;

/// Positions with lions, promotions, suspensions and counter-strike state.
fn positions() -> Vec<(Variant, RuleSet, String)> {
    let mut v = vec![
        (CHU, SEED, CHU.start_sfen().to_string()),
        (CHU, LISHOGI, CHU.start_sfen().to_string()),
        (DD, SEED, DD.start_sfen().to_string()),
    ];
    let tactical = board(
        12,
        &[
            ("7h", "N"),
            ("7f", "n"),
            ("6g", "s"),
            ("7e", "p"),
            ("8g", "+O"),
            ("5e", "S"),
            ("4c", "P"),
            ("9d", "L"),
            ("3h", "E"),
            ("11l", "K"),
            ("10h", "d"),
            ("2a", "k"),
            ("6c", "+h"),
            ("8i", "o"),
        ],
    );
    v.push((CHU, SEED, format!("{tactical} b - 1")));
    v.push((CHU, SEED, format!("{tactical} w 5e 4")));
    v.push((CHU, LISHOGI, format!("{tactical} b 6g 9")));
    v.push((
        DD,
        SEED,
        dd(
            &[
                ("9i", "(LD)"),
                ("9h", "p"),
                ("9g", "p"),
                ("10i", "(LN)"),
                ("11h", "+(LN)"),
                ("8k", "+(LD)"),
                ("5e", "(HM)"),
                ("13e", "(LO)"),
                ("9q", "K"),
                ("9a", "k"),
                ("3c", "(ea)"),
                ("4d", "(cs)"),
                ("10f", "(ld)"),
            ],
            "b",
        ),
    ));
    v
}

#[test]
fn every_move_of_some_positions_is_undone_exactly() {
    for (var, rules, s) in positions() {
        let mut p = pos(var, rules, &s);
        let before = p.to_sfen();
        let key = p.key();
        for m in gen_moves(&p) {
            p.make(m);
            assert_eq!(p.key(), p.compute_key(), "{s}: {m}");
            assert_ne!(p.to_sfen(), before, "{s}: {m} changed nothing");
            p.unmake();
            assert_eq!(p.to_sfen(), before, "{s}: {m}");
            assert_eq!(p.key(), key, "{s}: {m}");
            assert_eq!(p.ply(), 0);
        }
    }
}

fn random_sequences(read_back: impl Fn(Variant) -> bool) {
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for (var, rules, s) in positions() {
        let games = if var == DD { 3 } else { 8 };
        for _ in 0..games {
            let mut p = pos(var, rules, &s);
            let mut trail = vec![(p.to_sfen(), p.key())];
            for _ in 0..80 {
                let ms = gen_moves(&p);
                if ms.is_empty() {
                    break;
                }
                let m = ms[(next() % ms.len() as u64) as usize];
                p.make(m);
                assert_eq!(p.key(), p.compute_key(), "after {m}");
                assert_royals_listed(&p);
                // The SFEN written after the move reads back as the same position.
                if read_back(var) {
                    let again = pos(var, rules, &p.to_sfen());
                    assert_eq!(again.key(), p.key(), "{} after {m}", p.to_sfen());
                }
                trail.push((p.to_sfen(), p.key()));
            }
            while p.ply() > 0 {
                trail.pop();
                p.unmake();
                let (sfen, key) = trail.last().unwrap();
                assert_eq!(&p.to_sfen(), sfen);
                assert_eq!(p.key(), *key);
                assert_royals_listed(&p);
            }
        }
    }
}

/// The incrementally kept royal squares are the squares of the royal pieces on the board.
fn assert_royals_listed(p: &Position) {
    for c in [Color::Black, Color::White] {
        let mut listed = p.royal_squares(c).to_vec();
        let mut seen: Vec<Square> = p
            .pieces(c)
            .iter()
            .copied()
            .filter(|&s| p.piece_at(s).is_some_and(|x| p.catalogue().royal(x)))
            .collect();
        listed.sort();
        seen.sort();
        assert_eq!(listed, seen, "{}", p.to_sfen());
        // The per-rank occupancy bits (all pieces, the pieces of each reach) match the list.
        let side = p.variant().side();
        for rank in 0..side {
            let on_rank = |class: Option<usize>| {
                (0..side)
                    .filter(|&f| {
                        let sq = Square::new(f, rank);
                        p.pieces(c).contains(&sq)
                            && class.is_none_or(|k| {
                                p.catalogue().reach_class(p.piece_at(sq).unwrap()) == k
                            })
                    })
                    .fold(0u32, |bits, f| bits | 1 << f)
            };
            assert_eq!(p.occupancy_rows(c)[rank], on_rank(None), "{}", p.to_sfen());
            for (k, rows) in p.reach_rows(c).iter().enumerate() {
                assert_eq!(rows[rank], on_rank(Some(k)), "{}", p.to_sfen());
            }
        }
        // They answer "any piece within n squares?" like a scan.
        let near = p.proximity::<MAX_SIDE>(c);
        for sq in p.squares() {
            for distance in 1..=3 {
                let scan = p.pieces(c).iter().any(|&s| s.distance(sq) <= distance);
                assert_eq!(
                    near.row(distance, sq.rank()) >> sq.file() & 1 != 0,
                    scan,
                    "{sq:?} distance {distance}: {}",
                    p.to_sfen()
                );
            }
        }
    }
}

#[test]
fn random_sequences_keep_the_key_and_unwind() {
    random_sequences(|v| v == CHU);
}

#[test]
fn random_sequences_daidai_sfen_reads_back_with_the_same_key() {
    random_sequences(|v| v == DD);
}

#[test]
fn pass_changes_only_the_side_to_move() {
    // A pass leaves the board unchanged but the other side is to move (chu.md §8).
    let s = chu(&[("7g", "N"), ("11l", "K"), ("2a", "k")], "b");
    let mut p = pos(CHU, SEED, &s);
    let board_before = p.to_sfen().split(' ').next().unwrap().to_string();
    play(&mut p, "7g7f7g");
    let after = p.to_sfen();
    assert_eq!(after.split(' ').next().unwrap(), board_before);
    assert!(after.contains(" w "));
    assert_ne!(p.key(), pos(CHU, SEED, &s).key());
    p.unmake();
    assert_eq!(p.to_sfen(), s);
}

#[test]
fn unmake_without_moves_is_harmless() {
    let mut p = Position::start(CHU, SEED);
    p.unmake();
    assert_eq!(p.to_sfen(), CHU.start_sfen());
}
