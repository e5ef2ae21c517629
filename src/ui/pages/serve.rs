//! The worker's side of the boundary: every [`Request`] answered from the
//! catalog, with the parts rendered from templates (maud). Runs in the worker
//! binary (`src/plan_worker.rs`) and in native tests; needs `worker-html`.
use crate::domain::catalog::Catalog;
use crate::ui::export::export;
use crate::ui::html::Html;
use crate::ui::qr::qr_svg;
use crate::ui::worker::{Part, Reply, Request};

/// The answer to a request.
pub fn serve(catalog: &'static Catalog, req: &Request) -> Reply {
    match req {
        Request::Render {
            part,
            query,
            locale,
        } => {
            let (error, pieces) = render(catalog, *part, query, *locale);
            Reply::Markup { error, pieces }
        }
        Request::Export {
            query,
            locale,
            format,
        } => {
            let f = export(catalog, query, *locale, *format);
            Reply::File {
                name: f.name,
                mime: f.mime.to_string(),
                content: f.content,
            }
        }
        Request::Qr { text, label } => match qr_svg(text, label) {
            Ok(svg) => Reply::Qr(svg),
            Err(len) => Reply::TooLong(len),
        },
    }
}

/// A part's pieces, and the engine error code of the first that failed.
fn render(
    catalog: &'static Catalog,
    part: Part,
    query: &str,
    locale: crate::ui::i18n::Locale,
) -> (Option<String>, Vec<Html>) {
    use super::*;
    let one = |h: Html| (None, vec![h]);
    // (legacy: markup still written by hand, wrapped until it is a component)
    let legacy = Html::from_worker;
    match part {
        Part::Plan => plan::results::results(catalog, query, locale),
        Part::Providers => one(providers::table::table(catalog, locale)),
        Part::Sources => one(sources::list::list(catalog, locale)),
        Part::AdviseForm => one(legacy(advise::render::form_html(catalog, query, locale))),
        Part::Advise => {
            let h = advise::render::advise_html(catalog, query, locale);
            if h.contains("data-testid=\"advise-error\"") {
                (Some("engine".into()), vec![Html::new()])
            } else {
                one(legacy(h))
            }
        }
        Part::ComparePanel => one(legacy(compare::panel::panel_html(catalog, query, locale))),
    }
}
