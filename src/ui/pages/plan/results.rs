//! Everything the plan screen shows below its inputs, computed from a link,
//! as markup, in the order a keystroke needs it: the plan's summary
//! ([`summary`]: the answer a keystroke waits for); the charts, options
//! table, cost of the job and break-even distribution ([`details`], from
//! the plan the summary kept); what would change the plan's answer
//! ([`flip_search`]), which the worker runs a step at a time after both
//! have answered. It runs
//! in the plan worker (`src/worker.rs`), so the plan, job and chart
//! code is not in the app's first load and neither the flip search nor
//! the catalog-wide distribution stands between a keystroke and its
//! answer; it is pure, so it is tested natively. The page only makes the
//! link ([`query`]).
use crate::domain::compare::view::CompareView;
use crate::domain::link::{write_keys, LINK_VERSION, SCENARIO_KEYS};
use crate::domain::scenario::Scenario;

/// The link the worker gets for the plan of a scenario and the compare
/// view (what [`plan_scenario`](crate::domain::plan::plan_scenario) makes
/// of them): the scenario keys (`v` first), with the compare selection as
/// the planned offers (`o`) when there is one, else with the compare
/// screen's own filters ([`write_narrow`](crate::ui::link::write_narrow)),
/// and, for a link made with an older dataset, `then=` its date ([`THEN`]).
pub fn query(s: &Scenario, view: &CompareView, shared_on: Option<&str>) -> String {
    let mut out = vec![format!("v={LINK_VERSION}")];
    write_keys(
        SCENARIO_KEYS,
        &crate::domain::plan::with_selection(s, &view.selected),
        &mut out,
    );
    if view.selected.is_empty() {
        crate::ui::link::write_narrow(view, &mut out);
    }
    if let Some(d) = shared_on.and_then(|d| d.split('+').next()) {
        out.push(format!("{THEN}={}", crate::domain::link::encode(d)));
    }
    out.join("&")
}

/// The worker's key for the date of the dataset a link was shared with
/// (not a link key: the page adds it to the plan's request only).
pub const THEN: &str = "then";

/// The `then=` date of a plan request, if any.
#[cfg(feature = "worker-html")]
pub fn then_of(query: &str) -> Option<String> {
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("then="))
        .map(crate::domain::link::decode)
}

/// What the worker keeps from one plan request to the next, so that a
/// keystroke recomputes only what its input changes: the break-even
/// distribution (a pass over the whole catalog) is made again only when
/// its own inputs ([`breakeven_inputs`](crate::domain::plan::breakeven_inputs))
/// or the language change, the plan's pass over the catalog reuses each
/// offer's book of rates while only the hours and months change
/// ([`OfferBooks`](crate::domain::tco::OfferBooks)), and the details and the
/// flip search start from the plan the summary made for their link.
#[cfg(feature = "worker-html")]
#[derive(Default)]
pub struct PlanCache<'c> {
    /// The last distribution's inputs, language and pieces (error, markup).
    breakeven: Option<(Scenario, crate::ui::i18n::Locale, Piece)>,
    /// The last plan's link and plan.
    plan: Option<(String, crate::domain::plan::Plan)>,
    /// The last job report's link and report (the summary's headline and
    /// the details' job piece).
    job: Option<(String, JobResult)>,
    /// What the last plan's pass over the catalog left for the next.
    offers: Option<crate::domain::tco::OfferBooks<'c>>,
    /// The last link from an older dataset and its options then and now
    /// (None: not computable; the table is then left out).
    then: Option<(String, Option<crate::domain::tco::then::ThenNow>)>,
}

#[cfg(feature = "worker-html")]
type JobResult = Result<crate::domain::job::JobReport, crate::domain::error::EngineError>;

/// The job report of a link whose scenario has a job: the one kept for
/// it, else a new one, kept.
#[cfg(feature = "worker-html")]
fn kept_job<'k>(
    catalog: &crate::domain::catalog::Catalog,
    query: &str,
    s: &Scenario,
    kept: &'k mut PlanCache<'_>,
) -> Option<&'k JobResult> {
    s.job.as_ref()?;
    let (q, j) = match kept.job.take() {
        Some((q, j)) if q == query => (q, j),
        _ => (
            query.to_string(),
            crate::domain::job::job_report(catalog, s),
        ),
    };
    Some(&kept.job.insert((q, j)).1)
}

/// A rendered piece and the engine error code that emptied it.
#[cfg(feature = "worker-html")]
type Piece = (Option<String>, crate::ui::html::Html);

/// The summary of a scenario link's plan (the part a keystroke waits
/// for): the engine error code when the plan failed (the piece is then
/// empty; the page keeps showing its last good one), and the one piece.
/// The plan is kept for the details ([`details`]) and the flip search
/// ([`flip_search`]) asked for the same link after it.
#[cfg(feature = "worker-html")]
pub fn summary<'c>(
    catalog: &'c crate::domain::catalog::Catalog,
    query: &str,
    locale: crate::ui::i18n::Locale,
    kept: &mut PlanCache<'c>,
) -> (Option<String>, Vec<crate::ui::html::Html>) {
    use crate::ui::html::Html;
    use crate::ui::pages::plan::render;

    let (s, cx) = scenario(catalog, query, locale);
    // both kept first, then read together
    kept_job(catalog, query, &s, kept);
    if let Err(e) = kept_plan(catalog, query, &s, kept) {
        return (Some(e.code().to_string()), vec![Html::new()]);
    }
    let job = kept.job.as_ref().filter(|_| s.job.is_some());
    let job = job.and_then(|(_, j)| j.as_ref().ok());
    match &kept.plan {
        Some((_, p)) => (None, vec![render::summary(cx, p, s.narrow(), job)]),
        None => (None, vec![Html::new()]),
    }
}

/// Everything below the summary of a scenario link's plan but what would
/// change its answer ([`flip_search`]), from the plan [`summary`] kept for
/// the same link (else from a new one): the engine error code of the first
/// piece that failed (that piece is then empty; the page keeps showing its
/// last good one), and the pieces in page order: charts, options table,
/// job (empty when there is no job), break-even distribution. The
/// distribution is made again only when its own inputs or the language
/// changed. `history`: why the kept price history could not be had (a
/// link from an older dataset then says so in place of its prices then).
#[cfg(feature = "worker-html")]
pub fn details<'c>(
    catalog: &'c crate::domain::catalog::Catalog,
    query: &str,
    locale: crate::ui::i18n::Locale,
    kept: &mut PlanCache<'c>,
    history: Option<&str>,
) -> (Option<String>, Vec<crate::ui::html::Html>) {
    use crate::domain::plan::{breakeven_distribution, breakeven_inputs};
    use crate::ui::html::Html;
    use crate::ui::pages::plan::render;

    let (s, cx) = scenario(catalog, query, locale);
    let mut error = None;
    let mut fail = |e: &str| {
        error.get_or_insert_with(|| e.to_string());
        Html::new()
    };
    let (charts, options) = match kept_plan(catalog, query, &s, kept) {
        Ok(p) => {
            let mut options = render::options_table(cx, p);
            options.append(&render::bills(cx, p));
            (render::charts(cx, p), options)
        }
        Err(e) => (fail(e.code()), Html::new()),
    };
    // a link from an older dataset: each option then and now, made once
    // per link (an option that cannot be priced then leaves the table out,
    // never the options above it)
    let mut options = options;
    let plan = kept.plan.as_ref().filter(|(q, _)| q == query);
    if let (Some(why), Some(_), Some(_)) = (history, then_of(query), plan) {
        options.append(&render::then_missing(cx, why));
    } else if let (Some(date), Some((_, p))) = (then_of(query), plan) {
        let t = match kept.then.take() {
            Some((q, t)) if q == query => t,
            _ => crate::domain::plan::then_and_now(catalog, &s, p, &date)
                .ok()
                .flatten(),
        };
        if let Some(t) = &t {
            options.append(&render::then_now(cx, p, t));
        }
        kept.then = Some((query.to_string(), t));
    }
    let job = match kept_job(catalog, query, &s, kept) {
        Some(Ok(j)) => render::job(cx, j),
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
    (error, vec![charts, options, job, breakeven])
}

/// The scenario of a link and the context its pieces are written in.
#[cfg(feature = "worker-html")]
fn scenario<'c>(
    catalog: &'c crate::domain::catalog::Catalog,
    query: &str,
    locale: crate::ui::i18n::Locale,
) -> (Scenario, crate::ui::pages::plan::render::Ctx<'c>) {
    let s = crate::ui::link::scenario_of(query, catalog);
    let cx = crate::ui::pages::plan::render::Ctx {
        catalog,
        locale,
        currency: s.currency,
    };
    (s, cx)
}

/// The plan of a link: the one kept for it, else a new one, kept (a plan
/// that fails is not kept: the next part asking fails on its own).
#[cfg(feature = "worker-html")]
fn kept_plan<'c, 'k>(
    catalog: &'c crate::domain::catalog::Catalog,
    query: &str,
    s: &Scenario,
    kept: &'k mut PlanCache<'c>,
) -> Result<&'k crate::domain::plan::Plan, crate::domain::error::EngineError> {
    let (q, p) = match kept.plan.take() {
        Some((q, p)) if q == query => (q, p),
        _ => (
            query.to_string(),
            crate::domain::plan::plan_kept(catalog, s, &mut kept.offers)?,
        ),
    };
    Ok(&kept.plan.insert((q, p)).1)
}

/// The flip search for a scenario link, from the plan [`summary`] kept
/// for the same link (else from a new one, kept as [`summary`] keeps it),
/// and the currency its answer is written in; None when the plan fails or
/// has no cheapest option (there is nothing to flip from).
#[cfg(feature = "worker-html")]
pub fn flip_search<'c>(
    catalog: &'c crate::domain::catalog::Catalog,
    query: &str,
    kept: &mut PlanCache<'c>,
) -> Option<(
    crate::domain::plan::FlipSearch<'c>,
    crate::domain::catalog::Currency,
)> {
    let s = crate::ui::link::scenario_of(query, catalog);
    let p = kept_plan(catalog, query, &s, kept).ok()?;
    Some((
        crate::domain::plan::FlipSearch::new(catalog, &s, p)?,
        s.currency,
    ))
}

#[cfg(all(test, feature = "worker-html"))]
mod tests {
    use super::*;

    use crate::domain::catalog::Catalog;
    use crate::domain::embedded::test_catalog as catalog;
    use crate::ui::html::Html;
    use crate::ui::i18n::Locale;

    /// The summary, then the details, as the page asks for them: the first
    /// error and the five pieces in page order.
    fn results<'c>(
        c: &'c Catalog,
        q: &str,
        locale: Locale,
        kept: &mut PlanCache<'c>,
    ) -> (Option<String>, Vec<Html>) {
        let (e1, mut pieces) = summary(c, q, locale, kept);
        let (e2, rest) = details(c, q, locale, kept, None);
        pieces.extend(rest);
        (e1.or(e2), pieces)
    }

    /// The summary makes the plan only (no break-even distribution, no
    /// job); the details read the plan it kept for their link, and are the
    /// same made from a new one, after a summary for another link, or with
    /// no summary at all.
    #[test]
    fn the_summary_makes_the_plan_only_and_the_details_read_it() {
        let c = catalog();
        let q = "v=2&m=12&h=300&jk=resnet50";
        let mut kept = PlanCache::default();
        let (error, s) = summary(c, q, Locale::En, &mut kept);
        assert_eq!(error, None);
        assert_eq!(s.len(), 1);
        assert!(s[0].as_str().contains("plan-cheapest"), "{:?}", s[0]);
        assert!(kept.breakeven.is_none(), "no distribution for a summary");
        assert_eq!(kept.plan.as_ref().map(|p| p.0.as_str()), Some(q));
        let (_, d) = details(c, q, Locale::En, &mut kept, None);
        assert_eq!(d.len(), 4);
        assert!(d[0].as_str().contains("chart-line"));
        assert!(d[1].as_str().contains("plan-option"));
        assert!(d[2].as_str().contains("job-assumptions"));
        assert!(d[3].as_str().contains("breakeven-row"));
        assert_eq!(
            details(c, q, Locale::En, &mut PlanCache::default(), None).1,
            d
        );
        let mut other = PlanCache::default();
        summary(c, "v=2&m=3&h=100", Locale::En, &mut other);
        assert_eq!(details(c, q, Locale::En, &mut other, None).1, d);
        assert_eq!(other.plan.as_ref().map(|p| p.0.as_str()), Some(q));
    }

    #[test]
    fn a_plan_link_gives_every_part_and_round_trips_the_offers() {
        let c = catalog();
        let s = Scenario {
            months: 7,
            ..Scenario::default()
        };
        let view = CompareView {
            selected: vec![c.offers[0].id.clone()],
            q: "not for a selection".into(),
            ..CompareView::default()
        };
        let q = query(&s, &view, None);
        assert_eq!(
            crate::ui::link::scenario_of(&q, c),
            crate::domain::plan::plan_scenario(&s, &view)
        );
        assert!(
            q.starts_with("v=2&") && q.contains("o=") && q.contains("m=7"),
            "{q}"
        );
        let (error, parts) = results(c, &q, Locale::En, &mut PlanCache::default());
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
            &mut PlanCache::default(),
        );
        assert!(j[3].as_str().contains("job-assumptions"), "{:?}", j[3]);
    }

    /// The compare screen's own filters go to the worker with the
    /// scenario, are read back as they were, and the plan says it used them.
    #[test]
    fn the_compare_screens_filters_reach_the_plan_and_are_named() {
        use crate::domain::catalog::Fabric;
        let c = catalog();
        let s = Scenario {
            months: 5,
            ..Scenario::default()
        };
        let view = CompareView {
            q: "A100 us-east".into(),
            fab: vec![Fabric::NvLink],
            max_price: Some(rust_decimal::Decimal::new(45, 0)),
            page: 3,
            ..CompareView::default()
        };
        let q = query(&s, &view, None);
        assert_eq!(q, "v=2&m=5&q=A100+us-east&maxp=45&fab=nvlink");
        // the worker reads what the plan engine is given for them
        let read = crate::ui::link::scenario_of(&q, c);
        assert!(read.narrow().is_some());
        assert_eq!(read, crate::domain::plan::plan_scenario(&s, &view));
        let (error, parts) = summary(c, &q, Locale::En, &mut PlanCache::default());
        assert_eq!(error, None);
        let text = parts[0].as_str();
        assert!(
            text.contains("plan-narrow")
                && text.contains("“A100 us-east”, NVLink")
                && text.contains("≤ $45.00/h"),
            "{text}"
        );
        let (_, zh) = summary(c, &q, Locale::ZhCn, &mut PlanCache::default());
        assert!(
            zh[0]
                .as_str()
                .contains("比较页自身的筛选条件同样适用：“A100 us-east”、"),
            "{:?}",
            zh[0]
        );
        // none set: nothing said, nothing written
        assert_eq!(
            query(&Scenario::default(), &CompareView::default(), None),
            "v=2"
        );
        let (_, plain) = summary(c, "v=2", Locale::En, &mut PlanCache::default());
        assert!(!plain[0].as_str().contains("plan-narrow"));
    }

    /// A link shared with an older dataset: the plan's request carries
    /// its date, and the options come with their cost on that date's
    /// prices beside today's (p5.48xlarge on-demand, one month at 730 h:
    /// 98.32 × 730 = 71,773.60 then, 55.04 × 730 = 40,179.20 now, −44.0 %;
    /// its 1-year reservation is dated after the link: not in the history).
    #[test]
    fn a_link_from_an_older_dataset_prices_each_option_then_and_now() {
        let c = catalog();
        let s = Scenario {
            months: 1,
            billing_models: vec![
                crate::domain::scenario::BillingModel::OnDemand,
                crate::domain::scenario::BillingModel::Ri1No,
            ],
            ..Scenario::default()
        };
        let view = CompareView {
            selected: vec!["aws:us-east-1:p5.48xlarge".into()],
            ..CompareView::default()
        };
        let q = query(&s, &view, Some("2025-03-01+0123abcd"));
        assert!(q.ends_with("&then=2025-03-01"), "{q}");
        let (error, parts) = details(c, &q, Locale::En, &mut PlanCache::default(), None);
        assert_eq!(error, None);
        let t = parts[1].as_str();
        let od = t
            .split("data-testid=\"then-now-row\"")
            .skip(1)
            .find(|r| r.contains("data-model=\"od\""))
            .expect("an on-demand row");
        assert!(
            od.contains("$71,773.60") && od.contains("$40,179.20") && od.contains("−44 %"),
            "{od}"
        );
        let ri = t
            .split("data-testid=\"then-now-row\"")
            .skip(1)
            .find(|r| r.contains("data-model=\"ri1n\""))
            .expect("a reservation row");
        assert!(ri.contains("not in the price history"), "{ri}");
        // without the date, no such table
        let plain = query(&s, &view, None);
        let (_, parts) = details(c, &plain, Locale::En, &mut PlanCache::default(), None);
        assert!(!parts[1].as_str().contains("then-now"));
    }

    /// A `then=` that is not a date the catalog reads (a day, a month as
    /// `2024-12`, or a year; the request is the page's, but a worker
    /// answers whatever it is sent) draws no table,
    /// fails nothing and never echoes markup: the options are as without it.
    #[test]
    fn a_hostile_then_date_draws_no_table_and_fails_nothing() {
        let c = catalog();
        let q = "v=2&m=1&bm=od&o=aws:us-east-1:p5.48xlarge";
        let (_, plain) = details(c, q, Locale::En, &mut PlanCache::default(), None);
        for bad in [
            "",
            "2025-13-45",
            "9999-99-99",
            "2025-03-01%3Cscript%3E",
            "<img src=x onerror=alert(1)>",
            "2025-3-1x",
            "../../etc/passwd",
        ] {
            let hostile = format!("{q}&then={bad}");
            let (error, parts) = details(c, &hostile, Locale::En, &mut PlanCache::default(), None);
            assert_eq!(error, None, "{bad}");
            let all: String = parts.iter().map(Html::as_str).collect();
            assert!(!all.contains("then-now"), "{bad}: a table");
            assert!(
                !all.contains("<img") && !all.contains("<script"),
                "{bad}: echoed"
            );
            assert_eq!(parts[1], plain[1], "{bad}: the options changed");
        }
    }

    /// With a job, the summary's headline is the job's answer (per
    /// million tokens for a served model), and the plan's own cheapest
    /// option says it is for the horizon's hours; without, the plan's is.
    #[test]
    fn with_a_job_the_headline_is_the_jobs_answer() {
        let c = catalog();
        let g7e8 = "aws:us-east-1:g7e.8xlarge";
        let q = format!("v=2&jk=llm_serve&jp=70&jtps=1000&o={g7e8}&bm=od");
        let (error, parts) = summary(c, &q, Locale::En, &mut PlanCache::default());
        assert_eq!(error, None);
        let t = parts[0].as_str();
        let head = t.find("plan-job-answer").expect(t);
        assert!(head < t.find("plan-cheapest").unwrap(), "{t}");
        assert!(
            t.contains("<strong>Cheapest for this service: AWS g7e.8xlarge"),
            "{t}"
        );
        assert!(t.contains("per million tokens ($7,691.63 for its"), "{t}");
        assert!(
            t.contains("That is for the horizon's own hours, not the job."),
            "{t}"
        );
        // the same report makes the details' job piece
        let mut kept = PlanCache::default();
        summary(c, &q, Locale::En, &mut kept);
        let (_, d) = details(c, &q, Locale::En, &mut kept, None);
        assert!(d[2].as_str().contains("$7,691.63"), "{:?}", d[2]);
        // a served model's hours are the same everywhere: no "fastest"
        // list repeating the cheapest one; a training job's differ
        let two =
            format!("v=2&jk=llm_serve&jp=70&jtps=1000&o={g7e8},aws:us-east-1:p5.48xlarge&bm=od");
        let mut kept = PlanCache::default();
        let (_, d) = details(c, &two, Locale::En, &mut kept, None);
        assert!(
            d[2].as_str().contains("job-same-hours") && !d[2].as_str().contains("job-fastest"),
            "{:?}",
            d[2]
        );
        let train =
            "v=2&jk=resnet50&o=azure:eastus:Standard_NC24ads_A100_v4,aws:us-east-1:p4d.24xlarge";
        let (_, d) = details(c, train, Locale::En, &mut PlanCache::default(), None);
        assert!(
            d[2].as_str().contains("job-fastest") && !d[2].as_str().contains("job-same-hours"),
            "{:?}",
            d[2]
        );
        // the decision cost comes before the basis sentence in a row
        let row = d[2]
            .as_str()
            .split("data-testid=\"job-row\"")
            .nth(1)
            .unwrap();
        assert!(
            row.find("job-cost").unwrap() < row.find("class=\"basis\"").unwrap(),
            "{row}"
        );
        // a training job: the whole job's cost
        let (_, r) = summary(
            c,
            "v=2&jk=resnet50&o=azure:eastus:Standard_NC24ads_A100_v4",
            Locale::ZhCn,
            &mut PlanCache::default(),
        );
        assert!(r[0].as_str().contains("本作业最便宜"), "{:?}", r[0]);
        // no job: the plan's answer is the headline
        let (_, p) = summary(c, "v=2&m=3", Locale::En, &mut PlanCache::default());
        assert!(
            p[0].as_str()
                .contains("<p data-testid=\"plan-cheapest\"><strong>Cheapest for this plan"),
            "{:?}",
            p[0]
        );
        assert!(!p[0].as_str().contains("plan-job-answer"));
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
            &mut PlanCache::default(),
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
        let mut kept = PlanCache::default();
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
        let (search, _) = flip_search(c, "v=2&m=12&h=310&p=azure", &mut kept).expect("a search");
        let full = crate::domain::plan::plan(c, &s).unwrap();
        assert_eq!(search.run(c), full.summary.what_changes);
    }

    /// A keystroke after another answers what a first request answers:
    /// typing the hours, the months, then another input, with one worker's
    /// keep (the offers' books kept while only the hours and months change,
    /// the distribution, the plan) and with a new one for each request.
    #[test]
    fn what_is_kept_answers_what_a_new_worker_answers() {
        let c = catalog();
        let mut kept = PlanCache::default();
        for q in [
            "v=2&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix",
            "v=2&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix&h=3",
            "v=2&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix&h=30",
            "v=2&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix&h=300",
            "v=2&m=3&bm=od,ri1n,ri1a,ri3n,spot,mix&h=300",
            "v=2&m=3&bm=od,ri1n,ri1a,ri3n,spot,mix&h=300&cur=CNY",
            "v=2&m=3&bm=od,ri1n,ri1a,ri3n,spot,mix&h=700&cur=CNY&eg=900",
            "v=2&m=3&bm=od,ri1n&h=700&cur=CNY&eg=900&gpus=8",
            "v=2&m=30&bm=od,ri1n&h=70&cur=CNY&eg=900&gpus=8",
        ] {
            let kept_answer = results(c, q, Locale::En, &mut kept);
            assert_eq!(
                kept_answer,
                results(c, q, Locale::En, &mut PlanCache::default()),
                "{q}"
            );
            assert!(kept_answer.0.is_none(), "{q}: {:?}", kept_answer.0);
        }
        assert!(kept.offers.is_some());
    }
}
