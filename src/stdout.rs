//! Writing a command's results to standard output. `println!` panics when the write fails
//! (`shishi summary … > /dev/full`, a reader that closed its pipe), which ended commands with
//! a panic message and exit code 101. Here a failed write ends the process with one line on
//! standard error and exit code 2, the code of every other error: the output is incomplete,
//! and nothing after it could reach the reader anyway.

use std::io::Write;

/// Writes `text` to standard output and flushes it, or ends the process as the module's doc
/// says.
pub fn write(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        fail(&e);
    }
}

/// The error line of a failed write to standard output, for commands that write through
/// their own handle and return their errors.
pub fn failed(e: std::io::Error) -> String {
    format!("cannot write to standard output: {e}")
}

/// Ends the process after a failed write to standard output.
pub fn fail(e: &std::io::Error) -> ! {
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(2)
}

/// `println!` for results: a failed write ends the process with exit code 2
/// ([`write`]).
#[macro_export]
macro_rules! outln {
    () => { $crate::stdout::write("\n") };
    ($($arg:tt)*) => { $crate::stdout::write(&format!("{}\n", format_args!($($arg)*))) };
}

/// `print!` for results ([`outln!`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::stdout::write(&format!($($arg)*)) };
}
