//! Byte buffers that JavaScript fills (input lines): allocated and freed by the module's own
//! allocator so both sides agree on who owns what.

use std::alloc::{Layout, alloc, dealloc};

/// A buffer of `len` bytes for JavaScript to write into (null if out of memory); give it back
/// with [`shishi_free`] or to a function that takes it over.
#[unsafe(no_mangle)]
pub extern "C" fn shishi_alloc(len: usize) -> *mut u8 {
    match Layout::from_size_align(len.max(1), 1) {
        // SAFETY: the layout has a non-zero size.
        Ok(layout) => unsafe { alloc(layout) },
        Err(_) => std::ptr::null_mut(),
    }
}

/// Frees a buffer from [`shishi_alloc`] of the same `len`.
///
/// # Safety
/// `ptr` must come from `shishi_alloc(len)` and not have been freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn shishi_free(ptr: *mut u8, len: usize) {
    if let Ok(layout) = Layout::from_size_align(len.max(1), 1) {
        // SAFETY: the caller passes a live allocation of this layout.
        unsafe { dealloc(ptr, layout) }
    }
}

/// The bytes of a buffer from [`shishi_alloc`], which is freed.
///
/// # Safety
/// As for [`shishi_free`]; the first `len` bytes must have been written.
pub unsafe fn take_bytes(ptr: *mut u8, len: usize) -> Vec<u8> {
    // SAFETY: the caller guarantees `len` initialised bytes at `ptr`.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) }.to_vec();
    // SAFETY: as above.
    unsafe { shishi_free(ptr, len) };
    bytes
}

/// The text of a buffer from [`shishi_alloc`], which is freed (invalid UTF-8 is replaced, as
/// the native front end does with stdin).
///
/// # Safety
/// As for [`take_bytes`].
pub unsafe fn take_text(ptr: *mut u8, len: usize) -> String {
    // SAFETY: the caller's contract.
    String::from_utf8_lossy(&unsafe { take_bytes(ptr, len) }).into_owned()
}
