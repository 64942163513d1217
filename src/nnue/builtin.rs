//! The networks built into the binary, so that the engine plays at its best with no file to
//! install. `nets/README.md` gives each file's hashes and the `shishi train` command and seed
//! that made it.
//!
//! The WebAssembly build carries the chu network only: dai dai's file (4.7 MB, 2.6 MB
//! gzipped) would take the web board's first load far past its budget (docs/web.md). There
//! the host is asked for the file once a dai dai game is chosen ([`super::prepare`],
//! [`wanted`]) and hands it over ([`provide`]); it is accepted only if its hash is the one
//! its name gives, so the WebAssembly engine judges dai dai exactly as the native one does
//! (docs/wasm.md).

use super::Network;
use super::features::HIDDEN;
use crate::rules::Variant;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The chu network's file, checked and parsed on first use.
const CHU: &[u8] = include_bytes!("../../nets/chu-e6d737b0.nnue");

/// The name of dai dai's network file, in `nets/` and next to the WebAssembly module.
macro_rules! daidai_file {
    () => {
        "daidai-b61fa831.nnue"
    };
}

/// The dai dai network's file name; its first eight hex digits after the dash are the
/// engine hash's.
pub const DAIDAI_FILE: &str = daidai_file!();

/// The dai dai network's file (native builds; see above).
#[cfg(not(target_arch = "wasm32"))]
const DAIDAI: Option<&[u8]> = Some(include_bytes!(concat!("../../nets/", daidai_file!())));
#[cfg(target_arch = "wasm32")]
const DAIDAI: Option<&[u8]> = None;

/// The dai dai network handed over by the host of a build without [`DAIDAI`].
static PROVIDED: OnceLock<Network> = OnceLock::new();

/// Whether the host is asked for [`DAIDAI_FILE`]: not yet, asked, or not any more (handed
/// over, or the host could not get it).
static REQUEST: AtomicU8 = AtomicU8::new(NOT_ASKED);
const NOT_ASKED: u8 = 0;
const ASKED: u8 = 1;
const ANSWERED: u8 = 2;

/// The built-in network of `variant`, if it has one. A build of another hidden width
/// (`SHISHI_NNUE_HIDDEN`, made to measure what a width costs: docs/eval.md) has none.
pub fn network(variant: Variant) -> Option<&'static Network> {
    static CHU_NET: OnceLock<Option<Network>> = OnceLock::new();
    static DAIDAI_NET: OnceLock<Option<Network>> = OnceLock::new();
    match variant {
        Variant::Chu => CHU_NET.get_or_init(|| parse(CHU)).as_ref(),
        Variant::DaiDai => DAIDAI_NET
            .get_or_init(|| DAIDAI.and_then(parse))
            .as_ref()
            .or_else(|| PROVIDED.get()),
    }
}

/// The network in `file`, or `None` where its hidden width is not this build's.
fn parse(file: &[u8]) -> Option<Network> {
    let width = u32::from_le_bytes(file[20..24].try_into().unwrap()) as usize;
    // The files are part of the source tree and a unit test reads them through the same
    // reader, so a failure here is a broken build, not bad input.
    (width == HIDDEN)
        .then(|| Network::from_bytes(file).expect("a built-in network is a valid network file"))
}

/// `variant` is to be judged by its built-in network (through [`super::prepare`]): where
/// that network is not in this build, the host is asked for it ([`wanted`]), once. Natively
/// every network is built in, so this does nothing there.
pub fn want(variant: Variant) {
    // Once the host has answered, REQUEST stays ANSWERED, so it is never asked twice.
    if variant == Variant::DaiDai && DAIDAI.is_none() {
        let _ = REQUEST.compare_exchange(NOT_ASKED, ASKED, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The file the host is asked for now, if any: it answers with [`provide`] or [`give_up`],
/// and until then holds back the engine's input, so that no search runs without it.
pub fn wanted() -> Option<&'static str> {
    (REQUEST.load(Ordering::Relaxed) == ASKED).then_some(DAIDAI_FILE)
}

/// Takes the bytes of [`DAIDAI_FILE`] from the host: refused (with the reason) unless they
/// are a valid dai dai network whose hash is the one the file's name gives.
pub fn provide(bytes: &[u8]) -> Result<(), String> {
    REQUEST.store(ANSWERED, Ordering::Relaxed);
    let net = Network::from_bytes(bytes).map_err(|e| format!("{DAIDAI_FILE}: {e}"))?;
    let named = &DAIDAI_FILE["daidai-".len()..DAIDAI_FILE.len() - ".nnue".len()];
    if net.variant != Variant::DaiDai || !net.hash().starts_with(named) {
        return Err(format!(
            "{DAIDAI_FILE}: this is the {} network {}, not the built-in one",
            net.variant.name(),
            net.hash()
        ));
    }
    let _ = PROVIDED.set(net);
    Ok(())
}

/// The host could not get [`DAIDAI_FILE`]: it is not asked again, and dai dai is judged by
/// the hand-set evaluation.
pub fn give_up() {
    REQUEST.store(ANSWERED, Ordering::Relaxed);
}
