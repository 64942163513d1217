//! The board commands (docs/protocol.md, "Board commands": `legalmoves`, `status`, `sfen`,
//! `checkposition`, `pieces`, `notation`) through the release binary, as the web board uses them: every
//! listed move is exactly a move the rules library allows and `position … moves` accepts,
//! along random games of both games and both chu rule sets.

mod protocol_common;

use protocol_common::Engine;
use shishi::rules::{Move, Position, RuleSet, Variant};
use std::collections::BTreeSet;

/// xorshift64*: reproducible random games without a crate.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

fn usi(variant: Variant, rules: RuleSet) -> Engine {
    let mut e = Engine::start(&[]);
    e.send("usi");
    e.expect_prefix("usiok");
    if variant == Variant::DaiDai {
        e.send("setoption name USI_Variant value daidaishogi");
    }
    if rules == RuleSet::Lishogi {
        e.send("setoption name Rules value lishogi");
    }
    e
}

/// Sends `command` and returns the one line it answers with (after any error lines).
fn ask(e: &mut Engine, command: &str, prefix: &str) -> String {
    e.send(command);
    e.expect_prefix(prefix)
}

fn texts(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| m.text()).collect()
}

fn random_game(variant: Variant, rules: RuleSet, seed: u64, plies: usize) {
    let mut e = usi(variant, rules);
    let mut rng = Rng(seed);
    let mut pos = Position::start(variant, rules);
    let mut played: Vec<String> = Vec::new();
    for _ in 0..plies {
        let position = format!("position startpos moves {}", played.join(" "));
        e.send(&position);
        let listed = ask(&mut e, "legalmoves", "legalmoves");
        let listed: Vec<&str> = listed.split_whitespace().skip(1).collect();
        let unique: BTreeSet<String> = listed.iter().map(|s| s.to_string()).collect();
        assert_eq!(unique.len(), listed.len(), "a move listed twice");
        let legal = pos.game_moves();
        assert_eq!(unique, texts(&legal), "after {position}");
        assert_eq!(
            ask(&mut e, "sfen", "sfen "),
            format!("sfen {}", pos.to_sfen())
        );
        check_move_paths(&mut e, &position, &pos, &legal);
        if legal.is_empty() {
            break;
        }
        // A few listed moves, each played by the engine itself: `position` accepts it and
        // reaches what the library reaches.
        for _ in 0..3 {
            let mv = legal[rng.below(legal.len())];
            e.send(&format!("{position} {mv}"));
            let mut after = pos.clone();
            after.make(mv);
            let answer = ask(&mut e, "sfen", "");
            assert_eq!(
                answer,
                format!("sfen {}", after.to_sfen()),
                "{position} {mv}"
            );
        }
        let mv = legal[rng.below(legal.len())];
        played.push(mv.text());
        pos.make(mv);
        if pos.outcome().is_some() {
            break;
        }
    }
    assert!(played.len() >= plies.min(20), "only {} plies", played.len());
    assert!(
        e.sync().iter().all(|l| !l.starts_with("info string error")),
        "{:?}",
        e.log
    );
}

/// Every path `movepaths` lists for a listed move is accepted by `position … moves <path>`
/// and reaches the move's position.
fn check_move_paths(e: &mut Engine, position: &str, pos: &Position, legal: &[Move]) {
    let line = ask(e, "movepaths", "movepaths");
    for entry in line.split_whitespace().skip(1) {
        let (mv, paths) = entry.split_once('=').unwrap_or_else(|| panic!("{entry}"));
        let mv = legal
            .iter()
            .find(|m| m.text() == mv)
            .unwrap_or_else(|| panic!("{mv} is not a legal move after {position}"));
        let mut after = pos.clone();
        after.make(*mv);
        for path in paths.split(',') {
            let text = if mv.promotes() {
                format!("{path}+")
            } else {
                path.to_string()
            };
            e.send(&format!("{position} {text}"));
            assert_eq!(
                ask(e, "sfen", ""),
                format!("sfen {}", after.to_sfen()),
                "{position} {text} (a path of {mv})"
            );
        }
    }
}

/// The paths `movepaths` lists for `mv` in the line.
fn paths_of<'a>(line: &'a str, mv: &str) -> Vec<&'a str> {
    line.split_whitespace()
        .find_map(|w| w.strip_prefix(&format!("{mv}=")))
        .map_or(Vec::new(), |p| p.split(',').collect())
}

#[test]
fn move_paths_offer_every_pass_and_step_order_and_nothing_off_the_lines() {
    // The lion on 6g, White pawns on 6f and 5f: a pass through every empty neighbour.
    let mut e = usi(Variant::Chu, RuleSet::Lishogi);
    e.send("position sfen 5k6/12/12/12/6g5/6pp4/6N5/12/12/12/12/5K6 b - 1");
    let listed = ask(&mut e, "legalmoves", "legalmoves");
    let pass = listed
        .split_whitespace()
        .find(|w| w.len() == 6 && w.starts_with("6g") && w.ends_with("6g") && !w.contains('f'))
        .expect("a pass");
    let line = ask(&mut e, "movepaths", "movepaths");
    let mut vias: Vec<&str> = paths_of(&line, pass).iter().map(|p| &p[2..4]).collect();
    vias.push(&pass[2..4]);
    vias.sort();
    assert_eq!(vias, ["5g", "5h", "6h", "7f", "7g", "7h"], "{line}");
    // A leap two squares back, 6g-6i, also as two steps through 6h, 5h or 7h.
    let mut leap = paths_of(&line, "6g6i");
    leap.sort();
    assert_eq!(leap, ["6g5h6i", "6g6h6i", "6g7h6i"], "{line}");
    // Through the pawn on 6f: that captures it, so it is another move, not a path of 6g-6e.
    assert!(!paths_of(&line, "6g6e").contains(&"6g6f6e"), "{line}");

    // A horned falcon's lion power is forward only: its paths stay on that line.
    e.send("position sfen 5k6/12/12/12/12/12/6+H5/12/12/12/12/5K6 b - 1");
    let line = ask(&mut e, "movepaths", "movepaths");
    assert_eq!(paths_of(&line, "6g6e"), ["6g6f6e"], "{line}");
    for entry in line.split_whitespace().skip(1) {
        for path in entry.split_once('=').unwrap().1.split(',') {
            assert!(
                path.as_bytes().chunks(2).all(|sq| sq[0] == b'6'),
                "{path} leaves the file"
            );
        }
    }
}

#[test]
fn legal_moves_are_the_rules_moves_along_random_games() {
    random_game(Variant::Chu, RuleSet::Seed, 1, 60);
    random_game(Variant::Chu, RuleSet::Lishogi, 2, 60);
    random_game(Variant::DaiDai, RuleSet::Seed, 3, 40);
}

#[test]
fn lion_and_lion_dog_moves_are_listed_leg_by_leg() {
    // Chu: a Black lion on 6g with White pawns on 6f and 6e: igui, double capture, capture and
    // step on, all written with the captured square.
    let mut e = usi(Variant::Chu, RuleSet::Lishogi);
    e.send("position sfen k11/12/12/12/6p5/6p5/6N5/12/12/12/12/11K b - 1");
    let listed = ask(&mut e, "legalmoves", "legalmoves");
    for m in ["6g6f6g", "6g6f6e", "6g6f5e", "6g6e"] {
        assert!(listed.split_whitespace().any(|w| w == m), "{m} in {listed}");
    }
    // Exactly one pass, through an empty neighbour and back.
    let passes: Vec<&str> = listed
        .split_whitespace()
        .filter(|w| w.len() == 6 && w.starts_with("6g") && w.ends_with("6g") && *w != "6g6f6g")
        .collect();
    assert_eq!(passes.len(), 1, "{listed}");
    // Dai dai: a Black lion dog on 9i with White pawns on 9h and 9g: capture both and land on
    // 9f (a capture by a promoting piece promotes in dai dai: the `+`).
    let mut e = usi(Variant::DaiDai, RuleSet::Seed);
    e.send("position sfen k16/17/17/17/17/17/8p8/8p8/8(LD)8/17/17/17/17/17/17/17/16K b - 1");
    let listed = ask(&mut e, "legalmoves", "legalmoves");
    assert!(
        listed.split_whitespace().any(|w| w == "9i9h9g9f+"),
        "{listed}"
    );
}

#[test]
fn status_reports_side_check_and_how_the_game_ended() {
    let mut e = usi(Variant::Chu, RuleSet::Lishogi);
    e.send("position startpos");
    assert_eq!(
        ask(&mut e, "status", "status"),
        "status side b check no result none"
    );
    // A White rook attacks Black's king.
    e.send("position sfen k11/12/12/12/12/12/12/12/12/P11/12/r10K b - 1");
    assert_eq!(
        ask(&mut e, "status", "status"),
        "status side b check yes result none"
    );
    // Black's king is gone.
    e.send("position sfen k11/12/12/12/12/12/12/12/12/12/12/r11 b - 1");
    assert_eq!(
        ask(&mut e, "status", "status"),
        "status side b check no result white reason royal pieces captured"
    );
    // Only the two kings: lishogi draws.
    e.send("position sfen k11/12/12/12/12/12/12/12/12/12/12/11K b - 1");
    assert_eq!(
        ask(&mut e, "status", "status"),
        "status side b check no result draw reason only royals left"
    );
    // Seed rules: a bare king loses to a side with other pieces.
    let mut e = usi(Variant::Chu, RuleSet::Seed);
    e.send("position sfen k11/12/12/12/12/12/12/12/12/12/G11/11K w - 1");
    assert_eq!(
        ask(&mut e, "status", "status"),
        "status side w check no result black reason bare king"
    );
}

#[test]
fn checkposition_refuses_a_side_without_royals_and_seed_rules_dead_pawns() {
    let mut e = usi(Variant::Chu, RuleSet::Lishogi);
    e.send("position startpos");
    assert_eq!(
        ask(&mut e, "checkposition", "checkposition"),
        "checkposition ok"
    );
    // Black's king is gone: the position reads (the game is over), but it is no setup.
    e.send("position sfen k11/12/12/12/12/12/12/12/12/12/12/r11 b - 1");
    assert_eq!(
        ask(&mut e, "checkposition", "checkposition"),
        "checkposition illegal Black has no royal piece (king or crown prince): not a game"
    );
    // An unpromoted Black pawn on rank a: a dead piece under lishogi's rules, never under
    // seed rules.
    let dead = "position sfen k2P8/12/12/12/12/12/12/12/12/12/12/11K b - 1";
    e.send(dead);
    assert_eq!(
        ask(&mut e, "checkposition", "checkposition"),
        "checkposition ok"
    );
    let mut e = usi(Variant::Chu, RuleSet::Seed);
    e.send(dead);
    assert_eq!(
        ask(&mut e, "checkposition", "checkposition"),
        "checkposition illegal the Black pawn on 9a stands unpromoted on its last rank: under \
         seed rules a pawn or lance must promote there"
    );
    // The command changes nothing.
    assert_eq!(
        ask(&mut e, "sfen", "sfen "),
        "sfen k2P8/12/12/12/12/12/12/12/12/12/12/11K b - 1"
    );
    let mut e = usi(Variant::DaiDai, RuleSet::Seed);
    e.send("position sfen 8k8/17/17/17/17/17/17/17/17/17/17/17/17/17/17/17/8(NK)8 w 1");
    assert_eq!(
        ask(&mut e, "checkposition", "checkposition"),
        "checkposition illegal Black has no royal piece (king): not a game"
    );
}

#[test]
fn pieces_list_every_kind_with_kanji_and_a_diagram() {
    for (variant, kinds) in [(Variant::Chu, 39), (Variant::DaiDai, 85)] {
        let mut e = usi(variant, RuleSet::Seed);
        let header = ask(&mut e, "pieces", "pieces ");
        let n: usize = header["pieces ".len()..].parse().expect("count");
        assert_eq!(n, kinds, "{variant:?}");
        let cat = variant.catalogue();
        let mut tokens = BTreeSet::new();
        for _ in 0..n {
            let line = e.expect_prefix("piece ");
            let f: Vec<&str> = line.splitn(8, ' ').collect();
            assert_eq!(f.len(), 8, "{line}");
            let (token, kanji, one, royal, diagram) = (f[1], f[3], f[4], f[5], f[6]);
            assert!(tokens.insert(token.to_string()), "{token} twice");
            let base = token.trim_start_matches('+');
            let sfen = if base.len() == 1 {
                base.to_string()
            } else {
                format!("({base})")
            };
            assert!(
                cat.base_by_sfen(&sfen).is_some(),
                "{token} is no SFEN token"
            );
            assert!(kanji.chars().count() >= 2 && !kanji.contains('?'), "{line}");
            // The one-kanji name: one character (per side for the king), or the whole name
            // where no single kanji tells the type apart (dai dai's few).
            assert!(!one.contains('?'), "{line}");
            assert!(
                one.split('/').all(|n| n.chars().count() == 1) || one == kanji,
                "{line}"
            );
            assert!(royal == "0" || royal == "1");
            assert_eq!(diagram.len(), 49, "{line}");
            assert_eq!(&diagram[24..25], "@");
            assert!(diagram.chars().all(|c| ".osjlh@".contains(c)), "{line}");
            assert!(
                diagram.chars().any(|c| c != '.' && c != '@'),
                "{line}: moves nowhere"
            );
        }
        assert!(tokens.contains("k") && tokens.contains("+p") == (variant == Variant::Chu));
    }
}

#[test]
fn notation_reads_a_line_and_stops_at_an_illegal_move() {
    let mut e = usi(Variant::Chu, RuleSet::Lishogi);
    e.send("position startpos");
    assert_eq!(
        ask(&mut e, "notation 7i7h 6d6e", "notation"),
        "notation P-7h P-6e"
    );
    e.send("notation 7i7h 7i7h 6d6e");
    let error = e.expect_prefix("info string error");
    assert!(error.contains("7i7h"), "{error}");
    assert_eq!(e.expect_prefix("notation"), "notation P-7h");
    // The position is unchanged by any of the board commands.
    let before = ask(&mut e, "sfen", "sfen ");
    for c in ["legalmoves", "status", "pieces", "notation 7i7h"] {
        e.send(c);
    }
    assert_eq!(ask(&mut e, "sfen", "sfen "), before);
}
