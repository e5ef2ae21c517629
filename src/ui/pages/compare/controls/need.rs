//! What is needed: minimum GPUs and GPU memory, a price cap, search text.
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::catalog::Currency;
use crate::domain::input::NumberField;
use crate::domain::scenario::{MAX_GPUS, MAX_MONEY_INPUT, MAX_VRAM_GB};
use crate::ui::components::number_input::NumberInput;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::pages::compare::view::clip_query;
use crate::ui::state::AppState;

/// The need fields wired to the app state.
pub fn need_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    view! {
        <MinGpus
            value=Signal::derive(move || link.with(|l| l.scenario.min_gpus))
            on_commit=Callback::new(move |n: u32| state.update_filter(true, |l| l.scenario.min_gpus = n))
        />
        <MinVram
            value=Signal::derive(move || link.with(|l| l.scenario.min_vram_gb))
            on_commit=Callback::new(move |n| state.update_filter(true, |l| l.scenario.min_vram_gb = n))
        />
        <MaxPrice
            value=Signal::derive(move || link.with(|l| l.compare.max_price))
            currency=Signal::derive(move || link.with(|l| l.scenario.currency))
            on_commit=Callback::new(move |v| state.update_filter(true, |l| l.compare.max_price = v))
        />
        <Search
            value=Signal::derive(move || link.with(|l| l.compare.q.clone()))
            on_input=Callback::new(move |q: String| state.update_filter(true, |l| l.compare.q = clip_query(&q)))
        />
    }
}

#[component]
fn MinGpus(value: Signal<u32>, on_commit: Callback<u32>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::MinGpus).to_string())
            field=NumberField::whole(1, MAX_GPUS as i64)
            value=Signal::derive(move || Some(value.get()).filter(|n| *n > 1).map(Decimal::from))
            on_commit=Callback::new(move |v: Option<Decimal>| {
                on_commit.run(v.and_then(|d| d.to_u32()).unwrap_or(1).max(1))
            })
            testid="filter-min-gpus"
            default=Decimal::ONE
        />
    }
}

#[component]
fn MinVram(value: Signal<Option<u32>>, on_commit: Callback<Option<u32>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::MinVram).to_string())
            field=NumberField::whole(1, MAX_VRAM_GB as i64)
            value=Signal::derive(move || value.get().map(Decimal::from))
            on_commit=Callback::new(move |v: Option<Decimal>| on_commit.run(v.and_then(|d| d.to_u32())))
            testid="filter-min-vram"
        />
    }
}

#[component]
fn MaxPrice(
    value: Signal<Option<Decimal>>,
    currency: Signal<Currency>,
    on_commit: Callback<Option<Decimal>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || fill(i18n.t(Msg::MaxPrice), &[format::currency_symbol(currency.get())]))
            field=NumberField::decimal(0, MAX_MONEY_INPUT, true)
            value=value
            on_commit=on_commit
            testid="filter-max-price"
        />
    }
}

#[component]
fn Search(value: Signal<String>, on_input: Callback<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label class="wide">
            <span>{move || i18n.t(Msg::Search)}</span>
            <input
                type="search"
                data-testid="filter-search"
                placeholder=move || i18n.t(Msg::SearchPlaceholder)
                prop:value=move || value.get()
                on:input=move |ev| on_input.run(event_target_value(&ev))
            />
        </label>
    }
}
