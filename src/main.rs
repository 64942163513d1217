//! The `shishi` binary: command-line front end. Each subcommand lives in `cli/`.

mod cli;

use clap::Parser;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // clap's own printing ignores a failed write (`--help > /dev/full` exited 0): help and
    // version go through the same writer as every result, errors to stderr with exit 2.
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(e) if e.use_stderr() => {
            // One line, as every other error: clap's first (the usage hint after it is what
            // `--help` shows).
            let text = e.render().to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("error");
            eprintln!("{first}");
            std::process::exit(2);
        }
        Err(e) => {
            shishi::stdout::write(&e.render().to_string());
            std::process::exit(0);
        }
    };
    if let Err(message) = cli::run(args) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
