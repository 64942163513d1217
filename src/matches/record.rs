//! Reading back the record files `shishi match --out` writes ([`super::game`] writes them;
//! format in docs/match.md): each game is a block of `[Key "value"]` tags followed by its
//! moves with move numbers and a result token. One reader serves every consumer, so that
//! `shishi summary` (clocks, scores) and `shishi analyse` (moves) see the same games, in the
//! same blocks, by the same rules.

/// Longest record line read: the writer breaks move lists at 80 columns, and its longest tag
/// (a 1 000-ply game's clocks and scores) is a few KiB.
pub const MAX_LINE: usize = 1 << 20;
/// Largest record file read: a 1 000-game soak's is 6 MB.
pub const MAX_FILE: u64 = 256 << 20;

/// A record file's text, read with the bounds above: `/dev/zero`, `/dev/urandom` or an
/// endless line is refused after at most [`MAX_LINE`] bytes, text past [`MAX_FILE`] too.
///
/// `-` reads standard input with the same bounds (`zcat games.txt.gz | shishi summary -`):
/// a named pipe is not a regular file and is refused like any other (docs/reliability.md).
pub fn read_file(path: &str) -> Result<String, String> {
    if path == "-" {
        return crate::lines::read_text(
            std::io::stdin().lock(),
            "standard input",
            MAX_LINE,
            MAX_FILE,
        );
    }
    crate::lines::read_text_file(std::path::Path::new(path), MAX_LINE, MAX_FILE)
}

/// One game block of a record file, as written: nothing is interpreted beyond the syntax.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RecordBlock {
    /// The tags in file order.
    pub tags: Vec<(String, String)>,
    /// The moves in USI text (move numbers and the result token left out).
    pub moves: Vec<String>,
    /// The file line of the block's first tag (1-based), for error messages.
    pub first_line: usize,
}

impl RecordBlock {
    /// A tag's value.
    pub fn tag(&self, key: &str) -> Option<&str> {
        tag_value(&self.tags, key)
    }

    /// A tag's value, or an error naming the block and the missing tag.
    pub fn required(&self, key: &str) -> Result<&str, String> {
        self.tag(key)
            .ok_or_else(|| format!("game at line {}: no {key} tag", self.first_line))
    }
}

/// Every game block of a record file, in file order. A tag line after a block's moves (or its
/// result token, which even a game of no moves has) starts the next block.
pub fn read(text: &str) -> Result<Vec<RecordBlock>, String> {
    let mut out: Vec<RecordBlock> = Vec::new();
    let mut in_moves = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('[') {
            let tag = parse_tag(line).ok_or_else(|| format!("line {}: bad tag '{line}'", i + 1))?;
            if out.is_empty() || in_moves {
                out.push(RecordBlock {
                    first_line: i + 1,
                    ..RecordBlock::default()
                });
                in_moves = false;
            }
            if let Some(b) = out.last_mut() {
                b.tags.push(tag);
            }
            continue;
        }
        let block = out
            .last_mut()
            .ok_or_else(|| format!("line {}: moves before any tag", i + 1))?;
        in_moves = true;
        block.moves.extend(
            line.split_whitespace()
                .filter(|t| !is_move_number(t) && !is_result(t))
                .map(str::to_string),
        );
    }
    Ok(out)
}

/// The value of `key` among `tags` (the first, if a record repeats a tag).
pub fn tag_value<'a>(tags: &'a [(String, String)], key: &str) -> Option<&'a str> {
    tags.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (key, rest) = inner.split_once(' ')?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((key.to_string(), value.to_string()))
}

fn is_move_number(token: &str) -> bool {
    token
        .strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_split_at_the_tags_after_the_moves_even_for_a_game_of_no_moves() {
        let text = "[Event \"shishi match\"]\n[Game \"1\"]\n[Plies \"0\"]\n\n*\n\n\
            [Event \"shishi match\"]\n[Game \"2\"]\n[Plies \"3\"]\n\n\
            1. 5i5h 5d5e 2. 8i8h\n1/2-1/2\n";
        let blocks = read(text).unwrap();
        assert_eq!(blocks.len(), 2);
        assert_eq!(blocks[0].tag("Game"), Some("1"));
        assert!(blocks[0].moves.is_empty());
        assert_eq!(blocks[1].moves, ["5i5h", "5d5e", "8i8h"]);
        assert_eq!(blocks[1].first_line, 7);
        assert_eq!(blocks[1].required("Plies"), Ok("3"));
        assert!(blocks[1].required("Clocks").unwrap_err().contains("line 7"));
    }

    #[test]
    fn a_bad_tag_or_moves_before_any_tag_are_errors_naming_the_line() {
        assert!(read("[Event shishi]\n").unwrap_err().starts_with("line 1"));
        assert!(read("\n1. 5i5h\n").unwrap_err().starts_with("line 2"));
    }
}
