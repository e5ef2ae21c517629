//! The plan's two charts (cumulative cost, cost components) from its
//! options: which options are drawn, and the chart data made from them.
use maud::html;
use rust_decimal::Decimal;

use super::{sentence, Ctx};
use crate::domain::plan::{Plan, PlanOption};
use crate::domain::scenario::BillingModel;
use crate::ui::components::chart::{
    line_chart, stacked_bars, Bar, BarsData, ChartData, Marker, Series,
};
use crate::ui::html::Html;
use crate::ui::i18n::{fill, WorkerMsg};
use crate::ui::labels::{model_tag, provider_msg};

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

/// The lines, markers and bars of the options drawn.
fn chart_data(cx: Ctx, plan: &Plan, opts: &[&PlanOption]) -> (ChartData, Vec<Bar>) {
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
                label: fill(cx.t(WorkerMsg::PlanMarker), &[&m.to_string()]),
            });
        }
    }
    let line = ChartData {
        series,
        markers,
        months: plan.months,
    };
    (line, bars)
}

/// The cumulative-cost chart and the components chart, with a note when
/// some options are left out of them.
pub fn charts(cx: Ctx, plan: &Plan) -> Html {
    let opts = charted(plan);
    let (line, bars) = chart_data(cx, plan, &opts);
    let months = plan.months.to_string();
    let summary = fill(
        cx.t(WorkerMsg::PlanChartSummary),
        &[&opts.len().to_string(), &months],
    );
    let parts = [
        WorkerMsg::PlanColUsage,
        WorkerMsg::PlanColUpfront,
        WorkerMsg::PlanColCommitment,
        WorkerMsg::PlanColData,
        WorkerMsg::PlanColCredits,
        WorkerMsg::PlanColOwed,
    ]
    .into_iter()
    .map(|m| cx.t(m).to_string())
    .collect();
    let bars = BarsData { bars, parts };
    let caption = fill(cx.t(WorkerMsg::PlanChartCaption), &[&months]);
    html! {
        @if opts.len() < plan.options.len() {
            (sentence("chart-note", &fill(
                cx.t(WorkerMsg::PlanChartNote),
                &[&opts.len().to_string(), &plan.options.len().to_string()],
            )))
        }
        h3 { (cx.t(WorkerMsg::PlanChartTitle)) }
        (line_chart(&line, cx.locale, cx.currency, &caption, &summary))
        h3 { (cx.t(WorkerMsg::PlanBarsTitle)) }
        (stacked_bars(&bars, cx.locale, cx.currency, cx.t(WorkerMsg::PlanBarsTitle), &summary))
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::plan;
    use crate::ui::i18n::Locale;
    use crate::ui::pages::plan::render::tests::cx;

    #[test]
    fn the_charts_draw_at_most_eight_options_and_keep_the_reference() {
        let c = cx(Locale::ZhCn);
        let (s, _) = parse_scenario("v=2&gpu=a100-40-sxm&gpus=8&h=500&m=18", c.catalog);
        let p = plan(c.catalog, &s).unwrap();
        let html = charts(c, &p);
        let html = html.as_str();
        let lines = html.matches("data-testid=\"chart-series\"").count();
        assert!(lines <= CHART_OPTIONS && lines > 0, "{lines}");
        assert_eq!(html.matches("data-testid=\"chart-bar\"").count(), lines);
        assert!(html.contains("累计成本"), "{html}");
    }
}
