//! The three-step form (scenario fit, cost sensitivity, elasticity) with
//! the link's values. Every box and select is named by its link key
//! (`name`, `data-testid="adv-…"`), which is how the page's one input
//! handler edits the link; each box's error line names its key too
//! (`data-err-for`).
use maud::{html, Markup};

use super::profile_msg;
use crate::domain::advise::{
    BudgetBasis, Framework, Load, Need, Platform, Profile, Residency, SpotTolerance, UseCase,
};
use crate::domain::catalog::Currency;
use crate::ui::format;
use crate::ui::i18n::{fill, Locale, Msg, WorkerMsg};
use crate::ui::link::{self, AppLink};

/// A number box of the form: link key, label, what it shows (its range
/// hint comes from the key's bounds).
pub(super) struct NumberBox {
    pub key: &'static str,
    label: WorkerMsg,
    value: fn(&AppLink) -> Option<String>,
}

fn s<T: ToString>(v: T) -> Option<String> {
    Some(v.to_string())
}

pub(super) const STEP1_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "gpus",
        label: WorkerMsg::AdvGpus,
        value: |l| s(l.scenario.min_gpus),
    },
    NumberBox {
        key: "vpg",
        label: WorkerMsg::AdvMemPerGpu,
        value: |l| l.advise.gpu_memory_gb.map(|v| v.to_string()),
    },
    NumberBox {
        key: "vram",
        label: WorkerMsg::AdvMemTotal,
        value: |l| l.scenario.min_vram_gb.map(|v| v.to_string()),
    },
];

pub(super) const STEP2_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "bud",
        label: WorkerMsg::AdvBudget,
        value: |l| l.advise.budget.map(|m| m.amount().normalize().to_string()),
    },
    NumberBox {
        key: "m",
        label: WorkerMsg::AdvMonths,
        value: |l| s(l.scenario.months),
    },
    NumberBox {
        key: "h",
        label: WorkerMsg::AdvHours,
        value: |l| s(l.scenario.hours_per_month.normalize()),
    },
    NumberBox {
        key: "wc",
        label: WorkerMsg::AdvWeightCost,
        value: |l| s(l.advise.weights.cost),
    },
    NumberBox {
        key: "wp",
        label: WorkerMsg::AdvWeightPerf,
        value: |l| s(l.advise.weights.perf),
    },
    NumberBox {
        key: "we",
        label: WorkerMsg::AdvWeightEco,
        value: |l| s(l.advise.weights.eco),
    },
    NumberBox {
        key: "wr",
        label: WorkerMsg::AdvWeightRisk,
        value: |l| s(l.advise.weights.risk),
    },
];

pub(super) const STEP3_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "mix",
        label: WorkerMsg::AdvBurstShare,
        value: |l| s(l.scenario.mix_spot_share_pct.normalize()),
    },
    NumberBox {
        key: "si",
        label: WorkerMsg::AdvInterruption,
        value: |l| {
            l.scenario
                .spot
                .interruption
                .monthly_pct()
                .map(|d| d.normalize().to_string())
        },
    },
];

/// The range hint of a number box: its link key's bounds.
fn hint(key: &str, locale: Locale) -> String {
    let b = link::bounds_of(key).expect("every number box is a link key with bounds");
    fill(
        WorkerMsg::AdvRange.text(locale),
        &[&format::range_hint(&b, locale)],
    )
}

/// A number box: label, the box, its range hint and its error line.
fn number_box(l: &AppLink, b: &NumberBox, locale: Locale, label: &str) -> Markup {
    let k = b.key;
    html! {
        label.field {
            span { (label) }
            input name=(k) data-testid={ "adv-" (k) } inputmode="decimal" autocomplete="off"
                value=((b.value)(l).unwrap_or_default())
                aria-describedby={ "adv-hint-" (k) " adv-err-" (k) };
            small.hint id={ "adv-hint-" (k) } { (hint(k, locale)) }
            small.field-error id={ "adv-err-" (k) } data-err-for=(k) aria-live="polite" {}
        }
    }
}

/// A select of a code enum: `(code, text)` options, the one whose code is
/// `current` selected (with `empty`, a first option for none, selected
/// when `current` is empty).
fn select<'a>(
    key: &str,
    label: &str,
    current: &str,
    empty: Option<&str>,
    options: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Markup {
    html! {
        label.field.wide {
            span { (label) }
            select name=(key) data-testid={ "adv-" (key) } {
                @if let Some(e) = empty {
                    option value="" selected[current.is_empty()] { (e) }
                }
                @for (code, text) in options {
                    option value=(code) selected[code == current] { (text) }
                }
            }
        }
    }
}

/// The articles' profiles, as buttons that fill in their inputs.
fn presets(l: &AppLink, locale: Locale) -> Markup {
    html! {
        div.presets role="group" aria-labelledby="adv-presets-h" {
            p #adv-presets-h .hint { (WorkerMsg::AdvPresets.text(locale)) }
            @for p in Profile::ALL {
                button type="button" data-preset=(p.code()) data-testid={ "adv-preset-" (p.code()) }
                    aria-pressed=(l.advise.profile == Some(p)) { (profile_msg(p).text(locale)) }
            }
        }
    }
}

/// Step 1: what the GPUs are for, how many and how much memory, the hard
/// needs, where the data may live, the framework and platform.
fn step1(l: &AppLink, locale: Locale) -> Markup {
    let t = |m: WorkerMsg| m.text(locale);
    let a = &l.advise;
    html! {
        fieldset data-testid="advise-step1" {
            legend { (t(WorkerMsg::AdvStep1)) }
            (select("use", t(WorkerMsg::AdvUse), a.use_case.map_or("", |u| u.code()), Some(t(WorkerMsg::AdvUseNone)),
                UseCase::ALL.iter().map(|u| (u.code(), t(use_msg(*u))))))
            @for b in STEP1_NUMBERS { (number_box(l, b, locale, t(b.label))) }
            fieldset.checks data-testid="adv-req" {
                legend { (t(WorkerMsg::AdvNeeds)) }
                @for n in Need::ALL {
                    label {
                        input type="checkbox" name="req" value=(n.code()) data-testid={ "adv-req-" (n.code()) } checked[a.needs(n)];
                        " " (t(need_msg(n)))
                    }
                }
                small.field-error data-err-for="req" aria-live="polite" {}
            }
            (select("res", t(WorkerMsg::AdvResidency), a.residency.code(), None,
                Residency::ALL.iter().map(|r| (r.code(), t(residency_msg(*r))))))
            (select("fw", t(WorkerMsg::AdvFramework), a.framework.map_or("", |f| f.code()), Some(t(WorkerMsg::AdvAnyFramework)),
                Framework::ALL.iter().map(|f| (f.code(), framework_name(*f)))))
            (select("mlp", t(WorkerMsg::AdvPlatform), a.platform.map_or("", |p| p.code()), Some(t(WorkerMsg::AdvNoPlatform)),
                Platform::ALL.iter().map(|p| (p.code(), platform_name(*p, locale)))))
        }
    }
}

/// Step 2: the budget (in its currency) and what it limits, the horizon,
/// the hours, the four weights.
fn step2(l: &AppLink, locale: Locale) -> Markup {
    let t = |m: WorkerMsg| m.text(locale);
    let a = &l.advise;
    let sym = format::currency_symbol(a.budget.map_or(l.scenario.currency, |m| m.currency()));
    // the currency the advice's figures are shown in (the link's `cur`,
    // as on the compare screen; a budget keeps the currency it was typed in)
    let currencies: Vec<(&str, String)> = Currency::ALL
        .iter()
        .map(|c| {
            (
                c.code(),
                format!("{} {}", c.code(), format::currency_symbol(*c)),
            )
        })
        .collect();
    html! {
        fieldset data-testid="advise-step2" {
            legend { (t(WorkerMsg::AdvStep2)) }
            (select("cur", Msg::Currency.text(locale), l.scenario.currency.code(), None,
                currencies.iter().map(|(c, s)| (*c, s.as_str()))))
            @for b in STEP2_NUMBERS {
                @if b.key == "bud" {
                    (number_box(l, b, locale, &fill(t(b.label), &[sym])))
                    (select("budk", t(WorkerMsg::AdvBudgetBasis), a.budget_basis.code(), None, [
                        (BudgetBasis::Monthly.code(), t(WorkerMsg::AdvBudgetMonthly)),
                        (BudgetBasis::Total.code(), t(WorkerMsg::AdvBudgetTotal)),
                    ]))
                } @else {
                    (number_box(l, b, locale, t(b.label)))
                }
            }
        }
    }
}

/// Step 3: steady or bursty load, how much spot is acceptable, the burst
/// share and the interruption rate.
fn step3(l: &AppLink, locale: Locale) -> Markup {
    let t = |m: WorkerMsg| m.text(locale);
    let a = &l.advise;
    html! {
        fieldset data-testid="advise-step3" {
            legend { (t(WorkerMsg::AdvStep3)) }
            (select("load", t(WorkerMsg::AdvLoad), a.load.code(), None, [
                (Load::Steady.code(), t(WorkerMsg::AdvLoadSteady)),
                (Load::Bursty.code(), t(WorkerMsg::AdvLoadBursty)),
            ]))
            (select("risk", t(WorkerMsg::AdvSpotTolerance), a.spot.code(), None,
                SpotTolerance::ALL.iter().map(|x| (x.code(), t(tolerance_msg(*x))))))
            @for b in STEP3_NUMBERS { (number_box(l, b, locale, t(b.label))) }
        }
    }
}

/// The form: an introduction, the presets and the three steps.
pub(super) fn form(l: &AppLink, locale: Locale) -> Markup {
    html! {
        p.hint { (WorkerMsg::AdvIntro.text(locale)) }
        (presets(l, locale))
        (step1(l, locale))
        (step2(l, locale))
        (step3(l, locale))
    }
}

fn use_msg(u: UseCase) -> WorkerMsg {
    match u {
        UseCase::Vision => WorkerMsg::AdvUseCv,
        UseCase::LlmPretrain => WorkerMsg::AdvUseLlm,
        UseCase::FineTune => WorkerMsg::AdvUseFt,
        UseCase::Inference => WorkerMsg::AdvUseInf,
        UseCase::ResearchLab => WorkerMsg::AdvUseLab,
        UseCase::Startup => WorkerMsg::AdvUseStartup,
        UseCase::Enterprise => WorkerMsg::AdvUseEnt,
        UseCase::GameAi => WorkerMsg::AdvUseGame,
        UseCase::Job => WorkerMsg::AdvUseJob,
    }
}

fn need_msg(n: Need) -> WorkerMsg {
    match n {
        Need::NvLink => WorkerMsg::AdvNeedNvlink,
        Need::Rdma => WorkerMsg::AdvNeedRdma,
        Need::Icp => WorkerMsg::AdvNeedIcp,
        Need::Sla => WorkerMsg::AdvNeedSla,
    }
}

fn residency_msg(r: Residency) -> WorkerMsg {
    match r {
        Residency::Any => WorkerMsg::AdvResAny,
        Residency::Mainland => WorkerMsg::AdvResCn,
        Residency::HongKong => WorkerMsg::AdvResHk,
        Residency::Overseas => WorkerMsg::AdvResIntl,
    }
}

fn framework_name(f: Framework) -> &'static str {
    match f {
        Framework::PyTorch => "PyTorch",
        Framework::TensorFlow => "TensorFlow",
        Framework::Paddle => "PaddlePaddle",
        Framework::MindSpore => "MindSpore",
    }
}

fn platform_name(p: Platform, locale: Locale) -> &'static str {
    match p {
        Platform::Any => WorkerMsg::AdvPlatformAny.text(locale),
        Platform::SageMaker => "Amazon SageMaker AI",
        Platform::AzureMl => "Azure Machine Learning",
        Platform::Pai => "Alibaba PAI",
        Platform::TiOne => "Tencent TI-ONE",
    }
}

fn tolerance_msg(t: SpotTolerance) -> WorkerMsg {
    match t {
        SpotTolerance::No => WorkerMsg::AdvSpotNo,
        SpotTolerance::Mix => WorkerMsg::AdvSpotMix,
        SpotTolerance::Yes => WorkerMsg::AdvSpotYes,
    }
}
