//! What a refused list value was probably meant to be: the valid values
//! of a list key that names catalog things, and the nearest of them. The
//! command line's refusals and the app's notices say the same.
use crate::domain::catalog::Catalog;

/// The `n` valid values of list key `key` nearest to `v`; empty for a key
/// that names no catalog things.
pub fn closest(cat: &Catalog, key: &str, v: &str, n: usize) -> Vec<String> {
    nearest(v, &vocabulary(cat, key), n)
}

/// The valid items of a list key that names catalog things.
pub fn vocabulary(cat: &Catalog, key: &str) -> Vec<String> {
    match key {
        "p" => crate::domain::catalog::ProviderId::ALL
            .iter()
            .map(|p| p.code().to_string())
            .collect(),
        "r" => cat
            .regions
            .iter()
            .map(|r| format!("{}:{}", r.provider.code(), r.code.as_str()))
            .collect(),
        "rg" => crate::domain::catalog::RegionGroup::ALL
            .iter()
            .map(|g| g.code().to_string())
            .collect(),
        "gpu" => cat.gpus.iter().map(|g| g.id.as_str().to_string()).collect(),
        "o" | "sel" | "up" => cat
            .offers
            .iter()
            .map(|o| o.id.as_str().to_string())
            .collect(),
        "bm" => crate::domain::scenario::BillingModel::ALL
            .iter()
            .map(|m| m.code().to_string())
            .collect(),
        _ => Vec::new(),
    }
}

/// The `n` valid values of `valid` nearest to `v` (edit distance, then order).
fn nearest(v: &str, valid: &[String], n: usize) -> Vec<String> {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, cb) in b.iter().enumerate() {
                let cur = row[j + 1];
                row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
                prev = cur;
            }
        }
        row[b.len()]
    }
    let v = v.to_lowercase();
    let mut d: Vec<(usize, &String)> = valid
        .iter()
        .map(|x| (distance(&v, &x.to_lowercase()), x))
        .collect();
    d.sort();
    d.into_iter().take(n).map(|(_, x)| x.clone()).collect()
}
