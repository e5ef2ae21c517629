//! What the plan worker keeps between keystrokes: the offers a scenario's
//! filters match and each one's data charges and book of rates
//! ([`OfferBooks`]), and the choice over the whole catalog they serve
//! ([`best_per_offer`]). A cache, apart from the pure pricing it reuses
//! ([`super::price`]): it changes how often a book is built, never a figure.

use rust_decimal::Decimal;

use crate::domain::billing::assumed::AssumedRates;
use crate::domain::billing::cashflow::{cents, from_cents};
use crate::domain::billing::contract::contract;
use crate::domain::billing::{data, Book, Scene};
use crate::domain::catalog::{Catalog, Offer};
use crate::domain::error::EngineError;
use crate::domain::money::round_money;
use crate::domain::scenario::{BillingModel, Scenario};
use crate::domain::spot;

use super::price::decision_cents;
use super::{eligible, MissingRate};

/// What choosing among offers needs of one offer's priced results, without
/// making them: the lowest decision cost of its requested models (None
/// when none is priced) and the rates it misses, each with its bound
/// (every priced model of an offer shares them).
#[derive(Debug, Clone, PartialEq)]
pub struct OfferBest<'a> {
    pub offer: &'a Offer,
    pub decision: Option<Decimal>,
    pub missing: &'a [MissingRate],
}

/// What [`best_per_offer`] reads of a scenario's offers that neither its
/// hours per month nor its horizon change: the offers its filters match
/// (each with the instances it needs) and, once made, each one's data
/// charges and book of rates, or the error making them gave. Made again as
/// soon as any other input differs ([`OfferBooks::key`]). The plan worker
/// keeps it between keystrokes, so an hours or months keystroke (which
/// prices the whole catalog again) builds no book again (figures:
/// docs/PERFORMANCE.md).
pub struct OfferBooks<'a> {
    key: Scenario,
    eligible: Vec<(&'a Offer, u32)>,
    ready: Option<Vec<Result<Ready<'a>, EngineError>>>,
}

/// One offer's part of [`OfferBooks`].
struct Ready<'a> {
    offer: &'a Offer,
    data_c: i64,
    missing: Vec<MissingRate>,
    book: Book<'a>,
    /// Its commitments' decision costs in cents (None: not priced) and
    /// the horizon they were made for. What a contract costs does not read
    /// the hours per month (its price is per term, whatever the use), so
    /// an hours keystroke prices only the models that do.
    fixed: (u32, Vec<(BillingModel, Option<i64>)>),
}

impl<'a> OfferBooks<'a> {
    /// The scenario as the kept part reads it: its hours per month and
    /// months put back to their defaults (neither the filters, the
    /// instances, the data charges nor the books read them), but the hours
    /// when a public address is asked for (`ip`: charged by the hour).
    fn key(s: &Scenario) -> Scenario {
        let d = Scenario::default();
        Scenario {
            hours_per_month: if s.data.public_ipv4 > 0 {
                s.hours_per_month
            } else {
                d.hours_per_month
            },
            months: d.months,
            ..s.clone()
        }
    }
}

impl<'a> Ready<'a> {
    fn new(scene: &Scene, offer: &'a Offer, instances: u32) -> Result<Ready<'a>, EngineError> {
        let dm = data::monthly(scene, offer, instances)?;
        Ok(Ready {
            offer,
            data_c: cents(round_money(dm.total))?,
            missing: dm.missing,
            book: Book::build(scene, offer, instances)?,
            fixed: (scene.scenario.months, Vec::new()),
        })
    }
}

/// [`OfferBest`] of every offer the quote would price, in the quote's
/// order (`quote_with_assumed(..).offers`): the same decision costs through
/// the same path, without what a result says beyond them (sources, ages,
/// notices, savings), for a choice over the whole catalog (the plan's
/// offers). A quote's errors are this one's, but those of the figures it
/// leaves out (a saving against on-demand that overflows). `kept`: what
/// an earlier call left of the scenario's offers ([`OfferBooks`]), used when
/// it was made for the same inputs but the hours and months, else made
/// again; either way left there for the next call.
pub(crate) fn best_per_offer<'a, 'p>(
    catalog: &'a Catalog,
    scenario: &Scenario,
    assumed: Option<&[AssumedRates]>,
    kept: &'p mut Option<OfferBooks<'a>>,
) -> Result<Vec<OfferBest<'p>>, EngineError> {
    scenario
        .validate(catalog)
        .map_err(|errors| EngineError::InvalidScenario { errors })?;
    let key = OfferBooks::key(scenario);
    let p = match kept.take() {
        Some(p) if p.key == key => kept.insert(p),
        _ => kept.insert(OfferBooks {
            eligible: eligible(catalog, scenario).0,
            key,
            ready: None,
        }),
    };
    if p.eligible.is_empty() {
        return Ok(Vec::new());
    }
    let scene = Scene::new(catalog, scenario, spot::params(&scenario.spot), assumed)?;
    let credit_c = cents(scene.credit)?;
    // (an offer's error comes where the offer does, as when each offer's
    // part was made in this loop)
    let ready = p.ready.get_or_insert_with(|| {
        p.eligible
            .iter()
            .map(|&(offer, instances)| Ready::new(&scene, offer, instances))
            .collect()
    });
    let mut out = Vec::with_capacity(ready.len());
    for r in ready.iter_mut() {
        let r = r.as_mut().map_err(|e| e.clone())?;
        if r.fixed.0 != scenario.months {
            r.fixed = (scenario.months, Vec::new());
        }
        let mut decision: Option<i64> = None;
        for m in scenario.models_for(r.offer) {
            let d = match r.fixed.1.iter().find(|f| f.0 == m) {
                Some(f) => f.1,
                None => {
                    let d = decision_cents(&scene, &r.book, m, r.data_c, credit_c)?;
                    if contract(m).is_some() {
                        r.fixed.1.push((m, d));
                    }
                    d
                }
            };
            if let Some(d) = d {
                decision = Some(decision.map_or(d, |x| x.min(d)));
            }
        }
        let r: &Ready = r;
        out.push(OfferBest {
            offer: r.offer,
            decision: decision.map(from_cents),
            missing: &r.missing,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::billing::assumed::assumed_rates;
    use crate::domain::catalog::{Currency, OfferId, PriceKind};
    use crate::domain::tco::tests::VARIED_LINKS;
    use crate::domain::tco::{quote_with_assumed, ModelQuote, QuoteOptions};

    /// What the plan's choice reads of each offer ([`best_per_offer`]) is
    /// the quote's own: the same offers in the same order, the lowest
    /// decision cost of its priced results and the rates they miss.
    #[test]
    fn each_offers_best_is_the_lowest_decision_cost_of_its_quote() {
        let cat = Catalog::embedded().unwrap();
        let (mut incomplete, mut unpriced, mut seen) = (0, 0, 0);
        for link in VARIED_LINKS {
            let (s, _) = crate::domain::link::parse_scenario(link, &cat);
            let assumed = assumed_rates(&cat, &s);
            let q = quote_with_assumed(&cat, &s, QuoteOptions::TOTALS, assumed.clone()).unwrap();
            let mut none = None;
            let best = best_per_offer(&cat, &s, assumed.as_deref(), &mut none).unwrap();
            let ids = |b: &[OfferBest]| b.iter().map(|b| b.offer.id.clone()).collect::<Vec<_>>();
            let want: Vec<OfferId> = q.offers.iter().map(|o| o.offer.clone()).collect();
            assert_eq!(ids(&best), want, "{link}");
            for (b, oq) in best.iter().zip(&q.offers) {
                let priced: Vec<&ModelQuote> = oq
                    .models
                    .iter()
                    .filter(|m| m.decision_cost.is_some())
                    .collect();
                let lowest = priced
                    .iter()
                    .filter_map(|m| m.decision_cost)
                    .map(|d| d.amount())
                    .min();
                assert_eq!(b.decision, lowest, "{link} {}", b.offer.id);
                for m in &priced {
                    assert_eq!(b.missing, m.missing, "{link} {}", b.offer.id);
                }
                incomplete += usize::from(b.decision.is_some() && !b.missing.is_empty());
                unpriced += usize::from(b.decision.is_none());
                seen += 1;
            }
        }
        // the cases the rule is about occur
        assert!(
            incomplete > 0 && unpriced > 0,
            "{incomplete} incomplete, {unpriced} unpriced of {seen}"
        );
    }

    /// What [`best_per_offer`] keeps of a scenario's offers ([`OfferBooks`])
    /// gives the bests and errors a new pass gives, as the hours and months
    /// change and as the other inputs do: links in turn, each at a few
    /// hours and horizons, on the catalog and on one whose rates overflow
    /// (in the books when converted to CNY, in the cash flows in USD).
    #[test]
    fn kept_offers_give_what_a_new_pass_gives() {
        let cat = Catalog::embedded().unwrap();
        let mut huge = cat.clone();
        for o in &mut huge.offers {
            for p in &mut o.prices {
                if let PriceKind::OnDemand { hourly } = &mut p.kind {
                    *hourly = Decimal::MAX / Decimal::from(1000);
                }
            }
        }
        let (mut priced, mut errors) = (0, 0);
        for c in [&cat, &huge] {
            let mut kept = None;
            for link in VARIED_LINKS.iter().chain(&["v=2&cur=CNY&h=744&m=60"]) {
                let (mut s, _) = crate::domain::link::parse_scenario(link, c);
                let assumed = assumed_rates(c, &s);
                for (h, m) in [
                    (None, None),
                    (Some(10), None),
                    (Some(744), Some(60)),
                    (None, Some(1)),
                ] {
                    if let Some(h) = h {
                        s.hours_per_month = Decimal::from(h);
                    }
                    if let Some(m) = m {
                        s.months = m;
                    }
                    let mut none = None;
                    let fresh = best_per_offer(c, &s, assumed.as_deref(), &mut none);
                    let again = best_per_offer(c, &s, assumed.as_deref(), &mut kept);
                    assert_eq!(again, fresh, "{link} h={h:?} m={m:?}");
                    match fresh {
                        Ok(b) => priced += b.iter().filter(|b| b.decision.is_some()).count(),
                        Err(_) => errors += 1,
                    }
                }
            }
        }
        assert!(
            priced > 1000 && errors >= 8,
            "{priced} priced, {errors} errors"
        );
    }

    /// The kept part is used while only the hours and months change, and
    /// made again when another input does: a mark put into it (each
    /// offer's data charge up by 100) shows in the next pass only when it
    /// is used.
    #[test]
    fn kept_offers_are_used_while_only_the_hours_and_months_change() {
        let cat = Catalog::embedded().unwrap();
        let (mut s, _) = crate::domain::link::parse_scenario("v=2&bm=od,ri1n,spot", &cat);
        let mut kept = None;
        let mark = |kept: &mut Option<OfferBooks>| {
            for r in kept.as_mut().unwrap().ready.as_mut().unwrap() {
                r.as_mut().unwrap().data_c += 10_000; // cents
            }
        };
        fn marked<'a>(cat: &'a Catalog, s: &Scenario, kept: &mut Option<OfferBooks<'a>>) -> bool {
            let mut none = None;
            let fresh = best_per_offer(cat, s, None, &mut none).unwrap();
            let again = best_per_offer(cat, s, None, kept).unwrap();
            assert_eq!(fresh.len(), again.len());
            fresh != again
        }
        assert!(!marked(&cat, &s, &mut kept), "nothing kept yet");
        mark(&mut kept);
        s.hours_per_month = Decimal::from(200);
        s.months = 7;
        assert!(
            marked(&cat, &s, &mut kept),
            "only the hours and months changed: used"
        );
        s.currency = Currency::CNY;
        assert!(
            !marked(&cat, &s, &mut kept),
            "the currency changed: made again"
        );
        mark(&mut kept);
        s.min_gpus = 2;
        assert!(
            !marked(&cat, &s, &mut kept),
            "the GPUs needed changed: made again"
        );
    }
}
