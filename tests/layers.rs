//! No layer reaches above itself. Layers, top to bottom:
//!
//! | layer | modules |
//! |---|---|
//! | 5 | `ui::app` |
//! | 4 | `ui::pages` |
//! | 3 | `ui::components`, `ui::worker` and what the worker makes besides screen parts (`ui::export`, `ui::qr`) |
//! | 2 | `ui::state`, `ui::link`, `ui::labels`, `ui::format`, `ui::i18n`, `ui::html`, `ui::url`, `ui::panic` |
//! | 1 | `domain` |
//!
//! The command line (`src/cli.rs`) sits beside the UI and may use layers 1–2
//! only. The test reads every `use crate::…` / `crate::…` path in `src/` as
//! text (comments skipped) and names each import that points upward.
use std::fs;
use std::path::{Path, PathBuf};

fn layer_of_module(path: &[&str]) -> Option<u32> {
    match path {
        ["domain", ..] => Some(1),
        ["ui", "app", ..] => Some(5),
        ["ui", "pages", ..] => Some(4),
        ["ui", "components" | "worker" | "export" | "qr", ..] => Some(3),
        ["ui", "state" | "link" | "labels" | "format" | "i18n" | "html" | "url" | "panic", ..] => {
            Some(2)
        }
        _ => None,
    }
}

/// The layer of a source file, from its path under `src/`.
fn layer_of_file(rel: &Path) -> Option<(u32, String)> {
    let parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let parts: Vec<&str> = parts.iter().map(String::as_str).collect();
    match parts.as_slice() {
        ["cli"] => Some((2, "cli".into())),
        ["ui", "mod"] | ["ui", "tests"] => None, // the UI's root: mounts the app
        p => layer_of_module(p).map(|l| (l, p.join("::"))),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `crate::a::b::{…}` paths of a line (code only, not comments).
fn crate_paths(line: &str) -> Vec<Vec<&str>> {
    let code = line.split("//").next().unwrap_or("");
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        let tail = &rest[i + "crate::".len()..];
        let end = tail
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(tail.len());
        out.push(tail[..end].split("::").filter(|s| !s.is_empty()).collect());
        rest = &tail[end..];
    }
    out
}

/// Every Rust file under `src/`: its path relative to `src/` and its text, in path order.
fn sources() -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = fs::read_to_string(&f).unwrap();
            (f.strip_prefix(&src).unwrap().to_path_buf(), text)
        })
        .collect()
}

fn upward_imports() -> Vec<String> {
    let mut bad = Vec::new();
    for (rel, text) in sources() {
        let rel = rel.as_path();
        let Some((layer, name)) = layer_of_file(rel) else {
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            for p in crate_paths(line) {
                if let Some(to) = layer_of_module(&p) {
                    // a module may use its own layer and the ones below
                    if to > layer {
                        bad.push(format!(
                            "src/{}:{}: {name} (layer {layer}) imports crate::{} (layer {to})",
                            rel.display(),
                            n + 1,
                            p.join("::")
                        ));
                    }
                }
            }
        }
    }
    bad
}

#[test]
fn no_layer_imports_from_a_layer_above_it() {
    let bad = upward_imports();
    assert!(
        bad.is_empty(),
        "{} upward imports:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn the_checker_sees_an_upward_import() {
    assert_eq!(
        crate_paths("use crate::ui::pages::plan::render::{self, Ctx}; // crate::domain"),
        vec![vec!["ui", "pages", "plan", "render"]]
    );
    assert_eq!(layer_of_module(&["ui", "pages", "plan"]), Some(4));
    assert_eq!(
        layer_of_file(Path::new("ui/labels.rs")),
        Some((2, "ui::labels".into()))
    );
    assert_eq!(layer_of_file(Path::new("cli.rs")), Some((2, "cli".into())));
}

/// Each file's module path (`ui::state`, `domain::advise` for `domain/advise/mod.rs`) with the module
/// paths it names through `crate::…` (the file's own submodules and ancestors left out).
fn imports_by_file() -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (rel, text) in sources() {
        let rel = rel.with_extension("");
        let mut parts: Vec<String> = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        let me = parts.join("::");
        let mut to: Vec<String> = text
            .lines()
            .flat_map(|l| crate_paths(l).into_iter().map(|p| p.join("::")))
            .collect();
        to.sort();
        to.dedup();
        out.push((me, to));
    }
    out
}

/// Files of two sibling modules that import each other (a cycle no layer rule sees: both are in one
/// layer), e.g. `ui::state` ↔ `ui::url`, or the engine's validation reading the recommender.
fn mutual_imports(files: &[(String, Vec<String>)]) -> Vec<String> {
    let names = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}::"));
    let related = |a: &str, b: &str| names(a, b) || names(b, a);
    let mut bad = Vec::new();
    for (a, ta) in files {
        for (b, tb) in files {
            if a < b
                && !related(a, b)
                && ta.iter().any(|p| names(p, b))
                && tb.iter().any(|p| names(p, a))
            {
                bad.push(format!("{a} <-> {b}"));
            }
        }
    }
    bad
}

#[test]
fn no_two_modules_import_each_other() {
    let bad = mutual_imports(&imports_by_file());
    assert!(bad.is_empty(), "import cycles:\n{}", bad.join("\n"));
}

#[test]
fn the_validation_of_the_catalog_does_not_read_the_recommender() {
    let files = imports_by_file();
    let (_, to) = files.iter().find(|(m, _)| m == "domain::validate").unwrap();
    assert!(
        !to.iter().any(|p| p.starts_with("domain::advise")),
        "{to:?}"
    );
}

#[test]
fn the_cycle_checker_sees_a_cycle() {
    let files = vec![
        (
            "ui::state".to_string(),
            vec!["ui::url::write_query".to_string()],
        ),
        ("ui::url".to_string(), vec!["ui::state::Write".to_string()]),
        ("ui::app".to_string(), vec!["ui::state".to_string()]),
    ];
    assert_eq!(mutual_imports(&files), vec!["ui::state <-> ui::url"]);
}
