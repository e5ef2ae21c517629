//! What would change the plan's answer: the flip search (see the parent
//! module's docs), which moves the horizon or the usage one step at a time
//! until another option is the cheapest. Apart from the plan itself because
//! it runs after it, and in the app's worker in steps between requests.
use rust_decimal::Decimal;

use super::{best_of, Best, Flip, Plan, WhatChanges};
use crate::domain::billing::assumed::{assumed_rates, AssumedRates};
use crate::domain::catalog::{Catalog, Offer, OfferId};
use crate::domain::scenario::{Scenario, MAX_MONTHS, MIN_MONTHS};
use crate::domain::tco::{eligible, quote_offers, Excluded, QuoteOptions};

/// Step of the usage grid the flip search tries (h/month).
pub const FLIP_HOURS_STEP: u32 = 10;
/// Highest usage the flip search tries (h/month).
pub const FLIP_HOURS_MAX: u32 = 730;

/// The four directions of the flip search, in the order they are run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    MonthsShorter,
    MonthsLonger,
    HoursLower,
    HoursHigher,
}

impl Direction {
    const ALL: [Direction; 4] = [
        Direction::MonthsShorter,
        Direction::MonthsLonger,
        Direction::HoursLower,
        Direction::HoursHigher,
    ];

    /// The values tried, nearest first (months, or grid hours per month).
    fn values(self, months: u32, hours: Decimal) -> Vec<u32> {
        let grid = (1..=FLIP_HOURS_MAX / FLIP_HOURS_STEP).map(|i| i * FLIP_HOURS_STEP);
        match self {
            Direction::MonthsShorter => (MIN_MONTHS..months).rev().collect(),
            Direction::MonthsLonger => (months.saturating_add(1)..=MAX_MONTHS).collect(),
            Direction::HoursLower => grid.rev().filter(|&g| Decimal::from(g) < hours).collect(),
            Direction::HoursHigher => grid.filter(|&g| Decimal::from(g) > hours).collect(),
        }
    }
}

/// The flip search (see the module docs) as work that can be done a few
/// quotes at a time: [`plan`](super::plan) runs it to the end at once; the app's worker
/// runs it in steps between requests, so a newer request never waits for
/// more than one step and a search made stale by it is dropped.
#[derive(Debug, Clone)]
pub struct FlipSearch<'a> {
    /// The scenario restricted to the plan's offers (changed and restored
    /// by each step).
    s: Scenario,
    ids: Vec<OfferId>,
    /// The offers its quotes price and leave out (the hours and months a
    /// step changes do not decide them): found once, not in every step's
    /// pass over the catalog.
    offers: Vec<(&'a Offer, u32)>,
    excluded: Vec<Excluded>,
    assumed: Option<Vec<AssumedRates>>,
    /// The plan's cheapest option.
    current: Best,
    /// The direction being searched (an index into [`Direction::ALL`]) and
    /// its values still to try, the nearest last.
    at: usize,
    todo: Vec<u32>,
    found: WhatChanges,
}

impl<'a> FlipSearch<'a> {
    /// The search for `plan` (made from `scenario` with flips or without);
    /// None when the plan has no cheapest option (nothing to flip from).
    pub fn new(catalog: &'a Catalog, scenario: &Scenario, plan: &Plan) -> Option<FlipSearch<'a>> {
        let current = plan.summary.cheapest.clone()?;
        // the search uses the requested models only
        let mut s = scenario.clone();
        s.offers = Some(plan.offers.clone());
        let mut todo = Direction::ALL[0].values(s.months, s.hours_per_month);
        todo.reverse();
        let (offers, excluded) = eligible(catalog, &s);
        Some(FlipSearch {
            assumed: assumed_rates(catalog, scenario),
            ids: plan.offers.clone(),
            offers,
            excluded,
            s,
            current,
            at: 0,
            todo,
            found: WhatChanges::default(),
        })
    }

    /// The cheapest option of the search's scenario (totals only) when it
    /// is another than the plan's; None when it is the same, nothing is
    /// priced or the quote fails.
    fn flip(&self, catalog: &Catalog) -> Option<Best> {
        // (best_of reads the decision costs, not the saving against on-demand)
        let opts = QuoteOptions {
            lines: false,
            savings: false,
        };
        let q = quote_offers(
            catalog,
            &self.s,
            opts,
            self.assumed.clone(),
            &self.offers,
            self.excluded.clone(),
        )
        .ok()?;
        let w = best_of(&q, &self.ids, self.s.models())?;
        let b = &self.current;
        (w.offer != b.offer || w.model != b.model).then_some(w)
    }

    /// Try the next value (one totals-only quote of the plan's offers);
    /// true once the search is over.
    pub fn step(&mut self, catalog: &Catalog) -> bool {
        while self.todo.is_empty() {
            self.at += 1;
            let Some(d) = Direction::ALL.get(self.at) else {
                return true;
            };
            self.todo = d.values(self.s.months, self.s.hours_per_month);
            self.todo.reverse();
        }
        let Some(v) = self.todo.pop() else {
            return false;
        };
        let d = Direction::ALL[self.at];
        let (months, hours) = (self.s.months, self.s.hours_per_month);
        let at = Decimal::from(v);
        match d {
            Direction::MonthsShorter | Direction::MonthsLonger => self.s.months = v,
            Direction::HoursLower | Direction::HoursHigher => self.s.hours_per_month = at,
        }
        let best = self.flip(catalog);
        (self.s.months, self.s.hours_per_month) = (months, hours);
        if let Some(best) = best {
            let slot = match d {
                Direction::MonthsShorter => &mut self.found.months_shorter,
                Direction::MonthsLonger => &mut self.found.months_longer,
                Direction::HoursLower => &mut self.found.hours_lower,
                Direction::HoursHigher => &mut self.found.hours_higher,
            };
            *slot = Some(Flip { at, best });
            self.todo.clear();
        }
        false
    }

    /// What was found so far (all of it once [`FlipSearch::step`] said the
    /// search is over).
    pub fn found(&self) -> &WhatChanges {
        &self.found
    }

    /// Run the search to its end.
    pub fn run(mut self, catalog: &Catalog) -> WhatChanges {
        while !self.step(catalog) {}
        self.found
    }
}
