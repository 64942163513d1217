//! The networks built into the binary, so that the engine plays at its best with no file to
//! install. `nets/README.md` gives each file's hashes and the `shishi train` command and seed
//! that made it.
//!
//! The WebAssembly build carries none of them: chu's file (1.5 MB, 0.9 MB with brotli) would
//! more than quadruple the web board's first load, and dai dai's (4.7 MB, 2.1 MB with brotli)
//! is for a game most visitors never open (docs/web.md). There the host is asked for a game's
//! file when an engine that judges that game by its built-in network is about to need it
//! ([`super::prepare`], [`want`], [`wanted`]), and hands it over ([`provide`]) or says why it
//! could not ([`give_up`]); a file is taken only if it is that game's network and its hash
//! begins with the eight hex digits its name gives, so the WebAssembly engine judges both
//! games exactly as the native one does (docs/wasm.md, "The networks").

use super::Network;
use super::features::MAX_HIDDEN;
use crate::rules::Variant;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

/// The name of chu's network file, in `nets/` and next to the WebAssembly module.
macro_rules! chu_file {
    () => {
        "chu-269e197c.nnue"
    };
}

/// The name of dai dai's network file, in `nets/` and next to the WebAssembly module.
macro_rules! daidai_file {
    () => {
        "daidai-b61fa831.nnue"
    };
}

/// The chu network's file name; its eight hex digits after the dash begin the engine hash.
pub const CHU_FILE: &str = chu_file!();

/// The dai dai network's file name; its eight hex digits after the dash begin the engine
/// hash.
pub const DAIDAI_FILE: &str = daidai_file!();

/// The network files in this build, in [`index`] order: both natively, none in the
/// WebAssembly build (see above).
#[cfg(not(target_arch = "wasm32"))]
const FILES: [Option<&[u8]>; 2] = [
    Some(include_bytes!(concat!("../../nets/", chu_file!()))),
    Some(include_bytes!(concat!("../../nets/", daidai_file!()))),
];
#[cfg(target_arch = "wasm32")]
const FILES: [Option<&[u8]>; 2] = [None, None];

/// The hidden width a network file's header gives (bytes 20 to 23).
const fn width(file: &[u8]) -> usize {
    u32::from_le_bytes([file[20], file[21], file[22], file[23]]) as usize
}

// Each file carries its width, read at run time, so every built-in network runs in any build
// whose accumulators are wide enough: one that is not fails to compile here, not at run time.
const _: () = assert!(
    match FILES[0] {
        Some(file) => width(file) <= MAX_HIDDEN,
        None => true,
    },
    "the built-in chu network is wider than SHISHI_NNUE_HIDDEN"
);
const _: () = assert!(
    match FILES[1] {
        Some(file) => width(file) <= MAX_HIDDEN,
        None => true,
    },
    "the built-in dai dai network is wider than SHISHI_NNUE_HIDDEN"
);

/// Where each game's state is kept.
const fn index(variant: Variant) -> usize {
    match variant {
        Variant::Chu => 0,
        Variant::DaiDai => 1,
    }
}

/// The games, in [`index`] order.
const VARIANTS: [Variant; 2] = [Variant::Chu, Variant::DaiDai];

/// The name of `variant`'s network file.
pub const fn file_name(variant: Variant) -> &'static str {
    match variant {
        Variant::Chu => CHU_FILE,
        Variant::DaiDai => DAIDAI_FILE,
    }
}

/// The networks handed over by the host of a build without [`FILES`].
static PROVIDED: [OnceLock<Network>; 2] = [OnceLock::new(), OnceLock::new()];

/// Whether the host is asked for each game's file: not yet, asked, or not any more (handed
/// over, or the host could not get it).
static REQUEST: [AtomicU8; 2] = [AtomicU8::new(NOT_ASKED), AtomicU8::new(NOT_ASKED)];
const NOT_ASKED: u8 = 0;
const ASKED: u8 = 1;
const ANSWERED: u8 = 2;

/// The built-in network of `variant`, if it has one: natively always; in the WebAssembly
/// build once the host has handed it over.
pub fn network(variant: Variant) -> Option<&'static Network> {
    static PARSED: [OnceLock<Option<Network>>; 2] = [OnceLock::new(), OnceLock::new()];
    let i = index(variant);
    PARSED[i]
        .get_or_init(|| FILES[i].map(parse))
        .as_ref()
        .or_else(|| PROVIDED[i].get())
}

/// The network in `file`, a built-in one.
fn parse(file: &[u8]) -> Network {
    // The files are part of the source tree, their widths fit this build (asserted above) and
    // a unit test reads them through the same reader, so a failure here is a broken build,
    // not bad input.
    Network::from_bytes(file).expect("a built-in network is a valid network file")
}

/// `variant` is about to be judged by its built-in network (through [`super::prepare`]):
/// where that network is not in this build, the host is asked for it ([`wanted`]), once.
/// Natively every network is built in, so this does nothing there.
pub fn want(variant: Variant) {
    let i = index(variant);
    // Once the host has answered, the request stays ANSWERED: a file is never asked twice.
    if FILES[i].is_none() {
        let _ = REQUEST[i].compare_exchange(NOT_ASKED, ASKED, Ordering::Relaxed, Ordering::Relaxed);
    }
}

/// The game whose file the host is asked for now, if any.
fn pending() -> Option<Variant> {
    VARIANTS
        .into_iter()
        .find(|&v| REQUEST[index(v)].load(Ordering::Relaxed) == ASKED)
}

/// The name of the file the host is asked for now, if any: it answers with [`provide`] or
/// [`give_up`], and until then the engine's input waits (`protocol::Engine` holds the lines
/// that reach it meanwhile), so that no search runs without it. Never natively.
pub fn wanted() -> Option<&'static str> {
    pending().map(file_name)
}

/// Takes the bytes of the [`wanted`] file from the host: refused, with the error line's text,
/// unless they are that game's network and its hash is the one the file's name gives. Either
/// way the file is not asked for again.
pub fn provide(bytes: &[u8]) -> Result<(), String> {
    let Some(variant) = pending() else {
        return Err("a network file came, but none was asked for".into());
    };
    REQUEST[index(variant)].store(ANSWERED, Ordering::Relaxed);
    let net = check(variant, bytes).map_err(|e| hand_set(variant, &e))?;
    let _ = PROVIDED[index(variant)].set(net);
    Ok(())
}

/// The host could not get the [`wanted`] file, for the reason `why`: it is not asked for
/// again, and its game is judged by the hand-set evaluation alone. Returns the error line's
/// text.
pub fn give_up(why: &str) -> String {
    match pending() {
        Some(variant) => {
            REQUEST[index(variant)].store(ANSWERED, Ordering::Relaxed);
            hand_set(variant, &format!("{}: {why}", file_name(variant)))
        }
        None => format!("no network file was asked for ({why})"),
    }
}

/// Why `variant`'s network is missing, and what judges the game instead.
fn hand_set(variant: Variant, why: &str) -> String {
    let game = match variant {
        Variant::Chu => "chu",
        Variant::DaiDai => "dai dai",
    };
    format!("{why}; {game} is judged by the hand-set evaluation alone")
}

/// The network in `bytes` if it is `variant`'s built-in one: a valid network of that game
/// whose hash begins with the eight hex digits in the file's name.
pub(super) fn check(variant: Variant, bytes: &[u8]) -> Result<Network, String> {
    let name = file_name(variant);
    let net = Network::from_bytes(bytes).map_err(|e| format!("{name}: {e}"))?;
    let digits = &name[name.len() - "01234567.nnue".len()..name.len() - ".nnue".len()];
    if net.variant != variant || !net.hash().starts_with(digits) {
        return Err(format!(
            "{name}: this is the {} network {}, not the built-in one",
            net.variant.name(),
            net.hash()
        ));
    }
    Ok(net)
}
