//! Left-right reflection of positions. In a game whose pieces all move the same to the left as
//! to the right (chu), the reflected position plays exactly as the original with its files
//! mirrored, so a trainer can learn from both and double what each self-play game teaches.

use super::{Color, Position, Square};

impl Position {
    /// The position with every file mirrored (file 1 becomes the last): the same colours and
    /// side to move, the counter-strike square and suspended promotions reflected with the
    /// pieces. `None` where the game has one-sided pieces (dai dai's left and right generals
    /// and chariots), whose reflection is not a position of that game.
    pub fn reflected(&self) -> Option<Position> {
        if !self.catalogue().is_mirror_symmetric() {
            return None;
        }
        let side = self.variant().side();
        let flip = |sq: Square| Square::new(side - 1 - sq.file(), sq.rank());
        let mut m = Position::empty(self.variant(), self.rules());
        for sq in self.squares() {
            if let Some(p) = self.piece_at(sq) {
                m.put(flip(sq), p);
            }
        }
        m.set_side_to_move(self.side_to_move());
        m.set_move_number(self.move_number());
        m.set_lion_capture(self.lion_capture_square().map(flip));
        for c in [Color::Black, Color::White] {
            m.set_suspended(c, self.suspended(c).map(flip));
        }
        Some(m)
    }
}
