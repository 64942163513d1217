//! The networks, which this build leaves out (`shishi::nnue::builtin`): the engine worker asks
//! after each line whether a file is wanted, fetches it, and hands over its bytes or why it
//! could not get them; until then it holds back the lines that follow (and the engine the
//! line that asked, if it needs the network: `isready`, `go`).

use crate::buffers::{take_bytes, take_text};
use crate::engine::with_engine;
use shishi::nnue::builtin;

/// The length of the name of the file the engine wants now (0: none); the name is at
/// [`shishi_network_name`].
#[unsafe(no_mangle)]
pub extern "C" fn shishi_network_wanted() -> usize {
    builtin::wanted().map_or(0, str::len)
}

/// Where the wanted file's name is (UTF-8, [`shishi_network_wanted`] bytes; null when none
/// is wanted).
#[unsafe(no_mangle)]
pub extern "C" fn shishi_network_name() -> *const u8 {
    builtin::wanted().map_or(std::ptr::null(), str::as_ptr)
}

/// The wanted file's bytes (a buffer from `shishi_alloc`, taken over); a file that is not
/// the expected network is reported on the output. The lines the engine held for it are
/// handled now (a `go` among them starts its search).
///
/// # Safety
/// `ptr` must come from `shishi_alloc(len)` with `len` bytes written.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shishi_network(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's contract.
    let bytes = unsafe { take_bytes(ptr, len) };
    with_engine(|e| {
        e.network_file(Ok(&bytes));
        true
    });
}

/// Why the wanted file could not be fetched (a buffer from `shishi_alloc`, taken over),
/// reported on the output; its game is then judged by the hand-set evaluation.
///
/// # Safety
/// As for [`shishi_network`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shishi_network_failed(ptr: *mut u8, len: usize) {
    // SAFETY: the caller's contract.
    let why = unsafe { take_text(ptr, len) };
    with_engine(|e| {
        e.network_file(Err(why));
        true
    });
}
