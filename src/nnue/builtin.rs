//! The networks built into the binary, so that the engine plays at its best with no file to
//! install and the WebAssembly build carries the same judgement as the native one.
//! `nets/README.md` gives each file's hashes and the `shishi train` command and seed that
//! made it. Dai dai has none yet: its first network scored too little over the hand-set
//! evaluation to be built in (docs/training.md, "Dai dai"), so a dai dai game is judged by
//! the hand-set evaluation alone unless `EvalFile` names a network.

use super::Network;
use super::features::HIDDEN;
use crate::rules::Variant;
use std::sync::OnceLock;

/// The chu network's file, checked and parsed on first use.
const CHU: &[u8] = include_bytes!("../../nets/chu-e6d737b0.nnue");

/// The built-in network of `variant`, if it has one. A build of another hidden width
/// (`SHISHI_NNUE_HIDDEN`, made to measure what a width costs: docs/eval.md) has none.
pub fn network(variant: Variant) -> Option<&'static Network> {
    static CHU_NET: OnceLock<Option<Network>> = OnceLock::new();
    match variant {
        // The file is part of the source tree and a unit test reads it through the same
        // reader, so a failure here is a broken build, not bad input.
        Variant::Chu => CHU_NET
            .get_or_init(|| {
                let width = u32::from_le_bytes(CHU[20..24].try_into().unwrap()) as usize;
                (width == HIDDEN).then(|| {
                    Network::from_bytes(CHU)
                        .expect("the built-in chu network is a valid network file")
                })
            })
            .as_ref(),
        Variant::DaiDai => None,
    }
}
