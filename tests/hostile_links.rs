//! Hostile input as a gate: generated links (valid values, bounds, garbage,
//! percent-escapes, huge numbers, markup, duplicates, unknown keys) go
//! through parse → quote → write with no panic, and the written link is a
//! fixed point (it reads back silently to the same state and writes the
//! same text). `make test` runs 100,000; a longer run:
//!
//! ```sh
//! HOSTILE_LINKS=5000000 HOSTILE_SEED=7 cargo test --release --test hostile_links -- --nocapture
//! ```
#![cfg(not(target_arch = "wasm32"))]
mod support;

use gpucost::domain::advise::advise;
use gpucost::domain::catalog::Catalog;
use gpucost::domain::job::{job_report, JobKind, JobSpec};
use gpucost::domain::pricing::offer_metrics;
use gpucost::domain::tco::quote;
use gpucost::ui::link::documented_keys;
use support::{only_no_match, parse_query, to_query};

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

const ATOMS: &[&str] = &[
    "",
    "0",
    "1",
    "-1",
    "2",
    "7",
    "12",
    "24",
    "36",
    "60",
    "61",
    "99.99",
    "100",
    "100.0000001",
    "730",
    "744",
    "745",
    "4096",
    "4097",
    "1000000",
    "1000000000",
    "1000000001",
    "1e9",
    "NaN",
    "inf",
    "-0",
    "0.000001",
    "0.0000001",
    "99999999999999999999999999999",
    "3.14159265358979323846",
    "1.5usd",
    "3000cny",
    "500USD",
    "12eur",
    "30off",
    "off",
    "lt5",
    "5-10",
    "10-15",
    "15-20",
    "gt20",
    "od",
    "ri1n",
    "ri1p",
    "ri1a",
    "ri3n",
    "ri3p",
    "ri3a",
    "sp1",
    "sp3",
    "sub",
    "inst",
    "spot",
    "mix",
    "aws",
    "azure",
    "alibaba",
    "tencent",
    "cn",
    "apac",
    "amer",
    "eu",
    "USD",
    "CNY",
    "usd",
    "h",
    "d",
    "m",
    "y",
    "fp16",
    "tf32",
    "fp32",
    "-hourly",
    "gpuh",
    "monthly",
    "provider",
    "compare",
    "sources",
    "plan",
    "aws:us-east-1",
    "aws:us-east-1:p4d.24xlarge",
    "aws:us-east-1:p3.8xlarge",
    "azure:eastus:Standard_ND96asr_v4",
    "aws:us-east-1:p4d.24xlarge~21.5",
    "aws:us-east-1:eg~0.09",
    "tencent:ap-guangzhou:xr~0.5",
    "a100-40-sxm",
    "h100-sxm",
    "<script>alert(1)</script>",
    "\"><img src=x onerror=alert(1)>",
    "%3Csvg%20onload%3Dalert(1)%3E",
    "%",
    "%%",
    "%G1",
    "%ff%fe",
    "%00",
    "+",
    "~",
    "~~",
    ",",
    ",,",
    ":",
    "::",
    "&",
    "=",
    "==",
    "é",
    "上海",
    "\u{202e}",
    "\u{1F600}",
    " ",
    "a,b,c",
    "resnet50",
    "bert_large",
    "llm_train",
    "llm_serve",
    "0.5",
    "175",
    "15000",
];

fn value(r: &mut Rng) -> String {
    let parts = 1 + r.below(3);
    let sep = [",", "~", ":", "", "+"];
    (0..parts)
        .map(|_| r.pick(ATOMS).to_string())
        .collect::<Vec<_>>()
        .join(sep[r.below(sep.len())])
}

fn link(r: &mut Rng, keys: &[&'static str]) -> String {
    let n = r.below(9);
    let mut pairs = Vec::with_capacity(n + 1);
    if r.below(4) > 0 {
        pairs.push(format!("v={}", r.pick(&["1", "2", "3", "0", "x", "2.0"])));
    }
    for _ in 0..n {
        let key = if r.below(12) == 0 {
            r.pick(ATOMS)
        } else {
            keys[r.below(keys.len())]
        };
        match r.below(10) {
            0 => pairs.push(key.to_string()),
            _ => pairs.push(format!("{key}={}", value(r))),
        }
    }
    let mut s = pairs.join("&");
    match r.below(20) {
        0 => s = format!("https://example.test/app?{s}#frag"),
        1 => s = format!("?{s}"),
        2 => s.push_str("&&"),
        _ => {}
    }
    s
}

#[test]
fn generated_links_never_panic_and_write_a_fixed_point() {
    let n: usize = std::env::var("HOSTILE_LINKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let seed: u64 = std::env::var("HOSTILE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x9E37_79B9_7F4A_7C15);
    let c = Catalog::embedded().unwrap();
    let keys: Vec<&'static str> = documented_keys().into_iter().map(|r| r[0]).collect();
    let sample: Vec<_> = [
        "aws:us-east-1:p4d.24xlarge",
        "azure:eastus:Standard_ND96asr_v4",
        "tencent:ap-guangzhou:GN7.2XLARGE32",
    ]
    .iter()
    .filter_map(|id| c.offer(id))
    .collect();
    let mut r = Rng(seed | 1);
    let (mut quoted, mut refused, mut noticed, mut jobs, mut advised) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    for i in 0..n {
        let input = link(&mut r, &keys);
        let st = parse_query(&input, &c);
        noticed += usize::from(!st.notices.is_empty());
        let written = to_query(&st);
        let again = parse_query(&written, &c);
        assert!(
            only_no_match(&again.notices, &st.scenario),
            "#{i} {input:?} → {written:?}: {:?}",
            again.notices
        );
        assert_eq!(again.scenario, st.scenario, "#{i} {input:?} → {written:?}");
        assert_eq!(again.view, st.view, "#{i} {input:?} → {written:?}");
        assert_eq!(again.advise, st.advise, "#{i} {input:?} → {written:?}");
        assert_eq!(to_query(&again), written, "#{i} {input:?}");
        // the engine on the parsed scenario: a result or an error, never a panic
        for o in &sample {
            let _ = offer_metrics(&c, &st.scenario, o);
        }
        if i % 8 == 0 {
            let mut sc = st.scenario.clone();
            if sc.offers.is_none() {
                sc.offers = Some(sample.iter().map(|o| o.id.clone()).collect());
            }
            match quote(&c, &sc) {
                Ok(_) => quoted += 1,
                Err(_) => refused += 1,
            }
            // the cost-per-job engine too: the link's job, or (every 64th
            // link) each kind at its defaults under the link's other keys
            if sc.job.is_none() && i % 64 == 0 {
                let kind = JobKind::ALL[(i / 64) % JobKind::ALL.len()];
                sc.job = Some(JobSpec::new(kind));
            }
            if sc.job.is_some() {
                match job_report(&c, &sc) {
                    Ok(_) => jobs += 1,
                    Err(_) => refused += 1,
                }
            }
            // the recommender on the link's advise keys (every 64th link,
            // with the sample offers: it also re-ranks at other horizons)
            if i % 64 == 8 {
                match advise(&c, &sc, &st.advise) {
                    Ok(_) => advised += 1,
                    Err(_) => refused += 1,
                }
            }
        }
    }
    println!("{n} links: {noticed} with notices; {quoted} quoted, {jobs} job reports, {advised} recommendations, {refused} refused by the engine (seed {seed})");
    assert!(
        noticed > n / 4 && noticed < n,
        "the generator covers good and bad links"
    );
}
