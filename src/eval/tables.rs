//! Per-game evaluation tables, built once and indexed by the one-byte piece code.
//!
//! Piece values (docs/eval.md "Material"): chu from Mensching's exchange values (silver = 1,
//! ×200 here) with his promotion-probability columns; dai dai from the German Chu Shogi
//! Association averages (pawn = 1, ×100 here), with the hook movers and the lion-dog family
//! replaced by the mobility measurement of `measure.rs`.

use crate::nnue::features;
use crate::rules::geometry::{CELLS, Color, Square, dir};
use crate::rules::pieces::Piece;
use crate::rules::position::Position;
use crate::rules::variant::{RuleSet, Variant};
use std::sync::OnceLock;

use super::ROYAL_VALUE;
use super::weights::Weights;

/// Per-code facts the evaluation loop needs besides the rank table (8 bytes, so the 256
/// entries share few cache lines).
#[derive(Clone, Copy, Default)]
pub(super) struct CodeInfo {
    /// Centralisation weight (steppers, jumpers, lions; 0 for long sliders).
    pub centre_weight: i8,
    /// Number of long lines in `Tables::rays`.
    pub nrays: u8,
    /// How dangerous the piece is next to an enemy royal.
    pub attack_weight: i8,
    pub royal: bool,
    /// Dai dai: bonus when an enemy piece stands on one of `Tables::near` (promotion by
    /// capture).
    pub capture_bonus: i16,
}

/// Everything [`super::evaluate`] looks up, for one game.
pub(super) struct Tables {
    /// [`super::piece_value`] by code.
    pub material: [i32; 256],
    pub info: [CodeInfo; 256],
    /// Long lines (slides of range ≥ 2, hook lines) whose first two squares count as
    /// mobility.
    pub rays: Box<[[i16; 8]; 256]>,
    /// By a cell's content ([`super::line_index`]: 256 + the code of a piece, below 256
    /// nothing), bit `k` set when the piece's `rays` hold the king step `dir::KING[k]` (the
    /// accumulator asks "does the piece one or two steps back along `d` look along `d`?"):
    /// one lookup answers for empty cells, walls and pieces alike.
    pub line_mask: [u8; 512],
    /// Dai dai promotable pieces: offsets of the squares they can capture on at once.
    pub near: Vec<Vec<i16>>,
    /// Whether some piece has a `CodeInfo::capture_bonus` (dai dai).
    pub capture_bonus: bool,
    /// Per code, the `near` offsets as bits of the 7×7 box around the piece ([`box_bit`]).
    pub near_mask: Box<[u64; 256]>,
    /// Every offset in some piece's `near`, with its box bit: a changed square can change
    /// the capture chance of a piece standing one of these offsets back from it.
    pub near_offsets: Vec<(i16, u8)>,
    /// Per empty square on a long line next to a slider.
    pub mobility_weight: i32,
    /// Royal safety: per weighted enemy piece adjacent to / two squares from a royal.
    pub attacker_near: i32,
    pub attacker_far: i32,
    /// Bonus by number of friendly pieces next to a royal.
    pub guard: [i32; 5],
    /// A side with two royals (chu crown prince).
    pub second_royal: i32,
    /// Non-royal pieces of one side in the start position ([`super::conversion`]).
    pub start_others: i32,
    /// [`psq_value`] of every code on every cell (0 off the board): the term the search
    /// updates at every move and the quiet moves' placement tie-break looks up twice each.
    pub psq: Box<[[i32; CELLS]; 256]>,
    /// Per perspective (Black, White): the network feature block of each code and the
    /// feature square of each cell, whose sum is the feature of that piece there
    /// ([`crate::nnue::features::index`], looked up instead of computed at every move).
    pub feature_piece: Box<[[u32; 256]; 2]>,
    pub feature_square: Box<[[u16; CELLS]; 2]>,
}

/// The tables of a game.
#[inline]
pub(super) fn tables(variant: Variant) -> &'static Tables {
    static CHU: OnceLock<Tables> = OnceLock::new();
    static DAIDAI: OnceLock<Tables> = OnceLock::new();
    match variant {
        Variant::Chu => CHU.get_or_init(|| build(variant, &Weights::hand_set(variant))),
        Variant::DaiDai => DAIDAI.get_or_init(|| build(variant, &Weights::hand_set(variant))),
    }
}

/// Chu values in Mensching's unit (silver = 1) of the unpromoted piece at 0, 25, 50, 75 and
/// 100 % promotion chance (one value repeated for pieces that never promote), and the values
/// of the promoted types. Rows marked "derived" are not in his table (docs/eval.md).
const CHU_BASES: &[(&str, [f64; 5])] = &[
    ("K", [2.0; 5]), // movement only, like the crown prince
    ("FK", [6.0; 5]),
    ("Ln", [10.0; 5]),
    ("DK", [4.0, 4.0, 4.5, 4.5, 4.5]),
    ("DH", [3.5, 4.0, 4.0, 4.0, 4.5]),
    ("R", [3.0, 3.5, 3.5, 3.5, 3.5]),
    ("B", [2.5, 2.5, 3.0, 3.0, 3.0]),
    ("Kr", [1.5, 2.5, 3.5, 4.5, 5.5]), // derived: phoenix's movement, phoenix's share of the gain
    ("Ph", [1.5, 2.0, 2.5, 3.0, 3.5]),
    ("DE", [1.5; 5]),
    ("BT", [1.5, 1.5, 1.5, 2.0, 2.0]),
    ("FL", [1.5, 1.5, 1.5, 2.0, 2.0]),
    ("G", [1.5, 1.5, 1.5, 2.0, 2.0]), // derived: = tokin; columns as BT/FL (→ 3)
    ("S", [1.0, 1.5, 1.5, 1.5, 1.5]),
    ("C", [1.0, 1.0, 1.0, 1.5, 1.5]),
    ("VM", [2.0, 2.5, 2.5, 3.0, 3.0]),
    ("SM", [2.0, 2.0, 2.5, 2.5, 3.0]),
    ("RC", [1.5, 2.0, 2.0, 2.0, 2.0]),
    ("L", [1.5, 2.0, 2.0, 2.5, 2.5]),
    ("GB", [0.6, 0.7, 0.8, 0.9, 1.0]), // derived: mobility fit 0.58
    ("P", [0.4, 0.6, 0.8, 1.0, 1.2]),  // derived: mobility fit 0.32, + pawn-wall role
];

/// Chu promoted types (by the abbreviation of the type they move as).
const CHU_PROMOTED: &[(&str, f64)] = &[
    ("CP", 2.0), // movement only; the second-royal bonus is separate
    ("FS", 3.0),
    ("FO", 4.0),
    ("FBo", 4.0),
    ("HF", 5.0),
    ("SE", 5.5),
    ("W", 5.0 / 2.0),
    ("WH", 3.5),
    ("+P", 1.5),
    // Promoted pieces that move as a starting type.
    ("DE", 1.5),
    ("R", 3.0),
    ("VM", 2.0),
    ("SM", 2.0),
    ("B", 2.5),
    ("DH", 3.5),
    ("DK", 4.0),
    ("Ln", 10.0),
    ("FK", 6.0),
];

/// The German Chu Shogi Association's dai dai averages in pawns, as published (daidai.md
/// §10). Computed under other move rules for a few pieces: see [`DAIDAI_MEASURED`].
pub(super) const DAIDAI_PUBLISHED: &[(&str, f64)] = &[
    ("K", 4.0),
    ("HM", 114.0),
    ("Lo", 46.0),
    ("Ln", 22.0),
    ("FF", 23.0),
    ("Q", 15.0),
    ("RB", 14.0),
    ("FT", 14.0),
    ("Fr", 14.0),
    ("WB", 13.0),
    ("SB", 12.0),
    ("GB", 10.0),
    ("FE", 10.0),
    ("GD", 9.0),
    ("Dv", 9.0),
    ("WT", 9.0),
    ("SD", 9.0),
    ("LD", 8.0),
    ("GE", 9.0),
    ("WE", 7.0),
    ("DK", 10.0),
    ("DH", 10.0),
    ("Sq", 9.0),
    ("BD", 8.0),
    ("R", 8.0),
    ("B", 7.0),
    ("LC", 7.0),
    ("RC", 7.0),
    ("Ra", 9.0),
    ("VM", 5.0),
    ("SM", 5.0),
    ("OK", 4.0),
    ("Po", 1.0),
    ("Ea", 4.0),
    ("PS", 4.0),
    ("FH", 4.0),
    ("NK", 3.0),
    ("No", 3.0),
    ("We", 3.0),
    ("So", 3.0),
    ("Kr", 3.0),
    ("Ph", 3.0),
    ("OR", 2.0),
    ("BM", 2.0),
    ("EB", 2.0),
    ("EF", 2.0),
    ("FD", 3.0),
    ("CS", 2.0),
    ("Rv", 4.0),
    ("L", 3.0),
    ("HD", 3.0),
    ("LG", 3.0),
    ("RG", 3.0),
    ("G", 3.0),
    ("VO", 3.0),
    ("FL", 3.0),
    ("ST", 3.0),
    ("VB", 3.0),
    ("EW", 3.0),
    ("S", 2.0),
    ("C", 2.0),
    ("W", 2.0),
    ("I", 2.0),
    ("AB", 2.0),
    ("St", 1.0),
    ("P", 1.0),
    ("MW", 9.0),
    ("WS", 11.0),
];

/// Values that replace published ones, from the mobility fit of `measure.rs` (docs/eval.md):
/// the table priced these pieces under other rules (lion dog without lion power, hook movers
/// read otherwise).
const DAIDAI_MEASURED: &[(&str, f64)] = &[
    ("HM", 36.0),
    ("Lo", 20.0),
    ("FF", 29.0),
    ("LD", 18.0),
    ("GE", 18.0),
];

/// A dai dai value in pawns: measured where the published one does not fit our rules.
fn daidai_value(abbr: &str) -> f64 {
    DAIDAI_MEASURED
        .iter()
        .find(|e| e.0 == abbr)
        .map_or_else(|| value_of(DAIDAI_PUBLISHED, abbr), |e| e.1)
}

/// Chu: one Mensching unit (silver) in evaluation units.
const CHU_UNIT: f64 = 200.0;
/// Dai dai: one association unit (pawn) in evaluation units.
const DAIDAI_UNIT: f64 = 100.0;
/// Dai dai: share of the promotion gain a promotable piece always carries.
const DAIDAI_PROMO_SHARE: f64 = 0.10;

fn value_of(table: &[(&str, f64)], abbr: &str) -> f64 {
    table
        .iter()
        .find(|e| e.0 == abbr)
        .unwrap_or_else(|| panic!("no value for {abbr}"))
        .1
}

/// Mensching column (0..=4) for a chu piece `d` ranks away from its zone (0 = inside).
pub(super) fn chu_column(d: usize) -> usize {
    4usize.saturating_sub(d)
}

/// The tables of `variant`'s evaluation with the positional weights `w`.
pub(super) fn build(variant: Variant, w: &Weights) -> Tables {
    let cat = variant.catalogue();
    let side = variant.side();
    let chu = variant == Variant::Chu;
    let mut rank_value = Box::new([[0i16; 17]; 256]);
    let mut material = [0i32; 256];
    let mut info = [CodeInfo::default(); 256];
    let mut rays = Box::new([[0i16; 8]; 256]);
    let mut near_all = vec![Vec::new(); 256];
    for code in 0..256usize {
        let p = Piece(code as u8);
        if p.base() as usize >= cat.bases
            || (p.promoted() && cat.kinds[p.base() as usize].promotes_to.is_none())
        {
            continue;
        }
        let kind = cat.moving_kind(p);
        let base_abbr = cat.kinds[p.base() as usize].abbr;
        let royal = cat.royal(p);
        let promotable = cat.promotable(p);
        // Material of the piece as it moves now (chu: no promotion expectation).
        let (plain, per_rank): (f64, [f64; 17]) = if chu {
            let row = |abbr: &str| {
                CHU_BASES
                    .iter()
                    .find(|e| e.0 == abbr)
                    .unwrap_or_else(|| panic!("no value for {abbr}"))
                    .1
            };
            if promotable || !p.promoted() {
                let cols = row(base_abbr);
                let mut v = [0.0; 17];
                for (adv, slot) in v.iter_mut().enumerate().take(side) {
                    // Ranks to the zone (the four farthest ranks).
                    let d = (side - 4).saturating_sub(adv);
                    *slot = cols[chu_column(d)] * CHU_UNIT;
                }
                (cols[0] * CHU_UNIT, v)
            } else {
                let val = value_of(CHU_PROMOTED, kind.abbr) * CHU_UNIT;
                (val, [val; 17])
            }
        } else {
            let mut val = daidai_value(kind.abbr) * DAIDAI_UNIT;
            if promotable {
                let to = cat.kinds[p.base() as usize].promotes_to.unwrap_or_default();
                let gain = (daidai_value(to) * DAIDAI_UNIT - val).max(0.0);
                val += DAIDAI_PROMO_SHARE * gain;
                info[code].capture_bonus = (w.capture_share * gain).round() as i16;
            }
            (val, [val; 17])
        };
        let mut per_rank = per_rank;
        // Dead pieces: a chu pawn or lance left unpromoted on the last rank (lishogi rules
        // allow it), dai dai pawns, lances and the forward-only generals on the far rank.
        let forward_only = matches!(kind.abbr, "P" | "L" | "St" | "W" | "I");
        if !p.promoted() && forward_only && (chu || !promotable) {
            per_rank[side - 1] = 0.2 * plain.min(per_rank[side - 1]);
        }
        // Advancement: dai dai pawns (chu pawns advance through the promotion columns).
        if !chu && kind.abbr == "P" && !p.promoted() {
            for (adv, v) in per_rank.iter_mut().enumerate().take(side - 1).skip(6) {
                *v += w.pawn_advance * (adv - 5) as f64;
            }
        }
        // Royals: stay home while the board is full (a mild pull back).
        if royal {
            for (adv, v) in per_rank.iter_mut().enumerate().take(side) {
                *v -= w.royal_pull * adv.saturating_sub(2) as f64;
            }
        }
        for adv in 0..side {
            rank_value[code][adv] = per_rank[adv].round() as i16;
        }
        material[code] = if royal {
            ROYAL_VALUE
        } else {
            plain.round() as i32
        };

        let m = cat.movement(p);
        // Centralisation for short-range pieces (no unlimited slide), lions the most.
        let long = m.slides.iter().any(|&(_, r)| r == u8::MAX) || m.hook.is_some();
        info[code].centre_weight = if royal || (kind.abbr == "P" && !p.promoted()) {
            0
        } else if m.lion || !m.lion_lines.is_empty() && !long {
            w.centre_lion.clamp(i8::MIN.into(), i8::MAX.into()) as i8
        } else if long {
            0
        } else {
            w.centre_step.clamp(i8::MIN.into(), i8::MAX.into()) as i8
        };
        // Mobility rays.
        let ci = &mut info[code];
        let ray = &mut rays[code];
        for &(d, r) in &m.slides {
            if r >= 2 && (ci.nrays as usize) < ray.len() {
                ray[ci.nrays as usize] = d;
                ci.nrays += 1;
            }
        }
        if let Some(h) = m.hook {
            for d in h.lines() {
                if !ray[..ci.nrays as usize].contains(&d) && (ci.nrays as usize) < 8 {
                    ray[ci.nrays as usize] = d;
                    ci.nrays += 1;
                }
            }
        }
        // Immediate capture reach (dai dai promotion by capture).
        if ci.capture_bonus != 0 {
            let mut near: Vec<i16> = Vec::new();
            near.extend(m.steps.iter());
            near.extend(m.leaps.iter());
            near.extend(m.slides.iter().map(|s| s.0));
            if m.lion {
                for a in dir::KING {
                    near.push(a);
                    for b in dir::KING {
                        near.push(a + b);
                    }
                }
            }
            for l in &m.lion_lines {
                for k in 1..=l.length as i16 {
                    near.push(k * l.delta);
                }
            }
            if m.hook.is_some() {
                near.extend(ray[..ci.nrays as usize].iter());
            }
            near.retain(|&d| d != 0);
            near.sort_unstable();
            near.dedup();
            near_all[code] = near;
        }
        ci.royal = royal;
        ci.attack_weight = if royal {
            1
        } else if m.lion || !m.lion_lines.is_empty() {
            3
        } else if plain >= 5.0 * 100.0 {
            2
        } else {
            1
        };
    }
    // Centrality of each cell (0 on the edge), symmetric under the 180° rotation.
    let mut centre = [0i8; CELLS];
    for r in 0..side {
        for f in 0..side {
            let c = |x: usize| x.min(side - 1 - x) as i8;
            centre[Square::new(f, r).index()] = c(f) + c(r);
        }
    }
    let mut near_mask = Box::new([0u64; 256]);
    let mut near_offsets: Vec<(i16, u8)> = Vec::new();
    for (code, near) in near_all.iter().enumerate() {
        for &d in near {
            let bit = box_bit(d);
            near_mask[code] |= 1 << bit;
            if !near_offsets.iter().any(|o| o.0 == d) {
                near_offsets.push((d, bit));
            }
        }
    }
    let mut line_mask = [0u8; 512];
    for code in 0..256 {
        for &d in &rays[code][..info[code].nrays as usize] {
            // Mobility looks two steps along a line: the padding covers king steps only.
            let k = dir::KING
                .iter()
                .position(|&s| s == d)
                .unwrap_or_else(|| panic!("mobility ray {d} is not a king step"));
            line_mask[256 + code] |= 1 << k;
        }
    }
    let mut feature_piece = Box::new([[0u32; 256]; 2]);
    let mut feature_square = Box::new([[0u16; CELLS]; 2]);
    for p in [Color::Black, Color::White] {
        for code in 0..256 {
            feature_piece[p.index()][code] = features::piece_offset(variant, p, code as u8) as u32;
        }
        for r in 0..side {
            for f in 0..side {
                feature_square[p.index()][Square::new(f, r).index()] =
                    features::square_offset(variant, p, f, r) as u16;
            }
        }
    }
    let mut psq: Box<[[i32; CELLS]; 256]> = vec![[0; CELLS]; 256]
        .into_boxed_slice()
        .try_into()
        .expect("256 rows");
    for (code, row) in psq.iter_mut().enumerate() {
        for r in 0..side {
            for f in 0..side {
                let cell = Square::new(f, r).index();
                row[cell] = psq_value(side, &rank_value, &info, &centre, code, cell, r);
            }
        }
    }
    Tables {
        psq,
        feature_piece,
        feature_square,
        line_mask,
        capture_bonus: info.iter().any(|i| i.capture_bonus != 0),
        near_mask,
        near_offsets,
        material,
        info,
        rays,
        near: near_all,
        mobility_weight: w.mobility,
        attacker_near: w.attacker_near,
        attacker_far: w.attacker_far,
        guard: w.guard,
        second_royal: if chu { 200 } else { 0 },
        start_others: Position::start(variant, RuleSet::Seed).other_count(Color::Black) as i32,
    }
}

/// Material with promotion potential and advancement (the rank table) plus centralisation of
/// piece `code` on `cell` (0-based `rank`), from its owner's view.
fn psq_value(
    side: usize,
    rank_value: &[[i16; 17]; 256],
    info: &[CodeInfo; 256],
    centre: &[i8; CELLS],
    code: usize,
    cell: usize,
    rank: usize,
) -> i32 {
    let adv = if code & 0x80 != 0 {
        rank
    } else {
        side - 1 - rank
    };
    rank_value[code][adv] as i32 + info[code].centre_weight as i32 * centre[cell] as i32
}

/// Bit of a cell offset within three squares in the 7×7 box around a piece (row-major from
/// three ranks and files back). Panics beyond three squares: `near` never reaches farther.
pub(super) fn box_bit(offset: i16) -> u8 {
    let (row, col) = crate::rules::geometry::short_offset_steps(offset);
    assert!(
        row.abs() <= 3 && col.abs() <= 3,
        "offset {offset} is more than three squares away"
    );
    ((row + 3) * 7 + col + 3) as u8
}
