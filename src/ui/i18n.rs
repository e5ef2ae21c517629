//! Compile-time-checked translations (zh-CN / en).
//!
//! Every message is declared once in the `messages!` table with both
//! translations; the macro makes a missing translation a compile error and
//! every key an enum variant, so a typo cannot reach the browser. Messages
//! with parameters use `{0}`, `{1}` placeholders filled by [`fill`].
//! (A hand-rolled table instead of leptos_i18n: same compile-time guarantee,
//! no proc-macro build cost, and a smaller first-load bundle.)

use leptos::prelude::*;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locale {
    En,
    ZhCn,
}

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::ZhCn, Locale::En];

    /// BCP 47 tag, used for `<html lang>` and number formatting.
    pub fn tag(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::ZhCn => "zh-CN",
        }
    }

    /// The locale's own name, shown in the language switch.
    pub fn endonym(self) -> &'static str {
        match self {
            Locale::En => "English",
            Locale::ZhCn => "简体中文",
        }
    }

    pub fn from_tag(tag: &str) -> Option<Locale> {
        let t = tag.trim().to_ascii_lowercase();
        if t.starts_with("zh") {
            Some(Locale::ZhCn)
        } else if t.starts_with("en") {
            Some(Locale::En)
        } else {
            None
        }
    }
}

macro_rules! messages {
    ($($key:ident => $en:expr, $zh:expr;)+) => {
        /// Every visible string of the UI.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Msg { $($key,)+ }

        impl Msg {
            pub const ALL: &'static [Msg] = &[$(Msg::$key,)+];

            pub fn text(self, locale: Locale) -> &'static str {
                match (self, locale) {
                    $((Msg::$key, Locale::En) => $en,
                      (Msg::$key, Locale::ZhCn) => $zh,)+
                }
            }
        }
    };
}

messages! {
    AppTitle => "GPU Cloud Cost Calculator", "GPU 云成本计算器";
    AppTagline => "Sourced prices of AWS, Azure, Alibaba Cloud and Tencent Cloud GPU offers, computed in your browser.",
        "AWS、Azure、阿里云、腾讯云 GPU 实例的有出处价格，全部在浏览器中计算。";
    Language => "Language", "语言";
    DatasetVersion => "Dataset", "数据集";
    AsOf => "as of", "截至";
    DataSources => "Data sources", "数据来源";
    DataSourcesIntro => "Every price and spec in this calculator comes from one of these sources. Secondary sources are marked; figures we could not source are left blank.",
        "本计算器中的每个价格和规格都来自以下来源之一。二手来源已标注；找不到来源的数字留空。";
    SourceKindPrimary => "vendor", "厂商";
    SourceKindAggregator => "aggregator", "聚合数据";
    SourceKindSecondary => "secondary", "二手来源";
    SourceKindDerived => "derived", "推算";
    OffersPerProvider => "Offers per provider", "各云厂商实例数";
    OffersTotal => "{0} offers, {1} with a sourced price", "共 {0} 个实例，其中 {1} 个有来源价格";
    ProviderAws => "AWS", "AWS";
    ProviderAzure => "Azure", "Azure";
    ProviderAlibaba => "Alibaba Cloud", "阿里云";
    ProviderTencent => "Tencent Cloud", "腾讯云";
    FooterNote => "Prices change; each figure shows its source and date. Not affiliated with any provider.",
        "价格会变动；每个数字都标明来源和日期。本工具与任何云厂商无关。";
    FooterSourcesLink => "Where the data comes from", "数据从哪里来";
    Dismiss => "Dismiss", "关闭";
}

/// Fill `{0}`, `{1}`, … placeholders.
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), a);
    }
    out
}

/// The active locale, provided as context by the app.
#[derive(Debug, Clone, Copy)]
pub struct I18n {
    pub locale: RwSignal<Locale>,
}

const STORAGE_KEY: &str = "gpucost.lang";

impl I18n {
    /// Locale from local storage, else the browser's language, else English.
    pub fn new() -> I18n {
        let stored = local_storage()
            .and_then(|s| s.get_item(STORAGE_KEY).ok().flatten())
            .and_then(|t| Locale::from_tag(&t));
        let browser = web_sys::window()
            .and_then(|w| w.navigator().language())
            .and_then(|t| Locale::from_tag(&t));
        let locale = stored.or(browser).unwrap_or(Locale::En);
        set_html_lang(locale);
        I18n {
            locale: RwSignal::new(locale),
        }
    }

    /// Reactive translation: re-runs when the locale changes.
    pub fn t(self, msg: Msg) -> &'static str {
        msg.text(self.locale.get())
    }

    pub fn set(self, locale: Locale) {
        self.locale.set(locale);
        set_html_lang(locale);
        if let Some(s) = local_storage() {
            let _ = s.set_item(STORAGE_KEY, locale.tag());
        }
    }
}

impl Default for I18n {
    fn default() -> Self {
        I18n::new()
    }
}

pub fn use_i18n() -> I18n {
    use_context::<I18n>().unwrap_or_default()
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn set_html_lang(locale: Locale) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = el.set_attribute("lang", locale.tag());
    }
}
