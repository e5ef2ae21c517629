//! What the compare screen prices, as pure functions of (catalog,
//! scenario): every offer's metrics ([`price_all`], which depends only on
//! the scenario's pricing inputs, so typing in the search box does not
//! re-price thousands of offers) and the side-by-side [`panel`]; the table's
//! view state and its link keys ([`view`]) and how the table filters, sorts
//! and pages those rows ([`rows`]), which the export reads too.

pub mod rows;
pub mod view;

use rust_decimal::Decimal;

use crate::domain::billing::Scene;
use crate::domain::catalog::{Catalog, Gpu, Offer, OfferId, Region};
use crate::domain::error::EngineError;
use crate::domain::pricing::{assumed_rates, rates, OfferMetrics, Rates};
use crate::domain::scenario::{BillingModel, Scenario, UsageRateKey};
use crate::domain::tco::{quote, ranked_results, ModelQuote, OfferQuote, Quote};

/// The part of a scenario that changes prices (filters removed), so a memo
/// over it only re-prices when a price input changes.
pub fn pricing_inputs(s: &Scenario) -> Scenario {
    Scenario {
        gpu_models: Vec::new(),
        providers: Vec::new(),
        region_groups: Vec::new(),
        regions: Vec::new(),
        offers: None,
        min_gpus: 1,
        min_vram_gb: None,
        ..s.clone()
    }
}

/// One priced offer (all offers of the catalog, in catalog order).
#[derive(Debug, Clone)]
pub struct PricedOffer {
    pub offer: &'static Offer,
    pub gpu: Option<&'static Gpu>,
    pub region: Option<&'static Region>,
    pub metrics: Result<OfferMetrics, EngineError>,
}

/// Catalog entries are compared by identity (they never change while the
/// app runs): cheaper than comparing every field of every offer each time
/// the table's memo recomputes, and less code in the wasm.
impl PartialEq for PricedOffer {
    fn eq(&self, other: &Self) -> bool {
        fn same<T>(a: Option<&T>, b: Option<&T>) -> bool {
            match (a, b) {
                (Some(a), Some(b)) => std::ptr::eq(a, b),
                (None, None) => true,
                _ => false,
            }
        }
        std::ptr::eq(self.offer, other.offer)
            && same(self.gpu, other.gpu)
            && same(self.region, other.region)
            && self.metrics == other.metrics
    }
}

/// Price every offer of a `'static` catalog under the scenario's pricing inputs.
pub fn price_all(catalog: &'static Catalog, scenario: &Scenario) -> Vec<PricedOffer> {
    price_kept(catalog, scenario, &mut None)
}

/// Every offer's rates and the pricing inputs they were made for, with the
/// hours per month set to 0 (the rates do not read them).
#[derive(Debug)]
pub struct KeptRates {
    key: Scenario,
    rated: Vec<RatedOffer>,
}

/// [`price_all`], with the offers' rates kept in `kept` from one call to
/// the next while only the hours per month change (the compare table's
/// hours box): such a pass only multiplies ([`Rates::at`]). Any other
/// change makes them again. Never inlined: the compare table and the
/// plan's offer picker share one copy in the wasm.
#[inline(never)]
pub fn price_kept(
    catalog: &'static Catalog,
    scenario: &Scenario,
    kept: &mut Option<KeptRates>,
) -> Vec<PricedOffer> {
    let key = rates_key(scenario);
    if kept.as_ref().is_some_and(|k| k.key != key) {
        *kept = None;
    }
    let k = kept.get_or_insert_with(|| KeptRates {
        rated: rate_all(catalog, &key),
        key,
    });
    price_hours(&k.rated, scenario.hours_per_month)
}

/// One offer's rates (all offers of the catalog, in catalog order): its
/// pricing less what the hours per month change.
#[derive(Debug)]
struct RatedOffer {
    offer: &'static Offer,
    gpu: Option<&'static Gpu>,
    region: Option<&'static Region>,
    rates: Result<Rates, EngineError>,
}

/// [`price_all`]'s first half: every offer's [`Rates`], which a change of
/// the hours per month keeps.
fn rate_all(catalog: &'static Catalog, scenario: &Scenario) -> Vec<RatedOffer> {
    let assumed = assumed_rates(catalog, scenario);
    // one scene for every offer (a rate it cannot read is every offer's error)
    let scene = Scene::new(catalog, scenario, None, assumed.as_deref());
    catalog
        .offers
        .iter()
        .map(|o| RatedOffer {
            offer: o,
            gpu: catalog.gpu(&o.gpu),
            region: catalog.region(o.provider, &o.region),
            rates: match &scene {
                Ok(scene) => rates(scene, o),
                Err(e) => Err(e.clone()),
            },
        })
        .collect()
}

/// [`price_all`]'s second half: the rates at `hours` per month.
fn price_hours(rated: &[RatedOffer], hours: Decimal) -> Vec<PricedOffer> {
    rated
        .iter()
        .map(|r| PricedOffer {
            offer: r.offer,
            gpu: r.gpu,
            region: r.region,
            metrics: r
                .rates
                .as_ref()
                .map_err(Clone::clone)
                .and_then(|x| x.at(hours)),
        })
        .collect()
}

/// What [`rate_all`] reads of a scenario: its pricing inputs with the hours
/// per month set to 0 (the rates do not read them), so a memo over it keeps
/// the rates while only the hours change.
fn rates_key(s: &Scenario) -> Scenario {
    Scenario {
        hours_per_month: Decimal::ZERO,
        ..pricing_inputs(s)
    }
}

/// The side-by-side panel: the selected offers quoted under every billing
/// model over the scenario's horizon, with the best (lowest) value per row.
#[derive(Debug, Clone, PartialEq)]
pub struct Panel {
    pub quote: Quote,
    /// Billing models with at least one priced offer, in display order.
    pub models: Vec<BillingModel>,
    /// For each model in `models`: index (into `quote.offers`) of the cheapest total.
    pub best_by_model: Vec<Option<usize>>,
    /// Index of the offer with the lowest on-demand hourly price (per GPU
    /// when `per_gpu`).
    pub best_hourly: Option<usize>,
    /// The offers have different GPU counts: the best of a row is the
    /// lowest per GPU (an 8-GPU box against a 1-GPU one), and the rows say
    /// per-GPU figures too.
    pub per_gpu: bool,
    /// GPUs per instance of each offer, in `quote.offers` order.
    pub gpus: Vec<u32>,
    /// Each offer's on-demand price per instance-hour (None: unpriced), in
    /// `quote.offers` order: looked up once, for `best_hourly` and the rows
    /// that show it.
    pub on_demand_hourly: Vec<Option<Decimal>>,
}

impl Panel {
    /// A figure of offer `i` per GPU.
    pub fn per_gpu_of(&self, i: usize, v: Decimal) -> Decimal {
        let g = self.gpus.get(i).copied().unwrap_or(1).max(1);
        v / Decimal::from(g)
    }
}

/// Quote the selected offers (in selection order) over the scenario's horizon.
pub fn panel(
    catalog: &Catalog,
    scenario: &Scenario,
    selected: &[OfferId],
) -> Result<Panel, EngineError> {
    let s = Scenario {
        offers: Some(selected.to_vec()),
        billing_models: Vec::new(),
        ..pricing_inputs(scenario)
    };
    let mut q = quote(catalog, &s)?;
    // Keep the user's selection order (quote walks the catalog order).
    q.offers
        .sort_by_key(|o| selected.iter().position(|id| *id == o.offer));
    // (and a Capacity Block where a selected offer is sold as one)
    let cb =
        (!s.models().contains(&BillingModel::CapacityBlock)).then_some(BillingModel::CapacityBlock);
    let models: Vec<BillingModel> = s
        .models()
        .iter()
        .copied()
        .chain(cb)
        .filter(|m| q.offers.iter().any(|o| model_quote(o, *m).is_some()))
        .collect();
    // per model, fewer missing charge kinds first, then the cost on what
    // the group prices: an incomplete result never wins by omission
    let gpus: Vec<u32> = q
        .offers
        .iter()
        .map(|o| catalog.offer(&o.offer).map_or(1, |x| x.gpu_count.max(1)))
        .collect();
    let per_gpu = gpus.iter().any(|g| *g != gpus[0]);
    // (per GPU: the basis's figures ÷ the offer's GPUs; the same order
    // when every offer has as many)
    let per = |o: usize, b: &crate::domain::compare_basis::Basis| {
        let g = Decimal::from(gpus[o]);
        crate::domain::compare_basis::Basis {
            upper: b.upper / g,
            priced: b.priced / g,
            ..b.clone()
        }
    };
    let ranked = ranked_results(&q.offers, q.months);
    let best_by_model = models
        .iter()
        .map(|m| {
            argmin(q.offers.iter().enumerate().map(|(o, oq)| {
                ranked
                    .iter()
                    .find(|r| r.0 == o && oq.models[r.1].model == *m)
                    .map(|r| per(o, &r.2))
            }))
        })
        .collect();
    let on_demand_hourly: Vec<Option<Decimal>> = q
        .offers
        .iter()
        .map(|o| {
            o.models
                .iter()
                .find(|mq| mq.model == BillingModel::OnDemand)
                .and_then(|mq| mq.effective_hourly)
        })
        .collect();
    let best_hourly = argmin(
        on_demand_hourly
            .iter()
            .enumerate()
            .map(|(i, h)| h.map(|h| h / Decimal::from(gpus[i]))),
    );
    Ok(Panel {
        quote: q,
        models,
        best_by_model,
        best_hourly,
        per_gpu,
        gpus,
        on_demand_hourly,
    })
}

/// The usage rates the panel can ask the user for: every rate a result
/// lacks, plus every rate the user has already entered for a selected
/// offer's region (so a box does not vanish once its rate is typed), in
/// the panel's order without duplicates.
pub fn rate_inputs(p: &Panel, s: &Scenario) -> Vec<UsageRateKey> {
    // in the panel's offer order; no sort (one less sort in the wasm)
    let mut codes: Vec<String> = Vec::new();
    let mut add = |c: String| {
        if !codes.contains(&c) {
            codes.push(c);
        }
    };
    for o in &p.quote.offers {
        for m in &o.models {
            for r in &m.missing {
                let k = UsageRateKey {
                    provider: r.provider,
                    region: r.region.clone(),
                    kind: r.kind,
                };
                add(k.code());
            }
        }
        // the offer id is `provider:region:type`; a rate key starts with `provider:region:`
        let prefix = match o.offer.rsplit_once(':') {
            Some((pr, _)) => format!("{pr}:"),
            None => continue,
        };
        for k in s.user_usage_rates.keys().filter(|k| k.starts_with(&prefix)) {
            add(k.as_str().to_owned());
        }
    }
    codes
        .iter()
        .filter_map(|c| UsageRateKey::from_code(c))
        .collect()
}

/// One billing model's result for an offer, when it could be priced.
pub fn model_quote(o: &OfferQuote, m: BillingModel) -> Option<&ModelQuote> {
    o.models
        .iter()
        .find(|q| q.model == m && q.unavailable.is_none())
}

/// The decision cost of one billing model of an offer, if available.
pub fn model_total(o: &OfferQuote, m: BillingModel) -> Option<Decimal> {
    model_quote(o, m).and_then(|q| q.decision_cost.map(|t| t.amount()))
}

/// Index of the smallest value (the first on ties); None when all are None.
fn argmin<K: PartialOrd>(values: impl Iterator<Item = Option<K>>) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for (i, v) in values.enumerate() {
        if let Some(v) = v {
            if best.as_ref().is_none_or(|(_, b)| v < *b) {
                best = Some((i, v));
            }
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::embedded::test_catalog as catalog;

    #[test]
    fn panel_keeps_selection_order_and_finds_best() {
        let c = catalog();
        let mut ids: Vec<OfferId> = c
            .offers
            .iter()
            .filter(|o| o.on_demand().is_some())
            .take(3)
            .map(|o| o.id.clone())
            .collect();
        ids.reverse();
        let p = panel(c, &Scenario::default(), &ids).unwrap();
        let got: Vec<&str> = p.quote.offers.iter().map(|o| o.offer.as_str()).collect();
        assert_eq!(got, ids.iter().map(OfferId::as_str).collect::<Vec<_>>());
        let od = p
            .models
            .iter()
            .position(|m| *m == BillingModel::OnDemand)
            .unwrap();
        let best = p.best_by_model[od].unwrap();
        let best_total = model_total(&p.quote.offers[best], BillingModel::OnDemand).unwrap();
        for o in &p.quote.offers {
            assert!(model_total(o, BillingModel::OnDemand).unwrap() >= best_total);
        }
    }

    /// Rates kept from a pass at other hours price every offer at these
    /// hours as a new pass does (the compare table keeps them while only
    /// its hours box changes), errors included: one `kept` through varied
    /// links and hours, on the catalog and on one whose on-demand rates
    /// overflow; each pass made afresh at the link's own hours.
    #[test]
    fn kept_rates_price_as_a_new_pass_at_any_hours() {
        use crate::domain::catalog::PriceKind;
        let cat = catalog();
        let mut huge = cat.clone();
        for o in &mut huge.offers {
            for p in &mut o.prices {
                if let PriceKind::OnDemand { hourly } = &mut p.kind {
                    *hourly = Decimal::MAX / Decimal::from(1000);
                }
            }
        }
        let huge: &'static Catalog = Box::leak(Box::new(huge));
        let (mut priced, mut errors, mut committed, mut uncommitted) = (0, 0, 0, 0);
        for c in [cat, huge] {
            let mut kept = None;
            for link in [
                "v=2",
                "v=2&h=5&m=1",
                "v=2&cur=CNY&fx=7.5&m=60",
                "v=2&disc=40&m=18",
                "v=2&gpus=16&vram=640&m=36",
                "v=2&stu=30off&stucap=8&cr=200usd",
                "v=2&p=azure&si=gt20&m=2",
            ] {
                let (s, _) = crate::domain::link::parse_scenario(link, c);
                for h in ["0", "0.5", "10", "730", "744"] {
                    let s = pricing_inputs(&Scenario {
                        hours_per_month: h.parse().unwrap(),
                        ..s.clone()
                    });
                    let fresh = price_hours(&rate_all(c, &s), s.hours_per_month);
                    assert_eq!(price_kept(c, &s, &mut kept), fresh, "{link} h={h}");
                    for p in &fresh {
                        match &p.metrics {
                            Ok(m) if m.best_commitment.is_some() => committed += 1,
                            Ok(_) => uncommitted += 1,
                            Err(_) => errors += 1,
                        }
                        priced += 1;
                    }
                }
            }
        }
        assert!(
            committed > 1000 && uncommitted > 1000 && errors > 1000,
            "{priced}: {committed} with a best commitment, {uncommitted} without, {errors} errors"
        );
    }
}
