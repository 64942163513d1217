//! Chu shogi's pieces, one line each, as in chu.md §3 (movement in the language of
//! [`super::movement`]). Promoted-only types have no SFEN letter: SFEN writes them as `+`
//! and the letter of the piece they promoted from.

use super::{KindSpec, kind, royal};

/// The 21 types that start the game, in SFEN letter order of chu.md §9.
pub static BASES: [KindSpec; 21] = [
    royal("K", "king", "k"),
    kind("FK", "free king", "q", "Q", None),
    kind("Ln", "lion", "n", "KNADaK", None),
    kind("DK", "dragon king", "d", "RF", Some("SE")),
    kind("DH", "dragon horse", "h", "BW", Some("HF")),
    kind("R", "rook", "r", "R", Some("DK")),
    kind("B", "bishop", "b", "B", Some("DH")),
    kind("Kr", "kirin", "o", "FD", Some("Ln")),
    kind("Ph", "phoenix", "x", "WA", Some("FK")),
    kind("DE", "drunk elephant", "e", "FfsW", Some("CP")),
    kind("BT", "blind tiger", "t", "FbsW", Some("FS")),
    kind("FL", "ferocious leopard", "f", "FvW", Some("B")),
    kind("G", "gold general", "g", "WfF", Some("R")),
    kind("S", "silver general", "s", "FfW", Some("VM")),
    kind("C", "copper general", "c", "fKbW", Some("SM")),
    kind("VM", "vertical mover", "v", "vRsW", Some("FO")),
    kind("SM", "side mover", "m", "sRvW", Some("FBo")),
    kind("RC", "reverse chariot", "a", "vR", Some("W")),
    kind("L", "lance", "l", "fR", Some("WH")),
    kind("GB", "go-between", "i", "vW", Some("DE")),
    kind("P", "pawn", "p", "fW", Some("+P")),
];

/// Types that exist only as promoted pieces.
pub static PROMOTED_ONLY: [KindSpec; 9] = [
    KindSpec {
        abbr: "CP",
        name: "crown prince",
        sfen: "",
        betza: "K",
        promotes_to: None,
        royal: true,
    },
    kind("FS", "flying stag", "", "KvR", None),
    kind("FO", "flying ox", "", "BvR", None),
    kind("FBo", "free boar", "", "BsR", None),
    kind("HF", "horned falcon", "", "BsbRfWL2", None),
    kind("SE", "soaring eagle", "", "RbBfFL2", None),
    kind("W", "whale", "", "vRbB", None),
    kind("WH", "white horse", "", "vRfB", None),
    kind("+P", "tokin", "", "WfF", None),
];
