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
    match part {
        Part::Plan => plan::results::results(catalog, query, locale),
        Part::Providers => one(providers::table::table(catalog, locale)),
        Part::Sources => one(sources::list::list(catalog, locale)),
        Part::AdviseForm => one(advise::render::form(catalog, query, locale)),
        Part::Advise => advise::render::advice(catalog, query, locale),
        Part::ComparePanel => {
            let (error, h) = compare::panel::view::panel(catalog, query, locale);
            (error, vec![h])
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
            Part::Plan => "v=2&m=12&o=aws:us-east-1:p4d.24xlarge&jk=resnet50",
            Part::ComparePanel => "v=2&sel=aws:us-east-1:p4d.24xlarge,aws:us-east-1:p3.2xlarge",
            Part::AdviseForm | Part::Advise => "v=2&screen=advise&gpus=8&vpg=40&m=12",
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
                let Reply::Markup { error, pieces } = serve(c, &req) else {
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

    #[test]
    fn exports_and_qr_codes_are_answered_and_the_reply_crosses_the_wire() {
        let c = test_catalog();
        let file = serve(
            c,
            &Request::Export {
                query: "v=2&p=azure".into(),
                locale: Locale::En,
                format: Format::Csv,
            },
        );
        assert!(matches!(&file, Reply::File { name, .. } if name.ends_with(".csv")));
        let qr = serve(
            c,
            &Request::Qr {
                text: "https://example.org/?v=2".into(),
                label: "QR".into(),
            },
        );
        assert!(matches!(&qr, Reply::Qr(svg) if svg.as_str().starts_with("<svg")));
        let long = serve(
            c,
            &Request::Qr {
                text: "x".repeat(4000),
                label: String::new(),
            },
        );
        assert_eq!(long, Reply::TooLong(4000));
        for r in [file, qr, long, Reply::Failed(Failure::NoCatalog)] {
            assert_eq!(Reply::decode(r.clone().encode()), Ok(r));
        }
    }
}
