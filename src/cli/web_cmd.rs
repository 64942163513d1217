//! `shishi web`: serves the web board (`web/dist`, built by `web/build.sh`) on localhost with
//! the headers that make the page cross-origin isolated (COOP/COEP), which browsers require
//! before they give a page the shared memory that the engine's threads need. A small static
//! server over std's TCP listener: the site is static files, so the standard library does
//! the job and no HTTP crate is needed.

use clap::Args;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// Arguments of `shishi web`.
#[derive(Args, Debug)]
pub struct WebArgs {
    /// Port on 127.0.0.1 (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Directory to serve (default: `web/dist` here, or next to the source tree the binary
    /// was built in).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Listen on every interface instead of 127.0.0.1 only (to open the board from a phone).
    #[arg(long)]
    public: bool,
}

/// Largest request head read (a browser's GET with its headers is far smaller).
const MAX_HEAD: u64 = 16 * 1024;

/// Runs the server until the process is stopped.
pub fn run(args: WebArgs) -> Result<(), String> {
    let dir = site_dir(args.dir)?;
    let host = if args.public { "0.0.0.0" } else { "127.0.0.1" };
    let listener = TcpListener::bind((host, args.port))
        .map_err(|e| format!("web: cannot listen on {host}:{}: {e}", args.port))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    println!(
        "Shishi web board: http://127.0.0.1:{port}/ (serving {}; Ctrl-C stops)",
        dir.display()
    );
    for stream in listener.incoming().flatten() {
        let dir = dir.clone();
        std::thread::spawn(move || {
            if let Err(e) = serve(stream, &dir) {
                log::debug!("web: {e}");
            }
        });
    }
    Ok(())
}

/// The directory to serve: given, or `web/dist` in the working directory or in the source
/// tree of the binary (`target/release/shishi` → `web/dist`), which must hold the built site.
fn site_dir(given: Option<PathBuf>) -> Result<PathBuf, String> {
    let candidates: Vec<PathBuf> = match given {
        Some(d) => vec![d],
        None => {
            let mut c = vec![PathBuf::from("web/dist")];
            if let Some(root) = std::env::current_exe()
                .ok()
                .and_then(|exe| exe.ancestors().nth(3).map(Path::to_path_buf))
            {
                c.push(root.join("web/dist"));
            }
            c
        }
    };
    candidates
        .iter()
        .find(|d| d.join("index.html").is_file())
        .and_then(|d| d.canonicalize().ok())
        .ok_or_else(|| {
            format!(
                "web: no built site in {} (run web/build.sh first, or give --dir)",
                candidates[0].display()
            )
        })
}

fn serve(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut head = BufReader::new((&stream).take(MAX_HEAD));
    let mut request_line = String::new();
    head.read_line(&mut request_line)?;
    // The rest of the head is read and ignored: every answer closes the connection.
    let mut line = String::new();
    while head.read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut words = request_line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let (status, kind, body) = match method {
        "GET" | "HEAD" => {
            match resolve(dir, target).and_then(|p| std::fs::read(&p).ok().map(|b| (p, b))) {
                Some((path, bytes)) => ("200 OK", content_type(&path), bytes),
                None => (
                    "404 Not Found",
                    "text/plain; charset=utf-8",
                    b"not found\n".to_vec(),
                ),
            }
        }
        _ => (
            "405 Method Not Allowed",
            "text/plain; charset=utf-8",
            b"only GET and HEAD\n".to_vec(),
        ),
    };
    let header = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n\
         Cross-Origin-Opener-Policy: same-origin\r\nCross-Origin-Embedder-Policy: require-corp\r\n\
         Cross-Origin-Resource-Policy: same-origin\r\nCache-Control: no-cache\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(header.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    stream.flush()
}

/// The file a request target names inside `dir`, never outside it (`..`, absolute parts and
/// encoded separators are refused); a directory means its `index.html`.
fn resolve(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?;
    let decoded = percent_decode(path)?;
    let mut file = dir.to_path_buf();
    for part in Path::new(decoded.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => file.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    file.is_file().then_some(file)
}

/// `%xx` escapes decoded; `None` for a bad escape, a NUL or a backslash.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    let text = String::from_utf8(out).ok()?;
    (!text.contains(['\0', '\\'])).then_some(text)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_stay_inside_the_served_directory() {
        let dir = std::env::temp_dir().join(format!("shishi-web-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("index.html"), "x").unwrap();
        std::fs::write(dir.join("sub/a b.js"), "x").unwrap();
        assert_eq!(resolve(&dir, "/"), Some(dir.join("index.html")));
        assert_eq!(
            resolve(&dir, "/sub/a%20b.js?v=1"),
            Some(dir.join("sub/a b.js"))
        );
        assert_eq!(resolve(&dir, "/sub/"), None, "no index.html there");
        for bad in [
            "/../etc/passwd",
            "/sub/../../x",
            "/%2e%2e/x",
            "/a%5cb",
            "/%zz",
            "/%00",
        ] {
            assert_eq!(resolve(&dir, bad), None, "{bad}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
