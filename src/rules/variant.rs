//! The two games and the three chu rule sets, chosen at run time and carried by the position.

use crate::rules::geometry::{Color, Square};
use crate::rules::pieces::{Catalogue, chu, daidai, kanji};
use std::sync::OnceLock;

/// Which game a position belongs to.
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug)]
pub enum Variant {
    /// Chu shogi, 12×12.
    Chu,
    /// Dai dai shogi, 17×17.
    DaiDai,
}

/// Which reading of the chu rules applies (dai dai has one set of rules).
#[derive(Copy, Clone, Eq, PartialEq, Hash, Debug, Default)]
pub enum RuleSet {
    /// chu.md §5.2 and §6 exactly: promotion into, inside and out of the zone with deferral.
    #[default]
    Seed,
    /// What lishogi.org plays, as its `shogiops` library implements it (docs/rules.md).
    Lishogi,
    /// The Japan Chu Shogi Association's over-the-board rules (`shared/rules/chu-jcsa.md`):
    /// lishogi's set with the counter-strike ban only against a protected lion, no last-rank
    /// promotion for the lance, the one-piece bare-king rule and the modern repetition rule.
    Jcsa,
}

impl Variant {
    /// Squares per side of the board.
    pub const fn side(self) -> usize {
        match self {
            Variant::Chu => 12,
            Variant::DaiDai => 17,
        }
    }

    /// The game's compiled piece catalogue (built once, shared by every position).
    pub fn catalogue(self) -> &'static Catalogue {
        static CHU: OnceLock<Catalogue> = OnceLock::new();
        static DAIDAI: OnceLock<Catalogue> = OnceLock::new();
        match self {
            Variant::Chu => CHU.get_or_init(|| Catalogue::build(&chu::BASES, &chu::PROMOTED_ONLY)),
            Variant::DaiDai => {
                DAIDAI.get_or_init(|| Catalogue::build(&daidai::BASES, &daidai::PROMOTED_ONLY))
            }
        }
    }

    /// The kanji of a piece type of this game by its abbreviation (the king: `玉将/王将`, Black's
    /// and White's).
    pub fn kanji(self, abbr: &str) -> Option<&'static str> {
        match self {
            Variant::Chu => kanji::lookup(&kanji::CHU, abbr),
            Variant::DaiDai => kanji::lookup(&kanji::DAIDAI, abbr),
        }
    }

    /// The one-kanji name of a piece type of this game by its abbreviation (the king: `玉/王`);
    /// two kanji for the few dai dai types no single kanji tells apart (rules/pieces/kanji.rs).
    pub fn kanji_one(self, abbr: &str) -> Option<&'static str> {
        match self {
            Variant::Chu => kanji::lookup_one(&kanji::CHU, abbr),
            Variant::DaiDai => kanji::lookup_one(&kanji::DAIDAI, abbr),
        }
    }

    /// The start position in this game's SFEN form.
    pub fn start_sfen(self) -> &'static str {
        match self {
            Variant::Chu => {
                "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
            }
            Variant::DaiDai => {
                "l(hm)(dv)r(sq)(dk)(ft)(rg)k(lg)q(fr)(dh)(ra)(sd)(lo)l/(rv)(po)(ld)(bm)(fd)(rb)(kr)g(nk)g(ph)(cs)(ps)(or)(ln)(ok)(rv)/1b1(eb)1(fh)1s(gd)s1(wb)1(ef)1(vm)1/(wt)(we)(so)(ea)w(sg)ic(gb)ci(sg)w(wba)(no)(fe)(bd)/(rc)(sm)(vo)(ab)(ew)(vb)(fl)(st)(sb)(st)(fl)(vb)(ew)(ab)(vo)(sm)(lc)/ppppppppppppppppp/5(hd)5(hd)5/17/17/17/5(HD)5(HD)5/PPPPPPPPPPPPPPPPP/(LC)(SM)(VO)(AB)(EW)(VB)(FL)(ST)(SB)(ST)(FL)(VB)(EW)(AB)(VO)(SM)(RC)/(BD)(FE)(NO)(WBA)W(SG)IC(GB)CI(SG)W(EA)(SO)(WE)(WT)/1(VM)1(EF)1(WB)1S(GD)S1(FH)1(EB)1B1/(RV)(OK)(LN)(OR)(PS)(CS)(PH)G(NK)G(KR)(RB)(FD)(BM)(LD)(PO)(RV)/L(LO)(SD)(RA)(DH)(FR)Q(LG)K(RG)(FT)(DK)(SQ)R(DV)(HM)L b 1"
            }
        }
    }

    /// Chu's promotion zone: the four ranks farthest from `color`. Dai dai has none.
    #[inline]
    pub fn in_zone(self, color: Color, sq: Square) -> bool {
        match (self, color) {
            (Variant::Chu, Color::Black) => sq.rank() < 4,
            (Variant::Chu, Color::White) => sq.rank() >= 8,
            (Variant::DaiDai, _) => false,
        }
    }

    /// Whether `sq` is the last rank seen from `color`.
    #[inline]
    pub fn last_rank(self, color: Color, sq: Square) -> bool {
        match color {
            Color::Black => sq.rank() == 0,
            Color::White => sq.rank() == self.side() - 1,
        }
    }

    /// Name used on the command line and in suite files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chu => "chu",
            Variant::DaiDai => "daidai",
        }
    }

    /// Parses a command-line or suite name.
    pub fn from_name(name: &str) -> Option<Variant> {
        match name {
            "chu" | "chushogi" => Some(Variant::Chu),
            "daidai" | "daidaishogi" => Some(Variant::DaiDai),
            _ => None,
        }
    }
}

impl RuleSet {
    /// Name used on the command line and in suite files.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Seed => "seed",
            RuleSet::Lishogi => "lishogi",
            RuleSet::Jcsa => "jcsa",
        }
    }

    /// Parses a command-line or suite name.
    pub fn from_name(name: &str) -> Option<RuleSet> {
        match name {
            "seed" => Some(RuleSet::Seed),
            "lishogi" => Some(RuleSet::Lishogi),
            "jcsa" => Some(RuleSet::Jcsa),
            _ => None,
        }
    }
}
