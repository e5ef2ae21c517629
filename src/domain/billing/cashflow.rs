//! A month shape → month-by-month cash flow: promotions, data, totals,
//! what is still owed after the horizon and the decision cost.
//!
//! * Upfront is paid in the first month of each term; usage and commitment
//!   every month; data every month.
//! * The first-month discount (`fmd`) applies to the part of month 1's
//!   usage the shape marks (pay-as-you-go) and to month 1's commitment when
//!   the shape says so (a monthly subscription) — never to reservations,
//!   savings plans, installments, spot, upfront fees or data.
//! * The credit (`cr`, converted once in the `Scene`) is
//!   consumed by each month's total (all columns, but an upfront where the
//!   provider's rules say a credit cannot pay one: `rules.rs`) until used
//!   up or past `crx`, and then by what is still owed.
//! * Still owed: the monthly charges of the last term after the horizon
//!   (the upfront of a started term is already paid).
//! * Every reported figure is rounded to cents once (see money.rs); the
//!   month loop then runs in exact integer cents.
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::steps::Ramp;
use super::Shape;
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, no_overflow, sub};
use crate::domain::scenario::Scenario;

/// One month of cash flow, display currency, rounded (see money.rs).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonthLine {
    /// 1-based.
    pub month: u32,
    pub upfront: Decimal,
    pub usage: Decimal,
    pub commitment: Decimal,
    /// The month's data charges; None when a rate they need is missing
    /// (unknown, never written as 0). `total` and `cumulative` then count
    /// what is priced: lower bounds, as the result's `lower_bound` says.
    pub data: Option<Decimal>,
    /// Credits used this month (≤ 0).
    pub credits: Decimal,
    pub total: Decimal,
    pub cumulative: Decimal,
}

/// A model's month-by-month cash flow in a few integer-cent figures: the
/// month lines are generated from it when asked for ([`ModelQuote::lines`](crate::domain::tco::ModelQuote::lines),
/// and in the JSON), so a quote over thousands of offers keeps a few dozen
/// bytes per result instead of a line per month, and its totals come in
/// closed form (time linear in the number of results, not in months).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CashFlow {
    months: u32,
    term: Option<u32>,
    upfront_c: i64,
    usage_m1_c: i64,
    /// Month 2's usage, and every later month's without a ramp.
    usage_c: i64,
    /// A stepped price's usage month by month (months 2 and later; it
    /// never rises from one month to the next).
    ramp: Option<Ramp>,
    commit_m1_c: i64,
    commit_c: i64,
    data_c: i64,
    credit_c: i64,
    credit_expiry_month: Option<u32>,
    /// Whether the credit may pay the upfront (the provider's rules).
    credit_pays_upfront: bool,
    /// Whether every data charge has a rate (else the lines' data is
    /// unknown).
    data_known: bool,
}

/// A cash flow's figures, integer cents.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Settled {
    /// Paid within the horizon (the last cumulative line).
    pub paid: i64,
    /// Upfront paid within the horizon.
    pub upfront: i64,
    /// Commitment charges due after the horizon (before credits).
    pub still_owed: i64,
    /// Paid + still owed − credit still usable on what is owed.
    pub decision: i64,
}

impl CashFlow {
    /// The cash flow of a shape under the scenario's promotions, with the
    /// monthly data charge and the credit (display currency) in cents.
    pub(crate) fn new(
        scenario: &Scenario,
        s: &Shape,
        data_c: i64,
        credit_c: i64,
        credit_pays_upfront: bool,
    ) -> Result<CashFlow, EngineError> {
        let promo = &scenario.promotions;
        // Every reported figure is rounded to cents once, here; the month
        // loop then runs in exact integer cents (fast) and converts back for
        // the lines.
        let usage_c = match &s.ramp {
            Some(r) => cents(r.month(2))?,
            None => cents(s.usage)?,
        };
        let commit_c = cents(s.commit)?;
        let fmd = promo.first_month_discount_pct;
        let (usage_m1_c, commit_m1_c) = if fmd > Decimal::ZERO {
            let off = div(fmd, Decimal::ONE_HUNDRED)?;
            let commit_m1_c = if s.commit_fmd {
                cents(mul(s.commit, sub(Decimal::ONE, off)?)?)?
            } else {
                commit_c
            };
            (cents(sub(s.usage, mul(s.usage_fmd, off)?)?)?, commit_m1_c)
        } else {
            (cents(s.usage)?, commit_c)
        };
        Ok(CashFlow {
            months: scenario.months,
            term: s.term.filter(|t| *t > 0),
            upfront_c: cents(s.upfront_per_term)?,
            usage_m1_c,
            usage_c,
            ramp: s.ramp.as_deref().copied(),
            commit_m1_c,
            commit_c,
            data_c,
            credit_c,
            credit_expiry_month: promo.credit_expiry_month,
            credit_pays_upfront,
            data_known: true,
        })
    }

    /// The same cash flow over `months` months: nothing else in it reads
    /// the horizon (the advice keeps each offer's cash flows from one
    /// horizon to the next, `advise::KeptPool`).
    pub(crate) fn over(self, months: u32) -> CashFlow {
        CashFlow { months, ..self }
    }

    /// The same cash flow, its lines' data charges unknown (a rate they
    /// need is missing).
    pub(crate) fn data_unknown(self) -> CashFlow {
        CashFlow {
            data_known: false,
            ..self
        }
    }

    /// The data charges priced each month (what is known of them).
    pub fn data_priced(&self) -> Decimal {
        from_cents(self.data_c)
    }

    /// Totals, what is still owed after the horizon and the decision cost.
    pub(crate) fn settle(&self) -> Result<Settled, EngineError> {
        let months = self.months;
        let (paid, upfront, credit_left) = self.totals()?;
        // Still owed: the monthly charges of the last term after the horizon
        // (the upfront of a started term is already paid). The credit keeps
        // paying them while it lasts and has not expired.
        let owed_months = match self.term {
            Some(t) if t > 1 && !months.is_multiple_of(t) => t - months % t,
            Some(_) | None => 0,
        };
        let still_owed = no_overflow(self.commit_c.checked_mul(i64::from(owed_months)))?;
        // (credit is usable in month m while m ≤ crx, so in `usable` of them)
        let usable = match self.credit_expiry_month {
            None => owed_months,
            Some(x) => x.saturating_sub(months).min(owed_months),
        };
        let usable_owed = no_overflow(self.commit_c.max(0).checked_mul(i64::from(usable)))?;
        let credit_after = credit_left.min(usable_owed);
        Ok(Settled {
            paid,
            upfront,
            still_owed,
            decision: checked_sum(&[paid, still_owed, -credit_after])?,
        })
    }

    /// Does the horizon end at the end of a term (or is there no term)? Then
    /// what is paid within it does not depend on how a term's total is split
    /// between upfront and monthly charges.
    pub fn covers_whole_terms(&self) -> bool {
        self.term
            .is_none_or(|t| t <= 1 || self.months.is_multiple_of(t))
    }

    /// Month 1's cash after credits, display figure.
    pub fn month1(&self) -> Decimal {
        if self.months == 0 {
            return Decimal::ZERO;
        }
        let upfront = if self.term.is_some() {
            self.upfront_c
        } else {
            0
        };
        let gross = upfront
            .saturating_add(self.usage_m1_c)
            .saturating_add(self.commit_m1_c)
            .saturating_add(self.data_c);
        let payable = if self.credit_pays_upfront {
            gross
        } else {
            gross - upfront
        };
        let credit = if self.credit_expiry_month.is_none_or(|x| x >= 1) {
            self.credit_c.min(payable.max(0)).max(0)
        } else {
            0
        };
        from_cents(gross - credit)
    }

    /// The commitment's term and its monthly charge in cents (fleet): with
    /// an unknown split, month 1 of a term can hold up to `(term − 1)` more
    /// of them (all prepaid).
    pub(crate) fn term_and_monthly_c(&self) -> Option<(u32, i64)> {
        self.term.map(|t| (t, self.commit_c))
    }

    /// Gross charges (before credits) of months 1..=n, and the upfront part.
    fn gross_through(&self, n: u32) -> Result<(i64, i64), EngineError> {
        if n == 0 {
            return Ok((0, 0));
        }
        let starts = self.term.map_or(0, |t| n.div_ceil(t));
        let times = |v: i64, k: u32| no_overflow(v.checked_mul(i64::from(k)));
        let upfront = times(self.upfront_c, starts)?;
        let gross = checked_sum(&[
            upfront,
            self.usage_m1_c,
            self.usage_after_month1(n)?,
            self.commit_m1_c,
            times(self.commit_c, n - 1)?,
            times(self.data_c, n)?,
        ])?;
        Ok((gross, upfront))
    }

    /// Usage of months 1..=n in cents (before credits).
    pub(crate) fn usage_through(&self, n: u32) -> Result<i64, EngineError> {
        if n == 0 {
            return Ok(0);
        }
        no_overflow(self.usage_m1_c.checked_add(self.usage_after_month1(n)?))
    }

    /// Usage of months 2..=n in cents: with a ramp, the months still
    /// stepping one by one, then the last step's month times the rest.
    fn usage_after_month1(&self, n: u32) -> Result<i64, EngineError> {
        let later = n.saturating_sub(1);
        let Some(r) = &self.ramp else {
            return no_overflow(self.usage_c.checked_mul(i64::from(later)));
        };
        let stepping = r.months_stepping().min(n);
        let mut sum: i64 = 0;
        for k in 2..=stepping {
            sum = no_overflow(sum.checked_add(self.usage_of(k)))?;
        }
        let flat = n - stepping.max(1);
        let last = self.usage_of(stepping.max(1) + 1);
        no_overflow(
            last.checked_mul(i64::from(flat))
                .and_then(|v| v.checked_add(sum)),
        )
    }

    /// Month `m`'s usage in cents (m ≥ 1).
    fn usage_of(&self, m: u32) -> i64 {
        match (&self.ramp, m) {
            (_, 1) => self.usage_m1_c,
            (_, 2) | (None, _) => self.usage_c,
            (Some(r), _) => cents(r.month(m)).unwrap_or(self.usage_c),
        }
    }

    /// (paid within the period, upfront paid, credit left) in cents. Every
    /// month's gross is ≥ 0, so the credit pays `min(credit, gross of the
    /// months it is usable in)`.
    fn totals(&self) -> Result<(i64, i64, i64), EngineError> {
        let (gross, upfront) = self.gross_through(self.months)?;
        let usable = self
            .credit_expiry_month
            .map_or(self.months, |x| x.min(self.months));
        let (usable_gross, usable_upfront) = self.gross_through(usable)?;
        let payable = if self.credit_pays_upfront {
            usable_gross
        } else {
            usable_gross - usable_upfront
        };
        let used = self.credit_c.min(payable.max(0)).max(0);
        Ok((checked_sum(&[gross, -used])?, upfront, self.credit_c - used))
    }

    /// Each month's figures in cents, after credits (what the lines show).
    fn months_c(&self) -> impl Iterator<Item = MonthCents> + '_ {
        let mut credit_left = self.credit_c;
        (1..=self.months).map(move |m| {
            let upfront = match self.term {
                Some(t) if (m - 1) % t == 0 => self.upfront_c,
                _ => 0,
            };
            let usage = self.usage_of(m);
            let commitment = if m == 1 {
                self.commit_m1_c
            } else {
                self.commit_c
            };
            let gross = upfront + usage + commitment + self.data_c;
            let payable = if self.credit_pays_upfront {
                gross
            } else {
                gross - upfront
            };
            let credits = if credit_left > 0 && self.credit_expiry_month.is_none_or(|x| m <= x) {
                let used = credit_left.min(payable.max(0));
                credit_left -= used;
                -used
            } else {
                0
            };
            MonthCents {
                month: m,
                upfront,
                usage,
                commitment,
                credits,
                total: gross + credits,
            }
        })
    }

    /// The month lines (display figures, rounded; see money.rs).
    pub fn lines(&self) -> Vec<MonthLine> {
        let data = self.data_known.then(|| from_cents(self.data_c));
        let mut cumulative: i64 = 0;
        self.months_c()
            .map(|c| {
                cumulative += c.total;
                MonthLine {
                    month: c.month,
                    upfront: from_cents(c.upfront),
                    usage: from_cents(c.usage),
                    commitment: from_cents(c.commitment),
                    data,
                    credits: from_cents(c.credits),
                    total: from_cents(c.total),
                    cumulative: from_cents(cumulative),
                }
            })
            .collect()
    }

    /// The highest month total of the lines (0 with no month) and month 1's
    /// upfront, without making the lines: the advice reads these two of
    /// every result of the catalog, and making every line to read them was
    /// a ninth of a keystroke's work on the advise screen (callgrind, 10x).
    pub fn peak_and_first_upfront(&self) -> (Decimal, Decimal) {
        self.peak_and_first_upfront_c()
            .map_or((Decimal::ZERO, Decimal::ZERO), |(peak, upfront)| {
                (from_cents(peak), from_cents(upfront))
            })
    }

    /// [`peak_and_first_upfront`](Self::peak_and_first_upfront) in cents;
    /// None without a month.
    pub(crate) fn peak_and_first_upfront_c(&self) -> Option<(i64, i64)> {
        if self.credit_c <= 0 && self.months > 0 {
            return Some(self.peak_without_credit());
        }
        let mut months = self.months_c();
        let first = months.next()?;
        let peak = months.fold(first.total, |p, c| p.max(c.total));
        Some((peak, first.upfront))
    }

    /// [`peak_and_first_upfront`](Self::peak_and_first_upfront) in cents
    /// with no credit and at least a month, without going through the
    /// months (the advice reads it for every model of every offer at each
    /// keystroke): month 1, then the months after it with an upfront (a
    /// term starting: a term no longer than the months after month 1) and
    /// without one (no term, or one longer than a month), as
    /// [`months_c`](Self::months_c) sums them.
    fn peak_without_credit(&self) -> (i64, i64) {
        let upfront = if self.term.is_some() {
            self.upfront_c
        } else {
            0
        };
        let mut peak = upfront + self.usage_m1_c + self.commit_m1_c + self.data_c;
        let later = self.months - 1;
        if self.term.is_some_and(|t| t <= later) {
            peak = peak.max(self.upfront_c + self.usage_c + self.commit_c + self.data_c);
        }
        if later > 0 && self.term.is_none_or(|t| t > 1) {
            peak = peak.max(self.usage_c + self.commit_c + self.data_c);
        }
        (peak, upfront)
    }
}

/// One month of a cash flow in cents (see [`CashFlow::lines`]).
struct MonthCents {
    month: u32,
    upfront: i64,
    usage: i64,
    commitment: i64,
    credits: i64,
    total: i64,
}

pub(crate) fn serialize_lines<S: serde::Serializer>(
    flow: &Option<CashFlow>,
    s: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let lines = flow.map(|f| f.lines()).unwrap_or_default();
    let mut seq = s.serialize_seq(Some(lines.len()))?;
    for l in &lines {
        seq.serialize_element(l)?;
    }
    seq.end()
}

/// A money figure rounded for reporting (see money.rs), as integer cents.
pub(crate) fn cents(d: Decimal) -> Result<i64, EngineError> {
    no_overflow(crate::domain::money::to_cents(d))
}

pub(crate) fn from_cents(c: i64) -> Decimal {
    Decimal::new(c, 2)
}

fn checked_sum(parts: &[i64]) -> Result<i64, EngineError> {
    no_overflow(parts.iter().try_fold(0i64, |acc, x| acc.checked_add(*x)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a credit, the highest month and month 1's upfront come
    /// without going through the months: the same as the months give, for
    /// every term, horizon and month-1 figure (promotions, upfronts of
    /// either sign, zeros).
    #[test]
    fn the_highest_month_without_a_credit_is_the_months_highest() {
        let mut checked = 0;
        for term in [None, Some(1), Some(2), Some(3), Some(12), Some(36)] {
            for months in 1..=61 {
                for upfront_c in [0, 500, -3] {
                    for (usage_m1_c, usage_c) in [(0, 0), (100, 400), (250, 100)] {
                        for (commit_m1_c, commit_c) in [(0, 0), (900, 60), (50, 60)] {
                            for data_c in [0, 7] {
                                let f = CashFlow {
                                    months,
                                    term,
                                    upfront_c,
                                    usage_m1_c,
                                    usage_c,
                                    ramp: None,
                                    commit_m1_c,
                                    commit_c,
                                    data_c,
                                    credit_c: 0,
                                    credit_expiry_month: None,
                                    credit_pays_upfront: true,
                                    data_known: true,
                                };
                                let mut m = f.months_c();
                                let first = m.next().unwrap();
                                let peak = m.fold(first.total, |p, c| p.max(c.total));
                                assert_eq!(f.peak_without_credit(), (peak, first.upfront), "{f:?}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }
}
