//! Everything the plan screen shows below its inputs, computed from a link
//! in one call: the plan (summary, charts, options table), the cost of the
//! job and the break-even distribution, as markup. It runs in the plan
//! worker (`src/plan_worker.rs`), so the plan, job and chart code is not
//! in the app's first load and the flip search never blocks typing; it is
//! pure, so it is tested natively. The page only makes the link
//! ([`query`]).
use crate::domain::link::{write_keys, LINK_VERSION, SCENARIO_KEYS};
use crate::domain::scenario::Scenario;

/// The link the worker gets: the scenario keys only (`v` first), with the
/// planned offers as `o`.
pub fn query(s: &Scenario) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    write_keys(SCENARIO_KEYS, s, &mut out);
    out.join("&")
}

/// Compute and render everything for a scenario link: the engine error
/// code of the first piece that failed (that piece is then empty; the page
/// keeps showing its last good one), and the pieces in page order:
/// summary, charts, options table, job (empty when there is no job),
/// break-even distribution.
#[cfg(feature = "worker-html")]
pub fn results(
    catalog: &crate::domain::catalog::Catalog,
    query: &str,
    locale: crate::ui::i18n::Locale,
) -> (Option<String>, Vec<crate::ui::html::Html>) {
    use crate::domain::error::EngineError;
    use crate::domain::job::job_report;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::{breakeven_distribution, plan};
    use crate::ui::html::Html;
    use crate::ui::pages::plan::render::{self, Ctx};

    let (s, _) = parse_scenario(query, catalog);
    let cx = Ctx {
        catalog,
        locale,
        currency: s.currency,
    };
    let mut error = None;
    let mut fail = |e: EngineError| {
        error.get_or_insert_with(|| e.code().to_string());
        Html::new()
    };
    let (summary, charts, options) = match plan(catalog, &s) {
        Ok(p) => (
            render::summary(cx, &p),
            render::charts(cx, &p),
            render::options_table(cx, &p),
        ),
        Err(e) => (fail(e), Html::new(), Html::new()),
    };
    let job = match s.job.is_some().then(|| job_report(catalog, &s)) {
        Some(Ok(j)) => render::job(cx, &j),
        Some(Err(e)) => fail(e),
        None => Html::new(),
    };
    let breakeven = match breakeven_distribution(catalog, &s) {
        Ok(d) => render::breakeven(cx, &d),
        Err(e) => fail(e),
    };
    (error, vec![summary, charts, options, job, breakeven])
}

#[cfg(all(test, feature = "worker-html"))]
mod tests {
    use super::*;

    use crate::domain::embedded::test_catalog as catalog;
    use crate::ui::html::Html;
    use crate::ui::i18n::Locale;

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
        let (error, parts) = results(c, &q, Locale::En);
        assert_eq!(error, None);
        assert_eq!(parts.len(), 5);
        let parts: Vec<&str> = parts.iter().map(|p| p.as_str()).collect();
        assert!(parts[0].contains("plan-cheapest"), "{}", parts[0]);
        assert!(parts[1].contains("chart-line"));
        assert!(parts[2].contains("plan-option"));
        assert!(parts[3].is_empty(), "no job, no job part");
        assert!(parts[4].contains("breakeven-row"));
        let (_, j) = results(c, &format!("{q}&jk=bert_large"), Locale::ZhCn);
        assert!(j[3].as_str().contains("job-assumptions"), "{:?}", j[3]);
    }

    /// A catalog whose on-demand rates overflow the plan's arithmetic.
    fn overflowing() -> crate::domain::catalog::Catalog {
        use crate::domain::catalog::PriceKind;
        let mut c = catalog().clone();
        for o in &mut c.offers {
            for p in &mut o.prices {
                if let PriceKind::OnDemand { hourly } = &mut p.kind {
                    *hourly = rust_decimal::Decimal::MAX / rust_decimal::Decimal::from(1000);
                }
            }
        }
        c
    }

    #[test]
    fn a_failed_piece_is_empty_and_names_the_first_error() {
        let c = overflowing();
        let (error, parts) = results(&c, "v=2&jk=resnet50&m=60&h=744", Locale::En);
        assert_eq!(error.as_deref(), Some("overflow"));
        assert_eq!(parts.len(), 5);
        assert!(parts[..3].iter().all(Html::is_empty), "{parts:?}");
        assert!(parts[3].as_str().contains("job-assumptions"));
        assert!(parts[4].as_str().contains("breakeven-row"));
    }
}
