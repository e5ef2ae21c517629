//! Issue 49 point 2, the bill as it will read: the disk each instance boots
//! from (`bd=`, GB per instance), charged per GB-month at the region's
//! storage rate once per instance, beside the storage kept (`st=`, a total).
//! Hand-worked on the embedded catalog; each rate used is asserted first, so
//! a catalog update fails with the rate that moved.
#![cfg(not(target_arch = "wasm32"))]

use gpucost::domain::catalog::{ProviderId, UsageKind};
use gpucost::domain::tco::OfferQuote;
use gpucost::ui::link;
use rust_decimal::Decimal;

mod support;
use support::{bound_of, cat, d, one_offer as one, usage_rate};

/// The catalog's storage rate of a region (one tier).
fn storage_rate(provider: ProviderId, region: &str) -> Option<Decimal> {
    usage_rate(provider, region, UsageKind::StoragePerGbMonth).map(|(p, _)| p)
}

#[test]
fn a_boot_disk_is_charged_once_per_instance_at_the_storage_rate() {
    assert_eq!(storage_rate(ProviderId::Aws, "us-east-1"), Some(d("0.08")));
    assert_eq!(
        cat().offer("aws:us-east-1:p4d.24xlarge").unwrap().gpu_count,
        8
    );
    // 16 GPUs on 8-GPU instances: 2 instances; 2 × 100 GB × 0.08 = 16.00 a month
    let q = one("o=aws:us-east-1:p4d.24xlarge&gpus=16&bd=100");
    assert_eq!(q.instances, 2);
    assert_eq!(q.data_monthly, d("16.00"));
    // with 500 GB kept besides: (500 + 2 × 100) × 0.08 = 700 × 0.08 = 56.00
    let q = one("o=aws:us-east-1:p4d.24xlarge&gpus=16&bd=100&st=500");
    assert_eq!(q.data_monthly, d("56.00"));
    assert_eq!(q.data_charges.len(), 1);
    assert_eq!(q.data_charges[0].monthly, d("56.00"));
    // over 12 months at 730 h: the on-demand total rises by 12 × 56.00 = 672.00
    let od = |q: &OfferQuote| q.models[0].total.unwrap().amount();
    let without = one("o=aws:us-east-1:p4d.24xlarge&gpus=16");
    assert_eq!(od(&q) - od(&without), d("672.00"));
}

#[test]
fn more_smaller_instances_pay_more_boot_disks() {
    // Alibaba cn-shanghai: 1 CNY per GiB-month (ESSD PL1, research row)
    assert_eq!(
        storage_rate(ProviderId::Alibaba, "cn-shanghai"),
        Some(d("1"))
    );
    let o = cat()
        .offer("alibaba:cn-shanghai:ecs.gn7i-c32g1.8xlarge")
        .unwrap();
    assert_eq!(o.gpu_count, 1);
    // 3 GPUs on 1-GPU instances: 3 boot disks of 40 GiB = 120 GiB × 1 = 120.00 CNY
    let q = one("o=alibaba:cn-shanghai:ecs.gn7i-c32g1.8xlarge&gpus=3&bd=40&cur=CNY");
    assert_eq!((q.instances, q.data_monthly), (3, d("120.00")));
}

#[test]
fn an_unknown_disk_rate_is_missing_with_its_bound_never_zero() {
    // Tencent has no storage rate in the catalog: the charge is missing, the
    // total a lower bound; its bound is the highest published rate in the
    // display currency: Alibaba's 1 CNY (0.139 USD) above AWS's 0.08 USD.
    assert_eq!(storage_rate(ProviderId::Tencent, "ap-guangzhou"), None);
    let q = one("o=tencent:ap-guangzhou:GN10Xp.2XLARGE40&gpus=2&bd=50");
    assert_eq!((q.instances, q.data_monthly), (2, d("0")));
    let m = &q.models[0];
    assert!(m.lower_bound);
    assert_eq!(m.missing.len(), 1);
    let miss = &m.missing[0];
    assert_eq!(miss.kind, UsageKind::StoragePerGbMonth);
    // 2 × 50 GB = 100 GB × 1 CNY = 100 CNY ÷ 7.1875 CNY/USD = 13.913… → 13.91
    assert_eq!(cat().fx.cny_per_usd, d("7.1875"));
    assert_eq!(bound_of(miss), (ProviderId::Alibaba, d("1"), d("13.91")));
}

#[test]
fn the_boot_disk_is_refused_out_of_range_and_written_back() {
    for bad in ["bd=-1", "bd=65537", "bd=abc"] {
        let (_, notices) = link::parse(bad, cat());
        assert!(!notices.is_empty(), "{bad}");
    }
    let (l, notices) = link::parse("bd=65536", cat());
    assert!(notices.is_empty());
    assert_eq!(l.scenario.data.boot_disk_gb, d("65536"));
    let (l, _) = link::parse("bd=40", cat());
    assert!(link::write(&l).contains("bd=40"), "{}", link::write(&l));
}
