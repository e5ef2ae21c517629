//! Issue 49 point 2, the bill as it will read: the instance's public IPv4
//! address (`ip=`, 0 or 1 per instance), charged per address-hour for the
//! hours each instance runs (`h`). AWS and Azure charge the address; Alibaba
//! charges its bandwidth or traffic (`bw`, `eg`), not the address: a sourced
//! zero rate, so its results stay complete. Tencent's fee is not read: missing. Hand-worked on the
//! embedded catalog; each rate used is asserted first, so a catalog update
//! fails with the rate that moved.
#![cfg(not(target_arch = "wasm32"))]

use gpucost::domain::billing::data::QuoteNotice;
use gpucost::domain::catalog::{ProviderId, UsageKind};
use gpucost::domain::tco::{quote, OfferQuote};
use gpucost::ui::link;
use rust_decimal::Decimal;

mod support;
use support::{bound_of, cat, d, one_offer as one, usage_rate};

/// The catalog's public IPv4 rate of a region (one tier) and its source.
fn ip_rate(provider: ProviderId, region: &str) -> Option<(Decimal, String)> {
    usage_rate(provider, region, UsageKind::PublicIpv4PerHour)
}

fn od_total(q: &OfferQuote) -> Decimal {
    q.models[0].total.unwrap().amount()
}

#[test]
fn an_aws_address_is_charged_per_hour_the_instances_run() {
    assert_eq!(
        ip_rate(ProviderId::Aws, "us-east-1"),
        Some((d("0.005"), "aws-ipv4".into()))
    );
    // 16 GPUs on 8-GPU p4d: 2 instances × 730 h × 0.005 = 7.30 a month
    let q = one("o=aws:us-east-1:p4d.24xlarge&gpus=16&ip=1");
    assert_eq!((q.instances, q.data_monthly), (2, d("7.30")));
    assert_eq!(q.data_charges.len(), 1);
    assert_eq!(q.data_charges[0].kind, UsageKind::PublicIpv4PerHour);
    // the address follows the instance's hours: 2 × 200 h × 0.005 = 2.00
    let q200 = one("o=aws:us-east-1:p4d.24xlarge&gpus=16&ip=1&h=200");
    assert_eq!(q200.data_monthly, d("2.00"));
    // over 12 months at 730 h: the on-demand total rises by 12 × 7.30 = 87.60
    let without = one("o=aws:us-east-1:p4d.24xlarge&gpus=16");
    assert_eq!(od_total(&q) - od_total(&without), d("87.60"));
    // beside a 100 GB boot disk each: 2 × 100 × 0.08 + 7.30 = 16.00 + 7.30 = 23.30
    let q = one("o=aws:us-east-1:p4d.24xlarge&gpus=16&ip=1&bd=100");
    assert_eq!(q.data_monthly, d("23.30"));
}

#[test]
fn alibaba_charges_the_bandwidth_not_the_address() {
    assert_eq!(
        ip_rate(ProviderId::Alibaba, "cn-shanghai"),
        Some((d("0"), "ali-static-ip".into()))
    );
    // a sourced zero: complete, 0.00 charged, nothing missing
    let o = one("o=alibaba:cn-shanghai:ecs.gn7i-c32g1.8xlarge&gpus=3&ip=1&cur=CNY");
    assert_eq!(o.data_monthly, d("0"));
    assert_eq!(o.data_charges.len(), 1);
    assert_eq!(o.data_charges[0].monthly, d("0.00"));
    assert!(!o.models[0].lower_bound);
    assert!(o.models[0].missing.is_empty());
}

#[test]
fn tencent_is_missing_until_its_fee_is_read_never_zero() {
    // Tencent states no fee for a bound address for bill-by-CVM accounts
    // only: no rate, so the charge is missing, bounded by the highest
    // published rate (Tencent has none; any provider's: AWS us-east-1's
    // 0.005 USD, first of equals): 2 instances × 730 h × 0.005 = 7.30
    assert_eq!(ip_rate(ProviderId::Tencent, "ap-guangzhou"), None);
    let o = one("o=tencent:ap-guangzhou:GN10Xp.2XLARGE40&gpus=2&ip=1");
    assert_eq!((o.instances, o.data_monthly), (2, d("0")));
    let m = &o.models[0];
    assert!(m.lower_bound);
    assert_eq!(
        bound_of(&m.missing[0]),
        (ProviderId::Aws, d("0.005"), d("7.30"))
    );
}

#[test]
fn a_zero_rate_bounds_no_other_region() {
    // an Alibaba region billed in USD with no rate of its own (as the
    // refresh brings them): Alibaba's documented 0 is cn-shanghai's, not
    // this region's, so the bound is any provider's 0.005 USD, not 0:
    // 1 instance × 730 h × 0.005 = 3.65
    use gpucost::domain::catalog::{Region, RegionCode, RegionGroup};
    let mut c = cat().clone();
    c.regions.push(Region {
        provider: ProviderId::Alibaba,
        code: RegionCode::new("ap-southeast-1"),
        name_en: "Singapore".into(),
        name_zh: "新加坡".into(),
        group: RegionGroup::AsiaPacific,
    });
    let mut o = c
        .offer("alibaba:cn-shanghai:ecs.gn7i-c32g1.8xlarge")
        .unwrap()
        .clone();
    o.region = RegionCode::new("ap-southeast-1");
    o.id = "alibaba:ap-southeast-1:ecs.gn7i-c32g1.8xlarge".into();
    c.offers.push(o);
    let (l, notices) = link::parse("o=alibaba:ap-southeast-1:ecs.gn7i-c32g1.8xlarge&ip=1", &c);
    assert!(notices.is_empty(), "{notices:?}");
    let q = quote(&c, &l.scenario).unwrap();
    let m = &q.offers[0].models[0];
    assert!(m.lower_bound);
    assert_eq!(
        bound_of(&m.missing[0]),
        (ProviderId::Aws, d("0.005"), d("3.65"))
    );
}

#[test]
fn a_region_without_a_rate_borrows_a_neighbours_or_is_missing_never_zero() {
    // Azure eastus2 has no rate: East US's (same group, same currency) is
    // used, with a notice: 1 instance × 730 h × 0.005 = 3.65
    assert_eq!(ip_rate(ProviderId::Azure, "eastus2"), None);
    let q = one("o=azure:eastus2:Standard_ND96isr_H200_v5&gpus=8&ip=1");
    assert_eq!(q.data_monthly, d("3.65"));
    assert!(q.notices.contains(&QuoteNotice::UsageRateFallback {
        kind: UsageKind::PublicIpv4PerHour,
        region: "eastus".into(),
    }));
    // AWS China has none, and bills in CNY (no USD neighbour may lend it
    // one): missing, a lower bound, bounded by AWS's own 0.005 USD:
    // 1 instance × 730 h × 0.005 = 3.65 USD
    assert_eq!(ip_rate(ProviderId::Aws, "cn-north-1"), None);
    let q = one("o=aws:cn-north-1:g5.48xlarge&gpus=8&ip=1");
    assert_eq!(q.data_monthly, d("0"));
    let m = &q.models[0];
    assert!(m.lower_bound);
    assert_eq!(m.missing.len(), 1);
    assert_eq!(m.missing[0].kind, UsageKind::PublicIpv4PerHour);
    assert_eq!(
        bound_of(&m.missing[0]),
        (ProviderId::Aws, d("0.005"), d("3.65"))
    );
}

#[test]
fn the_address_count_is_refused_out_of_range_and_written_back() {
    for bad in ["ip=-1", "ip=2", "ip=0.5", "ip=abc"] {
        let (_, notices) = link::parse(bad, cat());
        assert!(!notices.is_empty(), "{bad}");
    }
    let (l, notices) = link::parse("ip=1", cat());
    assert!(notices.is_empty());
    assert_eq!(l.scenario.data.public_ipv4, 1);
    assert!(link::write(&l).contains("ip=1"), "{}", link::write(&l));
    let (l, _) = link::parse("ip=0", cat());
    assert!(!link::write(&l).contains("ip="), "{}", link::write(&l));
}
