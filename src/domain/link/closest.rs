//! What a refused list value was probably meant to be: the valid values
//! of a list key that names catalog things, and the nearest of them. The
//! command line's refusals and the app's notices say the same.
use crate::domain::catalog::{Catalog, ProviderId, RegionGroup};

/// The `n` valid values of filter `key` (`gpu`, `p`, `r`, `rg`) nearest
/// to `v`, as one comma list: what the app's notice names. Built without
/// collecting the vocabulary or joining (the app's wasm stays small).
pub fn closest_filter(cat: &Catalog, key: &str, v: &str, n: usize) -> String {
    let mut best: Vec<(usize, String)> = Vec::with_capacity(n + 1);
    let mut consider = |x: String| {
        let e = (distance(v.as_bytes(), x.as_bytes()), x);
        let at = best.iter().position(|b| e < *b).unwrap_or(best.len());
        if at < n {
            best.insert(at, e);
            best.truncate(n);
        }
    };
    match key {
        "p" => ProviderId::ALL
            .iter()
            .for_each(|p| consider(p.code().to_string())),
        "rg" => RegionGroup::ALL
            .iter()
            .for_each(|g| consider(g.code().to_string())),
        "gpu" => cat
            .gpus
            .iter()
            .for_each(|g| consider(g.id.as_str().to_string())),
        "r" => cat.regions.iter().for_each(|r| {
            let mut s = r.provider.code().to_string();
            s.push(':');
            s.push_str(r.code.as_str());
            consider(s)
        }),
        _ => {}
    }
    let mut out = String::new();
    for (_, x) in &best {
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(x);
    }
    out
}

/// The `n` valid values of list key `key` nearest to `v`; empty for a key
/// that names no catalog things.
pub fn closest(cat: &Catalog, key: &str, v: &str, n: usize) -> Vec<String> {
    nearest(v, &vocabulary(cat, key), n)
}

/// The valid items of a filter key.
fn filter_vocabulary(cat: &Catalog, key: &str) -> Vec<String> {
    match key {
        "p" => ProviderId::ALL
            .iter()
            .map(|p| p.code().to_string())
            .collect(),
        "r" => cat
            .regions
            .iter()
            .map(|r| [r.provider.code(), r.code.as_str()].join(":"))
            .collect(),
        "rg" => RegionGroup::ALL
            .iter()
            .map(|g| g.code().to_string())
            .collect(),
        "gpu" => cat.gpus.iter().map(|g| g.id.as_str().to_string()).collect(),
        _ => Vec::new(),
    }
}

/// The valid items of a list key that names catalog things: the filters',
/// the offer ids (`o`, `sel`, `up`) and the billing models (`bm`).
pub fn vocabulary(cat: &Catalog, key: &str) -> Vec<String> {
    match key {
        "o" | "sel" | "up" => cat
            .offers
            .iter()
            .map(|o| o.id.as_str().to_string())
            .collect(),
        "bm" => crate::domain::scenario::BillingModel::ALL
            .iter()
            .map(|m| m.code().to_string())
            .collect(),
        _ => filter_vocabulary(cat, key),
    }
}

/// Edit distance between two ids, ASCII case ignored, byte-wise: ids and
/// codes are ASCII, and it keeps Unicode tables out of the app's wasm.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            let same = ca.eq_ignore_ascii_case(cb);
            row[j + 1] = (prev + usize::from(!same)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

/// The `n` valid values of `valid` nearest to `v` (edit distance, then
/// alphabetical).
fn nearest(v: &str, valid: &[String], n: usize) -> Vec<String> {
    let mut d: Vec<(usize, &str)> = valid
        .iter()
        .map(|x| (distance(v.as_bytes(), x.as_bytes()), x.as_str()))
        .collect();
    d.sort_unstable();
    d.into_iter().take(n).map(|(_, x)| x.to_string()).collect()
}
