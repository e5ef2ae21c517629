//! CLI tests through `gpucost::cli::run` with in-memory writers.
#![cfg(not(target_arch = "wasm32"))] // native tests; the wasm build runs src/ui tests
use gpucost::cli::run;

fn call(args: &[&str]) -> (i32, String, String) {
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run(&args, &mut out, &mut err);
    (
        code,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/catalog.json");

#[test]
fn help_and_version() {
    let (c, out, _) = call(&["--help"]);
    assert_eq!(c, 0);
    assert!(out.contains("usage: gpucost"));
    let (c, out, _) = call(&["version"]);
    assert_eq!(c, 0);
    assert!(out.starts_with("gpucost "));
}

#[test]
fn unknown_command_is_usage_exit_2() {
    let (c, out, err) = call(&["frobnicate"]);
    assert_eq!(c, 2);
    assert!(out.is_empty());
    assert!(err.contains("usage: gpucost"));
    let (c, _, _) = call(&[]);
    assert_eq!(c, 2);
}

#[test]
fn catalog_prints_json() {
    let (c, out, _) = call(&["catalog"]);
    assert_eq!(c, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("offers").is_some());
}

#[test]
fn catalog_offer_expands_sources() {
    let (c, out, _) = call(&[
        "catalog",
        "--catalog",
        FIXTURE,
        "--offer",
        "aws:us-east-1:p4d.24xlarge",
    ]);
    assert_eq!(c, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["offer"]["id"], "aws:us-east-1:p4d.24xlarge");
    assert_eq!(v["sources"][0]["id"], "vantage");
    let (c, _, err) = call(&["catalog", "--catalog", FIXTURE, "--offer", "nope"]);
    assert_eq!(c, 1);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("unknown_offer"));
}

#[test]
fn quote_readme_example_prints_golden_totals() {
    // Same link and totals as golden g01 (README example).
    let (c, out, err) = call(&[
        "quote",
        "--catalog",
        FIXTURE,
        "https://example.org/gpucost/?v=1&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1n#top",
    ]);
    assert_eq!(c, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["notices"].as_array().unwrap().len(), 0);
    let models = &v["quote"]["offers"][0]["models"];
    assert_eq!(models[0]["total"]["amount"], "192348.96");
    assert_eq!(models[1]["total"]["amount"], "121948.80");
    // an old (v=1) link opens with the same totals and is rewritten as v=2,
    // naming the dataset its figures are computed with (`d`, the catalog's)
    let version = v["quote"]["catalog_version"]
        .as_str()
        .unwrap()
        .replace('+', "%2B");
    assert_eq!(
        v["query"],
        format!("v=2&d={version}&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1n")
    );
    assert_eq!(models[1]["still_owed"], "0.00");
    assert_eq!(models[1]["decision_cost"]["amount"], "121948.80");
    assert_eq!(v["quote"]["cheapest"]["model"], "ri1n");
}

#[test]
fn non_utf8_argument_is_an_error_not_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let bad = std::ffi::OsString::from_vec(vec![b'v', b'=', 0xff, 0xfe]);
    let args = vec![std::ffi::OsString::from("quote"), bad];
    let err = gpucost::cli::utf8_args(args).unwrap_err();
    assert_eq!(err, "argument 2 is not valid UTF-8");
    // and through the real binary: exit 1, one line, no panic (exit 101)
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gpucost"))
        .arg("quote")
        .arg(std::ffi::OsString::from_vec(vec![0xff]))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "error: argument 2 is not valid UTF-8");
}

/// Issue 47 point 4: a link whose inputs cannot all be read is refused
/// (exit 1), each refused input named with what would be valid; it was
/// quoted with the defaults in their place and the notices beside.
#[test]
fn quote_refuses_a_link_it_cannot_read_and_names_the_valid_values() {
    let (c, out, err) = call(&[
        "quote",
        "--catalog",
        FIXTURE,
        "v=1&gpus=-3&cur=XYZ&m=1&bm=od&zzz=1",
    ]);
    assert_eq!(c, 1);
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1);
    assert!(
        err.contains("gpus=-3 is out of range (valid: 1–4,096)"),
        "{err}"
    );
    assert!(err.contains("`zzz` is not a link key"), "{err}");
    // filters that match nothing are refused, never widened to the catalog
    for (q, says) in [
        (
            "v=2&r=azure:westus2",
            "r: `azure:westus2` matches nothing (closest: azure:eastus2,",
        ),
        ("v=2&gpu=h300", "gpu: `h300` matches nothing (closest: "),
        (
            "v=2&p=gcp",
            "p: `gcp` matches nothing (closest: aws, azure, tencent)",
        ),
        ("v=2&m=120", "m=120 is out of range (valid: 1–60)"),
        ("v=2&h=745", "h=745 is out of range"),
    ] {
        let (c, out, err) = call(&["quote", q]);
        assert_eq!(c, 1, "{q}: {out}");
        assert!(err.contains(says), "{q}: {err}");
    }
    // informative notices are not refusals: an old link is read and quoted
    let (c, out, _) = call(&["quote", "--catalog", FIXTURE, "v=1&m=1&bm=od"]);
    assert_eq!(c, 0);
    assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok());
    let (c, _, err) = call(&["quote"]);
    assert_eq!(c, 1);
    assert!(err.starts_with("error:"));
    let (c, _, err) = call(&["quote", "--catalog", "/nonexistent.json", "v=1"]);
    assert_eq!(c, 1);
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn breakeven_command() {
    let (c, out, _) = call(&[
        "breakeven",
        "--catalog",
        FIXTURE,
        "v=1&o=aws:us-east-1:p4d.24xlarge&bm=ri1n",
    ]);
    assert_eq!(c, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["breakeven"]["items"][0]["breakeven_hours_per_month"],
        "462.82"
    );
}

#[test]
fn plan_command() {
    // Same figures as tests/plan_goldens.rs (c): p4d od vs 1-yr all upfront
    // over 12 months; the reservation wins, a 13th month flips it.
    let (c, out, err) = call(&[
        "plan",
        "--catalog",
        FIXTURE,
        "v=2&o=aws:us-east-1:p4d.24xlarge&bm=od,ri1a&m=12",
    ]);
    assert_eq!(c, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["notices"].as_array().unwrap().len(), 0);
    let p = &v["plan"];
    assert_eq!(p["options"][0]["cumulative"][0], "16029.08");
    assert_eq!(p["options"][1]["decision_cost"], "113819.00");
    assert_eq!(p["crossings"][0]["month"], 8);
    let s = &p["summary"];
    assert_eq!(s["cheapest"]["model"], "ri1a");
    assert_eq!(s["saving_vs_on_demand_pct"], "40.83");
    assert_eq!(s["what_changes"]["months_longer"]["at"], "13");
    assert_eq!(s["what_changes"]["months_longer"]["best"]["model"], "od");
    // the catalog's distribution ignores the offer selection
    let g = &v["breakeven_distribution"]["groups"][0];
    assert_eq!(g["provider"], "aws");
    assert_eq!(g["model"], "ri1a");
    assert_eq!(g["median_hours"], "431.96");
    assert_eq!(v["breakeven_distribution"]["article_claim_hours"], 300);
    // a link copied from the plan screen: the offers planned are its
    // selection (`sel`), and its job is costed (embedded catalog; the
    // figures of tests/job_goldens.rs j01)
    let nc = "azure:eastus:Standard_NC24ads_A100_v4";
    let (c, out, err) = call(&["plan", &format!("v=2&screen=plan&jk=resnet50&sel={nc}")]);
    assert_eq!(c, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["plan"]["offers"], serde_json::json!([nc]));
    assert_eq!(v["job"]["offers"][0]["offer"], nc);
    assert_eq!(v["job"]["offers"][0]["hours"]["wall_hours"], "20.98");
    let (_, out, _) = call(&["plan", "v=2&m=3"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("job").is_none(), "no job, no job report");
    // bad input is an error line, not a panic
    let (c, _, err) = call(&["plan"]);
    assert_eq!(c, 1);
    assert!(err.contains("plan needs a query string"));
    let (c, out, _) = call(&["--help"]);
    assert_eq!(c, 0);
    assert!(out.contains("plan '<query or URL>'"));
}

#[test]
fn data_file_writes_the_browsers_catalog_and_a_synthetic_one_for_measurements() {
    use gpucost::domain::catalog::Catalog;
    let bytes = |args: &[&str]| {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            run(&args, &mut out, &mut err),
            0,
            "{}",
            String::from_utf8_lossy(&err)
        );
        out
    };
    let app_file = bytes(&["data-file", "--app"]);
    let full = Catalog::from_parts(&app_file, &bytes(&["data-file"])).unwrap();
    let c = Catalog::embedded().unwrap();
    assert_eq!(
        full,
        c.split_history().0,
        "the app's file and the worker's rest are the whole catalog but the history"
    );
    // the rest is not a catalog of its own, and joins only its dataset's
    // app file
    assert!(Catalog::from_bytes(&bytes(&["data-file"])).is_err());
    let e = Catalog::from_parts(
        &bytes(&["data-file", "--app", "--synthetic", "2"]),
        &bytes(&["data-file"]),
    );
    assert!(e.unwrap_err().to_string().contains("another dataset"));
    let three = Catalog::from_parts(
        &bytes(&["data-file", "--app", "--synthetic", "3"]),
        &bytes(&["data-file", "--synthetic", "3"]),
    );
    let scaled = gpucost::domain::synthetic::scaled(&c, 3);
    assert_eq!(three.unwrap(), scaled.split_history().0);
    // the history's file joins back into the whole catalog
    let history = gpucost::domain::wire::decode_history(&bytes(&["data-file", "--history"]));
    assert_eq!(full.with_history(history.unwrap()).unwrap(), c);
    let (code, _, err) = call(&["data-file", "--app", "--history"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("two different files"), "{err}");
    let app = Catalog::from_bytes(&bytes(&["data-file", "--app"])).unwrap();
    assert_eq!(app, c.for_browser());
    let ten = Catalog::from_bytes(&bytes(&["data-file", "--app", "--synthetic", "10"])).unwrap();
    assert_eq!(ten.offers.len(), 10 * c.offers.len());
    // a broken data file is refused with a reason, never half read
    let mut b = bytes(&["data-file", "--app"]);
    b.truncate(b.len() / 2);
    let e = Catalog::from_bytes(&b).unwrap_err().to_string();
    assert!(e.contains("data file"), "{e}");
    let (code, _, err) = call(&["data-file", "--synthetic", "0"]);
    assert_eq!(code, 1, "{err}");
}

/// Issue 25: `--today` measures every result's price age at that date; an
/// unreadable date is an error (exit 1), never ignored.
#[test]
fn today_sets_the_date_ages_are_measured_at() {
    let run = |args: &[&str]| {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let code = gpucost::cli::run(&args, &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    };
    let q = "v=2&o=aws:us-east-1:p4d.24xlarge&bm=od";
    let (code, out, _) = run(&["quote", q, "--today", "2027-10-10"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // on-demand 2026-10-10 → 2027-10-10: 365 days, not yet stale
    let age = &v["quote"]["offers"][0]["models"][0]["age"];
    assert_eq!(age["oldest_as_of"], "2026-10-10");
    assert_eq!(age["age_days"], 365);
    assert_eq!(age["stale"], false);
    let (code, _, err) = run(&["quote", q, "--today", "2027-02-30"]);
    assert_eq!(code, 1);
    assert!(err.contains("--today"), "{err}");
    // issue 47: without --today, ages are measured today (the system's
    // UTC date), not at the catalog's date
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let today = gpucost::domain::catalog::date_of_days((secs / 86_400) as i64);
    let (code, out, _) = run(&["quote", q]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let age = &v["quote"]["offers"][0]["models"][0]["age"];
    assert_eq!(age["as_at"], today.as_str());
    let days = gpucost::domain::catalog::as_of_days(&today).unwrap()
        - gpucost::domain::catalog::as_of_days("2026-10-10").unwrap();
    assert_eq!(age["age_days"], days);
    assert_eq!(age["stale"], days > 365);
}

/// Issue 50: `scale-catalog N` writes a catalog of every region cloned,
/// which the CLI (and `make dist CATALOG=FILE`) reads like the bundled one;
/// its dataset version is that file's, and a factor out of 1–100 is refused.
#[test]
fn scale_catalog_writes_a_larger_catalog_the_cli_reads() {
    use gpucost::domain::catalog::Catalog;
    let (code, json, err) = call(&["scale-catalog", "3"]);
    assert_eq!(code, 0, "{err}");
    let c = Catalog::embedded().unwrap();
    let s = Catalog::from_json(&json).unwrap();
    assert_eq!(s.offers.len(), 3 * c.offers.len());
    assert_eq!(s.regions.len(), 3 * c.regions.len());
    assert!(gpucost::domain::validate::validate(&s).is_empty());
    // read back through --catalog: its own version, its offers quoted
    let path = std::env::temp_dir().join(format!("gpucost-scaled-{}.json", std::process::id()));
    std::fs::write(&path, &json).unwrap();
    let p = path.to_str().unwrap();
    let (_, version, _) = call(&["version", "--catalog", p]);
    assert!(version.contains(&s.version()), "{version}");
    assert_ne!(s.version(), c.version());
    let (code, out, err) = call(&["quote", "v=2&r=aws:us-east-1-x2&bm=od", "--catalog", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("aws:us-east-1-x2:p4d.24xlarge"),
        "the clone's offers are quoted"
    );
    std::fs::remove_file(&path).unwrap();
    for bad in ["0", "101", "x", ""] {
        let (code, _, err) = call(&["scale-catalog", bad]);
        assert_eq!(code, 1, "{bad}: {err}");
        assert!(err.contains("1 to 100"), "{err}");
    }
}
