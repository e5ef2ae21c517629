//! Everything the plan screen shows below its inputs, computed from a link:
//! the plan (summary, charts, options table), the cost of the job and the
//! break-even distribution, as markup, in one call ([`results`]); what
//! would change the plan's answer in a second one ([`flip_search`]), which
//! the worker runs a step at a time after the first has answered. It runs
//! in the plan worker (`src/plan_worker.rs`), so the plan, job and chart
//! code is not in the app's first load and neither the flip search nor
//! the catalog-wide distribution stands between a keystroke and its
//! answer; it is pure, so it is tested natively. The page only makes the
//! link ([`query`]).
use crate::domain::link::{write_keys, LINK_VERSION, SCENARIO_KEYS};
use crate::domain::scenario::Scenario;

/// The link the worker gets: the scenario keys only (`v` first), with the
/// planned offers as `o`.
pub fn query(s: &Scenario) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    write_keys(SCENARIO_KEYS, s, &mut out);
    out.join("&")
}

/// What the worker keeps from one plan request to the next, so that a
/// keystroke recomputes only what its input changes: the break-even
/// distribution (a pass over the whole catalog) is made again only when
/// its own inputs ([`breakeven_inputs`](crate::domain::plan::breakeven_inputs))
/// or the language change, and the flip search starts from the plan the
/// last request made.
#[cfg(feature = "worker-html")]
#[derive(Default)]
pub struct Kept {
    /// The last distribution's inputs, language and pieces (error, markup).
    breakeven: Option<(Scenario, crate::ui::i18n::Locale, Piece)>,
    /// The last plan's link and plan.
    plan: Option<(String, crate::domain::plan::Plan)>,
}

/// A rendered piece and the engine error code that emptied it.
#[cfg(feature = "worker-html")]
type Piece = (Option<String>, crate::ui::html::Html);

/// Compute and render everything for a scenario link but what would
/// change its answer ([`flip_search`]): the engine error code of the first
/// piece that failed (that piece is then empty; the page keeps showing its
/// last good one), and the pieces in page order: summary, charts, options
/// table, job (empty when there is no job), break-even distribution.
#[cfg(feature = "worker-html")]
pub fn results(
    catalog: &crate::domain::catalog::Catalog,
    query: &str,
    locale: crate::ui::i18n::Locale,
    kept: &mut Kept,
) -> (Option<String>, Vec<crate::ui::html::Html>) {
    use crate::domain::job::job_report;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::{breakeven_distribution, breakeven_inputs, plan_without_flips};
    use crate::ui::html::Html;
    use crate::ui::pages::plan::render::{self, Ctx};

    let (s, _) = parse_scenario(query, catalog);
    let cx = Ctx {
        catalog,
        locale,
        currency: s.currency,
    };
    let mut error = None;
    let mut fail = |e: &str| {
        error.get_or_insert_with(|| e.to_string());
        Html::new()
    };
    let (summary, charts, options) = match plan_without_flips(catalog, &s) {
        Ok(p) => {
            let pieces = (
                render::summary(cx, &p),
                render::charts(cx, &p),
                render::options_table(cx, &p),
            );
            kept.plan = Some((query.to_string(), p));
            pieces
        }
        Err(e) => (fail(e.code()), Html::new(), Html::new()),
    };
    let job = match s.job.is_some().then(|| job_report(catalog, &s)) {
        Some(Ok(j)) => render::job(cx, &j),
        Some(Err(e)) => fail(e.code()),
        None => Html::new(),
    };
    // kept only for a valid scenario (an invalid one fails on its own)
    let inputs = s.validate(catalog).is_ok().then(|| breakeven_inputs(&s));
    let (be_error, breakeven) = match (&kept.breakeven, &inputs) {
        (Some((k, l, piece)), Some(i)) if k == i && *l == locale => piece.clone(),
        _ => {
            let piece = match breakeven_distribution(catalog, &s) {
                Ok(d) => (None, render::breakeven(cx, &d)),
                Err(e) => (Some(e.code().to_string()), Html::new()),
            };
            if let Some(i) = inputs {
                kept.breakeven = Some((i, locale, piece.clone()));
            }
            piece
        }
    };
    if let Some(e) = be_error {
        fail(&e);
    }
    (error, vec![summary, charts, options, job, breakeven])
}

/// The flip search for a scenario link, from the plan the last
/// [`results`] made for the same link (else from a new one), and the
/// currency its answer is written in; None when the plan fails or has no
/// cheapest option (there is nothing to flip from).
#[cfg(feature = "worker-html")]
pub fn flip_search(
    catalog: &crate::domain::catalog::Catalog,
    query: &str,
    kept: &Kept,
) -> Option<(
    crate::domain::plan::FlipSearch,
    crate::domain::catalog::Currency,
)> {
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::{plan_without_flips, FlipSearch};

    let (s, _) = parse_scenario(query, catalog);
    let made;
    let p = match &kept.plan {
        Some((q, p)) if q == query => p,
        _ => {
            made = plan_without_flips(catalog, &s).ok()?;
            &made
        }
    };
    Some((FlipSearch::new(catalog, &s, p)?, s.currency))
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
        let (error, parts) = results(c, &q, Locale::En, &mut Kept::default());
        assert_eq!(error, None);
        assert_eq!(parts.len(), 5);
        let parts: Vec<&str> = parts.iter().map(|p| p.as_str()).collect();
        assert!(parts[0].contains("plan-cheapest"), "{}", parts[0]);
        assert!(parts[1].contains("chart-line"));
        assert!(parts[2].contains("plan-option"));
        assert!(parts[3].is_empty(), "no job, no job part");
        assert!(parts[4].contains("breakeven-row"));
        let (_, j) = results(
            c,
            &format!("{q}&jk=bert_large"),
            Locale::ZhCn,
            &mut Kept::default(),
        );
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
        let (error, parts) = results(
            &c,
            "v=2&jk=resnet50&m=60&h=744",
            Locale::En,
            &mut Kept::default(),
        );
        assert_eq!(error.as_deref(), Some("overflow"));
        assert_eq!(parts.len(), 5);
        assert!(parts[..3].iter().all(Html::is_empty), "{parts:?}");
        assert!(parts[3].as_str().contains("job-assumptions"));
        assert!(parts[4].as_str().contains("breakeven-row"));
    }

    /// Typing in the hours box keeps the break-even distribution (its
    /// inputs did not change); a filter or the language makes it again;
    /// the flip search starts from the plan just made and finds what the
    /// whole plan finds.
    #[test]
    fn a_keystroke_recomputes_only_what_it_changes() {
        use crate::domain::plan::breakeven_inputs;
        let c = catalog();
        let mut kept = Kept::default();
        let (_, a) = results(c, "v=2&m=12&h=300", Locale::En, &mut kept);
        let first = kept.breakeven.clone().expect("kept");
        let (_, b) = results(c, "v=2&m=12&h=310", Locale::En, &mut kept);
        assert_eq!(a[4], b[4]);
        assert_ne!(a[0], b[0], "the summary follows the hours");
        assert_eq!(kept.breakeven.as_ref().map(|k| &k.0), Some(&first.0));
        assert_eq!(
            kept.plan.as_ref().map(|p| p.0.as_str()),
            Some("v=2&m=12&h=310")
        );
        let (_, z) = results(c, "v=2&m=12&h=310", Locale::ZhCn, &mut kept);
        assert_ne!(z[4], b[4], "another language renders it again");
        let (_, p) = results(c, "v=2&m=12&h=310&p=azure", Locale::ZhCn, &mut kept);
        assert_ne!(p[4], z[4], "a provider filter is one of its inputs");
        let (s, _) = crate::domain::link::parse_scenario("v=2&m=12&h=310&p=azure", c);
        assert_eq!(
            kept.breakeven.as_ref().map(|k| &k.0),
            Some(&breakeven_inputs(&s))
        );
        let (search, _) = flip_search(c, "v=2&m=12&h=310&p=azure", &kept).expect("a search");
        let full = crate::domain::plan::plan(c, &s).unwrap();
        assert_eq!(search.run(c), full.summary.what_changes);
    }
}
