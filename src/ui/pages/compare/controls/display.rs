//! Display: time unit, TFLOPS basis, currency and exchange rate, columns.
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::domain::catalog::Catalog;
use crate::domain::compare::view::{toggle_column, visible_columns, Column, TflopsKind, TimeUnit};
use crate::domain::input::NumberField;
use crate::domain::scenario::MAX_FX;
use crate::ui::components::checks::check_boxes;
use crate::ui::components::number_input::NumberInput;
use crate::ui::components::scenario_selects;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, I18n, Msg};
use crate::ui::labels::{column_msg, tflops_msg, unit_msg};
use crate::ui::state::AppState;

/// The display fields wired to the app state.
pub fn display_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    let catalog = state.catalog;
    view! {
        {code_select(
            Msg::TimeUnit,
            "time-unit",
            TimeUnit::ALL.to_vec(),
            TimeUnit::code,
            unit_msg,
            move || link.with(|l| l.compare.time_unit),
            move |u| state.update(|l| l.compare.time_unit = u),
        )}
        {code_select(
            Msg::TflopsBasis,
            "tflops-basis",
            TflopsKind::ALL.to_vec(),
            TflopsKind::code,
            tflops_msg,
            move || link.with(|l| l.compare.tflops),
            move |k| state.update(|l| l.compare.tflops = k),
        )}
        {scenario_selects::currency_select(state, "currency")}
        {fx_rate(
            catalog,
            move || link.with(|l| l.scenario.fx_cny_per_usd),
            move |v| state.update_typing(|l| l.scenario.fx_cny_per_usd = v),
        )}
        {column_picker(
            move |c| link.with(|l| visible_columns(&l.compare.cols).contains(&c)),
            move |(c, on)| {
                state.update(|l| l.compare.cols = toggle_column(&l.compare.cols, c, on))
            },
        )}
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
fn code_select<T: Copy + PartialEq + Send + Sync + 'static>(
    label: Msg,
    testid: &'static str,
    options: Vec<T>,
    code: fn(T) -> &'static str,
    name: fn(T) -> Msg,
    value: impl Fn() -> T + Copy + Send + Sync + 'static,
    on_pick: impl Fn(T) + Copy + Send + Sync + 'static,
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
                        on_pick(x);
                    }
                }
            >
                {options
                    .into_iter()
                    .map(|x| view! {
                        <option value=code(x) prop:selected=move || value() == x>
                            {move || i18n.t(name(x))}
                        </option>
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

fn fx_rate(
    catalog: &'static Catalog,
    value: impl Fn() -> Option<Decimal> + Copy + Send + Sync + 'static,
    on_commit: impl Fn(Option<Decimal>) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let hint = Signal::derive(move || {
        fill(
            i18n.t(Msg::FxDefaultHint),
            &[
                &format::plain(catalog.fx.cny_per_usd, i18n.locale.get()),
                &format::fx_basis(&catalog.fx.as_of, i18n.locale.get()),
            ],
        )
    });
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::FxRate).to_string())
            field=NumberField::decimal(0, MAX_FX, true)
            value=Signal::derive(value)
            on_commit=Callback::new(on_commit)
            testid="fx-rate"
            key="fx"
            placeholder=Signal::derive(move || catalog.fx.cny_per_usd.normalize().to_string())
            hint=hint
        />
    }
}

fn column_picker(
    col_on: impl Fn(Column) -> bool + Copy + Send + Sync + 'static,
    on_toggle: impl Fn((Column, bool)) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <details class="column-picker wide" data-testid="column-picker">
            <summary>{move || i18n.t(Msg::Columns)}</summary>
            <div class="checks">
                {check_boxes(Column::ALL, |c| format!("column-{}", c.code()), column_label, col_on, on_toggle)}
            </div>
        </details>
    }
}
