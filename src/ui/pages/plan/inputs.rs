//! The plan screen's inputs, one fieldset each, all in the shared scenario
//! (so every other screen and the link see them): workload, offers,
//! billing models, spot, promotions and credits, data. Typing replaces the
//! history entry; a bad value shows its message beside the field and the
//! last good plan stays on screen.
use leptos::prelude::*;
use rust_decimal::prelude::ToPrimitive;
use rust_decimal::Decimal;

use super::pick;
use crate::domain::catalog::{Currency, OfferId};
use crate::domain::input::NumberField;
use crate::domain::job::{
    JobKind, MAX_JOB_EPOCHS, MAX_JOB_PARAMS_B, MAX_JOB_SAMPLES, MAX_JOB_TOKENS_B,
    MAX_SERVE_TOKENS_PER_S,
};
use crate::domain::money::Money;
use crate::domain::scenario::{
    BillingModel, InterruptionRate, Scenario, DEFAULT_HOURS_PER_MONTH,
    DEFAULT_INTERRUPTION_MONTHLY_PCT, DEFAULT_MIX_SHARE_PCT, DEFAULT_MONTHS, MAX_GPUS,
    MAX_HOURS_PER_MONTH, MAX_JOB_HOURS, MAX_MINUTES, MAX_MONEY_INPUT, MAX_MONTHS, MAX_VOLUME_GB,
};
use crate::ui::components::checks::{check_boxes, check_fieldset};
use crate::ui::components::number_input::NumberInput;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Msg};
use crate::ui::labels::{job_msg, model_msg};
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
    field: NumberField,
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

#[derive(Clone, Copy, PartialEq)]
pub enum Group {
    Workload,
    Spot,
    Promos,
    Data,
    Job,
}

const PCT: NumberField = NumberField::decimal(0, 100, false);
const GB: NumberField = NumberField::decimal(0, MAX_VOLUME_GB, false);
const MINUTES: NumberField = NumberField::decimal(0, MAX_MINUTES, false);
const JOB_H: NumberField = NumberField::decimal(0, MAX_JOB_HOURS, true);

fn whole(v: Option<Decimal>) -> Option<u32> {
    v.and_then(|d| d.to_u32())
}

/// A job input (`s.job.$f`), shown for the kinds `$when` accepts; empty =
/// the kind's default.
macro_rules! job_field {
    ($label:expr, $testid:expr, $field:expr, $f:ident, $when:path) => {
        Field {
            group: Group::Job,
            label: $label,
            testid: $testid,
            field: $field,
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
        field: NumberField::decimal(0, MAX_HOURS_PER_MONTH as i64, false),
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
        field: NumberField::whole(1, MAX_MONTHS as i64),
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
        field: NumberField::whole(1, MAX_GPUS as i64),
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
        field: NumberField::decimal(0, 99, false),
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
        field: MINUTES,
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
        field: MINUTES,
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
        field: JOB_H,
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
        field: JOB_H,
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
        field: PCT,
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
        field: PCT,
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
        field: NumberField::decimal(0, MAX_MONEY_INPUT, true),
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
        field: NumberField::whole(1, MAX_MONTHS as i64),
        default: None,
        get: |s| s.promotions.credit_expiry_month.map(Decimal::from),
        set: |s, v| s.promotions.credit_expiry_month = whole(v),
        shown: always,
        implied: |_| None,
    },
    Field {
        group: Group::Data,
        label: Msg::PlanEgress,
        testid: "plan-egress",
        field: GB,
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
        field: GB,
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
        field: GB,
        default: Some(Decimal::ZERO),
        get: |s| Some(s.data.storage_gb),
        set: |s, v| s.data.storage_gb = v.unwrap_or_default(),
        shown: always,
        implied: |_| None,
    },
    job_field!(Msg::JobEpochs, "job-epochs", JOB_EPOCHS, epochs, not_llm),
    job_field!(
        Msg::JobSamples,
        "job-samples",
        JOB_SAMPLES,
        samples,
        not_llm
    ),
    job_field!(Msg::JobParams, "job-params", JOB_PARAMS, params_b, llm),
    job_field!(Msg::JobTokens, "job-tokens", JOB_TOKENS, tokens_b, train),
    job_field!(Msg::JobTps, "job-tps", JOB_TPS, serve_tokens_per_s, serve),
    job_field!(
        Msg::JobServeHours,
        "job-serve-hours",
        JOB_H,
        serve_hours,
        serve
    ),
    job_field!(Msg::JobMfu, "job-mfu", JOB_PCT, mfu_pct, any_job),
    job_field!(
        Msg::JobScaling,
        "job-scaling",
        JOB_PCT,
        scaling_pct,
        not_train
    ),
];

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

const JOB_PCT: NumberField = NumberField::decimal(0, 100, true);
const JOB_EPOCHS: NumberField = NumberField::decimal(0, MAX_JOB_EPOCHS as i64, true);
const JOB_SAMPLES: NumberField = NumberField::whole(1, MAX_JOB_SAMPLES as i64);
const JOB_PARAMS: NumberField = NumberField::decimal(0, MAX_JOB_PARAMS_B as i64, true);
const JOB_TOKENS: NumberField = NumberField::decimal(0, MAX_JOB_TOKENS_B as i64, true);
const JOB_TPS: NumberField = NumberField::decimal(0, MAX_SERVE_TOKENS_PER_S as i64, true);

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
            field=f.field
            value=Signal::derive(move || state.link.with(|l| (f.get)(&l.scenario)).filter(|v| Some(*v) != f.default))
            on_commit=Callback::new(move |v: Option<Decimal>| state.update_typing(|l| (f.set)(&mut l.scenario, v.or(f.default))))
            testid=f.testid
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
    let selected = Memo::new(move |_| state.link.with(|l| l.compare.selected.clone()));
    // Both lists are markup with one click handler for their buttons (each
    // button names its offer and what it does): lists of view components
    // here would cost ~5 KB of the first load.
    let chips = move || {
        let remove = i18n.t(Msg::Remove);
        selected.with(|sel| pick::chips_html(catalog, sel, remove))
    };
    let found = move || selected.with(|sel| query.with(|q| pick::candidates_html(catalog, q, sel)));
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let button = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button[data-offer]").ok().flatten());
        if let Some(b) = button {
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
                    on:input=move |ev| query.set(event_target_value(&ev))
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
