//! Any bytes as a position string of every game and rule set
//! (`shishi::rules::parse_checks::check_sfen` says what must hold).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        shishi::rules::parse_checks::check_sfen(text);
    }
});
