//! The plan screen's results as markup: the summary in sentences, the
//! options table (also the charts' table alternative) and the break-even
//! distribution. Pure functions of engine results and a locale, tested
//! natively; the screen sets them as `inner_html`, so these read-only parts
//! cost no per-element view code in the wasm. Every text is escaped.
use std::fmt::Write;

use rust_decimal::Decimal;

use crate::domain::catalog::{Catalog, Currency, OfferId};
use crate::domain::job::{JobKind, JobReport, ThroughputBasis};
use crate::domain::plan::{Best, BreakEvenDistribution, Figure, Flip, Plan, PlanOption};
#[cfg(test)]
use crate::domain::scenario::Scenario;
use crate::domain::scenario::{decimal_from_f64, BillingModel};
use crate::ui::components::chart::{
    line_chart, stacked_bars, Bar, BarsData, ChartData, Marker, Series,
};
use crate::ui::format::{self, esc};
use crate::ui::i18n::{fill, Locale, Msg, Rt, Text};
use crate::ui::labels::{figure_msg, model_msg, model_tag, provider_msg};

/// Everything a render needs besides the result.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub catalog: &'a Catalog,
    pub locale: Locale,
    pub currency: Currency,
}

impl Ctx<'_> {
    pub fn t(&self, m: impl Text) -> &'static str {
        m.text(self.locale)
    }
    pub fn money(&self, d: Decimal) -> String {
        format::money(d, self.currency, self.locale)
    }
    /// `provider instance · region` as the catalog names it.
    pub fn offer(&self, id: &OfferId) -> String {
        match self.catalog.offer(id) {
            Some(o) => format!(
                "{} {} · {}",
                self.t(provider_msg(o.provider)),
                o.instance_type,
                self.catalog
                    .region(o.provider, &o.region)
                    .map(|r| format::region_name(r, self.locale))
                    .unwrap_or_else(|| o.region.to_string())
            ),
            None => id.to_string(),
        }
    }
    pub fn model(&self, m: BillingModel) -> &'static str {
        self.t(model_msg(m))
    }
    fn option(&self, offer: &OfferId, m: BillingModel) -> String {
        format!("{} — {}", self.offer(offer), self.model(m))
    }
}

fn p(out: &mut String, testid: &str, text: &str) {
    let _ = write!(out, "<p data-testid=\"{testid}\">{}</p>", esc(text));
}

/// The plan's answer in sentences.
pub fn summary(cx: Ctx, plan: &Plan) -> String {
    let s = &plan.summary;
    let mut out = String::new();
    if plan.auto_selected {
        p(&mut out, "plan-auto", cx.t(Rt::PlanAutoPicked));
    }
    if !plan.dropped.is_empty() {
        p(
            &mut out,
            "plan-dropped",
            &fill(cx.t(Rt::PlanDropped), &[&plan.dropped.len().to_string()]),
        );
    }
    let Some(best) = &s.cheapest else {
        p(&mut out, "plan-none", cx.t(Rt::PlanNothing));
        return out;
    };
    let months = plan.months.to_string();
    let hours = format::plain(plan.hours_per_month, cx.locale);
    p(
        &mut out,
        "plan-cheapest",
        &fill(
            cx.t(Rt::PlanCheapest),
            &[
                &cx.option(&best.offer, best.model),
                &cx.money(best.decision_cost),
                &months,
                &hours,
                &cx.money(best.paid),
                &cx.money(best.still_owed),
            ],
        ),
    );
    if !best.complete {
        p(&mut out, "plan-incomplete", cx.t(Rt::PlanIncomplete));
    }
    match (
        s.on_demand_decision_cost,
        s.saving_vs_on_demand,
        s.saving_vs_on_demand_pct,
    ) {
        (Some(od), Some(save), Some(pct)) if best.model != BillingModel::OnDemand => p(
            &mut out,
            "plan-saving",
            &fill(
                cx.t(Rt::PlanSaving),
                &[
                    &cx.money(save),
                    &format::number(pct, 1, cx.locale),
                    &cx.money(od),
                ],
            ),
        ),
        _ if best.model == BillingModel::OnDemand => p(
            &mut out,
            "plan-saving",
            &fill(cx.t(Rt::PlanOnDemandWins), &[&hours, &months]),
        ),
        _ => {}
    }
    if best.upfront > Decimal::ZERO {
        p(
            &mut out,
            "plan-upfront",
            &fill(cx.t(Rt::PlanUpfront), &[&cx.money(best.upfront)]),
        );
    }
    if let Some(m) = s.breakeven_month {
        p(
            &mut out,
            "plan-breakeven",
            &fill(cx.t(Rt::PlanBreakevenMonth), &[&m.to_string()]),
        );
    }
    // (through Decimal: float formatting would add ~5 KB to the wasm)
    let odds = s
        .spot_completion_probability
        .and_then(|pr| decimal_from_f64("p", (pr * 100.0).clamp(0.0, 100.0)).ok());
    if let Some(pct) = odds {
        let pct = format::number(pct, 1, cx.locale);
        p(
            &mut out,
            "plan-spot-odds",
            &fill(cx.t(Rt::PlanSpotOdds), &[&pct]),
        );
    }
    let w = &s.what_changes;
    let flip = |f: &Option<Flip>, msg: Rt| -> Option<String> {
        f.as_ref().map(|f| {
            let at = format::plain(f.at, cx.locale);
            fill(
                cx.t(msg),
                &[
                    &at,
                    &cx.option(&f.best.offer, f.best.model),
                    &cx.money(f.best.decision_cost),
                ],
            )
        })
    };
    let changes: Vec<String> = [
        flip(&w.months_shorter, Rt::PlanFlipMonths),
        flip(&w.months_longer, Rt::PlanFlipMonths),
        flip(&w.hours_lower, Rt::PlanFlipHours),
        flip(&w.hours_higher, Rt::PlanFlipHours),
    ]
    .into_iter()
    .flatten()
    .collect();
    if changes.is_empty() {
        p(&mut out, "plan-flips", cx.t(Rt::PlanNoFlip));
    } else {
        let _ = write!(
            out,
            "<p>{}</p><ul data-testid=\"plan-flips\">",
            esc(cx.t(Rt::PlanWhatChanges))
        );
        for c in changes {
            let _ = write!(out, "<li>{}</li>", esc(&c));
        }
        out.push_str("</ul>");
    }
    out
}

/// Most options drawn in the charts (the table lists every one).
pub const CHART_OPTIONS: usize = 8;

/// The options the charts draw: the cheapest [`CHART_OPTIONS`] by decision
/// cost (complete first), plus the on-demand line of the cheapest option's
/// offer as the reference when it would not be among them.
fn charted(plan: &Plan) -> Vec<&PlanOption> {
    let mut v: Vec<&PlanOption> = plan.options.iter().collect();
    // insertion sort: a few dozen options, and no extra sort code in the wasm
    for i in 1..v.len() {
        let mut j = i;
        while j > 0
            && (!v[j].complete, v[j].decision_cost) < (!v[j - 1].complete, v[j - 1].decision_cost)
        {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
    v.truncate(CHART_OPTIONS);
    if let Some(b) = &plan.summary.cheapest {
        let od = plan
            .options
            .iter()
            .find(|o| o.offer == b.offer && o.model == BillingModel::OnDemand);
        if let Some(od) = od {
            if !v.iter().any(|o| std::ptr::eq(*o, od)) {
                v.pop();
                v.push(od);
            }
        }
    }
    v
}

fn f(d: Decimal) -> f64 {
    use rust_decimal::prelude::ToPrimitive;
    d.to_f64().unwrap_or(0.0)
}

/// The cumulative-cost chart and the components chart (markup), with a
/// note when some options are left out of them.
pub fn charts(cx: Ctx, plan: &Plan) -> String {
    let opts = charted(plan);
    let label = |o: &PlanOption| -> String {
        match cx.catalog.offer(&o.offer) {
            Some(x) => format!(
                "{} {} · {} · {}",
                cx.t(provider_msg(x.provider)),
                x.instance_type,
                x.region,
                cx.t(model_tag(o.model))
            ),
            None => format!("{} · {}", o.offer, cx.t(model_tag(o.model))),
        }
    };
    let mut series = Vec::new();
    let mut markers = Vec::new();
    let mut bars = Vec::new();
    for (i, o) in opts.iter().enumerate() {
        series.push(Series {
            label: label(o),
            color: i as u8,
            values: o.cumulative.iter().map(|d| f(*d)).collect(),
            owed_after: f(o.still_owed),
        });
        let c = &o.components;
        bars.push(Bar {
            label: label(o),
            values: vec![
                f(c.usage),
                f(c.upfront),
                f(c.commitment),
                f(c.data),
                f(c.credits + c.credits_on_owed),
                f(c.still_owed),
            ],
        });
        let cross = plan
            .crossings
            .iter()
            .find(|x| x.offer == o.offer && x.model == o.model)
            .and_then(|x| x.month);
        if let Some(m) = cross {
            markers.push(Marker {
                series: i,
                month: m,
                label: fill(cx.t(Rt::PlanMarker), &[&m.to_string()]),
            });
        }
    }
    let months = plan.months.to_string();
    let mut out = String::new();
    if opts.len() < plan.options.len() {
        p(
            &mut out,
            "chart-note",
            &fill(
                cx.t(Rt::PlanChartNote),
                &[&opts.len().to_string(), &plan.options.len().to_string()],
            ),
        );
    }
    let summary = fill(
        cx.t(Rt::PlanChartSummary),
        &[&opts.len().to_string(), &months],
    );
    let line = ChartData {
        series,
        markers,
        months: plan.months,
    };
    let _ = write!(out, "<h3>{}</h3>", esc(cx.t(Rt::PlanChartTitle)));
    out.push_str(&line_chart(
        &line,
        cx.locale,
        cx.currency,
        &fill(cx.t(Rt::PlanChartCaption), &[&months]),
        &summary,
    ));
    let parts = [
        Rt::PlanColUsage,
        Rt::PlanColUpfront,
        Rt::PlanColCommitment,
        Rt::PlanColData,
        Rt::PlanColCredits,
        Rt::PlanColOwed,
    ]
    .into_iter()
    .map(|m| cx.t(m).to_string())
    .collect();
    let _ = write!(out, "<h3>{}</h3>", esc(cx.t(Rt::PlanBarsTitle)));
    out.push_str(&stacked_bars(
        &BarsData { bars, parts },
        cx.locale,
        cx.currency,
        cx.t(Rt::PlanBarsTitle),
        &summary,
    ));
    out
}

/// One row per option: components, paid, owed, decision cost, break-even
/// month (the charts' table alternative).
pub fn options_table(cx: Ctx, plan: &Plan) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<table class=\"plan-options\" data-testid=\"plan-options\"><caption>{}</caption><thead><tr>",
        esc(&fill(cx.t(Rt::PlanOptionsCaption), &[&plan.months.to_string()]))
    );
    let heads = std::iter::once(Rt::PlanColOption)
        .chain(Figure::ALL.map(figure_msg))
        .chain([Rt::PlanColBreakeven]);
    for m in heads {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(cx.t(m)));
    }
    out.push_str("</tr></thead><tbody>");
    let best = plan.summary.cheapest.as_ref();
    for o in &plan.options {
        let is_best = best.is_some_and(|b: &Best| b.offer == o.offer && b.model == o.model);
        let cross = plan
            .crossing(o)
            .map_or_else(|| "—".to_string(), |m| m.to_string());
        let mut tags = String::new();
        for (on, m) in [
            (is_best, cx.t(Rt::PlanBestTag)),
            (o.baseline, cx.t(Rt::PlanBaselineTag)),
            (!o.complete, cx.t(Rt::IncompleteTag)),
            (o.assumed, cx.t(Msg::AssumedTag)),
            (o.indicative, cx.t(Msg::IndicativeTag)),
        ] {
            if on {
                let _ = write!(tags, " <span class=\"tag\">{}</span>", esc(m));
            }
        }
        let _ = write!(
            out,
            "<tr data-testid=\"plan-option\" data-offer=\"{}\" data-model=\"{}\"{}><th scope=\"row\">{}{tags}</th>",
            esc(&o.offer),
            o.model.code(),
            if is_best { " class=\"best\"" } else { "" },
            esc(&cx.option(&o.offer, o.model)),
        );
        let v = o.figures();
        for x in &v[..7] {
            let _ = write!(out, "<td>{}</td>", esc(&cx.money(*x)));
        }
        let _ = write!(
            out,
            "<td data-testid=\"plan-decision\"><strong>{}</strong></td><td>{}</td></tr>",
            esc(&cx.money(v[7])),
            cross
        );
    }
    out.push_str("</tbody></table>");
    out
}

/// Break-even across the catalog: a sentence on the articles' figure, then
/// the distribution per provider × commitment model.
pub fn breakeven(cx: Ctx, d: &BreakEvenDistribution) -> String {
    let mut out = String::new();
    let claim = d.article_claim_hours.to_string();
    let (mut holds, mut fails) = (Vec::new(), Vec::new());
    for g in &d.groups {
        let name = format!("{} {}", cx.t(provider_msg(g.provider)), cx.model(g.model));
        match g.median_hours {
            Some(m) if m <= Decimal::from(d.article_claim_hours) => holds.push(name),
            Some(_) => fails.push(name),
            None => {}
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "—".to_string()
        } else {
            v.join(if cx.locale == Locale::ZhCn {
                "、"
            } else {
                "; "
            })
        }
    };
    p(
        &mut out,
        "breakeven-sentence",
        &fill(
            cx.t(Rt::BreakevenClaim),
            &[&claim, &list(&holds), &list(&fails)],
        ),
    );
    let _ = write!(
        out,
        "<div class=\"table-wrap\"><table class=\"plan-options\" data-testid=\"breakeven-table\"><caption>{}</caption><thead><tr>",
        esc(&fill(cx.t(Rt::BreakevenCaption), &[&claim]))
    );
    for m in [
        cx.t(Msg::ColProvider),
        cx.t(Rt::BreakevenModel),
        cx.t(Rt::BreakevenOffers),
        cx.t(Rt::BreakevenMedian),
        cx.t(Rt::BreakevenRange),
        cx.t(Rt::BreakevenAtClaim),
        cx.t(Rt::BreakevenNever),
    ] {
        let _ = write!(out, "<th scope=\"col\">{}</th>", esc(&fill(m, &[&claim])));
    }
    out.push_str("</tr></thead><tbody>");
    let h = |v: Option<Decimal>| {
        v.map(|x| format::number(x, 0, cx.locale))
            .unwrap_or_else(|| "—".into())
    };
    for g in &d.groups {
        let range = match (g.min_hours, g.max_hours) {
            (Some(a), Some(b)) => format!("{}–{}", h(Some(a)), h(Some(b))),
            _ => "—".into(),
        };
        let _ = write!(
            out,
            "<tr data-testid=\"breakeven-row\" data-provider=\"{}\" data-model=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td data-testid=\"breakeven-median\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            g.provider.code(),
            g.model.code(),
            esc(cx.t(provider_msg(g.provider))),
            esc(cx.model(g.model)),
            g.offers,
            h(g.median_hours),
            range,
            g.at_or_below_claim,
            g.never_pays_off
        );
    }
    out.push_str("</tbody></table></div>");
    out
}

/// Most offers listed as cheapest / fastest for a job.
pub const JOB_LIST: usize = 10;

fn basis_text(cx: Ctx, b: &ThroughputBasis) -> String {
    match b {
        ThroughputBasis::Measured { as_of, gpus, .. } => {
            fill(cx.t(Rt::JobMeasured), &[&gpus.to_string(), as_of])
        }
        ThroughputBasis::Scaled {
            measured_gpus,
            scaling_pct,
            as_of,
            ..
        } => fill(
            cx.t(Rt::JobScaled),
            &[
                &measured_gpus.to_string(),
                &format::plain(*scaling_pct, cx.locale),
                as_of,
            ],
        ),
        ThroughputBasis::Estimate {
            tflops_dense,
            efficiency_pct,
            ..
        } => fill(
            cx.t(Rt::JobEstimate),
            &[
                &format::plain(*tflops_dense, cx.locale),
                &format::plain(*efficiency_pct, cx.locale),
            ],
        ),
        // issue 25 (engine side): an estimate from the nearest measured GPU of
        // the same architecture; the UI's own wording is still to come
        ThroughputBasis::SameArchitecture {
            reference_gpu,
            ratio,
            ..
        } => fill(
            cx.t(Rt::JobEstimate),
            &[
                reference_gpu.as_str(),
                &format::plain(*ratio * Decimal::ONE_HUNDRED, cx.locale),
            ],
        ),
    }
}

/// The cost of a job: its assumptions, then the cheapest and the fastest
/// offers for it, and how many offers have no figure and why.
pub fn job(cx: Ctx, r: &JobReport) -> String {
    let j = &r.job;
    let n = |d: Decimal| format::plain(d, cx.locale);
    let eff = n(j.efficiency_pct());
    let assumptions = match j.kind {
        JobKind::Resnet50 | JobKind::BertLarge => fill(
            cx.t(Rt::JobAboutSamples),
            &[
                &n(j.epochs()),
                &n(j.samples()),
                &n(r.work),
                &n(j.scaling_pct()),
                &eff,
            ],
        ),
        JobKind::LlmTrain => fill(
            cx.t(Rt::JobAboutTrain),
            &[&n(j.params_b()), &n(j.tokens_b()), &n(r.work), &eff],
        ),
        JobKind::LlmServe => fill(
            cx.t(Rt::JobAboutServe),
            &[
                &n(j.serve_tokens_per_s()),
                &n(j.serve_hours()),
                &n(j.params_b()),
                &eff,
            ],
        ),
    };
    let mut out = String::new();
    p(&mut out, "job-assumptions", &assumptions);
    let find = |id: &OfferId| r.offers.iter().find(|o| o.offer == *id);
    for (ids, testid, caption) in [
        (&r.cheapest, "job-cheapest", Rt::JobCheapest),
        (&r.fastest, "job-fastest", Rt::JobFastest),
    ] {
        let _ = write!(
            out,
            "<div class=\"table-wrap\"><table class=\"plan-options\" data-testid=\"{testid}\"><caption>{}</caption><thead><tr>",
            esc(cx.t(caption))
        );
        for m in [
            Rt::PlanColOption,
            Rt::JobColGpus,
            Rt::JobColHours,
            Rt::JobColGpuHours,
            Rt::JobColBasis,
            Rt::JobColModel,
            Rt::PlanColDecision,
            Rt::PlanColOwed,
        ] {
            let _ = write!(out, "<th scope=\"col\">{}</th>", esc(cx.t(m)));
        }
        out.push_str("</tr></thead><tbody>");
        for o in ids.iter().take(JOB_LIST).filter_map(find) {
            let Some(h) = &o.hours else { continue };
            let best = o
                .cheapest_model
                .and_then(|m| o.models.iter().find(|c| c.model == m));
            let mut tags = String::new();
            if h.fits == Some(false) {
                let need = h.memory_needed_gb.map(n).unwrap_or_default();
                let have = h.memory_available_gb.map(n).unwrap_or_default();
                let _ = write!(
                    tags,
                    " <span class=\"tag warn\">{}</span>",
                    esc(&fill(cx.t(Rt::JobNoFit), &[&need, &have]))
                );
            }
            if matches!(h.basis, ThroughputBasis::Estimate { .. }) {
                let _ = write!(
                    tags,
                    " <span class=\"tag\">{}</span>",
                    esc(cx.t(Rt::JobEstimateTag))
                );
            }
            let _ = write!(
                out,
                "<tr data-testid=\"job-row\" data-offer=\"{}\"><th scope=\"row\">{}{tags}</th><td>{} × {}</td><td data-testid=\"job-hours\">{}</td><td>{}</td><td class=\"basis\">{}</td><td>{}</td><td data-testid=\"job-cost\"><strong>{}</strong></td><td>{}</td></tr>",
                esc(&o.offer),
                esc(&cx.offer(&o.offer)),
                h.instances,
                h.gpus / h.instances.max(1),
                format::number(h.wall_hours, 2, cx.locale),
                format::number(h.gpu_hours, 1, cx.locale),
                esc(&basis_text(cx, &h.basis)),
                best.map(|b| cx.t(model_tag(b.model))).unwrap_or("—"),
                best.and_then(|b| b.decision_cost).map(|m| cx.money(m.amount())).unwrap_or_else(|| "—".into()),
                best.map(|b| cx.money(b.still_owed)).unwrap_or_else(|| "—".into()),
            );
        }
        out.push_str("</tbody></table></div>");
    }
    let skipped = r
        .offers
        .iter()
        .filter(|o| o.hours.is_none() || o.skip.is_some())
        .count();
    if skipped > 0 {
        p(
            &mut out,
            "job-skipped",
            &fill(cx.t(Rt::JobSkipped), &[&skipped.to_string()]),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::{breakeven_distribution, plan};

    fn cx(locale: Locale) -> Ctx<'static> {
        let catalog = crate::domain::embedded::test_catalog();
        Ctx {
            catalog,
            locale,
            currency: Currency::USD,
        }
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(
            esc(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }

    #[test]
    fn a_plan_renders_every_option_and_its_answer_in_both_languages() {
        let c = cx(Locale::En);
        let (s, _) = parse_scenario(
            "v=2&gpu=a100-40-sxm&gpus=8&h=168&m=1&bm=od,ri1n,spot",
            c.catalog,
        );
        let p = plan(c.catalog, &s).unwrap();
        let table = options_table(c, &p);
        assert_eq!(
            table.matches("data-testid=\"plan-option\"").count(),
            p.options.len()
        );
        assert_eq!(table.matches("class=\"best\"").count(), 1);
        let best = p.summary.cheapest.as_ref().unwrap();
        let en = summary(c, &p);
        assert!(en.contains("data-testid=\"plan-cheapest\""), "{en}");
        assert!(
            en.contains(&format::money(
                best.decision_cost,
                Currency::USD,
                Locale::En
            )),
            "{en}"
        );
        let zh = summary(cx(Locale::ZhCn), &p);
        assert!(zh.contains("本规划最便宜"), "{zh}");
        // a one-week need never picks a one-year reservation: it still owes the year
        assert_ne!(best.model, BillingModel::Ri1No);
    }

    #[test]
    fn the_breakeven_table_has_a_row_per_group_and_a_sentence() {
        let c = cx(Locale::En);
        let d = breakeven_distribution(c.catalog, &Scenario::default()).unwrap();
        let html = breakeven(c, &d);
        assert!(!d.groups.is_empty());
        assert_eq!(
            html.matches("data-testid=\"breakeven-row\"").count(),
            d.groups.len()
        );
        assert!(html.contains("about 300 h/month"), "{html}");
    }

    #[test]
    fn a_job_lists_the_cheapest_and_fastest_offers_with_their_basis() {
        use crate::domain::job::job_report;
        let c = cx(Locale::En);
        let (s, _) = parse_scenario("v=2&jk=resnet50&gpu=a100-80-sxm,t4&gpus=1", c.catalog);
        assert!(s.job.is_some());
        let r = job_report(c.catalog, &s).unwrap();
        let html = job(c, &r);
        assert!(html.contains("data-testid=\"job-assumptions\""), "{html}");
        assert!(html.contains("90 epochs × 1,281,167 samples"), "{html}");
        let rows = html.matches("data-testid=\"job-row\"").count();
        assert_eq!(rows, 2 * r.cheapest.len().min(JOB_LIST), "{html}");
        assert!(
            html.contains("measured, 1-GPU run") || html.contains("estimate:"),
            "{html}"
        );
        assert!(html.contains("estimate"), "a T4 has no Lambda run: {html}");
    }

    #[test]
    fn the_charts_draw_at_most_eight_options_and_keep_the_reference() {
        let c = cx(Locale::ZhCn);
        let (s, _) = parse_scenario("v=2&gpu=a100-40-sxm&gpus=8&h=500&m=18", c.catalog);
        let p = plan(c.catalog, &s).unwrap();
        let html = charts(c, &p);
        let lines = html.matches("data-testid=\"chart-series\"").count();
        assert!(lines <= CHART_OPTIONS && lines > 0, "{lines}");
        assert_eq!(html.matches("data-testid=\"chart-bar\"").count(), lines);
        assert!(html.contains("累计成本"), "{html}");
    }
}
