//! `shishi web`: serves the web board (`web/dist`, built by `web/build.sh`) with the headers
//! that make the page cross-origin isolated (COOP/COEP), which browsers require before they
//! give a page the shared memory that the engine's threads need.
//!
//! Built on hyper (HTTP/1.1: parsing, keep-alive, 400 for malformed requests). Files are
//! opened through [`shishi::files_served`]: a regular file inside the folder, checked on the
//! opened descriptor (a path check before opening let a symbolic link swapped in, or one
//! named `x.gz`, serve files from outside, and a FIFO blocked a thread for good). What stays
//! here is the policy: which paths may be asked for, the precompressed variant chosen by
//! `Accept-Encoding`, the caching and isolation headers, and the limits (connections, a
//! bounded wait for a free one, timeouts, one network thread and a fixed few for files).

use bytes::Bytes;
use clap::Args;
use http::{HeaderMap, HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::{Either, Full};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use shishi::files_served::{Opened, Refusal, Root};
use std::convert::Infallible;
use std::ffi::OsString;
use std::future::Future;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, UNIX_EPOCH};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;
use tokio_io_timeout::TimeoutStream;

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
    /// Most connections served at once; as many more wait up to 5 s for one to close, then
    /// get 503; beyond that they are refused at once.
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

/// How long a request's head may take to arrive, counted from when the server starts waiting
/// for it (a client trickling it in holds a connection).
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// Longest a connection is kept, however busy (a client reading a byte now and then).
const CONNECTION_LIFETIME: Duration = Duration::from_secs(300);

/// Longest a connection waits for a free slot before it is answered 503.
const QUEUE_WAIT: Duration = Duration::from_secs(5);

/// Longest request target (path and query) served; longer ones get 414. The site's paths are
/// under 100 bytes.
const MAX_TARGET: usize = 4096;

/// Threads that open and read files (tokio's blocking pool, 512 by default); requests beyond
/// them wait their turn. Every open is of a regular file (a FIFO is never opened), so none
/// waits long.
const FILE_THREADS: usize = 4;

/// Bytes read from a file per step of an answer's body.
const CHUNK: usize = 64 * 1024;

/// What a connection refused for want of a slot is sent.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n\
Content-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\nConnection: close\r\n\r\nbusy\n";

/// The body of any answer: a file, or a short text of our own (or nothing, for HEAD).
type Body = Either<FileBody, Full<Bytes>>;

/// Runs the server until the process is stopped.
pub fn run(args: WebArgs) -> Result<(), String> {
    let dir = site_dir(args.dir)?;
    let root = Root::new(&dir).map_err(|e| format!("web: cannot serve {}: {e}", dir.display()))?;
    let host = if args.public { "0.0.0.0" } else { "127.0.0.1" };
    // One thread serves every connection (a static site on a player's own machine); a fixed
    // few open and read files.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .max_blocking_threads(FILE_THREADS)
        .build()
        .map_err(|e| format!("web: cannot start the server: {e}"))?;
    runtime.block_on(async {
        let listener = TcpListener::bind((host, args.port))
            .await
            .map_err(|e| format!("web: cannot listen on {host}:{}: {e}", args.port))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        shishi::outln!(
            "Shishi web board: http://127.0.0.1:{port}/ (serving {}; Ctrl-C stops)",
            root.path().display()
        );
        let limits = Limits {
            slots: Arc::new(Semaphore::new(args.max_connections as usize)),
            queue: Arc::new(Semaphore::new(args.max_connections as usize)),
            io_timeout: Duration::from_secs(args.io_timeout),
        };
        accept_loop(listener, Arc::new(root), limits).await;
        Ok(())
    })
}

struct Limits {
    /// Connections being served.
    slots: Arc<Semaphore>,
    /// Connections waiting for a slot.
    queue: Arc<Semaphore>,
    io_timeout: Duration,
}

/// Accepts every connection at once and serves it on its own task if a slot is free; else
/// it waits in a bounded queue, up to [`QUEUE_WAIT`], for one to free; beyond the queue it is
/// refused at once. So no connection waits unanswered for longer than that, and at most twice
/// `--max-connections` are open.
async fn accept_loop(listener: TcpListener, root: Arc<Root>, limits: Limits) {
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors and the like: wait a little rather than spin.
                log::debug!("web: accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let root = Arc::clone(&root);
        let io_timeout = limits.io_timeout;
        if let Ok(slot) = Arc::clone(&limits.slots).try_acquire_owned() {
            tokio::spawn(serve(stream, root, io_timeout, slot));
        } else if let Ok(place) = Arc::clone(&limits.queue).try_acquire_owned() {
            let slots = Arc::clone(&limits.slots);
            tokio::spawn(async move {
                match tokio::time::timeout(QUEUE_WAIT, slots.acquire_owned()).await {
                    Ok(Ok(slot)) => {
                        drop(place);
                        serve(stream, root, io_timeout, slot).await;
                    }
                    _ => refuse(stream),
                }
            });
        } else {
            refuse(stream);
        }
    }
}

/// Answers 503 as far as the socket takes it without waiting, and closes the connection.
fn refuse(stream: TcpStream) {
    // What the client already sent is read first: closing with unread bytes would reset the
    // connection, and the client might lose the answer.
    let mut sink = [0u8; 4096];
    for _ in 0..16 {
        if !matches!(stream.try_read(&mut sink), Ok(n) if n > 0) {
            break;
        }
    }
    let _ = stream.try_write(BUSY);
}

/// Serves one connection, holding its slot, for at most [`CONNECTION_LIFETIME`].
async fn serve(
    stream: TcpStream,
    root: Arc<Root>,
    io_timeout: Duration,
    slot: OwnedSemaphorePermit,
) {
    let mut io = TimeoutStream::new(stream);
    io.set_read_timeout(Some(io_timeout));
    io.set_write_timeout(Some(io_timeout));
    let service = hyper::service::service_fn(move |req| answer(req, Arc::clone(&root)));
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(64 * 1024)
        .serve_connection(TokioIo::new(Box::pin(io)), service);
    match tokio::time::timeout(CONNECTION_LIFETIME, connection).await {
        Ok(Err(e)) => log::debug!("web: connection: {e}"),
        Err(_) => log::debug!("web: connection closed after {CONNECTION_LIFETIME:?}"),
        Ok(Ok(())) => {}
    }
    drop(slot);
}

/// What a request path leads to.
enum Found {
    /// A file, maybe a precompressed variant (its `Content-Encoding`), and the name whose
    /// extension gives its type.
    File {
        opened: Box<Opened>,
        encoding: Option<&'static str>,
        name: PathBuf,
    },
    /// A directory asked for without the final `/`.
    Directory,
    /// Nothing to serve.
    Missing,
}

/// One request's answer: the file, with the isolation and caching headers; 400 for a path
/// that is not a plain relative path in UTF-8, 414 for a long one, 404 for anything but a
/// regular file inside the site.
async fn answer(req: Request<Incoming>, root: Arc<Root>) -> Result<Response<Body>, Infallible> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        let mut response = text(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD\n");
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return Ok(response);
    }
    let target_len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target_len > MAX_TARGET {
        return Ok(text(StatusCode::URI_TOO_LONG, "request target too long\n"));
    }
    let path = req.uri().path().to_string();
    let Some(relative) = relative_path(&path) else {
        return Ok(text(StatusCode::BAD_REQUEST, "bad path\n"));
    };
    let codings = codings(req.headers());
    let slash = path.ends_with('/');
    let found = tokio::task::spawn_blocking(move || find(&root, relative, slash, &codings)).await;
    let mut response = match found {
        Ok(Found::File {
            opened,
            encoding,
            name,
        }) => file_answer(&req, *opened, encoding, &name),
        Ok(Found::Directory) => {
            let mut response = text(StatusCode::TEMPORARY_REDIRECT, "a folder\n");
            if let Ok(location) = HeaderValue::from_str(&format!("{path}/")) {
                response.headers_mut().insert(header::LOCATION, location);
            }
            response
        }
        Ok(Found::Missing) => text(StatusCode::NOT_FOUND, "not found\n"),
        Err(e) => {
            log::debug!("web: {path}: {e}");
            text(StatusCode::INTERNAL_SERVER_ERROR, "cannot read the file\n")
        }
    };
    let status = response.status();
    let cache = if path.starts_with(HASHED_PREFIX)
        && (status.is_success() || status == StatusCode::NOT_MODIFIED)
    {
        "public, max-age=31536000, immutable"
    } else {
        // Always asked again, answered with 304 while unchanged (Last-Modified).
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // Which file answers (and whether one does) depends on Accept-Encoding.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(response)
}

/// The precompressed variants the client accepts, best first: (`Content-Encoding`, suffix).
fn codings(headers: &HeaderMap) -> Vec<(&'static str, &'static str)> {
    let (mut br, mut gzip, mut any) = (None, None, None);
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let coding = parts.next().unwrap_or("").trim().to_ascii_lowercase();
            let mut q = 1.0f32;
            for param in parts {
                if let Some((k, v)) = param.split_once('=')
                    && k.trim().eq_ignore_ascii_case("q")
                {
                    q = v.trim().parse().unwrap_or(0.0);
                }
            }
            match coding.as_str() {
                "br" => br = Some(q),
                "gzip" | "x-gzip" => gzip = Some(q),
                "*" => any = Some(q),
                _ => {}
            }
        }
    }
    let br = br.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    let mut out = Vec::new();
    if br > 0.0 && br >= gzip {
        out.push(("br", ".br"));
    }
    if gzip > 0.0 {
        out.push(("gzip", ".gz"));
    }
    if br > 0.0 && br < gzip {
        out.push(("br", ".br"));
    }
    out
}

/// Finds what `relative` leads to (blocking: it opens files). A folder ending in `/` stands
/// for its `index.html`. A precompressed variant the client accepts comes first; every file,
/// variants included, is opened and checked by [`Root::open`].
fn find(root: &Root, relative: PathBuf, slash: bool, codings: &[(&'static str, &str)]) -> Found {
    let mut name = relative;
    match root.open(&name) {
        Err(Refusal::Directory) if !slash => return Found::Directory,
        Err(Refusal::Directory) => name.push("index.html"),
        Ok(opened) if codings.is_empty() => {
            return Found::File {
                opened: Box::new(opened),
                encoding: None,
                name,
            };
        }
        _ => {}
    }
    for &(encoding, suffix) in codings {
        let mut variant = OsString::from(name.as_os_str());
        variant.push(suffix);
        if let Ok(opened) = root.open(Path::new(&variant)) {
            return Found::File {
                opened: Box::new(opened),
                encoding: Some(encoding),
                name,
            };
        }
    }
    match root.open(&name) {
        Ok(opened) => Found::File {
            opened: Box::new(opened),
            encoding: None,
            name,
        },
        Err(e) => {
            log::debug!("web: {}: {e:?}", name.display());
            Found::Missing
        }
    }
}

/// The answer with a file: 304 when unchanged since `If-Modified-Since`, else 200 with its
/// type, length, date and encoding (and its bytes, unless HEAD).
fn file_answer(
    req: &Request<Incoming>,
    opened: Opened,
    encoding: Option<&'static str>,
    name: &Path,
) -> Response<Body> {
    let modified = opened
        .metadata
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map(|d| d.as_secs());
    let unchanged = modified.is_some_and(|m| {
        req.headers()
            .get(header::IF_MODIFIED_SINCE)
            .and_then(|v| v.to_str().ok())
            .and_then(parse_http_date)
            .is_some_and(|since| m <= since)
    });
    let length = opened.metadata.len();
    let mut response = if unchanged {
        let mut r = Response::new(Either::Right(Full::new(Bytes::new())));
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else if req.method() == Method::HEAD {
        let mut r = Response::new(Either::Right(Full::new(Bytes::new())));
        r.headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        r
    } else {
        Response::new(Either::Left(FileBody {
            state: Reading::Idle(opened.file),
            left: length,
        }))
    };
    let headers = response.headers_mut();
    if let Some(m) = modified
        && let Ok(date) = HeaderValue::from_str(&http_date(m))
    {
        headers.insert(header::LAST_MODIFIED, date);
    }
    if !unchanged {
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(name)),
        );
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
    }
    isolation_headers(headers);
    response
}

/// The `Content-Type` of a file, by its extension.
fn content_type(name: &Path) -> &'static str {
    let extension = name
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    match extension.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" | "md" | "pgn" | "csa" | "kif" => "text/plain; charset=utf-8",
        "ts" => "text/plain; charset=utf-8",
        "xml" => "application/xml",
        "pdf" => "application/pdf",
        "gz" | "tgz" => "application/gzip",
        "zip" => "application/zip",
        _ => "application/octet-stream",
    }
}

/// A file's bytes, read on the file threads a chunk at a time, no more than its length when
/// opened (which the answer's `Content-Length` gave).
struct FileBody {
    state: Reading,
    left: u64,
}

enum Reading {
    Idle(std::fs::File),
    Busy(JoinHandle<(std::fs::File, io::Result<Vec<u8>>)>),
    Done,
}

impl hyper::body::Body for FileBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        loop {
            match std::mem::replace(&mut self.state, Reading::Done) {
                Reading::Done => return Poll::Ready(None),
                Reading::Idle(mut file) => {
                    if self.left == 0 {
                        return Poll::Ready(None);
                    }
                    let want = self.left.min(CHUNK as u64) as usize;
                    self.state = Reading::Busy(tokio::task::spawn_blocking(move || {
                        let mut buf = vec![0u8; want];
                        let mut filled = 0;
                        let result = loop {
                            match file.read(&mut buf[filled..]) {
                                Ok(0) => break Ok(()),
                                Ok(n) => {
                                    filled += n;
                                    if filled == want {
                                        break Ok(());
                                    }
                                }
                                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                                Err(e) => break Err(e),
                            }
                        };
                        buf.truncate(filled);
                        (file, result.map(|()| buf))
                    }));
                }
                Reading::Busy(mut handle) => match Pin::new(&mut handle).poll(cx) {
                    Poll::Pending => {
                        self.state = Reading::Busy(handle);
                        return Poll::Pending;
                    }
                    Poll::Ready(Err(e)) => return Poll::Ready(Some(Err(io::Error::other(e)))),
                    Poll::Ready(Ok((_, Err(e)))) => return Poll::Ready(Some(Err(e))),
                    Poll::Ready(Ok((file, Ok(buf)))) => {
                        if buf.is_empty() {
                            return Poll::Ready(Some(Err(io::Error::new(
                                io::ErrorKind::UnexpectedEof,
                                "the file shrank while it was sent",
                            ))));
                        }
                        self.left -= buf.len() as u64;
                        self.state = Reading::Idle(file);
                        return Poll::Ready(Some(Ok(Frame::data(Bytes::from(buf)))));
                    }
                },
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.left == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.left)
    }
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
fn isolation_headers(headers: &mut HeaderMap) {
    for (name, value) in [
        ("cross-origin-opener-policy", "same-origin"),
        ("cross-origin-embedder-policy", "require-corp"),
        ("cross-origin-resource-policy", "same-origin"),
        ("x-content-type-options", "nosniff"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

/// Seconds since 1970 as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
fn http_date(secs: u64) -> String {
    let days = secs / 86_400;
    let (year, month, day) = civil_from_days(days as i64);
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let t = secs % 86_400;
    format!(
        "{}, {day:02} {} {year} {:02}:{:02}:{:02} GMT",
        WEEKDAYS[(days % 7) as usize],
        MONTHS[month as usize - 1],
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// An HTTP date in the form [`http_date`] writes (the one browsers send back), as seconds
/// since 1970; `None` for anything else.
fn parse_http_date(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split_ascii_whitespace().collect();
    let [_, day, month, year, time, "GMT"] = parts[..] else {
        return None;
    };
    let month = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    .iter()
    .position(|m| *m == month)? as i64
        + 1;
    let (day, year): (i64, i64) = (day.parse().ok()?, year.parse().ok()?);
    let hms: Vec<u64> = time
        .split(':')
        .map(|x| x.parse().ok())
        .collect::<Option<_>>()?;
    let [h, m, sec] = hms[..] else { return None };
    if !(1..=31).contains(&day) || year < 1970 || h > 23 || m > 59 || sec > 60 {
        return None;
    }
    let days = u64::try_from(days_from_civil(year, month, day)).ok()?;
    Some(days * 86_400 + h * 3600 + m * 60 + sec)
}

/// (year, month 1-12, day 1-31) of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// The day counted from 1970-01-01 of a date (the inverse of [`civil_from_days`]).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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

    #[test]
    fn accept_encoding_picks_the_variants_best_first() {
        let pick = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::ACCEPT_ENCODING,
                HeaderValue::from_str(value).unwrap(),
            );
            codings(&headers)
                .iter()
                .map(|(coding, _)| *coding)
                .collect::<Vec<_>>()
        };
        assert_eq!(codings(&HeaderMap::new()), []);
        assert_eq!(pick("gzip, deflate, br, zstd"), ["br", "gzip"]);
        assert_eq!(pick("gzip"), ["gzip"]);
        assert_eq!(pick("br;q=0.5, gzip"), ["gzip", "br"]);
        assert_eq!(pick("br;q=0, gzip;q=0"), Vec::<&str>::new());
        assert_eq!(pick("*"), ["br", "gzip"]);
        assert_eq!(pick("*, br;q=0"), ["gzip"]);
        assert_eq!(pick("identity"), Vec::<&str>::new());
    }

    #[test]
    fn http_dates_both_ways() {
        assert_eq!(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
        assert_eq!(http_date(784_111_777), "Sun, 06 Nov 1994 08:49:37 GMT");
        assert_eq!(http_date(951_782_400), "Tue, 29 Feb 2000 00:00:00 GMT");
        for secs in [0, 784_111_777, 951_782_400, 1_700_000_000, 4_102_444_799] {
            assert_eq!(parse_http_date(&http_date(secs)), Some(secs));
        }
        for bad in [
            "",
            "yesterday",
            "Sun, 06 Nov 1994 08:49:37 UTC",
            "Sun, 06 Foo 1994 08:49:37 GMT",
        ] {
            assert_eq!(parse_http_date(bad), None, "{bad}");
        }
    }
}
