//! The `EvalFile` option of every protocol and `--eval-file` on the command line: which
//! network (docs/training.md) corrects the evaluation. One place for every front end, so
//! they load, refuse and report alike.

use crate::nnue;
use crate::rules::Variant;

/// The option's default: the networks built into the binary ([`nnue::builtin`]).
pub const BUILT_IN: &str = "<built-in>";

/// The value that means "no network": USI's convention for an empty string option.
pub const EMPTY: &str = "<empty>";

/// With [`BUILT_IN`] returns both games to their built-in networks, with [`EMPTY`] (or
/// nothing) to the hand-set evaluation alone; anything else is the path of a network file,
/// loaded for its game. Returns the line to report; a file that cannot be read or is not a
/// network is an error and changes nothing.
pub fn set(value: &str) -> Result<String, String> {
    set_for(value).map(|(report, _)| report)
}

/// [`set`], also returning the game of the network file loaded (`None` for [`BUILT_IN`] and
/// [`EMPTY`]), so that a command that plays one game can refuse another game's network
/// instead of playing without it.
pub fn set_for(value: &str) -> Result<(String, Option<Variant>), String> {
    let value = value.trim();
    if value.is_empty() || value == EMPTY {
        nnue::clear_active(Variant::Chu);
        nnue::clear_active(Variant::DaiDai);
        return Ok(("EvalFile: the hand-set evaluation alone".into(), None));
    }
    if value == BUILT_IN {
        nnue::use_builtin(Variant::Chu);
        nnue::use_builtin(Variant::DaiDai);
        return Ok((format!("EvalFile: built-in, {}", describe()), None));
    }
    let (variant, hash) = nnue::load_file(value).map_err(|e| format!("option EvalFile: {e}"))?;
    let report = format!("EvalFile: {} network {hash} from {value}", variant.name());
    Ok((report, Some(variant)))
}

/// Which evaluation judges each game now, for the handshake.
pub fn describe() -> String {
    let one = |v: Variant| {
        nnue::active(v).map_or(format!("{} hand-set", v.name()), |n| {
            format!("{} network {}", v.name(), n.hash())
        })
    };
    format!(
        "evaluation: {}, {}",
        one(Variant::Chu),
        one(Variant::DaiDai)
    )
}
