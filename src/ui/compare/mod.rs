//! The compare screen: controls, the offer table and the side-by-side panel.
//! State is one `LinkState` signal mirrored in the URL; every figure shown
//! comes from memos that call the engine (`domain::compare`).

mod controls;
mod fields;
mod notices;
pub(crate) mod panel;
mod table;

use leptos::prelude::*;

use crate::domain::catalog::Catalog;
use crate::domain::compare::{self, Panel, PricedOffer, Table};
use crate::domain::link::{parse_query, to_query, LinkNotice, LinkState};
use crate::domain::synthetic;
use crate::ui::url;

/// The compare screen's shared state: a small `Copy` handle for children.
#[derive(Clone, Copy)]
pub struct CompareState {
    pub catalog: &'static Catalog,
    pub link: RwSignal<LinkState>,
    pub notices: RwSignal<Vec<LinkNotice>>,
    /// The next URL write replaces the history entry (typing) instead of pushing.
    replace_next: StoredValue<bool>,
}

impl CompareState {
    /// A discrete change (click, select): one history entry.
    pub fn update(&self, f: impl FnOnce(&mut LinkState)) {
        self.replace_next.set_value(false);
        self.link.update(f);
    }

    /// A change while typing: replaces the current history entry.
    pub fn update_typing(&self, f: impl FnOnce(&mut LinkState)) {
        self.replace_next.set_value(true);
        self.link.update(f);
    }

    /// A filter change: also goes back to page 1.
    pub fn update_filter(&self, typing: bool, f: impl FnOnce(&mut LinkState)) {
        let g = move |l: &mut LinkState| {
            f(l);
            l.view.page = 1;
        };
        if typing {
            self.update_typing(g)
        } else {
            self.update(g)
        }
    }
}

/// The catalog the screen uses: the embedded one, or N× it behind the
/// documented test-only `synthetic=N` switch.
fn screen_catalog(base: &'static Catalog, factor: Option<u32>) -> &'static Catalog {
    match factor {
        Some(n) => Box::leak(Box::new(synthetic::scaled(base, n))),
        None => base,
    }
}

#[component]
pub fn CompareScreen(catalog: &'static Catalog) -> impl IntoView {
    let (query, factor) = url::split_synthetic(&url::current_query());
    let catalog = screen_catalog(catalog, factor);
    let initial = parse_query(&query, catalog);
    let state = CompareState {
        catalog,
        notices: RwSignal::new(initial.notices.clone()),
        link: RwSignal::new(LinkState {
            notices: Vec::new(),
            ..initial
        }),
        replace_next: StoredValue::new(true),
    };
    provide_context(state);

    // State → URL (the first run normalises the address bar in place).
    Effect::new(move |_| {
        let q = state.link.with(to_query);
        url::write_query(&q, factor, state.replace_next.get_value());
    });
    // URL → state on back/forward.
    url::on_history_change(move |q| {
        let (q, _) = url::split_synthetic(&q);
        let parsed = parse_query(&q, catalog);
        state.notices.set(parsed.notices.clone());
        state.replace_next.set_value(true);
        state.link.set(LinkState {
            notices: Vec::new(),
            ..parsed
        });
    });

    // Re-price only when a pricing input changes (not on filter/sort/page).
    let pricing = Memo::new(move |_| state.link.with(|l| compare::pricing_inputs(&l.scenario)));
    let priced: Memo<Vec<PricedOffer>> =
        Memo::new(move |_| pricing.with(|s| compare::price_all(catalog, s)));
    let table: Memo<Table> = Memo::new(move |_| {
        state
            .link
            .with(|l| priced.with(|p| compare::table(catalog, &l.scenario, &l.view, p)))
    });
    let selected = Memo::new(move |_| state.link.with(|l| l.view.selected.clone()));
    // Recomputed only when the selection or the pricing inputs change (both
    // memos), so comparing whole quotes for equality would rarely save a
    // render and costs wasm bytes: every new result renders.
    let panel: Memo<Option<Result<Panel, String>>> = Memo::new_with_compare(
        move |_| {
            let sel = selected.get();
            if sel.len() < 2 {
                return None;
            }
            Some(
                pricing
                    .with(|s| compare::panel(catalog, s, &sel))
                    .map_err(|e| e.code().to_string()),
            )
        },
        // `changed`: always, except None → None (nothing selected)
        |old, new| !matches!((old, new), (Some(None), None) | (Some(None), Some(None))),
    );

    view! {
        <section class="compare-screen" aria-label="compare">
            <notices::LinkNotices />
            <controls::Controls />
            <panel::ComparePanel panel=panel />
            <table::OfferTable table=table />
        </section>
    }
}

/// Remove every filter (not units, currency, columns or selection).
pub fn clear_filters(l: &mut LinkState) {
    let s = &mut l.scenario;
    s.providers.clear();
    s.region_groups.clear();
    s.regions.clear();
    s.gpu_models.clear();
    s.min_gpus = 1;
    s.min_vram_gb = None;
    l.view.q.clear();
    l.view.max_price = None;
    l.view.page = 1;
}
