//! The one boundary between the page and its worker (`gpucost-worker`, the
//! app's second wasm module, `src/worker.rs`): what the page asks
//! ([`Request`]), what the worker answers ([`Reply`]), and their one wire
//! form, encoded and decoded here for both sides. A message is a JS array
//! `[id, code, fields…]` of strings after the id; the codes are the one
//! table [`Code`], so a message kind cannot be spelled two ways.
//!
//! | request | reply |
//! |---|---|
//! | `render` part, link, language | `markup` engine error or "", then the part's markup (the plan's details: charts, options, job, break-even; the advice: head, tail) |
//! | `render` `plan-flips`, link, language | `markup` "", what would change the answer — after the searching; `failed superseded` when a newer plan request came first |
//! | `render` `advise-changes`, link, language | `markup` engine error or "", what would change the advice's answer — after the messages already waiting; `failed superseded` when a newer advice request came first |
//! | `export` link, language, `csv` or `json` | `file` name, MIME type, content |
//! | `qr` text, label | `qr` svg, or `too-long` length in bytes |
//! | (any) | `failed` why ([`Failure`]) |
//!
//! [`client`] is the page's side: the one `Worker` of the app.
pub mod client;

use crate::domain::codes::code_enum;
use crate::ui::html::Html;
use crate::ui::i18n::Locale;

code_enum! {
    /// Every message kind, both directions.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Code {
        Render = "render",
        Export = "export",
        Qr = "qr",
        Markup = "markup",
        File = "file",
        TooLong = "too-long",
        Failed = "failed",
    }
}

code_enum! {
    /// A part of a screen the worker renders.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub enum Part {
        /// The plan's summary: what a keystroke on the plan screen waits for.
        Plan = "plan",
        /// The rest of the plan screen's results: charts, options table,
        /// job, break-even distribution (from the plan the summary made,
        /// answered after it).
        PlanDetails = "plan-details",
        /// What would change the plan's answer (the flip search, answered
        /// after the plan; a newer plan request drops it).
        PlanFlips = "plan-flips",
        Providers = "providers",
        AdviseForm = "advise-form",
        /// The recommendation but what would change its answer: two pieces
        /// (head, tail).
        Advise = "advise",
        /// What would change the recommendation's answer (found after the
        /// advice; a newer advice request drops it).
        AdviseChanges = "advise-changes",
        ComparePanel = "compare-panel",
        Sources = "sources",
    }
}

impl Part {
    /// How many pieces of markup the part is (the plan's details four,
    /// the advice's two, else one).
    pub fn pieces(self) -> usize {
        match self {
            Part::PlanDetails => 4,
            Part::Advise => 2,
            _ => 1,
        }
    }
}

code_enum! {
    /// The file an export makes.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Format {
        Csv = "csv",
        Json = "json",
    }
}

code_enum! {
    /// Why a request got no answer.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Failure {
        /// The worker could not be started or its module failed to load.
        Unavailable = "unavailable",
        /// The worker's catalog did not load.
        NoCatalog = "no-catalog",
        /// The message did not read as a request.
        BadRequest = "bad-request",
        /// A newer request made this one's answer stale before it was done.
        Superseded = "superseded",
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// A screen part for an app link (the plan: a scenario link) in a language.
    Render {
        part: Part,
        query: String,
        locale: Locale,
    },
    /// What the screen of an app link shows, as a file.
    Export {
        query: String,
        locale: Locale,
        format: Format,
    },
    /// A QR code of `text`, labelled for screen readers.
    Qr { text: String, label: String },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// A rendered part: its pieces, and the engine error code of the first
    /// piece that failed (that piece is then empty: the page keeps its last
    /// good markup).
    Markup {
        error: Option<String>,
        pieces: Vec<Html>,
    },
    File {
        name: String,
        mime: String,
        content: String,
    },
    /// The QR code's SVG.
    Qr(Html),
    /// The text was longer than a QR code holds (bytes).
    TooLong(usize),
    Failed(Failure),
}

/// A message that is not of the wire form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WireError;

fn field(f: &[String], i: usize) -> Result<&str, WireError> {
    f.get(i).map(String::as_str).ok_or(WireError)
}

fn locale(tag: &str) -> Result<Locale, WireError> {
    Locale::from_tag(tag).ok_or(WireError)
}

impl Request {
    /// The fields after the message id.
    pub fn encode(&self) -> Vec<String> {
        match self {
            Request::Render {
                part,
                query,
                locale,
            } => vec![
                Code::Render.code().into(),
                part.code().into(),
                query.clone(),
                locale.tag().into(),
            ],
            Request::Export {
                query,
                locale,
                format,
            } => vec![
                Code::Export.code().into(),
                query.clone(),
                locale.tag().into(),
                format.code().into(),
            ],
            Request::Qr { text, label } => {
                vec![Code::Qr.code().into(), text.clone(), label.clone()]
            }
        }
    }

    pub fn decode(f: &[String]) -> Result<Request, WireError> {
        let n = |want: usize| (f.len() == want).then_some(()).ok_or(WireError);
        match Code::from_code(field(f, 0)?) {
            Some(Code::Render) => {
                n(4)?;
                Ok(Request::Render {
                    part: Part::from_code(&f[1]).ok_or(WireError)?,
                    query: f[2].clone(),
                    locale: locale(&f[3])?,
                })
            }
            Some(Code::Export) => {
                n(4)?;
                Ok(Request::Export {
                    query: f[1].clone(),
                    locale: locale(&f[2])?,
                    format: Format::from_code(&f[3]).ok_or(WireError)?,
                })
            }
            Some(Code::Qr) => {
                n(3)?;
                Ok(Request::Qr {
                    text: f[1].clone(),
                    label: f[2].clone(),
                })
            }
            _ => Err(WireError),
        }
    }
}

impl Reply {
    /// The fields after the message id.
    pub fn encode(self) -> Vec<String> {
        match self {
            Reply::Markup { error, pieces } => {
                let mut out = vec![Code::Markup.code().into(), error.unwrap_or_default()];
                out.extend(pieces.into_iter().map(Html::into_string));
                out
            }
            Reply::File {
                name,
                mime,
                content,
            } => vec![Code::File.code().into(), name, mime, content],
            Reply::Qr(svg) => vec![Code::Qr.code().into(), svg.into_string()],
            Reply::TooLong(n) => vec![Code::TooLong.code().into(), n.to_string()],
            Reply::Failed(why) => vec![Code::Failed.code().into(), why.code().into()],
        }
    }

    /// The markup pieces are the worker's (made by its renderer): the only
    /// place markup enters from outside the page's own code.
    pub fn decode(f: Vec<String>) -> Result<Reply, WireError> {
        let code = Code::from_code(field(&f, 0)?);
        let mut it = f.into_iter().skip(1);
        let mut next = || it.next().ok_or(WireError);
        let reply = match code {
            Some(Code::Markup) => {
                let error = Some(next()?).filter(|e| !e.is_empty());
                let pieces = std::iter::from_fn(|| next().ok())
                    .map(Html::from_worker)
                    .collect();
                return Ok(Reply::Markup { error, pieces });
            }
            Some(Code::File) => Reply::File {
                name: next()?,
                mime: next()?,
                content: next()?,
            },
            Some(Code::Qr) => Reply::Qr(Html::from_worker(next()?)),
            Some(Code::TooLong) => Reply::TooLong(next()?.parse().map_err(|_| WireError)?),
            Some(Code::Failed) => Reply::Failed(Failure::from_code(&next()?).ok_or(WireError)?),
            _ => return Err(WireError),
        };
        match next() {
            Err(_) => Ok(reply),
            Ok(_) => Err(WireError), // more fields than the kind has
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn every_request_and_reply_reads_back_as_itself() {
        let requests = [
            Request::Render {
                part: Part::Plan,
                query: "v=2&m=6".into(),
                locale: Locale::ZhCn,
            },
            Request::Export {
                query: "v=2".into(),
                locale: Locale::En,
                format: Format::Json,
            },
            Request::Qr {
                text: "https://x/?v=2".into(),
                label: "QR".into(),
            },
        ];
        for r in requests {
            assert_eq!(Request::decode(&r.encode()), Ok(r.clone()));
        }
        for p in Part::ALL {
            let r = Request::Render {
                part: p,
                query: String::new(),
                locale: Locale::En,
            };
            assert_eq!(Request::decode(&r.encode()), Ok(r));
        }
        let mut svg = Html::new();
        svg.raw("<svg></svg>");
        let replies = [
            Reply::Markup {
                error: None,
                pieces: vec![Html::new(), svg.clone()],
            },
            Reply::Markup {
                error: Some("overflow".into()),
                pieces: vec![],
            },
            Reply::File {
                name: "a.csv".into(),
                mime: "text/csv".into(),
                content: "x,y".into(),
            },
            Reply::Qr(svg),
            Reply::TooLong(3000),
            Reply::Failed(Failure::NoCatalog),
        ];
        for r in replies {
            assert_eq!(Reply::decode(r.clone().encode()), Ok(r));
        }
    }

    #[test]
    fn a_message_of_another_form_is_refused() {
        for bad in [
            strings(&[]),
            strings(&["render", "plan", "v=2"]),
            strings(&["render", "nope", "v=2", "en"]),
            strings(&["render", "plan", "v=2", "fr"]),
            strings(&["export", "v=2", "en", "xls"]),
            strings(&["qr", "text"]),
            strings(&["markup"]),
            strings(&["plan", "v=2", "en"]),
        ] {
            assert_eq!(Request::decode(&bad), Err(WireError), "{bad:?}");
        }
        for bad in [
            strings(&[]),
            strings(&["markup"]),
            strings(&["file", "a.csv", "text/csv"]),
            strings(&["file", "a", "b", "c", "d"]),
            strings(&["too-long", "many"]),
            strings(&["failed", "because"]),
            strings(&["render", "plan", "v=2", "en"]),
        ] {
            assert_eq!(Reply::decode(bad.clone()), Err(WireError), "{bad:?}");
        }
    }
}
