//! The plan screen's rules for what is planned: which offers (picked here
//! or on the compare screen, shared as `sel`) and which billing models
//! (`bm`, empty = all). Pure: tested natively.
use crate::domain::catalog::{Catalog, Offer, OfferId};
use crate::domain::job::{JobKind, JobSpec};
use crate::domain::scenario::narrow::text_hit;
use crate::domain::scenario::BillingModel;
use crate::ui::html::Html;
use crate::ui::i18n::Locale;
use crate::ui::labels::offer_name;

/// Most offers the picker lists for one search.
pub const PICK_LIMIT: usize = 8;

/// Offers whose text contains every word of `query` (ASCII case folded),
/// not already selected, in catalog order; none for an empty query.
pub fn candidates<'a>(catalog: &'a Catalog, query: &str, selected: &[OfferId]) -> Vec<&'a Offer> {
    let needle = query.trim().to_ascii_lowercase();
    if needle.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for o in &catalog.offers {
        if selected.contains(&o.id) {
            continue;
        }
        let gpu = catalog.gpu(&o.gpu);
        let region = catalog.region(o.provider, &o.region);
        if needle
            .split_whitespace()
            .all(|w| text_hit(o, gpu, region, w))
        {
            out.push(o);
            if out.len() == PICK_LIMIT {
                break;
            }
        }
    }
    out
}

/// The picked offers as chips, each with a remove button (`data-act="rm"`).
pub fn chips_html(catalog: &Catalog, selected: &[OfferId], remove: &str, loc: Locale) -> Html {
    let mut out = Html::new();
    for id in selected {
        let label = offer_name(catalog, id, loc);
        out.raw("<li>")
            .text(&label)
            .raw("<button type=\"button\" class=\"chip-x\" data-act=\"rm\"")
            .attr("data-offer", id)
            .attr("aria-label", &format!("{remove} {label}"))
            .raw(">×</button></li>");
    }
    out
}

/// The offers a search finds, each an add button (`data-act="add"`).
pub fn candidates_html(catalog: &Catalog, query: &str, selected: &[OfferId], loc: Locale) -> Html {
    let mut out = Html::new();
    for o in candidates(catalog, query, selected) {
        out.raw("<li><button type=\"button\" class=\"link\" data-act=\"add\"")
            .attr("data-offer", &o.id)
            .raw(">+ ")
            .text(&offer_name(catalog, &o.id, loc))
            .raw("</button></li>");
    }
    out
}

/// Switch the job's kind (None: no job). The model size and the scaling
/// efficiency carry over (they mean the same for every kind that uses
/// them); the rest is the new kind's own, so its defaults apply.
pub fn switch_job(old: Option<JobSpec>, kind: Option<JobKind>) -> Option<JobSpec> {
    let mut j = JobSpec::new(kind?);
    if let Some(o) = old {
        if o.kind == j.kind {
            return Some(o);
        }
        j.params_b = o.params_b;
        j.scaling_pct = o.scaling_pct;
    }
    Some(j)
}

/// Is a billing model planned? An empty list means every model.
pub fn model_on(models: &[BillingModel], m: BillingModel) -> bool {
    models.is_empty() || models.contains(&m)
}

/// Tick or untick a model. Unticking from "all" keeps the others; ticking
/// the last missing one stores "all" as nothing (short links); unticking
/// the only one left keeps it (a plan needs a model).
pub fn toggle_model(models: &[BillingModel], m: BillingModel, on: bool) -> Vec<BillingModel> {
    let mut next: Vec<BillingModel> = BillingModel::ALL
        .into_iter()
        .filter(|x| if *x == m { on } else { model_on(models, *x) })
        .collect();
    if next.is_empty() {
        next.push(m);
    }
    if next.len() == BillingModel::ALL.len() {
        next.clear();
    }
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picker_finds_offers_by_every_word_and_skips_the_selected() {
        let c = crate::domain::embedded::test_catalog();
        let found = candidates(c, "p4d us-east-1", &[]);
        assert!(!found.is_empty());
        assert!(found
            .iter()
            .all(|o| o.instance_type.contains("p4d") && o.region == "us-east-1"));
        let first = found[0].id.clone();
        let again = candidates(c, "p4d us-east-1", std::slice::from_ref(&first));
        assert!(again.iter().all(|o| o.id != first));
        assert!(candidates(c, "   ", &[]).is_empty());
        assert!(candidates(c, "a100", &[]).len() <= PICK_LIMIT);
        assert!(candidates(c, "no-such-offer-anywhere", &[]).is_empty());
        let html = candidates_html(c, "p4d us-east-1", &[], Locale::En);
        let html = html.as_str();
        assert!(
            html.contains(&format!("data-act=\"add\" data-offer=\"{first}\"")),
            "{html}"
        );
        // offers are named as everywhere: provider, instance, region
        assert!(
            html.contains("p4d.24xlarge · US East (N. Virginia)"),
            "{html}"
        );
        let chips = chips_html(c, std::slice::from_ref(&first), "Remove <x>", Locale::En);
        let chips = chips.as_str();
        assert!(
            chips.contains("data-act=\"rm\"") && chips.contains("Remove &lt;x&gt;"),
            "{chips}"
        );
    }

    #[test]
    fn switching_the_job_keeps_what_means_the_same() {
        let mut j = JobSpec::new(JobKind::LlmTrain);
        j.params_b = Some(rust_decimal::Decimal::from(70));
        j.tokens_b = Some(rust_decimal::Decimal::from(2000));
        let s = switch_job(Some(j.clone()), Some(JobKind::LlmServe)).unwrap();
        assert_eq!(
            (s.kind, s.params_b, s.tokens_b),
            (JobKind::LlmServe, j.params_b, None)
        );
        assert_eq!(
            switch_job(Some(j.clone()), Some(JobKind::LlmTrain)),
            Some(j.clone())
        );
        assert_eq!(switch_job(Some(j), None), None);
        assert_eq!(
            switch_job(None, Some(JobKind::Resnet50)),
            Some(JobSpec::new(JobKind::Resnet50))
        );
    }

    #[test]
    fn model_toggles_keep_short_links_and_never_empty_a_plan() {
        use BillingModel::*;
        assert!(model_on(&[], Spot));
        let without_spot = toggle_model(&[], Spot, false);
        assert_eq!(without_spot.len(), BillingModel::ALL.len() - 1);
        assert!(!model_on(&without_spot, Spot));
        assert!(toggle_model(&without_spot, Spot, true).is_empty());
        assert_eq!(toggle_model(&[OnDemand], OnDemand, false), vec![OnDemand]);
        assert_eq!(
            toggle_model(&[OnDemand], Ri1No, true),
            vec![OnDemand, Ri1No]
        );
    }
}
