//! Reading outside text with a bound on memory: protocol input, an engine's output in
//! `shishi match`, record, suite and training-data files. A plain `read_until` collects a
//! whole line before any length check can run, so a source that never ends a line
//! (`/dev/zero`, a broken engine) takes memory until the process dies. Here a line is kept up
//! to a limit and the rest of it is dropped as it arrives; the caller learns that the line was
//! cut and decides what that means (a protocol refuses the line; a file reader refuses the
//! file).

use std::io::{BufRead, Read};

/// One line read by [`LineReader`], without its line end (`\n`, and a `\r` before it).
#[derive(Debug, Eq, PartialEq)]
pub enum Line {
    /// The whole line.
    Whole(Vec<u8>),
    /// A line longer than the limit: its first `limit` bytes. It is reported as soon as the
    /// limit is passed, before its end arrives (a line that never ends is still reported);
    /// the next read drops the rest of it.
    Cut(Vec<u8>),
}

/// Lines of at most `limit` bytes from any reader; longer ones are cut (see [`Line::Cut`]).
pub struct LineReader<R> {
    inner: std::io::BufReader<R>,
    limit: usize,
    /// Inside a cut line: its rest is dropped before the next line is read.
    skipping: bool,
    /// Bytes consumed so far (a file reader's bound on the whole file).
    pub consumed: u64,
    /// Whether the last line returned ended with the input instead of a `\n`: a file cut in
    /// the middle of its last line, for readers whose format ends every line.
    pub unterminated: bool,
}

impl<R: Read> LineReader<R> {
    /// Reads `inner` in lines of at most `limit` bytes.
    pub fn new(inner: R, limit: usize) -> LineReader<R> {
        LineReader {
            inner: std::io::BufReader::with_capacity(64 << 10, inner),
            limit,
            skipping: false,
            consumed: 0,
            unterminated: false,
        }
    }

    /// The next line; `None` at the end of input. Memory held: the limit plus the buffer,
    /// however long the line.
    pub fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        let mut kept: Vec<u8> = Vec::new();
        let mut any = false;
        self.unterminated = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.unterminated = any;
                break;
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let (part, used) = match newline {
                Some(i) => (&chunk[..i], i + 1),
                None => (chunk, chunk.len()),
            };
            if self.skipping {
                self.skipping = newline.is_none();
                self.inner.consume(used);
                self.consumed += used as u64;
                continue;
            }
            any = true;
            // One byte past the limit is kept: a CR there may still be the line end's.
            let room = (self.limit + 1).saturating_sub(kept.len());
            let take = part.len().min(room);
            kept.extend_from_slice(&part[..take]);
            let over =
                kept.len() > self.limit && (kept.last() != Some(&b'\r') || take < part.len());
            if over {
                // The rest of the line is dropped by the next read.
                self.inner.consume(take);
                self.consumed += take as u64;
                self.skipping = true;
                kept.truncate(self.limit);
                return Ok(Some(Line::Cut(kept)));
            }
            self.inner.consume(used);
            self.consumed += used as u64;
            if newline.is_some() {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        // The `\r` of a CRLF line end is not part of the line.
        if kept.last() == Some(&b'\r') {
            kept.pop();
        }
        if kept.len() > self.limit {
            kept.truncate(self.limit);
            return Ok(Some(Line::Cut(kept)));
        }
        Ok(Some(Line::Whole(kept)))
    }
}

/// Reads a text file of lines no longer than `max_line` bytes and no larger than `max_file`
/// bytes, stopping at the first line or byte past either bound. The file is opened by
/// [`crate::files::open_input`]: a regular file only (a device or FIFO is refused at once).
pub fn read_text_file(
    path: &std::path::Path,
    max_line: usize,
    max_file: u64,
) -> Result<String, String> {
    let file = crate::files::open_input(path, max_file)?;
    read_text(file, &path.display().to_string(), max_line, max_file)
}

/// Reads text from any source (standard input, say) with the bounds of [`read_text_file`];
/// `shown` names the source in errors.
pub fn read_text(
    input: impl Read,
    shown: &str,
    max_line: usize,
    max_file: u64,
) -> Result<String, String> {
    let mut reader = LineReader::new(input, max_line);
    let mut text = String::new();
    for number in 1.. {
        let line = match reader.next_line().map_err(|e| format!("{shown}: {e}"))? {
            None => break,
            Some(Line::Whole(l)) => l,
            Some(Line::Cut(_)) => {
                return Err(format!(
                    "{shown}: line {number} is longer than {} bytes",
                    max_line
                ));
            }
        };
        if reader.consumed > max_file {
            return Err(format!(
                "{shown}: more than the {max_file} bytes it may have"
            ));
        }
        let utf8 = std::str::from_utf8(&line)
            .map_err(|_| format!("{shown}: line {number} is not UTF-8 text"))?;
        text.push_str(utf8);
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut r = LineReader::new(input, limit);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn a_last_line_without_its_newline_is_marked_unterminated() {
        let mut r = LineReader::new(&b"ab\ncd"[..], 8);
        assert_eq!(r.next_line().unwrap(), Some(Line::Whole(b"ab".to_vec())));
        assert!(!r.unterminated);
        assert_eq!(r.next_line().unwrap(), Some(Line::Whole(b"cd".to_vec())));
        assert!(r.unterminated);
        assert_eq!(r.next_line().unwrap(), None);
        let mut r = LineReader::new(&b"ab\r\n"[..], 8);
        r.next_line().unwrap();
        assert!(!r.unterminated);
    }

    #[test]
    fn lines_are_kept_whole_up_to_the_limit_and_cut_beyond_it() {
        let got = lines(b"ab\r\ncdef\n\nxyz", 3);
        assert_eq!(
            got,
            vec![
                Line::Whole(b"ab".to_vec()),
                Line::Cut(b"cde".to_vec()),
                Line::Whole(Vec::new()),
                Line::Whole(b"xyz".to_vec()),
            ]
        );
        // Exactly at the limit, with or without a CR; a CR inside a longer line.
        assert_eq!(lines(b"abc\r\n", 3), vec![Line::Whole(b"abc".to_vec())]);
        assert_eq!(lines(b"abc\n", 3), vec![Line::Whole(b"abc".to_vec())]);
        assert_eq!(lines(b"abc\rd\n", 3), vec![Line::Cut(b"abc".to_vec())]);
    }

    #[test]
    fn a_line_longer_than_the_buffer_is_cut_and_the_next_one_read() {
        let mut input = vec![b'x'; 300_000];
        input.extend_from_slice(b"\nnext\n");
        let got = lines(&input, 10);
        assert_eq!(
            got,
            vec![Line::Cut(vec![b'x'; 10]), Line::Whole(b"next".to_vec())]
        );
    }

    #[test]
    fn a_line_that_never_ends_is_reported_once_it_passes_the_limit() {
        let endless = std::io::repeat(0);
        let mut r = LineReader::new(endless, 1000);
        assert_eq!(r.next_line().unwrap(), Some(Line::Cut(vec![0; 1000])));
        assert!(r.consumed <= 1001);
    }

    #[test]
    fn text_files_past_a_bound_are_refused() {
        let dir = std::env::temp_dir().join(format!("shishi-lines-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("t.txt");
        std::fs::write(&f, "ab\ncd\n").unwrap();
        assert_eq!(read_text_file(&f, 10, 100).unwrap(), "ab\ncd\n");
        assert!(read_text_file(&f, 1, 100).unwrap_err().contains("line 1"));
        assert!(
            read_text_file(&f, 10, 4)
                .unwrap_err()
                .contains("more than the 4")
        );
        std::fs::write(&f, b"ab\n\xff\n").unwrap();
        assert!(
            read_text_file(&f, 10, 100)
                .unwrap_err()
                .contains("not UTF-8")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
