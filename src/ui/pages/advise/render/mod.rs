//! The advise screen's parts, made by the worker from the link (templates:
//! every value is escaped by `html!`): the three-step form with the link's
//! values ([`form`]) and the recommendation ([`advice`]: picks with their
//! score breakdown and reasons, what would change the answer, the ranking,
//! exclusions grouped by reason, relaxations, assumptions). Pure functions
//! of a link and a locale, tested natively.
mod advice;
mod form;
mod sentences;

use crate::domain::advise::{
    advise, advise_but_changes, advise_but_changes_kept, Advice, AdviceWork, ChangesSearch,
    KeptPool, Profile,
};
use crate::domain::catalog::Catalog;
use crate::domain::error::EngineError;
use crate::ui::html::Html;
use crate::ui::i18n::{Locale, WorkerMsg};
use crate::ui::link::{self, AppLink};
use crate::ui::pages::ctx::Ctx;
use sentences::R;

/// The three-step form with the link's values.
pub fn form(catalog: &Catalog, query: &str, locale: Locale) -> Html {
    let (l, _) = link::parse(query, catalog);
    form::form(&l, locale).into()
}

/// The whole recommendation for an app link, as one piece in page order
/// (what the screen shows once every part is in): `(None, [markup])`, or
/// the engine's error code with one empty piece when the engine fails.
pub fn advice(catalog: &Catalog, query: &str, locale: Locale) -> (Option<String>, Vec<Html>) {
    let (l, _) = link::parse(query, catalog);
    advice_for(catalog, &l, locale)
}

fn advice_for(catalog: &Catalog, l: &AppLink, locale: Locale) -> (Option<String>, Vec<Html>) {
    match advise(catalog, &l.scenario, &l.advise) {
        Err(e) => (Some(e.code().to_string()), vec![Html::new()]),
        Ok(a) => (None, vec![whole(&render(catalog, l, &a, locale))]),
    }
}

/// The three pieces of an advice in page order, as one.
fn whole(r: &R) -> Html {
    let mut h = advice::head(r);
    h.0.push_str(&advice::changes(r).0);
    h.0.push_str(&advice::tail(r).0);
    h.into()
}

/// An advice, kept by the worker for the part that follows it: the link
/// it was made for, the advice, and what its changes are found from.
pub struct KeptAdvice<'a> {
    query: String,
    link: AppLink,
    advice: Advice,
    work: AdviceWork<'a>,
}

impl<'a> KeptAdvice<'a> {
    /// The advice for an app link but what would change its answer;
    /// `pool`: the part of the last advice's pool its horizon does not
    /// change, used when made for the same inputs but the months (else
    /// made again there).
    fn new(
        catalog: &'a Catalog,
        query: &str,
        pool: Option<&mut Option<KeptPool<'a>>>,
    ) -> Result<KeptAdvice<'a>, EngineError> {
        let (link, _) = link::parse(query, catalog);
        let (advice, work) = match pool {
            Some(p) => advise_but_changes_kept(catalog, &link.scenario, &link.advise, p)?,
            None => advise_but_changes(catalog, &link.scenario, &link.advise)?,
        };
        Ok(KeptAdvice {
            query: query.to_string(),
            link,
            advice,
            work,
        })
    }
}

/// The recommendation for an app link but what would change its answer:
/// two pieces (the head: picks or relaxations and the profile's check; the
/// tail: ranking, exclusions, assumptions), or the engine's error code with
/// two empty pieces (the page keeps its last good result beside its own
/// message); and what [`ChangesJob`] continues from. `pool`: what the
/// worker keeps of the last advice's pool ([`KeptPool`]).
pub fn advice_but_changes<'a>(
    catalog: &'a Catalog,
    query: &str,
    locale: Locale,
    pool: &mut Option<KeptPool<'a>>,
) -> ((Option<String>, Vec<Html>), Option<KeptAdvice<'a>>) {
    match KeptAdvice::new(catalog, query, Some(pool)) {
        Err(e) => (
            (Some(e.code().to_string()), vec![Html::new(), Html::new()]),
            None,
        ),
        Ok(k) => {
            let r = render(catalog, &k.link, &k.advice, locale);
            let pieces = vec![advice::head(&r).into(), advice::tail(&r).into()];
            ((None, pieces), Some(k))
        }
    }
}

/// What would change the answer for an app link (one piece, empty when
/// nothing would), found a stage at a time ([`AdviceWork::changes_step`])
/// from the advice kept for the same link, else from a new one (made by
/// the first step); or the engine's error code with an empty piece. The
/// worker runs it between messages, so a newer request waits for one
/// stage, not the whole search.
pub struct ChangesJob<'a> {
    catalog: &'a Catalog,
    query: String,
    locale: Locale,
    kept: Option<Box<KeptAdvice<'a>>>,
    search: ChangesSearch<'a>,
}

impl<'a> ChangesJob<'a> {
    /// The search for `query`; `kept`: the last advice, used when it was
    /// made for the same link.
    pub fn new(
        catalog: &'a Catalog,
        query: &str,
        locale: Locale,
        kept: Option<Box<KeptAdvice<'a>>>,
    ) -> ChangesJob<'a> {
        ChangesJob {
            catalog,
            query: query.to_string(),
            locale,
            kept: kept.filter(|k| k.query == query),
            search: ChangesSearch::default(),
        }
    }

    /// One stage; the answer once the search is over.
    pub fn step(&mut self) -> Option<(Option<String>, Vec<Html>)> {
        let fail = |e: EngineError| Some((Some(e.code().to_string()), vec![Html::new()]));
        let Some(k) = self.kept.as_deref() else {
            return match KeptAdvice::new(self.catalog, &self.query, None) {
                Ok(k) => {
                    self.kept = Some(Box::new(k));
                    None
                }
                Err(e) => fail(e),
            };
        };
        match k.work.changes_step(&mut self.search) {
            Err(e) => fail(e),
            Ok(None) => None,
            Ok(Some(changes)) => {
                let a = Advice {
                    changes,
                    ..k.advice.clone()
                };
                let r = render(self.catalog, &k.link, &a, self.locale);
                Some((None, vec![advice::changes(&r).into()]))
            }
        }
    }
}

fn render<'a>(catalog: &'a Catalog, l: &'a AppLink, a: &'a Advice, locale: Locale) -> R<'a> {
    R {
        cx: Ctx {
            catalog,
            locale,
            currency: l.scenario.currency,
        },
        l,
        advice: a,
    }
}

/// An articles' profile, as its button and the comparison name it.
fn profile_msg(p: Profile) -> WorkerMsg {
    match p {
        Profile::Unlimited => WorkerMsg::AdvProfUnlimited,
        Profile::Domestic => WorkerMsg::AdvProfDomestic,
        Profile::GameMixed => WorkerMsg::AdvProfGame,
        Profile::Enterprise => WorkerMsg::AdvProfEnterprise,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::embedded::test_catalog;

    const B200: &str = "aws:us-east-1:p6-b200.48xlarge";
    /// The articles' "unlimited budget" profile, crafted (as in the e2e spec).
    const CRAFTED: &str = "v=2&screen=advise&gpus=8&use=llm&vpg=40&req=nvlink,rdma&risk=no&wc=10&wp=60&prof=unlimited";

    /// The recommendation's one piece, as text.
    fn advise_html(c: &Catalog, query: &str, locale: Locale) -> String {
        let (error, pieces) = advice(c, query, locale);
        assert_eq!(error, None, "{query}");
        assert_eq!(pieces.len(), 1);
        pieces[0].as_str().to_string()
    }

    fn form_html(c: &Catalog, query: &str, locale: Locale) -> String {
        form(c, query, locale).as_str().to_string()
    }

    /// The markup from the first `from` on, up to the `to` after it.
    fn cut<'a>(h: &'a str, from: &str, to: &str) -> &'a str {
        let i = h.find(from).unwrap_or_else(|| panic!("{from} in {h}"));
        let j = h[i..].find(to).map_or(h.len(), |j| i + j + to.len());
        &h[i..j]
    }

    /// An advice the test changed, rendered.
    fn render_advice(c: &Catalog, query: &str, change: impl Fn(&mut Advice)) -> String {
        let (l, _) = link::parse(query, c);
        let mut a = advise(c, &l.scenario, &l.advise).unwrap();
        change(&mut a);
        let r = R {
            cx: Ctx {
                catalog: c,
                locale: Locale::En,
                currency: l.scenario.currency,
            },
            l: &l,
            advice: &a,
        };
        whole(&r).as_str().to_string()
    }

    #[test]
    fn form_shows_the_links_values_and_every_step() {
        let c = test_catalog();
        let f = form_html(
            c,
            "v=2&screen=advise&gpus=8&vpg=80&req=nvlink,sla&res=cn&wc=70",
            Locale::En,
        );
        for id in [
            "advise-step1",
            "advise-step2",
            "advise-step3",
            "adv-preset-domestic",
        ] {
            assert!(f.contains(id), "{id}");
        }
        assert!(f.contains("name=\"vpg\" data-testid=\"adv-vpg\" inputmode=\"decimal\" autocomplete=\"off\" value=\"80\""));
        assert!(f.contains("value=\"nvlink\" data-testid=\"adv-req-nvlink\" checked"));
        assert!(!f.contains("value=\"rdma\" data-testid=\"adv-req-rdma\" checked"));
        assert!(f.contains("<option value=\"cn\" selected>"));
        let zh = form_html(c, "v=2&screen=advise", Locale::ZhCn);
        assert!(zh.contains("场景"));
    }

    #[test]
    fn every_select_box_and_preset_shows_the_link() {
        let c = test_catalog();
        let f = form_html(
            c,
            "v=2&screen=advise&cur=CNY&bud=12000cny&budk=t&m=36&h=200&load=bursty&risk=mix&mix=30&si=5&fw=paddle&mlp=pai&prof=game&use=job&wr=0",
            Locale::En,
        );
        let sel = |key: &str| cut(&f, &format!("name=\"{key}\""), "</select>").to_string();
        assert!(sel("use").contains("<option value=\"job\" selected>"));
        assert!(!sel("use").contains("<option value=\"\" selected>"));
        assert!(sel("budk").contains("<option value=\"t\" selected>"));
        assert!(sel("load").contains("<option value=\"bursty\" selected>"));
        assert!(sel("risk").contains("<option value=\"mix\" selected>"));
        assert!(sel("fw").contains("<option value=\"paddle\" selected>PaddlePaddle<"));
        assert!(sel("mlp").contains("<option value=\"pai\" selected>Alibaba PAI<"));
        // the currency the advice is shown in (the link's `cur`)
        assert!(sel("cur").contains("<option value=\"CNY\" selected>CNY ¥<"));
        assert_eq!(f.matches(" selected").count(), 8, "one per select");
        let value = |key: &str| {
            let input = cut(&f, &format!("<input name=\"{key}\""), ">");
            cut(input, "value=\"", "\" ").to_string()
        };
        for (key, v) in [
            ("bud", "12000"),
            ("m", "36"),
            ("h", "200"),
            ("mix", "30"),
            ("si", "5"),
            ("wr", "0"),
            ("vpg", ""),
        ] {
            assert_eq!(value(key), format!("value=\"{v}\" "), "{key}");
        }
        // the budget's label names its currency; its error line its key
        assert!(f.contains("<span>Budget (¥)</span>"), "{f}");
        assert!(f.contains("id=\"adv-err-bud\" data-err-for=\"bud\""));
        assert!(f.contains("aria-describedby=\"adv-hint-bud adv-err-bud\""));
        assert!(f.contains("data-testid=\"adv-preset-game\" aria-pressed=\"true\""));
        assert_eq!(f.matches("aria-pressed=\"false\"").count(), 3);
        // no scenario: the empty first option is chosen
        let d = form_html(c, "v=2&screen=advise", Locale::En);
        assert!(cut(&d, "name=\"use\"", "</select>").contains("<option value=\"\" selected>"));
        assert!(cut(&d, "name=\"fw\"", "</select>").contains("<option value=\"\" selected>"));
    }

    #[test]
    fn every_number_box_has_its_link_keys_bounds_as_its_hint() {
        use form::{STEP1_NUMBERS, STEP2_NUMBERS, STEP3_NUMBERS};
        for b in STEP1_NUMBERS
            .iter()
            .chain(STEP2_NUMBERS)
            .chain(STEP3_NUMBERS)
        {
            assert!(link::bounds_of(b.key).is_some(), "{}", b.key);
        }
        let f = form_html(test_catalog(), "v=2&screen=advise", Locale::En);
        assert_eq!(
            f.matches("<small class=\"hint\" id=\"adv-hint-").count(),
            12
        );
        assert!(f.contains("id=\"adv-hint-gpus\">allowed: 1–4,096<"), "{f}");
        assert!(f.contains("id=\"adv-hint-si\">allowed: 0–99.99<"));
        assert!(f.contains("id=\"adv-hint-bud\">allowed: &gt; 0<"));
    }

    #[test]
    fn results_name_picks_reasons_and_exclusions_escaped() {
        let c = test_catalog();
        let h = advise_html(
            c,
            "v=2&screen=advise&gpus=8&vpg=80&req=nvlink&res=intl",
            Locale::En,
        );
        assert!(h.matches("data-testid=\"advise-pick\"").count() == 3, "{h}");
        assert!(h.contains("data-testid=\"advise-excluded\""));
        assert!(h.contains("data-reason=\"residency\"") || h.contains("data-reason=\"memory\""));
        assert!(h.contains("screen=plan"));
        assert!(!h.contains("<script"));
        let none = advise_html(c, "v=2&screen=advise&vpg=500&res=cn", Locale::ZhCn);
        assert!(none.contains("data-testid=\"advise-relax\""), "{none}");
    }

    /// Issue 49, point 1: a pick at your negotiated price says so and names
    /// the documents the provider's rule rests on by their titles (the
    /// addresses are in the CLI's JSON and docs/PRICING.md: on a phone the
    /// address wrapped over lines).
    #[test]
    fn a_negotiated_pick_names_its_documents_by_title() {
        let c = test_catalog();
        let q = "v=2&screen=advise&p=aws&gpus=8&vpg=80&m=12&nd=aws:8";
        let en = advise_html(c, q, Locale::En);
        let top = cut(&en, "<li class=\"pick\"", "</p></li>");
        let reasons = cut(top, "data-testid=\"advise-reasons\">", "</ul>");
        assert!(
            reasons.contains(
                "At your negotiated price: your discount applies to this billing model, as AWS \
                 Data Exports user guide, &quot;Discount columns&quot; and &quot;Reservation \
                 columns&quot; states."
            ),
            "{reasons}"
        );
        assert!(!reasons.contains("docs.aws.amazon.com"), "{reasons}");
    }

    /// Issue 47, point 12: an AWS China pick says it needs a separate AWS
    /// China account run by the local partner and an ICP filing for a
    /// public site, citing the AWS fact's source; point 5: an Azure
    /// reservation paid monthly says it is derived, citing Microsoft.
    #[test]
    fn china_picks_and_monthly_reservations_say_so_with_their_source() {
        let c = test_catalog();
        let title = c.source_title("aws-cn-icp");
        assert!(title.starts_with("AWS blog"), "{title}");
        let q = "v=2&screen=advise&p=aws&res=cn";
        let en = advise_html(c, q, Locale::En);
        let top = cut(&en, "<li class=\"pick\"", "</p></li>");
        assert!(top.contains("data-offer=\"aws:cn-"), "{top}");
        let reasons = cut(top, "data-testid=\"advise-reasons\">", "</ul>");
        assert!(
            reasons.contains("separate AWS China account")
                && reasons.contains("ICP filing")
                && reasons.contains(&format!("{title}, 2026-11-30")),
            "{reasons}"
        );
        let zh = advise_html(c, q, Locale::ZhCn);
        assert!(zh.contains("单独的 AWS 中国区账号") && zh.contains("ICP 备案"));
        let us = advise_html(c, "v=2&screen=advise&p=aws&r=aws:us-east-1", Locale::En);
        assert!(!us.contains("AWS China account"));

        let q = "v=2&screen=advise&p=azure&gpu=a100-80-sxm&r=azure:eastus&m=36&bud=15000usd";
        let en = advise_html(c, q, Locale::En);
        let reasons = cut(&en, "data-testid=\"advise-reasons\">", "</ul>");
        assert!(
            reasons.contains("Paid in equal monthly payments")
                && reasons.contains("Purchase reservations with monthly payments"),
            "{reasons}"
        );
        assert!(advise_html(c, q, Locale::ZhCn).contains("按月等额付款"));
    }

    #[test]
    fn a_pick_says_its_strategy_figures_scores_reasons_and_opens_elsewhere() {
        let c = test_catalog();
        let h = advise_html(c, CRAFTED, Locale::En);
        assert!(
            h.starts_with("<div class=\"advise-out\" data-testid=\"advise-out\" data-feasible=\"")
        );
        assert!(h.contains("<h3>Top picks over 12 months</h3><ol class=\"picks\">"));
        let top = cut(&h, "<li class=\"pick\"", "</p></li>");
        assert!(top.contains(&format!("data-offer=\"{B200}\"")), "{top}");
        assert!(top.contains("<h4><span class=\"rank\">#1</span> AWS p6-b200.48xlarge"));
        let strategy = cut(top, "data-testid=\"advise-strategy\">", "</p>");
        assert!(strategy.contains("1 instance(s), 8 GPUs"), "{strategy}");
        assert!(cut(top, "data-testid=\"advise-figures\">", "</p>").contains("Decision cost $"));
        let scores = cut(top, "<table class=\"scores\"", "</table>");
        assert_eq!(scores.matches("<tr>").count(), 4);
        assert_eq!(
            scores
                .matches("<meter min=\"0\" max=\"100\" value=\"")
                .count(),
            4
        );
        assert!(
            scores.contains("<td class=\"num weight\">weight 60</td>"),
            "{scores}"
        );
        let reasons = cut(top, "data-testid=\"advise-reasons\">", "</ul>");
        assert!(
            reasons.contains("GB per GPU") && reasons.contains("RDMA"),
            "{reasons}"
        );
        let open = cut(top, "<p class=\"open\">", "</p>");
        assert!(open.contains("screen=plan") && open.contains("data-testid=\"advise-open-plan\""));
        assert!(
            open.contains("sel=aws:us-east-1:p6-b200.48xlarge"),
            "{open}"
        );
        assert!(open.contains("gpus=8") && open.contains("data-testid=\"advise-open-compare\""));
        assert!(!open.contains("screen=advise"));
    }

    #[test]
    fn the_articles_pick_what_would_change_the_ranking_and_the_assumptions() {
        let c = test_catalog();
        let h = advise_html(c, CRAFTED, Locale::En);
        let profile = cut(&h, "<section class=\"profile\"", "</section>");
        assert!(profile.contains("data-agrees=\"false\""));
        assert!(profile.contains("The articles pick AWS p4d"), "{profile}");
        assert!(profile.contains("it loses most on Performance"));
        assert!(cut(&h, "data-testid=\"advise-changes\"", "</section>").contains("A budget below"));
        let ranked = cut(&h, "data-testid=\"advise-ranked\"", "</section>");
        assert!(ranked.contains("<th scope=\"col\">#</th>"));
        assert_eq!(
            ranked.matches("<th class=\"num\" scope=\"col\">").count(),
            6
        );
        let first = cut(ranked, "<tr data-offer=", "</tr>");
        assert!(
            first.starts_with(&format!(
                "<tr data-offer=\"{B200}\"><td>1</td><th scope=\"row\">AWS p6-b200.48xlarge"
            )),
            "{first}"
        );
        assert_eq!(first.matches("<td class=\"num\">").count(), 6);
        let notes = cut(&h, "data-testid=\"advise-notes\"", "</section>");
        assert!(
            notes.contains("<li>Weights cost 10, performance 60,"),
            "{notes}"
        );
        assert!(notes.contains("How the scores are made"));
        assert!(!notes.contains("class=\"warn\""));
    }

    #[test]
    fn contradictions_explain_and_offer_the_nearest_relaxation() {
        let c = test_catalog();
        let h = advise_html(c, "v=2&screen=advise&res=cn&vpg=500", Locale::En);
        assert!(!h.contains("advise-pick") && !h.contains("advise-ranked"));
        let relax = cut(
            &h,
            "<section class=\"relax\" data-testid=\"advise-relax\" role=\"status\">",
            "</section>",
        );
        assert!(relax.contains("No offer meets every constraint"), "{relax}");
        let memory = cut(
            relax,
            "<li data-testid=\"advise-relaxation\" data-drop=\"memory\">",
            "</li>",
        );
        assert!(memory.contains("lower the memory per GPU"), "{memory}");
        let ex = cut(&h, "data-testid=\"advise-excluded\"", "</section>");
        let residency = cut(ex, "<li data-reason=\"residency\">", "</li>");
        assert!(
            residency.contains("<strong>") && residency.contains(" offer(s) <span class=\"hint\">"),
            "{residency}"
        );
        // two constraints at once, with the budget they need
        let two = advise_html(c, "v=2&screen=advise&res=cn&vpg=500&bud=1cny", Locale::En);
        assert!(two.contains("data-drop=\"memory,budget\""), "{two}");
    }

    #[test]
    fn zero_weights_a_budget_and_a_job_are_stated() {
        let c = test_catalog();
        let z = advise_html(c, "v=2&screen=advise&wc=0&wp=0&we=0&wr=0", Locale::En);
        assert!(
            z.contains("<li class=\"warn\" data-testid=\"advise-weights-fallback\">"),
            "{z}"
        );
        assert_eq!(z.matches("data-testid=\"advise-pick\"").count(), 3);
        let b = advise_html(
            c,
            "v=2&screen=advise&use=llm&gpus=8&vpg=80&req=nvlink,rdma&bud=50000usd",
            Locale::En,
        );
        assert!(b.contains("<li data-reason=\"budget\">"), "{b}");
        assert!(b.contains("$50,000.00 per month"));
        let j = advise_html(c, "v=2&screen=advise&use=job&jk=resnet50", Locale::En);
        assert!(cut(&j, "data-testid=\"advise-reasons\"", "</ul>").contains("The job takes"));
        assert!(j.contains("Costs are per job"));
        assert!(j.contains("<li data-reason=\"no_throughput\">"));
        // a job's picks are the job's: no horizon in the title, no month
        // figure equal to the whole job
        assert!(j.contains("<h3>Top picks for this job</h3>"), "{j}");
        let figures = cut(&j, "data-testid=\"advise-figures\">", "</p>");
        assert!(
            figures.contains(">Decision cost of the whole job $"),
            "{figures}"
        );
        assert!(!figures.contains("per month"), "{figures}");
        assert!(!j.contains("Top picks over"));
    }

    #[test]
    fn the_same_offer_elsewhere_and_no_relaxation_are_said() {
        let c = test_catalog();
        let same = render_advice(c, CRAFTED, |a| {
            let others: Vec<_> = c.offers.iter().take(5).map(|o| o.id.clone()).collect();
            a.picks[0].same_elsewhere = others;
        });
        let reasons = cut(&same, "data-testid=\"advise-reasons\">", "</li>");
        assert!(
            reasons.contains("The same GPUs at the same price and way of paying: "),
            "{reasons}"
        );
        assert!(reasons.contains(&format!("{}; ", labels_name(c, 0))));
        assert!(!reasons.contains(&labels_name(c, 3)));
        let none = render_advice(c, "v=2&screen=advise&res=cn&vpg=500", |a| {
            a.relaxations.clear()
        });
        assert!(cut(&none, "data-testid=\"advise-relax\"", "</ul>")
            .contains("<li>No change of one or two constraints admits an offer"));
    }

    fn labels_name(c: &Catalog, i: usize) -> String {
        crate::ui::labels::offer_name(c, &c.offers[i].id, Locale::En)
    }

    #[test]
    fn chinese_and_the_display_currency() {
        let c = test_catalog();
        let h = advise_html(
            c,
            "v=2&screen=advise&cur=CNY&prof=domestic&res=cn&req=icp",
            Locale::ZhCn,
        );
        assert!(cut(&h, "data-testid=\"advise-profile\"", "</section>").contains("文章推荐"));
        assert!(h.contains("决策成本 ¥"), "{h}");
        assert!(h.contains("data-offer=\"tencent:"));
        let f = form_html(c, "v=2&screen=advise&cur=CNY", Locale::ZhCn);
        assert!(f.contains("场景匹配") && f.contains("允许范围："));
    }

    #[test]
    fn catalog_text_is_escaped() {
        let mut c = test_catalog().clone();
        for o in &mut c.offers {
            o.instance_type.push_str("<script>x</script>\"");
        }
        for s in &mut c.sources {
            s.title = "<img src=x onerror=alert(1)>".into();
        }
        let h = advise_html(&c, CRAFTED, Locale::En);
        assert!(!h.contains("<script") && !h.contains("<img"), "{h}");
        assert!(h.contains("&lt;script&gt;x&lt;/script&gt;&quot;"));
        assert!(h.contains("&lt;img src=x onerror=alert(1)&gt;"));
    }

    #[test]
    fn an_engine_failure_is_its_code_and_one_empty_piece() {
        let c = test_catalog();
        let (mut l, _) = link::parse(CRAFTED, c);
        l.scenario.min_gpus = 0;
        let (error, pieces) = advice_for(c, &l, Locale::En);
        assert_eq!(error.as_deref(), Some("invalid_scenario"));
        assert_eq!(pieces, vec![Html::new()]);
    }
}
