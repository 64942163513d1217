//! Any bytes as a network file (`EvalFile`, `--eval-file`):
//! `shishi::eval::network_checks::check_network_bytes` says what must hold. Seeds worth giving it:
//! the files under `nets/`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    shishi::eval::network_checks::check_network_bytes(data);
});
