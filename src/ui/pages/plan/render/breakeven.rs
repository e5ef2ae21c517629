//! Break-even across the catalog: a sentence on the articles' figure, then
//! the distribution per provider × commitment model.
use maud::{html, Markup};
use rust_decimal::Decimal;

use super::{sentence, Ctx};
use crate::domain::plan::{BreakEvenDistribution, BreakEvenGroup};
use crate::ui::format;
use crate::ui::html::Html;
use crate::ui::i18n::{fill, Locale, Msg, WorkerMsg};
use crate::ui::labels::provider_msg;

/// The sentence, then a row per provider × model.
pub fn breakeven(cx: Ctx, d: &BreakEvenDistribution) -> Html {
    let claim = d.article_claim_hours.to_string();
    let heads = [
        cx.t(Msg::ColProvider),
        cx.t(WorkerMsg::BreakevenModel),
        cx.t(WorkerMsg::BreakevenOffers),
        cx.t(WorkerMsg::BreakevenMedian),
        cx.t(WorkerMsg::BreakevenRange),
        cx.t(WorkerMsg::BreakevenAtClaim),
        cx.t(WorkerMsg::BreakevenNever),
    ];
    html! {
        (sentence("breakeven-sentence", &claim_sentence(cx, d, &claim)))
        div.table-wrap tabindex="0" role="region" aria-label=(fill(cx.t(WorkerMsg::BreakevenCaption), &[&claim])) {
            table.plan-options data-testid="breakeven-table" {
                caption { (fill(cx.t(WorkerMsg::BreakevenCaption), &[&claim])) }
                thead { tr { @for m in heads { th scope="col" { (fill(m, &[&claim])) } } } }
                tbody { @for g in &d.groups { (group_row(cx, g)) } }
            }
        }
    }
    .into()
}

/// Where the articles' "reserve above about N h/month" holds (median at or
/// below N) and where it does not.
fn claim_sentence(cx: Ctx, d: &BreakEvenDistribution, claim: &str) -> String {
    let (mut holds, mut fails) = (Vec::new(), Vec::new());
    for g in &d.groups {
        let name = format!("{} {}", cx.t(provider_msg(g.provider)), cx.model(g.model));
        match g.median_hours {
            Some(m) if m <= Decimal::from(d.article_claim_hours) => holds.push(name),
            Some(_) => fails.push(name),
            None => {}
        }
    }
    let list = |v: &[String]| {
        if v.is_empty() {
            "—".to_string()
        } else {
            v.join(if cx.locale == Locale::ZhCn {
                "、"
            } else {
                "; "
            })
        }
    };
    fill(
        cx.t(WorkerMsg::BreakevenClaim),
        &[claim, &list(&holds), &list(&fails)],
    )
}

/// A provider × model: offers, median and range of break-even hours, how
/// many break even by the claim and how many never do.
fn group_row(cx: Ctx, g: &BreakEvenGroup) -> Markup {
    let h = |v: Option<Decimal>| {
        v.map(|x| format::number(x, 0, cx.locale))
            .unwrap_or_else(|| "—".into())
    };
    let range = match (g.min_hours, g.max_hours) {
        (Some(a), Some(b)) => format!("{}–{}", h(Some(a)), h(Some(b))),
        _ => "—".into(),
    };
    html! {
        tr data-testid="breakeven-row" data-provider=(g.provider.code()) data-model=(g.model.code()) {
            td { (cx.t(provider_msg(g.provider))) }
            td { (cx.model(g.model)) }
            td { (g.offers) }
            td data-testid="breakeven-median" { (h(g.median_hours)) }
            td { (range) }
            td { (g.at_or_below_claim) }
            td { (g.never_pays_off) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::plan::breakeven_distribution;
    use crate::domain::scenario::Scenario;
    use crate::ui::pages::plan::render::tests::cx;

    #[test]
    fn the_breakeven_table_has_a_row_per_group_and_a_sentence() {
        let c = cx(Locale::En);
        let d = breakeven_distribution(c.catalog, &Scenario::default()).unwrap();
        let html = breakeven(c, &d);
        let html = html.as_str();
        assert!(!d.groups.is_empty());
        assert_eq!(
            html.matches("data-testid=\"breakeven-row\"").count(),
            d.groups.len()
        );
        assert!(html.contains("about 300 h/month"), "{html}");
    }
}
