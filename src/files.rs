//! Opening paths named from outside (command-line arguments, options, the web server's
//! requests excepted: see `files_served`): the one place the engine opens such a path, so a
//! subcommand or option added later gets the same guard by construction. `lines` reads the
//! text; this module decides what may be opened and how much of it may be read.
//!
//! Inputs are regular files only, checked on the opened descriptor (`fstat`), never on the
//! path before opening: a FIFO, a device (`/dev/zero`, `/dev/urandom`) or a directory is
//! refused at once with one line, and a path swapped between a check and an open cannot slip
//! through because there is no second open. The open itself does not block (`O_NONBLOCK`): a
//! FIFO with no writer would otherwise hold `open()` forever, and with it the protocol loop.
//! Each use names its size cap; a file larger than its cap is refused before a byte is read
//! (a sparse 2 GB file costs nothing), and the read itself stops at the cap, so a file that
//! grows while it is read is bounded too.
//!
//! Outputs are checked before anything is written: not a directory, FIFO or socket; never the
//! same file as one of the command's inputs (`train shard.txt --out shard.txt` would have
//! overwritten its data); a regular file is locked (`flock`) for as long as it is written, so
//! a second process writing the same path is refused instead of interleaving with the first;
//! and an existing file is truncated only when the command is about to write it, so a
//! command that fails first leaves the old file as it was.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

/// The open(2) flags std does not name, for this module and `files_served`, hard-coded for
/// want of a libc crate: in one place, so that both openers agree on where they are known.
#[cfg(unix)]
pub(crate) mod flags {
    /// Whether this build has Linux's generic open(2) flag values; Alpha, MIPS, PA-RISC and
    /// SPARC have others and take the portable ways.
    pub const LINUX_GENERIC: bool = cfg!(all(
        target_os = "linux",
        any(
            target_arch = "x86",
            target_arch = "x86_64",
            target_arch = "arm",
            target_arch = "aarch64",
            target_arch = "riscv64",
            target_arch = "powerpc",
            target_arch = "powerpc64",
            target_arch = "s390x",
            target_arch = "loongarch64"
        )
    ));
    /// `O_NONBLOCK`: opening a FIFO without it waits for a writer. 0 where it is not known
    /// (the open may then wait on a FIFO).
    pub const O_NONBLOCK: i32 = if LINUX_GENERIC {
        0o4000
    } else if cfg!(any(target_os = "macos", target_os = "freebsd")) {
        0x4
    } else {
        0
    };
    /// `O_PATH` (with [`LINUX_GENERIC`] only): a descriptor that only names the file.
    #[cfg(target_os = "linux")]
    pub const O_PATH: i32 = 0o10_000_000;
    /// `O_NOCTTY` (with [`LINUX_GENERIC`] only): never become the controlling terminal.
    #[cfg(target_os = "linux")]
    pub const O_NOCTTY: i32 = 0o400;
}

/// What the operating system adds to std: a non-blocking open, the kinds of special file, a
/// file's identity. The WebAssembly build has no files at all; it compiles the plain forms.
#[cfg(unix)]
mod os {
    use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};

    pub fn no_wait(options: &mut std::fs::OpenOptions) -> &mut std::fs::OpenOptions {
        options.custom_flags(super::flags::O_NONBLOCK)
    }

    pub fn is_char_device(t: std::fs::FileType) -> bool {
        t.is_char_device()
    }

    /// What a file that is not a regular file is, for the error line.
    pub fn kind_of(t: std::fs::FileType) -> &'static str {
        if t.is_dir() {
            "a directory"
        } else if t.is_fifo() {
            "a FIFO"
        } else if t.is_char_device() {
            "a character device"
        } else if t.is_block_device() {
            "a block device"
        } else if t.is_socket() {
            "a socket"
        } else {
            "not a regular file"
        }
    }

    /// Device and inode: two paths with the same identity name one file.
    pub fn identity(meta: &std::fs::Metadata) -> Option<(u64, u64)> {
        Some((meta.dev(), meta.ino()))
    }
}

#[cfg(not(unix))]
mod os {
    pub fn no_wait(options: &mut std::fs::OpenOptions) -> &mut std::fs::OpenOptions {
        options
    }

    pub fn is_char_device(_: std::fs::FileType) -> bool {
        false
    }

    pub fn kind_of(t: std::fs::FileType) -> &'static str {
        if t.is_dir() {
            "a directory"
        } else {
            "not a regular file"
        }
    }

    pub fn identity(_: &std::fs::Metadata) -> Option<(u64, u64)> {
        None
    }
}

use os::kind_of;

/// A regular file opened for reading, of at most `cap` bytes; reads stop at the cap.
pub struct Input {
    file: std::io::Take<File>,
    /// Its size when opened.
    pub len: u64,
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.file.read(buf)
    }
}

/// Opens `path` for reading: a regular file of at most `cap` bytes, checked on the descriptor.
/// Errors are one line naming the path.
pub fn open_input(path: &Path, cap: u64) -> Result<Input, String> {
    let shown = path.display();
    let file = os::no_wait(OpenOptions::new().read(true))
        .open(path)
        .map_err(|e| format!("cannot open {shown}: {e}"))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("cannot open {shown}: {e}"))?;
    if !meta.file_type().is_file() {
        return Err(format!(
            "{shown} is {}, not a regular file",
            kind_of(meta.file_type())
        ));
    }
    if meta.len() > cap {
        return Err(format!(
            "{shown} is {} bytes, more than the {cap} this input may have",
            meta.len()
        ));
    }
    Ok(Input {
        // One byte past the cap is let through so that a file grown since it was opened is
        // seen to pass it.
        file: file.take(cap.saturating_add(1)),
        len: meta.len(),
    })
}

/// The whole of the regular file at `path`, of at most `cap` bytes; its memory is reserved
/// fallibly, so a cap larger than the machine can give is an error line, not an abort.
pub fn read_bytes(path: &Path, cap: u64) -> Result<Vec<u8>, String> {
    let shown = path.display();
    let mut input = open_input(path, cap)?;
    let mut bytes = Vec::new();
    let len = usize::try_from(input.len).map_err(|_| format!("{shown} is too large"))?;
    bytes
        .try_reserve_exact(len)
        .map_err(|_| format!("{shown}: no memory for its {len} bytes"))?;
    input
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() as u64 > cap {
        return Err(format!(
            "{shown} grew past the {cap} bytes this input may have while it was read"
        ));
    }
    Ok(bytes)
}

/// A writer whose errors name what it writes to (`/dev/full: No space left on device`), for
/// code that reports write errors without knowing the target.
pub struct Named<W> {
    inner: W,
    name: String,
}

impl<W: Write> Named<W> {
    /// `inner`, called `name` in its errors.
    pub fn new(inner: W, name: &str) -> Named<W> {
        Named {
            inner,
            name: name.to_string(),
        }
    }

    fn named(&self, e: std::io::Error) -> std::io::Error {
        std::io::Error::new(e.kind(), format!("{}: {e}", self.name))
    }
}

impl<W: Write> Write for Named<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.inner.write(buf).map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().map_err(|e| self.named(e))
    }
}

/// A file a command writes (see the module's doc): checked and locked when made, truncated
/// when the command first asks to write it.
pub struct Output {
    file: File,
    path: String,
    regular: bool,
    started: bool,
}

impl Output {
    /// Checks and opens `path` for writing, refusing it if it is one of `inputs` (paths the
    /// same command reads) or is being written by another process. Nothing is truncated yet.
    pub fn create(path: &str, inputs: &[&str]) -> Result<Output, String> {
        Output::open(path, inputs, false)
    }

    /// As [`Output::create`], but what is written goes after what the file holds (a match's
    /// records).
    pub fn append(path: &str, inputs: &[&str]) -> Result<Output, String> {
        Output::open(path, inputs, true)
    }

    fn open(path: &str, inputs: &[&str], append: bool) -> Result<Output, String> {
        let file = os::no_wait(
            OpenOptions::new()
                .write(true)
                .append(append)
                .create(true)
                .truncate(false),
        )
        .open(path)
        .map_err(|e| match std::fs::metadata(path) {
            // A FIFO without a reader fails the non-blocking open (ENXIO): say what it is.
            Ok(m) if !m.is_file() && !os::is_char_device(m.file_type()) => {
                format!("cannot write {path}: it is {}", kind_of(m.file_type()))
            }
            _ => format!("cannot create {path}: {e}"),
        })?;
        let meta = file
            .metadata()
            .map_err(|e| format!("cannot create {path}: {e}"))?;
        let kind = meta.file_type();
        // Character devices (/dev/null, /dev/full, a terminal) are written as a stream;
        // anything that can block or hold a directory is refused.
        if !(kind.is_file() || os::is_char_device(kind)) {
            return Err(format!("cannot write {path}: it is {}", kind_of(kind)));
        }
        for input in inputs {
            if let Ok(m) = std::fs::metadata(input)
                && os::identity(&m).is_some()
                && os::identity(&m) == os::identity(&meta)
            {
                return Err(format!(
                    "{path} is the same file as the input {input}: writing it would destroy the input"
                ));
            }
        }
        let regular = kind.is_file();
        if regular {
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    return Err(format!(
                        "{path} is being written by another process: give each run its own file"
                    ));
                }
                Err(std::fs::TryLockError::Error(e)) => {
                    return Err(format!("cannot lock {path}: {e}"));
                }
            }
        }
        Ok(Output {
            file,
            path: path.to_string(),
            regular,
            started: append,
        })
    }

    /// The path, for messages.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Empties a regular file the first time; later calls keep what was written.
    fn start(&mut self) -> std::io::Result<()> {
        if !self.started {
            if self.regular {
                self.file.set_len(0)?;
            }
            self.started = true;
        }
        Ok(())
    }

    /// Replaces the file's content with `bytes`, with an error line naming the path.
    pub fn write_all_once(mut self, bytes: &[u8]) -> Result<(), String> {
        self.write_all(bytes)
            .and_then(|_| self.flush())
            .map_err(|e| format!("cannot write {}: {e}", self.path))
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.start()?;
        self.file.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("shishi-files-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn only_regular_files_within_their_cap_are_read() {
        let d = dir("input");
        let f = d.join("a.txt");
        std::fs::write(&f, b"0123456789").unwrap();
        assert_eq!(read_bytes(&f, 10).unwrap(), b"0123456789");
        assert!(read_bytes(&f, 9).unwrap_err().contains("more than the 9"));
        assert!(read_bytes(&d, 100).unwrap_err().contains("a directory"));
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            let e = read_bytes(Path::new(device), 100).unwrap_err();
            assert!(e.contains("a character device"), "{e}");
        }
        assert!(
            read_bytes(&d.join("missing"), 10)
                .unwrap_err()
                .contains("cannot open")
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_fifo_without_a_writer_is_refused_without_waiting() {
        let d = dir("fifo");
        let fifo = d.join("fifo");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return; // no mkfifo here: the hostile suite covers FIFOs through the binary
        }
        let e = read_bytes(&fifo, 100).unwrap_err();
        assert!(e.contains("a FIFO"), "{e}");
        let e = Output::create(fifo.to_str().unwrap(), &[]).err().unwrap();
        assert!(e.contains("FIFO") || e.contains("cannot create"), "{e}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn an_output_is_never_an_input_never_shared_and_truncated_only_when_written() {
        let d = dir("output");
        let input = d.join("in.txt");
        std::fs::write(&input, b"data").unwrap();
        let input = input.to_str().unwrap();
        let e = Output::create(input, &[input]).err().unwrap();
        assert!(e.contains("same file as the input"), "{e}");
        // Another name for the same file is the same file.
        let link = d.join("link.txt");
        std::os::unix::fs::symlink(input, &link).unwrap();
        let e = Output::create(link.to_str().unwrap(), &[input])
            .err()
            .unwrap();
        assert!(e.contains("same file"), "{e}");
        assert_eq!(std::fs::read(input).unwrap(), b"data");

        let out = d.join("out.txt");
        std::fs::write(&out, b"old").unwrap();
        let out = out.to_str().unwrap();
        let mut first = Output::create(out, &[input]).unwrap();
        let e = Output::create(out, &[]).err().unwrap();
        assert!(e.contains("another process"), "{e}");
        assert_eq!(std::fs::read(out).unwrap(), b"old", "nothing written yet");
        first.write_all(b"new").unwrap();
        first.flush().unwrap();
        assert_eq!(std::fs::read(out).unwrap(), b"new");
        drop(first);
        Output::create(out, &[])
            .unwrap()
            .write_all_once(b"x")
            .unwrap();
        assert_eq!(std::fs::read(out).unwrap(), b"x");
        assert!(
            Output::create(d.to_str().unwrap(), &[])
                .err()
                .unwrap()
                .contains("cannot")
        );
        let _ = std::fs::remove_dir_all(&d);
    }

    /// The boundary holds by construction only if nothing else opens a path: every opening
    /// call in the engine's own (non-test) code is in this module or `files_served`, but
    /// for fixed `/proc` files the engine reads about itself.
    #[test]
    fn nothing_else_in_the_tree_opens_a_path() {
        let opening = [
            "File::open",
            "File::create",
            "fs::read(",
            "fs::read_to_string(",
            "fs::write(",
            "OpenOptions::new",
            "fs::read_dir(",
        ];
        let mut offenders = Vec::new();
        for (path, code) in crate::testing::production_sources() {
            let name = path.file_name().unwrap().to_string_lossy();
            if name == "files.rs" || name == "files_served.rs" {
                continue;
            }
            for line in code.lines() {
                let opens = opening.iter().any(|o| line.contains(o));
                if opens && !line.contains("\"/proc/") {
                    offenders.push(format!("{}: {}", path.display(), line.trim()));
                }
            }
        }
        assert!(
            offenders.is_empty(),
            "paths opened outside src/files.rs:\n{}",
            offenders.join("\n")
        );
    }
}
