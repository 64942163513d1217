//! A piece's movement as a 7×7 picture, drawn from the compiled movement tables the move
//! generator uses, so a board can show players exactly what the engine plays (dai dai has 68
//! kinds that few people know by heart). One character per cell, rows from Black's forward
//! side down, columns left to right as Black sees the board, the piece at the centre (`@`):
//!
//! | Cell | Meaning |
//! |---|---|
//! | `.` | not reached in one move |
//! | `o` | a step, or a slide within its limited range |
//! | `s` | a slide whose range goes beyond the picture (unlimited or longer than 3) |
//! | `j` | a jump, over whatever stands between |
//! | `l` | lion power: reached with a capture on the way, igui or a double move |
//! | `h` | a hook slide: the piece may turn 90° once on an empty square of this line |
//!
//! Where several apply, the first of `l j h s o` is shown (lion power says the most).

use super::movement::Movement;
use crate::rules::geometry::short_offset_steps;

/// Squares from the centre to the picture's edge.
const RADIUS: i16 = 3;
/// Cells per row.
const WIDTH: usize = 2 * RADIUS as usize + 1;

/// The picture of a Black piece's movement, `WIDTH * WIDTH` characters row by row.
pub fn diagram(m: &Movement) -> String {
    let mut cells = [b'.'; WIDTH * WIDTH];
    let mut mark = |row: i16, col: i16, c: u8| {
        if row.abs() > RADIUS || col.abs() > RADIUS || (row, col) == (0, 0) {
            return;
        }
        // A positive column offset is a step to Black's left (a higher file number).
        let i = ((row + RADIUS) as usize) * WIDTH + (RADIUS - col) as usize;
        if rank(c) > rank(cells[i]) {
            cells[i] = c;
        }
    };
    let along = |delta: i16, k: i16| short_offset_steps(delta).mul(k);
    for &d in &m.steps {
        let (r, c) = short_offset_steps(d);
        mark(r, c, b'o');
    }
    for &(d, range) in &m.slides {
        let shown = if range as i16 > RADIUS { b's' } else { b'o' };
        for k in 1..=(range as i16).min(RADIUS) {
            let (r, c) = along(d, k);
            mark(r, c, shown);
        }
    }
    if let Some(hook) = m.hook {
        for d in hook.lines() {
            for k in 1..=RADIUS {
                let (r, c) = along(d, k);
                mark(r, c, b'h');
            }
        }
    }
    for &d in &m.leaps {
        let (r, c) = short_offset_steps(d);
        mark(r, c, b'j');
    }
    if m.lion {
        for r in -2..=2 {
            for c in -2..=2 {
                mark(r, c, b'l');
            }
        }
    }
    for line in &m.lion_lines {
        for k in 1..=line.length as i16 {
            let (r, c) = along(line.delta, k);
            mark(r, c, b'l');
        }
    }
    cells[WIDTH * WIDTH / 2] = b'@';
    String::from_utf8(cells.to_vec()).expect("ASCII cells")
}

/// Precedence of a cell's mark: a stronger power hides a weaker one on the same square.
fn rank(c: u8) -> u8 {
    match c {
        b'l' => 5,
        b'j' => 4,
        b'h' => 3,
        b's' => 2,
        b'o' => 1,
        _ => 0,
    }
}

/// Scaling an offset pair, for walking along a line.
trait Mul {
    fn mul(self, k: i16) -> (i16, i16);
}

impl Mul for (i16, i16) {
    fn mul(self, k: i16) -> (i16, i16) {
        (self.0 * k, self.1 * k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Color;
    use crate::rules::pieces::movement::compile;

    fn picture(betza: &str) -> Vec<String> {
        let d = diagram(&compile(betza, Color::Black).expect("movement"));
        d.as_bytes()
            .chunks(WIDTH)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect()
    }

    #[test]
    fn steps_slides_and_jumps_are_drawn_where_they_land() {
        // Gold general: three forward steps, sideways and back.
        assert_eq!(picture("WfF")[2..5], ["..ooo..", "..o@o..", "...o..."]);
        // Lance: an unlimited forward slide only.
        assert_eq!(
            picture("fR")[..4],
            ["...s...", "...s...", "...s...", "...@..."]
        );
        // Kirin: diagonal steps and orthogonal jumps two away.
        assert_eq!(
            picture("FD")[1..6],
            ["...j...", "..o.o..", ".j.@.j.", "..o.o..", "...j..."]
        );
        // A limited slide stays `o`: R2.
        assert_eq!(picture("R2")[3], ".oo@oo.");
    }

    #[test]
    fn left_and_right_are_as_black_sees_the_board() {
        // lW: one step to Black's left, drawn in the left column next to the piece.
        assert_eq!(picture("lW")[3], "..o@...");
    }

    #[test]
    fn lion_power_and_hooks_are_marked() {
        let lion = picture("KNADaK");
        assert_eq!(lion[1], ".lllll.");
        assert_eq!(lion[3], ".ll@ll.");
        assert_eq!(lion[0], ".......");
        // Horned falcon: forward lion line of two, bishop slides, sideways and back rook slides.
        let falcon = picture("BsbRfWL2");
        assert_eq!(falcon[1], ".s.l.s.");
        assert_eq!(falcon[0], "s.....s");
        assert_eq!(falcon[3], "sss@sss");
        let hook = picture("RmasR");
        assert_eq!(hook[3], "hhh@hhh");
        assert_eq!(hook[0], "...h...");
    }
}
