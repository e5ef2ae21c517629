//! The advise screen's link keys (one table: reading, writing and the
//! documentation check walk it, like the scenario's).
use super::inputs::{
    AdviceInputs, BudgetBasis, Framework, Load, Need, Platform, Profile, Residency, SpotTolerance,
    UseCase, MAX_WEIGHT,
};
use crate::domain::catalog::Currency;
use crate::domain::link::codec::{decode, list};
use crate::domain::link::{money_in, money_str, Bad, Bounds, KeySpec, Reader};
use crate::domain::money::Money;
use crate::domain::scenario::{MAX_MONEY_INPUT, MAX_VRAM_GB};
use rust_decimal::Decimal;

/// One key spec (the documentation strings exist in native builds only).
macro_rules! spec {
    ($code:literal, $meaning:expr, $default:literal, $values:expr, $bounds:expr, $read:expr, $write:expr) => {
        KeySpec {
            code: $code,
            #[cfg(not(target_arch = "wasm32"))]
            meaning: $meaning,
            #[cfg(not(target_arch = "wasm32"))]
            default: $default,
            #[cfg(not(target_arch = "wasm32"))]
            values: $values,
            bounds: $bounds,
            read: $read,
            write: $write,
        }
    };
}

/// A code-enum key: `$field` is `Option<$t>` (`opt`) or `$t` with a default (`val`).
macro_rules! enum_key {
    ($code:literal, $meaning:literal, $default:literal, $values:literal, opt $f:ident : $t:ty) => {
        spec!(
            $code,
            $meaning,
            $default,
            $values,
            None,
            |_, raw, a| {
                a.$f = Some(<$t>::from_code(&decode(raw)).ok_or(Bad::Invalid)?);
                Ok(())
            },
            |a| a.$f.map(|v| v.code().to_string())
        )
    };
    ($code:literal, $meaning:literal, $default:literal, $values:literal, val $f:ident : $t:ty) => {
        spec!(
            $code,
            $meaning,
            $default,
            $values,
            None,
            |_, raw, a| {
                a.$f = <$t>::from_code(&decode(raw)).ok_or(Bad::Invalid)?;
                Ok(())
            },
            |a| (a.$f != <$t>::default()).then(|| a.$f.code().to_string())
        )
    };
}

/// A weight key (0–100).
macro_rules! weight_key {
    ($code:literal, $meaning:literal, $default:literal, $f:ident) => {
        spec!(
            $code,
            $meaning,
            $default,
            "0–100 (relative; all four 0 falls back to the defaults with a notice)",
            Some(Bounds::whole(0, MAX_WEIGHT)),
            |r, raw, a| {
                a.weights.$f = r.whole(raw)?;
                Ok(())
            },
            |a| (a.weights.$f != super::Weights::default().$f).then(|| a.weights.$f.to_string())
        )
    };
}

pub static ADVISE_KEYS: &[KeySpec<AdviceInputs>] = &[
    enum_key!(
        "use",
        "advise: what the GPUs are for (choosing one on the screen fills in its defaults)",
        "none",
        "`cv llm ft inf lab startup ent game job` (`job`: the scenario's job, costed per job)",
        opt use_case: UseCase
    ),
    KeySpec {
        code: "bud",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "advise: budget, with an optional currency suffix (a bare amount is in the display currency)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "> 0 to 1000000000, e.g. `12000cny`, `5000usd`",
        bounds: Some(Bounds::dec(0, Bounds::int(MAX_MONEY_INPUT as u32), true)),
        read: r_bud,
        write: |a| a.budget.map(money_str),
    },
    enum_key!(
        "budk",
        "advise: what the budget limits: `m` the highest month's cash (upfront included), `t` the decision cost over the horizon",
        "`m`",
        "`m t`",
        val budget_basis: BudgetBasis
    ),
    KeySpec {
        code: "vpg",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "advise: GPU memory needed per GPU, GB (unknown memory never counts as enough)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "1–1000000",
        bounds: Some(Bounds::whole(1, MAX_VRAM_GB)),
        read: |r, raw, a| {
            a.gpu_memory_gb = Some(r.whole(raw)?);
            Ok(())
        },
        write: |a| a.gpu_memory_gb.map(|v| v.to_string()),
    },
    KeySpec {
        code: "req",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "advise: hard needs: NVLink inside an instance and multi-node RDMA (EFA/InfiniBand), both as the offer's sourced network facts state them; an ICP filing (mainland servers); an SLA of at least `slap` % by the provider's dated figure (single instance, or multi-zone for several instances; rules out spot)",
        #[cfg(not(target_arch = "wasm32"))]
        default: "none",
        #[cfg(not(target_arch = "wasm32"))]
        values: "comma list of `nvlink rdma icp sla`",
        bounds: None,
        read: |r, raw, a| {
            let v = r.list(raw, Need::from_code);
            a.needs.clear();
            for n in v {
                a.set_need(n, true);
            }
            Ok(())
        },
        write: |a| list(&a.needs, |n| n.code()),
    },
    KeySpec {
        code: "slap",
        #[cfg(not(target_arch = "wasm32"))]
        meaning: "advise: monthly uptime an `sla` need asks for, %",
        #[cfg(not(target_arch = "wasm32"))]
        default: "`99.9`",
        #[cfg(not(target_arch = "wasm32"))]
        values: "90–100",
        bounds: Some(Bounds::dec(90, Decimal::ONE_HUNDRED, false)),
        read: |r, raw, a| {
            let v = r.number(raw)?;
            a.sla_pct = (v != super::inputs::DEFAULT_SLA_PCT).then_some(v);
            Ok(())
        },
        write: |a| {
            a.sla_pct
                .filter(|p| *p != super::inputs::DEFAULT_SLA_PCT)
                .map(crate::domain::link::dec_str)
        },
    },
    enum_key!(
        "res",
        "advise: data residency: mainland China, Hong Kong, or outside the mainland",
        "`any`",
        "`any cn hk intl`",
        val residency: Residency
    ),
    enum_key!(
        "fw",
        "advise: framework (scored by what the providers' sourced facts state)",
        "none",
        "`pytorch tensorflow paddle mindspore`",
        opt framework: Framework
    ),
    enum_key!(
        "mlp",
        "advise: managed ML platform wanted: any (scored), or a named one (required)",
        "none",
        "`any sagemaker azureml pai tione`",
        opt platform: Platform
    ),
    enum_key!(
        "risk",
        "advise: spot tolerance: none, only as the burst share of a mix, or spot alone",
        "`mix`",
        "`no mix yes`",
        val spot: SpotTolerance
    ),
    enum_key!(
        "load",
        "advise: load shape (bursty adds a committed baseline + spot burst strategy and weighs money still owed twice)",
        "`steady`",
        "`steady bursty`",
        val load: Load
    ),
    weight_key!("wc", "advise: weight of cost", "`50`", cost),
    weight_key!("wp", "advise: weight of performance fit", "`20`", perf),
    weight_key!("we", "advise: weight of ecosystem fit", "`15`", eco),
    weight_key!("wr", "advise: weight of compliance and risk", "`15`", risk),
    enum_key!(
        "prof",
        "advise: the articles' profile the inputs came from (their pick is compared with the ranking)",
        "none",
        "`unlimited domestic game enterprise`",
        opt profile: Profile
    ),
];

fn r_bud(r: &mut Reader, raw: &str, a: &mut AdviceInputs) -> Result<(), Bad> {
    let (v, cur) = money_in(r, raw)?;
    r.bare_amounts.retain(|k| *k != "bud");
    if cur.is_none() {
        r.bare_amounts.push("bud");
    }
    a.budget = Some(Money::new(v, cur.unwrap_or(Currency::USD)));
    Ok(())
}

/// Settle a bare budget (no currency suffix): it is in the link's display
/// currency. Call before `finish_scenario`, once every key is read.
pub fn finish_advice(a: &mut AdviceInputs, display: Currency, r: &mut Reader) {
    if r.bare_amounts.contains(&"bud") {
        r.bare_amounts.retain(|k| *k != "bud");
        a.budget = a.budget.map(|m| Money::new(m.amount(), display));
    }
}
