//! `shishi web`: serves the web board (`web/dist`, built by `web/build.sh`) with the headers
//! that make the page cross-origin isolated (COOP/COEP), which browsers require before they
//! give a page the shared memory that the engine's threads need.
//!
//! Built on hyper (HTTP/1.1: parsing, keep-alive, 400 for malformed requests) and tower-http's
//! `ServeDir` (files, precompressed `.br`/`.gz` variants chosen by `Accept-Encoding`,
//! `Last-Modified` with `304 Not Modified`) rather than by hand: the hand-written server it
//! replaces re-sent every byte on each reload, compressed nothing and followed symbolic links
//! out of the folder. What stays here is the policy: which paths may be served, the caching
//! and isolation headers, and the limits (connections, timeouts).

use bytes::Bytes;
use clap::Args;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::{Either, Full};
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;
use tower_http::services::ServeDir;
use tower_http::services::fs::ServeFileSystemResponseBody;

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
    /// Most connections served at once; further ones wait until one closes.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    max_connections: u32,
    /// Seconds a connection may wait for the next read or write before it is closed (an idle
    /// keep-alive connection, a client that stops reading or sends its request too slowly).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    io_timeout: u64,
}

/// Files under this folder have content-hashed names (`web/bundle.mjs`): a changed file gets
/// a new name, so browsers may keep them for good without asking again.
const HASHED_PREFIX: &str = "/assets/";

/// How long a request's head may take to arrive (a client trickling it in holds a connection).
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// What every request handler shares.
struct Site {
    /// The served folder, canonical: every file served must resolve inside it.
    root: PathBuf,
    files: ServeDir,
}

/// The body of any answer: a file from `ServeDir`, or a short text of our own.
type Body = Either<ServeFileSystemResponseBody, Full<Bytes>>;

/// Runs the server until the process is stopped.
pub fn run(args: WebArgs) -> Result<(), String> {
    let root = site_dir(args.dir)?;
    let host = if args.public { "0.0.0.0" } else { "127.0.0.1" };
    // One thread is plenty for a static site on a player's own machine.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("web: cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = TcpListener::bind((host, args.port))
            .await
            .map_err(|e| format!("web: cannot listen on {host}:{}: {e}", args.port))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        println!(
            "Shishi web board: http://127.0.0.1:{port}/ (serving {}; Ctrl-C stops)",
            root.display()
        );
        let files = ServeDir::new(&root)
            .precompressed_br()
            .precompressed_gzip()
            .append_index_html_on_directories(true);
        let site = Arc::new(Site { root, files });
        let limits = Limits {
            connections: Arc::new(Semaphore::new(args.max_connections as usize)),
            io_timeout: Duration::from_secs(args.io_timeout),
        };
        accept_loop(listener, site, limits).await;
        Ok(())
    })
}

struct Limits {
    connections: Arc<Semaphore>,
    io_timeout: Duration,
}

/// Accepts connections while fewer than the limit are open (the rest wait in the listen
/// queue) and serves each on its own task.
async fn accept_loop(listener: TcpListener, site: Arc<Site>, limits: Limits) {
    loop {
        let permit = Arc::clone(&limits.connections)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                log::debug!("web: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let mut io = TimeoutStream::new(stream);
        io.set_read_timeout(Some(limits.io_timeout));
        io.set_write_timeout(Some(limits.io_timeout));
        let site = Arc::clone(&site);
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |req| answer(req, Arc::clone(&site)));
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(64 * 1024)
                .serve_connection(TokioIo::new(Box::pin(io)), service);
            if let Err(e) = connection.await {
                log::debug!("web: connection: {e}");
            }
            drop(permit);
        });
    }
}

/// One request's answer: the file, with the isolation and caching headers; 400 for a path
/// that is not a plain relative path in UTF-8, 404 for anything not inside the site.
async fn answer(req: Request<Incoming>, site: Arc<Site>) -> Result<Response<Body>, Infallible> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return Ok(text(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD\n"));
    }
    let path = req.uri().path().to_string();
    let Some(relative) = relative_path(&path) else {
        return Ok(text(StatusCode::BAD_REQUEST, "bad path\n"));
    };
    if !inside(&site.root, &site.root.join(&relative)).await {
        return Ok(text(StatusCode::NOT_FOUND, "not found\n"));
    }
    let mut response = match site.files.clone().try_call(req).await {
        Ok(response) => response.map(Either::Left),
        Err(e) => {
            log::debug!("web: {path}: {e}");
            text(StatusCode::INTERNAL_SERVER_ERROR, "cannot read the file\n")
        }
    };
    let cache = if path.starts_with(HASHED_PREFIX) && response.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        // Always asked again, answered with 304 while unchanged (Last-Modified).
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    isolation_headers(headers);
    Ok(response)
}

/// A short plain-text answer.
fn text(status: StatusCode, body: &'static str) -> Response<Body> {
    let mut response = Response::new(Either::Right(Full::new(Bytes::from_static(
        body.as_bytes(),
    ))));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    isolation_headers(response.headers_mut());
    response
}

/// The headers that make the page cross-origin isolated, and so give the engine threads.
fn isolation_headers(headers: &mut http::HeaderMap) {
    for (name, value) in [
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-embedder-policy", "require-corp"),
        ("cross-origin-resource-policy", "same-origin"),
        ("x-content-type-options", "nosniff"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

/// The request path as a relative file path: `%xx` decoded; `None` when the bytes are not
/// UTF-8 or it has a NUL, a backslash or a `..` part (a request no page of ours makes).
fn relative_path(path: &str) -> Option<PathBuf> {
    let decoded = String::from_utf8(percent_decode(path)?).ok()?;
    if decoded.contains(['\0', '\\']) {
        return None;
    }
    let mut relative = PathBuf::new();
    for part in decoded.split('/') {
        match part {
            "" | "." => {}
            ".." => return None,
            part => relative.push(part),
        }
    }
    Some(relative)
}

/// `%xx` escapes decoded into bytes; `None` for a bad escape.
fn percent_decode(s: &str) -> Option<Vec<u8>> {
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
    Some(out)
}

/// Whether `file` (and, for a folder, its `index.html`) resolves inside `root` once every
/// symbolic link is followed. A missing file counts as inside: `ServeDir` answers 404.
async fn inside(root: &Path, file: &Path) -> bool {
    let Ok(real) = tokio::fs::canonicalize(file).await else {
        return true;
    };
    if !real.starts_with(root) {
        return false;
    }
    if real.is_dir() {
        return match tokio::fs::canonicalize(real.join("index.html")).await {
            Ok(index) => index.starts_with(root),
            Err(_) => true,
        };
    }
    true
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_paths_become_relative_paths_or_are_refused() {
        assert_eq!(relative_path("/"), Some(PathBuf::new()));
        assert_eq!(
            relative_path("/sub/a%20b.js"),
            Some(PathBuf::from("sub/a b.js"))
        );
        assert_eq!(relative_path("/./a//b"), Some(PathBuf::from("a/b")));
        for bad in [
            "/../x",
            "/sub/../../x",
            "/%2e%2e/x",
            "/a%5cb",
            "/%zz",
            "/%00",
            "/%ff",
        ] {
            assert_eq!(relative_path(bad), None, "{bad}");
        }
    }
}
