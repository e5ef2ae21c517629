//! Native command-line front end.
//!
//! ```text
//! gpucost catalog [--offer <id>] [--catalog <file>]
//! gpucost quote '<query string or full URL>' [--catalog <file>]
//! gpucost breakeven '<query string or full URL>' [--catalog <file>]
//! gpucost plan '<query string or full URL>' [--catalog <file>]
//! gpucost advise '<query string or full URL>' [--catalog <file>]
//! gpucost scale-catalog <N> [--catalog <file>]
//! gpucost version
//! gpucost --help
//! ```
//! Output is JSON on stdout. Unknown command → usage on stderr, exit 2;
//! errors → one line on stderr, exit 1.
use std::io::Write;

use serde::Serialize;

use crate::domain::advise::{advise, Advice, AdviceInputs};
use crate::domain::breakeven::{break_even, BreakEvenReport};
use crate::domain::catalog::{Catalog, Offer, Source};
use crate::domain::error::EngineError;
use crate::domain::job::{job_report, JobReport};
use crate::domain::link::LinkNotice;
use crate::domain::plan::{
    breakeven_distribution, plan, plan_scenario, BreakEvenDistribution, Plan,
};
use crate::domain::tco::{quote, Quote};

pub const USAGE: &str = "usage: gpucost <command> [options]

commands:
  catalog [--offer <id>]        print the embedded catalog (or one offer with its sources) as JSON
  quote '<query or URL>' [--then]
                                print the quote for a link (query string or URL) as JSON; with
                                --then also what it totals on the date of the link's dataset
                                (d=) beside today's, per offer and billing model, from the
                                prices' kept history (`then: null` where it holds none)
  breakeven '<query or URL>'    print commitment break-even hours and months as JSON
  plan '<query or URL>'         print what the plan screen shows as JSON: the plan (cash over
                                months, crossings, what changes the answer), the cost of the
                                link's job (jk=) and the catalog's break-even distribution
  advise '<query or URL>'       print what the advise screen shows as JSON: the inputs, the
                                top picks with scores and reasons, the ranking, exclusions
                                by reason, relaxations and what would change the answer
  data-file [--app | --history] [--synthetic N]
                                write the catalog as the browser's binary data file to stdout:
                                what the worker reads beside the app's file (catalog-rest.bin),
                                with --app the app's (catalog.bin), with --history the price
                                history the worker fetches when asked (history.bin); --synthetic N repeats every
                                offer N times (for size and speed measurements, never served)
  scale-catalog <N>             write a catalog JSON N times as large (1 to 100), for measuring
                                size and speed: every region cloned N−1 times under its own code
                                and name (`us-east-1-x2`), with its offers, their prices moved by
                                0.85–1.15× from the offer's id (deterministic); no transfer rates
                                of their own. `make dist CATALOG=FILE` builds the app with it
  version                       print the version and the catalog version
  --help                        print this help

options:
  --catalog <file>              use this catalog JSON instead of the embedded one
  --today <YYYY-MM-DD>          measure the age of prices at this date (default: today, UTC, from
                                the system clock; give the date of an old answer to reproduce it);
                                every result carries `age` {oldest_as_of, age_days, as_at, stale:
                                over 12 months}
";

#[derive(Serialize)]
struct OfferWithSources<'a> {
    offer: &'a Offer,
    sources: Vec<&'a Source>,
}

#[derive(Serialize)]
struct QuoteOut<'a> {
    query: String,
    notices: &'a [LinkNotice],
    quote: Quote,
    /// `--then`: what the link's view totals on its dataset's date and today.
    #[serde(skip_serializing_if = "Option::is_none")]
    then: Option<crate::domain::tco::then::ThenNow>,
}

#[derive(Serialize)]
struct BreakEvenOut<'a> {
    query: String,
    notices: &'a [LinkNotice],
    breakeven: BreakEvenReport,
}

#[derive(Serialize)]
struct PlanOut<'a> {
    query: String,
    notices: &'a [LinkNotice],
    plan: Plan,
    /// The cost of the link's job (`jk=`), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    job: Option<JobReport>,
    breakeven_distribution: BreakEvenDistribution,
}

fn print_json<T: Serialize>(out: &mut dyn Write, v: &T) -> Result<(), String> {
    let s = serde_json::to_string_pretty(v).map_err(|e| e.to_string())?;
    writeln!(out, "{s}").map_err(|e| e.to_string())
}

struct Args {
    positional: Vec<String>,
    offer: Option<String>,
    catalog: Option<String>,
    today: Option<String>,
    help: bool,
    /// `data-file`: the app's catalog instead of the worker's rest.
    app: bool,
    /// `data-file`: the price history's file instead of the worker's rest.
    history: bool,
    /// `quote`: also price the link on its dataset's date (`d=`).
    then: bool,
    /// `data-file`: every offer repeated this many times.
    synthetic: Option<u32>,
}

fn parse_args(args: &[String]) -> Result<Args, String> {
    let mut a = Args {
        positional: Vec::new(),
        offer: None,
        app: false,
        history: false,
        then: false,
        synthetic: None,
        catalog: None,
        today: None,
        help: false,
    };
    let mut it = args.iter();
    while let Some(x) = it.next() {
        match x.as_str() {
            "--help" | "-h" => a.help = true,
            "--offer" => a.offer = Some(it.next().ok_or("--offer needs an offer id")?.clone()),
            "--catalog" => {
                a.catalog = Some(it.next().ok_or("--catalog needs a file path")?.clone())
            }
            "--app" => a.app = true,
            "--history" => a.history = true,
            "--then" => a.then = true,
            "--synthetic" => {
                let n = it.next().ok_or("--synthetic needs a factor")?;
                a.synthetic = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|n| (1..=100).contains(n))
                        .ok_or("--synthetic needs a whole factor from 1 to 100")?,
                );
            }
            "--today" => {
                let d = it.next().ok_or("--today needs a date (YYYY-MM-DD)")?;
                if d.len() != 10 || crate::domain::catalog::as_of_days(d).is_none() {
                    return Err(format!("--today: `{d}` is not a date (YYYY-MM-DD)"));
                }
                a.today = Some(d.clone());
            }
            _ => a.positional.push(x.clone()),
        }
    }
    Ok(a)
}

fn load_catalog(path: &Option<String>) -> Result<Catalog, String> {
    match path {
        Some(p) => {
            let s = std::fs::read_to_string(p).map_err(|e| format!("cannot read {p}: {e}"))?;
            Catalog::from_json(&s).map_err(|e| e.to_string())
        }
        None => Catalog::embedded().map_err(|e| e.to_string()),
    }
}

enum Failure {
    Usage,
    Error(String),
}

#[derive(Serialize)]
struct AdviseOut<'a> {
    query: String,
    notices: &'a [LinkNotice],
    inputs: &'a AdviceInputs,
    advice: Advice,
}

fn run_inner(args: &[String], out: &mut dyn Write) -> Result<(), Failure> {
    let a = parse_args(args).map_err(Failure::Error)?;
    let cmd = a.positional.first().map(String::as_str);
    if a.help && cmd.is_none() {
        return write!(out, "{USAGE}").map_err(|e| Failure::Error(e.to_string()));
    }
    match cmd {
        Some("help") => write!(out, "{USAGE}").map_err(|e| Failure::Error(e.to_string())),
        Some("version") => {
            let c = load_catalog(&a.catalog).map_err(Failure::Error)?;
            writeln!(
                out,
                "gpucost {} (catalog {})",
                env!("CARGO_PKG_VERSION"),
                c.version()
            )
            .map_err(|e| Failure::Error(e.to_string()))
        }
        Some("data-file") => {
            let c = load_catalog(&a.catalog).map_err(Failure::Error)?;
            let c = match a.synthetic {
                Some(n) => crate::domain::synthetic::scaled(&c, n),
                None => c,
            };
            use crate::domain::wire::{encode_as, encode_history, encode_rest, Layout};
            let bytes = match (a.app, a.history) {
                (true, true) => {
                    return Err(Failure::Error(
                        "data-file: --app and --history name two different files".into(),
                    ))
                }
                (true, false) => encode_as(&c.for_browser(), Layout::App),
                (false, history) => {
                    let (worker, h) = c.split_history();
                    if history {
                        encode_history(&h)
                    } else {
                        encode_rest(&worker)
                    }
                }
            };
            out.write_all(&bytes)
                .map_err(|e| Failure::Error(e.to_string()))
        }
        Some("scale-catalog") => {
            let n = a
                .positional
                .get(1)
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| {
                    Failure::Error("scale-catalog needs a whole factor from 1 to 100".into())
                })?;
            let c = load_catalog(&a.catalog).map_err(Failure::Error)?;
            print_json(out, &crate::domain::synthetic::regions_cloned(&c, n))
                .map_err(Failure::Error)
        }
        Some("catalog") => {
            let c = load_catalog(&a.catalog).map_err(Failure::Error)?;
            match &a.offer {
                None => print_json(out, &c).map_err(Failure::Error),
                Some(id) => {
                    let offer = c
                        .offer(id)
                        .ok_or_else(|| Failure::Error(format!("unknown_offer: {id}")))?;
                    let mut ids: Vec<&str> = offer
                        .prices
                        .iter()
                        .chain(&offer.price_history)
                        .map(|p| &*p.source)
                        .chain(offer.spec_sources.iter().map(String::as_str))
                        .collect();
                    ids.dedup();
                    let mut sources: Vec<&Source> = Vec::new();
                    for id in ids {
                        if let Some(s) = c.source(id) {
                            if !sources.iter().any(|x| x.id == s.id) {
                                sources.push(s);
                            }
                        }
                    }
                    print_json(out, &OfferWithSources { offer, sources }).map_err(Failure::Error)
                }
            }
        }
        Some(c @ ("quote" | "breakeven" | "plan" | "advise")) => {
            let q = a
                .positional
                .get(1)
                .ok_or_else(|| Failure::Error(format!("{c} needs a query string")))?;
            if a.then && c != "quote" {
                return Err(Failure::Error(format!(
                    "--then is for `quote` (it prices a link on its dataset's date), not `{c}`"
                )));
            }
            let cat = load_catalog(&a.catalog).map_err(Failure::Error)?;
            // The app's link (every screen's keys), so a link copied from
            // any screen reads without unknown-key notices.
            let (mut state, notices) = crate::ui::link::parse(q, &cat);
            // a filter means what it says: what the link asks for that
            // cannot be read is refused, never widened or defaulted
            let refused = refusals(&cat, &notices);
            if !refused.is_empty() {
                return Err(Failure::Error(format!(
                    "refused link: {}",
                    refused.join("; ")
                )));
            }
            let query = crate::ui::link::write(&state);
            // ages are measured today unless a date is given
            state.scenario.today = Some(a.today.clone().unwrap_or_else(today_utc));
            if c == "quote" {
                let quote =
                    quote(&cat, &state.scenario).map_err(|e| Failure::Error(e.to_string()))?;
                let then = match a.then {
                    false => None,
                    true => Some(then_of(&cat, &state.scenario, &notices)?),
                };
                print_json(
                    out,
                    &QuoteOut {
                        query,
                        notices: &notices,
                        quote,
                        then,
                    },
                )
                .map_err(Failure::Error)
            } else if c == "advise" {
                let advice = advise(&cat, &state.scenario, &state.advise)
                    .map_err(|e| Failure::Error(e.to_string()))?;
                print_json(
                    out,
                    &AdviseOut {
                        query,
                        notices: &notices,
                        inputs: &state.advise,
                        advice,
                    },
                )
                .map_err(Failure::Error)
            } else if c == "plan" {
                let e = |e: EngineError| Failure::Error(e.to_string());
                // what the plan screen computes: the offers it plans are the
                // compare selection (`sel`) when there is one
                let s = plan_scenario(&state.scenario, &state.compare);
                let plan = plan(&cat, &s).map_err(e)?;
                let job = match s.job {
                    Some(_) => Some(job_report(&cat, &s).map_err(e)?),
                    None => None,
                };
                let breakeven_distribution = breakeven_distribution(&cat, &s).map_err(e)?;
                print_json(
                    out,
                    &PlanOut {
                        query,
                        notices: &notices,
                        plan,
                        job,
                        breakeven_distribution,
                    },
                )
                .map_err(Failure::Error)
            } else {
                let breakeven =
                    break_even(&cat, &state.scenario).map_err(|e| Failure::Error(e.to_string()))?;
                print_json(
                    out,
                    &BreakEvenOut {
                        query,
                        notices: &notices,
                        breakeven,
                    },
                )
                .map_err(Failure::Error)
            }
        }
        _ => Err(Failure::Usage),
    }
}

/// `quote --then`: the link's view priced on its dataset's date (`d=`,
/// read as another dataset than ours) and today.
fn then_of(
    cat: &Catalog,
    s: &crate::domain::scenario::Scenario,
    notices: &[LinkNotice],
) -> Result<crate::domain::tco::then::ThenNow, Failure> {
    let theirs = notices
        .iter()
        .find(|n| n.code == crate::domain::link::LinkNoticeCode::DataUpdated)
        .map(|n| n.value.as_str())
        .ok_or_else(|| {
            Failure::Error(format!(
                "--then: the link names no other dataset than this one ({}): add its `d=`",
                cat.version()
            ))
        })?;
    let date = theirs.split('+').next().unwrap_or_default();
    crate::domain::tco::then::then_vs_now(cat, s, date)
        .map_err(|e| Failure::Error(e.to_string()))?
        .ok_or_else(|| Failure::Error(format!("--then: `{theirs}` does not start with a date")))
}

/// The command-line arguments as text; an argument that is not valid UTF-8
/// is an error naming its position (never a panic).
pub fn utf8_args(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<Vec<String>, String> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string()
                .map_err(|_| format!("argument {} is not valid UTF-8", i + 1))
        })
        .collect()
}

/// Run the CLI; returns the process exit code.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match run_inner(args, out) {
        Ok(()) => 0,
        Err(Failure::Usage) => {
            let _ = write!(err, "{USAGE}");
            2
        }
        Err(Failure::Error(msg)) => {
            let _ = writeln!(err, "error: {}", msg.replace('\n', " "));
            1
        }
    }
}

/// Today's date (UTC) from the system clock, `YYYY-MM-DD`.
fn today_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    crate::domain::catalog::date_of_days((secs / 86_400) as i64)
}

/// The link's inputs the CLI refuses, each with what would be valid: an
/// unknown key or list item (with the closest valid values), a value
/// that does not read, one out of its key's range (with the range), too
/// many items. Notices that only inform (a migrated key, another
/// dataset, a key given twice) are not refusals.
fn refusals(cat: &Catalog, notices: &[crate::domain::link::LinkNotice]) -> Vec<String> {
    use crate::domain::link::LinkNoticeCode as C;
    notices
        .iter()
        .filter_map(|n| {
            let (k, v) = (&n.key, &n.value);
            Some(match n.code {
                C::UnknownKey => format!("`{k}` is not a link key"),
                C::UnknownKeys => format!("{v} keys are not link keys: {k}"),
                C::InvalidValue => match crate::ui::link::bounds_of(k) {
                    Some(b) => format!(
                        "{k}={v} does not read as a number (valid: {})",
                        crate::ui::format::range_hint(&b, crate::ui::i18n::Locale::En)
                    ),
                    None => format!("{k}={v} does not read"),
                },
                C::OutOfRange => match crate::ui::link::bounds_of(k) {
                    Some(b) => format!(
                        "{k}={v} is out of range (valid: {})",
                        crate::ui::format::range_hint(&b, crate::ui::i18n::Locale::En)
                    ),
                    None => format!("{k}={v} is out of range"),
                },
                C::UnknownItem | C::NoMatch => {
                    let near = crate::domain::link::closest(cat, k, v, 3);
                    if near.is_empty() {
                        format!("{k}: `{v}` is unknown")
                    } else {
                        format!("{k}: `{v}` matches nothing (closest: {})", near.join(", "))
                    }
                }
                C::TooManyItems => format!("{k} has too many items"),
                C::BadEscape => format!("{k}={v} is not validly percent-encoded"),
                _ => return None,
            })
        })
        .collect()
}
