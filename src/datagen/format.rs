//! The training-data file format, version 1 (docs/training.md): plain text, so that a shard
//! can be read with `head`, split with `split` and concatenated with `cat`, and checked by
//! the same reader the trainer uses.
//!
//! ```text
//! #shishi-datagen v1 variant=chu rules=lishogi nodes=5000 seed=7
//! <sfen>;<score>;<result>;<ply>;<game>
//! ```
//! - `score`: the search's score for the side to move, in [`crate::eval::PAWN`] units, never a
//!   mate score (such positions are not kept).
//! - `result`: the game's result for the side to move: `1` won, `0` drawn, `-1` lost.
//! - `ply`: plies played in the game before this position; `game`: the game's number in the
//!   shard, so that a trainer can keep every position of one game on the same side of its
//!   training/validation split.
//!
//! Every line is checked when written (the SFEN reads back to the same position) and when
//! read (the position parses and both sides have a royal; every field in range). A file cut
//! short (its last line without a newline), a line longer than [`MAX_LINE`] or any bad field
//! is one error naming the file's line.

use crate::files::Input;
use crate::lines::{Line, LineReader};
use crate::rules::{Color, Position, RuleSet, Variant};
use crate::score::MATE_BOUND;
use std::io::Read;

/// The format's version: a reader refuses any other.
pub const VERSION: u32 = 1;

/// The longest line a reader accepts: a dai dai SFEN with the other fields is under 400 bytes,
/// so a longer line is damage, not data, and reading stops before it fills memory.
pub const MAX_LINE: usize = 4096;

/// What a shard's header says.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Header {
    /// The game.
    pub variant: Variant,
    /// Its rule set.
    pub rules: RuleSet,
    /// Nodes searched per move.
    pub nodes: u64,
    /// The shard's seed.
    pub seed: u64,
}

impl Header {
    /// The header line, without its newline.
    pub fn line(&self) -> String {
        format!(
            "#shishi-datagen v{VERSION} variant={} rules={} nodes={} seed={}",
            self.variant.name(),
            self.rules.name(),
            self.nodes,
            self.seed
        )
    }

    fn parse(line: &str) -> Result<Header, String> {
        let mut words = line.split(' ');
        if words.next() != Some("#shishi-datagen") {
            return Err(
                "not a shishi-datagen file (the first line must start with '#shishi-datagen')"
                    .into(),
            );
        }
        let version = words.next().unwrap_or("");
        if version != format!("v{VERSION}") {
            return Err(format!("format version '{version}' is not v{VERSION}"));
        }
        let (mut variant, mut rules, mut nodes, mut seed) = (None, None, None, None);
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| format!("header word '{word}' is not key=value"))?;
            match key {
                "variant" => variant = Variant::from_name(value),
                "rules" => rules = RuleSet::from_name(value),
                "nodes" => nodes = value.parse().ok(),
                "seed" => seed = value.parse().ok(),
                _ => return Err(format!("unknown header key '{key}'")),
            }
        }
        Ok(Header {
            variant: variant.ok_or("the header has no valid variant")?,
            rules: rules.ok_or("the header has no valid rules")?,
            nodes: nodes.ok_or("the header has no valid nodes")?,
            seed: seed.ok_or("the header has no valid seed")?,
        })
    }
}

/// One kept position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Sample {
    /// The position.
    pub sfen: String,
    /// The search's score for the side to move (not a mate score).
    pub score: i32,
    /// The game's result for the side to move: 1, 0 or -1.
    pub result: i8,
    /// Plies played before this position.
    pub ply: u32,
    /// The game's number in its shard.
    pub game: u64,
}

impl Sample {
    /// The sample's line, without its newline.
    pub fn line(&self) -> String {
        format!(
            "{};{};{};{};{}",
            self.sfen, self.score, self.result, self.ply, self.game
        )
    }

    /// Reads one line and checks it against the rules of `header`; returns the sample with
    /// its position.
    pub fn parse(line: &str, header: &Header) -> Result<(Sample, Position), String> {
        let fields: Vec<&str> = line.split(';').collect();
        let [sfen, score, result, ply, game] = fields[..] else {
            return Err(format!("{} fields, expected 5", fields.len()));
        };
        let pos = Position::from_sfen(header.variant, header.rules, sfen)
            .map_err(|e| format!("bad position: {e}"))?;
        check_position(&pos)?;
        let score: i32 = score
            .parse()
            .map_err(|_| format!("score '{score}' is not a number"))?;
        if score.abs() >= MATE_BOUND {
            return Err(format!("score {score} is outside ±{MATE_BOUND}"));
        }
        let result: i8 = match result {
            "1" => 1,
            "0" => 0,
            "-1" => -1,
            other => return Err(format!("result '{other}' is not 1, 0 or -1")),
        };
        let ply = ply
            .parse()
            .map_err(|_| format!("ply '{ply}' is not a number"))?;
        let game = game
            .parse()
            .map_err(|_| format!("game '{game}' is not a number"))?;
        let sample = Sample {
            sfen: sfen.to_string(),
            score,
            result,
            ply,
            game,
        };
        Ok((sample, pos))
    }
}

/// What every kept position must satisfy: both sides still have a royal (a finished game
/// has no position to learn from).
pub fn check_position(pos: &Position) -> Result<(), String> {
    for color in [Color::Black, Color::White] {
        if pos.royal_count(color) == 0 {
            return Err(format!("{color:?} has no royal piece"));
        }
    }
    Ok(())
}

/// Reads a shard line by line, checking each; stops at the first error, which names the line.
pub struct Reader<R: Read> {
    lines: LineReader<R>,
    header: Header,
    line_no: usize,
}

/// Largest shard read: far above what one run writes (a million positions is about 150 MB),
/// so that only a file that is not a shard meets it.
pub const MAX_FILE: u64 = 16 << 30;

impl Reader<Input> {
    /// Opens the shard at `path` (a regular file, [`crate::files::open_input`]); errors name
    /// the path.
    pub fn open(path: &str) -> Result<Reader<Input>, String> {
        let file = crate::files::open_input(std::path::Path::new(path), MAX_FILE)?;
        Reader::new(file).map_err(|e| format!("{path}: {e}"))
    }
}

impl<R: Read> Reader<R> {
    /// Reads and checks the header.
    pub fn new(input: R) -> Result<Reader<R>, String> {
        let mut lines = LineReader::new(input, MAX_LINE);
        let first =
            read_line(&mut lines, 1)?.ok_or("the file is empty (no '#shishi-datagen' header)")?;
        let header = Header::parse(&first).map_err(|e| format!("line 1: {e}"))?;
        Ok(Reader {
            lines,
            header,
            line_no: 1,
        })
    }

    /// The shard's header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The next sample with its position, `None` at the end of the file.
    pub fn next_sample(&mut self) -> Result<Option<(Sample, Position)>, String> {
        self.line_no += 1;
        let Some(line) = read_line(&mut self.lines, self.line_no)? else {
            return Ok(None);
        };
        Sample::parse(&line, &self.header)
            .map(Some)
            .map_err(|e| format!("line {}: {e}", self.line_no))
    }
}

/// One line, read with the [`MAX_LINE`] bound; `None` at a clean end. Every line of a shard
/// ends with a newline, so a last line without one is a file cut short.
fn read_line(lines: &mut LineReader<impl Read>, line_no: usize) -> Result<Option<String>, String> {
    let line = match lines
        .next_line()
        .map_err(|e| format!("line {line_no}: {e}"))?
    {
        None => return Ok(None),
        Some(Line::Cut(_)) => return Err(format!("line {line_no}: longer than {MAX_LINE} bytes")),
        Some(Line::Whole(_)) if lines.unterminated => {
            return Err(format!(
                "line {line_no}: the file ends in the middle of a line (truncated)"
            ));
        }
        Some(Line::Whole(bytes)) => bytes,
    };
    String::from_utf8(line)
        .map(Some)
        .map_err(|_| format!("line {line_no}: not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    const HEADER: &str = "#shishi-datagen v1 variant=chu rules=lishogi nodes=5000 seed=7\n";

    fn start_line() -> String {
        let sfen = Variant::Chu.start_sfen();
        format!("{sfen};12;1;0;3\n")
    }

    fn read_all(text: &str) -> Result<Vec<Sample>, String> {
        let mut r = Reader::new(Cursor::new(text.as_bytes().to_vec()))?;
        let mut out = Vec::new();
        while let Some((s, _)) = r.next_sample()? {
            out.push(s);
        }
        Ok(out)
    }

    #[test]
    fn a_written_shard_reads_back() {
        let header = Header::parse(HEADER.trim_end()).unwrap();
        assert_eq!(format!("{}\n", header.line()), HEADER);
        let samples = read_all(&format!("{HEADER}{}", start_line())).unwrap();
        assert_eq!(samples.len(), 1);
        assert_eq!(format!("{}\n", samples[0].line()), start_line());
        assert_eq!(
            (samples[0].score, samples[0].result, samples[0].game),
            (12, 1, 3)
        );
        assert!(read_all(HEADER).unwrap().is_empty());
    }

    #[test]
    fn every_kind_of_damage_is_one_error_naming_its_line() {
        let good = start_line();
        let start = Variant::Chu.start_sfen();
        let cases: Vec<(String, &str)> = vec![
            (String::new(), "empty"),
            ("hello\n".into(), "line 1: not a shishi-datagen file"),
            (HEADER.replace("v1", "v2"), "line 1: format version 'v2'"),
            (
                HEADER.replace("chu", "go"),
                "line 1: the header has no valid variant",
            ),
            (
                HEADER.replace("seed=7", "seed=x"),
                "line 1: the header has no valid seed",
            ),
            (
                HEADER.replace("seed=7", "colour=7"),
                "line 1: unknown header key",
            ),
            (
                format!("{HEADER}{}", good.trim_end()),
                "line 2: the file ends in the middle",
            ),
            (
                format!("{HEADER}{}\n", "x".repeat(MAX_LINE + 10)),
                "line 2: longer than",
            ),
            (format!("{HEADER}{good}{start};1;1;0\n"), "line 3: 4 fields"),
            (format!("{HEADER}{start};1;2;0;0\n"), "line 2: result '2'"),
            (
                format!("{HEADER}{start};29500;1;0;0\n"),
                "line 2: score 29500",
            ),
            (
                format!("{HEADER}{start};ten;1;0;0\n"),
                "line 2: score 'ten'",
            ),
            (format!("{HEADER}{start};1;1;-4;0\n"), "line 2: ply '-4'"),
            (
                format!("{HEADER}12/12/12/12/12/12/12/12/12/12/12/11K b - 1;0;0;0;0\n"),
                "line 2: White has no royal",
            ),
            (
                format!("{HEADER}{}\n", start.replace('K', "Q")),
                "line 2: 1 fields",
            ),
            (format!("{HEADER}xyz;0;0;0;0\n"), "line 2: bad position"),
            (format!("{HEADER}\u{0}\u{1}\n"), "line 2: 1 fields"),
        ];
        for (text, want) in cases {
            let err = read_all(&text).expect_err(&text);
            assert!(err.contains(want), "{text:?}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
        let mut bytes = HEADER.as_bytes().to_vec();
        bytes.extend_from_slice(&[0xff, 0xfe, b'\n']);
        let err = Reader::new(Cursor::new(bytes))
            .unwrap()
            .next_sample()
            .map(|s| s.map(|(sample, _)| sample))
            .unwrap_err();
        assert!(err.contains("line 2: not UTF-8"), "{err}");
    }
}
