//! A quantized network and its file (docs/eval.md, "The network"):
//!
//! ```text
//! accumulator[p] = b1 + Σ w1[f]  over the active features f of perspective p   (i16)
//! output = (b2 + Σ clamp(acc[us], 0, QA)·w2[..H] + Σ clamp(acc[them], 0, QA)·w2[H..])
//!          · scale / (QA · QB)                                            (pawn units)
//! ```
//! Integers only, so the native engine, the WebAssembly engine and the trainer's check of an
//! exported file agree to the unit, whichever vector instructions compute them
//! ([`super::simd`]). QA = QB = 1024: the integer output is within a few pawn units of the
//! float model's. Accumulators are i16, as in Stockfish, though weights are as fine as
//! 1/1024: the reader accepts only networks whose accumulators stay inside i16 on every
//! board (point 1 below), which trained networks do with room to spare.
//!
//! File, little-endian: the magic `SHISHINN`, u32 version, u32 variant (0 chu, 1 dai dai),
//! u32 features, u32 hidden, i32 scale, then w1 (features × hidden i16, feature-major), b1
//! (hidden i32), w2 (2 × hidden i16: the side to move's half, then the other side's), b2
//! (i32). The hidden width is the file's own, read at run time: any multiple of 16 (the
//! vector paths' step) from 16 to [`MAX_HIDDEN`] (64 unless `SHISHI_NNUE_HIDDEN` raised it at
//! build time), so networks of different widths, one per game, run in one binary. A file of
//! another width is refused with the reason.
//!
//! # Why no accepted file can overflow or reach a mate score
//!
//! [`Network::from_bytes`] accepts a file only if [`Network::check`] passes, which bounds
//! every field (H = hidden units):
//!
//! 1. **First layer.** A perspective's features hold at most one piece per square (a square
//!    of the board turned to that side's chair): for unit i the accumulator of any board lies
//!    in [b1_i + Σ_squares min(0, least w1 of a piece there), b1_i + Σ_squares max(0,
//!    greatest w1 there)], and the reader refuses a network where that leaves ±32 767
//!    ([`ACC_LIMIT`]; the built-in chu network's widest unit reaches 32 256, the trainer's export bound). So b1 fits
//!    i16 and so does every accumulator the engine keeps, which is always a board's: the
//!    search updates one board's accumulator to the next board's by adding and taking rows
//!    in wrapping i16 lanes, which gives the exact result modulo 2^16, so the exact one
//!    however an intermediate sum wraps. Also |w1| ≤ 4·QA and |b1| ≤ 2^20 (implied for any
//!    network with many squares; kept as plain field bounds).
//! 2. **Output layer.** A clipped activation is in [0, QA], and Σ|w2| over both halves is at
//!    most [`W2_SUM_LIMIT`] = 2^20, so each half sum, and every partial sum in any order, is
//!    at most QA · 2^20 = 2^30 in magnitude, and both together too: i32 holds them (a
//!    vector path's pair of products is below 2^26). |b2| ≤ [`B2_LIMIT`] = 2^30, so b2 plus
//!    the halves is below 2^31; it is taken to i64 before the scale (≤ [`SCALE_LIMIT`] =
//!    100 000 < 2^17), so the product is below 2^48.
//! 3. **The output itself.** The activations vary independently in [0, QA], so the sum lies
//!    in [b2 + QA · Σ min(w2, 0), b2 + QA · Σ max(w2, 0)], and division toward zero keeps
//!    the output between those ends scaled. [`Network::output_range`] computes them and the
//!    reader refuses a network whose range leaves ±[`OUTPUT_LIMIT`] (10 000, a hundred
//!    pawns; the built-in chu network's is −5 061 to +5 091).
//! 4. **The evaluation** (`eval::with_correction`) adds out · weight / 800 with weight in
//!    [0, 800]: |out · weight| ≤ 8 · 10^6, and the correction is non-zero only while the
//!    hand-set score is under 1 600 in magnitude, so a corrected score is at most
//!    1 600 + 10 000 = 11 600 from zero, far from the mate scores (29 000 and beyond;
//!    asserted at compile time in `eval`). Beyond a lead of 1 600 the network adds nothing.

use super::features::{self, MAX_HIDDEN};
use super::simd::{self, Path, Row, Width};
use crate::rules::Variant;
use arrayvec::ArrayVec;

/// Scale of the first layer's weights and of the clipped activation (1.0 = `QA`).
pub const QA: i32 = 1024;
/// Scale of the output weights.
pub const QB: i32 = 1024;
/// The file format's version.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"SHISHINN";

/// Largest output scale the reader accepts (pawn units of an output of 1.0).
pub const SCALE_LIMIT: i32 = 100_000;
/// Largest magnitude an accumulator may reach on any board (point 1 of the module's proof).
pub const ACC_LIMIT: i32 = i16::MAX as i32;
/// Largest |b1| the reader accepts.
pub const B1_LIMIT: i32 = 1 << 20;
/// Largest |w1| the reader accepts.
pub const W1_LIMIT: i32 = 4 * QA;
/// Largest Σ |w2| over both halves the reader accepts.
pub const W2_SUM_LIMIT: i64 = 1 << 20;
/// Largest |b2| the reader accepts.
pub const B2_LIMIT: i32 = 1 << 30;
/// Largest |output| (pawn units) of any network the reader accepts: see the module's proof.
pub const OUTPUT_LIMIT: i32 = 10_000;

/// The width of a network of `hidden` units, if this engine runs one: a multiple of 16 (the
/// vector paths' step) from 16 to [`MAX_HIDDEN`] (the accumulators' length). The reason if
/// not, to follow "… of N hidden units; ".
pub fn check_width(hidden: usize) -> Result<Width, String> {
    Width::new(hidden).ok_or_else(|| {
        if hidden > MAX_HIDDEN {
            format!(
                "this engine reads at most {MAX_HIDDEN} (SHISHI_NNUE_HIDDEN raises it at build time)"
            )
        } else {
            format!("this engine reads a multiple of 16 from 16 to {MAX_HIDDEN}")
        }
    })
}

/// A network for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game it judges.
    pub variant: Variant,
    /// Hidden units per perspective: the lanes of every accumulator and row it uses. Private,
    /// as `w1` is laid out by it ([`Network::hidden`] reads it).
    width: Width,
    /// Pawn units of an output of 1.0.
    pub scale: i32,
    /// First layer, feature-major as in the file (`w1[f * hidden + i]`), followed by
    /// `MAX_HIDDEN - hidden` zeros, so that every feature's row can be handed to the vector
    /// paths as a whole [`Row`] (of which they read the first `hidden` lanes). Private: the
    /// padding is this type's business ([`Network::new`]).
    w1: Vec<i16>,
    /// First layer's bias; zero from `hidden` on.
    pub b1: [i32; MAX_HIDDEN],
    /// Output weights: the side to move's, then the other side's; zero from `hidden` on.
    pub w2: [Row; 2],
    /// Output bias (scaled by QA · QB).
    pub b2: i32,
}

impl Network {
    /// A network of `width` units from its layers in the file's order and layout: `w1`
    /// feature-major (features × hidden), `b1` (hidden), `w2` (2 × hidden, the side to
    /// move's half first). Sizes only are checked here; [`Network::check`] checks the bounds.
    ///
    /// # Panics
    /// If a layer's length is not the one `width` gives: a caller's slip, since both callers
    /// (the reader and the trainer) size the layers from it.
    pub fn new(
        variant: Variant,
        width: Width,
        scale: i32,
        mut w1: Vec<i16>,
        b1: &[i32],
        w2: &[i16],
        b2: i32,
    ) -> Network {
        let hidden = width.get();
        assert_eq!(w1.len(), features::count(variant) * hidden, "first layer");
        assert_eq!((b1.len(), w2.len()), (hidden, 2 * hidden), "biases, output");
        w1.resize(w1.len() + MAX_HIDDEN - hidden, 0);
        let mut net = Network {
            variant,
            width,
            scale,
            w1,
            b1: [0; MAX_HIDDEN],
            w2: [[0; MAX_HIDDEN]; 2],
            b2,
        };
        net.b1[..hidden].copy_from_slice(b1);
        for (half, w) in net.w2.iter_mut().zip(w2.chunks_exact(hidden)) {
            half[..hidden].copy_from_slice(w);
        }
        net
    }

    /// Hidden units per perspective: the network's width, from its file.
    #[inline]
    pub fn hidden(&self) -> usize {
        self.width.get()
    }

    /// The first-layer weights of feature `f`, in the row's first `hidden` lanes (the lanes
    /// after them are the next features' weights, or zeros, and mean nothing here).
    #[inline]
    pub fn row(&self, f: usize) -> &Row {
        let at = f * self.hidden();
        self.w1[at..at + MAX_HIDDEN].try_into().unwrap()
    }

    /// The first layer, feature-major (`[f * hidden + i]`), as the file holds it.
    pub fn w1(&self) -> &[i16] {
        &self.w1[..features::count(self.variant) * self.hidden()]
    }

    /// The output in pawn units for the side to move (`us`) given both accumulators.
    #[inline]
    pub fn output(&self, us: &Row, them: &Row) -> i32 {
        self.output_by(Path::best(), us, them)
    }

    /// [`Network::output`] computed by `path`.
    #[inline]
    pub fn output_by(&self, path: Path, us: &Row, them: &Row) -> i32 {
        // Bounds and why nothing overflows: the module's documentation.
        let sum = i64::from(self.b2) + i64::from(simd::dot(path, self.width, us, them, &self.w2));
        (sum * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }

    /// A perspective's accumulator from scratch.
    pub fn accumulate(&self, active: &[u32]) -> Row {
        self.accumulate_by(Path::best(), active)
    }

    /// [`Network::accumulate`] computed by `path`.
    pub fn accumulate_by(&self, path: Path, active: &[u32]) -> Row {
        // In range: b1 is the accumulator of the empty board (point 1 of the proof). The
        // lanes past `hidden` are b1's zeros, and no update writes them.
        let mut acc = self.b1.map(|b| b as i16);
        self.update_by(path, &mut acc, active, &[]);
        acc
    }

    /// The accumulators `from` (per perspective) after a move that adds the rows of the
    /// features `adds[p]` and takes those of `subs[p]` away (at most four each), written to
    /// `to`: the search's update from a ply's sums to the next ply's, in one pass, with no
    /// copy and one call for both perspectives.
    #[inline]
    pub fn update_move(
        &self,
        from: &[Row; 2],
        to: &mut [Row; 2],
        adds: [&[u32]; 2],
        subs: [&[u32]; 2],
    ) {
        self.update_move_by(Path::best(), from, to, adds, subs);
    }

    /// [`Network::update_move`] computed by `path`.
    #[inline]
    pub fn update_move_by(
        &self,
        path: Path,
        from: &[Row; 2],
        to: &mut [Row; 2],
        adds: [&[u32]; 2],
        subs: [&[u32]; 2],
    ) {
        // Arrays filled in place: collecting into a list cost more than the update itself.
        // Each slot is tested, a fixed count the compiler unrolls, where a loop over the one
        // to three features of a list paid its set-up.
        let first = self.row(0);
        let mut rows = [[first; 4]; 4];
        for (list, features) in rows.iter_mut().zip(adds.iter().chain(&subs)) {
            for (i, row) in list.iter_mut().enumerate() {
                if let Some(&f) = features.get(i) {
                    *row = self.row(f as usize);
                }
            }
        }
        let [add0, add1, sub0, sub1] = &rows;
        simd::update_pair(
            path,
            self.width,
            from,
            to,
            [&add0[..adds[0].len()], &add1[..adds[1].len()]],
            [&sub0[..subs[0].len()], &sub1[..subs[1].len()]],
        );
    }

    /// Adds the rows of the features `adds` to `acc` and takes those of `subs` away, any
    /// number of each, computed by `path`.
    pub fn update_by(&self, path: Path, acc: &mut Row, adds: &[u32], subs: &[u32]) {
        // Sixteen rows at a time: a board's worth of features in a few passes.
        const AT_ONCE: usize = 16;
        let rows = |fs: &[u32]| -> ArrayVec<&Row, AT_ONCE> {
            fs.iter().map(|&f| self.row(f as usize)).collect()
        };
        for chunk in adds.chunks(AT_ONCE) {
            let from = *acc;
            simd::update(path, self.width, &from, acc, &rows(chunk), &[]);
        }
        for chunk in subs.chunks(AT_ONCE) {
            let from = *acc;
            simd::update(path, self.width, &from, acc, &[], &rows(chunk));
        }
    }

    /// The file's bytes: of the arrays, the first `hidden` lanes only.
    pub fn to_bytes(&self) -> Vec<u8> {
        let hidden = self.hidden();
        let mut out = Vec::with_capacity(40 + self.w1().len() * 2 + hidden * 8);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            match self.variant {
                Variant::Chu => 0,
                Variant::DaiDai => 1,
            },
            features::count(self.variant) as u32,
            hidden as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.scale.to_le_bytes());
        self.w1()
            .iter()
            .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        self.b1[..hidden]
            .iter()
            .for_each(|b| out.extend_from_slice(&b.to_le_bytes()));
        self.w2
            .iter()
            .flat_map(|half| &half[..hidden])
            .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        out.extend_from_slice(&self.b2.to_le_bytes());
        out
    }

    /// Reads a network file, checking every size against the game it names.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, String> {
        let mut r = Bytes { bytes, at: 0 };
        if r.take(8)? != MAGIC {
            return Err("not a Shishi network (no SHISHINN magic)".into());
        }
        let version = r.u32()?;
        if version != VERSION {
            return Err(format!("network format version {version} is not {VERSION}"));
        }
        let variant = match r.u32()? {
            0 => Variant::Chu,
            1 => Variant::DaiDai,
            v => return Err(format!("unknown variant number {v}")),
        };
        let (n, hidden) = (r.u32()? as usize, r.u32()? as usize);
        if n != features::count(variant) {
            return Err(format!(
                "a {} network of {n} features; {} has {}",
                variant.name(),
                variant.name(),
                features::count(variant)
            ));
        }
        let width = check_width(hidden)
            .map_err(|e| format!("a {} network of {hidden} hidden units; {e}", variant.name()))?;
        let scale = r.i32()?;
        let w1 = (0..n * hidden)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        let b1 = (0..hidden)
            .map(|_| r.i32())
            .collect::<Result<Vec<_>, _>>()?;
        let w2 = (0..2 * hidden)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        let b2 = r.i32()?;
        if r.at != bytes.len() {
            return Err(format!(
                "{} bytes past the network's end",
                bytes.len() - r.at
            ));
        }
        let net = Network::new(variant, width, scale, w1, &b1, &w2, b2);
        net.check()?;
        Ok(net)
    }

    /// Whether every field is inside the bounds that keep the evaluation's arithmetic exact
    /// and its scores out of mate range (the module's documentation proves it); the reader
    /// refuses a file that fails.
    pub fn check(&self) -> Result<(), String> {
        let hidden = self.hidden();
        // `variant` is public, and the first layer's length is that game's.
        if self.w1.len() != features::count(self.variant) * hidden + MAX_HIDDEN - hidden {
            return Err(format!(
                "the first layer is not of {}'s size",
                self.variant.name()
            ));
        }
        // The lanes past the width stay zero (the fields are public), so that equal files
        // are equal networks (a network loaded twice is kept once) and the bounds below,
        // taken over whole arrays, are the file's.
        if self.b1[hidden..].iter().any(|&b| b != 0)
            || self
                .w2
                .iter()
                .any(|half| half[hidden..].iter().any(|&w| w != 0))
        {
            return Err(format!("weights past the {hidden} hidden units"));
        }
        if !(1..=SCALE_LIMIT).contains(&self.scale) {
            return Err(format!(
                "output scale {} is out of range (1 to {SCALE_LIMIT})",
                self.scale
            ));
        }
        if self.b1.iter().any(|b| b.unsigned_abs() > B1_LIMIT as u32)
            || self
                .w1()
                .iter()
                .any(|w| u32::from(w.unsigned_abs()) > W1_LIMIT as u32)
        {
            return Err(format!(
                "first-layer weights out of range (|w1| ≤ {W1_LIMIT}, |b1| ≤ {B1_LIMIT})"
            ));
        }
        let (lo, hi) = self.accumulator_range();
        if let Some(i) = (0..hidden).find(|&i| lo[i] < -ACC_LIMIT || hi[i] > ACC_LIMIT) {
            return Err(format!(
                "first-layer weights too large: unit {i}'s accumulator can reach {} to {} on some board, beyond ±{ACC_LIMIT}",
                lo[i], hi[i]
            ));
        }
        let w2_sum: i64 = self.w2.iter().flatten().map(|&w| i64::from(w).abs()).sum();
        if w2_sum > W2_SUM_LIMIT {
            return Err(format!(
                "output weights out of range (Σ|w2| = {w2_sum} > {W2_SUM_LIMIT})"
            ));
        }
        if self.b2.unsigned_abs() > B2_LIMIT as u32 {
            return Err(format!(
                "output bias {} is out of range (|b2| ≤ {B2_LIMIT})",
                self.b2
            ));
        }
        let (lo, hi) = self.output_range();
        if lo < -i64::from(OUTPUT_LIMIT) || hi > i64::from(OUTPUT_LIMIT) {
            return Err(format!(
                "the output can reach {lo} to {hi}, beyond ±{OUTPUT_LIMIT} (scale and output weights too large)"
            ));
        }
        Ok(())
    }

    /// Per unit, the least and the greatest accumulator of any board: on every square the
    /// piece (of either side, any kind) whose weight pulls the unit furthest down or up, or
    /// none. Meaningful once |w1| and |b1| are bounded (no overflow below 2^31). The units
    /// from `hidden` on are b1's zeros.
    pub fn accumulator_range(&self) -> ([i32; MAX_HIDDEN], [i32; MAX_HIDDEN]) {
        let side = self.variant.side();
        let squares = side * side;
        let (mut lo, mut hi) = (self.b1, self.b1);
        for sq in 0..squares {
            let (mut least, mut most) = ([0i16; MAX_HIDDEN], [0i16; MAX_HIDDEN]);
            for f in (sq..features::count(self.variant)).step_by(squares) {
                for (i, &w) in self.row(f)[..self.hidden()].iter().enumerate() {
                    least[i] = least[i].min(w);
                    most[i] = most[i].max(w);
                }
            }
            for i in 0..self.hidden() {
                lo[i] += i32::from(least[i]);
                hi[i] += i32::from(most[i]);
            }
        }
        (lo, hi)
    }

    /// The least and the greatest output (pawn units) any pair of accumulators can give:
    /// each clipped activation takes the end of [0, QA] that lowers or raises the sum.
    /// Meaningful once the field bounds of [`Network::check`] hold (no overflow below 2^62).
    pub fn output_range(&self) -> (i64, i64) {
        let (mut lo, mut hi) = (i64::from(self.b2), i64::from(self.b2));
        for &w in self.w2.iter().flatten() {
            let w = i64::from(w) * i64::from(QA);
            lo += w.min(0);
            hi += w.max(0);
        }
        let out = |sum: i64| sum * i64::from(self.scale) / i64::from(QA * QB);
        (out(lo), out(hi))
    }

    /// The file's hash (FNV-1a, 64 bits), as `shishi bench` and `id` show it.
    pub fn hash(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.to_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        format!("{h:016x}")
    }
}

struct Bytes<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the network file is cut short")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u32(&mut self) -> Result<u32, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }
    fn i32(&mut self) -> Result<i32, String> {
        Ok(i32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }
    fn i16(&mut self) -> Result<i16, String> {
        Ok(i16::from_le_bytes(self.take(2)?.try_into().unwrap()))
    }
}
