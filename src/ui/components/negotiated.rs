//! What the user's negotiated discounts (`nd`) change, said on every
//! screen: each provider's percent, the prices its rule applies it to and
//! the ones left at list ([`negotiated_rule`]). The figures themselves say
//! "yours" or show the list price beside them where the screen has room.
use leptos::prelude::*;

use crate::domain::billing::rules::negotiated_rule;
use crate::domain::catalog::ProviderId;
use crate::domain::scenario::NegotiatedDiscounts;
use crate::ui::format;
use crate::ui::i18n::{fill, use_i18n, Locale, Msg};
use crate::ui::labels::provider_msg;
use crate::ui::state::AppState;

/// The kinds of price a provider's rule applies the discount to (`on`) or
/// leaves at list (`!on`), in the reader's language.
fn kinds(p: ProviderId, on: bool, loc: Locale) -> String {
    let r = negotiated_rule(p);
    let mut out = String::new();
    for (covered, m) in [
        (r.on_demand, Msg::NdOnDemand),
        (r.reservations, Msg::NdReservations),
        (r.savings_plans, Msg::NdSavingsPlans),
        (r.subscriptions, Msg::NdSubscriptions),
        (r.spot, Msg::NdSpot),
        (r.capacity_block, Msg::NdCapacityBlocks),
        (r.data, Msg::NdData),
    ] {
        if covered == on {
            if !out.is_empty() {
                out.push_str(if loc == Locale::ZhCn { "、" } else { ", " });
            }
            out.push_str(m.text(loc));
        }
    }
    out
}

/// The note, or "" without a negotiated discount.
pub fn note(nd: &NegotiatedDiscounts, loc: Locale) -> String {
    let mut items = String::new();
    for (p, d) in nd.iter() {
        if !items.is_empty() {
            items.push_str(" · ");
        }
        items.push_str(&fill(
            Msg::NdItem.text(loc),
            &[
                provider_msg(p).text(loc),
                &format::percent(d, loc),
                &kinds(p, true, loc),
                &kinds(p, false, loc),
            ],
        ));
    }
    if items.is_empty() {
        return items;
    }
    fill(Msg::NdNote.text(loc), &[&items])
}

/// Hidden without a discount; one text node (no view of its own: the
/// first load carries every view type, docs/SIZE.md).
#[component]
pub fn NegotiatedNote() -> impl IntoView {
    let state = expect_context::<AppState>();
    let i18n = use_i18n();
    view! {
        <p
            class="nd-note"
            data-testid="negotiated-note"
            role="status"
            hidden=move || state.link.with(|l| l.scenario.negotiated.is_empty())
        >
            {move || state.link.with(|l| note(&l.scenario.negotiated, i18n.locale.get()))}
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn the_note_names_each_discount_and_what_stays_at_list() {
        let mut nd = NegotiatedDiscounts::default();
        nd.set(ProviderId::Aws, Some(Decimal::from(8)));
        nd.set(ProviderId::Tencent, Some(Decimal::new(125, 1)));
        assert_eq!(
            note(&nd, Locale::En),
            "Your negotiated prices: AWS −8 % on pay-as-you-go, reservations, savings plans \
             (list price: subscriptions, spot, Capacity Blocks, data charges) · Tencent Cloud \
             −12.5 % on pay-as-you-go, subscriptions (list price: reservations, savings plans, \
             spot, Capacity Blocks, data charges). Each discount applies only where the \
             provider's billing documents say it does; every other figure is at list price."
        );
        assert!(note(&nd, Locale::ZhCn)
            .starts_with("您的协议价：AWS −8%：按量付费、预留实例、节省计划"));
        assert_eq!(note(&NegotiatedDiscounts::default(), Locale::En), "");
    }
}
