//! The plan screen's results as templates (maud) the worker renders: the
//! summary in sentences, what would change its answer, the charts, the options table (also the charts'
//! table alternative), the cost of a job and the break-even distribution.
//! Pure functions of engine results and a [`Ctx`], tested natively; every
//! value is escaped by `html!`.
mod breakeven;
mod charts;
mod job;
mod options;
mod summary;

use maud::{html, Markup};

use crate::domain::age::PriceAge;
use crate::domain::catalog::OfferId;
use crate::domain::scenario::BillingModel;
use crate::ui::components::badges::stale_badge;
pub use crate::ui::pages::ctx::Ctx;
pub use breakeven::breakeven;
pub use charts::{charts, CHART_OPTIONS};
pub use job::{job, JOB_LIST};
pub use options::{bills, options_table, then_missing, then_now};
pub use summary::{flips, summary};

/// An option named: offer and billing model.
fn option(cx: Ctx, offer: &OfferId, m: BillingModel) -> String {
    format!("{} — {}", cx.offer(offer), cx.model(m))
}

/// A sentence, named by its test id.
fn sentence(testid: &str, text: &str) -> Markup {
    html! { p data-testid=(testid) { (text) } }
}

/// The date of the oldest price a result rests on, with the stale badge
/// when it is over 12 months old.
fn age_cell(cx: Ctx, age: Option<&PriceAge>) -> Markup {
    html! {
        td data-testid="price-age" data-stale=[age.is_some_and(|a| a.stale).then_some("1")] {
            @match age {
                Some(a) => {
                    (a.oldest_as_of)
                    @if a.stale { (stale_badge(cx.locale, &a.oldest_as_of)) }
                }
                None => { "—" }
            }
        }
    }
}

/// A tag after a row's name (best, baseline, estimate…).
fn tag(text: &str) -> Markup {
    html! { " " span.tag { (text) } }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::domain::catalog::Currency;
    use crate::domain::link::parse_scenario;
    use crate::domain::plan::plan;
    use crate::ui::i18n::Locale;

    pub fn cx(locale: Locale) -> Ctx<'static> {
        Ctx {
            catalog: crate::domain::embedded::test_catalog(),
            locale,
            currency: Currency::USD,
        }
    }

    #[test]
    fn escapes_markup() {
        // the plan's markup is escaped by its templates
        let s = sentence("t", r#"<a href="x">&'"#).into_string();
        assert_eq!(
            s,
            "<p data-testid=\"t\">&lt;a href=&quot;x&quot;&gt;&amp;'</p>"
        );
        let t = tag("<b>").into_string();
        assert_eq!(t, " <span class=\"tag\">&lt;b&gt;</span>");
    }

    #[test]
    fn a_plan_renders_every_option_and_its_answer_in_both_languages() {
        let c = cx(Locale::En);
        let (s, _) = parse_scenario(
            "v=2&gpu=a100-40-sxm&gpus=8&h=168&m=1&bm=od,ri1n,spot",
            c.catalog,
        );
        let p = plan(c.catalog, &s).unwrap();
        let table = options_table(c, &p);
        let table = table.as_str();
        assert_eq!(
            table.matches("data-testid=\"plan-option\"").count(),
            p.options.len()
        );
        assert_eq!(table.matches("class=\"best\"").count(), 1);
        let best = p.summary.cheapest.as_ref().unwrap();
        let en = summary(c, &p, None, None);
        let en = en.as_str();
        assert!(en.contains("data-testid=\"plan-cheapest\""), "{en}");
        assert!(
            en.contains(&crate::ui::format::money(
                best.decision_cost,
                Currency::USD,
                Locale::En
            )),
            "{en}"
        );
        let zh = summary(cx(Locale::ZhCn), &p, None, None);
        assert!(zh.as_str().contains("本规划最便宜"), "{zh:?}");
        // a one-week need never picks a one-year reservation: it still owes the year
        assert_ne!(best.model, BillingModel::Ri1No);
    }

    #[test]
    fn an_aws_china_answer_says_it_needs_its_own_account_and_an_icp_filing() {
        let c = cx(Locale::En);
        let china = |sel: &str| {
            let (s, _) = parse_scenario(&format!("v=2&m=1&bm=od&o={sel}"), c.catalog);
            let p = plan(c.catalog, &s).unwrap();
            summary(c, &p, None, None).into_string()
        };
        let cn = china("aws:cn-northwest-1:p4d.24xlarge");
        assert!(cn.contains("data-testid=\"plan-china\""), "{cn}");
        assert!(cn.contains("separate AWS China account"), "{cn}");
        assert!(cn.contains("ICP filing"), "{cn}");
        assert!(cn.contains("2026-11-30"), "the fact's date: {cn}");
        let us = china("aws:us-east-1:p4d.24xlarge");
        assert!(!us.contains("plan-china"), "{us}");
    }
}
