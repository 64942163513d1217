//! `shishi web` as a browser (or an attacker) meets it: the binary serves a directory on
//! 127.0.0.1 with the cross-origin isolation headers, precompressed files (`Vary:
//! Accept-Encoding`), revalidation with 304, long caching for hashed assets only, regular
//! files inside the folder only (symbolic links, precompressed variants and links swapped in
//! while serving included; a FIFO neither served nor waited on), 400 for malformed requests,
//! 414 for long ones, bounded connections, threads and waits, and timeouts (docs/web.md,
//! "Serving").

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

    // A file of several read steps (64 KiB each), byte for byte.
    let big: Vec<u8> = (0..200_001u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(site.dist().join("big.bin"), &big).unwrap();
    let r = get(server.port, "/big.bin", &[]);
    assert_eq!(r.header("content-length"), Some("200001"));
    assert!(r.body == big, "{} bytes", r.body.len());

    let r = get(server.port, "/missing.js", &[]);
    assert_eq!(r.status, "HTTP/1.1 404 Not Found");
    let r = send(server.port, b"POST / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!(r.status, "HTTP/1.1 405 Method Not Allowed");
    let r = send(server.port, b"HEAD / HTTP/1.1\r\nConnection: close\r\n\r\n");
    assert_eq!((r.status.as_str(), r.body.len()), ("HTTP/1.1 200 OK", 0));
    assert_eq!(r.header("content-length"), Some("20"));
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

    // Which file answers depends on Accept-Encoding, and caches are told so.
    for (path, accept) in [
        ("/shishi.js", "gzip"),
        ("/shishi.js", "br"),
        ("/shishi.js", "identity"),
        ("/", "gzip"),
        ("/assets/app-0123abcd.js", "br"),
        ("/missing.js", "gzip"),
    ] {
        let r = get(server.port, path, &[&format!("Accept-Encoding: {accept}")]);
        assert_eq!(
            r.header("vary").map(str::to_ascii_lowercase).as_deref(),
            Some("accept-encoding"),
            "{path} {accept}"
        );
    }
    let r = get(server.port, "/", &[&format!("If-Modified-Since: {stamp}")]);
    assert_eq!(r.header("vary"), Some("accept-encoding"), "304");

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

/// Every precompressed variant is opened and checked like the plain file: a `.gz` or `.br`
/// link out of the folder is never served (GET /passwd.txt with `Accept-Encoding: gzip` sent
/// the target of `passwd.txt.gz` -> /etc/passwd), nor is a file swapped for a link out of the
/// folder while requests come in (the check was on the path, the open later).
#[test]
fn compressed_variants_and_links_swapped_in_never_leave_the_folder() {
    let site = Site::new("variants");
    let dist = site.dist();
    let secret = site.root.join("secret.txt");
    let link = |name: &str| std::os::unix::fs::symlink(&secret, dist.join(name)).unwrap();
    // No plain file: only the variants, both links out.
    link("passwd.txt.gz");
    link("passwd.txt.br");
    // A plain file whose variants are links out.
    std::fs::write(dist.join("plain.txt"), "plain").unwrap();
    link("plain.txt.gz");
    link("plain.txt.br");
    // The page's own variants.
    link("index.html.gz");
    link("index.html.br");
    std::fs::create_dir(dist.join("sub")).unwrap();
    link("sub/index.html.gz");
    // A variant that stays inside is served.
    std::os::unix::fs::symlink(dist.join("plain.txt"), dist.join("inside.txt.gz")).unwrap();
    std::fs::write(dist.join("inside.txt"), "inside").unwrap();
    let server = start(&dist, &[]);

    for accept in ["gzip", "br", "gzip, br", "*"] {
        for (path, status, body) in [
            ("/passwd.txt", "HTTP/1.1 404 Not Found", None),
            ("/plain.txt", "HTTP/1.1 200 OK", Some("plain")),
            ("/", "HTTP/1.1 200 OK", Some("<!doctype html>board")),
            (
                "/index.html",
                "HTTP/1.1 200 OK",
                Some("<!doctype html>board"),
            ),
            ("/sub/", "HTTP/1.1 404 Not Found", None),
        ] {
            let r = get(server.port, path, &[&format!("Accept-Encoding: {accept}")]);
            let text = String::from_utf8_lossy(&r.body);
            assert!(!text.contains("secret"), "{path} {accept}: {text}");
            assert_eq!(r.status, status, "{path} {accept}");
            if let Some(body) = body {
                assert_eq!((text.as_ref(), r.header("content-encoding")), (body, None));
            }
        }
    }
    let r = get(server.port, "/inside.txt", &["Accept-Encoding: gzip"]);
    assert_eq!(
        (r.header("content-encoding"), &r.body[..]),
        (Some("gzip"), &b"plain"[..])
    );

    // A file swapped for a link out of the folder, and back, as fast as it goes.
    let race = dist.join("race.txt");
    std::fs::write(&race, "inside").unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let swapper = {
        let (stop, dist, secret) = (stop.clone(), dist.clone(), secret.clone());
        std::thread::spawn(move || {
            let (file, link) = (dist.join("race.file"), dist.join("race.link"));
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                std::fs::write(&file, "inside").unwrap();
                std::fs::rename(&file, dist.join("race.txt")).unwrap();
                std::os::unix::fs::symlink(&secret, &link).unwrap();
                std::fs::rename(&link, dist.join("race.txt")).unwrap();
            }
        })
    };
    let began = Instant::now();
    let (mut served, mut asked) = (0, 0);
    while began.elapsed() < Duration::from_millis(1500) {
        for accept in ["Accept-Encoding: gzip", "Accept-Encoding: identity"] {
            let r = get(server.port, "/race.txt", &[accept]);
            asked += 1;
            assert!(
                !String::from_utf8_lossy(&r.body).contains("secret"),
                "request {asked}: {} outside the folder",
                r.status
            );
            served += usize::from(r.status == "HTTP/1.1 200 OK");
        }
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    swapper.join().unwrap();
    assert!(served > 0, "{asked} requests, none served the file inside");
}

/// Number of threads of a process (Linux's /proc).
fn threads(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/task"))
        .unwrap()
        .count()
}

/// Many connections open at once, each request for a FIFO (whose open() never returned: a
/// thread blocked for good per request, until normal requests failed) or for a file: all
/// answered, by a fixed few threads.
#[test]
fn fifos_and_floods_are_answered_by_a_fixed_few_threads() {
    let site = Site::new("fifo");
    let dist = site.dist();
    let made = Command::new("mkfifo").arg(dist.join("fifo")).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    std::fs::create_dir(dist.join("pipes")).unwrap();
    let made = Command::new("mkfifo")
        .arg(dist.join("pipes/index.html"))
        .status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let server = start(&dist, &[]);
    let pid = server.child.id();

    for (path, status) in [
        ("/fifo", "HTTP/1.1 404 Not Found"),
        ("/pipes/", "HTTP/1.1 404 Not Found"),
        ("/index.html", "HTTP/1.1 200 OK"),
    ] {
        // 100 at once, beyond the 64 served at a time (the rest wait for a slot).
        let mut sockets: Vec<TcpStream> = (0..100)
            .map(|_| {
                let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(4))).unwrap();
                let head = format!("GET {path} HTTP/1.1\r\nConnection: close\r\n\r\n");
                s.write_all(head.as_bytes()).unwrap();
                s
            })
            .collect();
        for (i, s) in sockets.iter_mut().enumerate() {
            let mut raw = Vec::new();
            let read = s.read_to_end(&mut raw);
            assert!(read.is_ok(), "{path} #{i}: no answer ({read:?})");
            assert_eq!(parse(&raw).status, status, "{path} #{i}");
        }
        let n = threads(pid);
        assert!(n <= 6, "{n} threads after 100 requests for {path}");
    }
    let r = get(server.port, "/", &[]);
    assert_eq!(r.status, "HTTP/1.1 200 OK");
}

/// A request target beyond 4 096 bytes gets 414 (a 60 000-byte path got 500); a name too long
/// for the file system, 404.
#[test]
fn long_request_targets_get_414() {
    let site = Site::new("long");
    let server = start(&site.dist(), &[]);
    for long in [
        format!("/{}", "a".repeat(60_000)),
        format!("/{}", "a/".repeat(3_000)),
        format!("/?{}", "q".repeat(5_000)),
    ] {
        let r = get(server.port, &long, &[]);
        assert_eq!(r.status, "HTTP/1.1 414 URI Too Long", "{}", long.len());
    }
    let r = get(server.port, &format!("/{}", "a".repeat(300)), &[]);
    assert_eq!(r.status, "HTTP/1.1 404 Not Found");
    assert_eq!(get(server.port, "/", &[]).status, "HTTP/1.1 200 OK");
}

/// Clients that connect and send nothing (or trickle) hold their slots, but cannot make
/// anyone else wait past the stated bound: beyond the slots a connection waits at most 5 s
/// for one, then gets 503; beyond as many again it is refused at once. (A normal request
/// waited 24 s behind 300 slow sockets.)
#[test]
fn slow_clients_delay_others_by_at_most_the_queue_wait() {
    let site = Site::new("slow");
    let server = start(&site.dist(), &["--max-connections", "2"]);
    let hold = || {
        let s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        std::thread::sleep(Duration::from_millis(50));
        s
    };
    /// Sends a request and waits for its answer: the status line, or `None` if the
    /// connection was closed without one; and how long it took.
    fn ask(port: u16) -> (Option<String>, Duration) {
        let began = Instant::now();
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
        let _ = s.write_all(b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n");
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let status = String::from_utf8_lossy(&raw)
            .lines()
            .next()
            .map(str::to_string);
        (status, began.elapsed())
    }

    // Both slots held: a request waits for one, and gets 503 when none frees in 5 s.
    let slots = [hold(), hold()];
    let (status, took) = ask(server.port);
    assert_eq!(status.as_deref(), Some("HTTP/1.1 503 Service Unavailable"));
    assert!(
        took >= Duration::from_secs(4) && took < Duration::from_secs(8),
        "{took:?}"
    );

    // The queue full as well: refused at once.
    let queued = [hold(), hold()];
    let (status, took) = ask(server.port);
    assert!(
        matches!(
            status.as_deref(),
            None | Some("HTTP/1.1 503 Service Unavailable")
        ),
        "{status:?}"
    );
    assert!(took < Duration::from_secs(2), "{took:?}");

    // Served again once they leave.
    drop((slots, queued));
    std::thread::sleep(Duration::from_millis(200));
    let (status, took) = ask(server.port);
    assert_eq!(status.as_deref(), Some("HTTP/1.1 200 OK"));
    assert!(took < Duration::from_secs(2), "{took:?}");
}
