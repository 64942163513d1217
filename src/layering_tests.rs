//! The layers of docs/architecture.md, checked on the source: no two top-level modules import
//! each other, directly or around a longer loop; `rules` imports no other module; and nothing
//! the engine's core reaches, however indirectly, is a protocol, match, analysis, data or
//! training module. Read from the production code only (`testing::production_sources`):
//! tests may reach across layers to check one against another.

use crate::testing::production_sources;
use std::collections::{BTreeMap, BTreeSet};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// For each top-level module, the other top-level modules its production code names through
/// `crate::…`, each with the first file that does.
fn imports() -> BTreeMap<String, BTreeMap<String, String>> {
    let src = concat!(env!("CARGO_MANIFEST_DIR"), "/src/");
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (path, code) in production_sources() {
        let relative = path.to_string_lossy().trim_start_matches(src).to_string();
        let module = relative.split('/').next().unwrap().trim_end_matches(".rs");
        if matches!(module, "lib" | "main" | "cli") {
            continue; // the crate root and the binary sit above every layer
        }
        let edges = graph.entry(module.to_string()).or_default();
        for target in crate_paths(&code) {
            if target != module {
                edges.entry(target).or_insert_with(|| relative.clone());
            }
        }
    }
    graph
}

/// The first segment of every `crate::…` path in `code`, a `crate::{a::x, b}` group giving
/// each of its members'.
fn crate_paths(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = 0;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        out.push(ident(&group[start..i]));
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        out.push(ident(&group[start..i]));
                        start = i + 1;
                    }
                    _ => {}
                }
            }
        } else {
            out.push(ident(rest));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

fn without_files(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Graph {
    graph
        .iter()
        .map(|(m, edges)| (m.clone(), edges.keys().cloned().collect()))
        .collect()
}

/// A loop of imports (its modules in order, the first repeated at the end), if there is one.
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        graph: &Graph,
        done: &mut BTreeSet<String>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            let mut cycle = path[i..].to_vec();
            cycle.push(m.to_string());
            return Some(cycle);
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in graph.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, path) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| visit(m, graph, &mut done, &mut Vec::new()))
}

/// Every module `from` reaches through imports.
fn reached(graph: &Graph, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(m) = stack.pop() {
        for next in graph.get(&m).into_iter().flatten() {
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn no_modules_import_each_other_even_around_a_loop() {
    let graph = imports();
    assert!(
        graph.contains_key("search") && graph.contains_key("rules"),
        "{graph:?}"
    );
    if let Some(cycle) = find_cycle(&without_files(&graph)) {
        let steps: Vec<String> = cycle
            .windows(2)
            .map(|w| format!("{} → {} ({})", w[0], w[1], graph[&w[0]][&w[1]]))
            .collect();
        panic!("modules that import each other:\n{}", steps.join("\n"));
    }
}

#[test]
fn the_rules_import_no_other_module() {
    let graph = imports();
    assert_eq!(graph["rules"], BTreeMap::new(), "rules must stand alone");
}

#[test]
fn the_core_reaches_no_surface() {
    let graph = without_files(&imports());
    let surfaces = [
        "protocol", "matches", "analysis", "datagen", "train", "stdout",
    ];
    for core in ["rules", "score", "eval", "nnue", "search", "mate", "perft"] {
        let bad: Vec<String> = reached(&graph, core)
            .into_iter()
            .filter(|m| surfaces.contains(&m.as_str()))
            .collect();
        assert!(bad.is_empty(), "{core} reaches {bad:?}");
    }
}

#[test]
fn the_checks_themselves_see_loops_and_paths() {
    // So that the tests above can fail: a loop three long, and a group import.
    let mut graph = Graph::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        graph.entry(a.into()).or_default().insert(b.into());
    }
    assert_eq!(find_cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    graph.get_mut("c").unwrap().remove("a");
    assert_eq!(find_cycle(&graph), None);
    assert_eq!(reached(&graph, "a").len(), 3);
    let code =
        "use crate::rules::Position;\nuse crate::{search::Limits, eval};\nx(crate::nnue::f());";
    assert_eq!(crate_paths(code), ["rules", "search", "eval", "nnue"]);
    let text =
        "a\n#[cfg(test)]\nmod tests;\nb\n// crate::x\n#[cfg(test)]\nmod t {\n  fn f() {}\n}\nc\n";
    assert_eq!(crate::testing::production_code(text), "a\nb\nc\n");
}
