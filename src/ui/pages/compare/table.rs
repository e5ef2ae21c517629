//! The offer table: one page of rows, sortable headers, price cells that
//! show their source on hover/focus/tap, and a price box for unpriced offers.

use std::collections::{BTreeMap, HashMap};

use leptos::prelude::*;
use rust_decimal::Decimal;

use crate::domain::catalog::{is_stale_at, Catalog, Currency, Network, Offer, OfferId, RdmaKind};
use crate::domain::compare::rows::{Row, Table};
use crate::domain::compare::view::{visible_columns, Column, TimeUnit, DEFAULT_SORT, MAX_SELECTED};
use crate::domain::input::InputError;
use crate::domain::pricing::{PriceOrigin, PriceRef};
use crate::domain::scenario::BillingModel;
use crate::ui::components::badges::stale_badge;
use crate::ui::components::number_input::{keyed_input, rate_box_changed, set_rate, Refused};
use crate::ui::format;
use crate::ui::html::{self, Html};
use crate::ui::i18n::{fill, use_i18n, Locale, Msg};
use crate::ui::labels::{
    column_msg, gpu_link_msg, input_error_text, model_tag, provider_msg, rdma_msg, unit_short,
};
use crate::ui::link::AppLink;
use crate::ui::state::AppState;

fn is_numeric(c: Column) -> bool {
    !matches!(
        c,
        Column::Provider | Column::Region | Column::Type | Column::Gpu | Column::Link
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

fn header_text(loc: Locale, c: Column, unit: TimeUnit, hours: Decimal) -> String {
    let base = column_msg(c).text(loc);
    if c == Column::Monthly {
        fill(base, &[&format::plain(hours, loc)])
    } else if is_rate(c) {
        fill(Msg::PerUnit.text(loc), &[base, unit_short(unit).text(loc)])
    } else {
        base.to_string()
    }
}

/// Tooltip text for a price: its source title and as-of date.
fn source_tip(catalog: &Catalog, loc: Locale, r: &PriceRef) -> String {
    let PriceOrigin::Catalog {
        source,
        as_of,
        indicative,
    } = &r.origin
    else {
        return Msg::UserPriceTip.text(loc).to_string();
    };
    let mut tip = fill(
        Msg::SourceTip.text(loc),
        &[catalog.source_title(source), as_of],
    );
    if *indicative {
        tip.push_str(" · ");
        tip.push_str(Msg::IndicativeTag.text(loc));
    }
    tip
}

/// An offer's network fact: where it is stated and when.
fn net_tip(catalog: &Catalog, loc: Locale, n: &Network) -> String {
    fill(
        Msg::SourceTip.text(loc),
        &[catalog.source_title(&n.source), &n.as_of],
    )
}

fn history_tip(loc: Locale, o: &Offer) -> Option<String> {
    Some(fill(Msg::HistoryTip.text(loc), &[o.superseded_as_of()?]))
}

/// A price with its source shown on hover, focus (keyboard) and tap (focus).
fn price_html(out: &mut Html, text: &str, tip: &str, class: &'static str) {
    out.raw("<span class=\"price ")
        .raw(class)
        .raw("\" tabindex=\"-1\"")
        .attr("data-tip", tip)
        .attr("aria-label", &format!("{text} — {tip}"))
        .raw(">")
        .text(text)
        .raw("</span>");
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
pub fn OfferTable(
    table: Memo<Table>,
    /// The compare screen is shown (else the rows keep what they show).
    shown: Memo<bool>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    let link = state.link;
    let columns = Memo::new(move |_| link.with(|l| visible_columns(&l.compare.cols)));
    let sort = Memo::new(move |_| link.with(|l| l.compare.sort.unwrap_or(DEFAULT_SORT)));

    // what the rows show (kept while another screen is shown)
    let shows = super::while_shown(shown, move || link.with(RowsView::of));
    let header = move || {
        // the headings follow the rows' unit and hours, so a keystroke on
        // another screen no longer makes every heading's button again
        let (unit, hours) = shows.with(|v| (v.unit, v.hours));
        let s = sort.get();
        let cells = columns
            .get()
            .into_iter()
            .map(|c| {
                let label = header_text(i18n.locale.get(), c, unit, hours);
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

    // The rows are markup set at once, with one handler for their
    // checkboxes and price boxes: a view per cell cost first-load bytes and
    // most of the first render's time. Focus stays where it was.
    // All of a page's rows are in one frame: on a desktop the columns are
    // as wide as the widest cell of every row, so rows added a frame later
    // moved the first ones (a layout shift), and the page's pre-rendered
    // rows (tools/prerender.mjs) are this frame's.
    // The new rows are patched into the old ones (html::update; a row of
    // another offer is replaced, never reused): replacing 50 rows' nodes
    // on a keystroke cost far more to set and lay out than patching their
    // text. Figures: docs/PERFORMANCE.md.
    let tbody = NodeRef::<leptos::html::Tbody>::new();
    let bad: Refused = StoredValue::new(HashMap::new());
    Effect::new(move |_| {
        let loc = i18n.locale.get();
        let cols = columns.get();
        let rows = shows.with(|v| {
            table.with(|t| bad.with_value(|b| rows_html(state.catalog, t, v, &cols, loc, b)))
        });
        let Some(el) = tbody.get() else { return };
        let focus = focused_stop(&el);
        html::update(&el, &rows);
        if let Some((offer, i)) = focus {
            refocus(&el, &offer, i);
        }
    });
    let on_change = move |ev: leptos::ev::Event| {
        let Some((input, key)) = keyed_input(&ev) else {
            return;
        };
        if input.type_() == "checkbox" {
            let on = input.checked();
            state.update(|l| l.compare.select(&OfferId::from(key.as_str()), on));
            return;
        }
        rate_box_changed(&input, key, i18n, bad, |k, v| {
            state.update(|l| set_rate(&mut l.scenario.user_prices, k, v))
        });
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
                    <tbody data-testid="offer-rows" node_ref=tbody on:change=on_change></tbody>
                </table>
            </div>
        </Show>
    }
}

/// The focused control in the rows, as (its row's offer, its place among
/// the row's stops), to focus the same place after the rows are rebuilt.
fn focused_stop(tbody: &web_sys::HtmlElement) -> Option<(String, u32)> {
    let active = web_sys::window()?.document()?.active_element()?;
    if !tbody.contains(Some(&active)) {
        return None;
    }
    let row = active.closest("tr").ok()??;
    let stops = row.query_selector_all(STOPS).ok()?;
    let i = (0..stops.length())
        .find(|&i| stops.item(i).is_some_and(|n| n.is_same_node(Some(&active))))?;
    Some((row.get_attribute("data-offer")?, i))
}

fn refocus(tbody: &web_sys::HtmlElement, offer: &str, i: u32) {
    use wasm_bindgen::JsCast;
    let sel = format!("tr[data-offer=\"{}\"]", offer.replace(['"', '\\'], ""));
    let stop = tbody
        .query_selector(&sel)
        .ok()
        .flatten()
        .and_then(|row| row.query_selector_all(STOPS).ok())
        .and_then(|s| s.item(i))
        .and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(el) = stop {
        let _ = el.focus();
    }
}

/// What the keyboard stops at in a row (as enhance.js roves).
const STOPS: &str = "input, button, [data-tip]";

/// What the rows show from the link besides the table's own rows: a memo of
/// it keeps a change the rows do not show (another screen's inputs, the
/// filters before the table changes) from rebuilding them.
#[derive(Debug, Clone, PartialEq)]
pub struct RowsView {
    currency: Currency,
    selected: Vec<OfferId>,
    unit: TimeUnit,
    hours: Decimal,
    user_prices: BTreeMap<OfferId, Decimal>,
    /// The date the prices' age is measured at (today in the browser; the
    /// catalog's date when not set).
    today: Option<String>,
}

impl RowsView {
    pub fn of(l: &AppLink) -> RowsView {
        RowsView {
            currency: l.scenario.currency,
            selected: l.compare.selected.clone(),
            unit: l.compare.time_unit,
            hours: l.scenario.hours_per_month,
            user_prices: l.scenario.user_prices.clone(),
            today: l.scenario.today.clone(),
        }
    }
}

/// The page's rows as markup: the tbody of the offer table. Pure (tested
/// natively); `bad` holds what was typed into a price box and refused, so a
/// rebuild keeps it beside its message.
pub fn rows_html(
    catalog: &Catalog,
    t: &Table,
    v: &RowsView,
    cols: &[Column],
    loc: Locale,
    bad: &HashMap<String, (String, InputError)>,
) -> Html {
    let (unit, hours) = (v.unit, v.hours);
    // each cell names its column (`data-label`): on phones rows are cards
    let labels: Vec<(Column, String)> = cols
        .iter()
        .map(|&c| (c, header_text(loc, c, unit, hours)))
        .collect();
    let mut out = Html::with_capacity(t.rows.len() * 2048);
    for (i, row) in t.rows.iter().enumerate() {
        row_html(&mut out, catalog, row, &labels, v, loc, bad, i == 0);
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn row_html(
    out: &mut Html,
    catalog: &Catalog,
    row: &Row,
    cols: &[(Column, String)],
    v: &RowsView,
    loc: Locale,
    bad: &HashMap<String, (String, InputError)>,
    first: bool,
) {
    let cur = v.currency;
    let selected = &v.selected;
    let o = row.priced.offer;
    let id = o.id.as_str();
    let is_sel = selected.contains(&o.id);
    let full = selected.len() >= MAX_SELECTED && !is_sel;
    let f = &row.figures;
    let indicative = row.priced.metrics.as_ref().is_ok_and(|m| m.indicative);
    out.raw(if is_sel {
        "<tr class=\"selected\""
    } else {
        "<tr"
    })
    .raw(" data-testid=\"offer-row\"")
    .attr("data-offer", id)
    .raw(if indicative {
        " data-indicative=\"1\""
    } else {
        ""
    })
    .raw("><td><input type=\"checkbox\" data-testid=\"select-offer\"")
    .attr("data-key", id)
    // named with its region: the same type is sold in many
    .attr(
        "aria-label",
        &fill(
            Msg::SelectOffer.text(loc),
            &[&format!(
                "{}, {}",
                o.instance_type,
                row.priced
                    .region
                    .map_or_else(|| o.region.to_string(), |r| format::region_name(r, loc))
            )],
        ),
    )
    .raw(if is_sel { " checked" } else { "" })
    .raw(if full { " disabled" } else { "" })
    .raw("></td>");
    for (c, label) in cols {
        let c = *c;
        // `data-col`: phones order a card's cells by it (title, prices, specs)
        out.raw(if is_numeric(c) {
            "<td class=\"num\""
        } else {
            "<td"
        })
        // when the first rows are painted (Element Timing; the perf spec reads it)
        .raw(if first {
            " elementtiming=\"first-row\""
        } else {
            ""
        })
        .attr("data-col", c.code())
        .attr("data-label", label)
        .raw(">");
        match c {
            Column::Provider => {
                out.text(Msg::text(provider_msg(o.provider), loc));
            }
            Column::Region => {
                if let Some(r) = row.priced.region {
                    out.text(&format::region_name(r, loc));
                }
                out.raw(" <code>").text(o.region.as_str()).raw("</code>");
            }
            Column::Type => {
                out.text(&o.instance_type);
            }
            Column::Gpu => {
                let name = row.priced.gpu.map_or(o.gpu.as_str(), |g| g.name.as_str());
                out.text(&format::gpus(name, o.gpu_count));
            }
            Column::Gpus => {
                out.text(&o.gpu_count.to_string());
            }
            Column::Vram => {
                out.text(
                    &o.gpu_memory_gb
                        .map_or_else(|| "—".to_string(), |m| m.to_string()),
                );
            }
            Column::Vcpu => {
                out.text(&o.vcpu.to_string());
            }
            Column::Ram => {
                out.text(&format::plain(o.ram_gib, loc));
            }
            Column::Net => match &o.net {
                Some(n) => {
                    let tip = net_tip(catalog, loc, n);
                    let rdma = rdma_msg(n.rdma).text(loc);
                    price_html(
                        out,
                        &format::plain(n.gbps, loc),
                        &format!("{rdma} · {tip}"),
                        "",
                    );
                    let fabric = match n.rdma {
                        RdmaKind::Efa => "EFA".to_string(),
                        RdmaKind::Infiniband => match n.fabric_gbps {
                            Some(f) => format!("InfiniBand {}", format::plain(f, loc)),
                            None => "InfiniBand".to_string(),
                        },
                        RdmaKind::None => String::new(),
                    };
                    if !fabric.is_empty() {
                        tag(out, "tag", &fabric);
                    }
                }
                None => {
                    out.raw("—");
                }
            },
            Column::Link => match &o.net {
                Some(n) => {
                    let tip = net_tip(catalog, loc, n);
                    price_html(out, gpu_link_msg(n.gpu_link).text(loc), &tip, "");
                }
                None => {
                    out.raw("—");
                }
            },
            Column::Hourly => hourly_html(out, catalog, row, v, loc, bad),
            Column::Gpuh => {
                out.text(&money_or_dash(f.per_gpu, cur, loc));
            }
            Column::Tflopsh => {
                out.text(&money_or_dash(f.per_tflops, cur, loc));
            }
            Column::Vramh => {
                out.text(&money_or_dash(f.per_vram_gb, cur, loc));
            }
            Column::Spot => match (f.spot_min, f.spot_max, find_ref(row, BillingModel::Spot)) {
                (Some(a), Some(b), Some(r)) => {
                    let shown = if a == b {
                        format::money(a, cur, loc)
                    } else {
                        format!(
                            "{}–{}",
                            format::money(a, cur, loc),
                            format::money(b, cur, loc)
                        )
                    };
                    price_html(out, &shown, &source_tip(catalog, loc, r), "");
                }
                _ => {
                    out.raw("—");
                }
            },
            Column::Commit => match (f.commit, f.commit_model) {
                (Some(v), Some(model)) => {
                    let tip = find_ref(row, model)
                        .map(|r| source_tip(catalog, loc, r))
                        .unwrap_or_else(|| Msg::AssumedTag.text(loc).to_string());
                    price_html(out, &format::money(v, cur, loc), &tip, "");
                    tag(out, "tag", model_tag(model).text(loc));
                    if f.commit_assumed {
                        tag(out, "tag", Msg::AssumedTag.text(loc));
                    }
                    if f.commit_above() {
                        tag(out, "tag warn", Msg::AboveOnDemand.text(loc));
                    }
                }
                _ => {
                    out.raw("—");
                }
            },
            Column::Monthly => {
                out.text(&money_or_dash(f.monthly, cur, loc));
            }
        }
        out.raw("</td>");
    }
    out.raw("</tr>");
}

/// A tag after a cell's figure.
#[inline(never)]
fn tag(out: &mut Html, class: &'static str, text: &str) {
    out.raw("<span class=\"")
        .raw(class)
        .raw("\">")
        .text(text)
        .raw("</span>");
}

/// The price cell: sourced price with tooltip, or a box for the user's price.
fn hourly_html(
    out: &mut Html,
    catalog: &Catalog,
    row: &Row,
    v: &RowsView,
    loc: Locale,
    bad: &HashMap<String, (String, InputError)>,
) {
    let cur = v.currency;
    let o = row.priced.offer;
    let f = &row.figures;
    if o.on_demand().is_some() {
        let r = find_ref(row, BillingModel::OnDemand);
        let mut tip = r.map(|r| source_tip(catalog, loc, r)).unwrap_or_default();
        if let Some(h) = history_tip(loc, o) {
            tip.push_str(" · ");
            tip.push_str(&h);
        }
        let class = if r.is_some_and(PriceRef::indicative) {
            "indicative"
        } else {
            ""
        };
        price_html(out, &money_or_dash(f.price, cur, loc), &tip, class);
        // the user's negotiated price, with the list price it comes from
        if let Some(list) = f.list_price {
            tag(out, "tag", Msg::YoursTag.text(loc));
            out.raw("<span class=\"list-price\" data-testid=\"list-price\">")
                .text(&fill(
                    Msg::ListPrice.text(loc),
                    &[&format::money(list, cur, loc)],
                ))
                .raw("</span>");
        }
        let at = v.today.as_deref().unwrap_or(&catalog.as_of);
        if let Some(as_of) = r.and_then(PriceRef::as_of).filter(|a| is_stale_at(a, at)) {
            out.append(&stale_badge(loc, as_of));
        }
        return;
    }
    // No sourced on-demand price: the user may enter one (offer currency, per hour).
    let offer_cur = crate::domain::pricing::user_price_currency(o);
    let sym = format::currency_symbol(offer_cur);
    let label = fill(Msg::UserPriceLabel.text(loc), &[&o.instance_type, sym]);
    out.raw("<span class=\"unpriced\">");
    match f.price {
        Some(p) => price_html(
            out,
            &format::money(p, cur, loc),
            Msg::UserPriceTip.text(loc),
            "user",
        ),
        None => {
            out.raw("<span data-testid=\"no-sourced-price\">")
                .text(Msg::NoSourcedPrice.text(loc))
                .raw("</span>");
        }
    }
    let (value, error) = match bad.get(o.id.as_str()) {
        Some((text, e)) => (
            text.clone(),
            Some(input_error_text(
                *e,
                crate::ui::components::number_input::RATE,
                loc,
            )),
        ),
        None => (
            v.user_prices
                .get(&o.id)
                .map(|d| d.normalize().to_string())
                .unwrap_or_default(),
            None,
        ),
    };
    out.raw(" <input type=\"text\" inputmode=\"decimal\" data-testid=\"user-price\"")
        .attr("data-key", o.id.as_str())
        .attr("aria-label", &label)
        .attr("title", &label)
        .attr("placeholder", sym)
        .attr("value", &value)
        .raw(if error.is_some() {
            " aria-invalid=\"true\""
        } else {
            ""
        })
        .raw("><span class=\"field-error\" role=\"status\">")
        .text(error.as_deref().unwrap_or_default())
        .raw("</span></span>");
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
                <button type="button" class="link" data-testid="empty-clear-filters" on:click=move |_| state.update_filter(false, |l| crate::domain::compare::rows::clear_filters(&mut l.scenario, &mut l.compare))>
                    {move || i18n.t(Msg::ClearFilters)}
                </button>
            </p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::compare::price_all;
    use crate::domain::embedded::test_catalog;
    use crate::ui::link::{self, AppLink};

    fn rows_for(q: &str, bad: &HashMap<String, (String, InputError)>) -> (String, usize) {
        rows_of(test_catalog(), q, bad)
    }

    fn rows_of(
        c: &'static Catalog,
        q: &str,
        bad: &HashMap<String, (String, InputError)>,
    ) -> (String, usize) {
        let l: AppLink = link::parse(q, c).0;
        let priced = price_all(c, &compare_pricing(&l));
        let t = crate::domain::compare::rows::table(c, &l.scenario, &l.compare, &priced);
        let cols = visible_columns(&l.compare.cols);
        let html = rows_html(c, &t, &RowsView::of(&l), &cols, Locale::En, bad);
        (html.as_str().to_string(), t.rows.len())
    }

    fn compare_pricing(l: &AppLink) -> crate::domain::scenario::Scenario {
        crate::domain::compare::pricing_inputs(&l.scenario)
    }

    #[test]
    fn rows_are_markup_with_every_cell_named() {
        let (html, n) = rows_for("v=2", &HashMap::new());
        assert!(n > 1);
        assert_eq!(html.matches("<tr").count(), n);
        // cells carry their column (phones order cards by it) and its label
        for col in ["type", "hourly", "gpuh", "monthly"] {
            assert_eq!(
                html.matches(&format!("data-col=\"{col}\"")).count(),
                n,
                "{col}"
            );
        }
        assert!(html.contains("data-label=\"Price /h\""), "{}", &html[..600]);
        // only the first row is timed
        assert!(html.contains("elementtiming=\"first-row\""));
        assert!(!html[html.find("</tr>").unwrap()..].contains("elementtiming"));
    }

    /// The app's data file keeps an offer's newest superseded price as its
    /// date only (the price is the worker's): the price's tip says it.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_price_tip_dates_the_older_figure_from_the_apps_file() {
        use crate::domain::wire::{encode_as, Layout};
        let full = Catalog::from_json(crate::domain::catalog::CATALOG_JSON).unwrap();
        let app = encode_as(&full.for_browser(), Layout::App);
        let c: &'static Catalog = Box::leak(Box::new(Catalog::from_bytes(&app).unwrap()));
        let o = full
            .offers
            .iter()
            .find(|o| !o.price_history.is_empty() && o.on_demand().is_some())
            .expect("the catalog has an offer with an older figure");
        let lite = c.offers.iter().find(|x| x.id == o.id).unwrap();
        assert!(lite.price_history.is_empty());
        let (html, n) = rows_of(c, &format!("v=2&q={}", o.instance_type), &HashMap::new());
        assert!(n >= 1);
        let tip = format!("Older figure: {}", o.price_history[0].as_of);
        assert!(html.contains(&tip), "{tip} in {html}");
    }

    #[test]
    fn a_refused_price_stays_in_its_box_with_its_message_and_markup_is_inert() {
        // an unpriced offer shows a box for the user's price
        let c = test_catalog();
        let unpriced = c
            .offers
            .iter()
            .find(|o| o.on_demand().is_none())
            .expect("the catalog has an unpriced offer");
        let q = format!("v=2&q={}", unpriced.instance_type);
        let mut bad = HashMap::new();
        bad.insert(
            unpriced.id.as_str().to_string(),
            (
                "<img src=x onerror=alert(1)>".to_string(),
                InputError::NotANumber,
            ),
        );
        let (html, _) = rows_for(&q, &bad);
        assert!(html.contains("data-testid=\"user-price\""));
        assert!(html.contains("value=\"&lt;img src=x onerror=alert(1)&gt;\""));
        assert!(html.contains("aria-invalid=\"true\""));
        assert!(!html.contains("<img"));
    }
}
