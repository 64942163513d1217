//! Link arguments of the WebAssembly module (docs/wasm.md), here rather than in RUSTFLAGS so
//! that changing them relinks this crate only instead of rebuilding the standard library.

/// Stack of the engine worker's own thread, where the single-threaded build searches: as much
/// as the native search threads get (`shishi::platform::STACK_BYTES`).
const STACK_BYTES: u64 = 16 << 20;
/// Shared memory of the multi-threaded build: it must be declared with a maximum. 2 GiB holds
/// the largest table the engine allows on 32-bit targets (1 GiB) with room for the threads'
/// stacks; web/src/wasm.ts creates the memory with these same figures.
const INITIAL_MEMORY: u64 = 32 << 20;
const MAX_MEMORY: u64 = 2 << 30;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("wasm32") {
        return;
    }
    println!("cargo:rustc-cdylib-link-arg=-zstack-size={STACK_BYTES}");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if features.split(',').any(|f| f == "atomics") {
        // rustc 1.96 no longer passes the shared-memory arguments itself; the thread-local
        // and stack globals are what a new Worker sets before it runs any Rust code.
        for arg in [
            "--shared-memory".to_string(),
            "--import-memory".to_string(),
            format!("--initial-memory={INITIAL_MEMORY}"),
            format!("--max-memory={MAX_MEMORY}"),
            "--export=__wasm_init_tls".to_string(),
            "--export=__tls_size".to_string(),
            "--export=__tls_align".to_string(),
            "--export=__tls_base".to_string(),
            "--export=__stack_pointer".to_string(),
        ] {
            println!("cargo:rustc-cdylib-link-arg={arg}");
        }
    }
}
