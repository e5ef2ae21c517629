//! Checkbox fieldsets shared by the screens (one box per item of a list-valued setting).
use leptos::prelude::*;

use crate::ui::i18n::{use_i18n, I18n, Msg};

/// A fieldset of checkboxes under a legend.
pub fn check_fieldset(legend: Msg, boxes: impl IntoView) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <fieldset>
            <legend>{move || i18n.t(legend)}</legend>
            <div class="checks">{boxes}</div>
        </fieldset>
    }
}

/// A checkbox per item of a list-valued filter.
pub fn check_boxes<T: Copy + PartialEq + Send + Sync + 'static>(
    items: impl IntoIterator<Item = T>,
    testid: impl Fn(T) -> String,
    label: impl Fn(I18n, T) -> String + Copy + Send + Sync + 'static,
    checked: impl Fn(T) -> bool + Copy + Send + Sync + 'static,
    on_toggle: impl Fn((T, bool)) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let i18n = use_i18n();
    items
        .into_iter()
        .map(|x| {
            view! {
                <label>
                    <input
                        type="checkbox"
                        data-testid=testid(x)
                        prop:checked=move || checked(x)
                        on:change=move |ev| on_toggle((x, event_target_checked(&ev)))
                    />
                    {move || label(i18n, x)}
                </label>
            }
        })
        .collect_view()
}
