//! The scenario's keys: what is needed, for how long, how it is paid, and
//! the promotions and data volumes (the part of a link every screen shares).
use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::codec::{dec_str, decode, encode, list, Bad, Bounds, PCT};
use super::{KeySpec, LinkNoticeCode, Reader};
use crate::domain::catalog::{Currency, ProviderId, RegionGroup, UsageRateCode};
use crate::domain::job::{
    JobKind, JobSpec, MAX_JOB_EPOCHS, MAX_JOB_PARAMS_B, MAX_JOB_SAMPLES, MAX_JOB_TOKENS_B,
    MAX_SERVE_HOURS, MAX_SERVE_TOKENS_PER_S,
};
use crate::domain::money::Money;
use crate::domain::scenario::{
    AssumedDiscount, BillingModel, InterruptionRate, NegotiatedDiscounts, RegionRef, Scenario,
    SpotBand, StudentPrice, UsageRateKey, DEFAULT_HOURS_PER_MONTH, DEFAULT_MIX_SHARE_PCT,
    DEFAULT_MONTHS, MAX_BANDWIDTH_MBPS, MAX_BOOT_DISK_GB, MAX_FX, MAX_GPUS, MAX_HOURS_PER_MONTH,
    MAX_JOB_HOURS, MAX_MINUTES, MAX_MONEY_INPUT, MAX_MONTHLY_INTERRUPTION_PCT, MAX_MONTHS,
    MAX_NEGOTIATED_PCT, MAX_PUBLIC_IPV4, MAX_VOLUME_GB, MAX_VRAM_GB, MIN_FX, MIN_MONTHS,
};

const MONEY: Bounds = Bounds::dec(0, Bounds::int(MAX_MONEY_INPUT as u32), false);
const MONEY_POSITIVE: Bounds = Bounds::dec(0, Bounds::int(MAX_MONEY_INPUT as u32), true);
const VOLUME: Bounds = Bounds::dec(0, Bounds::int(MAX_VOLUME_GB as u32), false);
const NEGOTIATED: Bounds = Bounds::dec(0, Bounds::int(MAX_NEGOTIATED_PCT), true);
const PCT_POSITIVE: Bounds = Bounds::dec(0, Decimal::ONE_HUNDRED, true);
const JOB_SAMPLES: Bounds = Bounds {
    lo: Decimal::ZERO,
    hi: Bounds::int(MAX_JOB_SAMPLES),
    lo_open: true,
    whole: true,
};

/// The scenario keys, in the order links write them.
pub static SCENARIO_KEYS: &[KeySpec<Scenario>] = &[
    KeySpec {
        code: "gpu",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "GPU ids to consider",
        #[cfg(not(target_arch = "wasm32"))]
        default: "any",
        #[cfg(not(target_arch = "wasm32"))]
        values: "catalog GPU ids",
        bounds: None,
        read: r_gpu,
        write: w_gpu,
    },
    KeySpec {
        code: "gpus",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "GPUs needed (instances = ⌈gpus / GPUs per instance⌉)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`1`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "1–4096",
        bounds: Some(Bounds::whole(1, MAX_GPUS)),
        read: r_gpus,
        write: w_gpus,
    },
    KeySpec {
        code: "vram",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "total GPU memory needed, GB (also raises the instance count)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1000000",
        bounds: Some(Bounds::whole(0, MAX_VRAM_GB)),
        read: r_vram,
        write: w_vram,
    },
    KeySpec {
        code: "h",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "usage hours per month per instance",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`730`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–744 (decimals allowed)",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_HOURS_PER_MONTH), false)),
        read: r_h,
        write: w_h,
    },
    KeySpec {
        code: "m",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "months",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`12`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "1–60",
        bounds: Some(Bounds::whole(MIN_MONTHS, MAX_MONTHS)),
        read: r_m,
        write: w_m,
    },
    KeySpec {
        code: "p",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "providers",
        #[cfg(not(target_arch = "wasm32"))]
        default: "all",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`aws,azure,alibaba,tencent`",
        bounds: None,
        read: r_p,
        write: w_p,
    },
    KeySpec {
        code: "rg",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "region groups",
        #[cfg(not(target_arch = "wasm32"))]
        default: "all",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`cn,apac,amer,eu`",
        bounds: None,
        read: r_rg,
        write: w_rg,
    },
    KeySpec {
        code: "r",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "regions",
        #[cfg(not(target_arch = "wasm32"))]
        default: "all",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`provider:code`, e.g. `aws:us-east-1`",
        bounds: None,
        read: r_r,
        write: w_r,
    },
    KeySpec {
        code: "o",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "explicit offer ids (filters above are then ignored); if none of them is known, nothing is quoted",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "catalog offer ids",
        bounds: None,
        read: r_o,
        write: w_o,
    },
    KeySpec {
        code: "cur",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "display currency",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`USD`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`USD`, `CNY`",
        bounds: None,
        read: r_cur,
        write: w_cur,
    },
    KeySpec {
        code: "fx",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "CNY per USD",
        #[cfg(not(target_arch = "wasm32"))]
        default: "catalog default",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0.01–1000",
        bounds: Some(Bounds {
            lo: MIN_FX,
            hi: Bounds::int(MAX_FX as u32),
            lo_open: false,
            whole: false,
        }),
        read: r_fx,
        write: w_fx,
    },
    KeySpec {
        code: "bm",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "billing models",
        #[cfg(not(target_arch = "wasm32"))]
        default: "all but the 5-year reservations",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`od` on-demand, `ri1n ri1p ri1a ri3n ri3p ri3a` reserved 1/3 yr no/partial/all upfront, `ri5n ri5p ri5a` reserved 5 yr (Azure publishes 5-year terms; computed only when named, so links made before them keep their meaning), `sp1 sp3` savings plan, `sub` monthly subscription (包年包月), `inst` 12-month installment, `spot`, `mix`, `cb` EC2 Capacity Block for ML (whole days paid upfront, 1–182 days; without `bm` computed for the offers sold as one, see below)",
        bounds: None,
        read: r_bm,
        write: w_bm,
    },
    KeySpec {
        code: "si",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "spot interruptions as providers publish them: % of instances interrupted per month, or an AWS Spot Advisor band `lt5 5-10 10-15 15-20 gt20` (taken at its upper edge; `gt20` as 25 %)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`15`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–99.99, or a band",
        bounds: Some(Bounds::dec(0, MAX_MONTHLY_INTERRUPTION_PCT, false)),
        read: r_si,
        write: w_si,
    },
    KeySpec {
        code: "sih",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "spot interruptions per instance-hour, % (v1's `si`; replaces `si`)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–100",
        bounds: Some(PCT),
        read: r_sih,
        write: w_sih,
    },
    KeySpec {
        code: "ck",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "checkpoint interval, minutes",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`60`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–10080",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_MINUTES as u32), false)),
        read: r_ck,
        write: w_ck,
    },
    KeySpec {
        code: "ro",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "restart overhead, minutes",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`10`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–10080",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_MINUTES as u32), false)),
        read: r_ro,
        write: w_ro,
    },
    KeySpec {
        code: "job",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job length, hours of work",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 100000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_JOB_HOURS as u32), true)),
        read: r_job,
        write: w_job,
    },
    KeySpec {
        code: "dl",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "deadline, wall-clock hours",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 100000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_JOB_HOURS as u32), true)),
        read: r_dl,
        write: w_dl,
    },
    KeySpec {
        code: "mix",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "spot share of the mix, %",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`50`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–100",
        bounds: Some(PCT),
        read: r_mix,
        write: w_mix,
    },
    KeySpec {
        code: "mixb",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "what the non-spot share of the mix runs on",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`od`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`od` or a commitment code (`ri1n … ri3a`, `ri5n ri5p ri5a`, `sp1`, `sp3`, `sub`, `inst`); a commitment baseline is paid for its whole term",
        bounds: None,
        read: r_mixb,
        write: w_mixb,
    },
    KeySpec {
        code: "fmd",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "first-month discount, %, on pay-as-you-go usage and the first month of a monthly subscription (never on reservations, savings plans, spot, upfront or data)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–100",
        bounds: Some(PCT),
        read: r_fmd,
        write: w_fmd,
    },
    KeySpec {
        code: "cr",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "credit with its currency, `500usd` or `3000cny` (a bare number is in the link's `cur`); converts at `fx`; also pays commitment still owed after the period",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1e9",
        bounds: Some(MONEY),
        read: r_cr,
        write: w_cr,
    },
    KeySpec {
        code: "crx",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "last month the credit can be used",
        #[cfg(not(target_arch = "wasm32"))]
        default: "no expiry",
        #[cfg(not(target_arch = "wasm32"))]
        values: "1–60",
        bounds: Some(Bounds::whole(1, MAX_MONTHS)),
        read: r_crx,
        write: w_crx,
    },
    KeySpec {
        code: "stu",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "student price on on-demand hours: `1.5usd` / `10cny` per instance-hour (a bare number is in `cur`), `30off` = 30 % off",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "",
        bounds: Some(MONEY),
        read: r_stu,
        write: w_stu,
    },
    KeySpec {
        code: "stucap",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "student-priced hours per day, for the whole account (all instances together)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`24`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–24",
        bounds: Some(Bounds::dec(0, Bounds::int(24), false)),
        read: r_stucap,
        write: w_stucap,
    },
    KeySpec {
        code: "eg",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "internet egress, GB/month",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1e9",
        bounds: Some(VOLUME),
        read: r_eg,
        write: w_eg,
    },
    KeySpec {
        code: "xr",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "cross-region transfer, GB/month",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1e9",
        bounds: Some(VOLUME),
        read: r_xr,
        write: w_xr,
    },
    KeySpec {
        code: "st",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "block storage, GB",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1e9",
        bounds: Some(VOLUME),
        read: r_st,
        write: w_st,
    },
    KeySpec {
        code: "bd",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "the disk each instance boots from, GB (storage rate, once per instance)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–65536",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_BOOT_DISK_GB), false)),
        read: r_bd,
        write: w_bd,
    },
    KeySpec {
        code: "bw",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "fixed bandwidth, Mbps (egress GB then included)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1e6",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_BANDWIDTH_MBPS as u32), false)),
        read: r_bw,
        write: w_bw,
    },
    KeySpec {
        code: "ip",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "public IPv4 addresses per instance, billed per address-hour for the instance's hours",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`0`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–1",
        bounds: Some(Bounds::whole(0, MAX_PUBLIC_IPV4)),
        read: r_ip,
        write: w_ip,
    },
    KeySpec {
        code: "up",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "user prices for unpriced offers, `offerid~hourly` (offer's currency)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0",
        bounds: Some(MONEY_POSITIVE),
        read: r_up,
        write: w_up,
    },
    KeySpec {
        code: "ur",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "user usage rates where the catalog has none, `provider:region:kind~rate` with kind `eg xr st bw ip` (per GB, GB, GB-month, Mbps-month, address-hour; flat; region's billing currency)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "≥ 0",
        bounds: Some(MONEY),
        read: r_ur,
        write: w_ur,
    },
    KeySpec {
        code: "disc",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "assumed commitment discount % off on-demand where no rate is sourced (results flagged `assumed`): `40` = no upfront 40 %, partial and all upfront 40 % plus the median gap between payment options of the catalog's sourced reservations; `40,42,45` = no / partial / all upfront",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "0–100 each",
        bounds: Some(PCT),
        read: r_disc,
        write: w_disc,
    },
    KeySpec {
        code: "nd",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "your negotiated discount per provider, % off list, `aws:8,azure:12` (EDP or private pricing, enterprise agreement, 商务折扣); applied to the prices each provider's billing documents say it applies to, the rest stay at list and say so (`docs/PRICING.md`); before promotions and credits",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none (list prices)",
        #[cfg(not(target_arch = "wasm32"))]
        values: "provider `aws azure alibaba tencent`, percent > 0 and ≤ 99 each",
        bounds: Some(NEGOTIATED),
        read: r_nd,
        write: w_nd,
    },
    KeySpec {
        code: "jk",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job to cost (cost per job): `resnet50` ResNet-50 on ImageNet-1k, `bert_large` BERT-large fine-tuned on SQuAD v1.1, `llm_train` LLM training (6·N·T FLOPs), `llm_serve` LLM serving; the `j…` and `mfu` keys need it (without it they are dropped with a notice on `jk`)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "`resnet50 bert_large llm_train llm_serve`",
        bounds: None,
        read: r_jk,
        write: w_jk,
    },
    KeySpec {
        code: "jep",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: epochs (ResNet-50, BERT-large)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`90` ResNet-50, `2` BERT-large",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 10000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_JOB_EPOCHS), true)),
        read: r_jep,
        write: w_jep,
    },
    KeySpec {
        code: "jn",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: samples per epoch (ResNet-50, BERT-large)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`1281167` (ImageNet-1k), `87599` (SQuAD v1.1)",
        #[cfg(not(target_arch = "wasm32"))]
        values: "whole, 1–4000000000",
        bounds: Some(JOB_SAMPLES),
        read: r_jn,
        write: w_jn,
    },
    KeySpec {
        code: "jp",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: model size, billions of parameters (LLM)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`7`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 10000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_JOB_PARAMS_B), true)),
        read: r_jp,
        write: w_jp,
    },
    KeySpec {
        code: "jt",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: training tokens, billions (LLM training)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`140`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 1000000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_JOB_TOKENS_B), true)),
        read: r_jt,
        write: w_jt,
    },
    KeySpec {
        code: "mfu",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: efficiency of a TFLOPS estimate, % of dense FP16/BF16 TFLOPS (the MFU for LLM training)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`40` LLM training, `10` LLM serving, `6` ResNet-50, `29.4` BERT-large",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 100",
        bounds: Some(PCT_POSITIVE),
        read: r_mfu,
        write: w_mfu,
    },
    KeySpec {
        code: "jsc",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: multi-GPU scaling efficiency, %",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`90`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 100",
        bounds: Some(PCT_POSITIVE),
        read: r_jsc,
        write: w_jsc,
    },
    KeySpec {
        code: "jtps",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: tokens per second served (LLM serving)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`1000`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 1000000000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_SERVE_TOKENS_PER_S), true)),
        read: r_jtps,
        write: w_jtps,
    },
    KeySpec {
        code: "jh",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "job: serving hours (LLM serving)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`730`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0, ≤ 100000",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_SERVE_HOURS), true)),
        read: r_jh,
        write: w_jh,
    },
];

fn some_dec(v: Decimal, default: Decimal) -> Option<String> {
    (v != default).then(|| dec_str(v))
}

/// `key~rate,key~rate` (the form of `up` and `ur`).
fn keyed_rates<K: AsRef<str>>(map: &BTreeMap<K, Decimal>) -> Option<String> {
    (!map.is_empty()).then(|| {
        map.iter()
            .map(|(k, p)| format!("{}~{}", encode(k.as_ref()), dec_str(*p)))
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// An amount with an optional currency suffix (`500`, `500usd`, `3000cny`).
pub(crate) fn money_in(r: &Reader, raw: &str) -> Result<(Decimal, Option<Currency>), Bad> {
    let lower = decode(raw).to_ascii_lowercase();
    let (num, cur) = if let Some(n) = lower.strip_suffix("usd") {
        (n, Some(Currency::USD))
    } else if let Some(n) = lower.strip_suffix("cny") {
        (n, Some(Currency::CNY))
    } else {
        (lower.as_str(), None)
    };
    Ok((r.number(num)?, cur))
}

/// An amount in its currency; a bare amount is settled by [`finish_scenario`].
fn money_of(r: &mut Reader, key: &'static str, sc: &Scenario, raw: &str) -> Result<Money, Bad> {
    let (v, cur) = money_in(r, raw)?;
    r.bare_amounts.retain(|k| *k != key);
    if cur.is_none() {
        r.bare_amounts.push(key);
    }
    Ok(Money::new(v, cur.unwrap_or(sc.currency)))
}

/// An amount with its currency suffix (`500usd`).
pub(crate) fn money_str(m: Money) -> String {
    format!(
        "{}{}",
        dec_str(m.amount()),
        m.currency().code().to_ascii_lowercase()
    )
}

/// Settle what depends on several keys, once every key is read: a bare
/// amount is in the link's display currency.
pub fn finish_scenario(sc: &mut Scenario, r: &mut Reader) {
    sc.no_match = std::mem::take(&mut r.no_match);
    let cur = sc.currency;
    for key in std::mem::take(&mut r.bare_amounts) {
        match key {
            "cr" => {
                sc.promotions.credit = sc.promotions.credit.map(|m| Money::new(m.amount(), cur))
            }
            "stu" => {
                if let Some(StudentPrice::Hourly(m)) = sc.promotions.student {
                    sc.promotions.student = Some(StudentPrice::Hourly(Money::new(m.amount(), cur)));
                }
            }
            // job fields without a `jk` (the marker is set once, when a
            // field key created the job): no kind to apply them to
            "jk" => {
                sc.job = None;
                r.note_key("jk", "", LinkNoticeCode::InvalidValue);
            }
            _ => {}
        }
    }
}

fn r_gpu(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let c = r.catalog;
    sc.gpu_models = r.filter_list(raw, |s| c.gpu(s).map(|g| g.id.clone()));
    Ok(())
}
fn w_gpu(sc: &Scenario) -> Option<String> {
    list(&sc.gpu_models, |g| g.as_str()).or_else(|| no_match_of(sc, "gpu"))
}

/// The value as given of a filter that matches nothing, written back
/// encoded whole (its commas too: it reads back as the same one value).
fn no_match_of(sc: &Scenario, key: &str) -> Option<String> {
    sc.no_match
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| encode(v))
}

fn r_gpus(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.min_gpus = r.whole(raw)?;
    Ok(())
}
fn w_gpus(sc: &Scenario) -> Option<String> {
    (sc.min_gpus != 1).then(|| sc.min_gpus.to_string())
}

fn r_vram(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.min_vram_gb = Some(r.whole(raw)?);
    Ok(())
}
fn w_vram(sc: &Scenario) -> Option<String> {
    sc.min_vram_gb.map(|v| v.to_string())
}

fn r_h(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.hours_per_month = r.number(raw)?;
    Ok(())
}
fn w_h(sc: &Scenario) -> Option<String> {
    some_dec(sc.hours_per_month, Decimal::from(DEFAULT_HOURS_PER_MONTH))
}

fn r_m(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.months = r.whole(raw)?;
    Ok(())
}
fn w_m(sc: &Scenario) -> Option<String> {
    (sc.months != DEFAULT_MONTHS).then(|| sc.months.to_string())
}

fn r_p(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.providers = r.filter_list(raw, ProviderId::from_code);
    Ok(())
}
fn w_p(sc: &Scenario) -> Option<String> {
    list(&sc.providers, |p| p.code()).or_else(|| no_match_of(sc, "p"))
}

fn r_rg(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.region_groups = r.filter_list(raw, RegionGroup::from_code);
    Ok(())
}
fn w_rg(sc: &Scenario) -> Option<String> {
    list(&sc.region_groups, |g| g.code()).or_else(|| no_match_of(sc, "rg"))
}

fn r_r(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let c = r.catalog;
    sc.regions = r.filter_list(raw, |s| {
        let key = RegionRef::from_code(s)?;
        c.region(key.provider, &key.code).map(|_| key)
    });
    Ok(())
}
fn w_r(sc: &Scenario) -> Option<String> {
    list(&sc.regions, RegionRef::code).or_else(|| no_match_of(sc, "r"))
}

fn r_o(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let c = r.catalog;
    // given = only these, even when none is known (never "all")
    sc.offers = Some(r.list(raw, |s| c.offer(s).map(|o| o.id.clone())));
    Ok(())
}
fn w_o(sc: &Scenario) -> Option<String> {
    sc.offers
        .as_ref()
        .map(|ids| list(ids, |o| o.as_str()).unwrap_or_default())
}

fn r_cur(_: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.currency = Currency::from_code(&decode(raw).to_ascii_uppercase()).ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_cur(sc: &Scenario) -> Option<String> {
    (sc.currency != Currency::USD).then(|| sc.currency.code().into())
}

fn r_fx(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.fx_cny_per_usd = Some(r.number(raw)?);
    Ok(())
}
fn w_fx(sc: &Scenario) -> Option<String> {
    sc.fx_cny_per_usd.map(dec_str)
}

fn r_bm(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.billing_models = r.list(raw, BillingModel::from_code);
    Ok(())
}
fn w_bm(sc: &Scenario) -> Option<String> {
    list(&sc.billing_models, |m| m.code())
}

fn r_si(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.interruption = match SpotBand::from_code(&decode(raw).to_ascii_lowercase()) {
        Some(b) => InterruptionRate::Band(b),
        None => InterruptionRate::MonthlyPct(r.number(raw)?),
    };
    Ok(())
}
fn w_si(sc: &Scenario) -> Option<String> {
    if sc.spot.interruption == Scenario::default().spot.interruption {
        return None;
    }
    match sc.spot.interruption {
        InterruptionRate::MonthlyPct(x) => Some(dec_str(x)),
        InterruptionRate::Band(b) => Some(b.code().into()),
        InterruptionRate::HourlyPct(_) => None,
    }
}

fn r_sih(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.interruption = InterruptionRate::HourlyPct(r.number(raw)?);
    Ok(())
}
fn w_sih(sc: &Scenario) -> Option<String> {
    match sc.spot.interruption {
        InterruptionRate::HourlyPct(x) => Some(dec_str(x)),
        InterruptionRate::MonthlyPct(_) | InterruptionRate::Band(_) => None,
    }
}

fn r_ck(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.checkpoint_minutes = r.number(raw)?;
    Ok(())
}
fn w_ck(sc: &Scenario) -> Option<String> {
    some_dec(
        sc.spot.checkpoint_minutes,
        Scenario::default().spot.checkpoint_minutes,
    )
}

fn r_ro(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.restart_minutes = r.number(raw)?;
    Ok(())
}
fn w_ro(sc: &Scenario) -> Option<String> {
    some_dec(
        sc.spot.restart_minutes,
        Scenario::default().spot.restart_minutes,
    )
}

fn r_job(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.job_hours = Some(r.number(raw)?);
    Ok(())
}
fn w_job(sc: &Scenario) -> Option<String> {
    sc.spot.job_hours.map(dec_str)
}

fn r_dl(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.spot.deadline_hours = Some(r.number(raw)?);
    Ok(())
}
fn w_dl(sc: &Scenario) -> Option<String> {
    sc.spot.deadline_hours.map(dec_str)
}

fn r_mix(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.mix_spot_share_pct = r.number(raw)?;
    Ok(())
}
fn w_mix(sc: &Scenario) -> Option<String> {
    some_dec(sc.mix_spot_share_pct, Decimal::from(DEFAULT_MIX_SHARE_PCT))
}

fn r_mixb(_: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.mix_baseline = BillingModel::from_code(&decode(raw))
        .filter(|m| m.is_mix_baseline())
        .ok_or(Bad::Invalid)?;
    Ok(())
}
fn w_mixb(sc: &Scenario) -> Option<String> {
    (sc.mix_baseline != BillingModel::OnDemand).then(|| sc.mix_baseline.code().into())
}

fn r_fmd(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.promotions.first_month_discount_pct = r.number(raw)?;
    Ok(())
}
fn w_fmd(sc: &Scenario) -> Option<String> {
    some_dec(sc.promotions.first_month_discount_pct, Decimal::ZERO)
}

fn r_cr(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let m = money_of(r, "cr", sc, raw)?;
    sc.promotions.credit = (!m.amount().is_zero()).then_some(m);
    Ok(())
}
fn w_cr(sc: &Scenario) -> Option<String> {
    sc.promotions
        .credit
        .filter(|c| !c.amount().is_zero())
        .map(money_str)
}

fn r_crx(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.promotions.credit_expiry_month = Some(r.whole(raw)?);
    Ok(())
}
fn w_crx(sc: &Scenario) -> Option<String> {
    sc.promotions.credit_expiry_month.map(|x| x.to_string())
}

fn r_stu(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let val = decode(raw);
    sc.promotions.student = Some(match val.strip_suffix("off") {
        Some(n) => {
            r.bare_amounts.retain(|k| *k != "stu");
            StudentPrice::DiscountPct(PCT.check(n)?)
        }
        None => StudentPrice::Hourly(money_of(r, "stu", sc, raw)?),
    });
    Ok(())
}
fn w_stu(sc: &Scenario) -> Option<String> {
    match sc.promotions.student? {
        StudentPrice::Hourly(x) => Some(money_str(x)),
        StudentPrice::DiscountPct(x) => Some(format!("{}off", dec_str(x))),
    }
}

fn r_stucap(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.promotions.student_daily_cap_hours = r.number(raw)?;
    Ok(())
}
fn w_stucap(sc: &Scenario) -> Option<String> {
    some_dec(
        sc.promotions.student_daily_cap_hours,
        Scenario::default().promotions.student_daily_cap_hours,
    )
}

fn r_eg(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.egress_gb = r.number(raw)?;
    Ok(())
}
fn w_eg(sc: &Scenario) -> Option<String> {
    some_dec(sc.data.egress_gb, Decimal::ZERO)
}
fn r_xr(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.cross_region_gb = r.number(raw)?;
    Ok(())
}
fn w_xr(sc: &Scenario) -> Option<String> {
    some_dec(sc.data.cross_region_gb, Decimal::ZERO)
}
fn r_st(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.storage_gb = r.number(raw)?;
    Ok(())
}
fn w_st(sc: &Scenario) -> Option<String> {
    some_dec(sc.data.storage_gb, Decimal::ZERO)
}
fn r_bd(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.boot_disk_gb = r.number(raw)?;
    Ok(())
}
fn w_bd(sc: &Scenario) -> Option<String> {
    some_dec(sc.data.boot_disk_gb, Decimal::ZERO)
}
fn r_bw(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.bandwidth_mbps = r.number(raw)?;
    Ok(())
}
fn w_bw(sc: &Scenario) -> Option<String> {
    some_dec(sc.data.bandwidth_mbps, Decimal::ZERO)
}
fn r_ip(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    sc.data.public_ipv4 = r.whole(raw)?;
    Ok(())
}
fn w_ip(sc: &Scenario) -> Option<String> {
    (sc.data.public_ipv4 != 0).then(|| sc.data.public_ipv4.to_string())
}

fn r_up(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let mut map = BTreeMap::new();
    for item in raw.split(',') {
        if item.is_empty() {
            continue;
        }
        let Some((id, price)) = item.rsplit_once('~') else {
            r.note(&decode(item), LinkNoticeCode::InvalidValue);
            continue;
        };
        let id = decode(id);
        let Some(offer) = r.catalog.offer(&id) else {
            r.note(&id, LinkNoticeCode::UnknownItem);
            continue;
        };
        match r.number(price) {
            Ok(v) => {
                map.insert(offer.id.clone(), v);
            }
            Err(_) => r.note(&decode(item), LinkNoticeCode::InvalidValue),
        }
    }
    sc.user_prices = map;
    Ok(())
}
fn w_up(sc: &Scenario) -> Option<String> {
    keyed_rates(&sc.user_prices)
}

fn r_ur(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let mut map = BTreeMap::new();
    for item in raw.split(',') {
        if item.is_empty() {
            continue;
        }
        let item = decode(item);
        let parsed = item.rsplit_once('~').and_then(|(key, price)| {
            let k = UsageRateKey::from_code(key)?;
            r.catalog.region(k.provider, &k.region)?;
            let price = r.number(price).ok()?;
            Some((UsageRateCode::from(k.code()), price))
        });
        match parsed {
            Some((key, price)) => {
                map.insert(key, price);
            }
            None => r.note(&item, LinkNoticeCode::UnknownItem),
        }
    }
    sc.user_usage_rates = map;
    Ok(())
}
fn w_ur(sc: &Scenario) -> Option<String> {
    keyed_rates(&sc.user_usage_rates)
}

fn r_disc(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let val = decode(raw);
    let parts: Vec<&str> = val.split(',').collect();
    sc.assumed_discount = Some(match parts.as_slice() {
        [n] => AssumedDiscount {
            no_upfront_pct: r.number(n)?,
            partial_upfront_pct: None,
            all_upfront_pct: None,
        },
        [n, pa, a] => AssumedDiscount {
            no_upfront_pct: r.number(n)?,
            partial_upfront_pct: Some(r.number(pa)?),
            all_upfront_pct: Some(r.number(a)?),
        },
        _ => return Err(Bad::Invalid),
    });
    Ok(())
}
fn w_disc(sc: &Scenario) -> Option<String> {
    let a = sc.assumed_discount?;
    Some(match (a.partial_upfront_pct, a.all_upfront_pct) {
        (Some(pa), Some(al)) => format!(
            "{},{},{}",
            dec_str(a.no_upfront_pct),
            dec_str(pa),
            dec_str(al)
        ),
        _ => dec_str(a.no_upfront_pct),
    })
}

/// `provider:pct` items; an unknown provider, a percent out of range or a
/// provider named again is dropped with a notice naming it (the others are
/// kept).
fn r_nd(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let mut nd = NegotiatedDiscounts::default();
    for item in raw.split(',') {
        if item.is_empty() {
            continue;
        }
        let item = decode(item);
        let Some((p, pct)) = item.split_once(':') else {
            r.note(&item, LinkNoticeCode::InvalidValue);
            continue;
        };
        let Some(p) = ProviderId::from_code(p) else {
            r.note(&item, LinkNoticeCode::UnknownItem);
            continue;
        };
        if nd.get(p).is_some() {
            // a provider named twice: the first stands, the second is named
            r.note(&item, LinkNoticeCode::InvalidValue);
            continue;
        }
        // `item` is decoded already: checked against the bounds as it is
        match NEGOTIATED.check(pct) {
            Ok(v) => nd.set(p, Some(v)),
            Err(Bad::Range) => r.note(&item, LinkNoticeCode::OutOfRange),
            Err(Bad::Invalid) => r.note(&item, LinkNoticeCode::InvalidValue),
        }
    }
    sc.negotiated = nd;
    Ok(())
}
fn w_nd(sc: &Scenario) -> Option<String> {
    (!sc.negotiated.is_empty()).then(|| {
        sc.negotiated
            .iter()
            .map(|(p, d)| format!("{}:{}", p.code(), dec_str(d)))
            .collect::<Vec<_>>()
            .join(",")
    })
}

/// A job key marks the job as lacking a kind until `jk` is read (the keys
/// can come in any order); [`finish_scenario`] drops a job whose `jk` never came.
fn job_of<'a>(r: &mut Reader, sc: &'a mut Scenario) -> &'a mut JobSpec {
    if sc.job.is_none() {
        r.bare_amounts.push("jk");
    }
    sc.job
        .get_or_insert_with(|| JobSpec::new(JobKind::Resnet50))
}

fn r_jk(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
    let kind = JobKind::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
    job_of(r, sc).kind = kind;
    r.bare_amounts.retain(|k| *k != "jk");
    Ok(())
}
fn w_jk(sc: &Scenario) -> Option<String> {
    sc.job.as_ref().map(|j| j.kind.code().into())
}

/// The reader and writer of one optional decimal field of the job.
macro_rules! job_field {
    ($read:ident, $write:ident, $field:ident) => {
        fn $read(r: &mut Reader, raw: &str, sc: &mut Scenario) -> Result<(), Bad> {
            let v = r.number(raw)?;
            job_of(r, sc).$field = Some(v);
            Ok(())
        }
        fn $write(sc: &Scenario) -> Option<String> {
            sc.job.as_ref()?.$field.map(dec_str)
        }
    };
}
job_field!(r_jep, w_jep, epochs);
job_field!(r_jn, w_jn, samples);
job_field!(r_jp, w_jp, params_b);
job_field!(r_jt, w_jt, tokens_b);
job_field!(r_mfu, w_mfu, mfu_pct);
job_field!(r_jsc, w_jsc, scaling_pct);
job_field!(r_jtps, w_jtps, serve_tokens_per_s);
job_field!(r_jh, w_jh, serve_hours);
