//! Squares, colors and directions on a padded mailbox shared by both board sizes.
//!
//! Both games use one array layout so that direction offsets are compile-time constants:
//! rows of [`STRIDE`] cells, [`PAD`] wall rows above and below, and [`PAD`] wall columns at
//! the start of each row (which also serve as the walls right of the previous row's files). A move of up to three squares in any direction from an on-board
//! square therefore lands on a cell of the array (a wall or a square), never outside it,
//! which lets the move generator test walls instead of coordinates.
//!
//! Coordinates follow the rules files: files are numbered 1.. from Black's right, ranks are
//! lettered a.. from the top (White's back rank). Internally `file` is 0-based from file 1
//! and `rank` is 0-based from rank a.

/// Width of one row of cells; three wall columns plus 17 files.
pub const STRIDE: i16 = 20;
/// Wall rows above and below the board (the longest fixed leap is three squares).
pub const PAD: i16 = 3;
/// Largest board side (dai dai shogi).
pub const MAX_SIDE: usize = 17;
/// Number of cells the layout uses.
/// (The last row of files, plus three diagonal steps down-left, ends `PAD` cells past the
/// bottom wall rows.)
const USED_CELLS: usize = ((MAX_SIDE as i16 + 2 * PAD) * STRIDE + PAD + 1) as usize;
/// Number of cells in the padded array: [`USED_CELLS`] rounded up to a power of two, so that
/// an index masked with `CELLS - 1` ([`Square::cell`]) needs no bounds check in the move
/// generator's loops.
pub const CELLS: usize = USED_CELLS.next_power_of_two();

/// Column of each cell counted from the array's first column (walls included), for
/// [`Square::distance`]; differences equal differences of [`Square::file`].
const CELL_FILE: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i as i16 % STRIDE) as u8;
        i += 1;
    }
    t
};

/// Row of each cell counted from the array's first row, for [`Square::distance`].
const CELL_RANK: [u8; CELLS] = {
    let mut t = [0u8; CELLS];
    let mut i = 0;
    while i < CELLS {
        t[i] = (i as i16 / STRIDE) as u8;
        i += 1;
    }
    t
};

/// (ranks, files) of a cell offset of at most three squares each way: a row is wide
/// enough that the nearest row decomposes such an offset exactly (piece tables use it to
/// turn step and leap offsets back into coordinates).
pub fn short_offset_steps(offset: i16) -> (i16, i16) {
    let row = (offset + 3 * STRIDE + STRIDE / 2).div_euclid(STRIDE) - 3;
    (row, offset - row * STRIDE)
}

/// One of the two players. Black (sente) sits at the bottom and moves first.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord)]
pub enum Color {
    /// Sente, uppercase letters, moves toward rank a.
    Black = 0,
    /// Gote, lowercase letters, moves toward the last rank.
    White = 1,
}

impl Color {
    /// The other player.
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Index for per-color arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Sign that turns a direction written from Black's point of view into this color's.
    #[inline]
    pub fn sign(self) -> i16 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }
}

/// A cell of the padded array. Only on-board cells are ever handed out as squares
/// by the position, so a `Square` names a real square of the current board.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// The square at 0-based `file` (0 = file 1) and `rank` (0 = rank a).
    #[inline]
    pub const fn new(file: usize, rank: usize) -> Square {
        Square(((rank as i16 + PAD) * STRIDE + file as i16 + PAD) as u16)
    }

    /// 0-based file index (0 = file 1, Black's right edge).
    #[inline]
    pub fn file(self) -> usize {
        (self.0 as i16 % STRIDE - PAD) as usize
    }

    /// 0-based rank index (0 = rank a, White's back rank).
    #[inline]
    pub fn rank(self) -> usize {
        (self.0 as i16 / STRIDE - PAD) as usize
    }

    /// Cell index into the padded array.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// [`Square::index`] masked to the array: the same index for every cell of the array,
    /// and one the compiler knows to be in bounds for `[_; CELLS]`.
    #[inline]
    pub fn cell(self) -> usize {
        self.0 as usize & (CELLS - 1)
    }

    /// The cell `delta` away; may be a wall cell, which the board marks as such.
    #[inline]
    pub fn offset(self, delta: i16) -> Square {
        Square((self.0 as i16 + delta) as u16)
    }

    /// (file, rank) by table, 0-based as [`Square::file`] and [`Square::rank`]; for
    /// on-board squares (the hot paths of make/unmake ask it).
    #[inline]
    pub fn coords(self) -> (usize, usize) {
        let i = self.index();
        if i < CELLS {
            (
                (CELL_FILE[i] as i16 - PAD) as usize,
                (CELL_RANK[i] as i16 - PAD) as usize,
            )
        } else {
            (self.file(), self.rank())
        }
    }

    /// [`Square::coords`] without the test for cells outside the array (the move
    /// generator's; a square always lies inside it).
    #[inline]
    pub fn cell_coords(self) -> (usize, usize) {
        let i = self.cell();
        (
            (CELL_FILE[i] as i16 - PAD) as usize,
            (CELL_RANK[i] as i16 - PAD) as usize,
        )
    }

    /// (files, ranks) from `self` to `other`, as differences of [`Square::file`] and
    /// [`Square::rank`] (by table: check detection asks this for every enemy piece).
    #[inline]
    pub fn delta_to(self, other: Square) -> (i16, i16) {
        let (a, b) = (self.index(), other.index());
        if a < CELLS && b < CELLS {
            return (
                CELL_FILE[b] as i16 - CELL_FILE[a] as i16,
                CELL_RANK[b] as i16 - CELL_RANK[a] as i16,
            );
        }
        (
            other.file() as i16 - self.file() as i16,
            other.rank() as i16 - self.rank() as i16,
        )
    }

    /// [`Square::delta_to`] without the test for cells outside the array (the attack test's;
    /// both squares always lie inside it).
    #[inline]
    pub fn cell_delta_to(self, other: Square) -> (i16, i16) {
        let (a, b) = (self.cell(), other.cell());
        (
            CELL_FILE[b] as i16 - CELL_FILE[a] as i16,
            CELL_RANK[b] as i16 - CELL_RANK[a] as i16,
        )
    }

    /// King-step distance (Chebyshev), used by the lion rules ("adjacent" = 1) and by the
    /// reach test of check detection, hence the table instead of two divisions.
    #[inline]
    pub fn distance(self, other: Square) -> usize {
        let (df, dr) = self.delta_to(other);
        df.unsigned_abs().max(dr.unsigned_abs()) as usize
    }

    /// Whether the square lies on a board of `side` × `side` squares.
    pub fn on_board(self, side: usize) -> bool {
        let raw = self.0 as i16;
        let row = raw / STRIDE - PAD;
        let col = raw % STRIDE - PAD;
        raw >= 0 && (0..side as i16).contains(&row) && (0..side as i16).contains(&col)
    }

    /// Text form used by USI and SFEN: file number then rank letter (`7g`, `12a`, `17q`).
    pub fn name(self) -> String {
        format!("{}{}", self.file() + 1, (b'a' + self.rank() as u8) as char)
    }

    /// Parses a square name at the start of `text` for a board of `side` squares,
    /// returning the square and the number of bytes read.
    pub fn parse_prefix(text: &str, side: usize) -> Option<(Square, usize)> {
        let bytes = text.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || bytes.len() <= digits {
            return None;
        }
        let file: usize = text[..digits].parse().ok()?;
        let letter = bytes[digits];
        if !letter.is_ascii_lowercase() || file == 0 || file > side || bytes[0] == b'0' {
            return None;
        }
        let rank = (letter - b'a') as usize;
        if rank >= side {
            return None;
        }
        Some((Square::new(file - 1, rank), digits + 1))
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

/// Orthogonal and diagonal unit steps written from Black's point of view.
/// Black's forward is toward rank a (up), Black's left is toward the high file numbers.
pub mod dir {
    /// Forward (toward rank a for Black).
    pub const F: i16 = -super::STRIDE;
    /// Backward.
    pub const B: i16 = super::STRIDE;
    /// Left (toward file 17 for Black).
    pub const L: i16 = 1;
    /// Right.
    pub const R: i16 = -1;
    /// Forward-left diagonal.
    pub const FL: i16 = F + L;
    /// Forward-right diagonal.
    pub const FR: i16 = F + R;
    /// Backward-left diagonal.
    pub const BL: i16 = B + L;
    /// Backward-right diagonal.
    pub const BR: i16 = B + R;
    /// The eight king directions, orthogonals first.
    pub const KING: [i16; 8] = [F, B, L, R, FL, FR, BL, BR];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_both_boards() {
        for side in [12, 17] {
            for rank in 0..side {
                for file in 0..side {
                    let sq = Square::new(file, rank);
                    assert!(sq.on_board(side));
                    let name = sq.name();
                    assert_eq!(Square::parse_prefix(&name, side), Some((sq, name.len())));
                }
            }
        }
        assert_eq!(Square::new(0, 0).name(), "1a");
        assert_eq!(Square::new(11, 11).name(), "12l");
        assert!(Square::parse_prefix("13a", 12).is_none());
        assert!(Square::parse_prefix("1m", 12).is_none());
        assert!(Square::parse_prefix("0a", 12).is_none());
    }

    #[test]
    fn three_steps_from_any_square_stay_inside_the_array() {
        for rank in 0..MAX_SIDE {
            for file in 0..MAX_SIDE {
                let sq = Square::new(file, rank);
                for d in dir::KING {
                    let far = sq.index() as i16 + 3 * d;
                    assert!(far >= 0 && (far as usize) < USED_CELLS);
                }
            }
        }
    }
}
