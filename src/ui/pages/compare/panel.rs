//! Side-by-side comparison of 2–6 selected offers: specs and the total under
//! each billing model over the scenario's horizon, best value per row marked.
//! The figures and their markup are made by the plan worker
//! ([`panel_html`], which holds the whole quote engine): in the app they
//! cost ~25 KB of the first load, for a panel nobody sees before ticking
//! two offers. The app keeps the frame, the request, and one handler for
//! the panel's buttons and rate boxes.

use std::collections::HashMap;

use leptos::prelude::*;
use rust_decimal::Decimal;

use super::table::stale_html;
use crate::domain::catalog::{Catalog, Currency, Offer, ProviderId};
use crate::domain::compare::{self, model_quote, rate_inputs, Panel};
use crate::domain::scenario::{BillingModel, InterruptionRate};
use crate::domain::tco::{ModelQuote, Quote};
use crate::ui::components::number_input::{
    keyed_input, rate_box_changed, set_rate, show_error, Refused,
};
use crate::ui::components::worker_part::{After, WorkerPart};
use crate::ui::format::{self, esc};
use crate::ui::i18n::{fill, use_i18n, Locale, Msg, Rt};
use crate::ui::labels::{input_error_msg, model_msg, provider_msg, usage_kind_msg};
use crate::ui::link::{self, AppLink};
use crate::ui::state::AppState;
use crate::ui::worker::client::PartView;
use crate::ui::worker::Part;

/// A region's name in the locale (its code when the catalog lacks it).
fn region_label(catalog: &Catalog, provider: ProviderId, code: &str, loc: Locale) -> String {
    catalog
        .region(provider, code)
        .map(|r| format::region_name(r, loc))
        .unwrap_or_else(|| code.to_string())
}

/// The spot assumptions as a sentence, from the quote's own spot outcome.
fn spot_rate_text(q: &Quote, rate: InterruptionRate, loc: Locale) -> String {
    match (rate, &q.spot) {
        (InterruptionRate::HourlyPct(p), _) => {
            fill(Rt::SpotRateHourly.text(loc), &[&format::plain(p, loc)])
        }
        (_, Some(sp)) => fill(
            Rt::SpotRateMonthly.text(loc),
            &[
                &format::plain(sp.interruption_monthly_pct.unwrap_or_default(), loc),
                &sp.interruptions_per_hour.to_string(),
            ],
        ),
        (r, None) => fill(
            Rt::SpotRateMonthly.text(loc),
            &[
                &format::plain(r.monthly_pct().unwrap_or_default(), loc),
                "—",
            ],
        ),
    }
}

/// ` hidden` when `yes` (an attribute in markup).
fn hidden(yes: bool) -> &'static str {
    if yes {
        " hidden"
    } else {
        ""
    }
}

/// ` class="NAME"` when `yes`.
fn class_if(yes: bool, name: &str) -> String {
    if yes {
        format!(" class=\"{name}\"")
    } else {
        String::new()
    }
}

/// One result cell: the decision cost, its tags and, when a commitment
/// outlives the period, what is paid in it and what is still owed after it.
fn cost_cell(out: &mut String, mq: Option<&ModelQuote>, best: bool, cur: Currency, loc: Locale) {
    let Some(mq) = mq else {
        out.push_str(&format!("<td>{}</td>", Rt::Unavailable.text(loc)));
        return;
    };
    let cost = mq
        .decision_cost
        .map(|d| format::money(d.amount(), cur, loc))
        .unwrap_or_else(|| Rt::Unavailable.text(loc).into());
    let mut tags: Vec<&str> = Vec::new();
    if mq.assumed {
        tags.push(Msg::AssumedTag.text(loc));
    }
    if mq.indicative {
        tags.push(Msg::IndicativeTag.text(loc));
    }
    if mq.user_price {
        tags.push(Rt::UserPriceTag.text(loc));
    }
    let kinds: Vec<&str> = mq
        .missing
        .iter()
        .map(|r| usage_kind_msg(r.kind).text(loc))
        .collect();
    let owed = match (mq.total, mq.still_owed > Decimal::ZERO) {
        (Some(paid), true) => fill(
            Rt::PaidOwed.text(loc),
            &[
                &format::money(paid.amount(), cur, loc),
                &format::money(mq.still_owed, cur, loc),
            ],
        ),
        _ => String::new(),
    };
    out.push_str(&format!(
        "<td{}{}><span data-testid=\"decision-cost\">{}</span><span class=\"tag\"{}>{}</span>\
         <span class=\"tag warn\" data-testid=\"incomplete-tag\"{} title=\"{}\">{}</span>\
         <span class=\"sub\" data-testid=\"still-owed\"{}>{}</span></td>",
        class_if(best, "best"),
        if best { " data-best=\"1\"" } else { "" },
        esc(&cost),
        hidden(tags.is_empty()),
        esc(&tags.join(" · ")),
        hidden(kinds.is_empty()),
        esc(&fill(Rt::IncompleteTip.text(loc), &[&kinds.join(", ")])),
        Rt::IncompleteTag.text(loc),
        hidden(owed.is_empty()),
        esc(&owed),
    ));
}

/// Boxes for the rates the results lack (kept in the link as `ur`).
fn missing_rates(out: &mut String, catalog: &Catalog, l: &AppLink, p: &Panel, loc: Locale) {
    let keys = rate_inputs(p, &l.scenario);
    if keys.is_empty() {
        return;
    }
    out.push_str(&format!(
        "<fieldset class=\"missing-rates\" data-testid=\"missing-rates\"><legend>{}</legend>",
        Rt::MissingRatesTitle.text(loc)
    ));
    for k in keys {
        let cur = catalog
            .region(k.provider, &k.region)
            .map(|r| r.billing_currency())
            .unwrap_or(Currency::USD);
        let label = esc(&fill(
            Rt::MissingRateLabel.text(loc),
            &[
                provider_msg(k.provider).text(loc),
                &region_label(catalog, k.provider, &k.region, loc),
                &format!("{} · {}", usage_kind_msg(k.kind).text(loc), cur.code()),
            ],
        ));
        let code = esc(&k.code());
        let current = l
            .scenario
            .user_usage_rates
            .get(k.code().as_str())
            .map(|d| d.normalize().to_string())
            .unwrap_or_default();
        out.push_str(&format!(
            "<label data-testid=\"missing-rate-row\" data-key=\"{code}\"><span>{label}</span>\
             <input type=\"text\" inputmode=\"decimal\" data-testid=\"missing-rate\" data-key=\"{code}\" \
             aria-label=\"{label}\" title=\"{label}\" placeholder=\"{}\" value=\"{}\">\
             <span class=\"field-error\" role=\"status\"></span></label>",
            format::currency_symbol(cur),
            esc(&current),
        ));
    }
    out.push_str("</fieldset>");
}

/// A spec row: the values per offer, marked where they differ.
fn spec_row(out: &mut String, label: &str, values: Vec<String>, testid: &str) {
    let differs = values.iter().any(|v| *v != values[0]);
    out.push_str(&format!(
        "<tr data-testid=\"{testid}\"><th scope=\"row\">{}</th>",
        esc(label)
    ));
    for v in values {
        out.push_str(&format!(
            "<td{}>{}</td>",
            class_if(differs, "differs"),
            esc(&v)
        ));
    }
    out.push_str("</tr>");
}

/// The panel for a link (its scenario and selection) in a language: the
/// table, the boxes for missing rates and the notes on what is assumed.
/// Fewer than two offers selected: empty.
pub fn panel_html(catalog: &Catalog, query: &str, loc: Locale) -> String {
    let l = link::parse(query, catalog).0;
    if l.compare.selected.len() < 2 {
        return String::new();
    }
    match compare::panel(catalog, &l.scenario, &l.compare.selected) {
        Ok(p) => panel_table(catalog, &l, &p, loc),
        Err(e) => format!(
            "<p class=\"field-error\" data-testid=\"compare-error\">{}</p>",
            esc(&fill(Msg::EngineFailed.text(loc), &[e.code()]))
        ),
    }
}

fn panel_table(catalog: &Catalog, l: &AppLink, p: &Panel, loc: Locale) -> String {
    let (cur, months, hours) = (
        l.scenario.currency,
        l.scenario.months,
        l.scenario.hours_per_month,
    );
    let offers: Vec<_> = p
        .quote
        .offers
        .iter()
        .filter_map(|q| catalog.offer(&q.offer).map(|o| (q, o)))
        .collect();
    let col = |f: &dyn Fn(&Offer) -> String| -> Vec<String> {
        offers.iter().map(|(_, o)| f(o)).collect()
    };
    let gpu = |o: &Offer| catalog.gpu(&o.gpu);
    let mut out = String::with_capacity(8192);
    // what the totals mean, above the table (inside it, at 375 px, the
    // sentence ran off the panel's visible width)
    out.push_str(&format!(
        "<p class=\"hint\" data-testid=\"compare-totals\">{}</p>\
         <div class=\"compare-scroll\"><table data-testid=\"compare-table\"><thead><tr><th scope=\"col\">{}</th>",
        esc(&fill(
            Rt::CompareTotals.text(loc),
            &[&months.to_string(), &format::plain(hours, loc)]
        )),
        Rt::CompareSpecs.text(loc)
    ));
    for (_, o) in &offers {
        let (id, name) = (esc(o.id.as_str()), esc(&o.instance_type));
        out.push_str(&format!(
            "<th scope=\"col\" data-offer=\"{id}\">{name} <button type=\"button\" class=\"link\" data-dismiss=\"{id}\" aria-label=\"{} {name}\">×</button></th>",
            Msg::Dismiss.text(loc)
        ));
    }
    out.push_str("</tr></thead><tbody>");
    let o = &mut out;
    spec_row(
        o,
        Msg::ColProvider.text(loc),
        col(&|o| provider_msg(o.provider).text(loc).to_string()),
        "compare-row-provider",
    );
    spec_row(
        o,
        Msg::ColRegion.text(loc),
        col(&|o| region_label(catalog, o.provider, &o.region, loc)),
        "compare-row-region",
    );
    spec_row(
        o,
        Msg::ColGpu.text(loc),
        col(&|o| {
            format!(
                "{} × {}",
                gpu(o).map_or(o.gpu.as_str(), |g| g.name.as_str()),
                o.gpu_count
            )
        }),
        "compare-row-gpu",
    );
    spec_row(
        o,
        Msg::ColVram.text(loc),
        col(&|o| {
            o.gpu_memory_gb
                .map_or_else(|| "—".to_string(), |m| m.to_string())
        }),
        "compare-row-vram",
    );
    spec_row(
        o,
        Msg::ColVcpu.text(loc),
        col(&|o| o.vcpu.to_string()),
        "compare-row-vcpu",
    );
    spec_row(
        o,
        Msg::ColRam.text(loc),
        col(&|o| format::plain(o.ram_gib, loc)),
        "compare-row-ram",
    );
    spec_row(
        o,
        Rt::Interconnect.text(loc),
        col(&|o| gpu(o).map(|g| g.interconnect.clone()).unwrap_or_default()),
        "compare-row-interconnect",
    );
    // the on-demand hourly price, with "stale" beside an old one
    o.push_str(&format!(
        "<tr data-testid=\"compare-row-hourly\"><th scope=\"row\">{}</th>",
        Rt::CompareHourlyOd.text(loc)
    ));
    for (i, (q, offer)) in offers.iter().enumerate() {
        let v = q
            .models
            .iter()
            .find(|m| m.model == BillingModel::OnDemand)
            .and_then(|m| m.effective_hourly);
        o.push_str(&format!(
            "<td{}>{}",
            class_if(p.best_hourly == Some(i), "best"),
            esc(&v
                .map(|d| format::money(d, cur, loc))
                .unwrap_or_else(|| Rt::Unavailable.text(loc).into()))
        ));
        if let Some(price) = offer
            .on_demand()
            .filter(|price| catalog.is_stale(&price.as_of))
        {
            stale_html(o, loc, &price.as_of);
        }
        o.push_str("</td>");
    }
    o.push_str(&format!(
        "</tr><tr class=\"group\"><th scope=\"row\" colspan=\"{}\">{}</th></tr>",
        offers.len() + 1,
        Rt::CompareCosts.text(loc)
    ));
    for (&m, &best) in p.models.iter().zip(p.best_by_model.iter()) {
        o.push_str(&format!(
            "<tr data-testid=\"compare-row-{}\"><th scope=\"row\">{}</th>",
            m.code(),
            model_msg(m).text(loc)
        ));
        for (i, (q, _)) in offers.iter().enumerate() {
            cost_cell(o, model_quote(q, m), best == Some(i), cur, loc);
        }
        o.push_str("</tr>");
    }
    o.push_str("</tbody></table></div>");
    missing_rates(o, catalog, l, p, loc);
    let sp = &l.scenario.spot;
    let spot_basis = fill(
        Rt::CompareSpotBasis.text(loc),
        &[
            &spot_rate_text(&p.quote, sp.interruption, loc),
            &format::plain(sp.checkpoint_minutes, loc),
            &format::plain(sp.restart_minutes, loc),
            &format::plain(l.scenario.mix_spot_share_pct, loc),
        ],
    );
    let assumed = assumed_text(p, loc);
    o.push_str(&format!(
        "<p class=\"hint\">{}</p><p class=\"hint\" data-testid=\"compare-commit-basis\">{}</p>\
         <p class=\"hint\" data-testid=\"assumed-rates\"{}>{}</p><p class=\"hint\" data-testid=\"compare-spot-basis\">{}</p>",
        Rt::CompareBestNote.text(loc),
        Rt::CompareCommitNote.text(loc),
        hidden(assumed.is_empty()),
        esc(&assumed),
        esc(&spot_basis),
    ));
    out
}

/// The assumed commitment discounts the totals use, as one sentence.
fn assumed_text(p: &Panel, loc: Locale) -> String {
    let any_assumed = p
        .quote
        .offers
        .iter()
        .any(|o| o.models.iter().any(|m| m.assumed));
    let mut text = String::new();
    let mut gap_n = 0;
    for r in p
        .quote
        .assumed_rates
        .iter()
        .flatten()
        .filter(|r| any_assumed && r.term_months >= 12)
    {
        if text.is_empty() {
            text.push_str(Rt::AssumedRatesIntro.text(loc));
        }
        text.push(' ');
        text.push_str(&fill(
            Rt::AssumedRatesTerm.text(loc),
            &[
                &(r.term_months / 12).to_string(),
                &format::plain(r.no_upfront_pct, loc),
                &format::plain(r.partial_upfront_pct, loc),
                &format::plain(r.all_upfront_pct, loc),
            ],
        ));
        if let crate::domain::pricing::GapBasis::CatalogMedian { reservations } = r.all_basis {
            gap_n = gap_n.max(reservations);
        }
    }
    if gap_n > 0 {
        text.push(' ');
        text.push_str(&fill(Rt::AssumedGapBasis.text(loc), &[&gap_n.to_string()]));
    }
    text
}

/// The link the panel is made from: the pricing inputs and the selection
/// only, so changing a filter, the sort or the page asks for nothing.
/// None: fewer than two offers selected.
pub fn panel_query(l: &AppLink) -> Option<String> {
    (l.compare.selected.len() >= 2).then(|| {
        let mut p = AppLink {
            scenario: compare::pricing_inputs(&l.scenario),
            ..AppLink::default()
        };
        p.compare.selected = l.compare.selected.clone();
        link::write(&p)
    })
}

#[component]
pub fn ComparePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let link = state.link;
    let count = move || link.with(|l| l.compare.selected.len());
    let query = Memo::new(move |_| link.with(panel_query));
    let part = PartView::new(Part::ComparePanel);
    Effect::new(move |_| {
        if let Some(q) = query.get() {
            part.request(q, i18n.locale.get());
        }
    });
    // what was typed into a rate box and refused: put back beside its
    // message when the panel is made again
    let bad: Refused = StoredValue::new(HashMap::new());
    let after: After = Box::new(move |el: &web_sys::HtmlElement| {
        bad.with_value(|b| {
            for (key, (text, e)) in b {
                if let Some(input) = rate_box(el, key) {
                    input.set_value(text);
                    show_error(
                        &input,
                        Some(input_error_msg(*e).text(i18n.locale.get_untracked())),
                    );
                }
            }
        });
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let id = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-dismiss]").ok().flatten())
            .and_then(|b| b.get_attribute("data-dismiss"));
        if let Some(id) = id {
            state.update(|l| l.compare.selected.retain(|x| x.as_str() != id));
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        if let Some((input, key)) = keyed_input(&ev) {
            rate_box_changed(&input, key, i18n, bad, |k, v| {
                state.update(|l| set_rate(&mut l.scenario.user_usage_rates, k, v))
            });
        }
    };
    view! {
        <section class="compare" data-testid="compare-panel" aria-labelledby="compare-h">
            <div class="table-meta">
                <h2 id="compare-h">{move || fill(i18n.t(Msg::CompareTitle), &[&count().to_string()])}</h2>
                <Show when=move || { count() > 0 }>
                    <button type="button" class="link" data-testid="compare-clear" on:click=move |_| state.update(|l| l.compare.selected.clear())>
                        {move || i18n.t(Msg::CompareClear)}
                    </button>
                </Show>
            </div>
            <p class="hint" data-testid="compare-hint" hidden=move || { count() >= 2 }>{move || i18n.t(Msg::CompareHint)}</p>
            <WorkerPart
                view=part
                class="compare-body"
                testid="compare-body"
                after=after
                attr:hidden=move || { count() < 2 }
                attr:aria-live="polite"
                on:click=on_click
                on:change=on_change
            />
        </section>
    }
}

/// The rate box for `key` in the panel.
fn rate_box(el: &web_sys::HtmlElement, key: &str) -> Option<web_sys::HtmlInputElement> {
    use wasm_bindgen::JsCast;
    let sel = format!("input[data-key=\"{}\"]", key.replace(['"', '\\'], ""));
    el.query_selector(&sel).ok().flatten()?.dyn_into().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;

    fn open(q: &str) -> AppLink {
        link::parse(q, test_catalog()).0
    }

    #[test]
    fn the_panel_is_made_from_the_pricing_inputs_and_the_selection_only() {
        let l = open("v=2&p=aws&sort=-hourly&pg=2&m=1&bm=od,ri3n&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge");
        let q = panel_query(&l).expect("two selected");
        // filters, sort and page are not in it; months, models and selection are
        let mut other = l.clone();
        other.compare.sort = None;
        other.compare.page = 1;
        other.scenario.providers.clear();
        assert_eq!(panel_query(&other).as_deref(), Some(q.as_str()));
        let html = panel_html(test_catalog(), &q, Locale::En);
        assert!(html.contains("data-testid=\"compare-table\""), "{html}");
        assert!(html.contains("data-dismiss=\"aws:us-east-1:p4d.24xlarge\""));
        assert!(html.contains("data-testid=\"compare-row-ri3n\""));
        // one selected: no panel, no request
        assert_eq!(
            panel_query(&open("v=2&sel=aws:us-east-1:p4d.24xlarge")),
            None
        );
    }
}
