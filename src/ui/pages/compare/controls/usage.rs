//! Usage: hours per month and months (the plan screen has its own boxes in
//! its field table).
use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::domain::input::NumberField;
use crate::domain::scenario::{
    DEFAULT_HOURS_PER_MONTH, DEFAULT_MONTHS, MAX_HOURS_PER_MONTH, MAX_MONTHS,
};
use crate::ui::components::number_input::{whole_field, NumberInput};
use crate::ui::i18n::{use_i18n, Msg};
use crate::ui::state::AppState;

/// The usage fields wired to the app state (typing replaces the history entry).
pub fn usage_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    view! {
        {hours_per_month(
            move || link.with(|l| l.scenario.hours_per_month),
            move |h| state.update_typing(|l| l.scenario.hours_per_month = h),
        )}
        {whole_field(
            Msg::Months,
            ("months", "m"),
            (1, MAX_MONTHS, DEFAULT_MONTHS),
            move || link.with(|l| l.scenario.months),
            move |m| state.update_typing(|l| l.scenario.months = m),
        )}
    }
}

fn hours_per_month(
    value: impl Fn() -> Decimal + Copy + Send + Sync + 'static,
    on_commit: impl Fn(Decimal) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    let default = Decimal::from(DEFAULT_HOURS_PER_MONTH);
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::HoursPerMonth).to_string())
            field=NumberField::decimal(0, MAX_HOURS_PER_MONTH as i64, false)
            value=Signal::derive(move || Some(value()).filter(|h| *h != default))
            on_commit=Callback::new(move |v: Option<Decimal>| on_commit(v.unwrap_or(default)))
            testid="hours-per-month"
            key="h"
            default=default
            placeholder=Signal::derive(move || DEFAULT_HOURS_PER_MONTH.to_string())
        />
    }
}
