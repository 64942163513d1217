//! The piece catalogues of both games as data, and the compact piece code used on the board.
//!
//! Each game lists its piece types once (`chu.rs`, `daidai.rs`): abbreviation, name, SFEN
//! letter, movement in the language of [`movement`], and promotion. Everything the move
//! generator needs is compiled from those lines into a [`Catalogue`] indexed by [`Piece`]
//! codes, so adding or correcting a piece is a one-line change.

pub mod chu;
pub mod daidai;
pub mod diagram;
pub mod kanji;
pub mod movement;

use crate::rules::geometry::Color;
use movement::{Movement, compile};

/// One piece type of a game, as written in the catalogue.
#[derive(Debug)]
pub struct KindSpec {
    /// Abbreviation from the rules files (`DK`, `Ln`, `+` types have their own, e.g. `HF`).
    pub abbr: &'static str,
    /// English name.
    pub name: &'static str,
    /// SFEN token (lowercase; bare letter or parenthesised code); empty for promoted-only types.
    pub sfen: &'static str,
    /// Movement in the Betza-like language of [`movement`].
    pub betza: &'static str,
    /// Abbreviation of the type it promotes to.
    pub promotes_to: Option<&'static str>,
    /// Capturing every royal piece of a side wins.
    pub royal: bool,
}

/// A piece on the board: base type (the type it started as), promoted flag and color in one
/// byte. The base type is kept after promotion because SFEN writes a promoted piece as `+`
/// and its original letter, and because a promoted piece never promotes again even when its
/// new movement belongs to a promotable type (a promoted go-between moves as a drunk
/// elephant but never becomes a crown prince).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub struct Piece(pub u8);

impl Piece {
    const PROMOTED: u8 = 0x40;
    const WHITE: u8 = 0x80;

    /// A piece of base type `base` (catalogue index below 64).
    pub fn new(base: u8, promoted: bool, color: Color) -> Piece {
        debug_assert!(base < 64);
        let mut code = base;
        if promoted {
            code |= Self::PROMOTED;
        }
        if color == Color::White {
            code |= Self::WHITE;
        }
        Piece(code)
    }

    /// Catalogue index of the type the piece started as.
    #[inline]
    pub fn base(self) -> u8 {
        self.0 & 0x3f
    }

    /// Whether the piece has promoted.
    #[inline]
    pub fn promoted(self) -> bool {
        self.0 & Self::PROMOTED != 0
    }

    /// Owner.
    #[inline]
    pub fn color(self) -> Color {
        if self.0 & Self::WHITE != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The same piece, promoted.
    #[inline]
    pub fn promote(self) -> Piece {
        Piece(self.0 | Self::PROMOTED)
    }
}

/// Role of a base type that some rule names explicitly.
#[derive(Copy, Clone, Eq, PartialEq, Debug)]
pub enum Role {
    /// Chu pawn: its own deferral rule; cannot serve as a lion-capture bridge.
    Pawn,
    /// Chu lance: forced or allowed promotion on the last rank.
    Lance,
    /// Chu go-between: cannot serve as a lion-capture bridge.
    GoBetween,
    /// Anything else.
    Other,
}

/// Number of [`Catalogue::reach_class`] values: the pieces within one, two and three king
/// steps of what they capture, and the pieces that reach farther.
pub const REACH_CLASSES: usize = 4;

/// The bit of [`Catalogue::move_starts`] that stands for moves that begin elsewhere than next
/// to the piece: past the 3×3 box's nine bits, so that no box of blocked squares covers it.
pub const MOVES_ELSEWHERE: u16 = 1 << 9;

/// Everything about one game's pieces, compiled and indexed by [`Piece`] code.
pub struct Catalogue {
    /// The types, bases first (indices below `bases`), then promoted-only types.
    pub kinds: Vec<&'static KindSpec>,
    /// Number of base types.
    pub bases: usize,
    movement: Box<[Movement; 256]>,
    moving_kind: [u8; 256],
    promotable: [bool; 256],
    royal: [bool; 256],
    lion: [bool; 256],
    reach: [u8; 256],
    reach_class: [u8; 256],
    move_starts: [u16; 256],
    off_line_reach: [u8; 256],
    has_hooks: bool,
    mirror_symmetric: bool,
    roles: Vec<Role>,
}

impl Catalogue {
    /// Builds a catalogue from the bases and promoted-only types of a game. Panics on an
    /// inconsistent table, which the catalogue tests rule out before anything ships.
    pub fn build(bases: &'static [KindSpec], promoted_only: &'static [KindSpec]) -> Catalogue {
        assert!(
            bases.len() <= 64,
            "at most 64 base types fit in a piece code"
        );
        let kinds: Vec<&'static KindSpec> = bases.iter().chain(promoted_only).collect();
        let index_of = |abbr: &str| {
            kinds
                .iter()
                .position(|k| k.abbr == abbr)
                .unwrap_or_else(|| panic!("unknown piece abbreviation {abbr}"))
        };
        let mut movement = Vec::with_capacity(256);
        let mut moving_kind = [0u8; 256];
        let mut promotable = [false; 256];
        let mut royal = [false; 256];
        let mut lion = [false; 256];
        let mut reach = [0u8; 256];
        let mut move_starts = [0u16; 256];
        let mut off_line_reach = [0u8; 256];
        for code in 0..256usize {
            let piece = Piece(code as u8);
            let base = piece.base() as usize;
            if base >= bases.len() {
                movement.push(Movement::default());
                continue;
            }
            let spec = &bases[base];
            let kind = match (piece.promoted(), spec.promotes_to) {
                (false, _) => base,
                (true, Some(to)) => index_of(to),
                (true, None) => {
                    movement.push(Movement::default());
                    continue;
                }
            };
            let m = compile(kinds[kind].betza, piece.color())
                .unwrap_or_else(|e| panic!("{}: {e:?}", kinds[kind].abbr));
            moving_kind[code] = kind as u8;
            promotable[code] = !piece.promoted() && spec.promotes_to.is_some();
            royal[code] = kinds[kind].royal;
            lion[code] = m.lion;
            reach[code] = reach_of(&m);
            move_starts[code] = if m.far_rays == 0 && !m.multistep {
                m.box_mask
            } else {
                m.box_mask | MOVES_ELSEWHERE
            };
            // Off the eight lines through the piece only steps, leaps and lion power (all
            // within three squares) and the hook reach.
            off_line_reach[code] = if m.hook.is_some() {
                u8::MAX
            } else {
                reach[code].min(3)
            };
            movement.push(m);
        }
        let roles = bases
            .iter()
            .map(|k| match k.abbr {
                "P" => Role::Pawn,
                "L" => Role::Lance,
                "GB" if k.name == "go-between" => Role::GoBetween,
                _ => Role::Other,
            })
            .collect();
        let mirror_symmetric = movement.iter().all(Movement::is_mirror_symmetric);
        let movement: Box<[Movement; 256]> = movement
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("one movement per piece code"));
        Catalogue {
            kinds,
            bases: bases.len(),
            movement,
            moving_kind,
            promotable,
            royal,
            lion,
            reach,
            reach_class: reach.map(|r| r.clamp(1, REACH_CLASSES as u8) - 1),
            move_starts,
            off_line_reach,
            has_hooks: off_line_reach.contains(&u8::MAX),
            mirror_symmetric,
            roles,
        }
    }

    /// How many king steps away the piece can capture at most (`u8::MAX`: unlimited), so that
    /// attack tests can skip far pieces without walking their moves.
    #[inline]
    pub fn reach(&self, p: Piece) -> u8 {
        self.reach[p.0 as usize]
    }

    /// The piece's [`Catalogue::reach`] as an index below [`REACH_CLASSES`]: 0, 1 and 2 for a
    /// piece that captures at most one, two or three king steps away (a piece that captures
    /// nothing counts as reaching one), 3 for a piece that reaches farther.
    #[inline]
    pub fn reach_class(&self, p: Piece) -> usize {
        self.reach_class[p.0 as usize] as usize
    }

    /// The squares next to the piece where its moves begin, as [`Movement::box_mask`] (bit
    /// `(rank step + 1) * 3 + file step + 1`), with the bit [`MOVES_ELSEWHERE`] for a piece
    /// that also moves otherwise (leaps past those squares, multi-step powers). A piece whose
    /// bits all stand for squares holding its own pieces (or off the board) has no move.
    #[inline]
    pub fn move_starts(&self, p: Piece) -> u16 {
        self.move_starts[p.0 as usize]
    }

    /// Like [`Catalogue::reach`] for squares off the eight lines (orthogonals and diagonals)
    /// through the piece: check detection rejects most far pieces with it.
    #[inline]
    pub fn off_line_reach(&self, p: Piece) -> u8 {
        self.off_line_reach[p.0 as usize]
    }

    /// Whether `p` hooks round a corner (captures far off its lines).
    #[inline]
    pub fn hooks(&self, p: Piece) -> bool {
        self.off_line_reach[p.0 as usize] == u8::MAX
    }

    /// Whether some piece of the game hooks (the only way to capture far off a line).
    #[inline]
    pub fn has_hooks(&self) -> bool {
        self.has_hooks
    }

    /// Whether every piece moves the same to the left as to the right, so that a position
    /// reflected left for right is a position of the same game ([`Movement::is_mirror_symmetric`]).
    pub fn is_mirror_symmetric(&self) -> bool {
        self.mirror_symmetric
    }

    /// Compiled movement of a piece.
    #[inline]
    pub fn movement(&self, p: Piece) -> &Movement {
        &self.movement[p.0 as usize]
    }

    /// Whether the piece may still promote (unpromoted and of a promoting type).
    #[inline]
    pub fn promotable(&self, p: Piece) -> bool {
        self.promotable[p.0 as usize]
    }

    /// Whether capturing the piece counts toward capturing all royals.
    #[inline]
    pub fn royal(&self, p: Piece) -> bool {
        self.royal[p.0 as usize]
    }

    /// Whether the piece moves as a lion (chu's lion-trading rules concern exactly these).
    #[inline]
    pub fn is_lion(&self, p: Piece) -> bool {
        self.lion[p.0 as usize]
    }

    /// The rule-relevant role of the piece's base type, ignoring promotion.
    #[inline]
    pub fn role(&self, p: Piece) -> Role {
        self.roles[p.base() as usize]
    }

    /// The type the piece currently moves as.
    pub fn moving_kind(&self, p: Piece) -> &'static KindSpec {
        self.kinds[self.moving_kind[p.0 as usize] as usize]
    }

    /// Base type index of an SFEN token (lowercase), if the game has it.
    pub fn base_by_sfen(&self, token: &str) -> Option<u8> {
        self.kinds[..self.bases]
            .iter()
            .position(|k| k.sfen == token)
            .map(|i| i as u8)
    }

    /// Base type index of an abbreviation.
    pub fn base_by_abbr(&self, abbr: &str) -> Option<u8> {
        self.kinds[..self.bases]
            .iter()
            .position(|k| k.abbr == abbr)
            .map(|i| i as u8)
    }

    /// Whether the base type promotes at all.
    pub fn base_promotes(&self, base: u8) -> bool {
        self.kinds[base as usize].promotes_to.is_some()
    }
}

/// The farthest king distance a movement captures at.
fn reach_of(m: &Movement) -> u8 {
    use crate::rules::geometry::short_offset_steps;
    let king_distance = |d: i16| {
        let (row, col) = short_offset_steps(d);
        row.unsigned_abs().max(col.unsigned_abs()) as u8
    };
    let mut r = 0u8;
    for &d in m.steps.iter().chain(&m.leaps) {
        r = r.max(king_distance(d));
    }
    for &(_, range) in &m.slides {
        r = r.max(range);
    }
    if m.lion {
        r = r.max(2);
    }
    for l in &m.lion_lines {
        r = r.max(l.length);
    }
    if m.hook.is_some() {
        r = u8::MAX;
    }
    r
}

/// Shorthand for catalogue lines.
pub(crate) const fn kind(
    abbr: &'static str,
    name: &'static str,
    sfen: &'static str,
    betza: &'static str,
    promotes_to: Option<&'static str>,
) -> KindSpec {
    KindSpec {
        abbr,
        name,
        sfen,
        betza,
        promotes_to,
        royal: false,
    }
}

/// A royal type.
pub(crate) const fn royal(abbr: &'static str, name: &'static str, sfen: &'static str) -> KindSpec {
    KindSpec {
        abbr,
        name,
        sfen,
        betza: "K",
        promotes_to: None,
        royal: true,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::variant::Variant;
    use crate::rules::{Color, Square};

    /// The reach bound must never be below a square the piece really attacks: check every
    /// piece of both games from the centre of an empty board against the attack test without
    /// the bound (a full walk over all squares).
    #[test]
    fn reach_covers_every_attacked_square() {
        for variant in [Variant::Chu, Variant::DaiDai] {
            let cat = variant.catalogue();
            let side = variant.side();
            let centre = Square::new(side / 2, side / 2);
            let mut board = crate::rules::Position::empty(variant, Default::default());
            for base in 0..cat.bases as u8 {
                for promoted in [false, true] {
                    if promoted && !cat.base_promotes(base) {
                        continue;
                    }
                    for color in [Color::Black, Color::White] {
                        let p = super::Piece::new(base, promoted, color);
                        let mut moves = Vec::new();
                        board.put(centre, p);
                        if !cat.royal(p) {
                            // A side without a royal has no moves: give it a king in a corner.
                            let king =
                                super::Piece::new(cat.base_by_abbr("K").unwrap(), false, color);
                            board.put(Square::new(0, 0), king);
                        }
                        board.set_side_to_move(color);
                        crate::rules::movegen::generate_from(&board, centre, &mut moves);
                        let far = moves
                            .iter()
                            .filter(|m| m.from() == centre)
                            .map(|m| m.to().distance(centre))
                            .max()
                            .unwrap_or(0);
                        assert!(far > 0, "{} has moves", cat.moving_kind(p).abbr);
                        assert!(
                            far <= cat.reach(p) as usize,
                            "{} reaches {far}",
                            cat.moving_kind(p).abbr
                        );
                        // Off the lines through the piece: every landing square counts.
                        let off_line = moves
                            .iter()
                            .flat_map(|m| m.legs())
                            .filter(|&sq| {
                                let (df, dr) = centre.delta_to(sq);
                                df != 0 && dr != 0 && df.abs() != dr.abs()
                            })
                            .map(|sq| sq.distance(centre))
                            .max()
                            .unwrap_or(0);
                        assert!(
                            off_line <= cat.off_line_reach(p) as usize,
                            "{} reaches {off_line} off its lines",
                            cat.moving_kind(p).abbr
                        );
                        board = crate::rules::Position::empty(variant, Default::default());
                    }
                }
            }
        }
    }
}
