//! `shishi web` as a browser meets it: the release binary serves a directory on localhost
//! with the cross-origin isolation headers (docs/web.md, "Serving").

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

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

fn start(dir: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_shishi"))
        .args(["web", "--port", "0", "--dir"])
        .arg(dir)
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

/// Status line, headers (lowercase names) and body of one request.
fn request(port: u16, head: &str) -> (String, Vec<(String, String)>, Vec<u8>) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.write_all(head.as_bytes()).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let text = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = text.split("\r\n");
    let status = lines.next().unwrap().to_string();
    let headers = lines
        .filter_map(|l| l.split_once(": "))
        .map(|(k, v)| (k.to_ascii_lowercase(), v.to_string()))
        .collect();
    (status, headers, raw[split + 4..].to_vec())
}

fn header<'a>(h: &'a [(String, String)], name: &str) -> Option<&'a str> {
    h.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

#[test]
fn serves_the_site_with_isolation_headers_and_nothing_outside_it() {
    let root = std::env::temp_dir().join(format!("shishi-web-test-{}", std::process::id()));
    let dir = root.join("dist");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html>board").unwrap();
    std::fs::write(dir.join("shishi-mt.wasm"), [0u8, 97, 115, 109]).unwrap();
    std::fs::write(root.join("secret.txt"), "no").unwrap();
    let server = start(&dir);

    let (status, h, body) = request(server.port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(body, b"<!doctype html>board");
    assert_eq!(header(&h, "content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(
        header(&h, "cross-origin-opener-policy"),
        Some("same-origin")
    );
    assert_eq!(
        header(&h, "cross-origin-embedder-policy"),
        Some("require-corp")
    );

    let (status, h, body) = request(server.port, "GET /shishi-mt.wasm HTTP/1.1\r\n\r\n");
    assert_eq!(status, "HTTP/1.1 200 OK");
    assert_eq!(header(&h, "content-type"), Some("application/wasm"));
    assert_eq!(body, [0u8, 97, 115, 109]);

    for bad in ["/../secret.txt", "/%2e%2e/secret.txt", "/missing.js"] {
        let (status, _, _) = request(server.port, &format!("GET {bad} HTTP/1.1\r\n\r\n"));
        assert_eq!(status, "HTTP/1.1 404 Not Found", "{bad}");
    }
    let (status, _, _) = request(server.port, "POST / HTTP/1.1\r\n\r\n");
    assert_eq!(status, "HTTP/1.1 405 Method Not Allowed");
    let (status, _, body) = request(server.port, "HEAD / HTTP/1.1\r\n\r\n");
    assert_eq!((status.as_str(), body.len()), ("HTTP/1.1 200 OK", 0));
    drop(server);
    std::fs::remove_dir_all(&root).unwrap();
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
