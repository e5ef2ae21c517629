//! Filter, unit and currency controls. Each control writes one link key.

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::fields::NumberInput;
use super::CompareState;
use crate::domain::catalog::{Currency, ProviderId, RegionGroup};
use crate::domain::compare::DEFAULT_COLUMNS;
use crate::domain::input::NumberField;
use crate::domain::link::{Column, TflopsKind, TimeUnit};
use crate::domain::scenario::{
    RegionRef, DEFAULT_HOURS_PER_MONTH, DEFAULT_MONTHS, MAX_FX, MAX_GPUS, MAX_HOURS_PER_MONTH,
    MAX_MONEY_INPUT, MAX_MONTHS, MAX_VRAM_GB,
};
use crate::ui::app::provider_msg;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Msg};

pub fn group_msg(g: RegionGroup) -> Msg {
    match g {
        RegionGroup::MainlandChina => Msg::GroupCn,
        RegionGroup::AsiaPacific => Msg::GroupApac,
        RegionGroup::Americas => Msg::GroupAmer,
        RegionGroup::Europe => Msg::GroupEu,
    }
}

pub fn column_msg(c: Column) -> Msg {
    match c {
        Column::Provider => Msg::ColProvider,
        Column::Region => Msg::ColRegion,
        Column::Type => Msg::ColType,
        Column::Gpu => Msg::ColGpu,
        Column::Gpus => Msg::ColGpus,
        Column::Vram => Msg::ColVram,
        Column::Vcpu => Msg::ColVcpu,
        Column::Ram => Msg::ColRam,
        Column::Hourly => Msg::ColHourly,
        Column::Gpuh => Msg::ColGpuh,
        Column::Tflopsh => Msg::ColTflopsh,
        Column::Vramh => Msg::ColVramh,
        Column::Spot => Msg::ColSpot,
        Column::Commit => Msg::ColCommit,
        Column::Monthly => Msg::ColMonthly,
    }
}

pub fn unit_msg(u: TimeUnit) -> Msg {
    match u {
        TimeUnit::H => Msg::PerHour,
        TimeUnit::D => Msg::PerDay,
        TimeUnit::M => Msg::PerMonth,
        TimeUnit::Y => Msg::PerYear,
    }
}

/// Visible columns: the link's choice or the default set.
pub fn visible_columns(cols: &[Column]) -> Vec<Column> {
    if cols.is_empty() {
        DEFAULT_COLUMNS.to_vec()
    } else {
        Column::ALL
            .into_iter()
            .filter(|c| cols.contains(c))
            .collect()
    }
}

fn toggle<T: PartialEq + Copy>(v: &mut Vec<T>, x: T, on: bool) {
    v.retain(|y| *y != x);
    if on {
        v.push(x);
    }
}

#[component]
pub fn Controls() -> impl IntoView {
    let state = expect_context::<CompareState>();
    let i18n = use_i18n();
    let catalog = state.catalog;
    let link = state.link;

    // GPU models used by at least one offer, by name.
    let mut gpus: Vec<(&'static str, &'static str)> = catalog
        .gpus
        .iter()
        .filter(|g| catalog.offers.iter().any(|o| o.gpu == g.id))
        .map(|g| (g.id.as_str(), g.name.as_str()))
        .collect();
    gpus.sort_by(|a, b| a.1.cmp(b.1));

    let regions = Memo::new(move |_| {
        link.with(|l| {
            let s = &l.scenario;
            catalog
                .regions
                .iter()
                .filter(|r| s.providers.is_empty() || s.providers.contains(&r.provider))
                .filter(|r| s.region_groups.is_empty() || s.region_groups.contains(&r.group))
                .map(|r| (format!("{}:{}", r.provider.code(), r.code), r))
                .collect::<Vec<_>>()
        })
    });

    let provider_boxes = ProviderId::ALL
        .into_iter()
        .map(|p| {
            view! {
                <label>
                    <input
                        type="checkbox"
                        data-testid=format!("filter-provider-{}", p.code())
                        prop:checked=move || link.with(|l| l.scenario.providers.contains(&p))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            state.update_filter(false, |l| {
                                toggle(&mut l.scenario.providers, p, on);
                                l.scenario.regions.retain(|r| l.scenario.providers.is_empty() || l.scenario.providers.contains(&r.provider));
                            });
                        }
                    />
                    {move || i18n.t(provider_msg(p))}
                </label>
            }
        })
        .collect_view();

    let group_boxes = RegionGroup::ALL
        .into_iter()
        .map(|g| {
            view! {
                <label>
                    <input
                        type="checkbox"
                        data-testid=format!("filter-group-{}", g.code())
                        prop:checked=move || link.with(|l| l.scenario.region_groups.contains(&g))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            state.update_filter(false, |l| toggle(&mut l.scenario.region_groups, g, on));
                        }
                    />
                    {move || i18n.t(group_msg(g))}
                </label>
            }
        })
        .collect_view();

    let column_boxes = Column::ALL
        .into_iter()
        .map(|c| {
            view! {
                <label>
                    <input
                        type="checkbox"
                        data-testid=format!("column-{}", c.code())
                        prop:checked=move || link.with(|l| visible_columns(&l.view.cols).contains(&c))
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            state.update(|l| {
                                let mut cols = visible_columns(&l.view.cols);
                                toggle(&mut cols, c, on);
                                let cols = visible_columns(&cols);
                                // The default set is written as nothing, keeping links short.
                                l.view.cols = if cols == DEFAULT_COLUMNS.to_vec() { Vec::new() } else { cols };
                            });
                        }
                    />
                    {move || {
                        let t = i18n.t(column_msg(c));
                        if c == Column::Monthly { fill(t, &["h"]) } else { t.to_string() }
                    }}
                </label>
            }
        })
        .collect_view();

    let cur = Signal::derive(move || link.with(|l| l.scenario.currency));
    let fx_hint = Signal::derive(move || {
        fill(
            i18n.t(Msg::FxDefaultHint),
            &[
                &format::plain(catalog.fx.cny_per_usd, i18n.locale.get()),
                &catalog.fx.as_of,
            ],
        )
    });

    view! {
        <details class="filters" open>
        <summary>{move || i18n.t(Msg::Filters)}</summary>
        <form class="controls" data-testid="controls" on:submit=|ev| ev.prevent_default()>
            <fieldset>
                <legend>{move || i18n.t(Msg::Providers)}</legend>
                <div class="checks">{provider_boxes}</div>
            </fieldset>
            <fieldset>
                <legend>{move || i18n.t(Msg::RegionGroups)}</legend>
                <div class="checks">{group_boxes}</div>
            </fieldset>
            <label>
                <span>{move || i18n.t(Msg::Region)}</span>
                <select
                    data-testid="filter-region"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        state.update_filter(false, |l| {
                            l.scenario.regions = v
                                .split_once(':')
                                .and_then(|(p, c)| ProviderId::from_code(p).map(|p| RegionRef { provider: p, code: c.to_string() }))
                                .into_iter()
                                .collect();
                        });
                    }
                >
                    <option value="" prop:selected=move || link.with(|l| l.scenario.regions.is_empty())>
                        {move || i18n.t(Msg::AllRegions)}
                    </option>
                    {move || {
                        let loc = i18n.locale.get();
                        regions
                            .get()
                            .into_iter()
                            .map(|(key, r)| {
                                let k2 = key.clone();
                                let name = format::region_name(r, loc);
                                let provider = i18n.t(provider_msg(r.provider));
                                view! {
                                    <option
                                        value=key
                                        prop:selected=move || link.with(|l| l.scenario.regions.first().is_some_and(|x| format!("{}:{}", x.provider.code(), x.code) == k2))
                                    >
                                        {format!("{provider} · {name} ({})", r.code)}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <label>
                <span>{move || i18n.t(Msg::GpuModel)}</span>
                <select
                    data-testid="filter-gpu"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        state.update_filter(false, |l| {
                            l.scenario.gpu_models = if v.is_empty() { Vec::new() } else { vec![v] };
                        });
                    }
                >
                    <option value="" prop:selected=move || link.with(|l| l.scenario.gpu_models.is_empty())>
                        {move || i18n.t(Msg::AnyGpu)}
                    </option>
                    {gpus
                        .into_iter()
                        .map(|(id, name)| {
                            view! {
                                <option value=id prop:selected=move || link.with(|l| l.scenario.gpu_models.first().is_some_and(|g| g == id))>
                                    {name}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <NumberInput
                label=Signal::derive(move || i18n.t(Msg::MinGpus).to_string())
                field=NumberField::whole(1, MAX_GPUS as i64)
                value=Signal::derive(move || link.with(|l| (l.scenario.min_gpus > 1).then(|| Decimal::from(l.scenario.min_gpus))))
                on_commit=Callback::new(move |v: Option<Decimal>| {
                    let n = v.and_then(|d| d.to_u32()).unwrap_or(1);
                    state.update_filter(true, |l| l.scenario.min_gpus = n.max(1));
                })
                testid="filter-min-gpus"
                default=Decimal::ONE
            />
            <NumberInput
                label=Signal::derive(move || i18n.t(Msg::MinVram).to_string())
                field=NumberField::whole(1, MAX_VRAM_GB as i64)
                value=Signal::derive(move || link.with(|l| l.scenario.min_vram_gb.map(Decimal::from)))
                on_commit=Callback::new(move |v: Option<Decimal>| {
                    let n = v.and_then(|d| d.to_u32());
                    state.update_filter(true, |l| l.scenario.min_vram_gb = n);
                })
                testid="filter-min-vram"
            />
            <NumberInput
                label=Signal::derive(move || fill(i18n.t(Msg::MaxPrice), &[format::currency_symbol(cur.get())]))
                field=NumberField::decimal(0, MAX_MONEY_INPUT, true)
                value=Signal::derive(move || link.with(|l| l.view.max_price))
                on_commit=Callback::new(move |v| state.update_filter(true, |l| l.view.max_price = v))
                testid="filter-max-price"
            />
            <label class="wide">
                <span>{move || i18n.t(Msg::Search)}</span>
                <input
                    type="search"
                    data-testid="filter-search"
                    placeholder=move || i18n.t(Msg::SearchPlaceholder)
                    prop:value=move || link.with(|l| l.view.q.clone())
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        state.update_filter(true, |l| l.view.q = v.chars().take(crate::domain::link::MAX_QUERY_CHARS).collect());
                    }
                />
            </label>
            <NumberInput
                label=Signal::derive(move || i18n.t(Msg::HoursPerMonth).to_string())
                field=NumberField::decimal(0, MAX_HOURS_PER_MONTH as i64, false)
                value=Signal::derive(move || link.with(|l| (l.scenario.hours_per_month != Decimal::from(DEFAULT_HOURS_PER_MONTH)).then_some(l.scenario.hours_per_month)))
                on_commit=Callback::new(move |v: Option<Decimal>| {
                    state.update_typing(|l| l.scenario.hours_per_month = v.unwrap_or(Decimal::from(DEFAULT_HOURS_PER_MONTH)));
                })
                testid="hours-per-month"
                default=Decimal::from(DEFAULT_HOURS_PER_MONTH)
                placeholder=Signal::derive(move || DEFAULT_HOURS_PER_MONTH.to_string())
            />
            <NumberInput
                label=Signal::derive(move || i18n.t(Msg::Months).to_string())
                field=NumberField::whole(1, MAX_MONTHS as i64)
                value=Signal::derive(move || link.with(|l| (l.scenario.months != DEFAULT_MONTHS).then(|| Decimal::from(l.scenario.months))))
                on_commit=Callback::new(move |v: Option<Decimal>| {
                    let n = v.and_then(|d| d.to_u32()).unwrap_or(DEFAULT_MONTHS);
                    state.update_typing(|l| l.scenario.months = n);
                })
                testid="months"
                default=Decimal::from(DEFAULT_MONTHS)
                placeholder=Signal::derive(move || DEFAULT_MONTHS.to_string())
            />
            <label>
                <span>{move || i18n.t(Msg::TimeUnit)}</span>
                <select
                    data-testid="time-unit"
                    on:change=move |ev| {
                        let u = match event_target_value(&ev).as_str() {
                            "d" => TimeUnit::D,
                            "m" => TimeUnit::M,
                            "y" => TimeUnit::Y,
                            _ => TimeUnit::H,
                        };
                        state.update(|l| l.view.time_unit = u);
                    }
                >
                    {[(TimeUnit::H, "h"), (TimeUnit::D, "d"), (TimeUnit::M, "m"), (TimeUnit::Y, "y")]
                        .into_iter()
                        .map(|(u, code)| view! {
                            <option value=code prop:selected=move || link.with(|l| l.view.time_unit == u)>
                                {move || i18n.t(unit_msg(u))}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                <span>{move || i18n.t(Msg::TflopsBasis)}</span>
                <select
                    data-testid="tflops-basis"
                    on:change=move |ev| {
                        let k = match event_target_value(&ev).as_str() {
                            "tf32" => TflopsKind::Tf32,
                            "fp32" => TflopsKind::Fp32,
                            _ => TflopsKind::Fp16,
                        };
                        state.update(|l| l.view.tflops = k);
                    }
                >
                    {[(TflopsKind::Fp16, "fp16", Msg::TflopsFp16), (TflopsKind::Tf32, "tf32", Msg::TflopsTf32), (TflopsKind::Fp32, "fp32", Msg::TflopsFp32)]
                        .into_iter()
                        .map(|(k, code, msg)| view! {
                            <option value=code prop:selected=move || link.with(|l| l.view.tflops == k)>
                                {move || i18n.t(msg)}
                            </option>
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                <span>{move || i18n.t(Msg::Currency)}</span>
                <select
                    data-testid="currency"
                    on:change=move |ev| {
                        let c = if event_target_value(&ev) == "CNY" { Currency::CNY } else { Currency::USD };
                        state.update(|l| crate::domain::compare::switch_currency(catalog, l, c));
                    }
                >
                    <option value="USD" prop:selected=move || cur.get() == Currency::USD>"USD $"</option>
                    <option value="CNY" prop:selected=move || cur.get() == Currency::CNY>"CNY ¥"</option>
                </select>
            </label>
            <NumberInput
                label=Signal::derive(move || i18n.t(Msg::FxRate).to_string())
                field=NumberField::decimal(0, MAX_FX, true)
                value=Signal::derive(move || link.with(|l| l.scenario.fx_cny_per_usd))
                on_commit=Callback::new(move |v| state.update_typing(|l| l.scenario.fx_cny_per_usd = v))
                testid="fx-rate"
                placeholder=Signal::derive(move || catalog.fx.cny_per_usd.normalize().to_string())
                hint=fx_hint
            />
            <details class="column-picker wide" data-testid="column-picker">
                <summary>{move || i18n.t(Msg::Columns)}</summary>
                <div class="checks">{column_boxes}</div>
            </details>
            <div>
                <button
                    type="button"
                    class="link"
                    data-testid="clear-filters"
                    on:click=move |_| state.update_filter(false, super::clear_filters)
                >
                    {move || i18n.t(Msg::ClearFilters)}
                </button>
            </div>
        </form>
        </details>
    }
}
