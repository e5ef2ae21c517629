//! Engine benchmark (harness = false, plain std::time).
//! Run with `cargo bench --bench engine`.
use std::hint::black_box;
use std::time::{Duration, Instant};

use gpucost::domain::catalog::Catalog;
use gpucost::domain::plan::{breakeven_distribution, plan};
use gpucost::domain::pricing::all_offer_metrics;
use gpucost::domain::scenario::Scenario;
use gpucost::domain::synthetic::scaled;
use gpucost::domain::tco::{quote, quote_with, QuoteOptions};

/// The fastest of `runs` timed runs after a warm-up. On a shared 2-core
/// machine noise only ever adds time, so the minimum is the stable figure
/// (the median moved ±30 % between identical runs); ratios use it.
fn median<F: FnMut()>(runs: usize, mut f: F) -> Duration {
    f(); // warm-up
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

fn main() {
    let cat = Catalog::embedded().expect("embedded catalog");
    let big = scaled(&cat, 10);
    let s = Scenario {
        months: 36,
        ..Scenario::default()
    };
    let runs = 31;
    println!(
        "engine bench: {} offers (10x: {}), 36 months, {} billing models, fastest of {runs} runs each",
        cat.offers.len(),
        big.offers.len(),
        s.models().len()
    );
    let q1 = median(runs, || {
        black_box(quote(black_box(&cat), black_box(&s)).unwrap());
    });
    let q10 = median(runs, || {
        black_box(quote(black_box(&big), black_box(&s)).unwrap());
    });
    let t_only = QuoteOptions { lines: false };
    let t1 = median(runs, || {
        black_box(quote_with(black_box(&cat), black_box(&s), t_only).unwrap());
    });
    let t10 = median(runs, || {
        black_box(quote_with(black_box(&big), black_box(&s), t_only).unwrap());
    });
    let m1 = median(runs, || {
        black_box(all_offer_metrics(black_box(&cat), black_box(&s)).unwrap());
    });
    let m10 = median(runs, || {
        black_box(all_offer_metrics(black_box(&big), black_box(&s)).unwrap());
    });
    // the plan view recomputes on every input change: the 4 cheapest
    // offers chosen over the catalog, their lines, and the flip search
    let p1 = median(runs, || {
        black_box(plan(black_box(&cat), black_box(&s)).unwrap());
    });
    let bd = median(runs, || {
        black_box(breakeven_distribution(black_box(&cat), black_box(&s)).unwrap());
    });
    let ratio = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64().max(1e-12);
    println!(
        "quote (TCO, all models)  1x: {:>10}   10x: {:>10}   10x/1x = {:.1}",
        fmt(q1),
        fmt(q10),
        ratio(q1, q10)
    );
    println!(
        "quote totals only        1x: {:>10}   10x: {:>10}   10x/1x = {:.1}",
        fmt(t1),
        fmt(t10),
        ratio(t1, t10)
    );
    println!(
        "offer_metrics (all)      1x: {:>10}   10x: {:>10}   10x/1x = {:.1}",
        fmt(m1),
        fmt(m10),
        ratio(m1, m10)
    );
    println!(
        "plan (4 offers, flip search) 1x: {:>10}   breakeven_distribution 1x: {:>10}",
        fmt(p1),
        fmt(bd)
    );
    let per_offer = m1.as_secs_f64() * 1e6 / cat.offers.len().max(1) as f64;
    println!("offer_metrics per offer: {per_offer:.2} µs");
}
