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

#[cfg(test)]
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

    /// TEMPORARY: the templates render what the hand-written markup did.
    #[test]
    fn the_templates_render_what_the_hand_written_markup_did() {
        use crate::domain::job::job_report;
        use crate::domain::link::parse_scenario;
        use crate::domain::plan::{breakeven_distribution, plan};
        use crate::ui::components::chart::old::normalise;
        use crate::ui::pages::plan::render::{old, Ctx};
        let hostile = overflowing();
        let links = [
            ("v=2", Locale::En),
            ("v=2&gpu=a100-40-sxm&gpus=8&h=168&m=1&bm=od,ri1n,spot", Locale::En),
            ("v=2&gpu=a100-40-sxm&gpus=8&h=500&m=18", Locale::ZhCn),
            ("v=2&jk=resnet50&gpu=a100-80-sxm,t4&gpus=1", Locale::En),
            ("v=2&jk=bert_large&gpu=h100-80-sxm&gpus=8&cur=CNY", Locale::ZhCn),
            ("v=2&jk=llm_train&jp=70&jt=2000&gpus=64&mfu=35", Locale::En),
            ("v=2&jk=llm_serve&jp=405&jtps=5000&jh=300&gpus=8", Locale::ZhCn),
            ("v=2&bm=spot,mix,od&si=gt20&ck=30&ro=5&job=400&dl=500&mix=70&mixb=ri1n", Locale::En),
            ("v=2&p=alibaba,tencent&cur=CNY&fmd=30&cr=3000cny&crx=3&stu=30off&bm=od,sub,inst", Locale::ZhCn),
            ("v=2&p=aws,azure&eg=5000&xr=200&st=2000&bw=100&disc=40&h=300&m=36&bm=od,ri3a,sp3", Locale::En),
            ("v=2&o=aws:us-east-1:p4d.24xlarge,nope:x:y&m=60&h=744&gpus=4096", Locale::En),
            ("v=2&o=nope:x:y", Locale::ZhCn),
            ("v=2&p=aws&r=aws:us-east-1&ur=aws:us-east-1:eg~1000000000&eg=1000000000&m=60&jk=resnet50", Locale::En),
            ("v=2&cur=CNY&fx=1000&p=aws&ur=aws:us-east-1:st~1000000000&st=1000000000&m=60", Locale::ZhCn),
            ("v=2&ur=aws:mars-1:eg~0.1&jk=resnet50", Locale::ZhCn),
            ("v=2&h=100.123456789123&jk=llm_train", Locale::En),
            ("v=2&gpus=4096&vram=1000000&h=744&m=60&eg=1000000000&cr=1000000000&bw=1000000", Locale::En),
        ];
        let mut errors = 0;
        let mut all = String::new();
        let ids: Vec<&str> = catalog()
            .offers
            .iter()
            .take(14)
            .map(|o| o.id.as_str())
            .collect();
        let many = format!("v=2&o={}&jk=llm_serve&jp=2000&jtps=1", ids.join(","));
        let runs = links.iter().map(|(q, l)| (catalog(), *q, *l)).chain([
            (catalog(), many.as_str(), Locale::En),
            (
                catalog(),
                "v=2&jk=llm_train&jp=405&gpus=1&bm=od",
                Locale::ZhCn,
            ),
            (&hostile, "v=2&jk=llm_serve&m=60&h=744", Locale::En),
            (&hostile, "v=2&cur=CNY", Locale::ZhCn),
        ]);
        for (c, q, locale) in runs {
            let (s, _) = parse_scenario(q, c);
            let cx = Ctx {
                catalog: c,
                locale,
                currency: s.currency,
            };
            let mut error = None;
            let mut was: [String; 5] = Default::default();
            match plan(c, &s) {
                Ok(p) => {
                    was[0] = old::summary(cx, &p);
                    was[1] = old::charts(cx, &p);
                    was[2] = old::options_table(cx, &p);
                }
                Err(e) => error = error.or(Some(e.code().to_string())),
            }
            if s.job.is_some() {
                match job_report(c, &s) {
                    Ok(j) => was[3] = old::job(cx, &j),
                    Err(e) => error = error.or(Some(e.code().to_string())),
                }
            }
            match breakeven_distribution(c, &s) {
                Ok(d) => was[4] = old::breakeven(cx, &d),
                Err(e) => error = error.or(Some(e.code().to_string())),
            }
            let (err, now) = results(c, q, locale);
            assert_eq!(err, error, "{q}");
            errors += usize::from(err.is_some());
            eprintln!(
                "{q}: {err:?} {:?}",
                now.iter().map(|h| h.len()).collect::<Vec<_>>()
            );
            for h in &now {
                all.push_str(h.as_str());
            }
            for (i, (n, w)) in now.iter().zip(&was).enumerate() {
                assert_eq!(normalise(n.as_str()), normalise(w), "{q} piece {i}");
            }
        }
        let seen: Vec<_> = [
            "plan-auto",
            "plan-dropped",
            "plan-none",
            "plan-incomplete",
            "plan-saving",
            "plan-upfront",
            "plan-breakeven\"",
            "plan-spot-odds",
            "<ul data-testid=\"plan-flips",
            "<p data-testid=\"plan-flips",
            "chart-note",
            "chart-owed\"",
            "chart-owed-key",
            "chart-marker",
            "chart-net",
            "class=\"best\"",
            "tag warn",
            "job-skipped",
            "job-fastest",
            "breakeven-median",
            "¥",
            "'",
        ]
        .into_iter()
        .filter(|t| !all.contains(t))
        .collect();
        assert!(seen.is_empty(), "not seen: {seen:?}");
        assert_eq!(errors, 2, "the overflowing catalog's links fail");
    }
}
