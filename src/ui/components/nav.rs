//! The screen switcher: real links (`?…&screen=…`, so a screen opens in a
//! new tab or from a bookmark on any static host), handled in place on a
//! plain click so the page is not reloaded.
use leptos::prelude::*;

use crate::ui::i18n::{use_i18n, Msg};
use crate::ui::labels::screen_msg;
use crate::ui::link::{self, Screen};
use crate::ui::state::AppState;

#[component]
pub fn Nav() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    view! {
        <nav class="screens" aria-label=move || i18n.t(Msg::NavLabel) data-testid="nav">
            {Screen::ALL
                .into_iter()
                .map(|s| {
                    let href = move || state.link.with(|l| link::href_for(l, s));
                    let current = move || state.link.with(|l| l.screen == s);
                    view! {
                        <a
                            href=href
                            data-testid=format!("nav-{}", s.code())
                            aria-current=move || current().then_some("page")
                            class:current=current
                            on:click=move |ev| {
                                // a modified click opens a new tab as usual
                                if ev.button() == 0 && !(ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key()) {
                                    ev.prevent_default();
                                    state.go(s);
                                }
                            }
                        >
                            {move || i18n.t(screen_msg(s))}
                        </a>
                    }
                })
                .collect_view()}
        </nav>
    }
}
