//! The one place every generated move passes through ([`Emitter::emit`]): chu's
//! lion-trading rules filter captures here, and promotion choices are expanded here. Used by
//! [`crate::rules::movegen`] for steps, leaps and slides and by [`crate::rules::multistep`]
//! for moves of several legs.

use crate::rules::geometry::{Color, Square};
use crate::rules::lion_trading;
use crate::rules::moves::Move;
use crate::rules::pieces::Piece;
use crate::rules::position::{EMPTY, OCCUPIED, Position, Proximity, WALL};
use crate::rules::promotion::{self, Choice};
use crate::rules::variant::Variant;

/// Collects moves, applying the capture and promotion rules common to every piece.
pub(crate) struct Emitter<'a> {
    pub pos: &'a Position,
    pub out: &'a mut Vec<Move>,
    /// Cell bits of an enemy piece: `OCCUPIED | color bit`.
    enemy_bits: u16,
    chu: bool,
    /// Emit only moves that capture something (quiescence search, first stage of the
    /// search's move ordering).
    pub captures_only: bool,
    /// Emit only moves that capture nothing (second stage of the search's move ordering).
    pub quiets_only: bool,
    /// With `captures_only`: where the enemy pieces are.
    pub enemies: Option<Proximity>,
}

/// Mask of the bits that say whether a cell holds a piece of which color.
const OWNER_MASK: u16 = WALL | OCCUPIED | 0x80;

impl<'a> Emitter<'a> {
    pub fn new(pos: &'a Position, out: &'a mut Vec<Move>) -> Emitter<'a> {
        let enemy_bits = OCCUPIED | if pos.side == Color::Black { 0x80 } else { 0 };
        Emitter {
            pos,
            out,
            enemy_bits,
            chu: pos.variant == Variant::Chu,
            captures_only: false,
            quiets_only: false,
            enemies: None,
        }
    }

    /// Cell content.
    #[inline]
    pub fn cell(&self, sq: Square) -> u16 {
        self.pos.board[sq.index()]
    }

    /// Whether the cell holds an enemy piece.
    #[inline]
    pub fn is_enemy(&self, cell: u16) -> bool {
        cell & OWNER_MASK == self.enemy_bits
    }

    /// Whether a piece may land on the cell (empty or enemy).
    #[inline]
    pub fn can_land(&self, cell: u16) -> bool {
        cell == EMPTY || self.is_enemy(cell)
    }

    /// Emits the move of `piece` from `from` over `legs` (canonical shape), after the lion
    /// rules, with its promotion choices.
    #[inline]
    pub fn emit(&mut self, piece: Piece, from: Square, legs: &[Square]) {
        let mut captures = false;
        let mut lion_taken = false;
        for (i, &leg) in legs.iter().enumerate() {
            let c = self.cell(leg);
            if leg != from && self.is_enemy(c) && !legs[..i].contains(&leg) {
                captures = true;
                if self.chu && self.pos.cat.is_lion(Piece(c as u8)) {
                    lion_taken = true;
                }
            }
        }
        if (self.captures_only && !captures)
            || (self.quiets_only && captures)
            || (lion_taken && !lion_trading::allowed(self.pos, piece, from, legs))
        {
            return;
        }
        let to = legs[legs.len() - 1];
        self.push(Move::new(from, legs, false), piece, from, to, captures);
    }

    /// [`Emitter::emit`] for a one-leg move onto `to` (not `from`) whose content `c` is
    /// known to be empty or an enemy piece: the common case, without the leg loop.
    #[inline]
    pub fn emit_one(&mut self, piece: Piece, from: Square, to: Square, c: u16) {
        let skip = if c == EMPTY {
            self.captures_only
        } else {
            self.quiets_only
                || (self.chu
                    && self.pos.cat.is_lion(Piece(c as u8))
                    && !lion_trading::allowed(self.pos, piece, from, &[to]))
        };
        if skip {
            return;
        }
        self.push(Move::new(from, &[to], false), piece, from, to, c != EMPTY);
    }

    /// Appends `mv` (built without the promotion flag) with its promotion choices.
    #[inline]
    fn push(&mut self, mv: Move, piece: Piece, from: Square, to: Square, captures: bool) {
        match promotion::choice(self.pos, piece, from, to, captures) {
            Choice::Never => self.out.push(mv),
            Choice::Forced => self.out.push(mv.with_promotion()),
            Choice::Optional => {
                self.out.push(mv.with_promotion());
                self.out.push(mv);
            }
        }
    }
}
