//! Incomplete results compete on their bound. A result that lacks a rate
//! (e.g. egress in a region with no sourced rate) is priced without that
//! charge, so its figure is only a lower bound: ranked on it, the result
//! priced least would win by omission; ranked after every complete result,
//! a complete result far dearer would win over one lacking a small charge.
//! The rule here:
//!
//! 1. every missing charge has a bound ([`RateBound`], made with the
//!    charge in `crate::domain::billing::data`): the scenario's volume of
//!    its kind a month at the highest rate published for that kind (the
//!    same provider's, any region; else any provider's), in the display
//!    currency, rounded to cents, times the months priced;
//! 2. a result ranks on what it prices (its decision cost, never below
//!    zero) plus the bounds of what it does not (`upper`; a complete
//!    result's bound is 0); equal figures go to the result missing fewer
//!    charge kinds, then to the lower priced figure;
//! 3. a charge of a kind no provider publishes a rate for has no bound
//!    (unknown, never 0): a result missing one ranks after every bounded
//!    result (fewer unbounded charges first, then as above on what is
//!    bounded) and says "unbounded".
//!
//! The basis keeps both figures, so a result can say "at least `priced`, at
//! most `upper`", and its missing rates say where each bound was taken.
use rust_decimal::Decimal;
use serde::Serialize;

use crate::domain::billing::data::MissingRate;
#[cfg(doc)]
use crate::domain::billing::data::RateBound;

/// One result to compare: the rates it misses (each with its bound), its
/// decision cost and the months it is priced over.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    pub missing: &'a [MissingRate],
    pub decision: Decimal,
    pub months: u32,
}

/// A result's place in the comparison (ordered: lower ranks first).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Basis {
    /// Missing charges no published rate bounds (0: the result is bounded).
    pub unbounded: usize,
    /// What is priced plus the bound of every bounded missing charge: the
    /// figure the result ranks on (with `unbounded` 0, the most it costs).
    pub upper: Decimal,
    /// Charge kinds the result misses.
    pub missing_kinds: usize,
    /// What is priced: the decision cost (never below zero), the least it
    /// costs.
    pub priced: Decimal,
}

impl Basis {
    /// The most the missing charges add to `priced` (0 for a complete
    /// result); None when some missing charge is unbounded.
    pub fn bound(&self) -> Option<Decimal> {
        (self.unbounded == 0).then(|| self.upper.saturating_sub(self.priced))
    }
}

/// The comparison key of a candidate (see the module docs).
pub fn basis(c: &Candidate) -> Basis {
    let priced = c.decision.max(Decimal::ZERO);
    let months = Decimal::from(c.months);
    let (mut upper, mut unbounded, mut kinds) = (priced, 0, 0);
    for (i, m) in c.missing.iter().enumerate() {
        if c.missing[..i].iter().any(|x| x.kind == m.kind) {
            continue;
        }
        kinds += 1;
        match &m.bound {
            // (saturating: a figure beyond Decimal ranks last, never panics)
            Some(b) => upper = upper.saturating_add(b.monthly.saturating_mul(months)),
            None => unbounded += 1,
        }
    }
    Basis {
        unbounded,
        upper,
        missing_kinds: kinds,
        priced,
    }
}

/// The comparison key of every candidate, in their order.
pub fn bases(items: &[Candidate]) -> Vec<Basis> {
    items.iter().map(basis).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::billing::data::RateBound;
    use crate::domain::catalog::{Currency, ProviderId, UsageKind};

    fn miss(kind: UsageKind, monthly: Option<&str>) -> MissingRate {
        MissingRate {
            kind,
            provider: ProviderId::Aws,
            region: "r".into(),
            quantity: Decimal::ONE,
            bound: monthly.map(|m| RateBound {
                rate: Decimal::new(2, 2),
                currency: Currency::USD,
                provider: ProviderId::Aws,
                region: "x".into(),
                monthly: m.parse().unwrap(),
            }),
        }
    }

    fn cand(missing: &[MissingRate], decision: i64) -> Candidate<'_> {
        Candidate {
            missing,
            decision: Decimal::from(decision),
            months: 12,
        }
    }

    #[test]
    fn a_small_missing_charge_competes_on_its_bound() {
        use UsageKind::*;
        // A complete at 1,950; B priced 1,000 lacking inter-region transfer
        // bounded at 2.00 a month: 1,000 + 12 × 2.00 = 1,024 < 1,950, so B
        // ranks first, at least 1,000 and at most 1,024
        let xr = [miss(InterRegionPerGb, Some("2.00"))];
        let (a, b) = (basis(&cand(&[], 1950)), basis(&cand(&xr, 1000)));
        assert!(b < a);
        assert_eq!(
            (b.priced, b.upper),
            (Decimal::from(1000), Decimal::from(1024))
        );
        assert_eq!(b.bound(), Some(Decimal::from(24)));
        assert_eq!(a.bound(), Some(Decimal::ZERO));
        // the same charge bounded at 100.00 a month: 1,000 + 1,200 = 2,200
        // > 1,950, so the complete result ranks first
        let big = [miss(InterRegionPerGb, Some("100.00"))];
        let c = basis(&cand(&big, 1000));
        assert_eq!(c.upper, Decimal::from(2200));
        assert!(a < c);
    }

    #[test]
    fn unbounded_ranks_after_bounded_and_ties_go_to_fewer_missing() {
        use UsageKind::*;
        // C prices 10 but lacks bandwidth, which no rate bounds: after A
        // (complete, 1,950) and after D (lacking two bounded kinds)
        let bw = [miss(BandwidthPerMbpsMonth, None)];
        let two = [
            miss(EgressPerGb, Some("10.00")),
            miss(StoragePerGbMonth, Some("10.00")),
        ];
        let (a, c, d) = (
            basis(&cand(&[], 1950)),
            basis(&cand(&bw, 10)),
            basis(&cand(&two, 1710)),
        );
        assert!(a < c && d < c);
        assert_eq!(c.bound(), None);
        assert_eq!((c.unbounded, c.missing_kinds), (1, 1));
        // D: 1,710 + 12 × (10 + 10) = 1,950, equal to A: A misses fewer
        assert_eq!(d.upper, a.upper);
        assert!(a < d);
        // a negative decision cost is priced at 0
        assert_eq!(basis(&cand(&[], -5)).priced, Decimal::ZERO);
    }
}
