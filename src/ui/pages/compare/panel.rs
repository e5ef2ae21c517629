//! Side-by-side comparison of 2–6 selected offers: specs and the total under
//! each billing model over the scenario's horizon, best value per row marked.

use leptos::prelude::*;

use rust_decimal::Decimal;

use crate::domain::catalog::{Catalog, ProviderId};
use crate::domain::compare::{model_quote, rate_inputs, Panel};
use crate::domain::scenario::{BillingModel, InterruptionRate, UsageRateKey};
use crate::domain::tco::Quote;
use crate::ui::components::number_input::{map_rate_input, set_rate};
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, I18n, Locale, Msg};
use crate::ui::labels::{model_msg, provider_msg, usage_kind_msg};
use crate::ui::state::AppState;

/// A region's name in the locale (its code when the catalog lacks it).
fn region_label(catalog: &Catalog, provider: ProviderId, code: &str, loc: Locale) -> String {
    catalog
        .region(provider, code)
        .map(|r| format::region_name(r, loc))
        .unwrap_or_else(|| code.to_string())
}

/// The spot assumptions as a sentence, from the quote's own spot outcome.
fn spot_rate_text(i18n: I18n, q: &Quote, rate: InterruptionRate, loc: Locale) -> String {
    match (rate, &q.spot) {
        (InterruptionRate::HourlyPct(p), _) => {
            fill(i18n.t(Msg::SpotRateHourly), &[&format::plain(p, loc)])
        }
        (_, Some(sp)) => fill(
            i18n.t(Msg::SpotRateMonthly),
            &[
                &format::plain(sp.interruption_monthly_pct.unwrap_or_default(), loc),
                &sp.interruptions_per_hour.to_string(),
            ],
        ),
        (r, None) => fill(
            i18n.t(Msg::SpotRateMonthly),
            &[
                &format::plain(r.monthly_pct().unwrap_or_default(), loc),
                "—",
            ],
        ),
    }
}

/// One result cell: the decision cost, its tags (one list, rendered by one
/// loop: small code) and, when a commitment outlives the period, what is
/// paid in it and what is still owed after it.
fn cost_cell(
    i18n: I18n,
    mq: Option<&crate::domain::tco::ModelQuote>,
    best: bool,
    cur: crate::domain::catalog::Currency,
    loc: Locale,
) -> AnyView {
    let Some(mq) = mq else {
        return view! { <td>{i18n.t(Msg::Unavailable)}</td> }.into_any();
    };
    let cost = mq
        .decision_cost
        .map(|d| format::money(d.amount(), cur, loc))
        .unwrap_or_else(|| i18n.t(Msg::Unavailable).into());
    // tags as text (one element each; a loop of views costs wasm bytes)
    let mut tags: Vec<&str> = Vec::new();
    if mq.assumed {
        tags.push(i18n.t(Msg::AssumedTag));
    }
    if mq.indicative {
        tags.push(i18n.t(Msg::IndicativeTag));
    }
    if mq.user_price {
        tags.push(i18n.t(Msg::UserPriceTag));
    }
    let tags = tags.join(" · ");
    let no_tags = tags.is_empty();
    let kinds: Vec<&str> = mq
        .missing
        .iter()
        .map(|r| i18n.t(usage_kind_msg(r.kind)))
        .collect();
    let complete = kinds.is_empty();
    let missing_tip = fill(i18n.t(Msg::IncompleteTip), &[&kinds.join(", ")]);
    let owed = match (mq.total, mq.still_owed > Decimal::ZERO) {
        (Some(paid), true) => fill(
            i18n.t(Msg::PaidOwed),
            &[
                &format::money(paid.amount(), cur, loc),
                &format::money(mq.still_owed, cur, loc),
            ],
        ),
        _ => String::new(),
    };
    let no_owed = owed.is_empty();
    view! {
        <td class:best=best data-best=best.then_some("1")>
            <span data-testid="decision-cost">{cost}</span>
            <span class="tag" hidden=no_tags>{tags}</span>
            <span class="tag warn" data-testid="incomplete-tag" hidden=complete title=missing_tip>{i18n.t(Msg::IncompleteTag)}</span>
            <span class="sub" data-testid="still-owed" hidden=no_owed>{owed}</span>
        </td>
    }
    .into_any()
}

/// Boxes for the rates the results lack (kept in the link as `ur`).
fn missing_rates(
    state: AppState,
    i18n: I18n,
    keys: Vec<UsageRateKey>,
    loc: Locale,
) -> Option<AnyView> {
    if keys.is_empty() {
        return None;
    }
    let catalog = state.catalog;
    let errors = RwSignal::new(std::collections::HashMap::new());
    let boxes = keys
        .into_iter()
        .map(|k| {
            let cur = catalog
                .region(k.provider, &k.region)
                .map(|r| r.billing_currency())
                .unwrap_or(crate::domain::catalog::Currency::USD);
            let label = fill(
                i18n.t(Msg::MissingRateLabel),
                &[
                    i18n.t(provider_msg(k.provider)),
                    &region_label(catalog, k.provider, &k.region, loc),
                    &format!("{} · {}", i18n.t(usage_kind_msg(k.kind)), cur.code()),
                ],
            );
            let code = k.code();
            let current = state
                .link
                .with_untracked(|l| l.scenario.user_usage_rates.get(code.as_str()).copied());
            let input = map_rate_input(
                state,
                i18n,
                |l, k, v| set_rate(&mut l.scenario.user_usage_rates, k, v),
                code.clone(),
                current,
                label.clone(),
                format::currency_symbol(cur),
                "missing-rate",
                errors,
            );
            view! {
                <label data-testid="missing-rate-row" data-key=code>
                    <span>{label}</span>
                    {input}
                </label>
            }
        })
        .collect_view();
    Some(
        view! {
            <fieldset class="missing-rates" data-testid="missing-rates">
                <legend>{i18n.t(Msg::MissingRatesTitle)}</legend>
                {boxes}
            </fieldset>
        }
        .into_any(),
    )
}

/// A spec row: the values per offer, and whether they differ.
fn spec_row(label: String, values: Vec<String>, testid: &'static str) -> impl IntoView {
    let differs = values.iter().any(|v| *v != values[0]);
    view! {
        <tr data-testid=testid>
            <th scope="row">{label}</th>
            {values
                .into_iter()
                .map(|v| view! { <td class:differs=differs>{v}</td> })
                .collect_view()}
        </tr>
    }
}

#[component]
pub fn ComparePanel(panel: Memo<Option<Result<Panel, String>>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let catalog = state.catalog;
    let link = state.link;
    let count = move || link.with(|l| l.compare.selected.len());

    let body = move || {
        let loc = i18n.locale.get();
        let (cur, months, hours) = link.with(|l| {
            (
                l.scenario.currency,
                l.scenario.months,
                l.scenario.hours_per_month,
            )
        });
        panel.with(|p| match p {
            None => view! { <p class="hint" data-testid="compare-hint">{i18n.t(Msg::CompareHint)}</p> }.into_any(),
            Some(Err(code)) => view! {
                <p class="field-error" data-testid="compare-error">{fill(i18n.t(Msg::EngineFailed), &[code])}</p>
            }
            .into_any(),
            Some(Ok(p)) => {
                let offers: Vec<_> = p
                    .quote
                    .offers
                    .iter()
                    .filter_map(|q| catalog.offer(&q.offer).map(|o| (q, o)))
                    .collect();
                let col = |f: &dyn Fn(&crate::domain::catalog::Offer) -> String| -> Vec<String> {
                    offers.iter().map(|(_, o)| f(o)).collect()
                };
                let gpu_name = |o: &crate::domain::catalog::Offer| {
                    catalog.gpu(&o.gpu).map(|g| g.name.clone()).unwrap_or_else(|| o.gpu.as_str().to_owned())
                };
                let interconnect = |o: &crate::domain::catalog::Offer| {
                    catalog.gpu(&o.gpu).map(|g| g.interconnect.clone()).unwrap_or_default()
                };
                let region_name =
                    |o: &crate::domain::catalog::Offer| region_label(catalog, o.provider, &o.region, loc);
                let heads = offers
                    .iter()
                    .map(|(_, o)| {
                        let id = o.id.clone();
                        view! {
                            <th scope="col" data-offer=o.id.as_str().to_owned()>
                                {o.instance_type.clone()}
                                " "
                                <button
                                    type="button"
                                    class="link"
                                    aria-label=format!("{} {}", i18n.t(Msg::Dismiss), o.instance_type)
                                    on:click=move |_| {
                                        let id = id.clone();
                                        state.update(|l| l.compare.selected.retain(|x| *x != id));
                                    }
                                >
                                    "×"
                                </button>
                            </th>
                        }
                    })
                    .collect_view();
                let od_row = {
                    let values: Vec<_> = offers
                        .iter()
                        .map(|(q, o)| {
                            let v = q
                                .models
                                .iter()
                                .find(|m| m.model == BillingModel::OnDemand)
                                .and_then(|m| m.effective_hourly);
                            let stale = o
                                .on_demand()
                                .filter(|price| catalog.is_stale(&price.as_of))
                                .map(|price| price.as_of.clone());
                            (v, stale)
                        })
                        .collect();
                    let best = p.best_hourly;
                    view! {
                        <tr data-testid="compare-row-hourly">
                            <th scope="row">{i18n.t(Msg::CompareHourlyOd)}</th>
                            {values
                                .into_iter()
                                .enumerate()
                                .map(|(i, (v, stale))| view! {
                                    <td class:best=best == Some(i)>
                                        {v.map(|d| format::money(d, cur, loc)).unwrap_or_else(|| i18n.t(Msg::Unavailable).into())}
                                        {stale.map(|a| view! { " " {super::table::stale_badge(i18n, &a)} })}
                                    </td>
                                })
                                .collect_view()}
                        </tr>
                    }
                };
                let model_rows = p
                    .models
                    .iter()
                    .zip(p.best_by_model.iter())
                    .map(|(&m, &best)| {
                        view! {
                            <tr data-testid=format!("compare-row-{}", m.code())>
                                <th scope="row">{i18n.t(model_msg(m))}</th>
                                {offers
                                    .iter()
                                    .enumerate()
                                    .map(|(i, (q, _))| cost_cell(i18n, model_quote(q, m), best == Some(i), cur, loc))
                                    .collect_view()}
                            </tr>
                        }
                    })
                    .collect_view();
                let n = offers.len();
                let rate_keys = link.with(|l| rate_inputs(p, &l.scenario));
                let spot_basis = link.with(|l| {
                    let sp = &l.scenario.spot;
                    fill(
                        i18n.t(Msg::CompareSpotBasis),
                        &[
                            &spot_rate_text(i18n, &p.quote, sp.interruption, loc),
                            &format::plain(sp.checkpoint_minutes, loc),
                            &format::plain(sp.restart_minutes, loc),
                            &format::plain(l.scenario.mix_spot_share_pct, loc),
                        ],
                    )
                });
                let any_assumed = p.quote.offers.iter().any(|o| o.models.iter().any(|m| m.assumed));
                // plain text, one element: a loop of views costs kilobytes of wasm
                let mut assumed_text = String::new();
                let mut gap_n = 0;
                for r in p.quote.assumed_rates.iter().flatten().filter(|r| any_assumed && r.term_months >= 12) {
                    if assumed_text.is_empty() {
                        assumed_text.push_str(i18n.t(Msg::AssumedRatesIntro));
                    }
                    assumed_text.push(' ');
                    assumed_text.push_str(&fill(
                        i18n.t(Msg::AssumedRatesTerm),
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
                    assumed_text.push(' ');
                    assumed_text.push_str(&fill(i18n.t(Msg::AssumedGapBasis), &[&gap_n.to_string()]));
                }
                let no_assumed = assumed_text.is_empty();
                view! {
                    <table data-testid="compare-table">
                        <thead>
                            <tr><th scope="col">{i18n.t(Msg::CompareSpecs)}</th>{heads}</tr>
                        </thead>
                        <tbody>
                            {spec_row(i18n.t(Msg::ColProvider).into(), offers.iter().map(|(_, o)| i18n.t(provider_msg(o.provider)).to_string()).collect(), "compare-row-provider")}
                            {spec_row(i18n.t(Msg::ColRegion).into(), col(&region_name), "compare-row-region")}
                            {spec_row(i18n.t(Msg::ColGpu).into(), col(&|o| format!("{} × {}", gpu_name(o), o.gpu_count)), "compare-row-gpu")}
                            {spec_row(i18n.t(Msg::ColVram).into(), col(&|o| o.gpu_memory_gb.map_or_else(|| "—".to_string(), |m| m.to_string())), "compare-row-vram")}
                            {spec_row(i18n.t(Msg::ColVcpu).into(), col(&|o| o.vcpu.to_string()), "compare-row-vcpu")}
                            {spec_row(i18n.t(Msg::ColRam).into(), col(&|o| format::plain(o.ram_gib, loc)), "compare-row-ram")}
                            {spec_row(i18n.t(Msg::Interconnect).into(), col(&interconnect), "compare-row-interconnect")}
                            {od_row}
                            <tr>
                                <th scope="row" colspan=n + 1>
                                    {fill(i18n.t(Msg::CompareTotals), &[&months.to_string(), &format::plain(hours, loc)])}
                                </th>
                            </tr>
                            {model_rows}
                        </tbody>
                    </table>
                    {missing_rates(state, i18n, rate_keys, loc)}
                    <p class="hint">{i18n.t(Msg::CompareBestNote)}</p>
                    <p class="hint" data-testid="compare-commit-basis">{i18n.t(Msg::CompareCommitNote)}</p>
                    <p class="hint" data-testid="assumed-rates" hidden=no_assumed>{assumed_text}</p>
                    <p class="hint" data-testid="compare-spot-basis">{spot_basis}</p>
                }
                .into_any()
            }
        })
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
            {body}
        </section>
    }
}
