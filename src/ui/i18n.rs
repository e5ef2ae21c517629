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

        /// [en, zh-CN] per message, in declaration order (a table, not a
        /// match: smaller code in the wasm bundle).
        const TEXTS: &[[&str; 2]] = &[$([$en, $zh],)+];

        impl Msg {
            pub const ALL: &'static [Msg] = &[$(Msg::$key,)+];

            pub fn text(self, locale: Locale) -> &'static str {
                let i = match locale {
                    Locale::En => 0,
                    Locale::ZhCn => 1,
                };
                TEXTS[self as usize][i]
            }
        }
    };
}

messages! {
    AppTitle => "GPU Cloud Cost Calculator", "GPU 云成本计算器";
    AppTagline => "Sourced prices of AWS, Azure, Alibaba Cloud and Tencent Cloud GPU offers, computed in your browser.",
        "AWS、Azure、阿里云、腾讯云 GPU 实例的有出处价格，全部在浏览器中计算。";
    Share => "Share link", "分享链接";
    Language => "Language", "语言";
    DatasetVersion => "Dataset", "数据集";
    AsOf => "as of", "截至";
    DataSources => "Data sources", "数据来源";
    NavCompare => "Compare offers", "比较实例";
    NavLabel => "Screens", "页面";
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
    // Compare screen: controls
    Filters => "Filters", "筛选";
    Providers => "Providers", "云厂商";
    RegionGroups => "Region group", "地域分组";
    GroupCn => "Mainland China", "中国大陆";
    GroupApac => "Asia-Pacific", "亚太";
    GroupAmer => "Americas", "美洲";
    GroupEu => "Europe", "欧洲";
    Region => "Region", "地域";
    AllRegions => "All regions", "全部地域";
    GpuModel => "GPU model", "GPU 型号";
    AnyGpu => "Any GPU", "任意 GPU";
    MinGpus => "Min GPUs per instance", "每实例最少 GPU 数";
    MinVram => "Min total VRAM (GB)", "最少显存总量 (GB)";
    MaxPrice => "Max price per hour ({0})", "每小时最高价 ({0})";
    Search => "Search", "搜索";
    SearchPlaceholder => "e.g. p4d, A100, tokyo", "例如 p4d、A100、上海";
    HoursPerMonth => "Hours per month", "每月使用小时数";
    Months => "Months (horizon)", "月数（时间范围）";
    TimeUnit => "Prices per", "价格单位";
    PerHour => "hour", "小时";
    PerDay => "day (24 h)", "天 (24 小时)";
    PerMonth => "month (730 h)", "月 (730 小时)";
    PerYear => "year (8,760 h)", "年 (8760 小时)";
    TflopsBasis => "TFLOPS basis", "算力口径";
    TflopsFp16 => "FP16/BF16 tensor, dense", "FP16/BF16 张量（稠密）";
    TflopsTf32 => "TF32 tensor, dense", "TF32 张量（稠密）";
    TflopsFp32 => "FP32 (non-tensor)", "FP32（非张量）";
    Currency => "Currency", "货币";
    FxRate => "CNY per USD", "人民币/美元汇率";
    FxDefaultHint => "default {0}, {1}", "默认 {0}，{1}";
    Columns => "Columns", "显示列";
    ClearFilters => "Clear filters", "清除筛选";
    // Compare screen: table
    ColSelect => "Compare", "对比";
    ColProvider => "Provider", "云厂商";
    ColRegion => "Region", "地域";
    ColType => "Instance", "实例规格";
    ColGpu => "GPU", "GPU";
    ColGpus => "GPUs", "GPU 数";
    ColVram => "VRAM (GB)", "显存 (GB)";
    ColVcpu => "vCPU", "vCPU";
    ColRam => "RAM (GiB)", "内存 (GiB)";
    ColHourly => "Price", "价格";
    ColGpuh => "Per GPU", "每 GPU";
    ColTflopsh => "Per TFLOPS", "每 TFLOPS";
    ColVramh => "Per GB VRAM", "每 GB 显存";
    ColSpot => "Spot / preemptible", "竞价 / 抢占式";
    ColCommit => "Best commitment", "最优承诺价";
    ColMonthly => "Monthly ({0} h)", "每月（{0} 小时）";
    UnitH => "h", "小时";
    UnitD => "day", "天";
    UnitM => "mo", "月";
    UnitY => "yr", "年";
    PerUnit => "{0} /{1}", "{0}/{1}";
    SelectOffer => "Select {0} for comparison", "选择 {0} 进行对比";
    ShowingOffers => "{0} of {1} offers", "显示 {0} / {1} 个实例";
    PageOf => "Page {0} of {1}", "第 {0} / {1} 页";
    PrevPage => "Previous", "上一页";
    NextPage => "Next", "下一页";
    SortBy => "Sort by {0}", "按{0}排序";
    NoSourcedPrice => "no sourced price — enter yours", "无来源价格——请输入您的价格";
    UserPriceLabel => "Your price per hour for {0} ({1})", "您为 {0} 输入的每小时价格 ({1})";
    UserPriceTag => "your price", "您的价格";
    IndicativeTag => "indicative", "参考价";
    AssumedTag => "assumed", "假设";
    SourceTip => "Source: {0} · as of {1}", "来源：{0} · 截至 {1}";
    UserPriceTip => "Price entered by you; kept in the link", "您输入的价格，保存在链接中";
    HistoryTip => "Older figure: {0}", "旧数据：{0}";
    EmptyTitle => "No offer matches these filters.", "没有符合这些条件的实例。";
    EmptyRelaxVram => "Relax min VRAM", "放宽显存要求";
    EmptyRelaxGpus => "Relax min GPUs", "放宽 GPU 数量要求";
    EmptyRelaxPrice => "Remove max price", "取消最高价限制";
    EmptyClearSearch => "Clear search", "清除搜索";
    // Compare panel
    CompareTitle => "Compare selected ({0})", "对比所选（{0}）";
    CompareHint => "Tick 2–6 offers in the table to compare them side by side.", "在表格中勾选 2–6 个实例即可并排对比。";
    CompareClear => "Clear selection", "清除选择";
    CompareTooMany => "At most 6 offers can be compared.", "最多可对比 6 个实例。";
    CompareTotals => "Cost of the decision, per instance, for a period of {0} mo at {1} h/month: paid in the period plus any commitment still owed after it", "决策总成本（每实例，{0} 个月，每月 {1} 小时）：期内支付加上期满后仍需支付的承诺费用";
    CompareSpecs => "Specs", "规格";
    CompareHourlyOd => "On-demand per hour", "按需每小时";
    CompareBestNote => "Green = best value in the row.", "绿色 = 该行最优值。";
    CompareSpotBasis => "Spot and mix rows are expected costs (an estimate): {0}, a checkpoint every {1} min, {2} min lost per restart, {3} % of hours on spot; spot priced at the middle of its sourced range.",
        "竞价与混合两行为期望成本（估算）：{0}，每 {1} 分钟保存一次检查点，每次重启损失 {2} 分钟，{3}% 的时长使用竞价实例；竞价价格取其来源价格区间的中点。";
    SpotRateMonthly => "{0} % of instances interrupted per month (≈ {1} interruptions per instance-hour)", "每月 {0}% 的实例被中断（约每实例小时 {1} 次中断）";
    SpotRateHourly => "{0} interruptions per 100 instance-hours", "每 100 实例小时中断 {0} 次";
    CompareCommitNote => "Commitments are charged for every hour of their term and cover every hour used; a term that ends after the period is counted in full, so a contract ranks the same whether paid upfront or monthly.", "承诺类计费按整个期限的每个小时收费，并覆盖所有使用时长；期限超出所选时段的部分也全额计入，因此同一合同无论预付还是按月付，排名相同。";
    PaidOwed => "paid {0} in the period · still owed after it {1}", "期内支付 {0} · 期满后仍需支付 {1}";
    IncompleteTag => "incomplete", "不完整";
    IncompleteTip => "No rate for: {0}. This figure leaves that charge out and ranks after complete figures; enter the rate below.", "缺少费率：{0}。此金额未计入该费用，排在完整结果之后；请在下方输入费率。";
    MissingRatesTitle => "Rates the catalog does not have — enter yours", "目录中缺少的费率——请输入您的费率";
    MissingRateLabel => "{0}, {1} ({2})", "{0}，{1}（{2}）";
    KindEgress => "Internet egress per GB", "公网出流量（每 GB）";
    KindInterRegion => "Cross-region traffic per GB", "跨地域流量（每 GB）";
    KindStorage => "Block storage per GB-month", "块存储（每 GB·月）";
    KindBandwidth => "Fixed bandwidth per Mbps-month", "固定带宽（每 Mbps·月）";
    AssumedRatesIntro => "Assumed discounts off on-demand where no commitment rate is sourced:", "无来源承诺价时假设的折扣（相对按需）：";
    AssumedRatesTerm => "{0} yr — no upfront {1} %, partial upfront {2} %, all upfront {3} %.", "{0} 年——无预付 {1}%，部分预付 {2}%，全部预付 {3}%。";
    AssumedGapBasis => "Partial / all upfront add the median gap of the catalog's sourced reservations ({0}).", "部分/全部预付在无预付基础上加上目录中有来源预留实例的中位差值（{0} 个）。";
    NoticeMigrated => "The link's “{0}” (“{1}”) comes from an older link format; it keeps its old meaning and is written in the new form.", "链接中的“{0}”（“{1}”）来自旧版链接格式，已按原含义读取并改写为新格式。";
    NoticeRuleChanged => "The link's “{0}” is now applied as the provider scopes it (first-month discounts: pay-as-you-go and a first subscription month only; student hours: per account); figures may differ from when the link was made.", "链接中的“{0}”现在按服务商的实际适用范围计算（首月折扣仅适用于按量付费和首个包月；学生时长按账号计算），金额可能与创建链接时不同。";
    NoticeDataUpdated => "This link was made with dataset {1}; the figures here use the dataset above and may differ.", "此链接基于数据集 {1}；此处数字按上方数据集计算，可能不同。";
    ChangedPrices => "{0} offers have prices dated after {1}", "{0} 个实例的价格日期晚于 {1}";
    Unavailable => "—", "—";
    Interconnect => "Interconnect", "互联";
    BmOd => "On-demand / pay-as-you-go", "按需 / 按量付费";
    BmRi1n => "Reserved 1 yr, no upfront", "预留 1 年，无预付";
    BmRi1p => "Reserved 1 yr, partial upfront", "预留 1 年，部分预付";
    BmRi1a => "Reserved 1 yr, all upfront", "预留 1 年，全部预付";
    BmRi3n => "Reserved 3 yr, no upfront", "预留 3 年，无预付";
    BmRi3p => "Reserved 3 yr, partial upfront", "预留 3 年，部分预付";
    BmRi3a => "Reserved 3 yr, all upfront", "预留 3 年，全部预付";
    BmSp1 => "Savings plan 1 yr", "节省计划 1 年";
    BmSp3 => "Savings plan 3 yr", "节省计划 3 年";
    BmSub => "Monthly subscription (包年包月)", "包年包月";
    BmInst => "Monthly installments", "按月分期";
    BmSpot => "Spot / preemptible (expected)", "竞价 / 抢占式（期望值）";
    BmMix => "Spot + on-demand mix (expected)", "竞价 + 按需混合（期望值）";
    TagOd => "on-demand", "按需";
    TagRi1n => "1y RI, no upfront", "1年预留·无预付";
    TagRi1p => "1y RI, partial", "1年预留·部分预付";
    TagRi1a => "1y RI, all upfront", "1年预留·全预付";
    TagRi3n => "3y RI, no upfront", "3年预留·无预付";
    TagRi3p => "3y RI, partial", "3年预留·部分预付";
    TagRi3a => "3y RI, all upfront", "3年预留·全预付";
    TagSp1 => "1y savings plan", "1年节省计划";
    TagSp3 => "3y savings plan", "3年节省计划";
    TagSub => "monthly", "包月";
    TagInst => "installments", "分期";
    TagSpot => "spot", "竞价";
    TagMix => "mix", "混合";
    // Charts (plan screen)
    ChartTable => "Table", "表格";
    ChartMonth => "Month", "月份";
    ChartOwed => "Still owed after month {0}", "第 {0} 个月后仍需支付";
    ChartBreakEven => "Break-even", "回本点";
    ChartTotal => "Total", "合计";
    // Notices
    NoticeUnknownKey => "The link's key “{0}” is not known and was ignored.", "链接中的参数“{0}”无法识别，已忽略。";
    NoticeInvalidValue => "The link's value for “{0}” (“{1}”) is not valid; the default is used.", "链接中“{0}”的值（“{1}”）无效，已使用默认值。";
    NoticeOutOfRange => "The link's value for “{0}” (“{1}”) is out of range; the default is used.", "链接中“{0}”的值（“{1}”）超出范围，已使用默认值。";
    NoticeUnknownItem => "“{1}” in the link's “{0}” is not known and was dropped.", "链接“{0}”中的“{1}”无法识别，已移除。";
    NoticeTooMany => "The link's “{0}” has too many items; the first ones are kept.", "链接“{0}”中的项目过多，只保留前几项。";
    NoticeVersion => "This link was made by a newer version (v={1}); it was read as well as possible.", "此链接来自更新的版本（v={1}），已尽量读取。";
    NoticeDuplicate => "The link's “{0}” appears twice; the last value is used.", "链接中“{0}”出现了两次，已使用最后一个值。";
    // Field errors
    ErrNotANumber => "Not a number", "不是数字";
    ErrNotWhole => "Whole numbers only", "只能输入整数";
    ErrTooSmall => "Too small", "数值太小";
    ErrTooLarge => "Too large", "数值太大";
    EngineFailed => "This scenario could not be priced ({0}); the last good result is shown.", "无法计算此方案（{0}），显示的是上一次的有效结果。";
    StaleBadge => "stale", "过旧";
    StaleTip => "This price is more than 12 months older than the dataset (as of {0}).", "此价格比数据集早 12 个月以上（截至 {0}）。";
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
