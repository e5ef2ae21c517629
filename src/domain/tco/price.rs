//! One offer priced: its book and data charges made once, then each
//! billing model settled and dressed as a [`ModelQuote`]. The one pricing
//! path: the quote, the advice's pool and the plan's choice ([`super::books`])
//! all settle a model here, so they cannot disagree on a decision cost.

use std::sync::Arc;

use rust_decimal::Decimal;

use crate::domain::age::{reference_date, PriceAge};
use crate::domain::billing::assumed::AssumedRates;
use crate::domain::billing::cashflow::{cents, from_cents, Settled};
use crate::domain::billing::{self, data, Book, PriceRef, Reason, Scene, Shape};
use crate::domain::catalog::{as_of_days, Catalog, Offer};
use crate::domain::error::EngineError;
use crate::domain::money::{div, mul, round_money, round_rate, sub, Money};
use crate::domain::pricing::instances_needed;
use crate::domain::scenario::{BillingModel, Scenario, ScenarioError};
use crate::domain::spot::SpotParams;

use super::{CashFlow, Few, MissingRate, ModelQuote, OfferQuote, QuoteOptions};

/// 0.00, as [`round_money`] reports a zero.
const ZERO_CENTS: Decimal = Decimal::from_parts(0, 0, 0, false, 2);

/// A result that can't be priced.
fn unavailable(model: BillingModel, r: Reason) -> ModelQuote {
    ModelQuote {
        model,
        unavailable: Some(r),
        total: None,
        upfront_total: ZERO_CENTS,
        still_owed: ZERO_CENTS,
        decision_cost: None,
        missing: Vec::new(),
        lower_bound: false,
        cash_timing_known: true,
        paid_known: true,
        month1_cash: None,
        age: None,
        effective_hourly: None,
        saving_vs_on_demand_pct: None,
        assumed: false,
        monthly_from_upfront: false,
        negotiated: false,
        indicative: false,
        user_price: false,
        notices: Few::default(),
        sources: Few::default(),
        flow: None,
    }
}

/// One offer's rates and data charges, made once for all its models: what
/// every model of the offer shares (its missing rates, the oldest usage
/// rate it uses, the date ages are measured at) and its book.
pub(crate) struct OfferPricing<'a, 's> {
    scene: &'s Scene<'a>,
    book: Book<'a>,
    dm: data::DataMonthly,
    data_c: i64,
    credit_c: i64,
    reference: Arc<str>,
    /// `reference` read as days (`as_of_days`).
    reference_days: Option<i64>,
    keep_lines: bool,
}

impl<'a, 's> OfferPricing<'a, 's> {
    /// The book and data charges of `offer` for `instances` instances;
    /// `keep_lines`: the results keep their cash flow for month lines.
    pub(crate) fn new(
        scene: &'s Scene<'a>,
        offer: &'a Offer,
        instances: u32,
        keep_lines: bool,
    ) -> Result<OfferPricing<'a, 's>, EngineError> {
        let dm = data::monthly(scene, offer, instances)?;
        let data_c = cents(round_money(dm.total))?;
        let reference = reference_date(scene.catalog, scene.scenario);
        Ok(OfferPricing {
            scene,
            data_c,
            book: Book::build(scene, offer, instances)?,
            credit_c: cents(scene.credit)?,
            reference: Arc::from(reference),
            reference_days: as_of_days(reference),
            keep_lines,
            dm,
        })
    }

    /// One model settled ([`settled`]), or why it can't be priced.
    pub(crate) fn settle(
        &self,
        m: BillingModel,
    ) -> Result<Result<Settlement<'_>, Reason>, EngineError> {
        Ok(
            settled(self.scene, &self.book, m, self.data_c, self.credit_c)?.map(
                |(shape, flow, t)| Settlement {
                    model: m,
                    shape,
                    flow,
                    t,
                    offer: self,
                },
            ),
        )
    }

    /// The rates every result of the offer needs but nobody has.
    pub(crate) fn missing(&self) -> &[MissingRate] {
        &self.dm.missing
    }
}

/// One model of an offer priced and settled, before it is dressed as a
/// [`ModelQuote`] ([`priced`] reads its figures here): the advice's pool
/// reads a few of them for every model of every offer, and dressing each
/// as a whole `ModelQuote` first cost as much as settling it.
pub(crate) struct Settlement<'p> {
    pub model: BillingModel,
    shape: Shape,
    pub flow: CashFlow,
    t: Settled,
    offer: &'p OfferPricing<'p, 'p>,
}

impl Settlement<'_> {
    /// Its figures in cents.
    pub(crate) fn settled(&self) -> &Settled {
        &self.t
    }
    /// Paid within the horizon.
    pub(crate) fn paid(&self) -> Decimal {
        from_cents(self.t.paid)
    }
    pub(crate) fn upfront(&self) -> Decimal {
        from_cents(self.t.upfront)
    }
    pub(crate) fn still_owed(&self) -> Decimal {
        from_cents(self.t.still_owed)
    }
    /// Paid + still owed − credit still usable on what is owed.
    pub(crate) fn decision_cost(&self) -> Decimal {
        from_cents(self.t.decision)
    }
    /// Per instance-hour: the shape's, or for a stepped price (its months
    /// differ) what the horizon's usage comes to per hour of it.
    pub(crate) fn effective_hourly(&self) -> Decimal {
        let s = self.offer.scene.scenario;
        let average = || -> Result<Decimal, EngineError> {
            let hours = mul(
                mul(Decimal::from(s.months), s.hours_per_month)?,
                self.offer.book.instances,
            )?;
            div(from_cents(self.flow.usage_through(s.months)?), hours)
        };
        match &self.shape.ramp {
            Some(_) if s.months > 0 && s.hours_per_month > Decimal::ZERO => {
                average().unwrap_or(self.shape.effective_hourly)
            }
            _ => self.shape.effective_hourly,
        }
    }
    /// False when the upfront/monthly split is not published.
    pub(crate) fn cash_timing_known(&self) -> bool {
        !self.shape.cash_unknown
    }
    pub(crate) fn indicative(&self) -> bool {
        self.shape.sources.iter().any(PriceRef::indicative)
    }
    pub(crate) fn assumed(&self) -> bool {
        self.shape.assumed
    }
    /// A reservation's all-upfront price paid monthly by the provider's rule.
    pub(crate) fn monthly_from_upfront(&self) -> bool {
        self.shape.monthly_from_upfront
    }
    /// The offer's own monthly interruption share the figure rests on
    /// ([`ModelNotice::own_spot_rate`](crate::domain::billing::ModelNotice::own_spot_rate)).
    pub(crate) fn own_spot_rate(&self) -> Option<(Decimal, bool)> {
        self.shape.notices.own_spot_rate()
    }
    /// The user's negotiated discount went into this figure (each billing
    /// family says where it charges a discounted rate: `Shape::negotiated`).
    pub(crate) fn negotiated(&self) -> bool {
        self.shape.negotiated
    }
    /// The age of the prices the result rests on (None: user prices only).
    pub(crate) fn age(&self) -> Option<PriceAge> {
        let o = self.offer;
        PriceAge::oldest_at(
            self.shape
                .sources
                .iter()
                .filter_map(PriceRef::as_of_shared)
                .chain(o.dm.oldest_as_of.as_ref()),
            &o.reference,
            o.reference_days,
        )
    }
}

/// The result of a priced model.
fn priced(s: Settlement) -> ModelQuote {
    let currency = s.offer.scene.scenario.currency;
    let missing = s.offer.missing();
    let timing = s.cash_timing_known();
    ModelQuote {
        model: s.model,
        unavailable: None,
        total: Some(Money::new(s.paid(), currency)),
        upfront_total: s.upfront(),
        still_owed: s.still_owed(),
        decision_cost: Some(Money::new(s.decision_cost(), currency)),
        missing: missing.to_vec(),
        lower_bound: !missing.is_empty(),
        cash_timing_known: timing,
        paid_known: timing || s.flow.covers_whole_terms(),
        month1_cash: timing.then(|| s.flow.month1()),
        age: s.age(),
        effective_hourly: Some(round_rate(s.effective_hourly())),
        saving_vs_on_demand_pct: None,
        assumed: s.assumed(),
        monthly_from_upfront: s.monthly_from_upfront(),
        negotiated: s.negotiated(),
        indicative: s.indicative(),
        user_price: s.shape.user_price,
        flow: s.offer.keep_lines.then_some(if missing.is_empty() {
            s.flow
        } else {
            s.flow.data_unknown()
        }),
        notices: s.shape.notices,
        sources: s.shape.sources,
    }
}

/// Quote one offer for the scenario's models. `assumed` is
/// [`assumed_rates`](crate::domain::billing::assumed::assumed_rates) of the
/// scenario, computed once per quote.
pub fn quote_offer(
    catalog: &Catalog,
    scenario: &Scenario,
    offer: &Offer,
    sp: Option<&SpotParams>,
    assumed: Option<&[AssumedRates]>,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let scene = Scene::new(catalog, scenario, sp.copied(), assumed)?;
    // `quote` leaves out (and reports) offers that can never meet the VRAM
    // need (memory unknown); a direct call for one is not eligible.
    let Some(instances) = instances_needed(scenario, offer) else {
        return Err(EngineError::InvalidScenario {
            errors: vec![ScenarioError::ValueOutOfRange {
                field: "vram".into(),
                value: Decimal::from(scenario.min_vram_gb.unwrap_or(0)),
            }],
        });
    };
    offer_quote(&scene, offer, instances, opts)
}

/// Book → for each model: shape → cash flow.
pub(super) fn offer_quote(
    scene: &Scene,
    offer: &Offer,
    instances: u32,
    opts: QuoteOptions,
) -> Result<OfferQuote, EngineError> {
    let scenario = scene.scenario;
    let p = OfferPricing::new(scene, offer, instances, opts.lines)?;
    let mut models = Vec::with_capacity(scenario.models().len());
    let mut od_decision: Option<Decimal> = None;
    for m in scenario.models_for(offer) {
        let q = match p.settle(m)? {
            Ok(s) => {
                if m == BillingModel::OnDemand {
                    od_decision = Some(s.decision_cost());
                }
                priced(s)
            }
            Err(r) => unavailable(m, r),
        };
        models.push(q);
    }
    // the saving is against on-demand even when it is not requested
    if opts.savings
        && od_decision.is_none()
        && p.book.on_demand.is_some()
        && !scenario.models().contains(&BillingModel::OnDemand)
    {
        if let Ok(s) = p.settle(BillingModel::OnDemand)? {
            od_decision = Some(s.decision_cost());
        }
    }
    if let Some(od) = od_decision.filter(|v| opts.savings && *v > Decimal::ZERO) {
        for q in &mut models {
            if let Some(t) = q.decision_cost {
                let pct = mul(div(sub(od, t.amount())?, od)?, Decimal::ONE_HUNDRED)?;
                q.saving_vs_on_demand_pct = Some(round_money(pct));
            }
        }
    }
    Ok(OfferQuote {
        offer: offer.id.clone(),
        provider: offer.provider,
        gpus_per_instance: offer.gpu_count,
        instances,
        data_monthly: round_money(p.dm.total),
        notices: p.dm.notices,
        data_charges: p.dm.charges,
        models,
    })
}

/// One model of an offer: its shape, cash flow and settled figures, or why
/// it can't be priced (the one path [`offer_quote`] and
/// [`best_per_offer`](super::best_per_offer) share, so the two cannot
/// disagree on a decision cost).
fn settled(
    scene: &Scene,
    book: &Book,
    m: BillingModel,
    data_c: i64,
    credit_c: i64,
) -> Result<Result<(Shape, CashFlow, Settled), Reason>, EngineError> {
    Ok(match billing::shape(m, scene, book)? {
        Ok(s) => {
            let flow = CashFlow::new(
                scene.scenario,
                &s,
                data_c,
                credit_c,
                book.credit_pays_upfront,
            )?;
            let t = flow.settle()?;
            Ok((s, flow, t))
        }
        Err(r) => Err(r),
    })
}

/// [`settled`]'s decision cost alone, in cents (None: the model can't be
/// priced), for a choice among offers: the shape is read where it is made,
/// not moved out with its cash flow through two results, which cost much of
/// a plan's summary (figures: docs/PERFORMANCE.md).
pub(super) fn decision_cents(
    scene: &Scene,
    book: &Book,
    m: BillingModel,
    data_c: i64,
    credit_c: i64,
) -> Result<Option<i64>, EngineError> {
    // read in place: moving the shape out through `?` copied it twice
    let shaped = billing::shape(m, scene, book);
    Ok(match shaped {
        Ok(Ok(ref s)) => Some(
            CashFlow::new(
                scene.scenario,
                s,
                data_c,
                credit_c,
                book.credit_pays_upfront,
            )?
            .settle()?
            .decision,
        ),
        Ok(Err(_)) => None,
        Err(e) => return Err(e),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::tco::quote_with;
    use crate::domain::tco::tests::VARIED_LINKS;

    /// A quote without the savings against on-demand is the quote with
    /// them, less those figures.
    #[test]
    fn a_quote_without_savings_differs_only_by_them() {
        let cat = Catalog::embedded().unwrap();
        let mut savings = 0;
        for link in VARIED_LINKS {
            let (s, _) = crate::domain::link::parse_scenario(link, &cat);
            for lines in [false, true] {
                let with = quote_with(
                    &cat,
                    &s,
                    QuoteOptions {
                        lines,
                        savings: true,
                    },
                )
                .unwrap();
                let mut without = quote_with(
                    &cat,
                    &s,
                    QuoteOptions {
                        lines,
                        savings: false,
                    },
                )
                .unwrap();
                for (a, b) in with.offers.iter().zip(&mut without.offers) {
                    for (ma, mb) in a.models.iter().zip(&mut b.models) {
                        assert_eq!(mb.saving_vs_on_demand_pct, None, "{link}");
                        savings += usize::from(ma.saving_vs_on_demand_pct.is_some());
                        mb.saving_vs_on_demand_pct = ma.saving_vs_on_demand_pct;
                    }
                }
                assert_eq!(with, without, "{link}");
            }
        }
        assert!(savings > 0);
    }
}
