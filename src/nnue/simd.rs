//! The network's two inner loops, written once per instruction set: an accumulator update
//! (`to = from + Σ rows added − Σ rows taken`, in i16 lanes) and the output layer's dot product
//! (`Σ clamp(acc, 0, QA) · w2` over both perspectives, in i32), each over the first lanes of
//! [`MAX_HIDDEN`]-lane rows, as many as the network's width ([`Width`], from its file).
//! Paths: x86-64 AVX2, chosen at run time where the processor has it, else SSE2 (every x86-64
//! has it); aarch64 NEON; WebAssembly SIMD (`simd128`, chosen at build time: a module either
//! has it or is not loaded); and a scalar path everywhere. `Path::best` is the one the engine
//! uses; the tests force each available one against the scalar path.
//!
//! **All paths give the same integers.** Additions and subtractions wrap in every path (the
//! scalar one uses `wrapping_add`, the vector instructions wrap by definition), so each gives
//! the exact result modulo 2^16, in any order of the rows. The reader's bound
//! (`Network::check`) keeps every accumulator the engine holds (that of a board, at most one
//! piece per square) inside ±32 767, so the exact result is representable and the wrapped
//! one is it, even where an intermediate sum would leave i16. In the dot product a clipped
//! activation is in [0, 1024] and |w2| ≤ 2^15, so a product is below 2^25 and a pair
//! (`madd`) below 2^26; Σ|w2| ≤ 2^20 bounds every partial sum, in any order, by 2^30: no i32
//! lane overflows, and the lanes' total is the exact sum.
//!
//! **Widths.** A [`Width`] is a multiple of 16, so every vector step (8 or 16 lanes) divides
//! it, and at most [`MAX_HIDDEN`], the rows' length, so no load or store leaves a row: every
//! `SAFETY` comment below about a row's bounds rests on that. Lanes from the width on are
//! neither read for the result nor written.

use super::features::MAX_HIDDEN;
use super::network::QA;
use std::sync::atomic::{AtomicU8, Ordering};

/// One perspective's accumulator, and one feature's first-layer weights: a network of `n`
/// hidden units uses the first `n` lanes.
pub type Row = [i16; MAX_HIDDEN];

const _: () = assert!(
    MAX_HIDDEN.is_multiple_of(16) && MAX_HIDDEN > 0,
    "the vector paths take 16 lanes at a time"
);

/// A network's hidden units, as the vector paths run them: a multiple of 16 from 16 to
/// [`MAX_HIDDEN`]. Made only by [`Width::new`], which checks it, so that the loops, run at
/// every move, need not: they read it through [`Width::get`], which also tells the compiler
/// its range, so that each path drops the blocks (`by_blocks!`) no width can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Width(usize);

impl Width {
    /// `hidden` units, if the paths run that many.
    pub const fn new(hidden: usize) -> Option<Width> {
        if hidden >= 16 && hidden <= MAX_HIDDEN && hidden.is_multiple_of(16) {
            Some(Width(hidden))
        } else {
            None
        }
    }

    /// The number of units.
    #[inline]
    pub fn get(self) -> usize {
        // SAFETY: `Width::new`, the only maker of a Width, checked it.
        unsafe {
            std::hint::assert_unchecked(
                self.0 >= 16 && self.0 <= MAX_HIDDEN && self.0.is_multiple_of(16),
            );
        }
        self.0
    }
}

/// An implementation of the two loops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// Plain Rust, one lane at a time (what the compiler makes of it).
    Scalar,
    /// x86-64 SSE2, 8 lanes of i16.
    Sse2,
    /// x86-64 AVX2, 16 lanes of i16.
    Avx2,
    /// aarch64 NEON, 8 lanes of i16.
    Neon,
    /// WebAssembly SIMD, 8 lanes of i16.
    Simd128,
}

const UNSET: u8 = u8::MAX;
static BEST: AtomicU8 = AtomicU8::new(UNSET);

impl Path {
    /// Every path this machine can run, the scalar one first.
    pub fn available() -> Vec<Path> {
        let mut paths = vec![Path::Scalar];
        #[cfg(target_arch = "x86_64")]
        {
            paths.push(Path::Sse2);
            if std::arch::is_x86_feature_detected!("avx2") {
                paths.push(Path::Avx2);
            }
        }
        #[cfg(target_arch = "aarch64")]
        paths.push(Path::Neon);
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        paths.push(Path::Simd128);
        paths
    }

    /// The fastest available path (the last of [`Path::available`]), found once.
    #[inline]
    pub fn best() -> Path {
        match BEST.load(Ordering::Relaxed) {
            UNSET => {
                let best = *Path::available().last().unwrap();
                BEST.store(best as u8, Ordering::Relaxed);
                best
            }
            v => Path::ALL[v as usize],
        }
    }

    const ALL: [Path; 5] = [
        Path::Scalar,
        Path::Sse2,
        Path::Avx2,
        Path::Neon,
        Path::Simd128,
    ];
}

/// `to = from + Σ adds − Σ subs` over the first `width` lanes, lane by lane, wrapping (see
/// the module's note), by `path`; the lanes after them in `to` are left as they are. Reading
/// one accumulator and writing another lets the search build a child's sums straight into
/// their slot, with no copy of the parent's first.
///
/// # Panics
/// If `path` is not one of [`Path::available`].
#[inline]
pub fn update(path: Path, width: Width, from: &Row, to: &mut Row, adds: &[&Row], subs: &[&Row]) {
    match path {
        Path::Scalar => update_scalar(width, from, to, adds, subs),
        #[cfg(target_arch = "x86_64")]
        Path::Sse2 => {
            // SAFETY: SSE2 is part of x86-64.
            unsafe { x86::update_sse2(width, from, to, adds, subs) }
        }
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => {
            assert!(std::arch::is_x86_feature_detected!("avx2"));
            // SAFETY: the processor has AVX2 (checked above; cached by std).
            unsafe { x86::update_avx2(width, from, to, adds, subs) }
        }
        #[cfg(target_arch = "aarch64")]
        Path::Neon => {
            // SAFETY: NEON is part of aarch64.
            unsafe { neon::update(width, from, to, adds, subs) }
        }
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        Path::Simd128 => wasm::update(width, from, to, adds, subs),
        #[allow(unreachable_patterns)]
        _ => panic!("{path:?} is not available here"),
    }
}

/// [`update`] of both perspectives at once (`to[p] = from[p] + Σ adds[p] − Σ subs[p]`): the
/// search's update after a move, in one call. On AVX2 one function does both, so the move
/// pays for one dispatch and one call instead of two.
///
/// # Panics
/// If `path` is not one of [`Path::available`].
#[inline]
pub fn update_pair(
    path: Path,
    width: Width,
    from: &[Row; 2],
    to: &mut [Row; 2],
    adds: [&[&Row]; 2],
    subs: [&[&Row]; 2],
) {
    match path {
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => {
            assert!(std::arch::is_x86_feature_detected!("avx2"));
            // SAFETY: the processor has AVX2 (checked above; cached by std).
            unsafe { x86::update_pair_avx2(width, from, to, adds, subs) }
        }
        _ => {
            for (p, to) in to.iter_mut().enumerate() {
                update(path, width, &from[p], to, adds[p], subs[p]);
            }
        }
    }
}

/// `Σ clamp(us, 0, QA) · w2[0] + Σ clamp(them, 0, QA) · w2[1]` over the first `width` lanes,
/// by `path`.
///
/// Always inlined: left a call by the compiler, its own prologue and dispatch were a third
/// of the output layer's cost.
///
/// # Panics
/// If `path` is not one of [`Path::available`].
#[inline(always)]
pub fn dot(path: Path, width: Width, us: &Row, them: &Row, w2: &[Row; 2]) -> i32 {
    let [w_us, w_them] = w2;
    match path {
        Path::Scalar => dot_scalar(width, us, w_us).wrapping_add(dot_scalar(width, them, w_them)),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: SSE2 is part of x86-64.
        Path::Sse2 => unsafe { x86::dot_sse2(width, us, them, w_us, w_them) },
        #[cfg(target_arch = "x86_64")]
        Path::Avx2 => {
            assert!(std::arch::is_x86_feature_detected!("avx2"));
            // SAFETY: the processor has AVX2 (checked above; cached by std).
            unsafe { x86::dot_avx2(width, us, them, w_us, w_them) }
        }
        #[cfg(target_arch = "aarch64")]
        // SAFETY: NEON is part of aarch64.
        Path::Neon => unsafe { neon::dot(width, us, them, w_us, w_them) },
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        Path::Simd128 => wasm::dot(width, us, them, w_us, w_them),
        #[allow(unreachable_patterns)]
        _ => panic!("{path:?} is not available here"),
    }
}

fn update_scalar(width: Width, from: &Row, to: &mut Row, adds: &[&Row], subs: &[&Row]) {
    let acc = &mut to[..width.get()];
    acc.copy_from_slice(&from[..width.get()]);
    for row in adds {
        for (a, &w) in acc.iter_mut().zip(row.iter()) {
            *a = a.wrapping_add(w);
        }
    }
    for row in subs {
        for (a, &w) in acc.iter_mut().zip(row.iter()) {
            *a = a.wrapping_sub(w);
        }
    }
}

fn dot_scalar(width: Width, acc: &Row, w: &Row) -> i32 {
    acc[..width.get()]
        .iter()
        .zip(w)
        .fold(0i32, |sum, (&a, &w)| {
            sum.wrapping_add(i32::from(a.clamp(0, QA as i16)) * i32::from(w))
        })
}

/// Vector registers a block of the accumulator is kept in while all the rows are applied to
/// it (AVX2 and SSE2 have sixteen, NEON thirty-two: room is left for the rows' loads). 32
/// units are one block of two AVX2 registers; 256 are two blocks of eight.
const BLOCK_REGS: usize = 8;

/// Runs `$block::<R>(start, args…)` over the lanes `0..$width` in blocks of `R` registers of
/// `$lanes` lanes each: whole blocks of [`BLOCK_REGS`], then one block of what remains. The
/// width is read at run time, but each block function is compiled for its count of registers,
/// so that its loops over them unroll and the block stays in registers, as when the width was
/// a constant: a width costs one dispatch on what remains (and the compiler, told the width's
/// range by [`Width::get`], leaves out the blocks no width up to [`MAX_HIDDEN`] has). Every
/// block ends at most at the width.
macro_rules! by_blocks {
    ($width:expr, $lanes:expr, $block:ident($($arg:expr),*)) => {{
        const BLOCK: usize = super::BLOCK_REGS * $lanes;
        let width: usize = $width.get();
        let mut start = 0;
        while width - start >= BLOCK {
            $block::<{ super::BLOCK_REGS }>(start, $($arg),*);
            start += BLOCK;
        }
        // Fewer than BLOCK_REGS registers remain (asserted to be 8 below).
        match (width - start) / $lanes {
            1 => $block::<1>(start, $($arg),*),
            2 => $block::<2>(start, $($arg),*),
            3 => $block::<3>(start, $($arg),*),
            4 => $block::<4>(start, $($arg),*),
            5 => $block::<5>(start, $($arg),*),
            6 => $block::<6>(start, $($arg),*),
            7 => $block::<7>(start, $($arg),*),
            _ => {}
        }
    }};
}

const _: () = assert!(
    BLOCK_REGS == 8,
    "by_blocks! dispatches 1 to 7 remaining registers"
);

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{QA, Row, Width};
    use std::arch::x86_64::*;

    /// Adds (or, with the subtraction as `$op`, removes) one row to the block held in
    /// `$r[..$regs]`: the one body of the update's fixed-count and list loops below.
    macro_rules! apply_row {
        ($r:ident, $regs:ident, $start:ident, $row:expr, $lanes:expr, $load:ident, $op:ident,
         $ptr:ty) => {
            for k in 0..$regs {
                // SAFETY: start + (k + 1) · lanes ≤ MAX_HIDDEN, the rows' length (the block
                // function's precondition).
                let w = unsafe { $load($row.as_ptr().add($start + k * $lanes) as *const $ptr) };
                $r[k] = $op($r[k], w);
            }
        };
    }

    /// The update of one block: lanes `start..start + R · lanes` of `to` are those of `from`
    /// with the rows added and taken, kept in `R` registers throughout.
    macro_rules! update_block {
        ($feature:literal, $name:ident, $lanes:expr, $zero:ident, $load:ident, $store:ident,
         $add:ident, $sub:ident, $ptr:ty) => {
            /// One block of the update (see `update_block!`).
            ///
            /// # Safety
            /// The processor has the instruction set, and `start + R · lanes ≤ MAX_HIDDEN`.
            #[target_feature(enable = $feature)]
            #[inline]
            unsafe fn $name<const R: usize>(
                start: usize,
                from: &Row,
                to: &mut Row,
                adds: &[&Row],
                subs: &[&Row],
            ) {
                const FEW: usize = 4;
                let mut r = [$zero(); R];
                // Index loops: iterator adapters here were left as calls, not unrolled.
                for k in 0..R {
                    // SAFETY: start + (k + 1) · lanes ≤ MAX_HIDDEN, the rows' length (this
                    // function's precondition).
                    r[k] = unsafe { $load(from.as_ptr().add(start + k * $lanes) as *const $ptr) };
                }
                // A move brings at most `FEW` rows of each kind (the search's update): they
                // are tested one by one, a fixed count the compiler unrolls, where a loop
                // over the list paid its set-up for one or two rows. Longer lists (an
                // accumulator from scratch) go on in the loop after them.
                let (adds_few, adds_rest) = adds.split_at(adds.len().min(FEW));
                let (subs_few, subs_rest) = subs.split_at(subs.len().min(FEW));
                for i in 0..FEW {
                    if let Some(row) = adds_few.get(i) {
                        apply_row!(r, R, start, row, $lanes, $load, $add, $ptr);
                    }
                }
                for row in adds_rest {
                    apply_row!(r, R, start, row, $lanes, $load, $add, $ptr);
                }
                for i in 0..FEW {
                    if let Some(row) = subs_few.get(i) {
                        apply_row!(r, R, start, row, $lanes, $load, $sub, $ptr);
                    }
                }
                for row in subs_rest {
                    apply_row!(r, R, start, row, $lanes, $load, $sub, $ptr);
                }
                for k in 0..R {
                    // SAFETY: as above.
                    unsafe { $store(to.as_mut_ptr().add(start + k * $lanes) as *mut $ptr, r[k]) };
                }
            }
        };
    }

    update_block!(
        "sse2",
        block_sse2,
        8,
        _mm_setzero_si128,
        _mm_loadu_si128,
        _mm_storeu_si128,
        _mm_add_epi16,
        _mm_sub_epi16,
        __m128i
    );

    update_block!(
        "avx2",
        block_avx2,
        16,
        _mm256_setzero_si256,
        _mm256_loadu_si256,
        _mm256_storeu_si256,
        _mm256_add_epi16,
        _mm256_sub_epi16,
        __m256i
    );

    /// # Safety
    /// The processor has SSE2 (every x86-64 has).
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn update_sse2(
        width: Width,
        from: &Row,
        to: &mut Row,
        adds: &[&Row],
        subs: &[&Row],
    ) {
        // SAFETY: SSE2 is this function's; every block ends at most at the width, so
        // within MAX_HIDDEN.
        unsafe { by_blocks!(width, 8, block_sse2(from, to, adds, subs)) }
    }

    /// # Safety
    /// The processor has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn update_avx2(
        width: Width,
        from: &Row,
        to: &mut Row,
        adds: &[&Row],
        subs: &[&Row],
    ) {
        // SAFETY: AVX2 is this function's; every block ends at most at the width, so
        // within MAX_HIDDEN.
        unsafe { by_blocks!(width, 16, block_avx2(from, to, adds, subs)) }
    }

    /// One block of both perspectives' updates, so that a move pays for one dispatch on the
    /// width, not two.
    ///
    /// # Safety
    /// As `block_avx2`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn pair_block_avx2<const R: usize>(
        start: usize,
        from: &[Row; 2],
        to: &mut [Row; 2],
        adds: [&[&Row]; 2],
        subs: [&[&Row]; 2],
    ) {
        for (p, to) in to.iter_mut().enumerate() {
            // SAFETY: this function's preconditions; the call inlines.
            unsafe { block_avx2::<R>(start, &from[p], to, adds[p], subs[p]) }
        }
    }

    /// # Safety
    /// The processor has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn update_pair_avx2(
        width: Width,
        from: &[Row; 2],
        to: &mut [Row; 2],
        adds: [&[&Row]; 2],
        subs: [&[&Row]; 2],
    ) {
        // SAFETY: AVX2 is this function's; every block ends at most at the width, so
        // within MAX_HIDDEN.
        unsafe { by_blocks!(width, 16, pair_block_avx2(from, to, adds, subs)) }
    }

    /// Lanes `start..start + R · 8` of both perspectives' clipped products, added to `sum`.
    ///
    /// # Safety
    /// `start + R · 8 ≤ MAX_HIDDEN`.
    #[target_feature(enable = "sse2")]
    #[inline]
    unsafe fn dot_block_sse2<const R: usize>(
        start: usize,
        accs: [&Row; 2],
        ws: [&Row; 2],
        sum: &mut __m128i,
    ) {
        let (zero, top) = (_mm_setzero_si128(), _mm_set1_epi16(QA as i16));
        for (acc, w) in accs.into_iter().zip(ws) {
            for k in 0..R {
                let at = start + k * 8;
                // SAFETY: at + 8 ≤ MAX_HIDDEN, the rows' length (this function's precondition).
                let (a, w) = unsafe {
                    (
                        _mm_loadu_si128(acc.as_ptr().add(at) as *const __m128i),
                        _mm_loadu_si128(w.as_ptr().add(at) as *const __m128i),
                    )
                };
                let a = _mm_min_epi16(_mm_max_epi16(a, zero), top);
                *sum = _mm_add_epi32(*sum, _mm_madd_epi16(a, w));
            }
        }
    }

    /// # Safety
    /// The processor has SSE2 (every x86-64 has).
    #[target_feature(enable = "sse2")]
    pub(super) unsafe fn dot_sse2(
        width: Width,
        us: &Row,
        them: &Row,
        w_us: &Row,
        w_them: &Row,
    ) -> i32 {
        let mut sum = _mm_setzero_si128();
        // SAFETY: SSE2 is this function's; every block ends at most at the width, so
        // within MAX_HIDDEN.
        unsafe {
            by_blocks!(
                width,
                8,
                dot_block_sse2([us, them], [w_us, w_them], &mut sum)
            )
        }
        // Lanes 2, 3 onto 0, 1, then lane 1 onto 0.
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
        _mm_cvtsi128_si32(sum)
    }

    /// Lanes `start..start + R · 16` of both perspectives' clipped products, added to `sum`.
    ///
    /// # Safety
    /// The processor has AVX2, and `start + R · 16 ≤ MAX_HIDDEN`.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn dot_block_avx2<const R: usize>(
        start: usize,
        accs: [&Row; 2],
        ws: [&Row; 2],
        sum: &mut __m256i,
    ) {
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        for (acc, w) in accs.into_iter().zip(ws) {
            for k in 0..R {
                let at = start + k * 16;
                // SAFETY: at + 16 ≤ MAX_HIDDEN, the rows' length (this function's
                // precondition).
                let (a, w) = unsafe {
                    (
                        _mm256_loadu_si256(acc.as_ptr().add(at) as *const __m256i),
                        _mm256_loadu_si256(w.as_ptr().add(at) as *const __m256i),
                    )
                };
                let a = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
                *sum = _mm256_add_epi32(*sum, _mm256_madd_epi16(a, w));
            }
        }
    }

    /// # Safety
    /// The processor has AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn dot_avx2(
        width: Width,
        us: &Row,
        them: &Row,
        w_us: &Row,
        w_them: &Row,
    ) -> i32 {
        let mut sum = _mm256_setzero_si256();
        // SAFETY: AVX2 is this function's; every block ends at most at the width, so
        // within MAX_HIDDEN.
        unsafe {
            by_blocks!(
                width,
                16,
                dot_block_avx2([us, them], [w_us, w_them], &mut sum)
            )
        }
        let sum = _mm_add_epi32(
            _mm256_castsi256_si128(sum),
            _mm256_extracti128_si256::<1>(sum),
        );
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b01_00_11_10>(sum));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32::<0b10_11_00_01>(sum));
        _mm_cvtsi128_si32(sum)
    }
}

#[cfg(target_arch = "aarch64")]
mod neon {
    use super::{QA, Row, Width};
    use std::arch::aarch64::*;

    /// Lanes `start..start + R · 8` of the update, kept in `R` registers throughout.
    ///
    /// # Safety
    /// `start + R · 8 ≤ MAX_HIDDEN`.
    #[target_feature(enable = "neon")]
    #[inline]
    unsafe fn block<const R: usize>(
        start: usize,
        from: &Row,
        to: &mut Row,
        adds: &[&Row],
        subs: &[&Row],
    ) {
        let mut r = [vdupq_n_s16(0); R];
        for (k, reg) in r.iter_mut().enumerate() {
            // SAFETY: start + (k + 1) · 8 ≤ MAX_HIDDEN, the rows' length (this function's
            // precondition).
            *reg = unsafe { vld1q_s16(from.as_ptr().add(start + k * 8)) };
        }
        for row in adds {
            for (k, reg) in r.iter_mut().enumerate() {
                // SAFETY: as above.
                *reg = vaddq_s16(*reg, unsafe { vld1q_s16(row.as_ptr().add(start + k * 8)) });
            }
        }
        for row in subs {
            for (k, reg) in r.iter_mut().enumerate() {
                // SAFETY: as above.
                *reg = vsubq_s16(*reg, unsafe { vld1q_s16(row.as_ptr().add(start + k * 8)) });
            }
        }
        for (k, reg) in r.iter().enumerate() {
            // SAFETY: as above.
            unsafe { vst1q_s16(to.as_mut_ptr().add(start + k * 8), *reg) };
        }
    }

    /// # Safety
    /// The processor has NEON (every aarch64 has).
    #[target_feature(enable = "neon")]
    pub(super) unsafe fn update(
        width: Width,
        from: &Row,
        to: &mut Row,
        adds: &[&Row],
        subs: &[&Row],
    ) {
        // SAFETY: every block ends at most at the width, so within MAX_HIDDEN.
        unsafe { by_blocks!(width, 8, block(from, to, adds, subs)) }
    }

    /// Lanes `start..start + R · 8` of both perspectives' clipped products, added to `sum`.
    ///
    /// # Safety
    /// `start + R · 8 ≤ MAX_HIDDEN`.
    #[target_feature(enable = "neon")]
    #[inline]
    unsafe fn dot_block<const R: usize>(
        start: usize,
        accs: [&Row; 2],
        ws: [&Row; 2],
        sum: &mut int32x4_t,
    ) {
        let (zero, top) = (vdupq_n_s16(0), vdupq_n_s16(QA as i16));
        for (acc, w) in accs.into_iter().zip(ws) {
            for k in 0..R {
                let at = start + k * 8;
                // SAFETY: at + 8 ≤ MAX_HIDDEN, the rows' length (this function's precondition).
                let (a, w) = unsafe {
                    (
                        vld1q_s16(acc.as_ptr().add(at)),
                        vld1q_s16(w.as_ptr().add(at)),
                    )
                };
                let a = vminq_s16(vmaxq_s16(a, zero), top);
                *sum = vmlal_s16(*sum, vget_low_s16(a), vget_low_s16(w));
                *sum = vmlal_high_s16(*sum, a, w);
            }
        }
    }

    /// # Safety
    /// The processor has NEON (every aarch64 has).
    #[target_feature(enable = "neon")]
    pub(super) unsafe fn dot(width: Width, us: &Row, them: &Row, w_us: &Row, w_them: &Row) -> i32 {
        let mut sum = vdupq_n_s32(0);
        // SAFETY: every block ends at most at the width, so within MAX_HIDDEN.
        unsafe { by_blocks!(width, 8, dot_block([us, them], [w_us, w_them], &mut sum)) }
        vaddvq_s32(sum)
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod wasm {
    use super::{QA, Row, Width};
    use std::arch::wasm32::*;

    /// Lanes `start..start + R · 8` of the update, kept in `R` registers throughout.
    ///
    /// # Safety
    /// `start + R · 8 ≤ MAX_HIDDEN`.
    #[inline]
    unsafe fn block<const R: usize>(
        start: usize,
        from: &Row,
        to: &mut Row,
        adds: &[&Row],
        subs: &[&Row],
    ) {
        let mut r = [i16x8_splat(0); R];
        for (k, reg) in r.iter_mut().enumerate() {
            // SAFETY: start + (k + 1) · 8 ≤ MAX_HIDDEN, the rows' length (this function's
            // precondition).
            *reg = unsafe { v128_load(from.as_ptr().add(start + k * 8) as *const v128) };
        }
        for row in adds {
            for (k, reg) in r.iter_mut().enumerate() {
                // SAFETY: as above.
                let w = unsafe { v128_load(row.as_ptr().add(start + k * 8) as *const v128) };
                *reg = i16x8_add(*reg, w);
            }
        }
        for row in subs {
            for (k, reg) in r.iter_mut().enumerate() {
                // SAFETY: as above.
                let w = unsafe { v128_load(row.as_ptr().add(start + k * 8) as *const v128) };
                *reg = i16x8_sub(*reg, w);
            }
        }
        for (k, reg) in r.iter().enumerate() {
            // SAFETY: as above.
            unsafe { v128_store(to.as_mut_ptr().add(start + k * 8) as *mut v128, *reg) };
        }
    }

    pub(super) fn update(width: Width, from: &Row, to: &mut Row, adds: &[&Row], subs: &[&Row]) {
        // SAFETY: every block ends at most at the width, so within MAX_HIDDEN.
        unsafe { by_blocks!(width, 8, block(from, to, adds, subs)) }
    }

    /// Lanes `start..start + R · 8` of both perspectives' clipped products, added to `sum`.
    ///
    /// # Safety
    /// `start + R · 8 ≤ MAX_HIDDEN`.
    #[inline]
    unsafe fn dot_block<const R: usize>(
        start: usize,
        accs: [&Row; 2],
        ws: [&Row; 2],
        sum: &mut v128,
    ) {
        let (zero, top) = (i16x8_splat(0), i16x8_splat(QA as i16));
        for (acc, w) in accs.into_iter().zip(ws) {
            for k in 0..R {
                let at = start + k * 8;
                // SAFETY: at + 8 ≤ MAX_HIDDEN, the rows' length (this function's precondition).
                let (a, w) = unsafe {
                    (
                        v128_load(acc.as_ptr().add(at) as *const v128),
                        v128_load(w.as_ptr().add(at) as *const v128),
                    )
                };
                let a = i16x8_min(i16x8_max(a, zero), top);
                *sum = i32x4_add(*sum, i32x4_dot_i16x8(a, w));
            }
        }
    }

    pub(super) fn dot(width: Width, us: &Row, them: &Row, w_us: &Row, w_them: &Row) -> i32 {
        let mut sum = i32x4_splat(0);
        // SAFETY: every block ends at most at the width, so within MAX_HIDDEN.
        unsafe { by_blocks!(width, 8, dot_block([us, them], [w_us, w_them], &mut sum)) }
        i32x4_extract_lane::<0>(sum)
            .wrapping_add(i32x4_extract_lane::<1>(sum))
            .wrapping_add(i32x4_extract_lane::<2>(sum))
            .wrapping_add(i32x4_extract_lane::<3>(sum))
    }
}
