//! A numeric form field that never loses what the user typed: the raw text
//! stays in the box, a bad value shows a message next to it, and the state
//! keeps its last good value until the text parses. A value the link gave
//! for the field's key and the link reader refused (out of range, not a
//! number) is put back in the box the same way, with its message, while
//! the state keeps the default.

use std::collections::{BTreeMap, HashMap};

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use crate::domain::input::{InputError, NumberField};
use crate::domain::link::LinkNoticeCode;
use crate::domain::scenario::MAX_MONEY_INPUT;
use crate::ui::i18n::{use_i18n, I18n, Msg};
use crate::ui::labels::input_error_text;

/// Set (`Some`) or remove (`None`) a user-entered rate under `key` in one
/// of the link's maps (`up` prices per offer, `ur` usage rates).
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

/// What was typed into a markup rate box and refused, by the box's key:
/// kept so a rebuild of the markup puts it back beside its message.
pub type Refused = StoredValue<HashMap<String, (String, InputError)>>;

/// The text box a change event came from, with its `data-key`.
pub fn keyed_input(ev: &leptos::ev::Event) -> Option<(web_sys::HtmlInputElement, String)> {
    use wasm_bindgen::JsCast;
    let input = ev.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    let key = input.get_attribute("data-key")?;
    Some((input, key))
}

/// What a rate box (a user price or usage rate) accepts.
pub const RATE: NumberField = NumberField::decimal(0, MAX_MONEY_INPUT, true);

/// A rate typed into a box of a screen's markup (the rows' prices, the
/// panel's usage rates): a value that parses (empty clears it) goes to
/// `commit`; a bad one shows its message beside the box and is kept in
/// `refused`, and the last good value stays in force.
pub fn rate_box_changed(
    input: &web_sys::HtmlInputElement,
    key: String,
    i18n: I18n,
    refused: Refused,
    commit: impl FnOnce(&str, Option<Decimal>),
) {
    let text = input.value();
    match RATE.parse(&text) {
        Ok(v) => {
            refused.update_value(|b| {
                b.remove(&key);
            });
            show_error(input, None);
            commit(&key, v);
        }
        Err(e) => {
            show_error(
                input,
                Some(&input_error_text(e, RATE, i18n.locale.get_untracked())),
            );
            refused.update_value(|b| {
                b.insert(key, (text, e));
            });
        }
    }
}

/// A markup box's message in the element after it (None clears it).
pub fn show_error(input: &web_sys::HtmlInputElement, message: Option<&str>) {
    match message {
        Some(_) => input.set_attribute("aria-invalid", "true"),
        None => input.remove_attribute("aria-invalid"),
    }
    .ok();
    if let Some(span) = input.next_element_sibling() {
        span.set_text_content(message);
    }
}

/// The value the current link gave for `key` that the reader refused, with
/// the field's reason (None when the box would accept it). `key:item` is
/// one item of a keyed list (`nd:azure` for the `azure:…` item of `nd`).
fn refused_value(key: &str, field: NumberField) -> Option<(String, InputError)> {
    let state = use_context::<crate::ui::state::AppState>()?;
    let (key, item) = key
        .split_once(':')
        .map_or((key, None), |(k, i)| (k, Some(i)));
    state.notices.with_untracked(|ns| {
        ns.iter()
            .filter(|n| n.key == key)
            .filter(|n| {
                matches!(
                    n.code,
                    LinkNoticeCode::OutOfRange | LinkNoticeCode::InvalidValue
                )
            })
            .filter_map(|n| match item {
                Some(i) => n.value.strip_prefix(i)?.strip_prefix(':'),
                None => Some(n.value.as_str()),
            })
            .find_map(|v| field.parse(v).err().map(|e| (v.to_string(), e)))
    })
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
    /// The link key the field edits: a value the link gave for it and the
    /// reader refused is shown in the box with its message.
    #[prop(optional)]
    key: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let refused = key
        .filter(|_| value.get_untracked().is_none())
        .and_then(|k| refused_value(k, field));
    let seeded = refused.is_some();
    let (text, err) = match refused {
        Some((text, e)) => (text, Some(e)),
        None => (show(value.get_untracked()), None),
    };
    let raw = RwSignal::new(text);
    let error = RwSignal::new(err);
    // Follow the state when it changes from elsewhere (back/forward, reset),
    // unless the box already says the same thing (or, on its first run,
    // shows the link's refused value).
    Effect::new(move |first: Option<()>| {
        if first.is_none() && seeded {
            return;
        }
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
                {move || error.get().map(|e| input_error_text(e, field, i18n.locale.get()))}
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
    (testid, key): (&'static str, &'static str),
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
            key=key
            placeholder=Signal::derive(move || default.to_string())
        />
    }
}
