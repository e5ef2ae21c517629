//! The recommendation's sentences: each a translated message filled with
//! the advice's figures and the offers' names (plain text; the templates in
//! `advice` escape it), and the links that open a pick on another screen.
use rust_decimal::Decimal;

use crate::domain::advise::{
    Advice, BudgetBasis, Change, Exclusion, ExclusionGroup, Note, Pick, ProfileCheck, Relaxation,
    ScorePart, SpotRateBasis, Strategy, Why,
};
use crate::domain::catalog::{AcceleratorKind, OfferId, SlaScope, Stack};
use crate::domain::scenario::{BillingModel, ScenarioWarning};
use crate::ui::format;
use crate::ui::i18n::{fill, Locale, WorkerMsg};
use crate::ui::labels::{gpu_link_msg, rdma_msg, usage_kind_msg};
use crate::ui::link::{self, AppLink, Screen};
use crate::ui::pages::ctx::Ctx;

/// What the recommendation's templates read: the render context, the link
/// (for the mix share and the links to other screens) and the advice.
pub(super) struct R<'a> {
    pub cx: Ctx<'a>,
    pub l: &'a AppLink,
    pub advice: &'a Advice,
}

impl R<'_> {
    /// A message in the render's language.
    pub(super) fn t(&self, m: WorkerMsg) -> &'static str {
        m.text(self.cx.locale)
    }
    /// A percentage as sourced (SLA figures have up to three decimals).
    pub(super) fn num2(&self, d: Decimal) -> String {
        format::plain(d, self.cx.locale)
    }
    /// A figure, to one decimal at most.
    pub(super) fn num(&self, d: Decimal) -> String {
        format::plain(d.round_dp(1), self.cx.locale)
    }
    /// An amount in the display currency.
    pub(super) fn money(&self, d: Decimal) -> String {
        self.cx.money(d)
    }
    /// A score, always with one decimal.
    pub(super) fn score(&self, d: Decimal) -> String {
        format::number(d, 1, self.cx.locale)
    }
    /// A score that may be unknown (said, never written as 0).
    pub(super) fn score_or_unknown(&self, d: Option<Decimal>) -> String {
        d.map_or_else(
            || self.t(WorkerMsg::AdvScoreUnknown).into(),
            |d| self.score(d),
        )
    }
    /// The label of a strategy: model, and the baseline of a mix.
    pub(super) fn strategy_label(&self, s: &Strategy) -> String {
        match s.mix_baseline {
            Some(b) => fill(
                self.t(WorkerMsg::AdvMixCommitted),
                &[self.cx.model(b), self.cx.model(BillingModel::Spot)],
            ),
            None => self.cx.model(s.model).to_string(),
        }
    }
    /// The strategy in a sentence, priced.
    pub(super) fn strategy_sentence(&self, s: &Strategy) -> String {
        let a = self.advice;
        if let Some(h) = s.job_hours {
            return fill(
                self.t(WorkerMsg::AdvStratJob),
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
        // the offer's own rate where its price has one, else the scenario's
        let spot_pct = match s.own_spot_rate {
            Some((p, _)) => self.num(p),
            None => a
                .notes
                .iter()
                .find_map(|n| match n {
                    Note::Spot { monthly_pct, .. } => Some(self.num(*monthly_pct)),
                    _ => None,
                })
                .unwrap_or_default(),
        };
        match (s.model, s.mix_baseline) {
            (BillingModel::OnDemand, _) => fill(
                self.t(WorkerMsg::AdvStratOd),
                &[&n, &g, &self.num(a.hours_per_month)],
            ),
            (BillingModel::Spot, _) => fill(self.t(WorkerMsg::AdvStratSpot), &[&n, &g, &spot_pct]),
            (BillingModel::Mix, Some(b)) => fill(
                self.t(WorkerMsg::AdvStratMixCommit),
                &[
                    self.cx.model(b),
                    &self.num(Decimal::ONE_HUNDRED - self.l.scenario.mix_spot_share_pct),
                    &n,
                    &share,
                    &spot_pct,
                ],
            ),
            (BillingModel::Mix, None) => fill(
                self.t(WorkerMsg::AdvStratMixOd),
                &[&n, &g, &share, &spot_pct],
            ),
            (m, _) => {
                let mut t = fill(
                    self.t(WorkerMsg::AdvStratCommit),
                    &[self.cx.model(m), &n, &g],
                );
                if s.upfront > Decimal::ZERO {
                    t.push_str(&fill(
                        self.t(WorkerMsg::AdvStratUpfront),
                        &[&self.money(s.upfront)],
                    ));
                }
                let months = a.months.to_string();
                if s.still_owed > Decimal::ZERO {
                    t.push_str(&fill(
                        self.t(WorkerMsg::AdvStratOwed),
                        &[&self.money(s.still_owed), &months],
                    ));
                } else {
                    t.push_str(&fill(self.t(WorkerMsg::AdvStratNothingOwed), &[&months]));
                }
                t
            }
        }
    }
    /// A reason for a pick, with its figures.
    pub(super) fn why(&self, w: &Why) -> String {
        let t = |m| self.t(m);
        match w {
            Why::Cheapest => t(WorkerMsg::AdvWhyCheapest).into(),
            Why::VsNext {
                pct_cheaper,
                other,
                other_cost,
            } => {
                let months = self.advice.months.to_string();
                if pct_cheaper.is_zero() {
                    fill(t(WorkerMsg::AdvWhySame), &[&self.cx.offer(other), &months])
                } else if *pct_cheaper > Decimal::ZERO {
                    fill(
                        t(WorkerMsg::AdvWhyCheaper),
                        &[
                            &self.num(*pct_cheaper),
                            &self.cx.offer(other),
                            &months,
                            &self.money(*other_cost),
                        ],
                    )
                } else {
                    fill(
                        t(WorkerMsg::AdvWhyDearer),
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
                let mut s = fill(t(WorkerMsg::AdvWhyMemory), &[&per_gpu_gb.to_string()]);
                if let Some(n) = need_gb {
                    s.push_str(&fill(t(WorkerMsg::AdvWhyMemoryNeed), &[&n.to_string()]));
                }
                if let Some(tot) = total_gb {
                    s.push_str(&fill(t(WorkerMsg::AdvWhyMemoryTotal), &[&tot.to_string()]));
                }
                s
            }
            Why::Throughput {
                tflops,
                pct_of_best,
            } => fill(
                t(WorkerMsg::AdvWhyTflops),
                &[&self.num(*tflops), &self.num(*pct_of_best)],
            ),
            Why::ThroughputUnknown => t(WorkerMsg::AdvWhyTflopsUnknown).into(),
            Why::JobHours {
                hours,
                pct_of_fastest,
                measured,
            } => fill(
                t(if *measured {
                    WorkerMsg::AdvWhyJobMeasured
                } else {
                    WorkerMsg::AdvWhyJobEstimate
                }),
                &[&self.num(*hours), &self.num(*pct_of_fastest)],
            ),
            Why::Interconnect { text } => fill(t(WorkerMsg::AdvWhyInterconnect), &[text]),
            Why::Accelerator { kind, stack, .. } => {
                let stack = stack
                    .map(|s| fill(t(WorkerMsg::AdvWhyAccelStack), &[stack_name(s)]))
                    .unwrap_or_default();
                fill(
                    t(WorkerMsg::AdvWhyAccelerator),
                    &[accel_name(*kind), &stack],
                )
            }
            Why::Network {
                gbps,
                rdma,
                fabric_gbps,
                gpu_link,
                as_of,
                ..
            } => {
                let loc = self.cx.locale;
                let mut r = rdma_msg(*rdma).text(loc).to_string();
                if let Some(f) = fabric_gbps {
                    r.push_str(", ");
                    r.push_str(&fill(t(WorkerMsg::AdvWhyFabric), &[&self.num(*f)]));
                }
                let link = gpu_link_msg(*gpu_link).text(loc);
                fill(
                    t(WorkerMsg::AdvWhyNetwork),
                    &[&self.num(*gbps), &r, link, as_of],
                )
            }
            Why::Sla {
                scope,
                pct,
                need_pct,
                source,
                as_of,
                secondary,
            } => {
                let title = self.cx.catalog.source_title(source);
                let mut basis = title.to_string();
                if *secondary {
                    basis = format!("{basis}, {}", t(WorkerMsg::AdvWhySlaSecondary));
                }
                let date = as_of.as_deref().unwrap_or(t(WorkerMsg::AdvWhySlaUndated));
                let scope = t(match scope {
                    SlaScope::SingleInstance => WorkerMsg::AdvScopeSingle,
                    SlaScope::AvailabilitySet => WorkerMsg::AdvScopeSet,
                    SlaScope::MultiZone => WorkerMsg::AdvScopeZones,
                });
                fill(
                    t(WorkerMsg::AdvWhySlaMet),
                    &[&self.num2(*pct), scope, &self.num2(*need_pct), &basis, date],
                )
            }
            Why::CheaperCommitment {
                model,
                decision_cost,
                pct_cheaper,
                committed,
            } => fill(
                t(WorkerMsg::AdvWhyCheaperCommitment),
                &[
                    self.cx.model(*model),
                    &self.money(*decision_cost),
                    &self.num(*pct_cheaper),
                    &self.money(*committed),
                ],
            ),
            Why::LockIn {
                committed,
                pct_of_cost,
            } => fill(
                t(WorkerMsg::AdvWhyLockIn),
                &[&self.money(*committed), &self.num(*pct_of_cost)],
            ),
            Why::CashTimingUnknown { peak_min, peak_max } => fill(
                t(WorkerMsg::AdvWhyCashUnknown),
                &[&self.money(*peak_min), &self.money(*peak_max)],
            ),
            Why::StalePrices {
                oldest_as_of,
                age_days,
            } => fill(
                t(WorkerMsg::AdvWhyStale),
                &[oldest_as_of, &age_days.to_string()],
            ),
            Why::Bounded {
                kinds,
                priced,
                bound,
            } => {
                let names: Vec<&str> = kinds
                    .iter()
                    .map(|k| usage_kind_msg(*k).text(self.cx.locale))
                    .collect();
                let sep = if self.cx.locale == Locale::ZhCn {
                    "、"
                } else {
                    ", "
                };
                let names = names.join(sep);
                match bound {
                    Some(b) => fill(
                        t(WorkerMsg::AdvWhyBounded),
                        &[
                            &self.money(*priced),
                            &self.money(priced.saturating_add(*b)),
                            &names,
                            &self.money(*b),
                        ],
                    ),
                    None => fill(t(WorkerMsg::AdvWhyUnbounded), &[&names]),
                }
            }
            Why::Stated {
                claim,
                source,
                as_of,
            } => {
                let title = self.cx.catalog.source_title(source);
                fill(
                    t(WorkerMsg::AdvWhyStated),
                    &[&claim_name(claim, self.cx.locale), title, as_of],
                )
            }
            Why::NotStated { claim } => fill(
                t(WorkerMsg::AdvWhyNotStated),
                &[&claim_name(claim, self.cx.locale)],
            ),
            Why::StillOwed { amount } => fill(t(WorkerMsg::AdvWhyOwed), &[&self.money(*amount)]),
            Why::SpotExposure {
                monthly_pct,
                share_pct,
                basis,
            } => fill(
                t(match basis {
                    SpotRateBasis::Assumed => WorkerMsg::AdvWhySpot,
                    SpotRateBasis::Yours => WorkerMsg::AdvWhySpotYours,
                    SpotRateBasis::Band => WorkerMsg::AdvWhySpotBand,
                    SpotRateBasis::Published => WorkerMsg::AdvWhySpotPublished,
                }),
                &[&self.num(*share_pct), &self.num(*monthly_pct)],
            ),
            Why::IndicativePrice => t(WorkerMsg::AdvWhyIndicative).into(),
            Why::AssumedRate => t(WorkerMsg::AdvWhyAssumed).into(),
            Why::MonthlyFromUpfront { source } => {
                fill(t(WorkerMsg::AdvWhyMonthlyFromUpfront), &[source])
            }
            // the documents' titles; their addresses are in the CLI's JSON
            // and docs/PRICING.md (a phone wrapped the address over lines)
            Why::Negotiated { source } => fill(
                t(WorkerMsg::AdvWhyNegotiated),
                &[source.split(" (").next().unwrap_or(source)],
            ),
            Why::Incomplete => t(WorkerMsg::AdvWhyIncomplete).into(),
            Why::RdmaUnverified => t(WorkerMsg::AdvWhyRdma).into(),
            Why::SlaNotInCatalog => t(WorkerMsg::AdvWhySla).into(),
            Why::ChinaAccount { source, as_of } => {
                let basis = match (source, as_of) {
                    (Some(s), Some(d)) => format!("{}, {d}", self.cx.catalog.source_title(s)),
                    _ => t(WorkerMsg::PvNotFound).to_string(),
                };
                fill(t(WorkerMsg::AdvWhyChinaAccount), &[&basis])
            }
        }
    }
    /// The link that opens these offers, alone, on another screen (the
    /// scenario kept).
    pub(super) fn href(&self, screen: Screen, offers: &[&OfferId]) -> String {
        let mut to = self.l.clone();
        to.compare.selected.clear();
        for o in offers {
            to.compare.select(o, true);
        }
        link::href_for(&to, screen)
    }

    /// The offers that cost the same elsewhere (up to three named).
    pub(super) fn same_elsewhere(&self, p: &Pick) -> Option<String> {
        if p.same_elsewhere.is_empty() {
            return None;
        }
        let mut names: Vec<String> = p
            .same_elsewhere
            .iter()
            .take(3)
            .map(|o| self.cx.offer(o))
            .collect();
        if p.same_elsewhere.len() > 3 {
            names.push(fill(
                self.t(WorkerMsg::AdvMore),
                &[&(p.same_elsewhere.len() - 3).to_string()],
            ));
        }
        Some(fill(
            self.t(WorkerMsg::AdvSameElsewhere),
            &[&names.join("; ")],
        ))
    }

    /// What would change the answer.
    pub(super) fn change(&self, c: &Change) -> String {
        match c {
            Change::Budget { below, basis, then } => {
                let basis = match basis {
                    BudgetBasis::Monthly => self.t(WorkerMsg::AdvBasisMonth),
                    BudgetBasis::Total => self.t(WorkerMsg::AdvBasisTotal),
                };
                let mut s = fill(
                    self.t(WorkerMsg::AdvChangeBudget),
                    &[&self.money(*below), basis],
                );
                match then {
                    Some(o) => {
                        s.push_str(&fill(self.t(WorkerMsg::AdvThenLeads), &[&self.cx.offer(o)]))
                    }
                    None => s.push_str(self.t(WorkerMsg::AdvThenNone)),
                }
                s
            }
            Change::Drop {
                constraint,
                then,
                model,
                cost,
            } => fill(
                self.t(WorkerMsg::AdvChangeDrop),
                &[
                    self.t(drop_msg(*constraint)),
                    &self.cx.offer(then),
                    self.cx.model(*model),
                    &self.money(*cost),
                ],
            ),
            Change::CostOnly { then, model } => fill(
                self.t(WorkerMsg::AdvChangeCostOnly),
                &[&self.cx.offer(then), self.cx.model(*model)],
            ),
            Change::Horizon {
                months,
                then,
                model,
            } => fill(
                self.t(WorkerMsg::AdvChangeHorizon),
                &[
                    &months.to_string(),
                    &self.cx.offer(then),
                    self.cx.model(*model),
                ],
            ),
            Change::HorizonStable => self.t(WorkerMsg::AdvChangeHorizonStable).into(),
        }
    }

    /// The articles' pick against the data's.
    pub(super) fn verdict(&self, pc: &ProfileCheck) -> String {
        let (prov, _) = pc.profile.article_pick();
        let pick = format!(
            "{} {}",
            self.cx.t(crate::ui::labels::provider_msg(prov)),
            pc.family
        );
        if pc.missing {
            fill(self.t(WorkerMsg::AdvProfMissing), &[&pick])
        } else if pc.agrees {
            fill(self.t(WorkerMsg::AdvProfAgrees), &[&pick])
        } else if let (Some(rank), Some(o), Some(top)) =
            (pc.rank, &pc.offer, self.advice.picks.first())
        {
            let mut s = fill(
                self.t(WorkerMsg::AdvProfRanked),
                &[
                    &pick,
                    &rank.to_string(),
                    &self.cx.offer(o),
                    &self.score_or_unknown(pc.total),
                    &self.score_or_unknown(top.scores.total),
                ],
            );
            if let Some(c) = pc.decision_cost {
                let top_cost = top.strategy.decision_cost;
                if top_cost > Decimal::ZERO && c > top_cost {
                    s.push_str(&fill(
                        self.t(WorkerMsg::AdvProfDearer),
                        &[&self.num((c - top_cost) * Decimal::ONE_HUNDRED / top_cost)],
                    ));
                }
            }
            if let Some(b) = pc.behind {
                let part = match b.part {
                    ScorePart::Cost => WorkerMsg::AdvScoreCost,
                    ScorePart::Perf => WorkerMsg::AdvScorePerf,
                    ScorePart::Eco => WorkerMsg::AdvScoreEco,
                    ScorePart::Risk => WorkerMsg::AdvScoreRisk,
                };
                s.push_str(&fill(
                    self.t(WorkerMsg::AdvProfBehind),
                    &[self.t(part), &self.score(b.pick), &self.score(b.top)],
                ));
            } else {
                s.push_str(self.t(WorkerMsg::AdvStop));
            }
            s
        } else {
            fill(
                self.t(WorkerMsg::AdvProfExcluded),
                &[
                    &pick,
                    self.t(exclusion_msg(pc.excluded.unwrap_or(Exclusion::Filters))),
                ],
            )
        }
    }

    /// An exclusion group's reason, with its figure.
    pub(super) fn exclusion(&self, g: &ExclusionGroup) -> String {
        let mut text = self.t(exclusion_msg(g.reason)).to_string();
        if let Some(o) = g.over_by {
            text = fill(self.t(WorkerMsg::AdvExOverBy), &[&self.money(o)]);
        }
        if let Some(m) = g.best_memory_gb {
            text.push_str(&fill(self.t(WorkerMsg::AdvExBestMemory), &[&m.to_string()]));
        }
        text
    }

    /// A relaxation: what to drop and what it admits.
    pub(super) fn relaxation(&self, x: &Relaxation) -> String {
        let what: Vec<&str> = x.drop.iter().map(|e| self.t(drop_msg(*e))).collect();
        let mut text = fill(
            self.t(WorkerMsg::AdvRelax),
            &[
                &what.join(" + "),
                &x.admits.to_string(),
                &self.cx.offer(&x.top),
                self.cx.model(x.model),
                &self.money(x.decision_cost),
            ],
        );
        if let Some(b) = x.budget_needed {
            text.push_str(&fill(self.t(WorkerMsg::AdvRelaxBudget), &[&self.money(b)]));
        }
        if let Some(m) = x.memory_gb {
            text.push_str(&fill(self.t(WorkerMsg::AdvRelaxMemory), &[&m.to_string()]));
        }
        text
    }

    /// The assumption the weights and horizon make.
    pub(super) fn weights_note(&self) -> String {
        let a = self.advice;
        let w = a.weights;
        fill(
            self.t(WorkerMsg::AdvNoteWeights),
            &[
                &w.cost.to_string(),
                &w.perf.to_string(),
                &w.eco.to_string(),
                &w.risk.to_string(),
                &a.months.to_string(),
                &self.num(a.hours_per_month),
            ],
        )
    }

    /// An assumption or caveat of the whole advice.
    pub(super) fn note(&self, n: &Note) -> String {
        match n {
            Note::WeightsFallback => self.t(WorkerMsg::AdvNoteWeightsFallback).to_string(),
            Note::Spot {
                monthly_pct,
                overhead_pct,
                assumed,
            } => fill(
                self.t(if *assumed {
                    WorkerMsg::AdvNoteSpotAssumed
                } else {
                    WorkerMsg::AdvNoteSpot
                }),
                &[
                    &self.num(*monthly_pct),
                    &format::plain(*overhead_pct, self.cx.locale),
                ],
            ),
            Note::Burst { share_pct } => {
                fill(self.t(WorkerMsg::AdvNoteBurst), &[&self.num(*share_pct)])
            }
            Note::ThroughputBasis => {
                format!(
                    "{} {}",
                    self.t(WorkerMsg::AdvNoteThroughput),
                    self.t(WorkerMsg::AdvNoteScores)
                )
            }
            Note::BudgetBasis { basis, amount } => fill(
                self.t(match basis {
                    BudgetBasis::Monthly => WorkerMsg::AdvNoteBudgetMonthly,
                    BudgetBasis::Total => WorkerMsg::AdvNoteBudgetTotal,
                }),
                &[&self.money(*amount)],
            ),
            Note::ModelsLimited { count } => {
                fill(self.t(WorkerMsg::AdvNoteModels), &[&count.to_string()])
            }
            Note::Job { months } => fill(self.t(WorkerMsg::AdvNoteJob), &[&months.to_string()]),
            Note::NoJob => self.t(WorkerMsg::AdvNoteNoJob).to_string(),
            Note::StalePrices {
                picks,
                oldest_as_of,
                age_days,
            } => fill(
                self.t(WorkerMsg::AdvNoteStale),
                &[&picks.to_string(), oldest_as_of, &age_days.to_string()],
            ),
            Note::Warning { warning } => self
                .t(match warning {
                    ScenarioWarning::StudentPriceZero => WorkerMsg::AdvNoteStudentZero,
                    ScenarioWarning::AssumedDiscountFull => WorkerMsg::AdvNoteDiscountFull,
                    ScenarioWarning::FirstMonthFree => WorkerMsg::AdvNoteFirstMonthFree,
                })
                .to_string(),
        }
    }
}

/// An accelerator that is not a GPU, as its maker names it.
fn accel_name(k: AcceleratorKind) -> &'static str {
    match k {
        AcceleratorKind::Gpu => "GPU",
        AcceleratorKind::Inferentia => "AWS Inferentia",
        AcceleratorKind::Trainium => "AWS Trainium",
    }
}

fn stack_name(s: Stack) -> &'static str {
    match s {
        Stack::Cuda => "CUDA",
        Stack::Rocm => "ROCm",
        Stack::Neuron => "AWS Neuron SDK",
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
        "mlp:" => WorkerMsg::AdvClaimPlatform.text(locale).into(),
        "dl:images" => WorkerMsg::AdvClaimImages.text(locale).into(),
        "icp:mainland" => "ICP".into(),
        other => other.into(),
    }
}

fn exclusion_msg(e: Exclusion) -> WorkerMsg {
    match e {
        Exclusion::Filters => WorkerMsg::AdvExFilters,
        Exclusion::Residency => WorkerMsg::AdvExResidency,
        Exclusion::Icp => WorkerMsg::AdvExIcp,
        Exclusion::Platform => WorkerMsg::AdvExPlatform,
        Exclusion::Memory => WorkerMsg::AdvExMemory,
        Exclusion::NvLink => WorkerMsg::AdvExNvlink,
        Exclusion::NoPrice => WorkerMsg::AdvExNoPrice,
        Exclusion::NoThroughput => WorkerMsg::AdvExNoThroughput,
        Exclusion::Placement => WorkerMsg::AdvExPlacement,
        Exclusion::Risk => WorkerMsg::AdvExRisk,
        Exclusion::Budget => WorkerMsg::AdvExBudget,
        Exclusion::Accelerator => WorkerMsg::AdvExAccelerator,
        Exclusion::Rdma => WorkerMsg::AdvExRdma,
        Exclusion::Sla => WorkerMsg::AdvExSla,
        Exclusion::CashTiming => WorkerMsg::AdvExCashTiming,
    }
}

fn drop_msg(e: Exclusion) -> WorkerMsg {
    match e {
        Exclusion::Residency => WorkerMsg::AdvDropResidency,
        Exclusion::Icp => WorkerMsg::AdvDropIcp,
        Exclusion::Platform => WorkerMsg::AdvDropPlatform,
        Exclusion::Memory => WorkerMsg::AdvDropMemory,
        Exclusion::NvLink => WorkerMsg::AdvDropNvlink,
        Exclusion::Risk => WorkerMsg::AdvDropRisk,
        Exclusion::Budget => WorkerMsg::AdvDropBudget,
        Exclusion::Rdma => WorkerMsg::AdvDropRdma,
        Exclusion::Sla => WorkerMsg::AdvDropSla,
        Exclusion::Filters
        | Exclusion::NoPrice
        | Exclusion::NoThroughput
        | Exclusion::Placement
        | Exclusion::Accelerator
        | Exclusion::CashTiming => WorkerMsg::AdvExFilters,
    }
}
