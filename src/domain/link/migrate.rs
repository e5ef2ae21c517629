//! Links of earlier format versions, rewritten into the current form before
//! the key tables read them (as ec2instances.info keeps old URLs working):
//! one function per version step, each rewrite announced by a notice naming
//! the key. `tests/link_migrations.rs` opens a fixture of every earlier
//! version (`tests/fixtures/links/`) and checks the rewritten link and the
//! notices.
//!
//! | from | what changed | rewrite |
//! |---|---|---|
//! | v1 | `si` was interruptions per instance-hour, %; `disc` one discount for every payment option; `fmd` also cut commitments and the student cap was per instance | `si=x` → `sih=x` and `disc=d` → `disc=d,d,d` (notice `migrated`); `fmd` ≠ 0 and `stucap` keep their value under the new scope (notice `rule_changed`) |
use super::codec::{decode, PCT};
use super::{LinkNotice, LinkNoticeCode, LINK_VERSION, SCENARIO_KEYS};

/// Rewrite the pairs of a link written in `version` into the current
/// version's form (a current or newer link is returned as it is).
pub fn to_current(
    version: u32,
    pairs: Vec<(String, String)>,
    notices: &mut Vec<LinkNotice>,
) -> Vec<(String, String)> {
    let mut pairs = pairs;
    let mut v = version;
    while v < LINK_VERSION {
        pairs = match v {
            1 => v1_to_v2(pairs, notices),
            _ => pairs,
        };
        v += 1;
    }
    pairs
}

/// Does the current spec of `key` accept `val` as a number?
fn in_bounds_of(key: &str, val: &str) -> bool {
    SCENARIO_KEYS
        .iter()
        .find(|s| s.code == key)
        .and_then(|s| s.bounds)
        .is_some_and(|b| b.check(val).is_ok())
}

/// v1 → v2.
fn v1_to_v2(pairs: Vec<(String, String)>, notices: &mut Vec<LinkNotice>) -> Vec<(String, String)> {
    pairs
        .into_iter()
        .map(|(k, raw)| {
            let val = decode(&raw);
            let is_pct = PCT.check(&val).is_ok();
            match k.as_str() {
                // per-hour interruptions: v2's `sih`
                "si" if is_pct => {
                    notices.push(LinkNotice::new("si", &val, LinkNoticeCode::Migrated));
                    ("sih".to_string(), raw)
                }
                // one discount for every payment option
                "disc" if is_pct => {
                    notices.push(LinkNotice::new("disc", &val, LinkNoticeCode::Migrated));
                    (k, format!("{raw},{raw},{raw}"))
                }
                "fmd" if PCT.check(&val).is_ok_and(|x| !x.is_zero()) => {
                    notices.push(LinkNotice::new("fmd", &val, LinkNoticeCode::RuleChanged));
                    (k, raw)
                }
                // a value the current `stucap` accepts (its spec's bounds)
                "stucap" if in_bounds_of("stucap", &val) => {
                    notices.push(LinkNotice::new("stucap", &val, LinkNoticeCode::RuleChanged));
                    (k, raw)
                }
                // the version itself: the rewritten link is a v2 link
                "v" => (k, LINK_VERSION.to_string()),
                _ => (k, raw),
            }
        })
        .collect()
}
