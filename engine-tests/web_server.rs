//! `shishi web` as a browser (or an attacker) meets it: the binary serves a directory on
//! 127.0.0.1 with the cross-origin isolation headers, precompressed files, revalidation with
//! 304, long caching for hashed assets only, nothing outside the folder (symbolic links
//! included), 400 for malformed requests, and bounded connections and timeouts
//! (docs/web.md, "Serving").

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(dir: &Path, extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(["web", "--port", "0", "--dir"])
        .arg(dir)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("shishi web starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server { child, port }
}

/// A response: status line, headers (lowercase names), body.
struct Reply {
    status: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Sends raw request bytes on a fresh connection and reads the answer until the server
/// closes it (each request asks for `Connection: close`).
fn send(port: u16, raw_request: &[u8]) -> Reply {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    s.write_all(raw_request).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    parse(&raw)
}

fn parse(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no head in {:?}", String::from_utf8_lossy(raw)));
    let text = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = text.split("\r\n");
    let status = lines.next().unwrap().to_string();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

/// `GET path` with extra header lines.
fn get(port: u16, path: &str, headers: &[&str]) -> Reply {
    let mut head = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("\r\n");
    send(port, head.as_bytes())
}

/// A site folder `dist/` under a fresh temporary root, with a secret beside it.
struct Site {
    root: PathBuf,
}

impl Site {
    fn new(name: &str) -> Site {
        let root = std::env::temp_dir().join(format!("shishi-web-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("dist/assets")).unwrap();
        std::fs::write(root.join("dist/index.html"), "<!doctype html>board").unwrap();
        std::fs::write(root.join("secret.txt"), "secret").unwrap();
        Site { root }
    }
    fn dist(&self) -> PathBuf {
        self.root.join("dist")
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

#[test]
fn serves_the_site_with_isolation_headers_and_content_types() {
    let site = Site::new("basic");
    std::fs::write(site.dist().join("shishi-mt.wasm"), [0u8, 97, 115, 109]).unwrap();
    let server = start(&site.dist(), &[]);

    let r = get(server.port, "/", &[]);
    assert_eq!(r.status, "HTTP/1.1 200 OK");
    assert_eq!(r.body, b"<!doctype html>board");
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    assert_eq!(r.header("cross-origin-opener-policy"), Some("same-origin"));
    assert_eq!(
        r.header("cross-origin-embedder-policy"),
        Some("require-corp")
    );

    let r = get(server.port, "/shishi-mt.wasm", &[]);
    assert_eq!(r.status, "HTTP/1.1 200 OK");
    assert_eq!(r.header("content-type"), Some("application/wasm"));
    assert_eq!(r.body, [0u8, 97, 115, 109]);

    let r = get(server.port, "/missing.js", &[]);
    assert_eq!(r.status, "HTTP/1.1 404 Not Found");
    let r = send(server.port, b"POST / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!(r.status, "HTTP/1.1 405 Method Not Allowed");
    let r = send(server.port, b"HEAD / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!((r.status.as_str(), r.body.len()), ("HTTP/1.1 200 OK", 0));
}

#[test]
fn nothing_outside_the_folder_is_reachable_symbolic_links_included() {
    let site = Site::new("escape");
    let dist = site.dist();
    std::os::unix::fs::symlink(&site.root, dist.join("etclink")).unwrap();
    std::os::unix::fs::symlink(site.root.join("secret.txt"), dist.join("s.txt")).unwrap();
    std::fs::create_dir(site.root.join("outside")).unwrap();
    std::fs::write(site.root.join("outside/index.html"), "secret").unwrap();
    std::os::unix::fs::symlink(site.root.join("outside"), dist.join("dirlink")).unwrap();
    // A link that stays inside is served.
    std::os::unix::fs::symlink(dist.join("index.html"), dist.join("home.html")).unwrap();
    let server = start(&dist, &[]);

    for path in ["/etclink/secret.txt", "/s.txt", "/dirlink/", "/dirlink"] {
        let r = get(server.port, path, &[]);
        assert!(
            r.status.starts_with("HTTP/1.1 404") || r.status.starts_with("HTTP/1.1 3"),
            "{path}: {}",
            r.status
        );
        assert!(
            !String::from_utf8_lossy(&r.body).contains("secret"),
            "{path}"
        );
    }
    for path in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2f..%2fsecret.txt",
    ] {
        let r = get(server.port, path, &[]);
        assert_eq!(r.status, "HTTP/1.1 400 Bad Request", "{path}");
    }
    let r = get(server.port, "/home.html", &[]);
    assert_eq!(
        (r.status.as_str(), &r.body[..]),
        ("HTTP/1.1 200 OK", &b"<!doctype html>board"[..])
    );
}

#[test]
fn malformed_requests_get_400() {
    let site = Site::new("bad");
    let server = start(&site.dist(), &[]);
    let cases: [&[u8]; 4] = [
        b"GET /\xff\xfe HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"GET /%ff%fe HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"GET /a%5cb HTTP/1.1\r\nConnection: close\r\n\r\n",
        b"HELLO\r\n\r\n",
    ];
    for raw in cases {
        let r = send(server.port, raw);
        assert_eq!(
            r.status,
            "HTTP/1.1 400 Bad Request",
            "{:?}",
            String::from_utf8_lossy(raw)
        );
    }
    // Still serving after them.
    assert_eq!(get(server.port, "/", &[]).status, "HTTP/1.1 200 OK");
}

#[test]
fn revalidation_compression_and_caching() {
    let site = Site::new("cache");
    let dist = site.dist();
    std::fs::write(dist.join("shishi.js"), "plain").unwrap();
    std::fs::write(dist.join("shishi.js.gz"), "gzip bytes").unwrap();
    std::fs::write(dist.join("shishi.js.br"), "brotli bytes").unwrap();
    std::fs::write(dist.join("assets/app-0123abcd.js"), "hashed").unwrap();
    let server = start(&dist, &[]);

    // The page and unhashed files: asked again every time, 304 while unchanged.
    let first = get(server.port, "/", &[]);
    assert_eq!(first.header("cache-control"), Some("no-cache"));
    let stamp = first.header("last-modified").expect("Last-Modified");
    let again = get(server.port, "/", &[&format!("If-Modified-Since: {stamp}")]);
    assert_eq!(again.status, "HTTP/1.1 304 Not Modified");
    assert!(again.body.is_empty());
    let again = get(
        server.port,
        "/",
        &["If-Modified-Since: Thu, 01 Jan 2015 00:00:00 GMT"],
    );
    assert_eq!(again.status, "HTTP/1.1 200 OK", "modified since then");

    // Precompressed variants, by Accept-Encoding; the plain file otherwise.
    let r = get(server.port, "/shishi.js", &["Accept-Encoding: gzip"]);
    assert_eq!(
        (r.header("content-encoding"), &r.body[..]),
        (Some("gzip"), &b"gzip bytes"[..])
    );
    assert!(r.header("content-type").unwrap().contains("javascript"));
    let r = get(server.port, "/shishi.js", &["Accept-Encoding: gzip, br"]);
    assert_eq!(
        (r.header("content-encoding"), &r.body[..]),
        (Some("br"), &b"brotli bytes"[..])
    );
    let r = get(server.port, "/shishi.js", &[]);
    assert_eq!(
        (r.header("content-encoding"), &r.body[..]),
        (None, &b"plain"[..])
    );

    // Content-hashed assets: kept for a year without asking.
    let r = get(server.port, "/assets/app-0123abcd.js", &[]);
    assert_eq!(r.status, "HTTP/1.1 200 OK");
    assert_eq!(
        r.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let r = get(server.port, "/assets/missing-0123abcd.js", &[]);
    assert_eq!(
        r.header("cache-control"),
        Some("no-cache"),
        "a 404 is not cached"
    );
}

#[test]
fn connections_are_bounded_and_idle_ones_time_out() {
    let site = Site::new("limits");
    let server = start(
        &site.dist(),
        &["--max-connections", "2", "--io-timeout", "3"],
    );
    let hold = || TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let (first, _second) = (hold(), hold());
    std::thread::sleep(Duration::from_millis(200));

    // A third connection waits while both slots are taken...
    let mut third = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    third
        .write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    third
        .set_read_timeout(Some(Duration::from_millis(700)))
        .unwrap();
    let mut byte = [0u8; 1];
    assert!(third.read(&mut byte).is_err(), "answered beyond the limit");

    // ...and is served once one closes.
    drop(first);
    third
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let mut raw = Vec::new();
    third.read_to_end(&mut raw).unwrap();
    assert_eq!(parse(&raw).status, "HTTP/1.1 200 OK");

    // A connection that sends nothing is closed after the timeout.
    let mut idle = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    // Closed by the server (end of stream or a reset), not by our own read timeout: a
    // liveness bound, where a window of seconds would fail on a loaded machine.
    idle.set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let began = Instant::now();
    let read = idle.read(&mut byte);
    let closed = match &read {
        Ok(n) => *n == 0,
        Err(e) => !matches!(
            e.kind(),
            std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
        ),
    };
    assert!(closed, "{read:?} after {:?}", began.elapsed());
}

#[test]
fn a_directory_without_a_built_site_is_one_error_line() {
    let out = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(["web", "--port", "0", "--dir", "/nonexistent-shishi-site"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("web/build.sh"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
