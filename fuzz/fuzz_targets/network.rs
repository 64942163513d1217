//! Any bytes as a network file (`EvalFile`, `--eval-file`):
//! `shishi::nnue::checks::check_network_bytes` says what must hold. Seeds worth giving it:
//! the files under `nets/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    shishi::nnue::checks::check_network_bytes(data);
});
