//! Perft suite files (perft-suites/*.epd): one position per line with its verified counts.
//!
//! Line format: `<variant> <rules> <sfen fields…> ;D1 <n> ;D2 <n> … [;id <text>] [;note <text>]`;
//! the note comes last and runs to the end of the line (it may contain `;`).
//! Blank lines and lines starting with `#` are comments. The same format feeds
//! `shishi perft --suite`, the naive-generator tests and tools/crosscheck.

use crate::rules::{Position, RuleSet, Variant};

/// One suite position.
#[derive(Clone, Debug)]
pub struct SuiteEntry {
    /// Line number in the file (1-based), for messages.
    pub line: usize,
    /// The game.
    pub variant: Variant,
    /// The chu rule set.
    pub rules: RuleSet,
    /// The position string.
    pub sfen: String,
    /// Expected counts: (depth, nodes).
    pub counts: Vec<(u32, u64)>,
    /// Short name.
    pub id: String,
    /// What the position tests (may contain `;`).
    pub note: String,
}

impl SuiteEntry {
    /// The line in suite format with other counts (tools that compute counts print this).
    pub fn with_counts(&self, counts: &[(u32, u64)]) -> String {
        let mut line = format!(
            "{} {} {}",
            self.variant.name(),
            self.rules.name(),
            self.sfen
        );
        for (d, n) in counts {
            line.push_str(&format!(" ;D{d} {n}"));
        }
        if !self.id.is_empty() {
            line.push_str(&format!(" ;id {}", self.id));
        }
        if !self.note.is_empty() {
            line.push_str(&format!(" ;note {}", self.note));
        }
        line
    }

    /// The position, parsed.
    pub fn position(&self) -> Result<Position, String> {
        Position::from_sfen(self.variant, self.rules, &self.sfen)
            .map_err(|e| format!("line {}: {e}", self.line))
    }
}

/// Deepest count a suite (or `shishi perft --depth`) may ask for: deeper ones would run for
/// years.
pub const MAX_DEPTH: u32 = 64;
/// Longest suite line: a dai dai SFEN with notes is under 1 KiB.
const MAX_LINE: usize = 64 << 10;
/// Largest suite file.
const MAX_FILE: u64 = 64 << 20;

/// Reads and parses a suite file, refusing (rather than reading until memory runs out) a
/// line or a file far longer than any suite: `/dev/zero` is not a suite.
pub fn read_suite(path: &std::path::Path) -> Result<Vec<SuiteEntry>, String> {
    let text = crate::lines::read_text_file(path, MAX_LINE, MAX_FILE)?;
    parse_suite(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a suite file's text.
pub fn parse_suite(text: &str) -> Result<Vec<SuiteEntry>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (main, note) = match trimmed.split_once(";note") {
            Some((m, n)) => (m, n.trim().to_string()),
            None => (trimmed, String::new()),
        };
        let mut fields = main.split(';');
        let head = fields.next().unwrap_or_default();
        let mut words = head.split_whitespace();
        let variant = words
            .next()
            .and_then(Variant::from_name)
            .ok_or_else(|| format!("line {line}: unknown variant"))?;
        let rules = words
            .next()
            .and_then(RuleSet::from_name)
            .ok_or_else(|| format!("line {line}: unknown rule set"))?;
        let sfen = words.collect::<Vec<_>>().join(" ");
        let mut counts = Vec::new();
        let mut id = String::new();
        for field in fields {
            let field = field.trim();
            if let Some(rest) = field.strip_prefix("id ") {
                id = rest.trim().to_string();
            } else if let Some(rest) = field.strip_prefix('D') {
                let (d, n) = rest
                    .split_once(' ')
                    .ok_or_else(|| format!("line {line}: bad count field '{field}'"))?;
                let d: u32 = d
                    .parse()
                    .ok()
                    .filter(|d| (1..=MAX_DEPTH).contains(d))
                    .ok_or_else(|| format!("line {line}: depth '{d}' is not 1 to {MAX_DEPTH}"))?;
                let n: u64 = n
                    .trim()
                    .parse()
                    .map_err(|_| format!("line {line}: bad count '{n}'"))?;
                counts.push((d, n));
            } else if !field.is_empty() {
                return Err(format!("line {line}: unknown field '{field}'"));
            }
        }
        out.push(SuiteEntry {
            line,
            variant,
            rules,
            sfen,
            counts,
            id,
            note,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_and_skips_comments() {
        let text = "# comment\n\nchu lishogi 11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1 ;D1 3 ;D2 9 ;id kings ;note x\n";
        let entries = parse_suite(text).unwrap();
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].counts, vec![(1, 3), (2, 9)]);
        assert_eq!(entries[0].id, "kings");
        assert_eq!(entries[0].note, "x");
        assert_eq!(
            entries[0].with_counts(&[(1, 3)]),
            "chu lishogi 11k/12/12/12/12/12/12/12/12/12/12/K11 b - 1 ;D1 3 ;id kings ;note x"
        );
        assert_eq!(entries[0].rules, RuleSet::Lishogi);
        assert!(entries[0].position().is_ok());
        assert!(parse_suite("chess seed x b 1").is_err());
        assert!(parse_suite("chu seed x b 1 ;D1 x").is_err());
    }
}
