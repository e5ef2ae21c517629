//! The preferences' storage keys and patterns are declared once, in
//! web/first.js (the first script to run, before the first paint): the
//! other browser modules read them from there, and the app's language key
//! is the same string as first.js's. first.js also names the screens whose
//! link starts the worker with the page (it runs before any wasm, so it
//! cannot ask the app): they are the app's screens but compare.
use std::fs;
use std::path::Path;

fn web(name: &str) -> String {
    fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("web").join(name)).unwrap()
}

/// Every browser module but first.js, with its name.
fn others() -> Vec<(String, String)> {
    let mut v: Vec<_> = fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("web"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".js") && n != "first.js")
        .map(|n| (web(&n), n))
        .collect();
    v.sort_by(|a, b| a.1.cmp(&b.1));
    v
}

/// The string first.js declares for a preference, from `name: 'value',`.
fn declared(first: &str, name: &str) -> Option<String> {
    let line = first
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{name}: '")))?;
    let v = &line[name.len() + 3..];
    Some(v[..v.find('\'')?].to_string())
}

#[test]
fn the_app_remembers_the_language_under_first_js_key() {
    let first = web("first.js");
    assert_eq!(
        declared(&first, "lang").as_deref(),
        Some(gpucost::ui::i18n::LANG_KEY)
    );
}

#[test]
fn no_other_module_names_a_key_or_pattern_of_its_own() {
    let first = web("first.js");
    let others = others();
    assert!(
        others.iter().any(|(_, n)| n == "prefs.js"),
        "web/prefs.js is gone"
    );
    for (text, file) in &others {
        for name in ["theme", "lang", "last", "cols"] {
            let key =
                declared(&first, name).unwrap_or_else(|| panic!("first.js declares no {name}"));
            assert!(!text.contains(&key), "{file} names {key} again");
        }
        for pattern in ["^\\?v=\\d{1,3}", "[a-z0-9]{1,12}(,"] {
            assert!(first.contains(pattern), "first.js lost {pattern}");
            assert!(!text.contains(pattern), "{file} repeats {pattern}");
        }
    }
    let prefs = web("prefs.js");
    assert!(
        prefs.contains("globalThis.gpucostPrefs") && first.contains("window.gpucostPrefs = PREFS")
    );
}

/// first.js starts the worker with the page on a link to a screen the
/// worker answers: every screen of the app (`ui::link::Screen`) but
/// compare, which the app computes itself. A screen added to the app and
/// not to first.js would wait for the app to start its worker.
#[test]
fn first_js_starts_the_worker_for_every_screen_but_compare() {
    use gpucost::ui::link::Screen;
    let first = web("first.js");
    let at = first
        .find("/^(")
        .expect("first.js tests the screen with a /^(a|b|…)$/ pattern");
    let list = &first[at + 3..];
    let named: Vec<&str> = list[..list.find(")$/").unwrap()].split('|').collect();
    let screens: Vec<&str> = Screen::ALL
        .iter()
        .filter(|s| **s != Screen::Compare)
        .map(|s| s.code())
        .collect();
    assert_eq!(named, screens);
}
