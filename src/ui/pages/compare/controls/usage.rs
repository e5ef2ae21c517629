//! Usage: hours per month and months (shared by every screen).
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::input::NumberField;
use crate::domain::scenario::{
    DEFAULT_HOURS_PER_MONTH, DEFAULT_MONTHS, MAX_HOURS_PER_MONTH, MAX_MONTHS,
};
use crate::ui::components::number_input::NumberInput;
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
        {months(
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
            default=default
            placeholder=Signal::derive(move || DEFAULT_HOURS_PER_MONTH.to_string())
        />
    }
}

fn months(
    value: impl Fn() -> u32 + Copy + Send + Sync + 'static,
    on_commit: impl Fn(u32) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(Msg::Months).to_string())
            field=NumberField::whole(1, MAX_MONTHS as i64)
            value=Signal::derive(move || Some(value()).filter(|m| *m != DEFAULT_MONTHS).map(Decimal::from))
            on_commit=Callback::new(move |v: Option<Decimal>| {
                on_commit(v.and_then(|d| d.to_u32()).unwrap_or(DEFAULT_MONTHS))
            })
            testid="months"
            default=Decimal::from(DEFAULT_MONTHS)
            placeholder=Signal::derive(move || DEFAULT_MONTHS.to_string())
        />
    }
}
