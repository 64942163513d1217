//! Opening a file to serve from a folder: a regular file only, inside the folder only, both
//! checked on the descriptor that was opened rather than on the path before opening it.
//!
//! A check on the path cannot hold: whoever can write in the folder can swap a checked file
//! for a symbolic link out of it between the check and the open, and a FIFO blocks `open()`
//! for good. So on Linux [`Root::open`] opens the path with `O_PATH` (which opens nothing:
//! no FIFO waits, no device is touched), asks the kernel where that descriptor really is
//! (`/proc/self/fd/N`, every symbolic link resolved), refuses it unless it is inside the
//! canonical folder, `fstat`s it and refuses anything but a regular file, and only then
//! reopens that same inode through `/proc/self/fd/N` for reading (with `O_NONBLOCK`, for good
//! measure). A file is checked as what was opened, whatever the path names a moment later.
//!
//! Elsewhere (no `/proc`) the check is made on the canonical path just before opening it and
//! the opened file's device and inode are compared with it afterwards: a narrower window, but
//! not none, and a FIFO swapped in within it would block the open.

use std::fs::{File, Metadata};
use std::io;
use std::path::{Component, Path, PathBuf};

/// A folder whose regular files may be served, by its canonical path.
#[derive(Clone, Debug)]
pub struct Root {
    dir: PathBuf,
}

/// A regular file inside a [`Root`], open for reading.
#[derive(Debug)]
pub struct Opened {
    pub file: File,
    /// Of the opened descriptor (`fstat`).
    pub metadata: Metadata,
}

/// Why [`Root::open`] opened nothing.
#[derive(Debug)]
pub enum Refusal {
    /// Not a plain relative path (absolute, or with a `..` part).
    BadPath,
    /// Nothing could be opened there (missing, a name too long, no permission...).
    Unreadable(io::Error),
    /// What the path leads to is outside the folder (a symbolic link out of it).
    Outside,
    /// A directory inside the folder (the caller may look for an index file in it).
    Directory,
    /// Neither a regular file nor a directory: a FIFO, a socket, a device.
    NotRegular,
}

impl Root {
    /// The folder `dir`, which must exist and be a directory. On Linux it also checks that
    /// descriptors can be resolved through `/proc/self/fd` (every later open needs it).
    pub fn new(dir: &Path) -> io::Result<Root> {
        let dir = dir.canonicalize()?;
        if !dir.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                format!("{} is not a directory", dir.display()),
            ));
        }
        native::check_root(&dir)?;
        Ok(Root { dir })
    }

    /// The canonical folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Opens `relative` (plain components only) inside the folder for reading: a regular
    /// file whose real location, resolved on the opened descriptor, is inside the folder.
    pub fn open(&self, relative: &Path) -> Result<Opened, Refusal> {
        if !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
        {
            return Err(Refusal::BadPath);
        }
        native::open_inside(&self.dir, &self.dir.join(relative))
    }
}

/// Linux's way where the open(2) flags are known ([`crate::files::flags`]), else the
/// portable one.
mod native {
    use super::{Opened, Refusal};
    use std::path::Path;

    pub(super) fn check_root(dir: &Path) -> std::io::Result<()> {
        #[cfg(target_os = "linux")]
        if crate::files::flags::LINUX_GENERIC {
            return super::linux::check_root(dir);
        }
        super::portable::check_root(dir)
    }

    pub(super) fn open_inside(root: &Path, path: &Path) -> Result<Opened, Refusal> {
        #[cfg(target_os = "linux")]
        if crate::files::flags::LINUX_GENERIC {
            return super::linux::open_inside(root, path);
        }
        super::portable::open_inside(root, path)
    }
}

/// The type check shared by both ways: regular file, directory, or refused.
fn regular(metadata: &Metadata) -> Result<(), Refusal> {
    if metadata.is_file() {
        Ok(())
    } else if metadata.is_dir() {
        Err(Refusal::Directory)
    } else {
        Err(Refusal::NotRegular)
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use super::{Opened, Refusal, regular};
    use crate::files::flags::{O_NOCTTY, O_NONBLOCK, O_PATH};
    use std::fs::{File, OpenOptions};
    use std::io;
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    use std::path::{Path, PathBuf};

    /// Checks that `/proc/self/fd` names opened files (every open needs it).
    pub(super) fn check_root(dir: &Path) -> io::Result<()> {
        if real_path(&open_path(dir)?)? == dir {
            Ok(())
        } else {
            Err(io::Error::other(
                "/proc/self/fd does not name opened files (is /proc mounted?)",
            ))
        }
    }

    /// An `O_PATH` descriptor of `path`, symbolic links followed.
    pub(super) fn open_path(path: &Path) -> io::Result<File> {
        OpenOptions::new()
            .read(true)
            .custom_flags(O_PATH | O_NOCTTY)
            .open(path)
    }

    /// Where the open descriptor `file` really is, as the kernel resolved it.
    pub(super) fn real_path(file: &File) -> io::Result<PathBuf> {
        std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd()))
    }

    pub(super) fn open_inside(root: &Path, path: &Path) -> Result<Opened, Refusal> {
        let handle = open_path(path).map_err(Refusal::Unreadable)?;
        let real = real_path(&handle).map_err(Refusal::Unreadable)?;
        if !real.starts_with(root) {
            return Err(Refusal::Outside);
        }
        regular(&handle.metadata().map_err(Refusal::Unreadable)?)?;
        // The same inode, now for reading: the magic link names what `handle` holds, not a
        // path that could have changed since.
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(O_NONBLOCK | O_NOCTTY)
            .open(format!("/proc/self/fd/{}", handle.as_raw_fd()))
            .map_err(Refusal::Unreadable)?;
        let metadata = file.metadata().map_err(Refusal::Unreadable)?;
        regular(&metadata)?;
        Ok(Opened { file, metadata })
    }
}

mod portable {
    use super::{Opened, Refusal, regular};
    use std::fs::File;
    use std::path::Path;

    pub(super) fn check_root(_dir: &Path) -> std::io::Result<()> {
        Ok(())
    }

    pub(super) fn open_inside(root: &Path, path: &Path) -> Result<Opened, Refusal> {
        let real = path.canonicalize().map_err(Refusal::Unreadable)?;
        if !real.starts_with(root) {
            return Err(Refusal::Outside);
        }
        let before = std::fs::symlink_metadata(&real).map_err(Refusal::Unreadable)?;
        regular(&before)?;
        let file = File::open(&real).map_err(Refusal::Unreadable)?;
        let metadata = file.metadata().map_err(Refusal::Unreadable)?;
        regular(&metadata)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if (before.dev(), before.ino()) != (metadata.dev(), metadata.ino()) {
                return Err(Refusal::Outside);
            }
        }
        Ok(Opened { file, metadata })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// `base/site/` with `a.txt` and `sub/` in it, `base/secret.txt` beside it, and links.
    fn folder(name: &str) -> PathBuf {
        let base =
            std::env::temp_dir().join(format!("shishi-files-served-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("site/sub")).unwrap();
        std::fs::write(base.join("site/a.txt"), "inside").unwrap();
        std::fs::write(base.join("secret.txt"), "secret").unwrap();
        #[cfg(unix)]
        {
            let site = base.join("site");
            std::os::unix::fs::symlink(base.join("secret.txt"), site.join("out.txt")).unwrap();
            std::os::unix::fs::symlink(site.join("a.txt"), site.join("in.txt")).unwrap();
            std::os::unix::fs::symlink(&base, site.join("up")).unwrap();
            let fifo = std::process::Command::new("mkfifo")
                .arg(site.join("fifo"))
                .status();
            assert!(fifo.is_ok_and(|s| s.success()), "mkfifo");
        }
        base
    }

    /// One way of opening (`open_inside`) against the folder's cases.
    fn check(name: &str, open: fn(&Path, &Path) -> Result<Opened, Refusal>) {
        let base = folder(name);
        let root = Root::new(&base.join("site")).unwrap();
        let open = |relative: &str| open(root.path(), &root.path().join(relative));
        let mut text = String::new();
        let opened = open("a.txt").unwrap();
        assert_eq!(opened.metadata.len(), 6);
        { opened.file }.read_to_string(&mut text).unwrap();
        assert_eq!(text, "inside");
        assert!(matches!(open("sub"), Err(Refusal::Directory)));
        assert!(matches!(open(""), Err(Refusal::Directory)));
        assert!(matches!(open("none"), Err(Refusal::Unreadable(_))));
        assert!(matches!(
            open(&"x".repeat(300)),
            Err(Refusal::Unreadable(_))
        ));
        #[cfg(unix)]
        {
            assert!(open("in.txt").is_ok());
            assert!(matches!(open("out.txt"), Err(Refusal::Outside)));
            assert!(matches!(open("up/secret.txt"), Err(Refusal::Outside)));
            assert!(matches!(open("fifo"), Err(Refusal::NotRegular)));
        }
        let _ = std::fs::remove_dir_all(&base);
    }

    #[test]
    fn only_regular_files_inside_the_folder_open() {
        check("native", native::open_inside);
        check("portable", portable::open_inside);
    }

    #[test]
    fn paths_must_be_plain_and_relative() {
        let base = folder("paths");
        let root = Root::new(&base.join("site")).unwrap();
        assert!(root.open(Path::new("a.txt")).is_ok());
        assert!(root.open(Path::new("sub/../a.txt")).is_err());
        for bad in ["../secret.txt", "./a.txt", "/etc/passwd"] {
            assert!(
                matches!(root.open(Path::new(bad)), Err(Refusal::BadPath)),
                "{bad}"
            );
        }
        assert!(Root::new(&base.join("site/a.txt")).is_err());
        assert!(Root::new(&base.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(&base);
    }
}
