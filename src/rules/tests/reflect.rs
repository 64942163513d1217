//! Reflection left for right: in chu the reflected position has exactly the reflected moves
//! (checked with both generators), reflecting twice gives the position back, and dai dai,
//! whose left and right generals and chariots are one-sided, has no reflection.

use super::*;
use crate::eval::test_util::{Rng, random_positions};
use crate::rules::naive::{Effect, fast_moves, naive_moves};

fn reflect_effect(side: usize, e: &Effect) -> Effect {
    let f = |(file, rank): (usize, usize)| (side - 1 - file, rank);
    let mut captured: Vec<_> = e.captured.iter().map(|&s| f(s)).collect();
    captured.sort();
    Effect {
        from: f(e.from),
        to: f(e.to),
        captured,
        promotes: e.promotes,
    }
}

#[test]
fn chu_is_mirror_symmetric_and_dai_dai_is_not() {
    assert!(CHU.catalogue().is_mirror_symmetric());
    assert!(!DD.catalogue().is_mirror_symmetric());
    assert!(Position::start(DD, SEED).reflected().is_none());
}

#[test]
fn a_reflected_chu_position_has_the_reflected_moves() {
    let mut rng = Rng(0x5eed_2ef1_ec7e_d000);
    let mut checked = 0;
    for rules in [SEED, LISHOGI] {
        for pos in random_positions(CHU, rules, &mut rng, 12, 1, 7, 160) {
            let r = pos.reflected().expect("chu reflects");
            let text = r.to_sfen();
            // The reflection is a position of its own, as its SFEN reads back.
            let back =
                Position::from_sfen(CHU, rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.to_sfen(), text);
            assert_eq!(r.reflected().unwrap().to_sfen(), pos.to_sfen());
            let mut want: Vec<Effect> = fast_moves(&pos)
                .iter()
                .map(|e| reflect_effect(12, e))
                .collect();
            want.sort();
            assert_eq!(fast_moves(&r), want, "{}\nreflected {text}", pos.to_sfen());
            assert_eq!(naive_moves(&r), want, "{}\nreflected {text}", pos.to_sfen());
            checked += 1;
        }
    }
    assert!(checked > 400, "only {checked} positions");
}
