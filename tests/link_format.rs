//! `LINK_FORMAT.md` is the key table users read; the key specs are the
//! table the code runs. This test keeps them the same: every row matches
//! its spec (code, meaning, default, valid values, in link order), and
//! every number key accepts exactly the bounds its spec declares.
#![cfg(not(target_arch = "wasm32"))]
mod support;

use gpucost::domain::advise::keys::ADVISE_KEYS;
use gpucost::domain::catalog::Catalog;
use gpucost::domain::compare::view::COMPARE_KEYS;
use gpucost::domain::link::{Bounds, KeySpec, SCENARIO_KEYS};
use gpucost::ui::link::{documented_keys, APP_KEYS};
use rust_decimal::Decimal;
use support::parse_query;

const DOC: &str = include_str!("../src/domain/link/LINK_FORMAT.md");

fn doc_rows() -> Vec<[String; 4]> {
    DOC.lines()
        .filter(|l| l.starts_with("| `"))
        .take_while(|_| true)
        .map(|l| {
            let cells: Vec<String> = l
                .trim()
                .trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect();
            assert_eq!(cells.len(), 4, "a key row has 4 cells: {l}");
            let key = cells[0].trim_matches('`').to_string();
            [key, cells[1].clone(), cells[2].clone(), cells[3].clone()]
        })
        .collect()
}

#[test]
fn the_document_lists_every_key_as_its_spec_says_in_link_order() {
    let doc = doc_rows();
    let code: Vec<[String; 4]> = documented_keys()
        .into_iter()
        .map(|r| r.map(String::from))
        .collect();
    let doc_keys: Vec<&str> = doc.iter().map(|r| r[0].as_str()).collect();
    let code_keys: Vec<&str> = code.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(doc_keys, code_keys, "keys and their order");
    for (d, c) in doc.iter().zip(&code) {
        assert_eq!(d, c, "row of `{}`", c[0]);
    }
}

/// A value of the key's form with `n` where its number goes.
fn value_with(code: &str, n: &str) -> String {
    match code {
        "up" => format!("aws:us-east-1:p4d.24xlarge~{n}"),
        "ur" => format!("aws:us-east-1:eg~{n}"),
        "nd" => format!("tencent:{n}"),
        _ => n.to_string(),
    }
}

fn check_bounds<T>(c: &Catalog, specs: &'static [KeySpec<T>]) -> usize {
    let mut checked = 0;
    for s in specs {
        let Some(Bounds {
            lo,
            hi,
            lo_open,
            whole,
        }) = s.bounds
        else {
            continue;
        };
        let notices_for = |n: Decimal| {
            let q = format!(
                "v=2&{}={}",
                s.code,
                value_with(s.code, &n.normalize().to_string())
            );
            parse_query(&q, c)
                .notices
                .into_iter()
                .filter(|x| x.key == s.code)
                .count()
        };
        assert_eq!(
            notices_for(hi),
            0,
            "`{}` accepts its upper bound {hi}",
            s.code
        );
        let above = if whole {
            hi + Decimal::ONE
        } else {
            hi + Decimal::new(1, 6)
        };
        assert_eq!(notices_for(above), 1, "`{}` refuses {above}", s.code);
        if lo_open {
            assert_eq!(
                notices_for(lo),
                1,
                "`{}` refuses its open lower bound",
                s.code
            );
            let just = if whole {
                lo + Decimal::ONE
            } else {
                lo + Decimal::new(1, 6)
            };
            assert_eq!(notices_for(just), 0, "`{}` accepts {just}", s.code);
        } else {
            assert_eq!(
                notices_for(lo),
                0,
                "`{}` accepts its lower bound {lo}",
                s.code
            );
            if lo > Decimal::ZERO || !whole {
                let below = lo
                    - if whole {
                        Decimal::ONE
                    } else {
                        Decimal::new(1, 6)
                    };
                assert_eq!(notices_for(below), 1, "`{}` refuses {below}", s.code);
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_number_key_accepts_exactly_its_declared_bounds() {
    let c = Catalog::embedded().unwrap();
    let n = check_bounds(&c, SCENARIO_KEYS)
        + check_bounds(&c, COMPARE_KEYS)
        + check_bounds(&c, APP_KEYS)
        + check_bounds(&c, ADVISE_KEYS);
    assert!(n >= 25, "number keys checked: {n}");
}

#[test]
fn every_key_round_trips_through_its_own_spec() {
    // each key's writer produces what its reader reads back unchanged
    let c = Catalog::embedded().unwrap();
    for q in [
        "v=2&screen=sources&gpu=a100-40-sxm&gpus=8&vram=320&h=500.5&m=36&p=aws,azure&rg=cn,amer&r=aws:us-east-1&cur=CNY&fx=7.1",
        "v=2&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1a,mix&si=lt5&ck=30&ro=5&job=24&dl=30&mix=70&mixb=ri1n",
        "v=2&fmd=10&cr=500usd&crx=6&stu=1.5cny&stucap=8&eg=100&xr=20&st=500&bw=10&disc=40,42,45&nd=aws:8,azure:12.5,alibaba:15,tencent:10",
        "v=2&sih=2.5&q=a100+80gb&maxp=30&sort=-hourly&cols=provider,hourly&tu=m&tf=tf32&page=2",
        "v=2&fab=rdma,nvlink&sort=-net&cols=provider,net,link,hourly",
        "v=2&jk=llm_serve&jep=0.5&jn=1000&jp=70&jt=1400&mfu=12.5&jsc=80&jtps=15000&jh=175",
    ] {
        let a = parse_query(q, &c);
        assert!(a.notices.is_empty(), "{q}: {:?}", a.notices);
        assert_eq!(support::to_query(&a), q);
    }
}

#[test]
fn a_required_interconnect_is_read_in_one_order_and_an_unknown_one_is_named() {
    use gpucost::domain::compare::view::Fabric;
    use gpucost::domain::link::LinkNoticeCode;
    use gpucost::ui::link::parse;
    let c = Catalog::embedded().unwrap();
    let (l, notices) = parse("v=2&fab=nvlink,ib,rdma,nvlink", &c);
    assert_eq!(l.compare.fab, [Fabric::Rdma, Fabric::NvLink]);
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].code, LinkNoticeCode::UnknownItem);
}

#[test]
fn a_link_names_its_dataset_and_an_old_one_lists_the_prices_dated_after_it() {
    use gpucost::domain::link::LinkNoticeCode;
    use gpucost::ui::link::{parse, write};
    let c = Catalog::embedded().unwrap();
    let ours = c.version();
    // a link the app writes carries its dataset version
    let (l, notices) = parse("v=2&m=6", &c);
    assert!(notices.is_empty());
    assert_eq!(write(&l), format!("v=2&d={}&m=6", ours.replace('+', "%2B")));
    // it reopens silently
    let (again, notices) = parse(&write(&l), &c);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(again, l);
    // a link made with an older dataset: a notice naming it; the figures
    // (and the link written from now on) use today's data
    let (old, notices) = parse("v=2&d=2025-06-30%2Bdeadbeef&m=6", &c);
    assert_eq!(notices.len(), 1);
    assert_eq!(notices[0].code, LinkNoticeCode::DataUpdated);
    assert_eq!(notices[0].value, "2025-06-30+deadbeef");
    // the state remembers the link's dataset (the plan prices it then and
    // now) and writes today's
    assert_eq!(old.shared_on.as_deref(), Some("2025-06-30+deadbeef"));
    assert_eq!(write(&old), write(&l));
    let mut rest = old.clone();
    rest.shared_on = None;
    assert_eq!(rest, l);
    let changed = c.prices_dated_after("2025-06-30");
    assert!(!changed.is_empty() && changed.len() < c.offers.len());
    assert!(changed.iter().all(|(_, d)| *d > "2025-06-30"));
    assert!(c.prices_dated_after(&c.as_of).is_empty());
    assert!(c.prices_dated_after("not a date").is_empty());
    // typed by hand, the `+` arrives as a space: still read as the version
    let (_, notices) = parse("v=2&d=2025-06-30+deadbeef", &c);
    assert_eq!(notices[0].code, LinkNoticeCode::DataUpdated);
    assert_eq!(notices[0].value, "2025-06-30+deadbeef");
    // a malformed `d` is refused like any bad value
    let (_, notices) = parse("v=2&d=<b>", &c);
    assert_eq!(notices[0].code, LinkNoticeCode::InvalidValue);
}

/// The longest link the app can write from what its controls allow (every
/// list full with the longest ids, the search box full of characters that
/// encode longest, a user price for every unpriced offer and a user rate
/// for every region and kind, every number at its longest form). Shared
/// links stay within what browsers, servers and chat apps carry (8,000
/// characters is the usual server limit); `LINK_FORMAT.md` quotes the figure.
#[test]
fn the_longest_link_the_app_writes_is_documented_and_within_8000_characters() {
    use gpucost::domain::catalog::{OfferId, UsageKind, UsageRateCode};
    use gpucost::domain::compare::view::{Column, MAX_QUERY_CHARS, MAX_SELECTED};
    use gpucost::domain::scenario::{BillingModel, UsageRateKey};
    use gpucost::ui::link::{parse, write, Screen};
    let c = Catalog::embedded().unwrap();
    let (mut l, _) = parse(
        "v=2&gpus=4096&vram=1000000&h=743.123456&m=59&fx=999.123456&si=99.99&ck=10079.123456&ro=10079.123456\
         &job=99999.123456&dl=99999.123456&mix=99.123456&mixb=ri3p&fmd=99.123456&cr=999999999.123456cny&crx=59\
         &stu=999999999.123456usd&stucap=23.123456&eg=999999999.123456&xr=999999999.123456&st=999999999.123456\
         &bd=65535.123456&bw=999999.123456&ip=1&disc=99.123456,99.123456,99.123456&maxp=999999999.123456&sort=-tflopsh&tu=y&tf=tf32&page=99999\
         &jk=bert_large&jep=9999.123456&jn=3999999999&jp=9999.123456&jt=999999.123456&mfu=99.123456&jsc=99.123456\
         &jtps=999999999.123456&jh=99999.123456",
        &c,
    );
    l.screen = Screen::Sources;
    let mut by_len: Vec<&OfferId> = c.offers.iter().map(|o| &o.id).collect();
    by_len.sort_by_key(|id| std::cmp::Reverse(id.len()));
    l.compare.selected = by_len
        .iter()
        .take(MAX_SELECTED)
        .map(|id| (*id).clone())
        .collect();
    l.compare.cols = Column::ALL[..Column::ALL.len() - 1].to_vec();
    l.compare.fab = gpucost::domain::compare::view::Fabric::ALL.to_vec();
    l.compare.q = "价".repeat(MAX_QUERY_CHARS);
    let s = &mut l.scenario;
    s.providers = gpucost::domain::catalog::ProviderId::ALL.to_vec();
    s.region_groups = gpucost::domain::catalog::RegionGroup::ALL.to_vec();
    s.regions = c
        .regions
        .iter()
        .map(|r| gpucost::domain::scenario::RegionRef {
            provider: r.provider,
            code: r.code.clone(),
        })
        .collect();
    s.gpu_models = c.gpus.iter().map(|g| g.id.clone()).collect();
    s.billing_models = BillingModel::ALL.to_vec();
    for o in c.offers.iter().filter(|o| o.prices.is_empty()) {
        s.user_prices
            .insert(o.id.clone(), Decimal::new(999_999_999_123_456, 6));
    }
    for r in &c.regions {
        for kind in UsageKind::ALL {
            let key = UsageRateKey {
                provider: r.provider,
                region: r.code.clone(),
                kind,
            };
            s.user_usage_rates.insert(
                UsageRateCode::from(key.code()),
                Decimal::new(999_999_999_123_456, 6),
            );
        }
    }
    let link = write(&l);
    let (back, notices) = parse(&link, &c);
    assert!(notices.is_empty(), "{notices:?}");
    assert_eq!(write(&back), link);
    println!("longest link: {} characters", link.len());
    assert!(link.len() <= 8000, "{} characters", link.len());
    let doc = DOC
        .split("\n\n")
        .find(|p| p.contains("longest link"))
        .expect("LINK_FORMAT.md states the longest link")
        .replace('\n', " ");
    assert!(
        doc.contains(&format!("{} characters", link.len())),
        "LINK_FORMAT.md says: {doc}"
    );
}
