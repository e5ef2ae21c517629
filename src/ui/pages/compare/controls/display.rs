//! Display: time unit, TFLOPS basis, currency and exchange rate, columns.
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::check_boxes;
use crate::domain::catalog::{Catalog, Currency};
use crate::domain::input::NumberField;
use crate::domain::scenario::MAX_FX;
use crate::ui::components::number_input::NumberInput;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, I18n, Msg};
use crate::ui::labels::{column_msg, tflops_msg, unit_msg};
use crate::ui::pages::compare::rows::switch_currency;
use crate::ui::pages::compare::view::{
    toggle_column, visible_columns, Column, TflopsKind, TimeUnit,
};
use crate::ui::state::AppState;

/// The display fields wired to the app state.
pub fn display_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    let catalog = state.catalog;
    view! {
        <CodeSelect
            label=Msg::TimeUnit
            testid="time-unit"
            options=TimeUnit::ALL.to_vec()
            code=TimeUnit::code
            name=unit_msg
            value=Signal::derive(move || link.with(|l| l.compare.time_unit))
            on_pick=Callback::new(move |u| state.update(|l| l.compare.time_unit = u))
        />
        <CodeSelect
            label=Msg::TflopsBasis
            testid="tflops-basis"
            options=TflopsKind::ALL.to_vec()
            code=TflopsKind::code
            name=tflops_msg
            value=Signal::derive(move || link.with(|l| l.compare.tflops))
            on_pick=Callback::new(move |k| state.update(|l| l.compare.tflops = k))
        />
        <CurrencySelect
            value=Signal::derive(move || link.with(|l| l.scenario.currency))
            on_pick=Callback::new(move |c| state.update(|l| switch_currency(catalog, l, c)))
        />
        <FxRate
            catalog=catalog
            value=Signal::derive(move || link.with(|l| l.scenario.fx_cny_per_usd))
            on_commit=Callback::new(move |v| state.update_typing(|l| l.scenario.fx_cny_per_usd = v))
        />
        <ColumnPicker
            cols=Signal::derive(move || link.with(|l| visible_columns(&l.compare.cols)))
            on_toggle=Callback::new(move |(c, on)| {
                state.update(|l| l.compare.cols = toggle_column(&l.compare.cols, c, on))
            })
        />
    }
}

/// A column's name in the picker (the monthly column's hours are the
/// scenario's, shown as "h" here).
fn column_label(i18n: I18n, c: Column) -> String {
    let t = i18n.t(column_msg(c));
    match c {
        Column::Monthly => fill(t, &["h"]),
        _ => t.to_string(),
    }
}

/// A select over a code enum (value = the code).
#[component]
fn CodeSelect<T: Copy + PartialEq + Send + Sync + 'static>(
    label: Msg,
    testid: &'static str,
    options: Vec<T>,
    code: fn(T) -> &'static str,
    name: fn(T) -> Msg,
    value: Signal<T>,
    on_pick: Callback<T>,
) -> impl IntoView {
    let i18n = use_i18n();
    let all = options.clone();
    view! {
        <label>
            <span>{move || i18n.t(label)}</span>
            <select
                data-testid=testid
                on:change=move |ev| {
                    let v = event_target_value(&ev);
                    if let Some(x) = all.iter().copied().find(|x| code(*x) == v) {
                        on_pick.run(x);
                    }
                }
            >
                {options
                    .into_iter()
                    .map(|x| view! {
                        <option value=code(x) prop:selected=move || value.get() == x>
                            {move || i18n.t(name(x))}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
fn CurrencySelect(value: Signal<Currency>, on_pick: Callback<Currency>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <label>
            <span>{move || i18n.t(Msg::Currency)}</span>
            <select
                data-testid="currency"
                on:change=move |ev| {
                    if let Some(c) = Currency::from_code(&event_target_value(&ev)) {
                        on_pick.run(c);
                    }
                }
            >
                {Currency::ALL
                    .into_iter()
                    .map(|c| view! {
                        <option value=c.code() prop:selected=move || value.get() == c>
                            {format!("{} {}", c.code(), format::currency_symbol(c))}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

#[component]
fn FxRate(
    catalog: &'static Catalog,
    value: Signal<Option<Decimal>>,
    on_commit: Callback<Option<Decimal>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let hint = Signal::derive(move || {
        fill(
            i18n.t(Msg::FxDefaultHint),
            &[
                &format::plain(catalog.fx.cny_per_usd, i18n.locale.get()),
                &catalog.fx.as_of,
            ],
        )
    });
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::FxRate).to_string())
            field=NumberField::decimal(0, MAX_FX, true)
            value=value
            on_commit=on_commit
            testid="fx-rate"
            placeholder=Signal::derive(move || catalog.fx.cny_per_usd.normalize().to_string())
            hint=hint
        />
    }
}

#[component]
fn ColumnPicker(cols: Signal<Vec<Column>>, on_toggle: Callback<(Column, bool)>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="column-picker wide" data-testid="column-picker">
            <summary>{move || i18n.t(Msg::Columns)}</summary>
            <div class="checks">
                {check_boxes(Column::ALL, |c| format!("column-{}", c.code()), column_label, cols, on_toggle)}
            </div>
        </details>
    }
}
