//! Engine benchmark (harness = false, plain std::time).
//! Run with `cargo bench --bench engine`.
use std::hint::black_box;
use std::time::{Duration, Instant};

use gpucost::domain::advise::{advise, advise_but_changes, advise_but_changes_kept};
use gpucost::domain::catalog::Catalog;
use gpucost::domain::plan::{breakeven_distribution, plan, plan_scenario, plan_without_flips};
use gpucost::domain::pricing::all_offer_metrics;
use gpucost::domain::scenario::Scenario;
use gpucost::domain::synthetic::regions_cloned;
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

/// A keystroke in the advise months box as the worker answers it, from
/// the pool the keystroke before left (latency.spec.ts's "every offer
/// fits": no memory need, so every offer and way of paying is ranked).
fn months_kept(c: &Catalog) -> impl FnMut() + '_ {
    let links =
        [13, 14].map(|m| gpucost::ui::link::parse(&format!("v=2&screen=advise&m={m}"), c).0);
    let (mut kept, mut k) = (None, 0usize);
    move || {
        k += 1;
        let l = &links[k % 2];
        black_box(advise_but_changes_kept(c, &l.scenario, &l.advise, &mut kept).unwrap());
    }
}

/// The fastest of `runs` runs of each function, timed in turn (one run of
/// each, then again, …): the ratio of a larger catalog to the 1× one then
/// compares runs made under the same load, where timing all runs of one
/// before the other let a build starting in between skew it.
fn rotate(runs: usize, fs: &mut [Box<dyn FnMut() + '_>]) -> Vec<Duration> {
    for f in fs.iter_mut() {
        f(); // warm-up
    }
    let mut best = vec![Duration::MAX; fs.len()];
    for _ in 0..runs {
        for (f, b) in fs.iter_mut().zip(&mut best) {
            let t = Instant::now();
            f();
            *b = (*b).min(t.elapsed());
        }
    }
    best
}

/// Keep the heap's freed memory instead of returning it to the kernel.
///
/// By default glibc gives back the pages at the top of the heap once more
/// than its trim threshold is free, and serves big blocks with `mmap`: a
/// freed quote's memory then goes back to the kernel at
/// the end of each timed run, and the next run takes a page fault (and a
/// page to clear) for every 4 KiB of its result. That is kernel time, not
/// the engine's: half of a 1× quote's time here, and whether it happens at
/// all flips with the heap's layout (docs/PERFORMANCE.md).
/// The app runs in wasm, whose memory never shrinks, so the benchmark
/// measures that steady state: freed memory is reused.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    extern "C" {
        fn mallopt(param: i32, value: i32) -> i32;
    }
    const M_TRIM_THRESHOLD: i32 = -1;
    const M_MMAP_THRESHOLD: i32 = -3;
    // SAFETY: mallopt only changes glibc's tuning; called before any
    // measured allocation, on the only thread.
    unsafe {
        mallopt(M_TRIM_THRESHOLD, i32::MAX);
        // the largest glibc accepts (32 MiB on 64-bit targets)
        mallopt(M_MMAP_THRESHOLD, 32 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}

fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

/// One boxed run per catalog, timed in turn.
fn each<'a>(
    runs: usize,
    cats: &'a [Catalog],
    make: &dyn Fn(&'a Catalog) -> Box<dyn FnMut() + 'a>,
) -> Vec<Duration> {
    let mut fs: Vec<Box<dyn FnMut() + 'a>> = cats.iter().map(make).collect();
    rotate(runs, &mut fs)
}

/// The catalog sizes measured: the bundled one, and every region cloned
/// (`gpucost scale-catalog N`: prices moved per clone, as a catalog of
/// every region would hold).
const SCALES: [u32; 3] = [1, 10, 25];

fn main() {
    keep_freed_memory();
    let cat = Catalog::embedded().expect("embedded catalog");
    let cats: Vec<Catalog> = SCALES.iter().map(|&n| regions_cloned(&cat, n)).collect();
    let s = Scenario {
        months: 36,
        ..Scenario::default()
    };
    let runs = 21;
    println!(
        "engine bench: {} offers ({}), 36 months, {} billing models, fastest of {runs} runs each, the scales in turn",
        cat.offers.len(),
        SCALES
            .iter()
            .zip(&cats)
            .map(|(n, c)| format!("{n}x: {}", c.offers.len()))
            .collect::<Vec<_>>()
            .join(", "),
        s.models().len()
    );
    if cfg!(all(target_os = "linux", target_env = "gnu")) {
        println!("heap: freed memory kept for the next run, as in the app's wasm (see keep_freed_memory)");
    }
    let s = &s;
    let q = each(runs, &cats, &|c| {
        Box::new(move || {
            black_box(quote(black_box(c), black_box(s)).unwrap());
        })
    });
    let t = each(runs, &cats, &|c| {
        Box::new(move || {
            black_box(quote_with(black_box(c), black_box(s), QuoteOptions::TOTALS).unwrap());
        })
    });
    let m = each(runs, &cats, &|c| {
        Box::new(move || {
            black_box(all_offer_metrics(black_box(c), black_box(s)).unwrap());
        })
    });
    // the plan view recomputes on every input change: the 4 cheapest
    // offers chosen over the catalog, their lines, and the flip search
    let p1 = median(runs, || {
        black_box(plan(black_box(&cat), black_box(s)).unwrap());
    });
    let bd = median(runs, || {
        black_box(breakeven_distribution(black_box(&cat), black_box(s)).unwrap());
    });
    // what a keystroke asks of the worker on the plan and advise screens
    // (latency.spec.ts: the plan's hours with six billing models, the
    // advise months for 8 GPUs of 40 GB): the plan without its flip search
    // (which runs after, in slices), the advice without what would change it
    // (found after it), and the whole advice
    let keystroke = |q: &str, c: &Catalog| gpucost::ui::link::parse(q, c).0;
    let k = each(runs, &cats, &|c| {
        let l = keystroke("v=2&screen=plan&m=36&bm=od,ri1n,ri1a,ri3n,spot,mix", c);
        let sp = plan_scenario(&l.scenario, &l.compare);
        Box::new(move || {
            black_box(plan_without_flips(black_box(c), black_box(&sp)).unwrap());
        })
    });
    let a = each(runs, &cats, &|c| {
        let l = keystroke("v=2&screen=advise&gpus=8&vpg=40&m=12", c);
        Box::new(move || {
            black_box(advise_but_changes(black_box(c), &l.scenario, &l.advise).unwrap());
        })
    });
    let w = each(runs, &cats, &|c| {
        let l = keystroke("v=2&screen=advise&gpus=8&vpg=40&m=12", c);
        Box::new(move || {
            black_box(advise(black_box(c), &l.scenario, &l.advise).unwrap());
        })
    });
    let mk = each(runs, &cats, &|c| Box::new(months_kept(c)));
    let ratio = |a: Duration, b: Duration| b.as_secs_f64() / a.as_secs_f64().max(1e-12);
    // one line per path: each scale and its ratio to 1x, measured in the same run
    let scaling = |label: &str, d: &[Duration]| {
        let figures: Vec<String> = SCALES
            .iter()
            .zip(d)
            .map(|(n, t)| format!("{n}x: {:>10}", fmt(*t)))
            .collect();
        let ratios: Vec<String> = SCALES
            .iter()
            .zip(d)
            .skip(1)
            .map(|(n, t)| format!("{n}x/1x = {:.1}", ratio(d[0], *t)))
            .collect();
        println!("{label:<26} {}   {}", figures.join("  "), ratios.join("  "));
    };
    scaling("quote (TCO, all models)", &q);
    scaling("quote totals only", &t);
    scaling("offer_metrics (all)", &m);
    println!(
        "plan (4 offers, flip search) 1x: {:>10}   breakeven_distribution 1x: {:>10}",
        fmt(p1),
        fmt(bd)
    );
    scaling("plan keystroke (no flips)", &k);
    scaling("advise keystroke", &a);
    scaling("advise with its changes", &w);
    scaling("advise months, kept pool", &mk);
    let per_offer = m[0].as_secs_f64() * 1e6 / cat.offers.len().max(1) as f64;
    println!("offer_metrics per offer: {per_offer:.2} µs");
}
