//! A numeric form field that never loses what the user typed: the raw text
//! stays in the box, a bad value shows a message next to it, and the state
//! keeps its last good value until the text parses.

use std::collections::{BTreeMap, HashMap};

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::input::{InputError, NumberField};
use crate::domain::scenario::MAX_MONEY_INPUT;
use crate::ui::i18n::{use_i18n, I18n, Msg};
use crate::ui::labels::input_error_msg;
use crate::ui::link::AppLink;
use crate::ui::state::AppState;

/// How a [`map_rate_input`] stores a value under its key in one of the
/// link's user-entered maps (`Some` sets it, `None` removes it). One
/// non-generic signature for every map keeps one copy of the box in the wasm.
pub type RateSetter = fn(&mut AppLink, &str, Option<Decimal>);

/// A [`RateSetter`] body for a map keyed by `K`.
pub fn set_rate<K: Ord + for<'a> From<&'a str>>(
    map: &mut BTreeMap<K, Decimal>,
    key: &str,
    v: Option<Decimal>,
) {
    match v {
        Some(p) => {
            map.insert(K::from(key), p);
        }
        None => {
            map.remove(&K::from(key));
        }
    }
}

/// A box for a rate the user enters where the catalog has none, kept in one
/// of the link's maps (`up` prices per offer, `ur` usage rates) under `key`:
/// a value that parses is committed on change (empty removes it); a bad one
/// shows its message next to the box (`errors`, shared by a screen's boxes)
/// and the last good value stays in force.
#[allow(clippy::too_many_arguments)]
pub fn map_rate_input(
    state: AppState,
    i18n: I18n,
    set: RateSetter,
    key: String,
    current: Option<Decimal>,
    label: String,
    placeholder: &'static str,
    testid: &'static str,
    errors: RwSignal<HashMap<String, InputError>>,
) -> AnyView {
    let field = NumberField::decimal(0, MAX_MONEY_INPUT, true);
    let key_err = key.clone();
    view! {
        <input
            type="text"
            inputmode="decimal"
            data-testid=testid
            aria-label=label.clone()
            title=label
            placeholder=placeholder
            prop:value=current.map(|d| d.normalize().to_string()).unwrap_or_default()
            on:change=move |ev| {
                let text = event_target_value(&ev);
                let key = key.clone();
                match field.parse(&text) {
                    Ok(v) => {
                        errors.update(|m| { m.remove(&key); });
                        state.update(|l| set(l, &key, v));
                    }
                    Err(e) => errors.update(|m| { m.insert(key, e); }),
                }
            }
        />
        <span class="field-error" role="status">
            {move || errors.with(|m| m.get(&key_err).map(|e| i18n.t(input_error_msg(*e))))}
        </span>
    }
    .into_any()
}

fn show(v: Option<Decimal>) -> String {
    v.map(|d| d.normalize().to_string()).unwrap_or_default()
}

#[component]
pub fn NumberInput(
    /// Label text (reactive, translated by the caller).
    #[prop(into)]
    label: Signal<String>,
    field: NumberField,
    /// The value in the state.
    #[prop(into)]
    value: Signal<Option<Decimal>>,
    /// Called with each value that parses (None = empty field).
    on_commit: Callback<Option<Decimal>>,
    testid: &'static str,
    #[prop(optional, into)] placeholder: Signal<String>,
    #[prop(optional, into)] hint: Signal<String>,
    /// The value an empty field stands for (e.g. 1 GPU, 730 h): typing it
    /// must not be mistaken for an outside change.
    #[prop(optional)]
    default: Option<Decimal>,
) -> impl IntoView {
    let i18n = use_i18n();
    let raw = RwSignal::new(show(value.get_untracked()));
    let error = RwSignal::new(None::<InputError>);
    // Follow the state when it changes from elsewhere (back/forward, reset),
    // unless the box already says the same thing.
    Effect::new(move |_| {
        let v = value.get();
        let typed = field.parse(&raw.get_untracked());
        let same = matches!(typed, Ok(t) if t.or(default) == v.or(default));
        if !same {
            raw.set(show(v));
            error.set(None);
        }
    });
    let err_id = format!("{testid}-error");
    view! {
        <label>
            <span>{move || label.get()}</span>
            <input
                type="text"
                inputmode="decimal"
                autocomplete="off"
                data-testid=testid
                placeholder=move || placeholder.get()
                prop:value=move || raw.get()
                aria-invalid=move || error.get().is_some().then_some("true")
                aria-describedby=err_id.clone()
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    raw.set(text.clone());
                    match field.parse(&text) {
                        Ok(v) => {
                            error.set(None);
                            on_commit.run(v);
                        }
                        Err(e) => error.set(Some(e)),
                    }
                }
            />
            <span class="field-error" id=err_id data-testid=format!("{testid}-error") role="status">
                {move || error.get().map(|e| i18n.t(input_error_msg(e)))}
            </span>
            {move || {
                let h = hint.get();
                (!h.is_empty()).then(|| view! { <span class="hint">{h}</span> })
            }}
        </label>
    }
}

/// A whole-number field whose default is shown as the placeholder and
/// stored as the default (an empty box means the default, e.g. 1 GPU or
/// 12 months): what is typed commits on each valid keystroke.
pub fn whole_field(
    label: Msg,
    testid: &'static str,
    (min, max, default): (u32, u32, u32),
    value: impl Fn() -> u32 + Copy + Send + Sync + 'static,
    on_commit: impl Fn(u32) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <NumberInput
            label=Signal::derive(move || i18n.t(label).to_string())
            field=NumberField::whole(i64::from(min), i64::from(max))
            value=Signal::derive(move || Some(value()).filter(|n| *n != default).map(Decimal::from))
            on_commit=Callback::new(move |v: Option<Decimal>| {
                on_commit(v.and_then(|d| d.to_u32()).unwrap_or(default).max(min))
            })
            testid=testid
            default=Decimal::from(default)
            placeholder=Signal::derive(move || default.to_string())
        />
    }
}
