//! Side-by-side comparison of 2–6 selected offers: specs and the total under
//! each billing model over the scenario's horizon, best value per row marked.

use leptos::prelude::*;

use super::CompareState;
use crate::domain::compare::{model_total, Panel};
use crate::domain::scenario::BillingModel;
use crate::ui::app::provider_msg;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Locale, Msg};

pub fn model_msg(m: BillingModel) -> Msg {
    match m {
        BillingModel::OnDemand => Msg::BmOd,
        BillingModel::Ri1No => Msg::BmRi1n,
        BillingModel::Ri1Partial => Msg::BmRi1p,
        BillingModel::Ri1All => Msg::BmRi1a,
        BillingModel::Ri3No => Msg::BmRi3n,
        BillingModel::Ri3Partial => Msg::BmRi3p,
        BillingModel::Ri3All => Msg::BmRi3a,
        BillingModel::Sp1 => Msg::BmSp1,
        BillingModel::Sp3 => Msg::BmSp3,
        BillingModel::Subscription => Msg::BmSub,
        BillingModel::Installment => Msg::BmInst,
        BillingModel::Spot => Msg::BmSpot,
        BillingModel::Mix => Msg::BmMix,
    }
}

/// A short label for a billing model (table tags).
pub fn model_tag(m: BillingModel) -> Msg {
    match m {
        BillingModel::OnDemand => Msg::TagOd,
        BillingModel::Ri1No => Msg::TagRi1n,
        BillingModel::Ri1Partial => Msg::TagRi1p,
        BillingModel::Ri1All => Msg::TagRi1a,
        BillingModel::Ri3No => Msg::TagRi3n,
        BillingModel::Ri3Partial => Msg::TagRi3p,
        BillingModel::Ri3All => Msg::TagRi3a,
        BillingModel::Sp1 => Msg::TagSp1,
        BillingModel::Sp3 => Msg::TagSp3,
        BillingModel::Subscription => Msg::TagSub,
        BillingModel::Installment => Msg::TagInst,
        BillingModel::Spot => Msg::TagSpot,
        BillingModel::Mix => Msg::TagMix,
    }
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
    let state = expect_context::<CompareState>();
    let i18n = use_i18n();
    let catalog = state.catalog;
    let link = state.link;
    let count = move || link.with(|l| l.view.selected.len());

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
                    catalog.gpu(&o.gpu).map(|g| g.name.clone()).unwrap_or_else(|| o.gpu.clone())
                };
                let interconnect = |o: &crate::domain::catalog::Offer| {
                    catalog.gpu(&o.gpu).map(|g| g.interconnect.clone()).unwrap_or_default()
                };
                let region_name = |o: &crate::domain::catalog::Offer| {
                    catalog
                        .region(o.provider, &o.region)
                        .map(|r| match loc {
                            Locale::En => r.name_en.clone(),
                            Locale::ZhCn => r.name_zh.clone(),
                        })
                        .unwrap_or_else(|| o.region.clone())
                };
                let heads = offers
                    .iter()
                    .map(|(_, o)| {
                        let id = o.id.clone();
                        view! {
                            <th scope="col" data-offer=o.id.clone()>
                                {o.instance_type.clone()}
                                " "
                                <button
                                    type="button"
                                    class="link"
                                    aria-label=format!("{} {}", i18n.t(Msg::Dismiss), o.instance_type)
                                    on:click=move |_| {
                                        let id = id.clone();
                                        state.update(|l| l.view.selected.retain(|x| *x != id));
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
                                    .map(|(i, (q, _))| {
                                        let v = model_total(q, m);
                                        let mq = q.models.iter().find(|x| x.model == m);
                                        let assumed = mq.is_some_and(|x| x.assumed);
                                        let indicative = mq.is_some_and(|x| x.indicative);
                                        let user = mq.is_some_and(|x| x.user_price);
                                        view! {
                                            <td class:best=best == Some(i) data-best=(best == Some(i)).then_some("1")>
                                                {v.map(|d| format::money(d, cur, loc)).unwrap_or_else(|| i18n.t(Msg::Unavailable).into())}
                                                {assumed.then(|| view! { <span class="tag">{i18n.t(Msg::AssumedTag)}</span> })}
                                                {indicative.then(|| view! { <span class="tag">{i18n.t(Msg::IndicativeTag)}</span> })}
                                                {user.then(|| view! { <span class="tag">{i18n.t(Msg::UserPriceTag)}</span> })}
                                            </td>
                                        }
                                    })
                                    .collect_view()}
                            </tr>
                        }
                    })
                    .collect_view();
                let n = offers.len();
                let spot_basis = link.with(|l| {
                    let sp = &l.scenario.spot;
                    fill(
                        i18n.t(Msg::CompareSpotBasis),
                        &[
                            &format::plain(sp.interruption_pct_per_hour, loc),
                            &format::plain(sp.checkpoint_minutes, loc),
                            &format::plain(sp.restart_minutes, loc),
                            &format::plain(l.scenario.mix_spot_share_pct, loc),
                        ],
                    )
                });
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
                    <p class="hint">{i18n.t(Msg::CompareBestNote)}</p>
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
                    <button type="button" class="link" data-testid="compare-clear" on:click=move |_| state.update(|l| l.view.selected.clear())>
                        {move || i18n.t(Msg::CompareClear)}
                    </button>
                </Show>
            </div>
            {body}
        </section>
    }
}
