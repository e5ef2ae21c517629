//! The preferences' storage keys and patterns are declared once, in
//! public/first.js (the first script to run, before the first paint):
//! enhance.js reads them from there, and the app's language key is the same
//! string as first.js's.
use std::fs;
use std::path::Path;

fn public(name: &str) -> String {
    fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("public")
            .join(name),
    )
    .unwrap()
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
    let first = public("first.js");
    assert_eq!(
        declared(&first, "lang").as_deref(),
        Some(gpucost::ui::i18n::LANG_KEY)
    );
}

#[test]
fn enhance_js_names_no_key_or_pattern_of_its_own() {
    let first = public("first.js");
    let enhance = public("enhance.js");
    for name in ["theme", "lang", "last", "cols"] {
        let key = declared(&first, name).unwrap_or_else(|| panic!("first.js declares no {name}"));
        assert!(!enhance.contains(&key), "enhance.js names {key} again");
    }
    for pattern in ["^\\?v=\\d{1,3}", "[a-z0-9]{1,12}(,"] {
        assert!(first.contains(pattern), "first.js lost {pattern}");
        assert!(!enhance.contains(pattern), "enhance.js repeats {pattern}");
    }
    assert!(
        enhance.contains("globalThis.gpucostPrefs")
            && first.contains("window.gpucostPrefs = PREFS")
    );
}
