//! Every earlier link version keeps opening: each fixture under
//! `tests/fixtures/links/` (one file per version) lists links written by
//! that version, the current link each must become, and the notices the
//! user sees. A new format version adds a migration step
//! (`domain::link::migrate`) and a fixture file for the version it
//! replaces.
#![cfg(not(target_arch = "wasm32"))]
mod support;

use gpucost::domain::catalog::Catalog;
use gpucost::domain::link::LINK_VERSION;
use support::{parse_query, to_query};

struct Case {
    old: String,
    new: String,
    notices: String,
}

fn cases(text: &str) -> Vec<Case> {
    let mut out = Vec::new();
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    while let Some(l) = lines.next() {
        let old = l
            .strip_prefix("link: ")
            .expect("entry starts with `link: `");
        let new = lines
            .next()
            .and_then(|l| l.strip_prefix("v2: "))
            .expect("then `v2: `");
        let n = lines
            .next()
            .and_then(|l| l.strip_prefix("notices: "))
            .expect("then `notices: `");
        out.push(Case {
            old: old.into(),
            new: new.into(),
            notices: n.into(),
        });
    }
    out
}

#[test]
fn every_v1_fixture_opens_as_its_v2_link_with_its_notices() {
    assert_eq!(
        LINK_VERSION, 2,
        "a new version needs a fixture file for v{}",
        LINK_VERSION
    );
    let c = Catalog::embedded().unwrap();
    let all = cases(include_str!("fixtures/links/v1.txt"));
    assert!(all.len() >= 7);
    for case in all {
        let st = parse_query(&case.old, &c);
        assert_eq!(to_query(&st), case.new, "{}", case.old);
        let got: Vec<String> = st
            .notices
            .iter()
            .map(|n| {
                let code = serde_json::to_value(n.code).unwrap();
                format!("{}={}:{}", n.key, n.value, code.as_str().unwrap())
            })
            .collect();
        let got = if got.is_empty() {
            "-".to_string()
        } else {
            got.join(" ")
        };
        assert_eq!(got, case.notices, "{}", case.old);
        // the rewritten link is current: it opens as itself, silently
        let again = parse_query(&case.new, &c);
        assert!(
            again.notices.is_empty(),
            "{}: {:?}",
            case.new,
            again.notices
        );
        assert_eq!(to_query(&again), case.new);
    }
}
