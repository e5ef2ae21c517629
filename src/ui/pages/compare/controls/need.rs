//! What is needed: minimum GPUs and GPU memory, a price cap, the
//! interconnect, search text.
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::catalog::Currency;
use crate::domain::compare::view::{clip_query, toggle_fabric, Fabric};
use crate::domain::input::NumberField;
use crate::domain::scenario::{MAX_GPUS, MAX_MONEY_INPUT, MAX_VRAM_GB};
use crate::ui::components::checks::{check_boxes, check_fieldset};
use crate::ui::components::number_input::{whole_field, NumberInput};
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::fabric_msg;
use crate::ui::state::AppState;

/// The need fields wired to the app state.
pub fn need_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    view! {
        {whole_field(
            Msg::MinGpus,
            ("filter-min-gpus", "gpus"),
            (1, MAX_GPUS, 1),
            move || link.with(|l| l.scenario.min_gpus),
            move |n: u32| state.update_filter(true, |l| l.scenario.min_gpus = n),
        )}
        {min_vram(
            move || link.with(|l| l.scenario.min_vram_gb),
            move |n| state.update_filter(true, |l| l.scenario.min_vram_gb = n),
        )}
        {max_price(
            move || link.with(|l| l.compare.max_price),
            move || link.with(|l| l.scenario.currency),
            move |v| state.update_filter(true, |l| l.compare.max_price = v),
        )}
        {check_fieldset(
            Msg::FabricLegend,
            check_boxes(
                Fabric::ALL,
                |f| format!("filter-fab-{}", f.code()),
                |i, f| i.t(fabric_msg(f)).into(),
                move |f| link.with(|l| l.compare.fab.contains(&f)),
                move |(f, on)| {
                    state.update_filter(false, |l| l.compare.fab = toggle_fabric(&l.compare.fab, f, on))
                },
            ),
        )}
        {search(
            move || link.with(|l| l.compare.q.clone()),
            move |q: String| state.update_filter(true, |l| l.compare.q = clip_query(&q)),
        )}
    }
}

fn min_vram(
    value: impl Fn() -> Option<u32> + Copy + Send + Sync + 'static,
    on_commit: impl Fn(Option<u32>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::MinVram).to_string())
            field=NumberField::whole(1, MAX_VRAM_GB as i64)
            value=Signal::derive(move || value().map(Decimal::from))
            on_commit=Callback::new(move |v: Option<Decimal>| on_commit(v.and_then(|d| d.to_u32())))
            testid="filter-min-vram"
            key="vram"
        />
    }
}

fn max_price(
    value: impl Fn() -> Option<Decimal> + Copy + Send + Sync + 'static,
    currency: impl Fn() -> Currency + Copy + Send + Sync + 'static,
    on_commit: impl Fn(Option<Decimal>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || fill(i18n.t(Msg::MaxPrice), &[format::currency_symbol(currency())]))
            field=NumberField::decimal(0, MAX_MONEY_INPUT, true)
            value=Signal::derive(value)
            on_commit=Callback::new(on_commit)
            testid="filter-max-price"
            key="maxp"
        />
    }
}

fn search(
    value: impl Fn() -> String + Copy + Send + Sync + 'static,
    on_input: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="wide">
            <span>{move || i18n.t(Msg::Search)}</span>
            <input
                type="search"
                data-testid="filter-search"
                placeholder=move || i18n.t(Msg::SearchPlaceholder)
                prop:value=value
                on:input=move |ev| on_input(event_target_value(&ev))
            />
        </label>
    }
}
