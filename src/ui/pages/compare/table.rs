//! The offer table: one page of rows, sortable headers, price cells that
//! show their source on hover/focus/tap, and a price box for unpriced offers.

use std::collections::HashMap;

use leptos::either::Either;
use leptos::prelude::*;
use rust_decimal::Decimal;

use super::rows::{Row, Table};
use super::view::{visible_columns, Column, TimeUnit, DEFAULT_SORT, MAX_SELECTED};
use crate::domain::catalog::{Currency, OfferId, Price};
use crate::domain::input::InputError;
use crate::domain::pricing::{PriceOrigin, PriceRef};
use crate::domain::scenario::BillingModel;
use crate::ui::components::number_input::{map_rate_input, set_rate};
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, I18n, Locale, Msg};
use crate::ui::labels::{column_msg, model_tag, provider_msg, unit_short};
use crate::ui::state::AppState;

fn is_numeric(c: Column) -> bool {
    !matches!(
        c,
        Column::Provider | Column::Region | Column::Type | Column::Gpu
    )
}

/// Columns whose figure is a price per time unit.
fn is_rate(c: Column) -> bool {
    matches!(
        c,
        Column::Hourly
            | Column::Gpuh
            | Column::Tflopsh
            | Column::Vramh
            | Column::Spot
            | Column::Commit
    )
}

fn header_text(i18n: I18n, c: Column, unit: TimeUnit, hours: Decimal) -> String {
    let loc = i18n.locale.get();
    let base = i18n.t(column_msg(c));
    if c == Column::Monthly {
        fill(base, &[&format::plain(hours, loc)])
    } else if is_rate(c) {
        fill(i18n.t(Msg::PerUnit), &[base, i18n.t(unit_short(unit))])
    } else {
        base.to_string()
    }
}

/// Tooltip text for a price: its source title and as-of date.
fn source_tip(state: &AppState, i18n: I18n, r: &PriceRef) -> String {
    let PriceOrigin::Catalog {
        source,
        as_of,
        indicative,
    } = &r.origin
    else {
        return i18n.t(Msg::UserPriceTip).to_string();
    };
    let title = state
        .catalog
        .source(source)
        .map(|s| s.title.as_str())
        .unwrap_or(source);
    let mut tip = fill(i18n.t(Msg::SourceTip), &[title, as_of]);
    if *indicative {
        tip.push_str(" · ");
        tip.push_str(i18n.t(Msg::IndicativeTag));
    }
    tip
}

fn history_tip(i18n: I18n, h: &[Price]) -> Option<String> {
    let first = h.first()?;
    Some(fill(i18n.t(Msg::HistoryTip), &[&first.as_of]))
}

/// "stale" next to a price more than 12 months older than the dataset.
pub(crate) fn stale_badge(i18n: I18n, as_of: &str) -> impl IntoView {
    let tip = fill(i18n.t(Msg::StaleTip), &[as_of]);
    view! {
        <span class="badge stale" data-testid="stale-badge" title=tip.clone() aria-label=tip>
            {i18n.t(Msg::StaleBadge)}
        </span>
    }
}

/// A price with its source shown on hover, focus (keyboard) and tap (focus).
fn price_view(text: String, tip: String, class: &'static str) -> impl IntoView {
    let aria = format!("{text} — {tip}");
    view! {
        <span class=format!("price {class}") tabindex="-1" data-tip=tip.clone() aria-label=aria>
            {text}
        </span>
    }
}

fn find_ref(row: &Row, model: BillingModel) -> Option<&PriceRef> {
    row.priced
        .metrics
        .as_ref()
        .ok()?
        .sources
        .iter()
        .find(|s| s.model == model)
}

fn money_or_dash(v: Option<Decimal>, cur: Currency, loc: Locale) -> String {
    v.map(|d| format::money(d, cur, loc))
        .unwrap_or_else(|| "—".into())
}

#[component]
pub fn OfferTable(table: Memo<Table>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let link = state.link;
    let price_errors = RwSignal::new(HashMap::<String, InputError>::new());
    let columns = Memo::new(move |_| link.with(|l| visible_columns(&l.compare.cols)));
    let sort = Memo::new(move |_| link.with(|l| l.compare.sort.unwrap_or(DEFAULT_SORT)));

    let header = move || {
        let (unit, hours) = link.with(|l| (l.compare.time_unit, l.scenario.hours_per_month));
        let s = sort.get();
        let cells = columns
            .get()
            .into_iter()
            .map(|c| {
                let label = header_text(i18n, c, unit, hours);
                let active = s.column == c;
                let aria = active.then_some(if s.descending {
                    "descending"
                } else {
                    "ascending"
                });
                let arrow = if active {
                    if s.descending {
                        " ▼"
                    } else {
                        " ▲"
                    }
                } else {
                    ""
                };
                let sort_label = fill(i18n.t(Msg::SortBy), &[&label]);
                view! {
                    <th scope="col" class:num=is_numeric(c) aria-sort=aria>
                        <button
                            type="button"
                            data-testid=format!("sort-{}", c.code())
                            title=sort_label
                            on:click=move |_| state.update(|l| l.compare.click_sort(c))
                        >
                            {label}{arrow}
                        </button>
                    </th>
                }
            })
            .collect_view();
        view! {
            <tr>
                <th scope="col"><span class="sr-only">{i18n.t(Msg::ColSelect)}</span></th>
                {cells}
            </tr>
        }
    };

    let body = move || {
        let loc = i18n.locale.get();
        let cols = columns.get();
        let (cur, selected, unit, hours) = link.with(|l| {
            (
                l.scenario.currency,
                l.compare.selected.clone(),
                l.compare.time_unit,
                l.scenario.hours_per_month,
            )
        });
        // each cell names its column (`data-label`): on phones rows are cards
        let labels: Vec<(Column, String)> = cols
            .iter()
            .map(|&c| (c, header_text(i18n, c, unit, hours)))
            .collect();
        table.with(|t| {
            t.rows
                .iter()
                .map(|row| row_view(state, i18n, row, &labels, cur, loc, &selected, price_errors))
                .collect_view()
        })
    };

    let meta = move || {
        table.with(|t| {
            fill(
                i18n.t(Msg::ShowingOffers),
                &[&t.matched.to_string(), &t.total.to_string()],
            )
        })
    };
    let page_text = move || {
        table.with(|t| {
            fill(
                i18n.t(Msg::PageOf),
                &[&t.page.to_string(), &t.pages.to_string()],
            )
        })
    };
    let go = move |delta: i64| {
        let (page, pages) = table.with(|t| (t.page, t.pages));
        state.update(|l| l.compare.turn_page(page, pages, delta));
    };

    view! {
        <div class="table-meta">
            <span data-testid="matched-count" aria-live="polite" data-matched=move || table.with(|t| t.matched)>{meta}</span>
            <div class="pager" data-testid="pager">
                <button type="button" class="link" data-testid="page-prev" disabled=move || table.with(|t| t.page <= 1) on:click=move |_| go(-1)>
                    {move || i18n.t(Msg::PrevPage)}
                </button>
                <span data-testid="page-info">{page_text}</span>
                <button type="button" class="link" data-testid="page-next" disabled=move || table.with(|t| t.page >= t.pages) on:click=move |_| go(1)>
                    {move || i18n.t(Msg::NextPage)}
                </button>
            </div>
        </div>
        <Show when=move || table.with(|t| t.matched > 0) fallback=move || view! { <EmptyState /> }>
            <div class="table-wrap">
                <table class="offers" data-testid="offer-table">
                    <thead>{header}</thead>
                    <tbody data-testid="offer-rows">{body}</tbody>
                </table>
            </div>
        </Show>
    }
}

#[allow(clippy::too_many_arguments)]
fn row_view(
    state: AppState,
    i18n: I18n,
    row: &Row,
    cols: &[(Column, String)],
    cur: Currency,
    loc: Locale,
    selected: &[OfferId],
    price_errors: RwSignal<HashMap<String, InputError>>,
) -> impl IntoView {
    let o = row.priced.offer;
    let id = o.id.clone();
    let is_sel = selected.contains(&id);
    let full = selected.len() >= MAX_SELECTED && !is_sel;
    let f = &row.figures;
    let m = row.priced.metrics.as_ref().ok();
    let cells = cols
        .iter()
        .map(|(c, label)| {
            let c = *c;
            // Text cells are one type (`Left`): one render path instead of one
            // type-erased view per column keeps the wasm smaller.
            let content: Either<String, AnyView> = match c {
                Column::Provider => Either::Left(i18n.t(provider_msg(o.provider)).to_string()),
                Column::Region => {
                    let name = row.priced.region.map(|r| format::region_name(r, loc));
                    Either::Right(view! { {name.unwrap_or_default()} " " <code>{o.region.as_str().to_owned()}</code> }.into_any())
                }
                Column::Type => Either::Left(o.instance_type.clone()),
                Column::Gpu => {
                    let name = row.priced.gpu.map(|g| g.name.clone()).unwrap_or_else(|| o.gpu.as_str().to_owned());
                    Either::Left(format!("{name} × {}", o.gpu_count))
                }
                Column::Gpus => Either::Left(o.gpu_count.to_string()),
                Column::Vram => Either::Left(o.gpu_memory_gb.map_or_else(|| "—".to_string(), |m| m.to_string())),
                Column::Vcpu => Either::Left(o.vcpu.to_string()),
                Column::Ram => Either::Left(format::plain(o.ram_gib, loc)),
                Column::Hourly => Either::Right(hourly_cell(state, i18n, row, cur, loc, price_errors)),
                Column::Gpuh => Either::Left(money_or_dash(f.per_gpu, cur, loc)),
                Column::Tflopsh => Either::Left(money_or_dash(f.per_tflops, cur, loc)),
                Column::Vramh => Either::Left(money_or_dash(f.per_vram_gb, cur, loc)),
                Column::Spot => match (f.spot_min, f.spot_max, find_ref(row, BillingModel::Spot)) {
                    (Some(a), Some(b), Some(r)) => {
                        let text = if a == b {
                            format::money(a, cur, loc)
                        } else {
                            format!("{}–{}", format::money(a, cur, loc), format::money(b, cur, loc))
                        };
                        Either::Right(price_view(text, source_tip(&state, i18n, r), "").into_any())
                    }
                    _ => Either::Left("—".to_string()),
                },
                Column::Commit => match (f.commit, f.commit_model) {
                    (Some(v), Some(model)) => {
                        let text = format::money(v, cur, loc);
                        let tag = i18n.t(model_tag(model));
                        let tip = find_ref(row, model)
                            .map(|r| source_tip(&state, i18n, r))
                            .unwrap_or_else(|| i18n.t(Msg::AssumedTag).to_string());
                        let assumed = f.commit_assumed;
                        Either::Right(view! {
                            {price_view(text, tip, "")}
                            <span class="tag">{tag}</span>
                            {assumed.then(|| view! { <span class="tag">{i18n.t(Msg::AssumedTag)}</span> })}
                        }
                        .into_any())
                    }
                    _ => Either::Left("—".to_string()),
                },
                Column::Monthly => Either::Left(money_or_dash(f.monthly, cur, loc)),
            };
            view! { <td class:num=is_numeric(c) data-label=label.clone()>{content}</td> }
        })
        .collect_view();
    let indicative = m.is_some_and(|m| m.indicative);
    let label = fill(i18n.t(Msg::SelectOffer), &[&o.instance_type]);
    let id2 = id.clone();
    view! {
        <tr class:selected=is_sel data-testid="offer-row" data-offer=id.as_str().to_owned() data-indicative=indicative.then_some("1")>
            <td>
                <input
                    type="checkbox"
                    data-testid="select-offer"
                    aria-label=label
                    prop:checked=is_sel
                    disabled=full
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        let id = id2.clone();
                        state.update(|l| l.compare.select(&id, on));
                    }
                />
            </td>
            {cells}
        </tr>
    }
}

/// The price cell: sourced price with tooltip, or a box for the user's price.
fn hourly_cell(
    state: AppState,
    i18n: I18n,
    row: &Row,
    cur: Currency,
    loc: Locale,
    price_errors: RwSignal<HashMap<String, InputError>>,
) -> AnyView {
    let o = row.priced.offer;
    let f = &row.figures;
    if o.on_demand().is_some() {
        let r = find_ref(row, BillingModel::OnDemand);
        let mut tip = r.map(|r| source_tip(&state, i18n, r)).unwrap_or_default();
        if let Some(h) = history_tip(i18n, &o.price_history) {
            tip.push_str(" · ");
            tip.push_str(&h);
        }
        let class = if r.is_some_and(PriceRef::indicative) {
            "indicative"
        } else {
            ""
        };
        let cell = price_view(money_or_dash(f.price, cur, loc), tip, class);
        let stale = r
            .and_then(PriceRef::as_of)
            .filter(|a| state.catalog.is_stale(a))
            .map(|as_of| view! { " " {stale_badge(i18n, as_of)} });
        return view! { {cell} {stale} }.into_any();
    }
    // No sourced on-demand price: the user may enter one (offer currency, per hour).
    let offer_cur = crate::domain::pricing::user_price_currency(o);
    let label = fill(
        i18n.t(Msg::UserPriceLabel),
        &[&o.instance_type, format::currency_symbol(offer_cur)],
    );
    let shown = f.price.map(|p| format::money(p, cur, loc));
    view! {
        <span class="unpriced">
            {match shown {
                Some(text) => Either::Left(price_view(text, i18n.t(Msg::UserPriceTip).to_string(), "user")),
                None => Either::Right(view! { <span data-testid="no-sourced-price">{i18n.t(Msg::NoSourcedPrice)}</span> }),
            }}
            " "
            {map_rate_input(
                state,
                i18n,
                |l, k, v| set_rate(&mut l.scenario.user_prices, k, v),
                o.id.as_str().to_owned(),
                state.link.with_untracked(|l| l.scenario.user_prices.get(&o.id).copied()),
                label,
                format::currency_symbol(offer_cur),
                "user-price",
                price_errors,
            )}
        </span>
    }
    .into_any()
}

#[component]
fn EmptyState() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let link = state.link;
    let has = move |f: fn(&crate::ui::link::AppLink) -> bool| link.with(f);
    view! {
        <div class="empty" data-testid="empty-state" role="status">
            <p>{move || i18n.t(Msg::EmptyTitle)}</p>
            <p class="pager">
                <Show when=move || has(|l| l.scenario.min_vram_gb.is_some())>
                    <button type="button" class="primary" data-testid="relax-vram" on:click=move |_| state.update_filter(false, |l| l.scenario.min_vram_gb = None)>
                        {move || i18n.t(Msg::EmptyRelaxVram)}
                    </button>
                </Show>
                <Show when=move || has(|l| l.scenario.min_gpus > 1)>
                    <button type="button" class="primary" data-testid="relax-gpus" on:click=move |_| state.update_filter(false, |l| l.scenario.min_gpus = 1)>
                        {move || i18n.t(Msg::EmptyRelaxGpus)}
                    </button>
                </Show>
                <Show when=move || has(|l| l.compare.max_price.is_some())>
                    <button type="button" class="primary" data-testid="relax-price" on:click=move |_| state.update_filter(false, |l| l.compare.max_price = None)>
                        {move || i18n.t(Msg::EmptyRelaxPrice)}
                    </button>
                </Show>
                <Show when=move || has(|l| !l.compare.q.is_empty())>
                    <button type="button" class="primary" data-testid="relax-search" on:click=move |_| state.update_filter(false, |l| l.compare.q.clear())>
                        {move || i18n.t(Msg::EmptyClearSearch)}
                    </button>
                </Show>
                <button type="button" class="link" data-testid="empty-clear-filters" on:click=move |_| state.update_filter(false, super::rows::clear_filters)>
                    {move || i18n.t(Msg::ClearFilters)}
                </button>
            </p>
        </div>
    }
}
