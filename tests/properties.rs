//! Property tests (proptest) on the fixture catalog.
#![cfg(not(target_arch = "wasm32"))] // native tests; the wasm build runs src/ui tests
use std::collections::BTreeMap;
use std::str::FromStr;

mod support;

use gpucost::domain::catalog::{
    Catalog, Currency, GpuId, OfferId, ProviderId, RegionGroup, UsageKind,
};
use gpucost::domain::compare::view::{
    Column, CompareView as View, Fabric, Sort, TflopsKind, TimeUnit,
};
use gpucost::domain::money::Money;
use gpucost::domain::scenario::{
    AssumedDiscount, BillingModel, InterruptionRate, RegionRef, Scenario, StudentPrice,
};
use gpucost::domain::tco::quote;
use proptest::prelude::*;
use rust_decimal::Decimal;
use support::{only_no_match, parse_query, to_query, Parsed};

fn fixture() -> Catalog {
    Catalog::from_json(include_str!("fixtures/catalog.json")).unwrap()
}

fn dec(units: i64, scale: u32) -> Decimal {
    Decimal::new(units, scale)
}

fn base(offer: &str, models: Vec<BillingModel>) -> Scenario {
    Scenario {
        offers: Some(vec![OfferId::from(offer)]),
        billing_models: models,
        ..Scenario::default()
    }
}

const OFFERS: [&str; 6] = [
    "aws:us-east-1:p4d.24xlarge",
    "aws:us-east-1:p3.2xlarge",
    "azure:eastus:Standard_ND96asr_v4",
    "azure:westeurope:Standard_ND96isr_H100_v5",
    "alibaba:cn-shanghai:ecs.gn7-c13g1.26xlarge",
    "tencent:ap-guangzhou:GT4.4XLARGE96",
];

fn disc(d: Option<i64>) -> Option<AssumedDiscount> {
    d.map(|n| AssumedDiscount {
        no_upfront_pct: Decimal::from(n),
        partial_upfront_pct: None,
        all_upfront_pct: None,
    })
}

fn totals(c: &Catalog, s: &Scenario) -> Vec<Option<Decimal>> {
    quote(c, s).unwrap().offers[0]
        .models
        .iter()
        .map(|m| m.total.map(|t| t.amount()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn monotone_in_hours_and_months(
        oi in 0usize..6, h1 in 0i64..74400, dh in 0i64..10000, m1 in 1u32..40, dm in 0u32..20,
        disc in proptest::option::of(0i64..100),
    ) {
        let c = fixture();
        let mut s = base(OFFERS[oi], vec![]);
        s.assumed_discount = self::disc(disc);
        s.hours_per_month = dec(h1, 2);
        s.months = m1;
        let a = totals(&c, &s);
        s.hours_per_month = dec((h1 + dh).min(74400), 2);
        let b = totals(&c, &s);
        s.months = m1 + dm;
        let cc = totals(&c, &s);
        for i in 0..a.len() {
            if let (Some(x), Some(y), Some(z)) = (a[i], b[i], cc[i]) {
                prop_assert!(x <= y, "hours: {x} > {y} ({i})");
                prop_assert!(y <= z, "months: {y} > {z} ({i})");
            }
        }
    }

    #[test]
    fn lines_sum_to_total_and_months_split(
        oi in 0usize..6, h in 0i64..744, m1 in 1u32..30, m2 in 1u32..30,
        disc in proptest::option::of(0i64..100), xr in 0i64..5000,
    ) {
        let c = fixture();
        let mut s = base(OFFERS[oi], vec![]);
        s.assumed_discount = self::disc(disc);
        s.hours_per_month = Decimal::from(h);
        s.data.cross_region_gb = Decimal::from(xr);
        s.months = m1 + m2;
        let whole = quote(&c, &s).unwrap();
        s.months = m1;
        let first = quote(&c, &s).unwrap();
        s.months = m2;
        let second = quote(&c, &s).unwrap();
        for (k, m) in whole.offers[0].models.iter().enumerate() {
            let Some(t) = m.total else { continue };
            let sum: Decimal = m.lines().iter().map(|l| l.total).sum();
            prop_assert_eq!(sum, t.amount());
            for l in &m.lines() {
                // data is unknown exactly when a rate is missing, and then
                // the total counts what is priced of it
                prop_assert_eq!(l.data.is_none(), !m.complete());
                match l.data {
                    Some(d) => prop_assert_eq!(l.upfront + l.usage + l.commitment + d + l.credits, l.total),
                    None => prop_assert!(l.upfront + l.usage + l.commitment + l.credits <= l.total),
                }
            }
            // the first m1 months don't depend on the horizon
            let f = &first.offers[0].models[k];
            prop_assert_eq!(&m.lines()[..m1 as usize], &f.lines()[..]);
            // pay-as-you-go models (and a monthly subscription) concatenate
            if m.model.term_months().is_none_or(|t| t == 1) {
                let sec = second.offers[0].models[k].total.unwrap().amount();
                prop_assert_eq!(t.amount(), f.total.unwrap().amount() + sec);
            }
        }
    }

    #[test]
    fn currency_round_trip(cents in 0i64..10_000_000_000, fx in 1i64..10_000_000) {
        let fx = dec(fx, 4); // 0.0001 – 999.9999 CNY per USD
        let usd = Money::new(dec(cents, 2), Currency::USD);
        let back = usd.convert(Currency::CNY, fx).unwrap().convert(Currency::USD, fx).unwrap();
        prop_assert_eq!(back.rounded(), usd.rounded());
        let cny = Money::new(dec(cents, 2), Currency::CNY);
        let back = cny.convert(Currency::USD, fx).unwrap().convert(Currency::CNY, fx).unwrap();
        prop_assert_eq!(back.rounded(), cny.rounded());
    }

    #[test]
    fn parse_never_panics_and_quote_accepts_it(s in ".{0,200}") {
        let c = fixture();
        let st = parse_query(&s, &c);
        prop_assert!(quote(&c, &st.scenario).is_ok());
    }

    #[test]
    fn key_value_soup_never_panics(
        pairs in proptest::collection::vec((
            prop::sample::select(vec!["v","gpu","gpus","vram","h","m","p","rg","r","o","cur","fx","bm","si","sih","ck","ro","job","dl","mix","mixb","fmd","cr","crx","stu","stucap","eg","xr","st","bd","bw","ip","up","ur","disc","q","maxp","sort","cols","tu","tf","sel","page","zz"]),
            prop::sample::select(vec!["0","1","2","-3","744","745","abc","1e5","99999999999999999999999999999999","0.0000001","0.01","0.009","100","99.99","50off","500usd","3000CNY","1.5cny","lt5","gt20","10-15","aws","USD","CNY","a100-40gb","aws:us-east-1:p4d.24xlarge","aws:us-east-1:p4d.24xlarge~1.5","azure:eastus:eg~0.087","tencent:ap-guangzhou:xr~0.5","typo:typo","40,45,50","40,x,1","-hourly","%ZZ","NaN","inf","","ri1n","ri3a","sub","od","spot"]),
        ), 0..12)
    ) {
        let c = fixture();
        let q: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let st = parse_query(&q.join("&"), &c);
        prop_assert!(st.scenario.validate(&c).is_ok());
        prop_assert!(quote(&c, &st.scenario).is_ok());
        // re-serializing a parsed state is stable
        let again = parse_query(&to_query(&st), &c);
        prop_assert!(only_no_match(&again.notices, &st.scenario), "{:?}", again.notices);
        prop_assert_eq!(again.scenario, st.scenario);
        prop_assert_eq!(again.view, st.view);
    }

    #[test]
    fn decision_cost_never_below_paid_in_horizon(st in valid_state()) {
        let c = fixture();
        let Ok(r) = quote(&c, &st.scenario) else { return Ok(()) };
        for o in &r.offers {
            for m in &o.models {
                if let (Some(t), Some(dc)) = (m.total, m.decision_cost) {
                    prop_assert!(dc.amount() >= t.amount(), "{} {:?}", o.offer, m.model);
                    prop_assert!(m.still_owed >= Decimal::ZERO);
                }
            }
        }
    }

    #[test]
    fn adding_a_promotion_never_raises_a_total(
        oi in 0usize..6, h in 0i64..744, m in 1u32..40, gpus in 1u32..20,
        fmd in 0i64..=100, credit in 0i64..10_000_000, crx in proptest::option::of(1u32..=60),
        student in proptest::option::of((any::<bool>(), 0i64..100_000)), cap in 0i64..=240,
        disc in proptest::option::of(0i64..100), cny in any::<bool>(),
    ) {
        let c = fixture();
        let mut s = base(OFFERS[oi], vec![]);
        s.assumed_discount = self::disc(disc);
        s.hours_per_month = Decimal::from(h);
        s.months = m;
        s.min_gpus = gpus;
        if cny { s.currency = Currency::CNY; }
        let before = quote(&c, &s).unwrap();
        s.promotions.first_month_discount_pct = Decimal::from(fmd);
        s.promotions.credit = Some(Money::new(dec(credit, 2), Currency::CNY));
        s.promotions.credit_expiry_month = crx;
        s.promotions.student = student.map(|(hourly, v)| {
            if hourly {
                StudentPrice::Hourly(Money::new(dec(v, 2), Currency::USD))
            } else {
                StudentPrice::DiscountPct(Decimal::from(v % 101))
            }
        });
        s.promotions.student_daily_cap_hours = dec(cap, 1);
        let after = quote(&c, &s).unwrap();
        for (a, b) in after.offers[0].models.iter().zip(&before.offers[0].models) {
            if let (Some(x), Some(y)) = (a.decision_cost, b.decision_cost) {
                prop_assert!(x.amount() <= y.amount(), "{:?}: {} > {}", a.model, x.amount(), y.amount());
            }
            if let (Some(x), Some(y)) = (a.total, b.total) {
                prop_assert!(x.amount() <= y.amount(), "{:?} paid: {} > {}", a.model, x.amount(), y.amount());
            }
        }
    }

    #[test]
    fn ranking_independent_of_payment_timing_for_equal_contracts(
        cents in 1i64..100_000, h in 0i64..744, m in 1u32..=60, credit in 0i64..10_000_000,
        xr in 0i64..5000,
    ) {
        // One contract paid three ways: no upfront X/h every hour; partial:
        // half the term upfront and X/2 per hour; all upfront: the whole term.
        // X in cents keeps every monthly figure a whole number of cents.
        // Without a credit the three cost the same. With one, on AWS (whose
        // credits can't pay an upfront: billing/rules.rs) the more is paid
        // upfront the less the credit can pay: never cheaper.
        let mut c = fixture();
        let x = dec(cents, 2);
        let term_cost = x * Decimal::from(8760);
        let mut o = c.offers[1].clone();
        o.id = "aws:us-east-1:equal.contract".into();
        let p0 = o.prices[0].clone();
        let ri = |payment, upfront, hourly| gpucost::domain::catalog::Price {
            kind: gpucost::domain::catalog::PriceKind::Reserved { term_months: 12, payment, upfront, hourly },
            ..p0.clone()
        };
        use gpucost::domain::catalog::Upfront;
        o.prices = vec![
            p0.clone(),
            ri(Upfront::No, Decimal::ZERO, x),
            ri(Upfront::Partial, term_cost / Decimal::TWO, x / Decimal::TWO),
            ri(Upfront::All, term_cost, Decimal::ZERO),
        ];
        c.offers.push(o);
        let mut s = base("aws:us-east-1:equal.contract", vec![BillingModel::Ri1No, BillingModel::Ri1Partial, BillingModel::Ri1All]);
        s.hours_per_month = Decimal::from(h);
        s.months = m;
        s.data.cross_region_gb = Decimal::from(xr);
        let costs = |s: &gpucost::domain::scenario::Scenario| -> Vec<Decimal> {
            let r = quote(&c, s).unwrap();
            r.offers[0].models.iter().map(|q| q.decision_cost.unwrap().amount()).collect()
        };
        let d = costs(&s);
        prop_assert_eq!(d[0], d[1]);
        prop_assert_eq!(d[1], d[2]);
        if credit > 0 {
            s.promotions.credit = Some(Money::new(dec(credit, 2), Currency::USD));
            let d = costs(&s);
            prop_assert!(d[0] <= d[1] && d[1] <= d[2], "{:?}", d);
        }
    }

    #[test]
    fn link_round_trip(st in valid_state()) {
        let c = fixture();
        let q = to_query(&st);
        let back = parse_query(&q, &c);
        prop_assert_eq!(back, st, "{}", q);
    }
}

fn opt_dec(max: i64, scale: u32) -> impl Strategy<Value = Option<Decimal>> {
    proptest::option::of((1..=max).prop_map(move |v| dec(v, scale)))
}

fn valid_state() -> impl Strategy<Value = Parsed> {
    let gpus = prop::sample::subsequence(vec!["a100-40gb", "v100-16gb", "h100-80gb"], 0..=3);
    let provs = prop::sample::subsequence(ProviderId::ALL.to_vec(), 0..=4);
    let rgs = prop::sample::subsequence(RegionGroup::ALL.to_vec(), 0..=4);
    let offers = prop::sample::subsequence(OFFERS.to_vec(), 0..=6);
    let models = prop::sample::subsequence(BillingModel::ALL.to_vec(), 0..=13);
    let regions = prop::sample::subsequence(
        vec![
            (ProviderId::Aws, "us-east-1"),
            (ProviderId::Tencent, "ap-guangzhou"),
        ],
        0..=2,
    );
    let scen = (
        (
            gpus,
            1u32..=4096,
            proptest::option::of(0u32..100000),
            0i64..7440,
            1u32..=60,
        ),
        (
            provs,
            rgs,
            regions,
            offers,
            any::<bool>(),
            // CNY per USD within the link's bounds (0.01–1000): a rate below
            // them is refused when read, so it would not come back
            proptest::option::of((100..=100000i64).prop_map(|v| dec(v, 4))),
            models,
        ),
        (
            0i64..=1000,
            0i64..10080,
            0i64..10080,
            opt_dec(100000, 1),
            opt_dec(100000, 1),
            0i64..=100,
        ),
        (
            0i64..=100,
            0i64..100000,
            proptest::option::of(1u32..=60),
            proptest::option::of((any::<bool>(), 0i64..=100)),
            0i64..=240,
        ),
        (
            0i64..1000000,
            0i64..1000000,
            0i64..1000000,
            0i64..100000,
            proptest::option::of(1i64..100000),
            proptest::option::of(0i64..=100),
        ),
    )
        .prop_map(|(a, b, sp, pr, dt)| {
            let mut s = Scenario {
                gpu_models: a.0.into_iter().map(GpuId::from).collect(),
                min_gpus: a.1,
                min_vram_gb: a.2,
                hours_per_month: dec(a.3, 1),
                months: a.4,
                providers: b.0,
                region_groups: b.1,
                regions: b
                    .2
                    .into_iter()
                    .map(|(p, c)| RegionRef {
                        provider: p,
                        code: c.into(),
                    })
                    .collect(),
                offers: (!b.3.is_empty()).then(|| b.3.into_iter().map(OfferId::from).collect()),
                currency: if b.4 { Currency::CNY } else { Currency::USD },
                fx_cny_per_usd: b.5,
                billing_models: b.6,
                ..Scenario::default()
            };
            s.spot.interruption = match sp.0 % 3 {
                0 => InterruptionRate::MonthlyPct(dec(sp.0.min(999), 1)),
                1 => InterruptionRate::HourlyPct(dec(sp.0, 1)),
                _ => InterruptionRate::Band(
                    gpucost::domain::scenario::SpotBand::ALL[(sp.0 as usize) % 5],
                ),
            };
            s.spot.checkpoint_minutes = Decimal::from(sp.1);
            s.spot.restart_minutes = dec(sp.2, 0);
            s.spot.job_hours = sp.3;
            s.spot.deadline_hours = sp.4;
            s.mix_spot_share_pct = Decimal::from(sp.5);
            s.promotions.first_month_discount_pct = Decimal::from(pr.0);
            s.promotions.credit = (pr.1 > 0).then(|| {
                Money::new(
                    dec(pr.1, 2),
                    if pr.1 % 2 == 0 {
                        Currency::USD
                    } else {
                        Currency::CNY
                    },
                )
            });
            s.promotions.credit_expiry_month = pr.2;
            s.promotions.student = pr.3.map(|(h, v)| {
                if h {
                    StudentPrice::Hourly(Money::new(dec(v, 2), Currency::CNY))
                } else {
                    StudentPrice::DiscountPct(Decimal::from(v))
                }
            });
            s.promotions.student_daily_cap_hours = dec(pr.4, 1);
            s.data.egress_gb = dec(dt.0, 1);
            s.data.cross_region_gb = Decimal::from(dt.1);
            s.data.storage_gb = Decimal::from(dt.2);
            s.data.bandwidth_mbps = Decimal::from(dt.3);
            if let Some(p) = dt.4 {
                let mut m = BTreeMap::new();
                m.insert(
                    OfferId::from("alibaba:cn-shanghai:ecs.gn7-c13g1.13xlarge"),
                    dec(p, 2),
                );
                s.user_prices = m;
            }
            s.assumed_discount = dt.5.map(|n| AssumedDiscount {
                no_upfront_pct: Decimal::from(n),
                partial_upfront_pct: (n % 2 == 0).then(|| Decimal::from(n / 2)),
                all_upfront_pct: (n % 2 == 0).then(|| Decimal::from(n)),
            });
            s
        });
    let view = (
        "[ -~]{0,40}|[\\p{Han}a-z ]{0,10}",
        opt_dec(1_000_000, 2),
        proptest::option::of((prop::sample::select(Column::ALL.to_vec()), any::<bool>())),
        prop::sample::subsequence(Column::ALL.to_vec(), 0..=15),
        prop::sample::select(vec![TimeUnit::H, TimeUnit::D, TimeUnit::M, TimeUnit::Y]),
        prop::sample::select(vec![TflopsKind::Fp16, TflopsKind::Tf32, TflopsKind::Fp32]),
        prop::sample::subsequence(OFFERS.to_vec(), 0..=6),
        1u32..1000,
        prop::sample::subsequence(Fabric::ALL.to_vec(), 0..=2),
    )
        .prop_map(|(q, maxp, sort, cols, tu, tf, sel, page, fab)| View {
            q,
            max_price: maxp,
            sort: sort.map(|(column, descending)| Sort { column, descending }),
            cols,
            fab,
            time_unit: tu,
            tflops: tf,
            selected: sel.into_iter().map(OfferId::from).collect(),
            page,
        });
    (scen, view).prop_map(|(scenario, view)| Parsed {
        scenario,
        view,
        ..Parsed::default()
    })
}

#[test]
fn decimal_scale_does_not_break_round_trip() {
    let c = fixture();
    let st = parse_query("v=2&h=100.50&fx=7.10", &c);
    assert_eq!(
        st.scenario.hours_per_month,
        Decimal::from_str("100.5").unwrap()
    );
    assert_eq!(to_query(&st), "v=2&h=100.5&fx=7.1");
}

/// The fixture with a copy of p4d in a region no AWS usage rate covers
/// (Europe: no same-group fallback), same prices: the two differ only in
/// what is priced.
fn twin() -> Catalog {
    use gpucost::domain::catalog::{Region, RegionCode};
    let mut c = fixture();
    c.regions.push(Region {
        provider: ProviderId::Aws,
        code: RegionCode::new("eu-west-9"),
        name_en: "Test".into(),
        name_zh: "测试".into(),
        group: RegionGroup::Europe,
    });
    let mut o = c.offer("aws:us-east-1:p4d.24xlarge").unwrap().clone();
    o.region = RegionCode::new("eu-west-9");
    o.id = OfferId::from("aws:eu-west-9:p4d.24xlarge");
    c.offers.push(o);
    // the fixture predates the public IPv4 rate: us-east-1's, as embedded
    let emb = Catalog::embedded().unwrap();
    let ip = emb
        .usage_rates
        .iter()
        .find(|r| r.region == "us-east-1" && r.kind == UsageKind::PublicIpv4PerHour)
        .unwrap()
        .clone();
    c.sources
        .extend(emb.sources.iter().filter(|s| s.id == ip.source).cloned());
    c.usage_rates.push(ip);
    c
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Issue 25: a result missing a charge never ranks above an otherwise
    /// equal complete one — in the quote's cheapest, the plan's choice and
    /// the advise ranking — whatever the volumes, horizon and models.
    #[test]
    fn a_result_missing_a_charge_never_ranks_above_an_equal_complete_one(
        eg in 1i64..2_000_000, st in 0i64..100_000, xr in 0i64..100_000, bd in 0i64..2_000, ip in 0u32..2,
        m in 1u32..=60, h in 1i64..744,
        models in proptest::sample::subsequence(vec![
            BillingModel::OnDemand, BillingModel::Ri1No, BillingModel::Ri1All, BillingModel::Spot,
        ], 1..4),
    ) {
        let c = twin();
        let ids = vec![
            OfferId::from("aws:us-east-1:p4d.24xlarge"),
            OfferId::from("aws:eu-west-9:p4d.24xlarge"),
        ];
        let s = Scenario {
            offers: Some(ids.clone()),
            billing_models: models,
            months: m,
            hours_per_month: Decimal::from(h),
            min_gpus: 8,
            data: gpucost::domain::scenario::DataVolumes {
                egress_gb: Decimal::from(eg),
                storage_gb: Decimal::from(st),
                boot_disk_gb: Decimal::from(bd),
                cross_region_gb: Decimal::from(xr),
                bandwidth_mbps: Decimal::ZERO,
                public_ipv4: ip,
            },
            ..Scenario::default()
        };
        let q = quote(&c, &s).unwrap();
        let twin_q = &q.offers[1];
        prop_assert!(twin_q
            .models
            .iter()
            .filter(|m| m.decision_cost.is_some())
            .all(|m| !m.complete() && m.lower_bound));
        if let Some(best) = &q.cheapest {
            prop_assert_eq!(best.offer.as_str(), "aws:us-east-1:p4d.24xlarge");
            prop_assert!(best.complete);
        }
        let plan = gpucost::domain::plan::plan(&c, &s).unwrap();
        if let Some(b) = &plan.summary.cheapest {
            prop_assert_eq!(b.offer.as_str(), "aws:us-east-1:p4d.24xlarge");
        }
        let a = gpucost::domain::advise::AdviceInputs {
            spot: gpucost::domain::advise::SpotTolerance::Yes,
            ..Default::default()
        };
        let adv = gpucost::domain::advise::advise(&c, &s, &a).unwrap();
        let pos = |id: &str| adv.feasible_offers.iter().position(|o| o.as_str() == id);
        if let (Some(x), Some(y)) = (pos("aws:us-east-1:p4d.24xlarge"), pos("aws:eu-west-9:p4d.24xlarge")) {
            prop_assert!(x < y, "complete at {x}, incomplete at {y}");
        }
    }
}
