//! The scenario's selects more than one screen shows (compare's filters
//! and display, the plan's inputs): the display currency and the region.
//! Each takes the app state and the test id it is shown under, so the wasm
//! holds one copy of each whatever screen shows it.
use leptos::prelude::*;

use crate::domain::catalog::{Catalog, Currency, ProviderId, Region, RegionGroup};
use crate::domain::compare::rows::switch_currency;
use crate::domain::scenario::RegionRef;
use crate::ui::format;
use crate::ui::i18n::{use_i18n, Msg};
use crate::ui::labels::provider_msg;
use crate::ui::state::AppState;

/// The display currency (the link's `cur`): switching it converts what is
/// typed in the old currency (`switch_currency`).
pub fn currency_select(state: AppState, testid: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let catalog = state.catalog;
    let value = move || state.link.with(|l| l.scenario.currency);
    let on_pick =
        move |c| state.update(|l| switch_currency(catalog, &mut l.scenario, &mut l.compare, c));
    view! {
        <label>
            <span>{move || i18n.t(Msg::Currency)}</span>
            <select
                data-testid=testid
                on:change=move |ev| {
                    if let Some(c) = Currency::from_code(&event_target_value(&ev)) {
                        on_pick(c);
                    }
                }
            >
                {Currency::ALL
                    .into_iter()
                    .map(|c| view! {
                        <option value=c.code() prop:selected=move || value() == c>
                            {format!("{} {}", c.code(), format::currency_symbol(c))}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// One region (the link's `r`), among those of the ticked providers and
/// region groups; "All regions" clears it. The compare table and the plan
/// both keep only the offers of the region picked.
pub fn region_select(state: AppState, testid: &'static str) -> impl IntoView {
    let i18n = use_i18n();
    let (catalog, link) = (state.catalog, state.link);
    let selected = move || link.with(|l| l.scenario.regions.first().map(RegionRef::code));
    let offered = Memo::new(move |_| {
        link.with(|l| regions_offered(catalog, &l.scenario.providers, &l.scenario.region_groups))
    });
    let on_pick = move |code: String| {
        state.update_filter(false, |l| {
            l.scenario.regions = RegionRef::from_code(&code).into_iter().collect()
        })
    };
    view! {
        <label>
            <span>{move || i18n.t(Msg::Region)}</span>
            <select data-testid=testid on:change=move |ev| on_pick(event_target_value(&ev))>
                <option value="" prop:selected=move || selected().is_none()>
                    {move || i18n.t(Msg::AllRegions)}
                </option>
                {move || {
                    let loc = i18n.locale.get();
                    offered
                        .get()
                        .into_iter()
                        .map(|r| {
                            let key = RegionRef { provider: r.provider, code: r.code.clone() }.code();
                            let k2 = key.clone();
                            let name = format::region_name(r, loc);
                            let provider = i18n.t(provider_msg(r.provider));
                            view! {
                                <option value=key prop:selected=move || selected().as_deref() == Some(k2.as_str())>
                                    {format!("{provider} · {name} ({})", r.code)}
                                </option>
                            }
                        })
                        .collect_view()
                }}
            </select>
        </label>
    }
}

/// Regions of the ticked providers and groups (all when none is ticked).
pub fn regions_offered(
    catalog: &'static Catalog,
    providers: &[ProviderId],
    groups: &[RegionGroup],
) -> Vec<&'static Region> {
    catalog
        .regions
        .iter()
        .filter(|r| providers.is_empty() || providers.contains(&r.provider))
        .filter(|r| groups.is_empty() || groups.contains(&r.group))
        .collect()
}
