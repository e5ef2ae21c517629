//! The advise screen's markup, made by the plan worker: the three-step form
//! (its values from the link) and the recommendation (picks with their
//! score breakdown and reasons, what would change the answer, the ranking,
//! exclusions grouped by reason, relaxations, assumptions). Pure functions
//! of a link and a locale, tested natively; every text is escaped.
use std::fmt::Write;

use rust_decimal::Decimal;

use crate::domain::advise::{
    advise, Advice, BudgetBasis, Change, Exclusion, Framework, Load, Need, Note, Pick, Platform,
    Profile, Residency, ScorePart, SpotTolerance, Strategy, UseCase, Why,
};
use crate::domain::catalog::{Catalog, OfferId};
use crate::domain::scenario::BillingModel;
use crate::ui::format::{self, esc};
use crate::ui::i18n::{fill, Locale, Rt};
use crate::ui::link::{self, AppLink, Screen};
use crate::ui::pages::plan::render::Ctx;

/// A number box of the form: link key, label, what it shows, the range hint.
struct NumberBox {
    key: &'static str,
    label: Rt,
    value: fn(&AppLink) -> Option<String>,
    range: &'static str,
}

fn s<T: ToString>(v: T) -> Option<String> {
    Some(v.to_string())
}

const STEP1_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "gpus",
        label: Rt::AdvGpus,
        value: |l| s(l.scenario.min_gpus),
        range: "1–4096",
    },
    NumberBox {
        key: "vpg",
        label: Rt::AdvMemPerGpu,
        value: |l| l.advise.gpu_memory_gb.map(|v| v.to_string()),
        range: "1–1000000",
    },
    NumberBox {
        key: "vram",
        label: Rt::AdvMemTotal,
        value: |l| l.scenario.min_vram_gb.map(|v| v.to_string()),
        range: "0–1000000",
    },
];

const STEP2_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "bud",
        label: Rt::AdvBudget,
        value: |l| l.advise.budget.map(|m| m.amount().normalize().to_string()),
        range: "> 0",
    },
    NumberBox {
        key: "m",
        label: Rt::AdvMonths,
        value: |l| s(l.scenario.months),
        range: "1–60",
    },
    NumberBox {
        key: "h",
        label: Rt::AdvHours,
        value: |l| s(l.scenario.hours_per_month.normalize()),
        range: "0–744",
    },
    NumberBox {
        key: "wc",
        label: Rt::AdvWeightCost,
        value: |l| s(l.advise.weights.cost),
        range: "0–100",
    },
    NumberBox {
        key: "wp",
        label: Rt::AdvWeightPerf,
        value: |l| s(l.advise.weights.perf),
        range: "0–100",
    },
    NumberBox {
        key: "we",
        label: Rt::AdvWeightEco,
        value: |l| s(l.advise.weights.eco),
        range: "0–100",
    },
    NumberBox {
        key: "wr",
        label: Rt::AdvWeightRisk,
        value: |l| s(l.advise.weights.risk),
        range: "0–100",
    },
];

const STEP3_NUMBERS: &[NumberBox] = &[
    NumberBox {
        key: "mix",
        label: Rt::AdvBurstShare,
        value: |l| s(l.scenario.mix_spot_share_pct.normalize()),
        range: "0–100",
    },
    NumberBox {
        key: "si",
        label: Rt::AdvInterruption,
        value: |l| {
            l.scenario
                .spot
                .interruption
                .monthly_pct()
                .map(|d| d.normalize().to_string())
        },
        range: "0–99.99",
    },
];

fn number_box(out: &mut String, l: &AppLink, b: &NumberBox, locale: Locale, label: &str) {
    let v = (b.value)(l).unwrap_or_default();
    let _ = write!(
        out,
        "<label class=\"field\"><span>{label}</span>\
         <input name=\"{k}\" data-testid=\"adv-{k}\" inputmode=\"decimal\" autocomplete=\"off\" value=\"{v}\" aria-describedby=\"adv-hint-{k} adv-err-{k}\">\
         <small class=\"hint\" id=\"adv-hint-{k}\">{range}</small>\
         <small class=\"field-error\" id=\"adv-err-{k}\" data-err-for=\"{k}\" aria-live=\"polite\"></small></label>",
        label = esc(label),
        k = b.key,
        v = esc(&v),
        range = esc(&fill(Rt::AdvRange.text(locale), &[b.range])),
    );
}

/// A select of a code enum (`None` = the first, empty option when `empty` is given).
fn select(
    out: &mut String,
    key: &str,
    label: &str,
    current: &str,
    empty: Option<&str>,
    options: &[(&str, &str)],
) {
    let _ = write!(
        out,
        "<label class=\"field wide\"><span>{}</span><select name=\"{key}\" data-testid=\"adv-{key}\">",
        esc(label)
    );
    if let Some(e) = empty {
        let _ = write!(
            out,
            "<option value=\"\"{}>{}</option>",
            if current.is_empty() { " selected" } else { "" },
            esc(e)
        );
    }
    for (code, text) in options {
        let _ = write!(
            out,
            "<option value=\"{code}\"{}>{}</option>",
            if *code == current { " selected" } else { "" },
            esc(text)
        );
    }
    out.push_str("</select></label>");
}

fn use_msg(u: UseCase) -> Rt {
    match u {
        UseCase::Vision => Rt::AdvUseCv,
        UseCase::LlmPretrain => Rt::AdvUseLlm,
        UseCase::FineTune => Rt::AdvUseFt,
        UseCase::Inference => Rt::AdvUseInf,
        UseCase::ResearchLab => Rt::AdvUseLab,
        UseCase::Startup => Rt::AdvUseStartup,
        UseCase::Enterprise => Rt::AdvUseEnt,
        UseCase::GameAi => Rt::AdvUseGame,
        UseCase::Job => Rt::AdvUseJob,
    }
}

fn need_msg(n: Need) -> Rt {
    match n {
        Need::NvLink => Rt::AdvNeedNvlink,
        Need::Rdma => Rt::AdvNeedRdma,
        Need::Icp => Rt::AdvNeedIcp,
        Need::Sla => Rt::AdvNeedSla,
    }
}

fn residency_msg(r: Residency) -> Rt {
    match r {
        Residency::Any => Rt::AdvResAny,
        Residency::Mainland => Rt::AdvResCn,
        Residency::HongKong => Rt::AdvResHk,
        Residency::Overseas => Rt::AdvResIntl,
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
        Platform::Any => Rt::AdvPlatformAny.text(locale),
        Platform::SageMaker => "Amazon SageMaker AI",
        Platform::AzureMl => "Azure Machine Learning",
        Platform::Pai => "Alibaba PAI",
        Platform::TiOne => "Tencent TI-ONE",
    }
}

fn tolerance_msg(t: SpotTolerance) -> Rt {
    match t {
        SpotTolerance::No => Rt::AdvSpotNo,
        SpotTolerance::Mix => Rt::AdvSpotMix,
        SpotTolerance::Yes => Rt::AdvSpotYes,
    }
}

fn profile_msg(p: Profile) -> Rt {
    match p {
        Profile::Unlimited => Rt::AdvProfUnlimited,
        Profile::Domestic => Rt::AdvProfDomestic,
        Profile::GameMixed => Rt::AdvProfGame,
        Profile::Enterprise => Rt::AdvProfEnterprise,
    }
}

fn exclusion_msg(e: Exclusion) -> Rt {
    match e {
        Exclusion::Filters => Rt::AdvExFilters,
        Exclusion::Residency => Rt::AdvExResidency,
        Exclusion::Icp => Rt::AdvExIcp,
        Exclusion::Platform => Rt::AdvExPlatform,
        Exclusion::Memory => Rt::AdvExMemory,
        Exclusion::NvLink => Rt::AdvExNvlink,
        Exclusion::NoPrice => Rt::AdvExNoPrice,
        Exclusion::NoThroughput => Rt::AdvExNoThroughput,
        Exclusion::Risk => Rt::AdvExRisk,
        Exclusion::Budget => Rt::AdvExBudget,
        Exclusion::Accelerator => Rt::AdvExAccelerator,
        Exclusion::Rdma => Rt::AdvExRdma,
        Exclusion::Sla => Rt::AdvExSla,
        Exclusion::CashTiming => Rt::AdvExCashTiming,
    }
}

fn drop_msg(e: Exclusion) -> Rt {
    match e {
        Exclusion::Residency => Rt::AdvDropResidency,
        Exclusion::Icp => Rt::AdvDropIcp,
        Exclusion::Platform => Rt::AdvDropPlatform,
        Exclusion::Memory => Rt::AdvDropMemory,
        Exclusion::NvLink => Rt::AdvDropNvlink,
        Exclusion::Risk => Rt::AdvDropRisk,
        Exclusion::Budget => Rt::AdvDropBudget,
        Exclusion::Rdma => Rt::AdvDropRdma,
        Exclusion::Sla => Rt::AdvDropSla,
        Exclusion::Filters
        | Exclusion::NoPrice
        | Exclusion::NoThroughput
        | Exclusion::Accelerator
        | Exclusion::CashTiming => Rt::AdvExFilters,
    }
}

/// The three-step form with the link's values.
pub fn form_html(catalog: &Catalog, query: &str, locale: Locale) -> String {
    let (l, _) = link::parse(query, catalog);
    let t = |m: Rt| m.text(locale);
    let a = &l.advise;
    let mut out = String::with_capacity(8000);
    let _ = write!(out, "<p class=\"hint\">{}</p>", esc(t(Rt::AdvIntro)));
    let _ = write!(
        out,
        "<div class=\"presets\" role=\"group\" aria-labelledby=\"adv-presets-h\"><p id=\"adv-presets-h\" class=\"hint\">{}</p>",
        esc(t(Rt::AdvPresets))
    );
    for p in Profile::ALL {
        let _ = write!(
            out,
            "<button type=\"button\" data-preset=\"{}\" data-testid=\"adv-preset-{}\" aria-pressed=\"{}\">{}</button>",
            p.code(),
            p.code(),
            a.profile == Some(p),
            esc(t(profile_msg(p)))
        );
    }
    out.push_str("</div>");
    // step 1: scenario fit
    let _ = write!(
        out,
        "<fieldset data-testid=\"advise-step1\"><legend>{}</legend>",
        esc(t(Rt::AdvStep1))
    );
    let uses: Vec<(&str, &str)> = UseCase::ALL
        .iter()
        .map(|u| (u.code(), t(use_msg(*u))))
        .collect();
    select(
        &mut out,
        "use",
        t(Rt::AdvUse),
        a.use_case.map_or("", |u| u.code()),
        Some(t(Rt::AdvUseNone)),
        &uses,
    );
    for b in STEP1_NUMBERS {
        number_box(&mut out, &l, b, locale, t(b.label));
    }
    let _ = write!(
        out,
        "<fieldset class=\"checks\" data-testid=\"adv-req\"><legend>{}</legend>",
        esc(t(Rt::AdvNeeds))
    );
    for n in Need::ALL {
        let _ = write!(
            out,
            "<label><input type=\"checkbox\" name=\"req\" value=\"{c}\" data-testid=\"adv-req-{c}\"{}> {}</label>",
            if a.needs(n) { " checked" } else { "" },
            esc(t(need_msg(n))),
            c = n.code()
        );
    }
    out.push_str(
        "<small class=\"field-error\" data-err-for=\"req\" aria-live=\"polite\"></small></fieldset>",
    );
    let res: Vec<(&str, &str)> = Residency::ALL
        .iter()
        .map(|r| (r.code(), t(residency_msg(*r))))
        .collect();
    select(
        &mut out,
        "res",
        t(Rt::AdvResidency),
        a.residency.code(),
        None,
        &res,
    );
    let fws: Vec<(&str, &str)> = Framework::ALL
        .iter()
        .map(|f| (f.code(), framework_name(*f)))
        .collect();
    select(
        &mut out,
        "fw",
        t(Rt::AdvFramework),
        a.framework.map_or("", |f| f.code()),
        Some(t(Rt::AdvAnyFramework)),
        &fws,
    );
    let pls: Vec<(&str, &str)> = Platform::ALL
        .iter()
        .map(|p| (p.code(), platform_name(*p, locale)))
        .collect();
    select(
        &mut out,
        "mlp",
        t(Rt::AdvPlatform),
        a.platform.map_or("", |p| p.code()),
        Some(t(Rt::AdvNoPlatform)),
        &pls,
    );
    out.push_str("</fieldset>");
    // step 2: cost sensitivity
    let _ = write!(
        out,
        "<fieldset data-testid=\"advise-step2\"><legend>{}</legend>",
        esc(t(Rt::AdvStep2))
    );
    let sym = format::currency_symbol(a.budget.map_or(l.scenario.currency, |m| m.currency()));
    for b in STEP2_NUMBERS {
        let label = if b.key == "bud" {
            fill(t(b.label), &[sym])
        } else {
            t(b.label).to_string()
        };
        number_box(&mut out, &l, b, locale, &label);
        if b.key == "bud" {
            select(
                &mut out,
                "budk",
                t(Rt::AdvBudgetBasis),
                a.budget_basis.code(),
                None,
                &[
                    (BudgetBasis::Monthly.code(), t(Rt::AdvBudgetMonthly)),
                    (BudgetBasis::Total.code(), t(Rt::AdvBudgetTotal)),
                ],
            );
        }
    }
    out.push_str("</fieldset>");
    // step 3: elasticity
    let _ = write!(
        out,
        "<fieldset data-testid=\"advise-step3\"><legend>{}</legend>",
        esc(t(Rt::AdvStep3))
    );
    select(
        &mut out,
        "load",
        t(Rt::AdvLoad),
        a.load.code(),
        None,
        &[
            (Load::Steady.code(), t(Rt::AdvLoadSteady)),
            (Load::Bursty.code(), t(Rt::AdvLoadBursty)),
        ],
    );
    let tol: Vec<(&str, &str)> = SpotTolerance::ALL
        .iter()
        .map(|x| (x.code(), t(tolerance_msg(*x))))
        .collect();
    select(
        &mut out,
        "risk",
        t(Rt::AdvSpotTolerance),
        a.spot.code(),
        None,
        &tol,
    );
    for b in STEP3_NUMBERS {
        number_box(&mut out, &l, b, locale, t(b.label));
    }
    out.push_str("</fieldset>");
    out
}

struct R<'a> {
    cx: Ctx<'a>,
    l: &'a AppLink,
    advice: &'a Advice,
}

impl R<'_> {
    fn t(&self, m: Rt) -> &'static str {
        m.text(self.cx.locale)
    }
    fn num(&self, d: Decimal) -> String {
        format::plain(d.round_dp(1), self.cx.locale)
    }
    fn money(&self, d: Decimal) -> String {
        self.cx.money(d)
    }
    /// A score, always with one decimal.
    fn score(&self, d: Decimal) -> String {
        format::number(d, 1, self.cx.locale)
    }
    /// The label of a strategy: model, and the baseline of a mix.
    fn strategy_label(&self, s: &Strategy) -> String {
        match s.mix_baseline {
            Some(b) => fill(
                self.t(Rt::AdvMixCommitted),
                &[self.cx.model(b), self.cx.model(BillingModel::Spot)],
            ),
            None => self.cx.model(s.model).to_string(),
        }
    }
    /// The strategy in a sentence, priced.
    fn strategy_sentence(&self, s: &Strategy) -> String {
        let a = self.advice;
        if let Some(h) = s.job_hours {
            return fill(
                self.t(Rt::AdvStratJob),
                &[
                    &self.strategy_label(s),
                    &s.instances.to_string(),
                    &s.gpus.to_string(),
                    &self.num(h),
                    &self.money(s.still_owed),
                ],
            );
        }
        let n = s.instances.to_string();
        let g = s.gpus.to_string();
        let share = self.num(self.l.scenario.mix_spot_share_pct);
        let spot_pct = a
            .notes
            .iter()
            .find_map(|n| match n {
                Note::Spot { monthly_pct, .. } => Some(self.num(*monthly_pct)),
                _ => None,
            })
            .unwrap_or_default();
        match (s.model, s.mix_baseline) {
            (BillingModel::OnDemand, _) => fill(
                self.t(Rt::AdvStratOd),
                &[&n, &g, &self.num(a.hours_per_month)],
            ),
            (BillingModel::Spot, _) => fill(self.t(Rt::AdvStratSpot), &[&n, &g, &spot_pct]),
            (BillingModel::Mix, Some(b)) => fill(
                self.t(Rt::AdvStratMixCommit),
                &[
                    self.cx.model(b),
                    &self.num(Decimal::ONE_HUNDRED - self.l.scenario.mix_spot_share_pct),
                    &n,
                    &share,
                    &spot_pct,
                ],
            ),
            (BillingModel::Mix, None) => {
                fill(self.t(Rt::AdvStratMixOd), &[&n, &g, &share, &spot_pct])
            }
            (m, _) => {
                let mut t = fill(self.t(Rt::AdvStratCommit), &[self.cx.model(m), &n, &g]);
                if s.upfront > Decimal::ZERO {
                    t.push_str(&fill(
                        self.t(Rt::AdvStratUpfront),
                        &[&self.money(s.upfront)],
                    ));
                }
                let months = a.months.to_string();
                if s.still_owed > Decimal::ZERO {
                    t.push_str(&fill(
                        self.t(Rt::AdvStratOwed),
                        &[&self.money(s.still_owed), &months],
                    ));
                } else {
                    t.push_str(&fill(self.t(Rt::AdvStratNothingOwed), &[&months]));
                }
                t
            }
        }
    }
    fn why(&self, w: &Why) -> String {
        let t = |m| self.t(m);
        match w {
            Why::Cheapest => t(Rt::AdvWhyCheapest).into(),
            Why::VsNext {
                pct_cheaper,
                other,
                other_cost,
            } => {
                let months = self.advice.months.to_string();
                if pct_cheaper.is_zero() {
                    fill(t(Rt::AdvWhySame), &[&self.cx.offer(other), &months])
                } else if *pct_cheaper > Decimal::ZERO {
                    fill(
                        t(Rt::AdvWhyCheaper),
                        &[
                            &self.num(*pct_cheaper),
                            &self.cx.offer(other),
                            &months,
                            &self.money(*other_cost),
                        ],
                    )
                } else {
                    fill(
                        t(Rt::AdvWhyDearer),
                        &[
                            &self.num(-*pct_cheaper),
                            &self.cx.offer(other),
                            &months,
                            &self.money(*other_cost),
                        ],
                    )
                }
            }
            Why::Memory {
                per_gpu_gb,
                need_gb,
                total_gb,
            } => {
                let mut s = fill(t(Rt::AdvWhyMemory), &[&per_gpu_gb.to_string()]);
                if let Some(n) = need_gb {
                    s.push_str(&fill(t(Rt::AdvWhyMemoryNeed), &[&n.to_string()]));
                }
                if let Some(tot) = total_gb {
                    s.push_str(&fill(t(Rt::AdvWhyMemoryTotal), &[&tot.to_string()]));
                }
                s
            }
            Why::Throughput {
                tflops,
                pct_of_best,
            } => fill(
                t(Rt::AdvWhyTflops),
                &[&self.num(*tflops), &self.num(*pct_of_best)],
            ),
            Why::ThroughputUnknown => t(Rt::AdvWhyTflopsUnknown).into(),
            Why::JobHours {
                hours,
                pct_of_fastest,
                measured,
            } => fill(
                t(if *measured {
                    Rt::AdvWhyJobMeasured
                } else {
                    Rt::AdvWhyJobEstimate
                }),
                &[&self.num(*hours), &self.num(*pct_of_fastest)],
            ),
            Why::Interconnect { text } => fill(t(Rt::AdvWhyInterconnect), &[text]),
            Why::Stated {
                claim,
                source,
                as_of,
            } => {
                let title = self
                    .cx
                    .catalog
                    .source(source)
                    .map_or(source.as_str(), |s| s.title.as_str());
                fill(
                    t(Rt::AdvWhyStated),
                    &[&claim_name(claim, self.cx.locale), title, as_of],
                )
            }
            Why::NotStated { claim } => fill(
                t(Rt::AdvWhyNotStated),
                &[&claim_name(claim, self.cx.locale)],
            ),
            Why::StillOwed { amount } => fill(t(Rt::AdvWhyOwed), &[&self.money(*amount)]),
            Why::SpotExposure {
                monthly_pct,
                share_pct,
            } => fill(
                t(Rt::AdvWhySpot),
                &[&self.num(*share_pct), &self.num(*monthly_pct)],
            ),
            Why::IndicativePrice => t(Rt::AdvWhyIndicative).into(),
            Why::AssumedRate => t(Rt::AdvWhyAssumed).into(),
            Why::Incomplete => t(Rt::AdvWhyIncomplete).into(),
            Why::RdmaUnverified => t(Rt::AdvWhyRdma).into(),
            Why::SlaNotInCatalog => t(Rt::AdvWhySla).into(),
            Why::ChinaAccount => t(Rt::AdvWhyChinaAccount).into(),
            // issue 25's new reasons: worded by the UI (not shown until then)
            Why::Accelerator { .. }
            | Why::Network { .. }
            | Why::Sla { .. }
            | Why::LockIn { .. }
            | Why::CashTimingUnknown { .. }
            | Why::StalePrices { .. }
            | Why::ComparedWithout { .. } => String::new(),
        }
    }
    fn href(&self, screen: Screen, offers: &[&OfferId]) -> String {
        let mut to = self.l.clone();
        to.compare.selected.clear();
        for o in offers {
            to.compare.select(o, true);
        }
        link::href_for(&to, screen)
    }
}

/// A claim as people name it.
fn claim_name(c: &str, locale: Locale) -> String {
    match c {
        "fw:pytorch" => "PyTorch".into(),
        "fw:tensorflow" => "TensorFlow".into(),
        "fw:paddle" => "PaddlePaddle".into(),
        "fw:mindspore" => "MindSpore".into(),
        "mlp:sagemaker" => "Amazon SageMaker AI".into(),
        "mlp:azureml" => "Azure Machine Learning".into(),
        "mlp:pai" => "Alibaba PAI".into(),
        "mlp:tione" => "Tencent TI-ONE".into(),
        "mlp:" => Rt::AdvClaimPlatform.text(locale).into(),
        "dl:images" => Rt::AdvClaimImages.text(locale).into(),
        "icp:mainland" => "ICP".into(),
        other => other.into(),
    }
}

fn pick_html(r: &R, out: &mut String, p: &Pick) {
    let s = &p.strategy;
    let w = r.advice.weights;
    let _ = write!(
        out,
        "<li class=\"pick\" data-testid=\"advise-pick\" data-offer=\"{}\" data-model=\"{}\"><h4><span class=\"rank\">#{}</span> {} <span class=\"tag\">{}</span></h4>",
        esc(s.offer.as_str()),
        s.model.code(),
        p.rank,
        esc(&r.cx.offer(&s.offer)),
        esc(&r.strategy_label(s))
    );
    let _ = write!(
        out,
        "<p class=\"strategy\" data-testid=\"advise-strategy\">{}</p>",
        esc(&r.strategy_sentence(s))
    );
    let _ = write!(
        out,
        "<p class=\"figures\" data-testid=\"advise-figures\">{}</p>",
        esc(&fill(
            r.t(Rt::AdvFigures),
            &[
                &r.money(s.decision_cost),
                &r.money(p.monthly),
                &r.money(s.paid),
                &r.money(s.still_owed),
                &r.money(s.peak_month),
            ]
        ))
    );
    // score breakdown: the bar is the score, the caption the weight
    let _ = write!(
        out,
        "<table class=\"scores\" data-testid=\"advise-scores\"><caption>{}</caption><tbody>",
        esc(&fill(r.t(Rt::AdvTotal), &[&r.score(p.scores.total)]))
    );
    for (label, score, weight) in [
        (Rt::AdvScoreCost, p.scores.cost, w.cost),
        (Rt::AdvScorePerf, p.scores.perf, w.perf),
        (Rt::AdvScoreEco, p.scores.eco, w.eco),
        (Rt::AdvScoreRisk, p.scores.risk, w.risk),
    ] {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td><meter min=\"0\" max=\"100\" value=\"{}\" aria-hidden=\"true\"></meter></td><td class=\"num\">{}</td><td class=\"num weight\">{}</td></tr>",
            esc(r.t(label)),
            score.round_dp(1),
            r.score(score),
            esc(&fill(r.t(Rt::AdvWeightOf), &[&weight.to_string()]))
        );
    }
    out.push_str("</tbody></table><ul class=\"reasons\" data-testid=\"advise-reasons\">");
    if !p.same_elsewhere.is_empty() {
        let mut names: Vec<String> = p
            .same_elsewhere
            .iter()
            .take(3)
            .map(|o| r.cx.offer(o))
            .collect();
        if p.same_elsewhere.len() > 3 {
            names.push(fill(
                r.t(Rt::AdvMore),
                &[&(p.same_elsewhere.len() - 3).to_string()],
            ));
        }
        let _ = write!(
            out,
            "<li>{}</li>",
            esc(&fill(r.t(Rt::AdvSameElsewhere), &[&names.join("; ")]))
        );
    }
    for text in p.reasons.iter().map(|w| r.why(w)).filter(|t| !t.is_empty()) {
        let _ = write!(out, "<li>{}</li>", esc(&text));
    }
    let _ = write!(
        out,
        "</ul><p class=\"open\"><a href=\"{}\" data-testid=\"advise-open-plan\">{}</a> · <a href=\"{}\" data-testid=\"advise-open-compare\">{}</a></p></li>",
        esc(&r.href(Screen::Plan, &[&s.offer])),
        esc(r.t(Rt::AdvOpenPlan)),
        esc(&r.href(Screen::Compare, &[&s.offer])),
        esc(r.t(Rt::AdvOpenCompare))
    );
}

fn changes_html(r: &R, out: &mut String) {
    let a = r.advice;
    if a.changes.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section data-testid=\"advise-changes\"><h3>{}</h3><ul>",
        esc(r.t(Rt::AdvChangesTitle))
    );
    for c in &a.changes {
        let text = match c {
            Change::Budget { below, basis, then } => {
                let basis = match basis {
                    BudgetBasis::Monthly => r.t(Rt::AdvBasisMonth),
                    BudgetBasis::Total => r.t(Rt::AdvBasisTotal),
                };
                let mut s = fill(r.t(Rt::AdvChangeBudget), &[&r.money(*below), basis]);
                match then {
                    Some(o) => s.push_str(&fill(r.t(Rt::AdvThenLeads), &[&r.cx.offer(o)])),
                    None => s.push_str(r.t(Rt::AdvThenNone)),
                }
                s
            }
            Change::Drop {
                constraint,
                then,
                model,
                cost,
            } => fill(
                r.t(Rt::AdvChangeDrop),
                &[
                    r.t(drop_msg(*constraint)),
                    &r.cx.offer(then),
                    r.cx.model(*model),
                    &r.money(*cost),
                ],
            ),
            Change::CostOnly { then, model } => fill(
                r.t(Rt::AdvChangeCostOnly),
                &[&r.cx.offer(then), r.cx.model(*model)],
            ),
            Change::Horizon {
                months,
                then,
                model,
            } => fill(
                r.t(Rt::AdvChangeHorizon),
                &[&months.to_string(), &r.cx.offer(then), r.cx.model(*model)],
            ),
            Change::HorizonStable => r.t(Rt::AdvChangeHorizonStable).into(),
        };
        let _ = write!(out, "<li>{}</li>", esc(&text));
    }
    out.push_str("</ul></section>");
}

fn profile_html(r: &R, out: &mut String) {
    let Some(pc) = &r.advice.profile else { return };
    let (prov, _) = pc.profile.article_pick();
    let pick = format!(
        "{} {}",
        r.cx.t(crate::ui::labels::provider_msg(prov)),
        pc.family
    );
    let verdict = if pc.missing {
        fill(r.t(Rt::AdvProfMissing), &[&pick])
    } else if pc.agrees {
        fill(r.t(Rt::AdvProfAgrees), &[&pick])
    } else if let (Some(rank), Some(o), Some(top)) = (pc.rank, &pc.offer, r.advice.picks.first()) {
        let mut s = fill(
            r.t(Rt::AdvProfRanked),
            &[
                &pick,
                &rank.to_string(),
                &r.cx.offer(o),
                &r.num(pc.total.unwrap_or_default()),
                &r.num(top.scores.total),
            ],
        );
        if let Some(c) = pc.decision_cost {
            let top_cost = top.strategy.decision_cost;
            if top_cost > Decimal::ZERO && c > top_cost {
                s.push_str(&fill(
                    r.t(Rt::AdvProfDearer),
                    &[&r.num((c - top_cost) * Decimal::ONE_HUNDRED / top_cost)],
                ));
            }
        }
        if let Some(b) = pc.behind {
            let part = match b.part {
                ScorePart::Cost => Rt::AdvScoreCost,
                ScorePart::Perf => Rt::AdvScorePerf,
                ScorePart::Eco => Rt::AdvScoreEco,
                ScorePart::Risk => Rt::AdvScoreRisk,
            };
            s.push_str(&fill(
                r.t(Rt::AdvProfBehind),
                &[r.t(part), &r.score(b.pick), &r.score(b.top)],
            ));
        } else {
            s.push_str(r.t(Rt::AdvStop));
        }
        s
    } else {
        fill(
            r.t(Rt::AdvProfExcluded),
            &[
                &pick,
                r.t(exclusion_msg(pc.excluded.unwrap_or(Exclusion::Filters))),
            ],
        )
    };
    let _ = write!(
        out,
        "<section class=\"profile\" data-testid=\"advise-profile\" data-agrees=\"{}\"><h3>{}</h3><p>{}</p></section>",
        pc.agrees,
        esc(&fill(r.t(Rt::AdvProfTitle), &[r.t(profile_msg(pc.profile))])),
        esc(&verdict)
    );
}

fn ranked_html(r: &R, out: &mut String) {
    let a = r.advice;
    if a.ranked.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section data-testid=\"advise-ranked\"><h3>{}</h3><div class=\"table-wrap\"><table><thead><tr><th scope=\"col\">#</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th><th scope=\"col\" class=\"num\">{}</th></tr></thead><tbody>",
        esc(&fill(r.t(Rt::AdvRankedTitle), &[&a.feasible.to_string(), &a.considered.to_string()])),
        esc(r.t(Rt::AdvColOffer)),
        esc(r.t(Rt::AdvColStrategy)),
        esc(r.t(Rt::AdvColCost)),
        esc(r.t(Rt::AdvScoreCost)),
        esc(r.t(Rt::AdvScorePerf)),
        esc(r.t(Rt::AdvScoreEco)),
        esc(r.t(Rt::AdvScoreRisk)),
        esc(r.t(Rt::AdvColTotal)),
    );
    for p in &a.ranked {
        let _ = write!(
            out,
            "<tr data-offer=\"{}\"><td>{}</td><th scope=\"row\">{}</th><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\"><strong>{}</strong></td></tr>",
            esc(p.strategy.offer.as_str()),
            p.rank,
            esc(&r.cx.offer(&p.strategy.offer)),
            esc(&r.strategy_label(&p.strategy)),
            r.money(p.strategy.decision_cost),
            r.score(p.scores.cost),
            r.score(p.scores.perf),
            r.score(p.scores.eco),
            r.score(p.scores.risk),
            r.score(p.scores.total),
        );
    }
    out.push_str("</tbody></table></div></section>");
}

fn excluded_html(r: &R, out: &mut String) {
    let a = r.advice;
    if a.excluded.is_empty() {
        return;
    }
    let n: usize = a.excluded.iter().map(|g| g.count).sum();
    let _ = write!(
        out,
        "<section data-testid=\"advise-excluded\"><h3>{}</h3><ul>",
        esc(&fill(
            r.t(Rt::AdvExcludedTitle),
            &[&n.to_string(), &a.considered.to_string()]
        ))
    );
    for g in &a.excluded {
        let mut text = r.t(exclusion_msg(g.reason)).to_string();
        if let Some(o) = g.over_by {
            text = fill(r.t(Rt::AdvExOverBy), &[&r.money(o)]);
        }
        if let Some(m) = g.best_memory_gb {
            text.push_str(&fill(r.t(Rt::AdvExBestMemory), &[&m.to_string()]));
        }
        let examples: Vec<String> = g.examples.iter().map(|o| r.cx.offer(o)).collect();
        let _ = write!(
            out,
            "<li data-reason=\"{}\"><strong>{}</strong> — {} <span class=\"hint\">{}</span></li>",
            g.reason.code(),
            esc(&text),
            esc(&fill(r.t(Rt::AdvExCount), &[&g.count.to_string()])),
            esc(&examples.join("; "))
        );
    }
    out.push_str("</ul></section>");
}

fn relax_html(r: &R, out: &mut String) {
    let a = r.advice;
    if !a.picks.is_empty() {
        return;
    }
    let _ = write!(
        out,
        "<section class=\"relax\" data-testid=\"advise-relax\" role=\"status\"><h3>{}</h3><p>{}</p><ul>",
        esc(r.t(Rt::AdvNoneTitle)),
        esc(&fill(r.t(Rt::AdvNoneText), &[&a.considered.to_string()]))
    );
    if a.relaxations.is_empty() {
        let _ = write!(out, "<li>{}</li>", esc(r.t(Rt::AdvNoRelaxation)));
    }
    for x in &a.relaxations {
        let what: Vec<&str> = x.drop.iter().map(|e| r.t(drop_msg(*e))).collect();
        let mut text = fill(
            r.t(Rt::AdvRelax),
            &[
                &what.join(" + "),
                &x.admits.to_string(),
                &r.cx.offer(&x.top),
                r.cx.model(x.model),
                &r.money(x.decision_cost),
            ],
        );
        if let Some(b) = x.budget_needed {
            text.push_str(&fill(r.t(Rt::AdvRelaxBudget), &[&r.money(b)]));
        }
        if let Some(m) = x.memory_gb {
            text.push_str(&fill(r.t(Rt::AdvRelaxMemory), &[&m.to_string()]));
        }
        let _ = write!(
            out,
            "<li data-testid=\"advise-relaxation\" data-drop=\"{}\">{}</li>",
            x.drop
                .iter()
                .map(|e| e.code())
                .collect::<Vec<_>>()
                .join(","),
            esc(&text)
        );
    }
    out.push_str("</ul></section>");
}

fn notes_html(r: &R, out: &mut String) {
    let a = r.advice;
    let _ = write!(
        out,
        "<section data-testid=\"advise-notes\"><h3>{}</h3><ul>",
        esc(r.t(Rt::AdvNotesTitle))
    );
    let w = a.weights;
    let _ = write!(
        out,
        "<li>{}</li>",
        esc(&fill(
            r.t(Rt::AdvNoteWeights),
            &[
                &w.cost.to_string(),
                &w.perf.to_string(),
                &w.eco.to_string(),
                &w.risk.to_string(),
                &a.months.to_string(),
                &r.num(a.hours_per_month),
            ]
        ))
    );
    for n in &a.notes {
        let text = match n {
            Note::WeightsFallback => r.t(Rt::AdvNoteWeightsFallback).to_string(),
            Note::Spot {
                monthly_pct,
                overhead_pct,
            } => fill(
                r.t(Rt::AdvNoteSpot),
                &[
                    &r.num(*monthly_pct),
                    &format::plain(*overhead_pct, r.cx.locale),
                ],
            ),
            Note::Burst { share_pct } => fill(r.t(Rt::AdvNoteBurst), &[&r.num(*share_pct)]),
            Note::ThroughputBasis => {
                format!("{} {}", r.t(Rt::AdvNoteThroughput), r.t(Rt::AdvNoteScores))
            }
            Note::BudgetBasis { basis, amount } => fill(
                r.t(match basis {
                    BudgetBasis::Monthly => Rt::AdvNoteBudgetMonthly,
                    BudgetBasis::Total => Rt::AdvNoteBudgetTotal,
                }),
                &[&r.money(*amount)],
            ),
            Note::ModelsLimited { count } => fill(r.t(Rt::AdvNoteModels), &[&count.to_string()]),
            Note::Job { months } => fill(r.t(Rt::AdvNoteJob), &[&months.to_string()]),
            Note::NoJob => r.t(Rt::AdvNoteNoJob).to_string(),
            // issue 25's new notes: worded by the UI (not shown until then)
            Note::StalePrices { .. } | Note::Warning { .. } => continue,
        };
        let warn = matches!(n, Note::WeightsFallback);
        let _ = write!(
            out,
            "<li{}>{}</li>",
            if warn {
                " class=\"warn\" data-testid=\"advise-weights-fallback\""
            } else {
                ""
            },
            esc(&text)
        );
    }
    out.push_str("</ul></section>");
}

/// The recommendation for an app link, as markup.
pub fn advise_html(catalog: &Catalog, query: &str, locale: Locale) -> String {
    let (l, _) = link::parse(query, catalog);
    let advice = match advise(catalog, &l.scenario, &l.advise) {
        Ok(a) => a,
        Err(e) => {
            return format!(
                "<p class=\"field-error\" data-testid=\"advise-error\" role=\"alert\">{}</p>",
                esc(&fill(Rt::AdvFailed.text(locale), &[e.code()]))
            )
        }
    };
    let r = R {
        cx: Ctx {
            catalog,
            locale,
            currency: l.scenario.currency,
        },
        l: &l,
        advice: &advice,
    };
    let mut out = String::with_capacity(16000);
    let _ = write!(
        out,
        "<div class=\"advise-out\" data-testid=\"advise-out\" data-feasible=\"{}\">",
        advice.feasible
    );
    if !advice.picks.is_empty() {
        let _ = write!(
            out,
            "<section data-testid=\"advise-picks\"><h3>{}</h3><ol class=\"picks\">",
            esc(&fill(r.t(Rt::AdvPicksTitle), &[&advice.months.to_string()]))
        );
        for p in &advice.picks {
            pick_html(&r, &mut out, p);
        }
        out.push_str("</ol></section>");
    }
    relax_html(&r, &mut out);
    profile_html(&r, &mut out);
    changes_html(&r, &mut out);
    ranked_html(&r, &mut out);
    excluded_html(&r, &mut out);
    notes_html(&r, &mut out);
    out.push_str("</div>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;

    #[test]
    fn form_shows_the_links_values_and_every_step() {
        let c = test_catalog();
        let f = form_html(
            c,
            "v=2&screen=advise&gpus=8&vpg=80&req=nvlink,sla&res=cn&wc=70",
            Locale::En,
        );
        for id in [
            "advise-step1",
            "advise-step2",
            "advise-step3",
            "adv-preset-domestic",
        ] {
            assert!(f.contains(id), "{id}");
        }
        assert!(f.contains("name=\"vpg\" data-testid=\"adv-vpg\" inputmode=\"decimal\" autocomplete=\"off\" value=\"80\""));
        assert!(f.contains("value=\"nvlink\" data-testid=\"adv-req-nvlink\" checked"));
        assert!(!f.contains("value=\"rdma\" data-testid=\"adv-req-rdma\" checked"));
        assert!(f.contains("<option value=\"cn\" selected>"));
        let zh = form_html(c, "v=2&screen=advise", Locale::ZhCn);
        assert!(zh.contains("场景"));
    }

    #[test]
    fn results_name_picks_reasons_and_exclusions_escaped() {
        let c = test_catalog();
        let h = advise_html(
            c,
            "v=2&screen=advise&gpus=8&vpg=80&req=nvlink&res=intl",
            Locale::En,
        );
        assert!(h.matches("data-testid=\"advise-pick\"").count() == 3, "{h}");
        assert!(h.contains("data-testid=\"advise-excluded\""));
        assert!(h.contains("data-reason=\"residency\"") || h.contains("data-reason=\"memory\""));
        assert!(h.contains("screen=plan"));
        assert!(!h.contains("<script"));
        let none = advise_html(c, "v=2&screen=advise&vpg=500&res=cn", Locale::ZhCn);
        assert!(none.contains("data-testid=\"advise-relax\""), "{none}");
    }
}
