//! What UCI says differently from USI. The loop itself is [`super::usi`].
//!
//! - `uci`/`uciok`, `ucinewgame`, option names `UCI_Variant`, `Hash`, `Ponder`;
//! - `position fen <fen>` takes our SFEN (and, for chess-minded GUIs, a chess-style FEN with
//!   `w` = the first player, which is converted);
//! - `wtime`/`winc` are the clock of the first player (sente, uppercase pieces: chess's white
//!   moves first), `btime`/`binc` the second's. In USI `btime` is sente's, as in shogi.

/// USI or UCI.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Dialect {
    /// Shogi vocabulary.
    Usi,
    /// Chess vocabulary.
    Uci,
}

/// Option names that differ between the dialects.
pub struct OptionNames {
    /// `USI_Variant` / `UCI_Variant`.
    pub variant: &'static str,
    /// `USI_Hash` / `Hash`.
    pub hash: &'static str,
    /// `USI_Ponder` / `Ponder`.
    pub ponder: &'static str,
}

/// The option names of a dialect.
pub fn option_names(d: Dialect) -> OptionNames {
    match d {
        Dialect::Usi => OptionNames {
            variant: "USI_Variant",
            hash: "USI_Hash",
            ponder: "USI_Ponder",
        },
        Dialect::Uci => OptionNames {
            variant: "UCI_Variant",
            hash: "Hash",
            ponder: "Ponder",
        },
    }
}

/// `go` words for (first player's time, second player's time, first's increment, second's).
pub fn clock_words(d: Dialect) -> (&'static str, &'static str, &'static str, &'static str) {
    match d {
        Dialect::Usi => ("btime", "wtime", "binc", "winc"),
        Dialect::Uci => ("wtime", "btime", "winc", "binc"),
    }
}

/// Whether a position string is a chess-style FEN rather than our SFEN.
pub fn is_chess_fen(text: &str) -> bool {
    super::notation::is_chess_fen(text)
}

/// Our SFEN of a chess-style FEN.
pub fn chess_fen_to_sfen(text: &str) -> Result<String, String> {
    super::notation::fen_to_sfen(text)
}
