//! The plan screen's inputs, one fieldset each, all in the shared scenario
//! (so every other screen and the link see them): workload, offers,
//! billing models, spot, promotions and credits, data. Typing replaces the
//! history entry; a bad value shows its message beside the field and the
//! last good plan stays on screen.
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::pick;
use crate::domain::catalog::{Currency, OfferId, ProviderId};
use crate::domain::compare;
use crate::domain::input::NumberField;
use crate::domain::job::JobKind;
use crate::domain::money::Money;
use crate::domain::scenario::{
    BillingModel, InterruptionRate, Scenario, DEFAULT_HOURS_PER_MONTH,
    DEFAULT_INTERRUPTION_MONTHLY_PCT, DEFAULT_MIX_SHARE_PCT, DEFAULT_MONTHS,
};
use crate::ui::components::checks::{check_boxes, check_fieldset};
use crate::ui::components::number_input::NumberInput;
use crate::ui::format;
use crate::ui::html;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::{job_msg, model_msg, provider_msg};
use crate::ui::link::bounds_of;
use crate::ui::state::AppState;

const fn dec(n: u32) -> Decimal {
    Decimal::from_parts(n, 0, 0, false, 0)
}

/// A numeric setting of the scenario the plan screen edits: one table, so
/// every box is the same view code (the wasm holds one copy).
pub struct Field {
    group: Group,
    label: Msg,
    testid: &'static str,
    /// The link key the box edits: its bounds are the box's (`key:item` for
    /// one item of a keyed list, e.g. `nd:aws`).
    key: &'static str,
    /// What an empty box stands for (None: the setting is off when empty).
    default: Option<Decimal>,
    get: fn(&Scenario) -> Option<Decimal>,
    set: fn(&mut Scenario, Option<Decimal>),
    /// Whether the box applies (job inputs depend on the job's kind).
    shown: fn(&Scenario) -> bool,
    /// What an empty box stands for when it depends on other inputs (a
    /// job's defaults depend on its kind); shown as the placeholder.
    implied: fn(&Scenario) -> Option<Decimal>,
}

impl Field {
    /// What the box accepts: what the link accepts for its key.
    fn field(&self) -> NumberField {
        bounds_of(link_key(self.key))
            .map(NumberField::from)
            // unreachable: a test checks every box's key has bounds
            .unwrap_or(NumberField::decimal(0, 0, false))
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Group {
    Workload,
    Spot,
    Promos,
    Negotiated,
    Data,
    Job,
}

fn whole(v: Option<Decimal>) -> Option<u32> {
    v.and_then(|d| d.to_u32())
}

/// A provider's negotiated discount (`nd`), % off list; empty = list prices.
macro_rules! nd_field {
    ($p:expr, $testid:expr, $key:expr) => {
        Field {
            group: Group::Negotiated,
            label: provider_msg($p),
            testid: $testid,
            key: $key,
            default: None,
            get: |s| s.negotiated.get($p),
            set: |s, v| s.negotiated.set($p, v),
            shown: always,
            implied: |_| None,
        }
    };
}

/// A job input (`s.job.$f`), shown for the kinds `$when` accepts; empty =
/// the kind's default.
macro_rules! job_field {
    ($label:expr, $testid:expr, $key:expr, $f:ident, $when:path) => {
        Field {
            group: Group::Job,
            label: $label,
            testid: $testid,
            key: $key,
            default: None,
            get: |s| s.job.as_ref().and_then(|j| j.$f),
            set: |s, v| {
                if let Some(j) = s.job.as_mut() {
                    j.$f = v;
                }
            },
            shown: |s| s.job.as_ref().is_some_and(|j| $when(j.kind)),
            implied: |s| s.job.as_ref().and_then(|j| j.resolved().$f),
        }
    };
}

pub const FIELDS: &[Field] = &[
    Field {
        group: Group::Workload,
        label: Msg::HoursPerMonth,
        testid: "plan-hours",
        key: "h",
        default: Some(dec(DEFAULT_HOURS_PER_MONTH)),
        get: |s| Some(s.hours_per_month),
        set: |s, v| s.hours_per_month = v.unwrap_or(dec(DEFAULT_HOURS_PER_MONTH)),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Workload,
        label: Msg::Months,
        testid: "plan-months",
        key: "m",
        default: Some(dec(DEFAULT_MONTHS)),
        get: |s| Some(Decimal::from(s.months)),
        set: |s, v| s.months = whole(v).unwrap_or(DEFAULT_MONTHS),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Workload,
        label: Msg::PlanFleetGpus,
        testid: "plan-gpus",
        key: "gpus",
        default: Some(Decimal::ONE),
        get: |s| Some(Decimal::from(s.min_gpus)),
        set: |s, v| s.min_gpus = whole(v).unwrap_or(1),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanInterruption,
        testid: "plan-interruption",
        key: "si",
        default: Some(dec(DEFAULT_INTERRUPTION_MONTHLY_PCT)),
        get: |s| s.spot.interruption.monthly_pct(),
        set: |s, v| {
            s.spot.interruption =
                InterruptionRate::MonthlyPct(v.unwrap_or(dec(DEFAULT_INTERRUPTION_MONTHLY_PCT)))
        },
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanCheckpoint,
        testid: "plan-checkpoint",
        key: "ck",
        default: Some(dec(60)),
        get: |s| Some(s.spot.checkpoint_minutes),
        set: |s, v| s.spot.checkpoint_minutes = v.unwrap_or(dec(60)),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanRestart,
        testid: "plan-restart",
        key: "ro",
        default: Some(dec(10)),
        get: |s| Some(s.spot.restart_minutes),
        set: |s, v| s.spot.restart_minutes = v.unwrap_or(dec(10)),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanJobHours,
        testid: "plan-job-hours",
        key: "job",
        default: None,
        get: |s| s.spot.job_hours,
        set: |s, v| s.spot.job_hours = v,
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanDeadline,
        testid: "plan-deadline",
        key: "dl",
        default: None,
        get: |s| s.spot.deadline_hours,
        set: |s, v| s.spot.deadline_hours = v,
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Spot,
        label: Msg::PlanMixShare,
        testid: "plan-mix-share",
        key: "mix",
        default: Some(dec(DEFAULT_MIX_SHARE_PCT)),
        get: |s| Some(s.mix_spot_share_pct),
        set: |s, v| s.mix_spot_share_pct = v.unwrap_or(dec(DEFAULT_MIX_SHARE_PCT)),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Promos,
        label: Msg::PlanFirstMonth,
        testid: "plan-first-month",
        key: "fmd",
        default: Some(Decimal::ZERO),
        get: |s| Some(s.promotions.first_month_discount_pct),
        set: |s, v| s.promotions.first_month_discount_pct = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Promos,
        label: Msg::PlanCredit,
        testid: "plan-credit",
        key: "cr",
        default: None,
        get: |s| s.promotions.credit.map(|m| m.amount()),
        // a credit keeps the currency it was entered in (the engine converts it)
        set: |s, v| s.promotions.credit = v.map(|a| Money::new(a, credit_currency(s))),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Promos,
        label: Msg::PlanCreditExpiry,
        testid: "plan-credit-expiry",
        key: "crx",
        default: None,
        get: |s| s.promotions.credit_expiry_month.map(Decimal::from),
        set: |s, v| s.promotions.credit_expiry_month = whole(v),
        shown: always,
        implied: |_| None,
    },
    nd_field!(ProviderId::Aws, "plan-nd-aws", "nd:aws"),
    nd_field!(ProviderId::Azure, "plan-nd-azure", "nd:azure"),
    nd_field!(ProviderId::Alibaba, "plan-nd-alibaba", "nd:alibaba"),
    nd_field!(ProviderId::Tencent, "plan-nd-tencent", "nd:tencent"),
    Field {
        group: Group::Data,
        label: Msg::PlanEgress,
        testid: "plan-egress",
        key: "eg",
        default: Some(Decimal::ZERO),
        get: |s| Some(s.data.egress_gb),
        set: |s, v| s.data.egress_gb = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Data,
        label: Msg::PlanCrossRegion,
        testid: "plan-cross-region",
        key: "xr",
        default: Some(Decimal::ZERO),
        get: |s| Some(s.data.cross_region_gb),
        set: |s, v| s.data.cross_region_gb = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Data,
        label: Msg::PlanStorage,
        testid: "plan-storage",
        key: "st",
        default: Some(Decimal::ZERO),
        get: |s| Some(s.data.storage_gb),
        set: |s, v| s.data.storage_gb = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Data,
        label: Msg::PlanBootDisk,
        testid: "plan-boot-disk",
        key: "bd",
        default: Some(Decimal::ZERO),
        get: |s| Some(s.data.boot_disk_gb),
        set: |s, v| s.data.boot_disk_gb = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Data,
        label: Msg::PlanPublicIpv4,
        testid: "plan-public-ipv4",
        key: "ip",
        default: Some(Decimal::ZERO),
        get: |s| Some(Decimal::from(s.data.public_ipv4)),
        set: |s, v| s.data.public_ipv4 = whole(v).unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    job_field!(Msg::JobEpochs, "job-epochs", "jep", epochs, not_llm),
    job_field!(Msg::JobSamples, "job-samples", "jn", samples, not_llm),
    job_field!(Msg::JobParams, "job-params", "jp", params_b, llm),
    job_field!(Msg::JobTokens, "job-tokens", "jt", tokens_b, train),
    job_field!(Msg::JobTps, "job-tps", "jtps", serve_tokens_per_s, serve),
    job_field!(
        Msg::JobServeHours,
        "job-serve-hours",
        "jh",
        serve_hours,
        serve
    ),
    job_field!(Msg::JobMfu, "job-mfu", "mfu", mfu_pct, any_job),
    job_field!(
        Msg::JobScaling,
        "job-scaling",
        "jsc",
        scaling_pct,
        not_train
    ),
];

/// The link key of a box's key (`nd` of `nd:aws`).
fn link_key(key: &str) -> &str {
    key.split(':').next().unwrap_or(key)
}

fn always(_: &Scenario) -> bool {
    true
}
fn not_llm(k: JobKind) -> bool {
    matches!(k, JobKind::Resnet50 | JobKind::BertLarge)
}
fn llm(k: JobKind) -> bool {
    !not_llm(k)
}
fn serve(k: JobKind) -> bool {
    k == JobKind::LlmServe
}
fn train(k: JobKind) -> bool {
    k == JobKind::LlmTrain
}
fn not_train(k: JobKind) -> bool {
    !train(k)
}
fn any_job(_: JobKind) -> bool {
    true
}

/// The currency a credit is (or will be) entered in.
fn credit_currency(s: &Scenario) -> Currency {
    s.promotions.credit.map_or(s.currency, |m| m.currency())
}

/// One box of [`FIELDS`]; its label may name the credit's currency (`{0}`).
fn number_box(state: AppState, f: &'static Field) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="field" hidden=move || !state.link.with(|l| (f.shown)(&l.scenario))>
        <NumberInput
            label=Signal::derive(move || {
                let sym = state.link.with(|l| format::currency_symbol(credit_currency(&l.scenario)));
                fill(i18n.t(f.label), &[sym])
            })
            field=f.field()
            value=Signal::derive(move || state.link.with(|l| (f.get)(&l.scenario)).filter(|v| Some(*v) != f.default))
            on_commit=Callback::new(move |v: Option<Decimal>| state.update_typing(|l| (f.set)(&mut l.scenario, v.or(f.default))))
            testid=f.testid
            key=f.key
            default=f.default.unwrap_or_default()
            placeholder=Signal::derive(move || {
                let d = f.default.or_else(|| state.link.with(|l| (f.implied)(&l.scenario)));
                d.map(|d| d.normalize().to_string()).unwrap_or_default()
            })
        />
        </div>
    }
}

/// A fieldset with every box of a group.
pub fn field_group(
    state: AppState,
    group: Group,
    legend: Msg,
    testid: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <fieldset data-testid=testid>
            <legend>{move || i18n.t(legend)}</legend>
            {FIELDS.iter().filter(|f| f.group == group).map(|f| number_box(state, f)).collect_view()}
        </fieldset>
    }
}

/// The offers planned: the compare screen's selection (`sel`), changed here
/// with remove buttons and a search that adds.
pub fn offer_fields(state: AppState) -> impl IntoView {
    let i18n = use_i18n();
    let catalog = state.catalog;
    let query = RwSignal::new(String::new());
    // how many found offers are listed: more each time "more" is pressed,
    // back to the first ones for a new search
    // (a plain counter, the search's signal notified when it grows: a
    // signal of its own would add its code to the first load)
    let limit = std::sync::Arc::new(AtomicUsize::new(pick::PICK_LIMIT));
    let (shown_n, more_n, reset_n) = (limit.clone(), limit.clone(), limit);
    let selected = Memo::new(move |_| state.link.with(|l| l.compare.selected.clone()));
    // Both lists are markup with one click handler for their buttons (each
    // button names its offer and what it does): lists of view components
    // here would grow the first load (docs/SIZE.md).
    let chips = move || {
        let loc = i18n.locale.get();
        html::inner(selected.with(|sel| pick::chips_html(catalog, sel, i18n.t(Msg::Remove), loc)))
    };
    // the offers' rates kept while only the hours per month change, as the
    // compare table keeps them: typing in the hours box while the box
    // holds a search only multiplies
    let kept = std::sync::Mutex::new(None);
    let found = move || {
        let loc = i18n.locale.get();
        html::inner(state.link.with(|l| {
            query.with(|q| {
                // every offer priced as the compare table prices it, only
                // while there is a search
                let priced = if q.trim().is_empty() {
                    Vec::new()
                } else {
                    let mut kept = kept
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    compare::price_kept(catalog, &compare::pricing_inputs(&l.scenario), &mut kept)
                };
                pick::candidates_html(
                    catalog,
                    &priced,
                    &l.scenario,
                    q,
                    &l.compare.selected,
                    shown_n.load(Relaxed),
                    loc,
                )
            })
        }))
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let button = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-act]").ok().flatten());
        if let Some(b) = button {
            if b.get_attribute("data-act").as_deref() == Some("more") {
                more_n.fetch_add(pick::PICK_LIMIT, Relaxed);
                query.notify();
                return;
            }
            let on = b.get_attribute("data-act").as_deref() == Some("add");
            if let Some(id) = b.get_attribute("data-offer") {
                state.update(|l| l.compare.select(&OfferId::from(id.as_str()), on));
            }
        }
    };
    view! {
        <fieldset class="wide" data-testid="plan-offers" on:click=on_click>
            <legend>{move || i18n.t(Msg::PlanOffers)}</legend>
            <p class="hint">{move || i18n.t(Msg::PlanOffersHint)}</p>
            <ul class="chips" data-testid="plan-selected" inner_html=chips></ul>
            <label>
                <span>{move || i18n.t(Msg::PlanAddOffer)}</span>
                <input
                    type="search"
                    data-testid="plan-offer-search"
                    placeholder=move || i18n.t(Msg::SearchPlaceholder)
                    prop:value=move || query.get()
                    on:input=move |ev| {
                        reset_n.store(pick::PICK_LIMIT, Relaxed);
                        query.set(event_target_value(&ev));
                    }
                />
            </label>
            <ul class="pick-list" data-testid="plan-candidates" inner_html=found></ul>
        </fieldset>
    }
}

pub fn model_fields(state: AppState) -> impl IntoView {
    let link = state.link;
    check_fieldset(
        Msg::PlanModels,
        check_boxes(
            BillingModel::ALL,
            |m| format!("plan-model-{}", m.code()),
            |i18n, m| i18n.t(model_msg(m)).to_string(),
            move |m| link.with(|l| pick::model_on(&l.scenario.billing_models, m)),
            move |(m, on)| {
                state.update(|l| {
                    l.scenario.billing_models =
                        pick::toggle_model(&l.scenario.billing_models, m, on)
                })
            },
        ),
    )
}

/// The job: its kind (none = no job) and the inputs the kind uses.
pub fn job_fields(state: AppState) -> impl IntoView {
    let i18n = use_i18n();
    let kind = move || state.link.with(|l| l.scenario.job.as_ref().map(|j| j.kind));
    view! {
        <fieldset class="wide" data-testid="plan-job">
            <legend>{move || i18n.t(Msg::JobTitle)}</legend>
            <label>
                <span>{move || i18n.t(Msg::JobKindLabel)}</span>
                <select
                    data-testid="job-kind"
                    on:change=move |ev| {
                        let k = JobKind::from_code(&event_target_value(&ev));
                        state.update(|l| l.scenario.job = pick::switch_job(l.scenario.job.take(), k));
                    }
                >
                    <option value="" prop:selected=move || kind().is_none()>{move || i18n.t(Msg::JobNone)}</option>
                    {JobKind::ALL
                        .into_iter()
                        .map(|k| {
                            view! {
                                <option value=k.code() prop:selected=move || kind() == Some(k)>
                                    {move || i18n.t(job_msg(k))}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            {FIELDS.iter().filter(|f| f.group == Group::Job).map(|f| number_box(state, f)).collect_view()}
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_box_accepts_what_the_link_accepts_for_its_key() {
        for f in FIELDS {
            let b = bounds_of(link_key(f.key))
                .unwrap_or_else(|| panic!("{} ({}) has no bounds", f.key, f.testid));
            assert_eq!(f.field(), NumberField::from(b), "{}", f.testid);
        }
        // the interruption box: the link's cap (99.99 %/month), not a second one
        let si = FIELDS
            .iter()
            .find(|f| f.testid == "plan-interruption")
            .unwrap();
        assert!(si.field().parse("99.99").is_ok());
        assert!(si.field().parse("100").is_err());
    }
}
