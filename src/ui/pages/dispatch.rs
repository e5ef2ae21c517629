//! The worker's side of the boundary: every [`Request`] answered from the
//! catalog, with the parts rendered from templates (maud). Runs in the worker
//! binary (`src/worker.rs`) and in native tests; needs `worker-html`.
//!
//! A [`Server`] keeps what the plan screen's next request can reuse
//! ([`PlanCache`]) and the last advice, and answers the flip search
//! ([`Part::PlanFlips`]) and what would change the advice
//! ([`Part::AdviseChanges`]) as work ([`Job`]) that the worker does after
//! the messages waiting (the flip search a step at a time).
use crate::domain::catalog::{Catalog, Currency};
use crate::domain::plan::FlipSearch;
use crate::ui::export::export;
use crate::ui::html::Html;
use crate::ui::i18n::Locale;
use crate::ui::pages::advise;
use crate::ui::pages::plan::results::{self, PlanCache};
use crate::ui::qr::qr_svg;
use crate::ui::worker::{Part, Reply, Request};

/// The worker's state: its catalog, and what it keeps between requests.
pub struct Server {
    catalog: &'static Catalog,
    history: History,
    kept: PlanCache<'static>,
    /// The last advice, for the part that follows it.
    advice: Option<advise::render::KeptAdvice<'static>>,
    /// What the last advice's pool left for the next advice.
    pool: Option<crate::domain::advise::KeptPool<'static>>,
}

/// Whether the catalog holds each offer's whole price history: the
/// worker's data file keeps the newest superseded price only, and the rest
/// (`history.bin`) is fetched when a request first needs it.
#[derive(Debug, Clone, PartialEq)]
pub enum History {
    Whole,
    /// Not fetched yet: a request that needs it waits for
    /// [`Server::history_arrived`].
    NotYet,
    /// Could not be had, and why (the screens say so).
    Failed(String),
}

/// An answer now, or work to do before it.
pub enum Served {
    Now(Reply),
    Later(Box<Job>),
}

/// Work a request's answer waits for, done a step at a time.
pub enum Job {
    Flips(Box<FlipsJob>),
    /// What would change an advice, a stage at a time, from the advice
    /// kept for its link when there is one.
    Changes(Box<advise::render::ChangesJob<'static>>),
}

impl Job {
    /// Do up to `steps` more steps; the answer once the work is done.
    pub fn step(&mut self, steps: usize) -> Option<Reply> {
        match self {
            Job::Flips(j) => j.step(steps),
            Job::Changes(j) => j
                .step()
                .map(|(error, pieces)| Reply::Markup { error, pieces }),
        }
    }

    /// Do the work to its end.
    pub fn finish(mut self) -> Reply {
        loop {
            if let Some(r) = self.step(usize::MAX) {
                return r;
            }
        }
    }
}

impl Server {
    /// A server on a catalog with its whole price history.
    pub fn new(catalog: &'static Catalog) -> Server {
        Server {
            catalog,
            history: History::Whole,
            kept: PlanCache::default(),
            advice: None,
            pool: None,
        }
    }

    /// A server on the worker's data file, whose price history comes later
    /// ([`Server::history_arrived`]).
    pub fn without_history(catalog: &'static Catalog) -> Server {
        Server {
            history: History::NotYet,
            ..Server::new(catalog)
        }
    }

    /// Must this request wait for the price history? The side-by-side
    /// panel (its history row) and a plan's details for a link from an
    /// older dataset (its prices then), while the history is not fetched.
    pub fn needs_history(&self, req: &Request) -> bool {
        self.history == History::NotYet
            && match req {
                Request::Render {
                    part: Part::ComparePanel,
                    ..
                } => true,
                Request::Render {
                    part: Part::PlanDetails,
                    query,
                    ..
                } => results::then_of(query).is_some(),
                _ => false,
            }
    }

    /// The price history arrived: the catalog with it (what was kept for
    /// the one without is dropped); or why it could not be had.
    pub fn history_arrived(&mut self, whole: Result<&'static Catalog, String>) {
        match whole {
            Ok(c) => *self = Server::new(c),
            Err(why) => self.history = History::Failed(why),
        }
    }

    /// Why the price history is missing, once it could not be had.
    fn history_error(&self) -> Option<&str> {
        match &self.history {
            History::Failed(why) => Some(why),
            _ => None,
        }
    }

    /// The answer to a request, or the flip search to run for it.
    pub fn serve(&mut self, req: &Request) -> Served {
        let c = self.catalog;
        match req {
            Request::Render {
                part,
                query,
                locale,
            } => match self.job(*part, query, *locale) {
                Some(job) => Served::Later(Box::new(job)),
                None => {
                    let (error, pieces) = self.render(*part, query, *locale);
                    Served::Now(Reply::Markup { error, pieces })
                }
            },
            Request::Export {
                query,
                locale,
                format,
            } => {
                let f = export(c, query, *locale, *format);
                Served::Now(Reply::File {
                    name: f.name,
                    mime: f.mime.to_string(),
                    content: f.content,
                })
            }
            Request::Qr { text, label } => Served::Now(match qr_svg(text, label) {
                Ok(svg) => Reply::Qr(svg),
                Err(len) => Reply::TooLong(len),
            }),
        }
    }

    /// The answer to a request, with any search run to its end.
    pub fn answer(&mut self, req: &Request) -> Reply {
        match self.serve(req) {
            Served::Now(r) => r,
            Served::Later(job) => job.finish(),
        }
    }

    /// The work a part waits for (the flip search, what would change the
    /// advice), None for a part answered at once.
    fn job(&mut self, part: Part, query: &str, locale: Locale) -> Option<Job> {
        let c = self.catalog;
        match part {
            Part::PlanFlips => Some(Job::Flips(Box::new(FlipsJob::new(
                c,
                query,
                locale,
                &mut self.kept,
            )))),
            Part::AdviseChanges => Some(Job::Changes(Box::new(advise::render::ChangesJob::new(
                c,
                query,
                locale,
                self.advice.take().map(Box::new),
            )))),
            _ => None,
        }
    }

    /// A part's pieces, and the engine error code of the first that failed.
    fn render(&mut self, part: Part, query: &str, locale: Locale) -> (Option<String>, Vec<Html>) {
        use super::*;
        let c = self.catalog;
        let one = |h: Html| (None, vec![h]);
        match part {
            Part::Plan => results::summary(c, query, locale, &mut self.kept),
            Part::PlanDetails => {
                let history = match &self.history {
                    History::Failed(why) => Some(why.as_str()),
                    _ => None,
                };
                results::details(c, query, locale, &mut self.kept, history)
            }
            Part::Advise => {
                let (pieces, kept) =
                    advise::render::advice_but_changes(c, query, locale, &mut self.pool);
                self.advice = kept;
                pieces
            }
            Part::Providers => one(providers::table::table(c, locale)),
            Part::Sources => one(sources::list::list(c, locale)),
            Part::AdviseForm => one(advise::render::form(c, query, locale)),
            Part::ComparePanel => {
                let (error, h) =
                    compare::panel::view::panel(c, query, locale, self.history_error());
                (error, vec![h])
            }
            // the parts that wait for work, done to its end
            Part::PlanFlips | Part::AdviseChanges => match self.job(part, query, locale) {
                Some(job) => match job.finish() {
                    Reply::Markup { error, pieces } => (error, pieces),
                    _ => (None, vec![Html::new()]),
                },
                None => (None, vec![Html::new()]),
            },
        }
    }
}

/// The flip search of a plan request, and the language and currency its
/// answer is written in (no search: the plan has no cheapest option, the
/// answer is empty).
pub struct FlipsJob {
    catalog: &'static Catalog,
    locale: Locale,
    search: Option<(FlipSearch<'static>, Currency)>,
}

impl FlipsJob {
    fn new(
        catalog: &'static Catalog,
        query: &str,
        locale: Locale,
        kept: &mut PlanCache<'static>,
    ) -> FlipsJob {
        FlipsJob {
            catalog,
            locale,
            search: results::flip_search(catalog, query, kept),
        }
    }

    /// Try up to `steps` more values (one totals-only quote of at most four
    /// offers each); the answer once the search is over.
    pub fn step(&mut self, steps: usize) -> Option<Reply> {
        if let Some((search, _)) = &mut self.search {
            for _ in 0..steps {
                if search.step(self.catalog) {
                    return Some(self.reply());
                }
            }
            return None;
        }
        Some(self.reply())
    }

    /// Run the search to its end.
    pub fn finish(mut self) -> Reply {
        loop {
            if let Some(r) = self.step(usize::MAX) {
                return r;
            }
        }
    }

    fn reply(&self) -> Reply {
        use crate::ui::pages::plan::render::{flips, Ctx};
        let piece = match &self.search {
            Some((search, currency)) => flips(
                Ctx {
                    catalog: self.catalog,
                    locale: self.locale,
                    currency: *currency,
                },
                search.found(),
            ),
            None => Html::new(),
        };
        Reply::Markup {
            error: None,
            pieces: vec![piece],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;
    use crate::ui::i18n::Locale;
    use crate::ui::worker::{Failure, Format};

    /// The link each part is asked for with (as the screens ask).
    fn query(part: Part) -> &'static str {
        match part {
            Part::Plan | Part::PlanDetails | Part::PlanFlips => {
                "v=2&m=12&o=aws:us-east-1:p4d.24xlarge&jk=resnet50"
            }
            Part::ComparePanel => "v=2&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge",
            Part::AdviseForm | Part::Advise | Part::AdviseChanges => {
                "v=2&screen=advise&gpus=8&vpg=40&m=12"
            }
            Part::Providers | Part::Sources => "",
        }
    }

    #[test]
    fn every_part_renders_from_a_link_in_both_languages() {
        let c = test_catalog();
        for part in Part::ALL {
            for locale in Locale::ALL {
                let req = Request::Render {
                    part,
                    query: query(part).into(),
                    locale,
                };
                let Reply::Markup { error, pieces } = Server::new(c).answer(&req) else {
                    panic!("{part:?}: not markup");
                };
                assert_eq!(error, None, "{part:?}");
                assert_eq!(pieces.len(), part.pieces(), "{part:?}");
                let all: String = pieces.iter().map(Html::as_str).collect();
                assert!(all.len() > 200, "{part:?} {locale:?}: {all}");
                assert!(!all.contains("<script"), "{part:?}");
            }
        }
    }

    /// The worker's server starts on the catalog without its price
    /// history: the side-by-side panel and a plan from an older dataset
    /// wait for it (nothing else does); once it arrives they draw it, and
    /// when it cannot be had they say so (never today's prices for then).
    #[test]
    fn the_panel_and_prices_then_wait_for_the_history_and_say_when_it_failed() {
        let whole = test_catalog();
        let (lite, _) = whole.split_history();
        let lite: &'static Catalog = Box::leak(Box::new(lite));
        let render = |part, q: &str| Request::Render {
            part,
            query: q.into(),
            locale: Locale::En,
        };
        let then = "v=2&m=1&bm=od&o=aws:us-east-1:p5.48xlarge&then=2025-03-01";
        let panel = render(Part::ComparePanel, query(Part::ComparePanel));
        let mut s = Server::without_history(lite);
        assert!(s.needs_history(&panel));
        assert!(s.needs_history(&render(Part::PlanDetails, then)));
        for part in [Part::Plan, Part::PlanDetails, Part::Advise, Part::Providers] {
            assert!(!s.needs_history(&render(part, query(part))), "{part:?}");
        }
        let all = |r: Reply| match r {
            Reply::Markup {
                error: None,
                pieces,
            } => pieces.iter().map(Html::as_str).collect::<String>(),
            r => panic!("{r:?}"),
        };
        let mut failed = Server::without_history(lite);
        failed.history_arrived(Err("history.bin: HTTP 503".into()));
        assert!(!failed.needs_history(&panel));
        let p = all(failed.answer(&panel));
        assert!(p.contains("data-testid=\"history-missing\""), "{p}");
        assert!(p.contains("(history.bin: HTTP 503)"));
        assert!(!p.contains("data-testid=\"price-history\""));
        all(failed.answer(&render(Part::Plan, then)));
        let d = all(failed.answer(&render(Part::PlanDetails, then)));
        assert!(d.contains("data-testid=\"then-now-missing\""), "{d}");
        assert!(!d.contains("data-testid=\"then-now\""));
        s.history_arrived(Ok(whole));
        assert!(!s.needs_history(&panel));
        assert_eq!(s.answer(&panel), Server::new(whole).answer(&panel));
        assert!(all(s.answer(&panel)).contains("data-testid=\"price-history\""));
    }

    /// The advice and what would change it, asked one after the other as
    /// the screen asks, are the whole advice in page order; what would
    /// change it is the same found from the kept advice, from none, or
    /// after an advice for another link.
    #[test]
    fn the_advice_and_its_changes_are_the_whole_advice() {
        let c = test_catalog();
        let ask = |s: &mut Server, part, q: &str| match s.answer(&Request::Render {
            part,
            query: q.into(),
            locale: Locale::ZhCn,
        }) {
            Reply::Markup {
                error: None,
                pieces,
            } => pieces,
            r => panic!("{part:?}: {r:?}"),
        };
        for q in [
            "v=2&screen=advise&gpus=8&vpg=40&m=12",
            "v=2&screen=advise&gpus=8&use=llm&vpg=40&req=nvlink,rdma&risk=no&wc=10&wp=60&prof=unlimited",
            "v=2&screen=advise&gpus=64&vpg=80&bud=1usd",
        ] {
            let mut s = Server::new(c);
            let advice = ask(&mut s, Part::Advise, q);
            let changes = ask(&mut s, Part::AdviseChanges, q);
            let shown = format!("{}{}{}", advice[0].as_str(), changes[0].as_str(), advice[1].as_str());
            let (_, whole) = advise::render::advice(c, q, Locale::ZhCn);
            assert_eq!(shown, whole[0].as_str(), "{q}");
            assert_eq!(ask(&mut Server::new(c), Part::AdviseChanges, q), changes, "{q}");
            let mut other = Server::new(c);
            ask(&mut other, Part::Advise, "v=2&screen=advise&gpus=1&m=3");
            assert_eq!(ask(&mut other, Part::AdviseChanges, q), changes, "{q}");
        }
    }

    /// A request for a part of `q`'s screen, in English.
    fn render(part: Part, q: &str) -> Request {
        Request::Render {
            part,
            query: q.into(),
            locale: Locale::En,
        }
    }

    /// What would change an advice is work done a stage at a time: the
    /// worker answers other requests between two stages (here an advice
    /// for another link, which replaces the kept one), and the answer is
    /// the one found at once.
    #[test]
    fn what_would_change_an_advice_is_found_a_stage_at_a_time() {
        let c = test_catalog();
        for q in [
            "v=2&screen=advise&gpus=8&vpg=40&m=12",
            "v=2&screen=advise&gpus=8&vpg=40&req=nvlink,rdma&risk=no&bud=90000usd",
        ] {
            let at_once = Server::new(c).answer(&render(Part::AdviseChanges, q));
            let mut s = Server::new(c);
            s.answer(&render(Part::Advise, q));
            let Served::Later(mut job) = s.serve(&render(Part::AdviseChanges, q)) else {
                panic!("{q}: answered at once");
            };
            let mut steps = 1;
            let reply = loop {
                if let Some(r) = job.step(1) {
                    break r;
                }
                steps += 1;
                s.answer(&render(Part::Advise, "v=2&screen=advise&gpus=1&m=3"));
            };
            assert!(steps >= 5, "{q}: {steps} steps");
            assert_eq!(reply, at_once, "{q}");
            assert!(
                matches!(&reply, Reply::Markup { error: None, pieces } if !pieces[0].as_str().is_empty())
            );
        }
    }

    /// Typing in the advice's months box: each advice, made from what the
    /// last one's pool left (another link's in between), is the advice a
    /// new worker gives for that link, with what would change it.
    #[test]
    fn advices_typed_in_the_months_box_are_those_made_anew() {
        let c = test_catalog();
        let mut s = Server::new(c);
        for q in [
            "v=2&screen=advise&m=1",
            "v=2&screen=advise&m=13",
            "v=2&screen=advise&m=37&bud=2000usd&budk=m&load=bursty&risk=mix",
            "v=2&screen=advise&gpus=8&vpg=40&m=12",
            "v=2&screen=advise&m=36",
            "v=2&screen=advise&m=3",
        ] {
            for part in [Part::Advise, Part::AdviseChanges] {
                let kept = s.answer(&render(part, q));
                assert_eq!(kept, Server::new(c).answer(&render(part, q)), "{q}");
            }
        }
        assert!(s.pool.is_some());
    }

    #[test]
    fn exports_and_qr_codes_are_answered_and_the_reply_crosses_the_wire() {
        let c = test_catalog();
        let mut server = Server::new(c);
        let file = server.answer(&Request::Export {
            query: "v=2&p=azure".into(),
            locale: Locale::En,
            format: Format::Csv,
        });
        assert!(matches!(&file, Reply::File { name, .. } if name.ends_with(".csv")));
        let qr = server.answer(&Request::Qr {
            text: "https://example.org/?v=2".into(),
            label: "QR".into(),
        });
        assert!(matches!(&qr, Reply::Qr(svg) if svg.as_str().starts_with("<svg")));
        let long = server.answer(&Request::Qr {
            text: "x".repeat(4000),
            label: String::new(),
        });
        assert_eq!(long, Reply::TooLong(4000));
        for r in [file, qr, long, Reply::Failed(Failure::NoCatalog)] {
            assert_eq!(Reply::decode(r.clone().encode()), Ok(r));
        }
    }
}
