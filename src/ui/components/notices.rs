//! Notices about link values that could not be used; each names its key and
//! can be dismissed.

use leptos::prelude::*;

use crate::domain::link::LinkNotice;
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
                        view! {
                            <div class="notice" role="status" data-testid="link-notice" data-key=data_key>
                                <span>{move || fill(i18n.t(notice_msg(code)), &[&key, &value])}</span>
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
