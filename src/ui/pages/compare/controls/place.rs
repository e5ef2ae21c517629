//! Where: providers, region groups, one region, one GPU model.
use leptos::prelude::*;

use crate::domain::catalog::{Catalog, GpuId, ProviderId, RegionGroup};
use crate::domain::compare::rows::toggle_provider;
use crate::ui::components::checks::{check_boxes, check_fieldset};
use crate::ui::components::scenario_selects;
use crate::ui::i18n::{use_i18n, Msg};
use crate::ui::labels::{group_msg, provider_msg};
use crate::ui::state::AppState;

/// The place fieldsets wired to the app state.
pub fn place_fields(state: AppState) -> impl IntoView {
    let catalog = state.catalog;
    let link = state.link;
    let provider_on = move |p| link.with(|l| l.scenario.providers.contains(&p));
    let group_on = move |g| link.with(|l| l.scenario.region_groups.contains(&g));
    let gpu = move || link.with(|l| l.scenario.gpu_models.first().cloned());
    view! {
        {check_fieldset(
            Msg::Providers,
            check_boxes(
                ProviderId::ALL,
                |p| format!("filter-provider-{}", p.code()),
                |i, p| i.t(provider_msg(p)).into(),
                provider_on,
                move |(p, on)| {
                    state.update_filter(false, |l| toggle_provider(&mut l.scenario, p, on))
                },
            ),
        )}
        {check_fieldset(
            Msg::RegionGroups,
            check_boxes(
                RegionGroup::ALL,
                |g| format!("filter-group-{}", g.code()),
                |i, g| i.t(group_msg(g)).into(),
                group_on,
                move |(g, on)| {
                    state.update_filter(false, |l| {
                        let v = &mut l.scenario.region_groups;
                        v.retain(|x| *x != g);
                        if on {
                            v.push(g);
                        }
                    })
                },
            ),
        )}
        {scenario_selects::region_select(state, "filter-region")}
        {gpu_select(
            gpus_offered(catalog),
            gpu,
            move |id: String| {
                state.update_filter(false, |l| {
                    l.scenario.gpu_models = if id.is_empty() { Vec::new() } else { vec![GpuId::from(id)] }
                })
            },
        )}
    }
}

/// GPU models used by at least one offer, by name: (id, name).
pub fn gpus_offered(catalog: &'static Catalog) -> Vec<(&'static str, &'static str)> {
    let mut gpus: Vec<(&'static str, &'static str)> = catalog
        .gpus
        .iter()
        .filter(|g| catalog.offers.iter().any(|o| o.gpu == g.id))
        .map(|g| (g.id.as_str(), g.name.as_str()))
        .collect();
    gpus.sort_by(|a, b| a.1.cmp(b.1));
    gpus
}

fn gpu_select(
    gpus: Vec<(&'static str, &'static str)>,
    selected: impl Fn() -> Option<GpuId> + Copy + Send + Sync + 'static,
    on_pick: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            <span>{move || i18n.t(Msg::GpuModel)}</span>
            <select data-testid="filter-gpu" on:change=move |ev| on_pick(event_target_value(&ev))>
                <option value="" prop:selected=move || selected().is_none()>
                    {move || i18n.t(Msg::AnyGpu)}
                </option>
                {gpus
                    .into_iter()
                    .map(|(id, name)| {
                        view! {
                            <option value=id prop:selected=move || selected().as_deref() == Some(id)>
                                {name}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
