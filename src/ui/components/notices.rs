//! Notices about link values that could not be used; each names its key and
//! can be dismissed.

use leptos::prelude::*;

use crate::domain::link::{LinkNotice, LinkNoticeCode};
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::notice_msg;
use crate::ui::state::AppState;

/// Keep notices readable: a hostile value is shown as text, shortened.
fn shorten(v: &str) -> String {
    let mut s: String = v.chars().take(40).collect();
    if v.chars().count() > 40 {
        s.push('…');
    }
    s
}

/// The offers whose prices are dated after an old link's dataset date
/// (`date+hash`), as a list the user can open; nothing when none is (the
/// link's data is as new as, or newer than, the app's).
fn changed_prices(state: AppState, version: &str) -> impl IntoView {
    let i18n = use_i18n();
    let date = version.split('+').next().unwrap_or_default().to_string();
    let items: Vec<String> = state
        .catalog
        .prices_dated_after(&date)
        .into_iter()
        .map(|(o, as_of)| format!("{} · {as_of}", o.id.as_str()))
        .collect();
    let none = items.is_empty();
    let n = items.len().to_string();
    view! {
        <details data-testid="changed-prices" hidden=none>
            <summary>{move || fill(i18n.t(Msg::ChangedPrices), &[&n, &date])}</summary>
            <ul>{items.into_iter().map(|t| view! { <li>{t}</li> }).collect_view()}</ul>
        </details>
    }
}

#[component]
pub fn LinkNotices() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    view! {
        <div class="notices" data-testid="link-notices" aria-live="polite">
            {move || {
                state
                    .notices
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, n): (usize, LinkNotice)| {
                        let key = n.key.clone();
                        let data_key = n.key.clone();
                        let value = shorten(&n.value);
                        let code = n.code;
                        // what a filter matching nothing was probably meant to be
                        let near = if code == LinkNoticeCode::NoMatch {
                            crate::domain::link::closest_filter(state.catalog, &n.key, &n.value, 3)
                        } else {
                            String::new()
                        };
                        let changed = (code == LinkNoticeCode::DataUpdated)
                            .then(|| changed_prices(state, &n.value));
                        view! {
                            <div class="notice" role="status" data-testid="link-notice" data-key=data_key>
                                <span>{move || {
                                    // an out-of-range number says its valid range
                                    let range = match crate::ui::link::bounds_of(&key) {
                                        Some(b) if code == LinkNoticeCode::OutOfRange => {
                                            crate::ui::format::range_hint(&b, i18n.locale.get())
                                        }
                                        _ => String::new(),
                                    };
                                    let third = if near.is_empty() { &range } else { &near };
                                    fill(i18n.t(notice_msg(code)), &[&key, &value, third])
                                }}</span>
                                {changed}
                                <button
                                    type="button"
                                    data-testid="dismiss-notice"
                                    on:click=move |_| state.notices.update(|v| {
                                        if i < v.len() {
                                            v.remove(i);
                                        }
                                    })
                                >
                                    {move || i18n.t(Msg::Dismiss)}
                                </button>
                            </div>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}
