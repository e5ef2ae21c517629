//! Catalog validation tests: the embedded catalog is valid, each rule catches
//! a deliberately broken copy, the required offers exist, and known-wrong
//! circulating claims are contradicted by the data.
#![cfg(not(target_arch = "wasm32"))] // native tests; the wasm build runs src/ui tests

use gpucost::domain::catalog::*;
use gpucost::domain::validate::*;
use rust_decimal::Decimal;
use std::str::FromStr;

fn cat() -> Catalog {
    Catalog::embedded().expect("embedded catalog parses")
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn errors_of(c: &Catalog) -> Vec<ValidationError> {
    validate(c)
}

/// Assert that `mutate` introduces at least one error matching `pred`.
fn assert_caught(mutate: impl FnOnce(&mut Catalog), pred: impl Fn(&ValidationError) -> bool) {
    let mut c = cat();
    mutate(&mut c);
    let errs = errors_of(&c);
    assert!(
        errs.iter().any(&pred),
        "expected error not reported; got: {errs:#?}"
    );
}

fn offer_mut<'a>(c: &'a mut Catalog, id: &str) -> &'a mut Offer {
    c.offers
        .iter_mut()
        .find(|o| o.id == id)
        .unwrap_or_else(|| panic!("offer {id} missing"))
}

fn on_demand_hourly(o: &Offer) -> Option<Decimal> {
    o.prices.iter().find_map(|p| match p.kind {
        PriceKind::OnDemand { hourly } if !p.indicative => Some(hourly),
        _ => None,
    })
}

const P4D: &str = "aws:us-east-1:p4d.24xlarge";

#[test]
fn embedded_catalog_is_valid() {
    let c = cat();
    let errs = validate(&c);
    if !errs.is_empty() {
        for e in &errs {
            eprintln!("{e}");
        }
        panic!("{} validation errors", errs.len());
    }
    assert!(c.version().starts_with(&c.as_of));
}

// ---------------------------------------------------------------- one test per rule

fn bench_mut<'a>(c: &'a mut Catalog, gpu: &str, n: u32, w: Workload) -> &'a mut Benchmark {
    c.benchmarks
        .iter_mut()
        .find(|b| b.gpu == gpu && b.gpu_count == n && b.workload == w)
        .unwrap_or_else(|| panic!("benchmark {n}×{gpu} {w:?} missing"))
}

#[test]
fn rule_benchmark_gpu_exists() {
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).gpu = "a10-99".into(),
        |e| matches!(e, ValidationError::UnknownBenchmarkGpu { .. }),
    );
}

#[test]
fn rule_benchmark_throughput_and_count_positive() {
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).samples_per_sec = Decimal::ZERO,
        |e| {
            matches!(
                e,
                ValidationError::NonPositive {
                    field: "samples_per_sec",
                    ..
                }
            )
        },
    );
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::BertLarge).samples_per_sec = d("-1"),
        |e| {
            matches!(
                e,
                ValidationError::NonPositive {
                    field: "samples_per_sec",
                    ..
                }
            )
        },
    );
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).gpu_count = 0,
        |e| {
            matches!(
                e,
                ValidationError::NonPositive {
                    field: "gpu_count",
                    ..
                }
            )
        },
    );
}

#[test]
fn rule_benchmark_source_exists_and_as_of_present() {
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).source = "nope".into(),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).as_of = " ".into(),
        |e| matches!(e, ValidationError::EmptyAsOf { .. }),
    );
    assert_caught(
        |c| bench_mut(c, "a10", 1, Workload::Resnet50).as_of = "July 2024".into(),
        |e| matches!(e, ValidationError::UndatedPrice { .. }),
    );
}

#[test]
fn rule_benchmark_more_gpus_measure_more() {
    assert_caught(
        |c| bench_mut(c, "a100-80-sxm", 8, Workload::Resnet50).samples_per_sec = d("1000"),
        |e| matches!(e, ValidationError::BenchmarkNotMonotonic { .. }),
    );
}

#[test]
fn benchmarks_are_the_lambda_fp16_rows_for_catalog_gpus() {
    // 7 GPU models × 2 workloads at 1 GPU; 4 GPUs: A100 80 SXM, H100 SXM;
    // 8 GPUs: V100, A100 80 SXM, H100 SXM (two H100 systems) → (7 + 2 + 4) × 2 = 26;
    // plus 3 MLPerf Inference v4.1 Llama 2 70B Offline runs (8× H100, 8× H200, 1× B200)
    let c = cat();
    assert_eq!(c.benchmarks.len(), 29);
    let (train, serve): (Vec<_>, Vec<_>) = c
        .benchmarks
        .iter()
        .partition(|b| b.workload != Workload::Llama2_70bOffline);
    assert!(train.iter().all(|b| b.precision == Precision::Fp16Mixed
        && b.source == "lambda-bench"
        && b.as_of == "2024-07-24"));
    let tokens: Vec<(&str, u32, String)> = serve
        .iter()
        .map(|b| (b.gpu.as_str(), b.gpu_count, b.samples_per_sec.to_string()))
        .collect();
    assert_eq!(
        tokens,
        [
            ("h100-sxm", 8, "24524.9".to_string()),
            ("h200", 8, "31302.7".to_string()),
            ("b200", 1, "11264.4".to_string())
        ]
    );
    assert!(serve
        .iter()
        .all(|b| b.source == "mlperf-inf41" && b.as_of == "2024-08-28"));
    let src = c.source("lambda-bench").expect("source listed");
    assert!(src
        .reference
        .contains("@4e11f6891ada05d1b317309d9b72c6072aa166d1"));
    assert_eq!(
        bench_mut(&mut c.clone(), "a100-80-sxm", 1, Workload::Resnet50).samples_per_sec,
        d("1582")
    );
    // jobs are computed in the worker, from the whole catalog: the app's
    // data file carries no benchmark (nor its source)
    let lite = c.for_browser();
    assert!(lite.benchmarks.is_empty());
    assert!(lite.source("lambda-bench").is_none());
}

#[test]
fn rule_unknown_gpu() {
    assert_caught(
        |c| offer_mut(c, P4D).gpu = "a100-999".into(),
        |e| matches!(e, ValidationError::UnknownGpu { .. }),
    );
}

#[test]
fn rule_unknown_region() {
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            o.region = "mars-1".into();
            o.id = "aws:mars-1:p4d.24xlarge".into();
        },
        |e| matches!(e, ValidationError::UnknownRegion { .. }),
    );
}

#[test]
fn rule_unknown_price_source() {
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].source = "nowhere".into(),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
}

#[test]
fn rule_unknown_gpu_source() {
    assert_caught(
        |c| c.gpus[0].sources.push("nowhere".into()),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
}

#[test]
fn rule_unknown_fact_source() {
    assert_caught(
        |c| c.providers[0].facts[0].source = "nowhere".into(),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
}

#[test]
fn rule_currency_matches_region() {
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].currency = Currency::CNY,
        |e| matches!(e, ValidationError::CurrencyMismatch { .. }),
    );
    // AWS China bills in CNY: a USD price there is wrong.
    assert_caught(
        |c| offer_mut(c, "aws:cn-northwest-1:p4d.24xlarge").prices[0].currency = Currency::USD,
        |e| matches!(e, ValidationError::CurrencyMismatch { .. }),
    );
}

#[test]
fn rule_prices_positive() {
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].kind = PriceKind::OnDemand { hourly: d("0") },
        |e| matches!(e, ValidationError::NonPositive { .. }),
    );
    assert_caught(
        |c| {
            offer_mut(c, P4D).prices.push(Price {
                kind: PriceKind::Subscription { monthly: d("-1") },
                currency: Currency::USD,
                source: "tsaol".into(),
                as_of: "2026-01-21".into(),
                indicative: false,
                range_min: None,
                spot_exceeds_on_demand_sourced: false,
                split_unknown: false,
                interruption_band: None,
                interruption_monthly_pct: None,
                steps: Default::default(),
                note: None,
            })
        },
        |e| matches!(e, ValidationError::NonPositive { .. }),
    );
}

#[test]
fn rule_capacity_block_positive_and_a_band_only_on_spot() {
    assert_caught(
        |c| {
            let p = &mut offer_mut(c, "aws:us-east-1:p5.48xlarge").prices;
            for p in p.iter_mut() {
                if let PriceKind::CapacityBlock { hourly } = &mut p.kind {
                    *hourly = d("0");
                }
            }
        },
        |e| matches!(e, ValidationError::NonPositive { .. }),
    );
    assert_caught(
        |c| {
            offer_mut(c, P4D).prices[0].interruption_band =
                Some(gpucost::domain::catalog::SpotBand::Lt5)
        },
        |e| matches!(e, ValidationError::BandNotSpot { .. }),
    );
}

fn spot(c: &mut Catalog) -> &mut Price {
    offer_mut(c, P4D)
        .prices
        .iter_mut()
        .find(|p| matches!(p.kind, PriceKind::Spot { .. }))
        .expect("p4d has a spot price")
}

/// A published monthly interruption rate (Alibaba's `DescribeSpotAdvice`)
/// goes on a spot price only, never beside a band, within 0–99.99 %; a
/// good one passes.
#[test]
fn rule_a_published_interruption_rate_only_on_spot_without_a_band_in_range() {
    let invalid = |why: &'static str| move |e: &ValidationError| matches!(e, ValidationError::SpotRateInvalid { why: w, .. } if *w == why);
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].interruption_monthly_pct = Some(d("4.1")),
        invalid("on a price that is not spot"),
    );
    assert_caught(
        |c| {
            let p = spot(c);
            p.interruption_band = Some(gpucost::domain::catalog::SpotBand::Lt5);
            p.interruption_monthly_pct = Some(d("4.1"));
        },
        invalid("together with an interruption_band"),
    );
    for bad in ["100", "-0.1"] {
        assert_caught(
            |c| spot(c).interruption_monthly_pct = Some(d(bad)),
            invalid("outside 0–99.99 %"),
        );
    }
    for good in ["0", "4.1", "99.99"] {
        let mut c = cat();
        let p = spot(&mut c);
        p.interruption_band = None;
        p.interruption_monthly_pct = Some(d(good));
        let errs = errors_of(&c);
        assert!(
            !errs
                .iter()
                .any(|e| matches!(e, ValidationError::SpotRateInvalid { .. })),
            "{good}: {errs:#?}"
        );
    }
}

#[test]
fn rule_no_upfront_reserved_allows_zero_upfront() {
    let c = cat();
    let o = c.offer(P4D).unwrap();
    assert!(o.prices.iter().any(|p| matches!(
        p.kind,
        PriceKind::Reserved { term_months: 12, payment: Upfront::No, upfront, .. } if upfront.is_zero()
    )));
    assert!(validate(&c).is_empty());
}

#[test]
fn rule_spot_not_above_on_demand() {
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            for p in &mut o.prices {
                if let PriceKind::Spot { .. } = p.kind {
                    p.kind = PriceKind::Spot {
                        hourly_min: d("5"),
                        hourly_max: d("99"),
                    };
                }
            }
        },
        |e| matches!(e, ValidationError::SpotAboveOnDemand { .. }),
    );
}

#[test]
fn rule_spot_above_on_demand_allowed_when_sourced() {
    let mut c = cat();
    let o = offer_mut(&mut c, P4D);
    for p in &mut o.prices {
        if let PriceKind::Spot { .. } = p.kind {
            p.kind = PriceKind::Spot {
                hourly_min: d("5"),
                hourly_max: d("99"),
            };
            p.spot_exceeds_on_demand_sourced = true;
        }
    }
    assert!(validate(&c).is_empty());
}

#[test]
fn rule_spot_min_le_max() {
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            for p in &mut o.prices {
                if let PriceKind::Spot { .. } = p.kind {
                    p.kind = PriceKind::Spot {
                        hourly_min: d("9"),
                        hourly_max: d("5"),
                    };
                }
            }
        },
        |e| matches!(e, ValidationError::SpotMinAboveMax { .. }),
    );
}

#[test]
fn rule_price_has_as_of() {
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].as_of = " ".into(),
        |e| matches!(e, ValidationError::EmptyAsOf { .. }),
    );
}

#[test]
fn rule_every_price_is_dated() {
    for bad in [
        "undated",
        "2025-05 (est.)",
        "2025-13",
        "26-01-21",
        "2026-02-30",
    ] {
        assert_caught(
            |c| offer_mut(c, P4D).prices[0].as_of = bad.into(),
            |e| matches!(e, ValidationError::UndatedPrice { .. }),
        );
    }
    // History and reference prices need a date too.
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            let mut p = o.prices[0].clone();
            p.as_of = "undated".into();
            o.price_history.push(p);
        },
        |e| matches!(e, ValidationError::UndatedPrice { .. }),
    );
    assert_eq!(as_of_days("1970-01-01"), Some(0));
    assert_eq!(as_of_days("2026-11-30"), Some(20_787));
    assert_eq!(as_of_days("2026-11"), as_of_days("2026-11-01"));
    assert_eq!(as_of_days("2024"), as_of_days("2024-01-01"));
    assert_eq!(
        as_of_days("2024-02-29").map(|d| d + 1),
        as_of_days("2024-03-01")
    );
    assert_eq!(as_of_days("2025-02-29"), None);
}

#[test]
fn every_provider_fact_is_dated_and_none_cites_a_dropped_source() {
    let c = cat();
    // Generated pages and unrelated mirrors (review of issue #9): no fact may rest on them.
    let dropped = ["az-apiev", "aws-cb", "aws-support", "aws-spot90", "az-zenn"];
    for p in &c.providers {
        for f in &p.facts {
            assert!(
                as_of_days(&f.as_of).is_some(),
                "{}/{}: {:?}",
                p.id.code(),
                f.topic,
                f.as_of
            );
            assert!(
                !dropped.contains(&&*f.source),
                "{}/{}",
                p.id.code(),
                f.topic
            );
        }
    }
    // Subscription discounts are per family, derived from the catalog's prices.
    let subs = |id: ProviderId| {
        c.provider(id)
            .unwrap()
            .facts
            .iter()
            .filter(|f| f.topic == "subscription_discount")
            .map(|f| f.text_en.to_string())
            .collect::<Vec<_>>()
    };
    let ali = subs(ProviderId::Alibaba);
    assert!(ali
        .iter()
        .any(|t| t.starts_with("gn6i:") && t.contains("(−61 %)")));
    assert!(ali
        .iter()
        .any(|t| t.starts_with("gn7:") && t.contains("(−34 %)")));
    let tc = subs(ProviderId::Tencent);
    assert!(tc
        .iter()
        .any(|t| t.starts_with("GN7:") && t.contains("(−61 %)")));
    assert!(tc
        .iter()
        .any(|t| t.starts_with("GT4:") && t.contains("(−34 %)")));
}

#[test]
fn every_price_in_the_catalog_is_dated() {
    let c = cat();
    for o in &c.offers {
        for p in o.prices.iter().chain(&o.price_history).chain(&o.alt_prices) {
            assert!(as_of_days(&p.as_of).is_some(), "{}: {:?}", o.id, p.as_of);
        }
    }
    for u in &c.usage_rates {
        assert!(as_of_days(&u.as_of).is_some(), "{:?}", u.as_of);
    }
}

#[test]
fn rule_no_memory_sentinel() {
    assert_caught(
        |c| c.gpus[0].memory_gb = Some(0),
        |e| matches!(e, ValidationError::MemorySentinel { .. }),
    );
    assert_caught(
        |c| offer_mut(c, P4D).gpu_memory_gb = Some(0),
        |e| matches!(e, ValidationError::MemorySentinel { .. }),
    );
    // An offer of a GPU with unknown memory must not state a total.
    let c = cat();
    let unk: Vec<&Offer> = c
        .offers
        .iter()
        .filter(|o| c.gpu(&o.gpu).is_some_and(|g| g.memory_gb.is_none()))
        .collect();
    assert!(unk.iter().all(|o| o.gpu_memory_gb.is_none()));
    assert_eq!(c.gpu("a100-sxm-unk").and_then(|g| g.memory_gb), None);
}

#[test]
fn rule_no_unverified_availability() {
    assert_caught(
        |c| offer_mut(c, P4D).note = Some("Availability not verified.".into()),
        |e| matches!(e, ValidationError::UnverifiedAvailability { .. }),
    );
    for o in &cat().offers {
        let n = o.note.clone().unwrap_or_default().to_ascii_lowercase();
        assert!(!n.contains("not verified in this region"), "{}", o.id);
    }
}

#[test]
fn rule_free_allowance_is_only_a_first_tier() {
    assert_caught(
        |c| {
            let u = c
                .usage_rates
                .iter_mut()
                .find(|u| u.tiers.len() > 2)
                .unwrap();
            u.tiers[1].price = Decimal::ZERO;
        },
        |e| matches!(e, ValidationError::BadTiers { .. }),
    );
    assert_caught(
        |c| {
            let u = c
                .usage_rates
                .iter_mut()
                .find(|u| u.tiers.len() == 1)
                .unwrap();
            u.tiers[0].price = Decimal::ZERO;
        },
        |e| matches!(e, ValidationError::BadTiers { .. }),
    );
}

#[test]
fn rule_duplicate_offer_id() {
    assert_caught(
        |c| {
            let o = c.offer(P4D).unwrap().clone();
            c.offers.push(o);
        },
        |e| matches!(e, ValidationError::DuplicateId { kind: "offer", .. }),
    );
}

#[test]
fn rule_duplicate_gpu_source_region_ids() {
    assert_caught(
        |c| {
            let g = c.gpus[0].clone();
            c.gpus.push(g);
        },
        |e| matches!(e, ValidationError::DuplicateId { kind: "gpu", .. }),
    );
    assert_caught(
        |c| {
            let s = c.sources[0].clone();
            c.sources.push(s);
        },
        |e| matches!(e, ValidationError::DuplicateId { kind: "source", .. }),
    );
    assert_caught(
        |c| {
            let r = c.regions[0].clone();
            c.regions.push(r);
        },
        |e| matches!(e, ValidationError::DuplicateId { kind: "region", .. }),
    );
}

#[test]
fn rule_sparse_is_twice_dense() {
    assert_caught(
        |c| {
            let g = c.gpus.iter_mut().find(|g| g.id == "a100-40-sxm").unwrap();
            g.fp16_tflops_sparse = Some(400.0);
        },
        |e| matches!(e, ValidationError::SparseNotDouble { .. }),
    );
}

#[test]
fn rule_gpu_memory_matches_count() {
    assert_caught(
        |c| offer_mut(c, P4D).gpu_memory_gb = Some(640),
        |e| matches!(e, ValidationError::GpuMemoryMismatch { .. }),
    );
}

#[test]
fn rule_gpu_count_positive() {
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            o.gpu_count = 0;
            o.gpu_memory_gb = None;
        },
        |e| matches!(e, ValidationError::ZeroGpuCount { .. }),
    );
}

#[test]
fn rule_region_provider_exists() {
    assert_caught(
        |c| c.providers.retain(|p| p.id != ProviderId::Tencent),
        |e| matches!(e, ValidationError::UnknownProvider { .. }),
    );
}

#[test]
fn rule_reserved_term() {
    assert_caught(
        |c| {
            for p in &mut offer_mut(c, P4D).prices {
                if let PriceKind::Reserved {
                    payment,
                    upfront,
                    hourly,
                    ..
                } = p.kind
                {
                    p.kind = PriceKind::Reserved {
                        term_months: 24,
                        payment,
                        upfront,
                        hourly,
                    };
                }
            }
        },
        |e| matches!(e, ValidationError::BadTerm { .. }),
    );
}

#[test]
fn rule_one_current_price_per_model() {
    assert_caught(
        |c| {
            let o = offer_mut(c, P4D);
            let p = o.prices[0].clone();
            o.prices.push(p);
        },
        |e| matches!(e, ValidationError::DuplicateCurrentPrice { .. }),
    );
}

#[test]
fn rule_offer_id_shape() {
    assert_caught(
        |c| offer_mut(c, P4D).id = "p4d".into(),
        |e| matches!(e, ValidationError::OfferIdMismatch { .. }),
    );
}

#[test]
fn rule_usage_tiers() {
    assert_caught(
        |c| {
            let u = c
                .usage_rates
                .iter_mut()
                .find(|u| u.tiers.len() > 2)
                .unwrap();
            u.tiers.swap(0, 1);
        },
        |e| matches!(e, ValidationError::BadTiers { .. }),
    );
}

// ---------------------------------------------------------------- required offers

fn has(c: &Catalog, p: ProviderId, region: &str, pred: impl Fn(&Offer) -> bool) -> bool {
    c.offers
        .iter()
        .any(|o| o.provider == p && o.region == region && pred(o))
}

#[test]
fn required_offers_exist() {
    let c = cat();
    let mut missing = Vec::new();
    let aws_types = [
        "p3.2xlarge",
        "p3.8xlarge",
        "p3.16xlarge",
        "p3dn.24xlarge",
        "p4d.24xlarge",
        "p5.48xlarge",
    ];
    for region in ["us-east-1", "ap-northeast-1"] {
        for t in aws_types {
            if !has(&c, ProviderId::Aws, region, |o| o.instance_type == t) {
                missing.push(format!("aws {region} {t}"));
            }
        }
        for fam in ["g4dn", "g5", "g6", "g6e"] {
            if !has(&c, ProviderId::Aws, region, |o| o.family == fam) {
                missing.push(format!("aws {region} {fam}"));
            }
        }
    }
    if !has(&c, ProviderId::Aws, "us-east-1", |o| {
        o.instance_type == "p4de.24xlarge"
    }) {
        missing.push("aws us-east-1 p4de.24xlarge".into());
    }
    for region in ["eastus", "westeurope"] {
        if !has(&c, ProviderId::Azure, region, |o| {
            o.instance_type == "Standard_ND96isr_H100_v5"
        }) {
            missing.push(format!("azure {region} ND96isr_H100_v5"));
        }
    }
    for t in [
        "Standard_NC4as_T4_v3",
        "Standard_NC64as_T4_v3",
        "Standard_NC24ads_A100_v4",
        "Standard_ND96asr_v4",
        "Standard_ND96amsr_A100_v4",
    ] {
        if !has(&c, ProviderId::Azure, "eastus", |o| o.instance_type == t) {
            missing.push(format!("azure eastus {t}"));
        }
    }
    if !has(&c, ProviderId::Azure, "japaneast", |o| {
        o.family == "NC_A100_v4"
    }) {
        missing.push("azure japaneast NC A100 v4".into());
    }
    // 2026 hardware with sourced prices.
    for t in [
        "p6-b200.48xlarge",
        "p6-b300.48xlarge",
        "p5.4xlarge",
        "g6.12xlarge",
        "g6.16xlarge",
        "g7e.48xlarge",
        "trn1.32xlarge",
        "trn1n.32xlarge",
        "inf2.48xlarge",
    ] {
        if !has(&c, ProviderId::Aws, "us-east-1", |o| o.instance_type == t) {
            missing.push(format!("aws us-east-1 {t}"));
        }
    }
    for region in ["eastus2", "japaneast", "southeastasia"] {
        if !has(&c, ProviderId::Azure, region, |o| {
            o.instance_type == "Standard_ND96isr_H200_v5"
        }) {
            missing.push(format!("azure {region} ND96isr_H200_v5"));
        }
    }
    for region in ["eastus", "westeurope"] {
        if !has(&c, ProviderId::Azure, region, |o| o.family == "NC_H100_v5") {
            missing.push(format!("azure {region} NC H100 v5"));
        }
    }
    // Alibaba: cn-shanghai is the only region a source confirms (availability.csv);
    // the former cn-hangzhou/cn-beijing copies were unverified and are gone. gn8is is gone too:
    // its only source is a quote for "Shanghai or Shenzhen" (review 2026-11-30, finding 4).
    for fam in ["gn6i", "gn6v", "gn6e", "gn7", "gn7i", "gn7e", "ebmgn7e"] {
        if !has(&c, ProviderId::Alibaba, "cn-shanghai", |o| o.family == fam) {
            missing.push(format!("alibaba cn-shanghai {fam}"));
        }
    }
    for region in ["ap-guangzhou", "ap-shanghai", "ap-beijing"] {
        for fam in ["GN7", "GN10X", "GN10Xp", "GT4", "PNV4"] {
            if !has(&c, ProviderId::Tencent, region, |o| o.family == fam) {
                missing.push(format!("tencent {region} {fam}"));
            }
        }
    }
    assert!(missing.is_empty(), "missing offers: {missing:?}");
}

#[test]
fn required_gpus_exist_with_sources() {
    let c = cat();
    for id in [
        "a100-40-sxm",
        "a100-80-sxm",
        "a100-40-pcie",
        "v100-16-sxm2",
        "t4",
        "a10",
        "a10g",
        "l4",
        "l40s",
        "h100-sxm",
        "h100-pcie",
        "h200",
        "h800",
        "a800-80-sxm",
        "l20",
        "h20",
        "mi250x",
        "mi300x",
    ] {
        let g = c.gpu(id).unwrap_or_else(|| panic!("GPU {id} missing"));
        assert!(!g.sources.is_empty(), "{id} has no sources");
    }
    for o in &c.offers {
        assert!(c.gpu(&o.gpu).is_some());
    }
}

#[test]
fn aws_post_cut_prices_are_current_and_pre_cut_in_history() {
    let c = cat();
    let o = c.offer(P4D).unwrap();
    assert_eq!(on_demand_hourly(o), Some(d("21.957642")));
    assert!(o
        .price_history
        .iter()
        .any(|p| matches!(p.kind, PriceKind::OnDemand { hourly } if hourly == d("32.7726"))));
    let p5 = c.offer("aws:us-east-1:p5.48xlarge").unwrap();
    assert_eq!(on_demand_hourly(p5), Some(d("55.04")));
}

#[test]
fn unpriced_offers_have_no_invented_prices() {
    let c = cat();
    for id in [
        "tencent:ap-guangzhou:PNV4.7XLARGE116",
        "tencent:ap-shanghai:PNV4.28XLARGE466",
    ] {
        let o = c.offer(id).unwrap_or_else(|| panic!("{id} missing"));
        assert!(o.prices.is_empty(), "{id} should be unpriced");
    }
}

#[test]
fn offers_without_a_region_source_are_gone() {
    let c = cat();
    for id in [
        "alibaba:cn-hangzhou:ecs.gn7-c13g1.26xlarge",
        "alibaba:cn-beijing:ecs.ebmgn8v.48xlarge",
        "alibaba:us-east-1:ecs.gn6v-c8g1.2xlarge",
        "tencent:ap-shanghai:HCCPNV4h",
        "aws:us-east-1:trn2.48xlarge",
    ] {
        assert!(c.offer(id).is_none(), "{id} should not be offered");
    }
    assert!(c
        .offers
        .iter()
        .all(|o| o.provider != ProviderId::Alibaba || o.region == "cn-shanghai"));
}

#[test]
fn spot_artefacts_are_not_current_prices() {
    let c = cat();
    // min = max = exactly 10 % of on-demand (placeholder).
    assert!(c
        .offer("aws:us-east-1:trn1n.32xlarge")
        .unwrap()
        .spot()
        .is_none());
    // Spot equal to the list price (flagged unverified in the source).
    for id in [
        "azure:japaneast:Standard_ND96isr_H200_v5",
        "azure:southeastasia:Standard_ND96isr_H200_v5",
        "aws:ap-southeast-1:p4de.24xlarge",
    ] {
        assert!(c.offer(id).unwrap().spot().is_none(), "{id}");
    }
    // The newest dated spot snapshot is current, with its own date.
    let p4d = c.offer(P4D).unwrap().spot().unwrap();
    assert_eq!(&*p4d.as_of, "2026-10-10");
    assert!(matches!(p4d.kind, PriceKind::Spot { hourly_max, .. } if hourly_max == d("17.0847")));
    let g4 = c
        .offer("aws:us-east-1:g4dn.xlarge")
        .unwrap()
        .spot()
        .unwrap();
    assert_eq!(&*g4.as_of, "2025-11-30");
    // No current spot comes from the undated SkyPilot snapshot.
    for o in &c.offers {
        if let Some(s) = o.spot() {
            assert!(!s.source.starts_with("sky-"), "{}", o.id);
        }
    }
}

#[test]
fn aws_reservations_cover_every_term_and_payment() {
    let c = cat();
    let o = c.offer(P4D).unwrap();
    for term in [12, 36] {
        for pay in [Upfront::No, Upfront::Partial, Upfront::All] {
            assert!(
                o.prices.iter().any(|p| matches!(p.kind,
                    PriceKind::Reserved { term_months, payment, .. } if term_months == term && payment == pay)),
                "p4d {term} {pay:?}"
            );
        }
    }
    let p5 = c.offer("aws:us-east-1:p5.48xlarge").unwrap();
    assert!(p5.prices.iter().any(|p| matches!(p.kind,
        PriceKind::SavingsPlan { term_months: 36, hourly, .. } if hourly == d("23.77728"))));
}

// ---------------------------------------------------------------- known-wrong claims

#[test]
fn claim_a10_has_24gb_not_40() {
    let c = cat();
    assert_eq!(c.gpu("a10").unwrap().memory_gb, Some(24));
    assert!(!c
        .gpus
        .iter()
        .any(|g| g.name.contains("A10 ") && g.memory_gb == Some(40)));
    // A10 FP16 tensor is 125 dense / 250 sparse (156 is the A100 TF32 dense figure).
    let a10 = c.gpu("a10").unwrap();
    assert_eq!(a10.fp16_tflops_dense, Some(125.0));
    assert_eq!(a10.fp16_tflops_sparse, Some(250.0));
    assert_eq!(c.gpu("a100-40-sxm").unwrap().tf32_tflops_dense, Some(156.0));
}

#[test]
fn claim_p4d_is_a100_40gb_and_p4de_is_80gb() {
    let c = cat();
    for o in c.offers.iter().filter(|o| o.family == "p4d") {
        assert_eq!(o.gpu, "a100-40-sxm", "{}", o.id);
        assert_eq!(o.gpu_memory_gb, Some(320));
    }
    for o in c.offers.iter().filter(|o| o.family == "p4de") {
        assert_eq!(o.gpu, "a100-80-sxm", "{}", o.id);
        assert_eq!(o.gpu_memory_gb, Some(640));
    }
}

#[test]
fn claim_8x_a100_fp32_is_156_not_312() {
    let c = cat();
    let o = c.offer(P4D).unwrap();
    let g = c.gpu(&o.gpu).unwrap();
    let total = g.fp32_tflops.unwrap() * o.gpu_count as f64;
    assert!((total - 156.0).abs() < 1e-9, "got {total}");
    // 312 is the single-GPU FP16/BF16 dense tensor figure.
    assert_eq!(g.fp16_tflops_dense, Some(312.0));
}

#[test]
fn claim_p3_2xlarge_and_p3_16xlarge_prices() {
    let c = cat();
    // $3.06/h for p3.2xlarge us-east-1 is correct; $24.48 is p3.16xlarge, not p4d.
    assert_eq!(
        on_demand_hourly(c.offer("aws:us-east-1:p3.2xlarge").unwrap()),
        Some(d("3.06"))
    );
    assert_eq!(
        on_demand_hourly(c.offer("aws:us-east-1:p3.16xlarge").unwrap()),
        Some(d("24.48"))
    );
    assert_ne!(on_demand_hourly(c.offer(P4D).unwrap()), Some(d("24.48")));
    assert_ne!(on_demand_hourly(c.offer(P4D).unwrap()), Some(d("10.56")));
}

#[test]
fn claim_aliyun_gn7_is_a100_gn7i_is_a10_gn6i_is_t4() {
    let c = cat();
    let fam_gpus = |fam: &str| -> Vec<GpuId> {
        c.offers
            .iter()
            .filter(|o| o.provider == ProviderId::Alibaba && o.family == fam)
            .map(|o| o.gpu.clone())
            .collect()
    };
    for (fam, gpus) in [
        ("gn7", &["a100-40-sxm"][..]),
        ("gn7i", &["a10"][..]),
        ("gn6i", &["t4"][..]),
        ("gn6v", &["v100-16-sxm2"][..]),
        ("gn6e", &["v100-32-sxm2"][..]),
    ] {
        let got = fam_gpus(fam);
        assert!(!got.is_empty(), "{fam} has no offers");
        assert!(
            got.iter().all(|g| gpus.contains(&g.as_str())),
            "{fam}: {got:?}"
        );
    }
}

#[test]
fn claim_tencent_gn10x_is_v100_only() {
    let c = cat();
    let gn10: Vec<_> = c
        .offers
        .iter()
        .filter(|o| {
            o.provider == ProviderId::Tencent && (o.family == "GN10X" || o.family == "GN10Xp")
        })
        .collect();
    assert!(!gn10.is_empty());
    for o in gn10 {
        assert_eq!(o.gpu, "v100-32-sxm2", "{}", o.id);
    }
    // No Tencent offer uses MI250X; GT4 is the A100 family.
    assert!(!c
        .offers
        .iter()
        .any(|o| o.provider == ProviderId::Tencent && o.gpu == "mi250x"));
    assert!(c
        .offers
        .iter()
        .filter(|o| o.family == "GT4")
        .all(|o| o.gpu == "a100-40-sxm"));
}

#[test]
fn azure_nd_h100_has_8_gpus_and_no_suspect_spot() {
    let c = cat();
    let o = c.offer("azure:eastus:Standard_ND96isr_H100_v5").unwrap();
    assert_eq!(o.gpu_count, 8);
    assert!(o.spot().is_none());
}

#[test]
fn fx_default_is_sourced() {
    let c = cat();
    assert_eq!(c.fx.cny_per_usd, d("7.1875"));
    assert!(c.source(&c.fx.source).is_some());
}

#[test]
fn promotions_are_sourced_and_dated() {
    let c = cat();
    assert!(!c.promotions.is_empty());
    for p in &c.promotions {
        assert!(c.source(&p.source).is_some(), "{}", p.name);
        assert!(as_of_days(&p.as_of).is_some(), "{}", p.name);
    }
    assert_caught(
        |c| c.promotions[0].as_of = "undated".into(),
        |e| matches!(e, ValidationError::UndatedPrice { .. }),
    );
    assert_caught(
        |c| c.promotions[0].source = "nowhere".into(),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
}

#[test]
fn stale_is_more_than_12_months_before_the_dataset() {
    let c = cat();
    assert_eq!(c.as_of, "2026-11-30");
    assert!(!c.is_stale("2026-10-10"));
    assert!(!c.is_stale("2025-11-30")); // exactly 365 days
    assert!(c.is_stale("2025-11-29"));
    assert!(c.is_stale("2024-12"));
    assert!(c.is_stale("undated"));
    // The Tencent list (as_of lower bound 2021) is stale; the p4d price is not.
    let gt4 = c.offer("tencent:ap-guangzhou:GT4.4XLARGE96").unwrap();
    assert!(c.is_stale(&gt4.on_demand().unwrap().as_of));
    assert!(!c.is_stale(&c.offer(P4D).unwrap().on_demand().unwrap().as_of));
}

/// The browser form of the catalog ships in the first-load wasm (budget
/// 250 KB gzip): print its size and stop silent growth. Before the network
/// and accelerator facts (issue 25) it was 42,528 bytes (14,072 gzip -9),
/// after them 46,086 (15,085); the native build embeds the whole catalog
/// (notes, SLAs, per-field sources included): 96,556 bytes before, 112,064
/// after. The sources' Chinese dates and notes (issue 48 point 14, the
/// worker's data only) took it from 115,292 to 123,876 bytes. The public
/// IPv4 rates and their three sources (issue 49 point 2, the worker's data
/// only: the browser form is unchanged) took it to 129,516 bytes.
#[test]
fn embedded_binary_size() {
    let full = gpucost::domain::embedded::CATALOG_BIN.len();
    let browser = gpucost::domain::wire::encode(&cat().for_browser()).len();
    eprintln!("embedded catalog: {full} bytes (browser form {browser} bytes)");
    assert!(
        full < 130_000 && browser < 50_000,
        "embedded catalog grew to {full} bytes (browser {browser}): check the wasm budget"
    );
}

#[test]
fn fact_claims_are_in_the_advise_vocabulary_and_each_platform_is_claimed() {
    let c = Catalog::embedded_full().unwrap();
    assert!(validate(&c).is_empty());
    let claims: Vec<&str> = c
        .providers
        .iter()
        .flat_map(|p| {
            p.facts
                .iter()
                .flat_map(|f| f.claims.iter().map(String::as_str))
        })
        .collect();
    for want in [
        "mlp:sagemaker",
        "mlp:azureml",
        "mlp:pai",
        "mlp:tione",
        "fw:pytorch",
        "icp:mainland",
    ] {
        assert!(claims.contains(&want), "{want}");
    }
    assert_caught(
        |c| {
            c.providers[0].facts.push(Fact {
                topic: "frameworks".into(),
                text_en: "x".into(),
                text_zh: "x".into(),
                source: c.fx.source.clone(),
                as_of: "2026-11-30".into(),
                claims: vec!["fw:cobol".into()],
                applies_to: Vec::new(),
            })
        },
        |e| matches!(e, ValidationError::UnknownClaim { claim, .. } if claim == "fw:cobol"),
    );
}

/// Issue 25: the network, SLA and accelerator facts and the partial-upfront
/// flag are checked like every other figure.
#[test]
fn rule_network_sla_accelerator_and_split_facts() {
    let c = cat();
    // every offer has its network fact (supplement 2026-12 covers every type)
    assert!(c.offers.iter().all(|o| o.net.is_some()));
    let p4d = c.offer(P4D).unwrap().net.as_ref().unwrap();
    assert_eq!(
        (p4d.gbps, p4d.rdma, p4d.gpu_link, p4d.as_of.as_str()),
        (d("400"), RdmaKind::Efa, GpuLink::NvSwitch, "2026-01-21")
    );
    // 206 research partial-upfront prices carry the flag, and only those
    let flagged = c
        .offers
        .iter()
        .flat_map(|o| &o.prices)
        .filter(|p| p.split_unknown)
        .count();
    assert_eq!(flagged, 206);
    // Alibaba's SLA figures are kept undated, never as dated ones
    let ali = c.provider(ProviderId::Alibaba).unwrap();
    assert!(ali.sla.iter().all(|s| s.undated && s.as_of.is_none()));
    assert_caught(
        |c| offer_mut(c, P4D).prices[0].split_unknown = true,
        |e| matches!(e, ValidationError::SplitUnknownMisplaced { .. }),
    );
    assert_caught(
        |c| offer_mut(c, P4D).net.as_mut().unwrap().source = "nope".into(),
        |e| matches!(e, ValidationError::UnknownSource { .. }),
    );
    assert_caught(
        |c| offer_mut(c, P4D).net.as_mut().unwrap().as_of = "recent".into(),
        |e| matches!(e, ValidationError::UndatedPrice { .. }),
    );
    assert_caught(
        |c| {
            let g = c.gpus.iter_mut().find(|g| g.id == "inferentia2").unwrap();
            g.kind_source = None;
        },
        |e| matches!(e, ValidationError::AcceleratorUnsourced { .. }),
    );
    assert_caught(
        |c| c.providers[2].sla[0].as_of = Some("2024".into()),
        |e| matches!(e, ValidationError::BadSla { .. }),
    );
    assert_caught(
        |c| c.providers[0].sla[0].pct = d("100.5"),
        |e| matches!(e, ValidationError::BadSla { .. }),
    );
}

/// Issue 25 point 7: the fields a vendor document states differently from
/// the reference CSV carry that document, and the rounded figure is gone.
#[test]
fn vendor_figures_cited_per_field() {
    let c = cat();
    let g = |id: &str| c.gpu(id).unwrap();
    let h100 = g("h100-sxm");
    assert_eq!(
        (h100.fp16_tflops_dense, h100.fp16_tflops_sparse),
        (Some(989.4), Some(1978.9))
    );
    assert_eq!(g("h200").fp16_tflops_dense, Some(989.4));
    assert_eq!(g("h100-pcie").memory_type.as_deref(), Some("HBM2e"));
    assert_eq!(g("mi300x").fp16_tflops_dense, Some(1307.4));
    assert!(h100
        .field_sources
        .iter()
        .any(|f| f.field == "fp16" && f.source == "gk-h100"));
    let ndm = c.offer("azure:eastus:Standard_ND96amsr_A100_v4").unwrap();
    assert_eq!(ndm.ram_gib, d("1900"));
    assert!(ndm.spec_sources.iter().any(|s| s == "az-ndm-doc"));
    // what the accelerator is, from the vendor's docs
    let inf = g("inferentia2");
    assert_eq!(inf.kind, AcceleratorKind::Inferentia);
    assert!(!inf.can(AcceleratorUse::Training) && inf.can(AcceleratorUse::Inference));
    assert_eq!(inf.runs_framework("fw:paddle"), Some(false));
    assert_eq!(g("a100-40-sxm").runs_framework("fw:paddle"), None);
}

/// A source's Chinese date or note must still translate its English: a
/// translation made for an earlier date, a "undated" not said as 无日期,
/// or a note_zh without a note is refused (issue 48 point 14).
#[test]
fn rule_source_translations_follow_their_english() {
    // a dated source with a Chinese date
    fn dated(c: &mut Catalog) -> &mut Source {
        c.sources
            .iter_mut()
            .find(|s| s.as_of_zh.is_some() && !s.as_of.starts_with("undated"))
            .unwrap()
    }
    // (what is changed in the English, the translation that no longer follows)
    type Case = (fn(&mut Catalog), &'static str);
    let cases: [Case; 3] = [
        (|c| dated(c).as_of = "2031-01-01".into(), "as_of_zh"),
        (|c| dated(c).as_of = "undated".into(), "as_of_zh"),
        (
            |c| {
                c.sources
                    .iter_mut()
                    .find(|s| s.note_zh.is_some())
                    .unwrap()
                    .note = None
            },
            "note_zh",
        ),
    ];
    for (mutate, want) in cases {
        assert_caught(
            mutate,
            |e| matches!(e, ValidationError::Untranslated { field, .. } if *field == want),
        );
    }
}
