//! A quantized network and its file (docs/eval.md, "The network"):
//!
//! ```text
//! accumulator[p] = b1 + Σ w1[f]  over the active features f of perspective p   (i32)
//! output = (b2 + Σ clamp(acc[us], 0, QA)·w2[..H] + Σ clamp(acc[them], 0, QA)·w2[H..])
//!          · scale / (QA · QB)                                            (pawn units)
//! ```
//! Integers only, so the native engine, the WebAssembly engine and the trainer's check of an
//! exported file agree to the unit. Accumulators are i32 rather than Stockfish's i16: a dai
//! dai board holds twice a chu board's pieces, and with i32 the scales can be fine (QA, QB =
//! 1024: the integer output is within a few pawn units of the float model's). The update
//! loops are plain slices of 32 lanes, which the compiler vectorizes.
//!
//! File, little-endian: the magic `SHISHINN`, u32 version, u32 variant (0 chu, 1 dai dai),
//! u32 features, u32 hidden, i32 scale, then w1 (features × hidden i16, feature-major), b1
//! (hidden i32), w2 (2 × hidden i16), b2 (i32).
//!
//! # Why no accepted file can overflow or reach a mate score
//!
//! [`Network::from_bytes`] accepts a file only if [`Network::check`] passes, which bounds
//! every field (H = hidden units, N = pieces on a board ≤ its squares, 144 chu, 289 dai dai):
//!
//! 1. **First layer.** |w1| ≤ 4·QA = 2^12 and |b1| ≤ 2^20, so an accumulator, whatever the
//!    order of the adds and takes, is at most 2^20 + 289 · 2^12 < 2^21 in magnitude (every
//!    intermediate state of an update is a board with some pieces left off, so also < 2^21):
//!    far inside i32.
//! 2. **Output layer.** A clipped activation is in [0, QA], and Σ|w2| over both halves is at
//!    most [`W2_SUM_LIMIT`] = 2^20, so each half sum, and every partial sum in any order, is
//!    at most QA · 2^20 = 2^30 in magnitude, and both together too: i32 holds them. |b2| ≤
//!    [`B2_LIMIT`] = 2^30, so b2 plus the halves is below 2^31; it is taken to i64 before the
//!    scale (≤ [`SCALE_LIMIT`] = 100 000 < 2^17), so the product is below 2^48.
//! 3. **The output itself.** The activations vary independently in [0, QA], so the sum lies
//!    in [b2 + QA · Σ min(w2, 0), b2 + QA · Σ max(w2, 0)], and division toward zero keeps
//!    the output between those ends scaled. [`Network::output_range`] computes them and the
//!    reader refuses a network whose range leaves ±[`OUTPUT_LIMIT`] (10 000, a hundred
//!    pawns; the built-in chu network's is about −2 600 to +2 650).
//! 4. **The evaluation** (`eval::with_correction`) adds out · weight / 800 with weight in
//!    [0, 800]: |out · weight| ≤ 8 · 10^6, and the correction is non-zero only while the
//!    hand-set score is under 1 600 in magnitude, so a corrected score is at most
//!    1 600 + 10 000 = 11 600 from zero, far from the mate scores (29 000 and beyond;
//!    asserted at compile time in `eval`). Beyond a lead of 1 600 the network adds nothing.

use super::features::{self, HIDDEN};
use crate::rules::Variant;

/// Scale of the first layer's weights and of the clipped activation (1.0 = `QA`).
pub const QA: i32 = 1024;
/// Scale of the output weights.
pub const QB: i32 = 1024;
/// The file format's version.
pub const VERSION: u32 = 1;
const MAGIC: &[u8; 8] = b"SHISHINN";

/// Largest output scale the reader accepts (pawn units of an output of 1.0).
pub const SCALE_LIMIT: i32 = 100_000;
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

/// A network for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// The game it judges.
    pub variant: Variant,
    /// Pawn units of an output of 1.0.
    pub scale: i32,
    /// First layer, feature-major: `w1[f * HIDDEN + i]`.
    pub w1: Vec<i16>,
    /// First layer's bias.
    pub b1: [i32; HIDDEN],
    /// Output weights: the side to move's half, then the other side's.
    pub w2: [i16; 2 * HIDDEN],
    /// Output bias (scaled by QA · QB).
    pub b2: i32,
}

impl Network {
    /// The first-layer weights of feature `f`.
    #[inline]
    pub fn row(&self, f: usize) -> &[i16] {
        &self.w1[f * HIDDEN..(f + 1) * HIDDEN]
    }

    /// The output in pawn units for the side to move (`us`) given both accumulators.
    #[inline]
    pub fn output(&self, us: &[i32; HIDDEN], them: &[i32; HIDDEN]) -> i32 {
        // Bounds and why nothing overflows: the module's documentation.
        let mut sum = i64::from(self.b2);
        let half = |acc: &[i32; HIDDEN], w: &[i16]| -> i64 {
            acc.iter()
                .zip(w)
                .map(|(&a, &w)| a.clamp(0, QA) * i32::from(w))
                .sum::<i32>() as i64
        };
        sum += half(us, &self.w2[..HIDDEN]);
        sum += half(them, &self.w2[HIDDEN..]);
        (sum * i64::from(self.scale) / i64::from(QA * QB)) as i32
    }

    /// A perspective's accumulator from scratch.
    pub fn accumulate(&self, active: &[u32]) -> [i32; HIDDEN] {
        let mut acc = self.b1;
        for &f in active {
            add_row(&mut acc, self.row(f as usize), 1);
        }
        acc
    }

    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(40 + self.w1.len() * 2 + HIDDEN * 8);
        out.extend_from_slice(MAGIC);
        for v in [
            VERSION,
            match self.variant {
                Variant::Chu => 0,
                Variant::DaiDai => 1,
            },
            features::count(self.variant) as u32,
            HIDDEN as u32,
        ] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&self.scale.to_le_bytes());
        self.w1
            .iter()
            .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        self.b1
            .iter()
            .for_each(|b| out.extend_from_slice(&b.to_le_bytes()));
        self.w2
            .iter()
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
        if n != features::count(variant) || hidden != HIDDEN {
            return Err(format!(
                "a {} network of {n} features and {hidden} hidden units; this engine's has {} and {HIDDEN}",
                variant.name(),
                features::count(variant)
            ));
        }
        let scale = r.i32()?;
        let w1 = (0..n * HIDDEN)
            .map(|_| r.i16())
            .collect::<Result<Vec<_>, _>>()?;
        let mut b1 = [0; HIDDEN];
        for b in &mut b1 {
            *b = r.i32()?;
        }
        let mut w2 = [0; 2 * HIDDEN];
        for w in &mut w2 {
            *w = r.i16()?;
        }
        let b2 = r.i32()?;
        if r.at != bytes.len() {
            return Err(format!(
                "{} bytes past the network's end",
                bytes.len() - r.at
            ));
        }
        let net = Network {
            variant,
            scale,
            w1,
            b1,
            w2,
            b2,
        };
        net.check()?;
        Ok(net)
    }

    /// Whether every field is inside the bounds that keep the evaluation's arithmetic exact
    /// and its scores out of mate range (the module's documentation proves it); the reader
    /// refuses a file that fails.
    pub fn check(&self) -> Result<(), String> {
        if self.w1.len() != features::count(self.variant) * HIDDEN {
            return Err(format!("{} first-layer weights", self.w1.len()));
        }
        if !(1..=SCALE_LIMIT).contains(&self.scale) {
            return Err(format!(
                "output scale {} is out of range (1 to {SCALE_LIMIT})",
                self.scale
            ));
        }
        if self.b1.iter().any(|b| b.unsigned_abs() > B1_LIMIT as u32)
            || self
                .w1
                .iter()
                .any(|w| u32::from(w.unsigned_abs()) > W1_LIMIT as u32)
        {
            return Err(format!(
                "first-layer weights out of range (|w1| ≤ {W1_LIMIT}, |b1| ≤ {B1_LIMIT})"
            ));
        }
        let w2_sum: i64 = self.w2.iter().map(|&w| i64::from(w).abs()).sum();
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

    /// The least and the greatest output (pawn units) any pair of accumulators can give:
    /// each clipped activation takes the end of [0, QA] that lowers or raises the sum.
    /// Meaningful once the field bounds of [`Network::check`] hold (no overflow below 2^62).
    pub fn output_range(&self) -> (i64, i64) {
        let (mut lo, mut hi) = (i64::from(self.b2), i64::from(self.b2));
        for &w in &self.w2 {
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

/// Adds (`sign` 1) or takes away (-1) a feature's weights.
#[inline]
pub fn add_row(acc: &mut [i32; HIDDEN], row: &[i16], sign: i32) {
    for (a, &w) in acc.iter_mut().zip(row) {
        *a += sign * i32::from(w);
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
