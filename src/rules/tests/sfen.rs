//! Position strings (chu.md §9, daidai.md §9): round trips and precise errors, never a
//! panic.

use super::*;

fn field(v: Variant, r: RuleSet, s: &str) -> &'static str {
    match Position::from_sfen(v, r, s) {
        Ok(p) => panic!("accepted {s:?} as {}", p.to_sfen()),
        Err(e) => {
            assert!(!e.message.is_empty());
            assert!(e.to_string().contains(e.field));
            e.field
        }
    }
}

#[test]
fn start_positions_round_trip() {
    for v in [CHU, DD] {
        let p = Position::start(v, SEED);
        assert_eq!(p.to_sfen(), v.start_sfen());
        assert_eq!(p.key(), p.compute_key());
    }
    // Counts of the start positions: chu 46 per side, dai dai 96 per side (1 royal each).
    let p = Position::start(CHU, SEED);
    assert_eq!(p.other_count(crate::rules::Color::Black), 45);
    assert_eq!(p.other_count(crate::rules::Color::White), 45);
    let p = Position::start(DD, SEED);
    assert_eq!(p.other_count(crate::rules::Color::Black), 95);
    assert_eq!(p.other_count(crate::rules::Color::White), 95);
}

#[test]
fn start_position_squares_match_the_rules() {
    // chu.md §2: Black K 7l, DE 6l, Ln 7j, FK 6j; White K 6a, DE 7a, Ln 6c, FK 7c.
    let p = Position::start(CHU, SEED);
    let name = |at: &str| {
        let piece = p.piece_at(sq(CHU, at)).unwrap();
        p.catalogue().moving_kind(piece).abbr
    };
    for (at, abbr) in [
        ("7l", "K"),
        ("6l", "DE"),
        ("7j", "Ln"),
        ("6j", "FK"),
        ("6a", "K"),
        ("7a", "DE"),
        ("6c", "Ln"),
        ("7c", "FK"),
        ("9h", "GB"),
        ("4e", "GB"),
        ("7k", "Kr"),
        ("6k", "Ph"),
    ] {
        assert_eq!(name(at), abbr, "{at}");
    }
    // daidai.md §2: Black K 9q, LD 3p, Ln 15p, HD 12k and 6k, HM 2q, Lo 16q, RC 1m, LC 17m.
    let p = Position::start(DD, SEED);
    let name = |at: &str| {
        let piece = p.piece_at(sq(DD, at)).unwrap();
        p.catalogue().moving_kind(piece).abbr
    };
    for (at, abbr) in [
        ("9q", "K"),
        ("3p", "LD"),
        ("15p", "Ln"),
        ("12k", "HD"),
        ("6k", "HD"),
        ("2q", "HM"),
        ("16q", "Lo"),
        ("1m", "RC"),
        ("17m", "LC"),
        ("9a", "K"),
        ("15b", "LD"),
        ("3b", "Ln"),
        ("17e", "RC"),
        ("1e", "LC"),
        ("14n", "We"),
        ("12n", "St"),
    ] {
        assert_eq!(name(at), abbr, "{at}");
    }
}

#[test]
fn hand_positions_round_trip() {
    let chu_cases = [
        chu(
            &[
                ("7g", "+O"),
                ("6f", "+h"),
                ("11l", "K"),
                ("2a", "k"),
                ("3c", "+i"),
            ],
            "w",
        ),
        format!(
            "{} b 7h 12",
            board(12, &[("7h", "d"), ("7f", "n"), ("11l", "K"), ("2a", "k")])
        ),
        format!(
            "{} w - 3 7d,5i",
            board(12, &[("7d", "S"), ("5i", "g"), ("11l", "K"), ("2a", "k")])
        ),
    ];
    for s in &chu_cases {
        assert_eq!(pos(CHU, SEED, s).to_sfen(), *s);
    }
    let s = dd(
        &[
            ("9i", "+(LN)"),
            ("9h", "+(ld)"),
            ("1a", "(WBA)"),
            ("2a", "k"),
            ("16q", "K"),
        ],
        "w",
    );
    assert_eq!(pos(DD, SEED, &s).to_sfen(), s);
    // Dai dai accepts an empty-hand "-" before the move number and drops it on output.
    let b = board(17, &[("9q", "K"), ("9a", "k")]);
    assert_eq!(
        pos(DD, SEED, &format!("{b} b - 5")).to_sfen(),
        format!("{b} b 5")
    );
}

#[test]
fn board_field_errors() {
    let k = "/12/12/12/12/12/12/12/12/12/12/11K";
    let cases = [
        "".to_string(),
        "   ".to_string(),
        "garbage".to_string(),
        format!("12{k} b - 1").replacen("12", "13", 1),
        format!("11{k} b - 1"),
        format!("0k11{k} b - 1").replacen("0k11", "0k", 1),
        format!("99999999999999999999999999{k} b - 1"),
        format!("k11/12{k} b - 1"),
        format!("z11{k} b - 1"),
        format!("+k11{k} b - 1"),
        format!("11+{k} b - 1"),
        format!("(k11{k} b - 1"),
        format!("é11{k} b - 1"),
        format!("獅11{k} b - 1"),
        format!("k1{k} b - 1"),
        format!("12/{k} b - 1"),
        format!("12{k}/12 b - 1"),
        format!("-12{k} b - 1"),
    ];
    for s in &cases {
        assert_eq!(field(CHU, SEED, s), "board", "{s:?}");
    }
    let k = "/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/16K";
    let dd_cases = [
        format!("(ln{k} b 1"),
        format!("(Ln)16{k} b 1"),
        format!("()16{k} b 1"),
        format!("(zz)16{k} b 1"),
        format!("+(k)16{k} b 1"),
        format!("(獅)16{k} b 1"),
        format!("18{k} b 1"),
        format!("17{k}"),
    ];
    for s in &dd_cases[..7] {
        assert_eq!(field(DD, SEED, s), "board", "{s:?}");
    }
    assert_eq!(field(DD, SEED, &dd_cases[7]), "side to move");
}

#[test]
fn other_field_errors() {
    let b = board(
        12,
        &[
            ("7l", "K"),
            ("6a", "k"),
            ("7d", "S"),
            ("7e", "P"),
            ("7i", "g"),
        ],
    );
    for (tail, f) in [
        ("", "side to move"),
        ("x - 1", "side to move"),
        ("B - 1", "side to move"),
        ("獅 - 1", "side to move"),
        ("b 13a 1", "lion capture"),
        ("b zz 1", "lion capture"),
        ("b 7 1", "lion capture"),
        ("b 7g7f 1", "lion capture"),
        ("b - 0", "move number"),
        ("b - abc", "move number"),
        ("b - -5", "move number"),
        ("b - 99999999999999999999999", "move number"),
        ("b - 1 5e", "suspended"),
        ("b - 1 7e", "suspended"),
        ("b - 1 7g", "suspended"),
        ("b - 1 7l", "suspended"),
        ("b - 1 zz", "suspended"),
        ("b - 1 7d,7d", "suspended"),
        ("b - 1 7d 1", "end"),
    ] {
        let s = format!("{b} {tail}");
        assert_eq!(field(CHU, SEED, &s), f, "{s:?}");
    }
    // The White gold on 7i stands in White's zone (i–l): one suspended piece per side is fine.
    assert!(Position::from_sfen(CHU, SEED, &format!("{b} b - 1 7d,7i")).is_ok());
    let b = board(17, &[("9q", "K"), ("9a", "k")]);
    for (tail, f) in [
        ("w", "move number"),
        ("b x 1", "hand"),
        ("b - 1 1", "end"),
        ("b 0", "move number"),
        ("q 1", "side to move"),
    ] {
        let s = format!("{b} {tail}");
        let got = Position::from_sfen(DD, SEED, &s);
        match (tail, got) {
            // "w" alone (no move number) may be accepted with move 1.
            ("w", Ok(_)) => {}
            (_, Ok(p)) => panic!("accepted {s:?} as {}", p.to_sfen()),
            (_, Err(e)) => assert_eq!(e.field, f, "{s:?}"),
        }
    }
}

#[test]
fn random_garbage_never_panics() {
    // Deterministic pseudo-random strings over a nasty alphabet.
    let alphabet: Vec<char> = "0123456789/+()- bwkKnNpP(ln)(LN)é獅\t,abcxyz17q12l"
        .chars()
        .collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let len = (x % 80) as usize;
        let mut s = String::new();
        for _ in 0..len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            s.push(alphabet[(x % alphabet.len() as u64) as usize]);
        }
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        for v in [CHU, DD] {
            for r in [SEED, LISHOGI] {
                if let Ok(p) = Position::from_sfen(v, r, &s) {
                    assert_eq!(pos(v, r, &p.to_sfen()).to_sfen(), p.to_sfen());
                }
            }
        }
    }
}

#[test]
fn the_lion_capture_field_names_the_square_of_a_non_lion_that_just_took_a_lion() {
    // Black to move: White just moved. 7h holds a White gold, 7f a White lion, 9i a Black
    // silver, 5e a White kirin promoted (a lion now: it may have promoted on the capture).
    let b = board(
        12,
        &[
            ("7h", "g"),
            ("7f", "n"),
            ("9i", "S"),
            ("5e", "+o"),
            ("11l", "K"),
            ("2a", "k"),
        ],
    );
    for ok in ["7h", "5e"] {
        let s = format!("{b} b {ok} 1");
        assert_eq!(pos(CHU, SEED, &s).to_sfen(), s);
    }
    // Empty, the mover's own piece, the other side's piece, a lion that was always one.
    for bad in ["8h", "9i", "7f", "1a"] {
        assert_eq!(field(CHU, SEED, &format!("{b} b {bad} 1")), "lion capture");
        assert_eq!(
            field(CHU, LISHOGI, &format!("{b} b {bad} 1")),
            "lion capture"
        );
    }
    // Seen from the other side to move, the White gold is no longer the mover's.
    assert_eq!(field(CHU, SEED, &format!("{b} w 7h 1")), "lion capture");
}

#[test]
fn the_move_number_never_wraps_and_what_is_written_reads_back() {
    for v in [CHU, DD] {
        let start = v.start_sfen();
        let fields: Vec<&str> = start.split_whitespace().collect();
        let head = fields[..fields.len() - 1].join(" ");
        for n in [u32::MAX - 1, u32::MAX] {
            let mut p = pos(v, SEED, &format!("{head} {n}"));
            let before = p.to_sfen();
            for _ in 0..3 {
                let mv = p.game_moves()[0];
                p.make(mv);
                let after = p.to_sfen();
                let back = pos(v, SEED, &after);
                assert_eq!(back.move_number(), u32::MAX, "{after}");
            }
            for _ in 0..3 {
                p.unmake();
            }
            assert_eq!(p.to_sfen(), before);
        }
        assert_eq!(field(v, SEED, &format!("{head} 4294967296")), "move number");
    }
}
