//! Incomplete results never win by omission. A result that lacks a rate
//! (e.g. egress in a region with no sourced rate) is a lower bound; ranking
//! it by that bound lets the least-priced result win. The rule here:
//!
//! 1. results are grouped by how many charge kinds they miss: one that
//!    misses fewer ranks first (a result missing more never ranks above one
//!    that prices it);
//! 2. within a group, results compare on what all of them price: the
//!    charges of every kind some result of the group misses are taken out
//!    of every result's decision cost (`comparable`), and the kinds taken
//!    out are named.
//!
//! Complete results form group 0 and compare on their whole decision cost.
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::billing::data::DataCharge;
use crate::domain::catalog::UsageKind;

/// One result to compare: the charge kinds it misses, its decision cost and
/// its data charges per month over `months` months.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    pub missing: &'a [UsageKind],
    pub decision: Decimal,
    pub charges: &'a [DataCharge],
    pub months: u32,
}

/// A result's place in the comparison.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Basis {
    /// Charge kinds the result misses (its group).
    pub missing_kinds: usize,
    /// The decision cost without the charges of `compared_without` (the
    /// figure the group is compared on).
    pub comparable: Decimal,
}

/// The comparison key of every candidate, and the kinds left out of each
/// group's comparison (in `UsageKind` order), per candidate.
pub fn bases(items: &[Candidate]) -> Vec<(Basis, Vec<UsageKind>)> {
    let kinds = |c: &Candidate| {
        let mut k = c.missing.to_vec();
        k.sort();
        k.dedup();
        k
    };
    let mut groups: Vec<(usize, Vec<UsageKind>)> = Vec::new();
    for c in items {
        let k = kinds(c);
        match groups.iter_mut().find(|g| g.0 == k.len()) {
            Some(g) => g.1.extend(k),
            None => groups.push((k.len(), k)),
        }
    }
    for g in &mut groups {
        g.1.sort();
        g.1.dedup();
    }
    items
        .iter()
        .map(|c| {
            let n = kinds(c).len();
            let without = groups
                .iter()
                .find(|g| g.0 == n)
                .map(|g| g.1.clone())
                .unwrap_or_default();
            (
                Basis {
                    missing_kinds: n,
                    comparable: comparable(c, &without),
                },
                without,
            )
        })
        .collect()
}

/// A candidate's decision cost without its charges of the kinds `without`
/// (never below zero): the figure its group compares on.
pub fn comparable(c: &Candidate, without: &[UsageKind]) -> Decimal {
    if without.is_empty() {
        // nothing left out (the usual case: the advice asks for every
        // strategy of the catalog at each keystroke)
        return c.decision.max(Decimal::ZERO);
    }
    let left_out: Decimal = c
        .charges
        .iter()
        .filter(|ch| without.contains(&ch.kind))
        .map(|ch| ch.monthly * Decimal::from(c.months))
        .sum();
    (c.decision - left_out).max(Decimal::ZERO)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ch(kind: UsageKind, m: i64) -> DataCharge {
        DataCharge {
            kind,
            monthly: Decimal::from(m),
        }
    }

    #[test]
    fn missing_more_ranks_after_and_groups_compare_on_common_charges() {
        use UsageKind::*;
        // A misses bandwidth, prices egress 100/month; B misses bandwidth and
        // egress; C misses storage, prices egress 100; 12 months.
        let a_ch = [ch(EgressPerGb, 100)];
        let c_ch = [ch(EgressPerGb, 100), ch(BandwidthPerMbpsMonth, 50)];
        let items = [
            Candidate {
                missing: &[BandwidthPerMbpsMonth],
                decision: Decimal::from(5000),
                charges: &a_ch,
                months: 12,
            },
            Candidate {
                missing: &[BandwidthPerMbpsMonth, EgressPerGb],
                decision: Decimal::from(1000),
                charges: &[],
                months: 12,
            },
            Candidate {
                missing: &[StoragePerGbMonth],
                decision: Decimal::from(4000),
                charges: &c_ch,
                months: 12,
            },
        ];
        let b = bases(&items);
        // B misses two kinds: after A and C whatever its figure
        assert!(b[1].0 > b[0].0 && b[1].0 > b[2].0);
        // A and C (one kind each) compare without bandwidth and storage:
        // A 5000 − 0 = 5000; C 4000 − 12 × 50 = 3400
        assert_eq!(b[0].0.comparable, Decimal::from(5000));
        assert_eq!(b[2].0.comparable, Decimal::from(3400));
        assert_eq!(b[0].1, vec![StoragePerGbMonth, BandwidthPerMbpsMonth]);
    }
}
