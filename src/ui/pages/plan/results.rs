//! Everything the plan screen shows below its inputs, computed from a link
//! in one call: the plan (summary, charts, options table), the cost of the
//! job and the break-even distribution, as markup. It runs in the plan
//! worker (`src/plan_worker.rs`), so the plan, job and chart code is not
//! in the app's first load and the flip search never blocks typing; it is
//! pure, so it is tested natively.
use crate::domain::catalog::Catalog;
use crate::domain::job::job_report;
use crate::domain::link::{parse_scenario, write_keys, LINK_VERSION, SCENARIO_KEYS};
use crate::domain::plan::{breakeven_distribution, plan};
use crate::domain::scenario::Scenario;
use crate::ui::i18n::Locale;
use crate::ui::pages::plan::render::{self, Ctx};

/// The markup parts, in page order.
pub const PARTS: usize = 5;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Results {
    /// The engine error code of the first part that failed (its part is
    /// then empty: the page keeps showing the last good one).
    pub error: Option<String>,
    /// Summary, charts, options table, job (empty when there is no job),
    /// break-even distribution.
    pub parts: [String; PARTS],
}

/// The link the worker gets: the scenario keys only (`v` first), with the
/// planned offers as `o`.
pub fn query(s: &Scenario) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    write_keys(SCENARIO_KEYS, s, &mut out);
    out.join("&")
}

/// Compute and render everything for a scenario link.
pub fn results(catalog: &Catalog, query: &str, locale: Locale) -> Results {
    let (s, _) = parse_scenario(query, catalog);
    let cx = Ctx {
        catalog,
        locale,
        currency: s.currency,
    };
    let mut r = Results::default();
    let mut fail = |e: crate::domain::error::EngineError| {
        if r.error.is_none() {
            r.error = Some(e.code().to_string());
        }
    };
    match plan(catalog, &s) {
        Ok(p) => {
            r.parts[0] = render::summary(cx, &p);
            r.parts[1] = render::charts(cx, &p);
            r.parts[2] = render::options_table(cx, &p);
        }
        Err(e) => fail(e),
    }
    if s.job.is_some() {
        match job_report(catalog, &s) {
            Ok(j) => r.parts[3] = render::job(cx, &j),
            Err(e) => fail(e),
        }
    }
    match breakeven_distribution(catalog, &s) {
        Ok(d) => r.parts[4] = render::breakeven(cx, &d),
        Err(e) => fail(e),
    }
    r
}

/// Keep the last good markup of every part that failed this time.
pub fn merge(prev: &Results, next: Results) -> Results {
    let mut out = next;
    if out.error.is_some() {
        for (i, p) in out.parts.iter_mut().enumerate() {
            if p.is_empty() {
                p.clone_from(&prev.parts[i]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::embedded::test_catalog as catalog;

    #[test]
    fn a_plan_link_gives_every_part_and_round_trips_the_offers() {
        let c = catalog();
        let s = Scenario {
            offers: Some(vec![c.offers[0].id.clone()]),
            months: 7,
            ..Scenario::default()
        };
        let q = query(&s);
        assert!(
            q.starts_with("v=2&") && q.contains("o=") && q.contains("m=7"),
            "{q}"
        );
        let r = results(c, &q, Locale::En);
        assert_eq!(r.error, None);
        assert!(r.parts[0].contains("plan-cheapest"), "{}", r.parts[0]);
        assert!(r.parts[1].contains("chart-line"));
        assert!(r.parts[2].contains("plan-option"));
        assert!(r.parts[3].is_empty(), "no job, no job part");
        assert!(r.parts[4].contains("breakeven-row"));
        let j = results(c, &format!("{q}&jk=bert_large"), Locale::ZhCn);
        assert!(j.parts[3].contains("job-assumptions"), "{}", j.parts[3]);
    }

    #[test]
    fn a_failed_part_keeps_the_last_good_markup() {
        let prev = Results {
            error: None,
            parts: [
                "a".into(),
                "b".into(),
                "c".into(),
                String::new(),
                "e".into(),
            ],
        };
        let next = Results {
            error: Some("overflow".into()),
            parts: [
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                "E".into(),
            ],
        };
        let m = merge(&prev, next);
        assert_eq!(m.error.as_deref(), Some("overflow"));
        assert_eq!(
            m.parts,
            [
                "a".to_string(),
                "b".into(),
                "c".into(),
                String::new(),
                "E".into()
            ]
        );
    }
}
