//! The `shishi` binary: command-line front end. Each subcommand lives in `cli/`.

mod cli;

use clap::Parser;

fn main() {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args = cli::Cli::parse();
    if let Err(message) = cli::run(args) {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
