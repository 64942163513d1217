//! The `EvalFile` option of every protocol: which network (docs/training.md) corrects the
//! evaluation. One place for the three front ends, so they load, refuse and report alike.

use crate::nnue;
use crate::rules::Variant;

/// The value that means "no network": USI's convention for an empty string option.
pub const EMPTY: &str = "<empty>";

/// Loads the network at `path` for its game, or with [`EMPTY`] (or nothing) returns both
/// games to the hand-set evaluation. Returns the line to report; a file that cannot be read
/// or is not a network is an error and changes nothing.
pub fn set(path: &str) -> Result<String, String> {
    let path = path.trim();
    if path.is_empty() || path == EMPTY {
        nnue::clear_active(Variant::Chu);
        nnue::clear_active(Variant::DaiDai);
        return Ok("EvalFile: the hand-set evaluation alone".into());
    }
    let (variant, hash) = nnue::load_file(path).map_err(|e| format!("option EvalFile: {e}"))?;
    Ok(format!(
        "EvalFile: {} network {hash} from {path}",
        variant.name()
    ))
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
