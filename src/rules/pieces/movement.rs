//! The movement language: a small Betza-like notation, compiled to direction tables.
//!
//! A piece's movement is written once as text (see the catalogues in `chu.rs` and
//! `daidai.rs`) and compiled here, so every rule about how a piece moves is data that can be
//! read next to the rules files. The notation is Betza's, restricted to what the two games
//! need, plus two documented extensions:
//!
//! | Term | Meaning |
//! |---|---|
//! | `W`, `F` | one step orthogonally / diagonally |
//! | `D`, `A`, `N` | leap to the 2nd orthogonal / 2nd diagonal / knight square, over anything |
//! | `K`, `Q` | `WF` steps / `RB` slides |
//! | `R`, `B` | slide orthogonally / diagonally; a count (`R2`, `B5`) limits the range |
//! | `aK` | the lion's double king step (with igui and pass); implies the lion's K and NAD |
//! | `masR`, `masB` | hook move: slide, turn 90° once on an empty square, slide on |
//! | `fWL2`, `KL3`, … | (extension) lion power along straight lines of 2 or 3 squares |
//!
//! Direction modifiers precede the atom and are read from the owner's point of view:
//! `f b l r` and `s` (= `lr`), `v` (= `fb`) for orthogonal atoms; for diagonal atoms a single
//! `f b l r` selects two diagonals and a pair (`fl`, `fr`, `bl`, `br`) selects one. On `K`/`Q`,
//! `f`/`b` select the three forward/backward directions.

use crate::rules::geometry::{Color, STRIDE, dir, short_offset_steps};
use arrayvec::ArrayVec;

/// Which lines a hook mover slides along.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Hook {
    /// Rook lines, turning 90° onto another rook line (hook mover).
    Orthogonal,
    /// Bishop lines, turning 90° onto another bishop line (long-nosed goblin).
    Diagonal,
}

impl Hook {
    /// The four lines the piece slides along and turns onto, in turning order: each line's
    /// neighbours in the array (cyclically) are the two it may turn onto, at 90°. The set is
    /// the same for both colours.
    pub const fn lines(self) -> [i16; 4] {
        match self {
            Hook::Orthogonal => [dir::F, dir::R, dir::B, dir::L],
            Hook::Diagonal => [dir::FL, dir::FR, dir::BR, dir::BL],
        }
    }
}

/// A straight line along which a piece has lion power (horned falcon, soaring eagle: 2 squares;
/// lion dog and its relatives: 3 squares).
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub struct LionLine {
    /// Unit step along the line, already turned for the owner's color.
    pub delta: i16,
    /// Number of squares the lion power reaches (2 or 3).
    pub length: u8,
    /// Range of an ordinary slide the same piece has along this line (0 = none); outcomes the
    /// slide already produces are not generated twice.
    pub slide_range: u8,
    /// The piece also has full lion power, so outcomes within two squares come from the lion.
    pub with_lion: bool,
}

/// A piece's movement for one color, in the form the move generator walks.
#[derive(Clone, Debug, Default)]
pub struct Movement {
    /// Single steps that land on an empty or enemy square.
    pub steps: ArrayVec<i16, 8>,
    /// Leaps that land on an empty or enemy square whatever stands between.
    pub leaps: ArrayVec<i16, 16>,
    /// Slides: unit step and maximum range (`u8::MAX` = unlimited).
    pub slides: ArrayVec<(i16, u8), 8>,
    /// Full lion power: king steps, leaps to every square at distance two, double steps.
    pub lion: bool,
    /// Lines with lion power.
    pub lion_lines: ArrayVec<LionLine, 8>,
    /// Hook move (the hook also produces the plain slides along its lines).
    pub hook: Option<Hook>,
    /// `steps` then `leaps` in one list: the generator treats both alike (one target square
    /// each), and one loop over a single list is what the quiescence search's capture
    /// generation spends most of its time in.
    pub jumps: ArrayVec<i16, 24>,
    /// `jumps` (range 1) then the slides of non-zero range, as (unit step, range), the first
    /// `ray_count` entries used: the generator walks steps, leaps and slides in one loop,
    /// since a step or leap is a slide that stops after one square.
    pub rays: [(i16, u8); 32],
    /// Number of `rays`.
    pub ray_count: u8,
    /// For each square of the 3×3 box around the piece (index `(rank step + 1) * 3 + file
    /// step + 1`), the rays (a bit per index into `rays`) whose first square it is: a ray
    /// whose first square holds a friendly piece or a wall makes no move, and the generator
    /// skips it without reading the board. (Sixteen entries, the last seven empty, so that
    /// an index masked with 15 needs no bounds check.)
    pub box_rays: [u32; 16],
    /// The box squares that begin some ray (the bits of `box_rays` that are not empty).
    pub box_mask: u16,
    /// The rays whose first square lies outside the box (leaps).
    pub far_rays: u32,
    /// Whether the piece has any multi-step power (`lion`, `lion_lines` or `hook`): one
    /// test instead of three for the many pieces that have none.
    pub multistep: bool,
}

impl Movement {
    /// Whether the movement is its own mirror image: the same steps, leaps, slides and lion
    /// lines with left and right exchanged (lion power and hooks turn both ways by
    /// definition). Chu's pieces all are; dai dai's left and right generals and chariots are
    /// not, and a position of such a game reflected is a position of another game.
    pub fn is_mirror_symmetric(&self) -> bool {
        fn same<T: Ord + Clone>(a: &[T], reflected: impl Iterator<Item = T>) -> bool {
            let mut a = a.to_vec();
            let mut b: Vec<T> = reflected.collect();
            a.sort();
            b.sort();
            a == b
        }
        let line = |l: &LionLine, delta: i16| (delta, l.length, l.slide_range, l.with_lion);
        same(&self.steps, self.steps.iter().map(|&d| reflect_offset(d)))
            && same(&self.leaps, self.leaps.iter().map(|&d| reflect_offset(d)))
            && same(
                &self.slides,
                self.slides.iter().map(|&(d, r)| (reflect_offset(d), r)),
            )
            && same(
                &self
                    .lion_lines
                    .iter()
                    .map(|l| line(l, l.delta))
                    .collect::<Vec<_>>(),
                self.lion_lines
                    .iter()
                    .map(|l| line(l, reflect_offset(l.delta))),
            )
    }
}

/// The cell offset `delta` (at most three squares each way) turned left for right.
fn reflect_offset(delta: i16) -> i16 {
    let (ranks, files) = short_offset_steps(delta);
    ranks * STRIDE - files
}

/// An error in a movement description; catalogue tests make sure none ships.
#[derive(Debug, Eq, PartialEq)]
pub struct MovementError(pub String);

const ORTHO: [(char, i16); 4] = [('f', dir::F), ('b', dir::B), ('l', dir::L), ('r', dir::R)];
const DIAG: [(&str, i16); 4] = [
    ("fl", dir::FL),
    ("fr", dir::FR),
    ("bl", dir::BL),
    ("br", dir::BR),
];

/// Orthogonal directions selected by modifiers (empty = all four).
fn ortho_dirs(mods: &str) -> Result<Vec<i16>, MovementError> {
    if mods.is_empty() {
        return Ok(ORTHO.iter().map(|o| o.1).collect());
    }
    let mut out = Vec::new();
    for c in mods.chars() {
        let picked: &[char] = match c {
            's' => &['l', 'r'],
            'v' => &['f', 'b'],
            'f' => &['f'],
            'b' => &['b'],
            'l' => &['l'],
            'r' => &['r'],
            _ => {
                return Err(MovementError(format!(
                    "modifier '{c}' on an orthogonal atom"
                )));
            }
        };
        for p in picked {
            let d = ORTHO
                .iter()
                .find(|o| o.0 == *p)
                .map(|o| o.1)
                .unwrap_or_default();
            if !out.contains(&d) {
                out.push(d);
            }
        }
    }
    Ok(out)
}

/// Diagonal directions selected by modifiers (empty = all four).
fn diag_dirs(mods: &str) -> Result<Vec<i16>, MovementError> {
    if mods.is_empty() {
        return Ok(DIAG.iter().map(|d| d.1).collect());
    }
    let chars: Vec<char> = mods.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let pair = chars
            .get(i + 1)
            .filter(|n| matches!(c, 'f' | 'b') && matches!(n, 'l' | 'r'));
        let names: Vec<String> = match (c, pair) {
            (_, Some(n)) => {
                i += 1;
                vec![format!("{c}{n}")]
            }
            ('f', None) => vec!["fl".into(), "fr".into()],
            ('b', None) => vec!["bl".into(), "br".into()],
            ('l', None) => vec!["fl".into(), "bl".into()],
            ('r', None) => vec!["fr".into(), "br".into()],
            _ => return Err(MovementError(format!("modifier '{c}' on a diagonal atom"))),
        };
        for name in names {
            let d = DIAG
                .iter()
                .find(|d| d.0 == name)
                .map(|d| d.1)
                .unwrap_or_default();
            if !out.contains(&d) {
                out.push(d);
            }
        }
        i += 1;
    }
    Ok(out)
}

/// Directions of a `K`/`Q` atom: `f`/`b` pick the three directions on that side.
fn king_dirs(mods: &str) -> Result<Vec<i16>, MovementError> {
    let mut out = Vec::new();
    if mods.is_empty() {
        return Ok(dir::KING.to_vec());
    }
    for c in mods.chars() {
        let o = ortho_dirs(&c.to_string())?;
        let d = if matches!(c, 'f' | 'b' | 'l' | 'r') {
            diag_dirs(&c.to_string())?
        } else {
            Vec::new()
        };
        for x in o.into_iter().chain(d) {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    Ok(out)
}

/// One parsed term of a description.
struct Term {
    mods: String,
    atom: char,
    range: Option<u8>,
    lion_line: Option<u8>,
}

fn parse_terms(text: &str) -> Result<Vec<Term>, MovementError> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut terms = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let mods: String = chars[start..i].iter().collect();
        let atom = *chars
            .get(i)
            .ok_or_else(|| MovementError(format!("'{text}': modifiers without an atom")))?;
        if !"WFDANKQRB".contains(atom) {
            return Err(MovementError(format!("'{text}': unknown atom '{atom}'")));
        }
        i += 1;
        let digits = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let range = if i > digits {
            let n: String = chars[digits..i].iter().collect();
            Some(
                n.parse()
                    .map_err(|_| MovementError(format!("'{text}': bad range")))?,
            )
        } else {
            None
        };
        let mut lion_line = None;
        if chars.get(i) == Some(&'L') {
            let n = chars.get(i + 1).and_then(|c| c.to_digit(10));
            lion_line =
                Some(n.ok_or_else(|| MovementError(format!("'{text}': L needs a length")))? as u8);
            i += 2;
        }
        terms.push(Term {
            mods,
            atom,
            range,
            lion_line,
        });
    }
    Ok(terms)
}

/// Compiles a description for one color. Redundant parts (a step that a slide in the same
/// direction already makes, two slides along one line) are merged here, so the generator
/// never produces the same move twice from one piece's table.
pub fn compile(text: &str, color: Color) -> Result<Movement, MovementError> {
    let sign = color.sign();
    let mut steps: Vec<i16> = Vec::new();
    let mut leaps: Vec<i16> = Vec::new();
    let mut slides: Vec<(i16, u8)> = Vec::new();
    let mut lines: Vec<(i16, u8)> = Vec::new();
    let mut lion = false;
    let mut hook = None;
    for term in parse_terms(text)? {
        let Term {
            mods,
            atom,
            range,
            lion_line,
        } = term;
        if mods == "a" && atom == 'K' {
            lion = true;
            continue;
        }
        if mods == "mas" && matches!(atom, 'R' | 'B') {
            hook = Some(if atom == 'R' {
                Hook::Orthogonal
            } else {
                Hook::Diagonal
            });
            continue;
        }
        let dirs = match atom {
            'W' | 'R' | 'D' => ortho_dirs(&mods)?,
            'F' | 'B' | 'A' => diag_dirs(&mods)?,
            'K' | 'Q' => king_dirs(&mods)?,
            'N' if mods.is_empty() => Vec::new(),
            _ => return Err(MovementError(format!("'{text}': modifiers on '{atom}'"))),
        };
        if let Some(length) = lion_line {
            if !matches!(atom, 'W' | 'F' | 'K') || !(2..=3).contains(&length) {
                return Err(MovementError(format!("'{text}': bad lion line")));
            }
            lines.extend(dirs.iter().map(|d| (d * sign, length)));
            continue;
        }
        match atom {
            'W' | 'F' | 'K' => steps.extend(dirs.iter().map(|d| d * sign)),
            'D' | 'A' => leaps.extend(dirs.iter().map(|d| 2 * d * sign)),
            'N' => {
                for (f, s) in [
                    (dir::F, dir::L),
                    (dir::F, dir::R),
                    (dir::B, dir::L),
                    (dir::B, dir::R),
                ] {
                    leaps.push((2 * f + s) * sign);
                    leaps.push((f + 2 * s) * sign);
                }
            }
            _ => {
                let r = range.unwrap_or(u8::MAX);
                for d in dirs {
                    let d = d * sign;
                    match slides.iter_mut().find(|s| s.0 == d) {
                        Some(s) => s.1 = s.1.max(r),
                        None => slides.push((d, r)),
                    }
                }
            }
        }
    }
    if let Some(h) = hook {
        slides.retain(|s| !h.lines().contains(&(s.0 * sign)));
    }
    if lion {
        // The lion's own steps and leaps cover every square within two.
        steps.clear();
        leaps.retain(|l| !is_within_two(*l));
    }
    steps.retain(|s| !slides.iter().any(|sl| sl.0 == *s));
    steps.dedup();
    leaps.sort_unstable();
    leaps.dedup();
    let mut m = Movement {
        lion,
        hook,
        ..Movement::default()
    };
    for s in steps {
        m.steps
            .try_push(s)
            .map_err(|_| MovementError(format!("'{text}': too many steps")))?;
    }
    for l in leaps {
        m.leaps
            .try_push(l)
            .map_err(|_| MovementError(format!("'{text}': too many leaps")))?;
    }
    for s in &slides {
        m.slides
            .try_push(*s)
            .map_err(|_| MovementError(format!("'{text}': too many slides")))?;
    }
    for (delta, length) in lines {
        let slide_range = slides.iter().find(|s| s.0 == delta).map_or(0, |s| s.1);
        let line = LionLine {
            delta,
            length,
            slide_range,
            with_lion: lion,
        };
        m.lion_lines
            .try_push(line)
            .map_err(|_| MovementError(format!("'{text}': too many lion lines")))?;
    }
    m.jumps = m.steps.iter().chain(&m.leaps).copied().collect();
    let rays = m.jumps.iter().map(|&d| (d, 1));
    for (i, (d, range)) in rays
        .chain(m.slides.iter().copied().filter(|s| s.1 > 0))
        .enumerate()
    {
        m.rays[i] = (d, range);
        m.ray_count += 1;
        let (row, col) = short_offset_steps(d);
        if row.abs() <= 1 && col.abs() <= 1 {
            let b = ((row + 1) * 3 + col + 1) as usize;
            m.box_rays[b] |= 1 << i;
            m.box_mask |= 1 << b;
        } else {
            m.far_rays |= 1 << i;
        }
    }
    m.multistep = m.lion || !m.lion_lines.is_empty() || m.hook.is_some();
    Ok(m)
}

/// Whether a leap offset reaches a square at most two king steps away.
fn is_within_two(offset: i16) -> bool {
    (-2..=2).any(|dr| (-2..=2).any(|df| dr * crate::rules::geometry::STRIDE + df == offset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::dir::*;

    fn sorted(v: &[i16]) -> Vec<i16> {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    }

    #[test]
    fn modifiers_pick_the_owners_directions() {
        let silver = compile("FfW", Color::Black).unwrap();
        assert_eq!(sorted(&silver.steps), sorted(&[FL, FR, BL, BR, F]));
        let white_silver = compile("FfW", Color::White).unwrap();
        assert_eq!(sorted(&white_silver.steps), sorted(&[FL, FR, BL, BR, B]));
        let drunk = compile("FfsW", Color::Black).unwrap();
        assert_eq!(sorted(&drunk.steps), sorted(&[FL, FR, BL, BR, F, L, R]));
        let copper = compile("fKbW", Color::Black).unwrap();
        assert_eq!(sorted(&copper.steps), sorted(&[F, FL, FR, B]));
        let right_chariot = compile("fRfrBblBbW", Color::Black).unwrap();
        assert_eq!(right_chariot.slides.len(), 3);
        assert!(right_chariot.slides.contains(&(FR, u8::MAX)));
        assert!(right_chariot.slides.contains(&(BL, u8::MAX)));
        assert_eq!(right_chariot.steps.as_slice(), &[B]);
    }

    #[test]
    fn redundant_parts_are_merged() {
        let stag = compile("KvR", Color::Black).unwrap();
        assert_eq!(sorted(&stag.steps), sorted(&[L, R, FL, FR, BL, BR]));
        let bearer = compile("fQQ2", Color::Black).unwrap();
        assert_eq!(bearer.slides.len(), 8);
        assert!(bearer.slides.contains(&(F, u8::MAX)));
        assert!(bearer.slides.contains(&(B, 2)));
        let lion = compile("KNADaK", Color::Black).unwrap();
        assert!(lion.lion && lion.steps.is_empty() && lion.leaps.is_empty());
        let hook = compile("RmasR", Color::Black).unwrap();
        assert!(hook.slides.is_empty() && hook.hook == Some(Hook::Orthogonal));
        let elephant = compile("RbBfB2WL3bFL3", Color::Black).unwrap();
        assert_eq!(elephant.lion_lines.len(), 6);
        assert!(elephant.lion_lines.iter().all(|l| l.slide_range == u8::MAX));
    }

    #[test]
    fn leaps_and_ranges() {
        let kirin = compile("FD", Color::Black).unwrap();
        assert_eq!(sorted(&kirin.leaps), sorted(&[2 * F, 2 * B, 2 * L, 2 * R]));
        let knight = compile("N", Color::Black).unwrap();
        assert_eq!(knight.leaps.len(), 8);
        let dove = compile("R2B5", Color::Black).unwrap();
        assert!(dove.slides.contains(&(F, 2)) && dove.slides.contains(&(FL, 5)));
    }

    #[test]
    fn errors_are_reported() {
        assert!(compile("xW", Color::Black).is_err());
        assert!(compile("fN", Color::Black).is_err());
        assert!(compile("sF", Color::Black).is_err());
        assert!(compile("Z", Color::Black).is_err());
        assert!(compile("WL5", Color::Black).is_err());
    }
}
