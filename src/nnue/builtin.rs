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
use super::features::MAX_HIDDEN;
use crate::rules::Variant;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The chu network's file, checked and parsed on first use.
const CHU: &[u8] = include_bytes!("../../nets/chu-269e197c.nnue");

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

/// The hidden width a network file's header gives (bytes 20 to 23).
const fn width(file: &[u8]) -> usize {
    u32::from_le_bytes([file[20], file[21], file[22], file[23]]) as usize
}

// Each file carries its width, read at run time, so every built-in network runs in any build
// whose accumulators are wide enough: one that is not fails to compile here, not at run time.
const _: () = assert!(
    width(CHU) <= MAX_HIDDEN,
    "the built-in chu network is wider than SHISHI_NNUE_HIDDEN"
);
const _: () = assert!(
    match DAIDAI {
        Some(file) => width(file) <= MAX_HIDDEN,
        None => true,
    },
    "the built-in dai dai network is wider than SHISHI_NNUE_HIDDEN"
);

/// The dai dai network handed over by the host of a build without [`DAIDAI`].
static PROVIDED: OnceLock<Network> = OnceLock::new();

/// Whether the host is asked for [`DAIDAI_FILE`]: not yet, asked, or not any more (handed
/// over, or the host could not get it).
static REQUEST: AtomicU8 = AtomicU8::new(NOT_ASKED);
const NOT_ASKED: u8 = 0;
const ASKED: u8 = 1;
const ANSWERED: u8 = 2;

/// The built-in network of `variant`, if it has one: natively always; in the WebAssembly
/// build, dai dai's once the host has handed it over.
pub fn network(variant: Variant) -> Option<&'static Network> {
    static CHU_NET: OnceLock<Network> = OnceLock::new();
    static DAIDAI_NET: OnceLock<Option<Network>> = OnceLock::new();
    match variant {
        Variant::Chu => Some(CHU_NET.get_or_init(|| parse(CHU))),
        Variant::DaiDai => DAIDAI_NET
            .get_or_init(|| DAIDAI.map(parse))
            .as_ref()
            .or_else(|| PROVIDED.get()),
    }
}

/// The network in `file`, a built-in one.
fn parse(file: &[u8]) -> Network {
    // The files are part of the source tree, their widths fit this build (asserted above) and
    // a unit test reads them through the same reader, so a failure here is a broken build,
    // not bad input.
    Network::from_bytes(file).expect("a built-in network is a valid network file")
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
