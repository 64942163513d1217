//! Helpers shared by the crate's tests.

/// Tiny deterministic PRNG (xorshift64*): reproducible random playouts without a crate.
pub(crate) struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Every `.rs` file under `src/` that is compiled outside tests, with its production code
/// ([`production_code`]): what the tree's structural tests (the path boundary, the layering)
/// read. Skipped: `tests/` folders, `tests.rs`, `*_tests.rs`, and files or folders declared
/// as `#[cfg(test)] mod name;`.
pub fn production_sources() -> Vec<(std::path::PathBuf, String)> {
    let root = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        // Each file is read once: its text names the test-only modules of this folder.
        let mut dirs = Vec::new();
        let mut files = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                files.push((path, text));
            }
        }
        let test_only: Vec<String> = files.iter().flat_map(|(_, t)| test_modules(t)).collect();
        let kept = |path: &std::path::Path| {
            let name = path.file_name().unwrap().to_string_lossy();
            let stem = name.trim_end_matches(".rs");
            name != "tests" && !test_only.iter().any(|t| t == stem)
        };
        stack.extend(dirs.into_iter().filter(|d| kept(d)));
        for (path, text) in files {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if kept(&path) && name != "tests.rs" && !name.ends_with("_tests.rs") {
                out.push((path, production_code(&text)));
            }
        }
    }
    out
}

/// The names of the modules `text` declares as `#[cfg(test)] mod name;` (files of their own).
fn test_modules(text: &str) -> Vec<String> {
    let mut lines = text.lines().map(str::trim);
    let mut names = Vec::new();
    while let Some(line) = lines.next() {
        if line == "#[cfg(test)]"
            && let Some(item) = lines.next()
            && let Some(name) = item
                .strip_suffix(';')
                .and_then(|i| i.split_whitespace().last())
            && item.split_whitespace().any(|w| w == "mod")
        {
            names.push(name.to_string());
        }
    }
    names
}

/// `text` without comment lines and without the items marked `#[cfg(test)]` (a one-line item,
/// or a braced one up to its closing brace), so that code after an early test module is
/// still read.
pub fn production_code(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed != "#[cfg(test)]" {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        // Skip the marked item: a line ending in `;`, or lines until its braces balance.
        let mut depth = 0i32;
        for item_line in lines.by_ref() {
            depth += item_line.matches('{').count() as i32 - item_line.matches('}').count() as i32;
            if depth <= 0 && (item_line.trim_end().ends_with(';') || item_line.contains('}')) {
                break;
            }
        }
    }
    out
}
