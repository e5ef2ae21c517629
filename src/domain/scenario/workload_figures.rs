//! The workload figures a job estimate starts from: dataset sizes and
//! epochs (ImageNet, SQuAD), FLOPs per sample, the default efficiencies
//! derived from the catalog's measured runs, the default LLM inputs, memory
//! per parameter, and the bounds of the job inputs. Each states its source
//! or how it was derived; apart from the code so they can be read (and
//! checked against their sources) as one list.
use rust_decimal::Decimal;

use super::MAX_JOB_HOURS;

pub(super) const fn dec(v: u32) -> Decimal {
    Decimal::from_parts(v, 0, 0, false, 0)
}

/// ImageNet-1k (ILSVRC-2012) training images: 1,281,167 (Russakovsky et
/// al., "ImageNet Large Scale Visual Recognition Challenge", 2015, Table 2).
pub const IMAGENET_TRAIN_IMAGES: u32 = 1_281_167;
/// The usual ResNet-50 schedule: 90 epochs (He et al. 2015; the MLPerf and
/// NVIDIA reference recipes).
pub const RESNET50_EPOCHS: u32 = 90;
/// SQuAD v1.1 training questions: 87,599 (the `train-v1.1.json` file;
/// Rajpurkar et al. 2016 report 107,785 questions in all, 80 % train).
/// Tokenized with BERT's 384-token windows and a 128-token stride the
/// features are about 1 % more; the question count is used.
pub const SQUAD11_TRAIN_EXAMPLES: u32 = 87_599;
/// BERT's SQuAD v1.1 fine-tuning recipe: 2 epochs (Devlin et al. 2018, §4.2
/// uses 3; the Google and NVIDIA reference scripts use 2). An input.
pub const BERT_EPOCHS: u32 = 2;

/// Training FLOPs per ResNet-50 sample: 3 × 4.1 GFLOPs forward for a
/// 224×224 image (backward ≈ 2 × forward) = 12.3 GFLOPs. (4.1 G is the
/// usual published figure; it counts multiply-adds. The constant cancels
/// out of the estimate, whose efficiency is derived with the same constant
/// from the catalog's measured runs; see [`DEFAULT_RESNET50_EFFICIENCY_PCT`].)
pub const RESNET50_GFLOP_PER_SAMPLE: Decimal = Decimal::from_parts(123, 0, 0, false, 1);
/// Training FLOPs per BERT-large sample: 6 × 340 M parameters × 384 tokens
/// = 783.36 GFLOPs (the 6·N FLOPs per token rule of Kaplan et al. 2020).
pub const BERT_LARGE_GFLOP_PER_SAMPLE: Decimal = Decimal::from_parts(78336, 0, 0, false, 2);

/// Default estimate efficiency for ResNet-50 (% of dense FP16 TFLOPS): the
/// median of the catalog's single-GPU fp16 runs (Lambda, 2024-07-24),
/// efficiency = samples/s × 12.3 GFLOP ÷ dense FP16 TFLOPS:
///   V100 833×12.3/125 = 8.20 %, A10 638×12.3/125 = 6.28 %,
///   A100 40 PCIe 1396×12.3/312 = 5.50 %, A100 80 PCIe 1527×12.3/312 = 6.02 %,
///   A100 80 SXM 1582×12.3/312 = 6.24 %, H100 PCIe 1866×12.3/756 = 3.04 %,
///   H100 SXM 2616×12.3/989 = 3.25 %; sorted, the 4th of 7 is 6.02 → 6.0 %.
/// `tests::default_efficiencies_match_the_catalog` recomputes it.
pub const DEFAULT_RESNET50_EFFICIENCY_PCT: Decimal = Decimal::from_parts(60, 0, 0, false, 1);
/// Default estimate efficiency for BERT-large, derived the same way with
/// 783.36 GFLOP: V100 57→35.72 %, A10 42→26.32 %, A100 40 PCIe 117→29.38 %,
/// A100 80 PCIe 140→35.15 %, A100 80 SXM 152→38.16 %, H100 PCIe 203→21.03 %,
/// H100 SXM 301→23.84 %; median 29.38 → 29.4 %.
pub const DEFAULT_BERT_LARGE_EFFICIENCY_PCT: Decimal = Decimal::from_parts(294, 0, 0, false, 1);
/// Default LLM training MFU, % (an estimate): Meta reports 38–43 % BF16 MFU
/// for Llama 3 405B pre-training on 8K–16K H100s ("The Llama 3 Herd of
/// Models", 2024, Table 4); PaLM reports 46.2 % (Chowdhery et al. 2022).
/// MFU is measured at scale, so it already includes multi-GPU losses.
pub const DEFAULT_LLM_TRAIN_MFU_PCT: Decimal = dec(40);
/// Default LLM serving efficiency, % of dense FP16 FLOPs (an assumption,
/// not sourced: batched decoding is memory-bandwidth bound and reaches a
/// small fraction of peak compute; the catalog has no serving benchmark).
/// Set `mfu=` to a measured figure.
pub const DEFAULT_LLM_SERVE_EFFICIENCY_PCT: Decimal = dec(10);
/// Fallback multi-GPU scaling efficiency, %, used only where the catalog has
/// no multi-GPU run of the workload (LLM kinds, a catalog without runs). The
/// default for ResNet-50 and BERT-large is the catalog's own measured 1 → 8
/// GPU scaling (`job::default_scaling_pct`): the median of V100, A100 80 GB
/// SXM and H100 SXM (ResNet-50 6174/(8×833) = 92.6 %, 11439/(8×1582) =
/// 90.4 %, 20728/(8×2616) = 99.0 % → 92.6 %; BERT-large 286/(8×57) = 62.7 %,
/// 746/(8×152) = 61.3 %, 2167/(8×301) = 90.0 % → 62.7 %), the lowest where
/// the GPUs are slower connected than those runs (PCIe only, or several
/// instances without RDMA).
pub const DEFAULT_SCALING_PCT: Decimal = dec(90);
/// Default LLM size, billions of parameters (an example input).
pub const DEFAULT_LLM_PARAMS_B: Decimal = dec(7);
/// Default LLM training tokens, billions: 20 tokens per parameter for the
/// default 7 B model (the compute-optimal ratio of Hoffmann et al. 2022).
pub const DEFAULT_LLM_TOKENS_B: Decimal = dec(140);
/// Default served tokens per second (an example input).
pub const DEFAULT_SERVE_TOKENS_PER_S: Decimal = dec(1000);
/// Default serving hours: one 730-hour month (an example input).
pub const DEFAULT_SERVE_HOURS: Decimal = dec(730);

/// Bytes per parameter for mixed-precision Adam training: FP16 weights and
/// gradients (2 + 2) plus FP32 master weights, momentum and variance
/// (4 + 4 + 4) = 16 (Rajbhandari et al., ZeRO, 2020). Activations excluded.
pub const TRAIN_BYTES_PER_PARAM: u32 = 16;
/// Bytes per parameter to serve FP16/BF16 weights (KV cache excluded).
pub const SERVE_BYTES_PER_PARAM: u32 = 2;
/// Hours in the month the job's hours are spread over.
pub const JOB_MONTH_HOURS: u32 = 730;

/// Upper bounds of the job inputs (lower bounds: > 0).
pub const MAX_JOB_EPOCHS: u32 = 10_000;
pub const MAX_JOB_SAMPLES: u32 = 4_000_000_000;
/// Ten trillion parameters.
pub const MAX_JOB_PARAMS_B: u32 = 10_000;
/// A quadrillion tokens (Llama 3 used 15 T).
pub const MAX_JOB_TOKENS_B: u32 = 1_000_000;
pub const MAX_SERVE_TOKENS_PER_S: u32 = 1_000_000_000;
pub const MAX_SERVE_HOURS: u32 = MAX_JOB_HOURS as u32;
