//! The job to cost (cost per job, `crate::domain::job`): part of the
//! scenario, so it lives here and `job` computes with it. Its kinds, its
//! inputs with their defaults, and their checks; the figures the defaults
//! come from are in `workload_figures`.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::checks::check_positive;
use super::workload_figures::{
    dec, BERT_EPOCHS, DEFAULT_BERT_LARGE_EFFICIENCY_PCT, DEFAULT_LLM_PARAMS_B,
    DEFAULT_LLM_SERVE_EFFICIENCY_PCT, DEFAULT_LLM_TOKENS_B, DEFAULT_LLM_TRAIN_MFU_PCT,
    DEFAULT_RESNET50_EFFICIENCY_PCT, DEFAULT_SCALING_PCT, DEFAULT_SERVE_HOURS,
    DEFAULT_SERVE_TOKENS_PER_S, IMAGENET_TRAIN_IMAGES, MAX_JOB_EPOCHS, MAX_JOB_PARAMS_B,
    MAX_JOB_SAMPLES, MAX_JOB_TOKENS_B, MAX_SERVE_HOURS, MAX_SERVE_TOKENS_PER_S, RESNET50_EPOCHS,
    SQUAD11_TRAIN_EXAMPLES,
};
use super::ScenarioError;
use crate::domain::codes::code_enum;

code_enum! {
    /// What the job is; the code is the link's `jk` value.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum JobKind {
        /// ResNet-50 training on ImageNet-1k.
        Resnet50 = "resnet50",
        /// BERT-large fine-tuning on SQuAD v1.1.
        BertLarge = "bert_large",
        /// LLM pre-training or fine-tuning: 6·N·T FLOPs.
        LlmTrain = "llm_train",
        /// LLM inference: a token rate served for some hours.
        LlmServe = "llm_serve",
    }
}

/// The job. `None` fields take the kind's default (the `default_*`
/// functions), so a link can give them in any order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JobSpec {
    pub kind: JobKind,
    /// Epochs (ResNet-50, BERT-large); fractions allowed.
    pub epochs: Option<Decimal>,
    /// Samples per epoch (ResNet-50, BERT-large).
    pub samples: Option<Decimal>,
    /// Model size N, billions of parameters (LLM kinds).
    pub params_b: Option<Decimal>,
    /// Training tokens T, billions (LLM training).
    pub tokens_b: Option<Decimal>,
    /// Efficiency of an estimate, % of dense FP16 TFLOPS: MFU for LLM
    /// training, serving efficiency for LLM serving, the estimate's
    /// efficiency for ResNet-50 / BERT-large on GPUs without a benchmark.
    pub mfu_pct: Option<Decimal>,
    /// Multi-GPU scaling efficiency, %.
    pub scaling_pct: Option<Decimal>,
    /// Served tokens per second (LLM serving).
    pub serve_tokens_per_s: Option<Decimal>,
    /// Serving hours (LLM serving).
    pub serve_hours: Option<Decimal>,
}

impl JobSpec {
    /// A job of this kind with every input at its default.
    pub fn new(kind: JobKind) -> JobSpec {
        JobSpec {
            kind,
            epochs: None,
            samples: None,
            params_b: None,
            tokens_b: None,
            mfu_pct: None,
            scaling_pct: None,
            serve_tokens_per_s: None,
            serve_hours: None,
        }
    }

    pub fn epochs(&self) -> Decimal {
        self.epochs.unwrap_or(match self.kind {
            JobKind::BertLarge => dec(BERT_EPOCHS),
            _ => dec(RESNET50_EPOCHS),
        })
    }

    pub fn samples(&self) -> Decimal {
        self.samples.unwrap_or(match self.kind {
            JobKind::BertLarge => dec(SQUAD11_TRAIN_EXAMPLES),
            _ => dec(IMAGENET_TRAIN_IMAGES),
        })
    }

    pub fn params_b(&self) -> Decimal {
        self.params_b.unwrap_or(DEFAULT_LLM_PARAMS_B)
    }

    pub fn tokens_b(&self) -> Decimal {
        self.tokens_b.unwrap_or(DEFAULT_LLM_TOKENS_B)
    }

    /// The kind's default efficiency (% of dense FP16 TFLOPS).
    pub fn default_efficiency_pct(kind: JobKind) -> Decimal {
        match kind {
            JobKind::Resnet50 => DEFAULT_RESNET50_EFFICIENCY_PCT,
            JobKind::BertLarge => DEFAULT_BERT_LARGE_EFFICIENCY_PCT,
            JobKind::LlmTrain => DEFAULT_LLM_TRAIN_MFU_PCT,
            JobKind::LlmServe => DEFAULT_LLM_SERVE_EFFICIENCY_PCT,
        }
    }

    pub fn efficiency_pct(&self) -> Decimal {
        self.mfu_pct
            .unwrap_or(JobSpec::default_efficiency_pct(self.kind))
    }

    pub fn scaling_pct(&self) -> Decimal {
        self.scaling_pct.unwrap_or(DEFAULT_SCALING_PCT)
    }

    pub fn serve_tokens_per_s(&self) -> Decimal {
        self.serve_tokens_per_s
            .unwrap_or(DEFAULT_SERVE_TOKENS_PER_S)
    }

    pub fn serve_hours(&self) -> Decimal {
        self.serve_hours.unwrap_or(DEFAULT_SERVE_HOURS)
    }

    /// The job with every input filled in (the kind's defaults where not given).
    pub fn resolved(&self) -> JobSpec {
        JobSpec {
            kind: self.kind,
            epochs: Some(self.epochs()),
            samples: Some(self.samples()),
            params_b: Some(self.params_b()),
            tokens_b: Some(self.tokens_b()),
            mfu_pct: Some(self.efficiency_pct()),
            scaling_pct: Some(self.scaling_pct()),
            serve_tokens_per_s: Some(self.serve_tokens_per_s()),
            serve_hours: Some(self.serve_hours()),
        }
    }

    /// Every given input with its link key (for the precision bound).
    pub fn decimal_inputs(&self) -> Vec<(&'static str, Decimal)> {
        [
            ("jep", self.epochs),
            ("jn", self.samples),
            ("jp", self.params_b),
            ("jt", self.tokens_b),
            ("mfu", self.mfu_pct),
            ("jsc", self.scaling_pct),
            ("jtps", self.serve_tokens_per_s),
            ("jh", self.serve_hours),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k, v)))
        .collect()
    }

    /// Range checks of the given inputs: every one positive and at most its
    /// bound; samples whole; percentages at most 100.
    pub fn check(&self) -> Vec<ScenarioError> {
        let mut errs = Vec::new();
        let bounds: [(&str, Option<Decimal>, u32); 8] = [
            ("jep", self.epochs, MAX_JOB_EPOCHS),
            ("jn", self.samples, MAX_JOB_SAMPLES),
            ("jp", self.params_b, MAX_JOB_PARAMS_B),
            ("jt", self.tokens_b, MAX_JOB_TOKENS_B),
            ("mfu", self.mfu_pct, 100),
            ("jsc", self.scaling_pct, 100),
            ("jtps", self.serve_tokens_per_s, MAX_SERVE_TOKENS_PER_S),
            ("jh", self.serve_hours, MAX_SERVE_HOURS),
        ];
        for (field, v, max) in bounds {
            let Some(v) = v else { continue };
            let r = if field == "mfu" || field == "jsc" {
                if v <= Decimal::ZERO || v > Decimal::ONE_HUNDRED {
                    Err(ScenarioError::PercentOutOfRange {
                        field: field.into(),
                        value: v,
                    })
                } else {
                    Ok(())
                }
            } else {
                check_positive(field, v, dec(max))
            };
            if let Err(e) = r {
                errs.push(e);
            }
        }
        if let Some(n) = self.samples {
            if !crate::domain::money::is_whole(n) {
                errs.push(ScenarioError::ValueOutOfRange {
                    field: "jn".into(),
                    value: n,
                });
            }
        }
        errs
    }
}
