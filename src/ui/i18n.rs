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

/// A message of either table ([`Msg`] or [`WorkerMsg`]) in a locale.
pub trait Text: Copy {
    fn text(self, locale: Locale) -> &'static str;
}

macro_rules! messages {
    ($(#[$doc:meta])* $name:ident, $table:ident; $($key:ident => $en:expr, $zh:expr;)+) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($key,)+ }

        /// [en, zh-CN] per message, in declaration order (a table, not a
        /// match: smaller code in the wasm bundle).
        const $table: &[[&str; 2]] = &[$([$en, $zh],)+];

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$key,)+];

            pub fn text(self, locale: Locale) -> &'static str {
                <Self as Text>::text(self, locale)
            }
        }

        impl Text for $name {
            fn text(self, locale: Locale) -> &'static str {
                let i = match locale {
                    Locale::En => 0,
                    Locale::ZhCn => 1,
                };
                $table[self as usize][i]
            }
        }
    };
}

messages! {
    /// Every visible string of the app's own views.
    Msg, TEXTS;
    AppTitle => "GPU Cloud Cost Calculator", "GPU 云成本计算器";
    AppTagline => "Sourced prices of AWS, Azure, Alibaba Cloud and Tencent Cloud GPU offers, computed in your browser.",
        "AWS、Azure、阿里云、腾讯云 GPU 实例的有出处价格，全部在浏览器中计算。";
    Share => "Share link", "分享链接";
    QrCode => "QR code", "二维码";
    HelpTitle => "What these terms mean", "术语说明";
    HelpModels => "Billing models: on-demand (pay-as-you-go) bills the hours used. A reservation, savings plan or monthly subscription (包年包月) commits to a term at a lower rate and is charged for every hour of it, used or not. Spot / preemptible capacity is cheaper but can be reclaimed; its cost here includes the work redone after interruptions.",
        "计费方式：按需（按量付费）按实际使用小时计费。预留实例、节省计划或包年包月以更低的价格承诺一段期限，无论是否使用，期限内每小时都计费。竞价 / 抢占式实例更便宜但可能被回收；这里的成本已计入中断后重做的工作。";
    HelpBands => "Interruption rates are stated as providers publish them: the share of instances interrupted in a month (AWS Spot Advisor bands such as < 5 % or 10–15 %). A band is taken at its upper edge and turned into interruptions per hour.",
        "中断率按云厂商公布的口径填写：每月被中断的实例比例（如 AWS Spot Advisor 的 < 5% 或 10–15% 档）。按档位上限计算，并换算为每小时中断次数。";
    HelpBreakeven => "Break-even: the usage (hours per month) above which a commitment costs less than on-demand, or the month from which its cumulative cash is lower.",
        "回本点：承诺方案比按需更便宜的用量门槛（每月小时数），或其累计支出开始低于按需的月份。";
    HelpOwed => "Still owed: what a commitment started within your horizon still costs after it (a 1-year reservation bought for a 1-month need still owes 11 months). Decision cost = paid in the period + still owed; every ranking uses it.",
        "期满后仍需支付：在时间范围内开始的承诺在期满后仍要支付的金额（为 1 个月的需求购买 1 年预留，仍欠 11 个月）。决策成本 = 期内支付 + 仍需支付；所有排名都以它为准。";
    DarkTheme => "Dark theme", "深色主题";
    ExportTip => "Download what this screen shows (with the dataset version and sources)", "下载此页显示的内容（含数据集版本和来源）";
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
    FiltersActive => " · {0} active", " · 已设 {0} 项";
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
    ColCommit => "Commitment per use", "承诺按使用";
    ColMonthly => "Monthly ({0} h)", "每月（{0} 小时）";
    ColNet => "Network (Gbit/s)", "网络 (Gbit/s)";
    ColLink => "GPU link", "GPU 互联";
    RdmaEfa => "RDMA by EFA", "RDMA：EFA";
    RdmaIb => "RDMA by InfiniBand", "RDMA：InfiniBand";
    RdmaNone => "no RDMA stated", "未注明 RDMA";
    LinkSingle => "— (one GPU)", "—（单 GPU）";
    LinkNvswitch => "NVLink via NVSwitch", "NVLink（NVSwitch）";
    LinkNvlink => "NVLink", "NVLink";
    LinkNeuron => "NeuronLink", "NeuronLink";
    LinkPcie => "PCIe (no NVLink stated)", "PCIe（未注明 NVLink）";
    LinkUnknown => "not stated", "未注明";
    FabricLegend => "Interconnect (as sourced)", "互联（以来源为准）";
    FabRdma => "RDMA between instances (EFA / InfiniBand)", "实例间 RDMA（EFA / InfiniBand）";
    FabNvlink => "NVLink between GPUs", "GPU 间 NVLink";
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
    IndicativeTag => "indicative", "参考价";
    AssumedTag => "assumed", "假设";
    AboveOnDemand => "above on-demand", "高于按需";
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
    KindEgress => "Internet egress per GB", "公网出流量（每 GB）";
    KindInterRegion => "Cross-region traffic per GB", "跨地域流量（每 GB）";
    KindStorage => "Block storage per GB-month", "块存储（每 GB·月）";
    KindBandwidth => "Fixed bandwidth per Mbps-month", "固定带宽（每 Mbps·月）";
    KindPublicIpv4 => "Public IPv4 address per hour", "公网 IPv4 地址（每个·小时）";
    NoticeMigrated => "The link's “{0}” (“{1}”) comes from an older link format; it keeps its old meaning and is written in the new form.", "链接中的“{0}”（“{1}”）来自旧版链接格式，已按原含义读取并改写为新格式。";
    NoticeRuleChanged => "The link's “{0}” is now applied as the provider scopes it (first-month discounts: pay-as-you-go and a first subscription month only; student hours: per account); figures may differ from when the link was made.", "链接中的“{0}”现在按服务商的实际适用范围计算（首月折扣仅适用于按量付费和首个包月；学生时长按账号计算），金额可能与创建链接时不同。";
    NoticeDataUpdated => "This link was made with dataset {1}; the figures here use the dataset above and may differ.", "此链接基于数据集 {1}；此处数字按上方数据集计算，可能不同。";
    ChangedPrices => "{0} offers have prices dated after {1}", "{0} 个实例的价格日期晚于 {1}";
    BmOd => "On-demand / pay-as-you-go", "按需 / 按量付费";
    BmRi1n => "Reserved 1 yr, no upfront", "预留 1 年，无预付";
    BmRi1p => "Reserved 1 yr, partial upfront", "预留 1 年，部分预付";
    BmRi1a => "Reserved 1 yr, all upfront", "预留 1 年，全部预付";
    BmRi3n => "Reserved 3 yr, no upfront", "预留 3 年，无预付";
    BmRi3p => "Reserved 3 yr, partial upfront", "预留 3 年，部分预付";
    BmRi3a => "Reserved 3 yr, all upfront", "预留 3 年，全部预付";
    BmRi5n => "Reserved 5 yr, no upfront", "预留 5 年，无预付";
    BmRi5p => "Reserved 5 yr, partial upfront", "预留 5 年，部分预付";
    BmRi5a => "Reserved 5 yr, all upfront", "预留 5 年，全部预付";
    BmSp1 => "Savings plan 1 yr", "节省计划 1 年";
    BmSp3 => "Savings plan 3 yr", "节省计划 3 年";
    BmSub => "Monthly subscription (包年包月)", "包年包月";
    BmInst => "Monthly installments", "按月分期";
    BmSpot => "Spot / preemptible (expected)", "竞价 / 抢占式（期望值）";
    BmMix => "Spot + on-demand mix (expected)", "竞价 + 按需混合（期望值）";
    BmCb => "Capacity Block (days, paid upfront)", "容量块（按天，预付）";
    TagOd => "on-demand", "按需";
    TagRi1n => "1y RI, no upfront", "1年预留·无预付";
    TagRi1p => "1y RI, partial", "1年预留·部分预付";
    TagRi1a => "1y RI, all upfront", "1年预留·全预付";
    TagRi3n => "3y RI, no upfront", "3年预留·无预付";
    TagRi3p => "3y RI, partial", "3年预留·部分预付";
    TagRi3a => "3y RI, all upfront", "3年预留·全预付";
    TagRi5n => "5y RI, no upfront", "5年预留·无预付";
    TagRi5p => "5y RI, partial", "5年预留·部分预付";
    TagRi5a => "5y RI, all upfront", "5年预留·全预付";
    TagSp1 => "1y savings plan", "1年节省计划";
    TagSp3 => "3y savings plan", "3年节省计划";
    TagSub => "monthly", "包月";
    TagInst => "installments", "分期";
    TagSpot => "spot", "竞价";
    TagMix => "mix", "混合";
    TagCb => "capacity block", "容量块";
    // Charts (plan screen)
    // Notices
    NoticeUnknownKey => "The link's key “{0}” is not known and was ignored.", "链接中的参数“{0}”无法识别，已忽略。";
    NoticeUnknownKeys => "{1} keys of the link are not known and were ignored: {0}", "链接中有 {1} 个参数无法识别，已忽略：{0}";
    NoticeInvalidValue => "The link's value for “{0}” (“{1}”) is not valid; the default is used.", "链接中“{0}”的值（“{1}”）无效，已使用默认值。";
    NoticeOutOfRange => "The link's value for “{0}” (“{1}”) is outside its range ({2}) and was not used; the default is used.", "链接中“{0}”的值（“{1}”）超出有效范围（{2}），未被采用，已使用默认值。";
    NoticeNoMatch => "The link's “{0}” filter (“{1}”) matches nothing, so no offer is shown. Closest known: {2}.", "链接中的筛选条件“{0}”（“{1}”）没有匹配项，因此不显示任何实例。最接近的有效值：{2}。";
    NoticeUnknownItem => "“{1}” in the link's “{0}” is not known and was dropped.", "链接“{0}”中的“{1}”无法识别，已移除。";
    NoticeTooMany => "The link's “{0}” has too many items; the first ones are kept.", "链接“{0}”中的项目过多，只保留前几项。";
    NoticeVersion => "This link was made by a newer version (v={1}); it was read as well as possible.", "此链接来自更新的版本（v={1}），已尽量读取。";
    NoticeShortened => "The link's “{0}” is longer than {1} characters; its first {1} are used.", "链接中“{0}”的值超过 {1} 个字符，只使用前 {1} 个。";
    NoticeBadEscape => "The link's value for “{0}” (“{1}”) is not validly encoded; the default is used.", "链接中“{0}”的值（“{1}”）编码无效，已使用默认值。";
    NoticeDuplicate => "The link's “{0}” appears twice; the last value is used.", "链接中“{0}”出现了两次，已使用最后一个值。";
    // Field errors
    ErrNotANumber => "Not a number", "不是数字";
    ErrNotWhole => "Whole numbers only", "只能输入整数";
    ErrTooSmall => "At least {0}", "不能小于 {0}";
    ErrAboveMin => "More than {0}", "须大于 {0}";
    ErrTooLarge => "At most {0}", "不能大于 {0}";
    EngineFailed => "This scenario could not be priced ({0}); the last good result is shown.", "无法计算此方案（{0}），显示的是上一次的有效结果。";
    StaleBadge => "stale", "过旧";
    StaleTip => "This price is more than 12 months old today (as of {0}).", "此价格至今已超过 12 个月（截至 {0}）。";
    // Plan screen
    NavPlan => "Plan", "规划";
    NavAdvise => "Advise", "选型建议";
    AdviseInputs => "Your case, in three steps", "你的情况（三个步骤）";
    AdviseFailed => "The recommendation could not be computed; the last result stays on screen.", "无法计算推荐结果；上一次的结果保留在屏幕上。";
    ErrRange => "Outside the allowed range", "超出允许范围";
    NavProviders => "Providers", "云厂商";
    ProvidersIntro => "The four clouds side by side: billing rules and models, spot terms, ML platforms and images, frameworks, support, compliance and regions. Every cell names its source and date; a provider or region opens the compare screen filtered to it.",
        "四家云厂商并排对比：计费规则与方式、竞价条款、机器学习平台与镜像、框架、支持、合规与地域。每一格都注明来源和日期；点击云厂商或地域即可在比较页中筛选。";
    PlanTitle => "Plan: total cost over months", "规划：按月累计的总成本";
    PlanIntro => "What each billing model costs over your horizon, what a commitment still owes after it, when committing pays off across the catalog, and what a job costs.",
        "各计费方式在您的时间范围内的花费、承诺在期满后仍需支付的金额、整个目录中何时承诺更划算，以及一个作业的成本。";
    PlanInputs => "Plan inputs", "规划参数";
    PlanWorkload => "Workload", "工作负载";
    PlanFleetGpus => "GPUs needed (total)", "所需 GPU 总数";
    PlanOffers => "Offers to plan", "要规划的实例";
    PlanOffersHint => "Shared with the compare screen's selection. None picked: the 4 cheapest offers for the filters.",
        "与比较页的所选实例共用。未选择时：按筛选条件取最便宜的 4 个实例。";
    PlanAddOffer => "Add an offer", "添加实例";
    PickMore => "Show more ({0} of {1} shown)", "显示更多（已显示 {0} / {1} 个）";
    Remove => "Remove", "移除";
    PlanModels => "Billing models", "计费方式";
    PlanSpot => "Spot assumptions", "竞价实例假设";
    PlanInterruption => "Instances interrupted per month (%)", "每月被中断的实例比例 (%)";
    PlanCheckpoint => "Checkpoint every (min)", "检查点间隔（分钟）";
    PlanRestart => "Lost per restart (min)", "每次重启损失（分钟）";
    PlanJobHours => "Job length (hours of work)", "作业时长（有效工作小时）";
    PlanDeadline => "Deadline (hours from start)", "截止时间（从开始起的小时数）";
    PlanMixShare => "Spot share of the mix (%)", "混合方案中竞价占比 (%)";
    PlanPromos => "Promotions and credits", "优惠与代金券";
    PlanFirstMonth => "First-month discount (%)", "首月折扣 (%)";
    PlanCredit => "Credit ({0})", "代金券（{0}）";
    PlanCreditExpiry => "Credit usable until month (empty = no expiry)", "代金券可用至第几个月（留空 = 不过期）";
    PlanNegotiated => "Your negotiated discount (% off list)", "您的协议折扣（相对标价的 %）";
    NdNote => "Your negotiated prices: {0}. Each discount applies only where the provider's billing documents say it does; every other figure is at list price.",
        "您的协议价：{0}。各折扣仅用于服务商计费文档说明适用的价格；其余数字均为标价。";
    NdItem => "{0} −{1} on {2} (list price: {3})", "{0} −{1}：{2}（按标价：{3}）";
    NdOnDemand => "pay-as-you-go", "按量付费";
    NdReservations => "reservations", "预留实例";
    NdSavingsPlans => "savings plans", "节省计划";
    NdSubscriptions => "subscriptions", "包年包月";
    NdSpot => "spot", "竞价实例";
    NdCapacityBlocks => "Capacity Blocks", "容量块";
    NdData => "data charges", "数据费用";
    YoursTag => "yours", "协议价";
    ListPrice => "list {0}", "标价 {0}";
    PlanData => "Data", "数据";
    PlanEgress => "Internet egress (GB/month)", "公网出流量（GB/月）";
    PlanCrossRegion => "Cross-region transfer (GB/month)", "跨地域传输（GB/月）";
    PlanStorage => "Block storage (GB)", "块存储（GB）";
    PlanBootDisk => "Boot disk per instance (GB)", "每台实例的系统盘（GB）";
    PlanPublicIpv4 => "Public IPv4 addresses per instance (0 or 1)", "每台实例的公网 IPv4 地址（0 或 1 个）";
    BreakevenTitle => "When committing pays off, across the catalog", "整个目录中承诺何时划算";
    JobTitle => "Cost of a job", "作业成本";
    JobKindLabel => "Job", "作业";
    JobNone => "— none —", "— 无 —";
    JobResnet => "ResNet-50 on ImageNet-1k (training)", "ResNet-50 训练（ImageNet-1k）";
    JobBert => "BERT-large fine-tune on SQuAD v1.1", "BERT-large 微调（SQuAD v1.1）";
    JobLlmTrain => "LLM pre-training or fine-tuning (6·N·T FLOPs)", "大模型预训练或微调（6·N·T 次浮点运算）";
    JobLlmServe => "LLM inference serving (tokens per second × hours)", "大模型推理服务（每秒 token 数 × 小时）";
    JobEpochs => "Epochs", "训练轮数";
    JobSamples => "Samples per epoch", "每轮样本数";
    JobParams => "Model size (billion parameters)", "模型规模（十亿参数）";
    JobTokens => "Training tokens (billions)", "训练 token 数（十亿）";
    JobTps => "Tokens per second served", "每秒服务 token 数";
    JobServeHours => "Serving hours", "服务小时数";
    JobMfu => "Efficiency of estimates (% of dense FP16 TFLOPS)", "估算效率（稠密 FP16 TFLOPS 的百分比）";
    JobScaling => "Multi-GPU scaling efficiency (%)", "多 GPU 扩展效率 (%)";
    WorkerFailed => "This part of the calculator could not be loaded (offline before it was saved, or blocked); reload the page to try again.",
        "无法加载这部分计算模块（在保存前离线，或被阻止）；请刷新页面重试。";
    Computing => "Computing…", "计算中…";
}

messages! {
    /// The plan worker's report texts (summary sentences, tables, charts):
    /// a table of their own, so the app's wasm does not carry them.
    WorkerMsg, WORKER_TEXTS;
    PvCaption => "The four clouds side by side (sourced facts; the catalog's own counts)", "四家云厂商并排对比（有来源的事实；目录自身的统计）";
    PvOffers => "{0} offers", "{0} 个实例";
    PvRules => "Billing rules used here", "本工具使用的计费规则";
    PvRulesText => "billed per {0} s, minimum {1} s; {2} h per month", "按 {0} 秒计费，最低 {1} 秒；每月按 {2} 小时";
    PvNoticeText => "; spot notice {0} s", "；竞价回收提前 {0} 秒通知";
    PvProtectionText => "; protected for {0} h", "；保护期 {0} 小时";
    PvModels => "Billing models with prices in the catalog", "目录中有价格的计费方式";
    PvModelReserved => "reserved", "预留";
    PvModelSavings => "savings plan", "节省计划";
    PvGranularity => "Billing granularity", "计费粒度";
    PvReserved => "Reservation terms", "预留期限";
    PvSavings => "Savings plans", "节省计划";
    PvSubscription => "Monthly subscription (包年包月) discounts", "包年包月折扣";
    PvCapacity => "Capacity blocks", "容量块";
    PvSpotNotice => "Spot notice and protection", "竞价通知与保护期";
    PvSpot => "Spot interruptions and discounts", "竞价中断与折扣";
    PvPromotion => "Promotions", "优惠活动";
    PvEgress => "Egress billing", "出流量计费";
    PvPlatform => "ML platform", "机器学习平台";
    PvImages => "Deep-learning images", "深度学习镜像";
    PvFrameworks => "Frameworks", "框架支持";
    PvSupport => "Support and SLA", "支持与 SLA";
    PvCompliance => "Compliance and ICP", "合规与 ICP 备案";
    PvNotFound => "no sourced fact found", "未找到有来源的信息";
    ExportScreen => "Screen", "页面";
    ExportLink => "Link", "链接";
    ExportCommitModel => "Best commitment: billing model", "最优承诺：计费方式";
    ExportSelected => "Selected side by side", "已选入并排比较";
    Min => "min", "最低";
    Max => "max", "最高";
    Yes => "yes", "是";
    No => "no", "否";
    ExportRdma => "RDMA", "RDMA";
    ExportFabric => "RDMA fabric (Gbit/s)", "RDMA 网络 (Gbit/s)";
    ExportOfferId => "Offer id", "实例 ID";
    ExportTitle => "Title", "标题";
    ExportFact => "Fact", "信息";
    ExportReference => "Reference", "出处";
    BreakevenModel => "Commitment", "承诺方式";
    ChartTable => "Table", "表格";
    ChartMonth => "Month", "月份";
    ChartOwed => "Still owed after month {0}", "第 {0} 个月后仍需支付";
    ChartBreakEven => "Break-even", "回本点";
    ChartTotal => "Total", "合计";
    PlanAutoPicked => "No offers picked: planning the 4 cheapest offers for these filters.", "未选择实例：按筛选条件规划最便宜的 4 个实例。";
    PlanJobAnswer => "Cheapest for this job: {0}, {1} for the whole job ({2} h on {3} GPU(s); a commitment counts what it still owes after).", "本作业最便宜：{0}，整个作业 {1}（{3} 张 GPU 运行 {2} 小时；承诺方案计入作业结束后仍需支付的金额）。";
    PlanServeAnswer => "Cheapest for this service: {0}, {3} per million tokens ({1} for its {2} h; a commitment counts what it still owes after).", "本推理服务最便宜：{0}，每百万 token {3}（运行 {2} 小时共 {1}；承诺方案计入之后仍需支付的金额）。";
    PlanJobNothing => "No offer can be priced for this job.", "没有实例能为此作业计价。";
    PlanBesideJob => "{0} That is for the horizon's own hours, not the job.", "{0}该结果按时段本身的小时数计算，不含作业。";
    PlanCrossUnknown => "unknown: when it is paid is not sourced", "未知：付款时间无来源";
    PlanCrossUnknownCheaper => "unknown month (when it is paid is not sourced); cheaper than on-demand by the end", "月份未知（付款时间无来源）；到期末比按需便宜";
    PlanCrossNever => "not within the horizon", "期内未回本";
    JobSameHours => "Every offer takes the same hours for this job (its throughput is fixed), so none is faster: the cheapest list says it all.", "此作业在每个实例上的时长相同（吞吐量固定），没有更快的实例：以最便宜列表为准。";
    PlanNarrowed => "The compare screen's own filters apply too: {0}.", "比较页自身的筛选条件同样适用：{0}。";
    ListSep => ", ", "、";
    PlanDropped => "{0} picked offers beyond the first 4 are left out of the plan.", "所选实例中超出前 4 个的 {0} 个未纳入规划。";
    PlanNothing => "Nothing can be priced for these inputs.", "按这些参数无法计算任何方案。";
    PlanCheapest => "Cheapest for this plan: {0}, {1} over a {2}-month horizon at {3} h/month ({4} paid in the period, {5} still owed after it).",
        "本规划最便宜：{0}，{2} 个月、每月 {3} 小时共 {1}（期内支付 {4}，期满后仍需支付 {5}）。";
    PlanIncomplete => "This figure leaves out a charge the catalog has no rate for (see the table's tags): at least {0}, at most {1} with that charge at the highest published rate of its kind, and ranked on {1}.", "此数字未包含目录中缺少费率的费用（见表中标记）：至少 {0}，按同类最高公布费率计至多 {1}，按 {1} 排名。";
    PlanUnbounded => "This figure leaves out a charge no provider publishes a rate for (see the table's tags): at least {0}, with no upper bound; ranked after every bounded option.", "此数字未包含任何服务商都未公布费率的费用（见表中标记）：至少 {0}，没有上限；排在所有有上限的选项之后。";
    PlanSaving => "That is {0} ({1} %) less than on-demand on the same offer ({2}).", "比同一实例按需付费（{2}）节省 {0}（{1}%）。";
    PlanOnDemandWins => "On-demand is the cheapest here: at {0} h/month over {1} months no commitment pays off once what it still owes is counted.",
        "此处按需最便宜：按每月 {0} 小时、{1} 个月计算，计入期满后仍需支付的金额后，没有任何承诺方案更划算。";
    PlanUpfront => "Upfront cash needed: {0}.", "需要预付现金：{0}。";
    PlanBreakevenMonth => "Its cumulative cash drops below on-demand's in month {0}.", "其累计支出在第 {0} 个月低于按需。";
    PlanSpotOdds => "A spot job finishes by its deadline with probability {0} % (an estimate from the interruption rate).",
        "竞价作业在截止时间前完成的概率为 {0}%（根据中断率估算）。";
    PlanWhatChanges => "What would change the answer:", "什么会改变结论：";
    PlanFlipMonths => "a horizon of {0} months: {1} becomes the cheapest ({2})", "时间范围为 {0} 个月时：{1} 变为最便宜（{2}）";
    PlanFlipHours => "{0} h/month: {1} becomes the cheapest ({2})", "每月 {0} 小时时：{1} 变为最便宜（{2}）";
    PlanNoFlip => "No horizon from 1 to 60 months and no usage from 10 to 730 h/month changes the answer.",
        "在 1–60 个月的时间范围和每月 10–730 小时的用量内，结论不变。";
    PlanOptionsCaption => "Each option over months 1–{0}: paid in the period, still owed after it, and the decision cost (paid + owed − credit usable on it).",
        "各方案第 1–{0} 个月：期内支付、期满后仍需支付，以及决策成本（期内支付 + 仍需支付 − 可抵扣的代金券）。";
    PlanColOption => "Option", "方案";
    PlanColUsage => "Usage", "用量费用";
    PlanColUpfront => "Upfront", "预付";
    PlanColCommitment => "Commitment", "承诺费用";
    PlanColData => "Data", "数据";
    PlanDataUnknown => "unknown (a rate is missing)", "未知（缺少费率）";
    PlanDataAtLeast => "≥ {0} (a rate is missing)", "≥ {0}（缺少费率）";
    BillCaption => "What each offer bills a month besides its compute, line by line: the quantity, the rate and where the rate comes from.",
        "各实例除计算外每月的账单明细：用量、费率及费率来源。";
    BillColCharge => "Charge", "费用项";
    BillColQuantity => "A month", "每月用量";
    BillColRate => "Rate", "费率";
    BillColSource => "Source", "来源";
    BillColAmount => "Cost a month", "每月费用";
    BillTiered => "tiered (see the source)", "阶梯价（见来源）";
    BillYourRate => "your rate", "您的费率";
    BillFromRegion => "{0}'s rate (none here)", "{0}的费率（本地域无）";
    BillMissing => "no rate: at most {0}", "无费率：至多 {0}";
    BillMissingUnbounded => "no rate: unknown", "无费率：未知";
    UnitGb => "GB", "GB";
    UnitGbMonth => "GB-months", "GB·月";
    UnitMbpsMonth => "Mbps-months", "Mbps·月";
    UnitAddressHour => "address-hours", "地址·小时";
    PlanColCredits => "Credits", "代金券";
    PlanColPaid => "Paid in period", "期内支付";
    PlanColOwed => "Still owed", "期满后仍需支付";
    PlanColDecision => "Decision cost", "决策成本";
    ColPricesAsOf => "Prices as of", "价格日期";
    TimingSpreadTag => "cash timing estimated", "付款时间为估算";
    MonthlyFromUpfrontTag => "upfront paid monthly (derived)", "预付改按月付（推算）";
    HistoryUnavailable => "The price history could not be loaded ({0}); reload the page to try again.", "无法加载价格历史（{0}）；请重新加载页面再试。";
    CompareHistory => "List price history per hour (on-demand, spot midpoint)", "每小时标价历史（按需、竞价中间值）";
    CompareSteps => "On-demand steps, per hour of each instance's use (billed)", "按量计费阶梯价，按每台实例累计使用小时（已计入）";
    StepSpan => "{0}–{1} h: {2}", "{0}–{1} 小时：{2}";
    StepFrom => "from {0} h: {1}", "{0} 小时起：{1}";
    StepAverage => "the period's average, billed by steps", "期内平均，按阶梯计费";
    SteppedTag => "stepped: cheaper as hours add up", "阶梯价：累计用时越长越便宜";
    HistoryOd => "on-demand", "按需";
    HistorySpot => "spot", "竞价";
    HistoryOne => "one dated price per model: no change kept", "每种计费方式仅一个日期的价格：无变化记录";
    ThenNowCaption => "This link was shared with the dataset of {0}: each option's decision cost over {2} months on the prices in force then (from the kept price history) and on today's dataset ({1}).", "此链接分享时使用 {0} 的数据集：各方案 {2} 个月的决策成本，分别按当时有效的价格（来自保存的价格历史）和今天的数据集（{1}）计算。";
    ThenNowThen => "When shared ({0})", "分享时（{0}）";
    ThenNowNow => "Today ({0})", "今天（{0}）";
    ThenNowChange => "Change", "变化";
    ThenNowMissing => "not in the price history", "价格历史中没有";
    BlockDaysTag => "{0}-day block, paid upfront", "{0} 天容量块，预付";
    PlanTimingSpread => "Its source does not publish how the partial upfront splits between the upfront fee and the hourly part, so the months and the break-even are spread evenly over the term (the decision cost is exact).", "来源未公布部分预付的预付款与每小时部分如何拆分，因此各月现金与回本月份按期限平均分摊（决策成本准确）。";
    PlanBestStale => "Its prices date from {0}, {1} days before {2}: over 12 months old, check the provider's current price.", "其价格日期为 {0}，距 {2} 已 {1} 天：超过 12 个月，请核对厂商当前价格。";
    PlanStaleOptions => "{0} of {1} options rest on prices over 12 months old (the oldest from {2}).", "{1} 个方案中有 {0} 个基于超过 12 个月的旧价格（最早为 {2}）。";
    PlanColBreakeven => "Break-even month", "回本月份";
    PlanBestTag => "cheapest", "最便宜";
    PlanBaselineTag => "reference", "参照";
    PlanResults => "Results", "结果";
    PlanChartTitle => "Cumulative cost", "累计成本";
    PlanBarsTitle => "What each option's decision cost is made of", "各方案决策成本的构成";
    BreakevenClaim => "The articles say reserving pays off above about {0} h/month. In this catalog that holds (median break-even ≤ {0} h) for: {1}. It does not for: {2}.",
        "文章称每月超过约 {0} 小时预留就划算。在本目录中，中位回本点 ≤ {0} 小时的有：{1}；不成立的有：{2}。";
    BreakevenCaption => "Usage (h/month, per instance, compute only) above which each commitment beats on-demand, over the catalog offers matching the filters",
        "每种承诺方式优于按需的用量门槛（小时/月，每实例，仅计算费用），统计范围为符合筛选条件的目录实例";
    BreakevenOffers => "Offers", "实例数";
    BreakevenMedian => "Median (h/month)", "中位数（小时/月）";
    BreakevenRange => "Range", "范围";
    BreakevenAtClaim => "≤ {0} h", "≤ {0} 小时";
    BreakevenNever => "Never pays off", "永不回本";
    PlanMarker => "break-even M{0}", "第 {0} 月回本";
    PlanChartNote => "The charts show the {0} cheapest of {1} options (and on-demand as the reference); the table lists all.",
        "图表显示 {1} 个方案中最便宜的 {0} 个（以及作为参照的按需）；表格列出全部。";
    PlanChartSummary => "Cumulative cost of {0} options over {1} months", "{0} 个方案在 {1} 个月内的累计成本";
    PlanChartCaption => "Cumulative cost by the end of each month (months 1–{0}), what is still owed after the horizon, and break-even months",
        "各月末累计成本（第 1–{0} 个月）、期满后仍需支付的金额及回本月份";
    JobMeasured => "measured, {0}-GPU run ({1})", "{0} 卡实测（{1}）";
    JobModelSize => "estimate: a {0}-GPU run of a {1} B model × {1}/{2} ({3})", "估算：{0} 卡 {1}B 模型实测 × {1}/{2}（{3}）";
    JobScaled => "scaled from a measured {0}-GPU run at {1} % ({2})", "由 {0} 卡实测按 {1}% 扩展（{2}）";
    JobEstimate => "estimate: {0} TFLOPS × {1} %", "估算：{0} TFLOPS × {1}%";
    JobSameArchTflops => "estimate from the measured {0} ({1}-GPU run, {3}) × {2} % (dense FP16 TFLOPS, same architecture)", "估算：按同架构实测的 {0}（{1} 卡，{3}）× {2}%（稠密 FP16 TFLOPS）";
    JobSameArchBandwidth => "estimate from the measured {0} ({1}-GPU run, {3}) × {2} % (memory bandwidth, same architecture)", "估算：按同架构实测的 {0}（{1} 卡，{3}）× {2}%（显存带宽）";
    JobEstimateTag => "estimate", "估算";
    JobAboutSamples => "{0} epochs × {1} samples = {2} samples. Throughput is measured (Lambda deeplearning-benchmark, PyTorch fp16, 2024) where the catalog has a run of the GPU at that count; with more GPUs than measured it is scaled at {3} % efficiency; GPUs without a run are estimated from dense FP16 TFLOPS × {4} % (marked estimate).",
        "{0} 轮 × {1} 个样本 = {2} 个样本。目录中有该 GPU 在该卡数下的实测时使用实测吞吐（Lambda deeplearning-benchmark，PyTorch fp16，2024）；卡数多于实测时按 {3}% 扩展效率推算；没有实测的 GPU 按稠密 FP16 TFLOPS × {4}% 估算（标为估算）。";
    JobAboutTrain => "6 × {0} B parameters × {1} B tokens = {2} × 10¹⁸ FLOPs, at {3} % of dense FP16 TFLOPS (an estimate; MFU includes multi-GPU losses). Memory: 16 bytes per parameter (mixed-precision Adam, activations excluded) must fit in the GPUs.",
        "6 × {0}B 参数 × {1}B token = {2} × 10¹⁸ 次浮点运算，按稠密 FP16 TFLOPS 的 {3}% 计算（估算；MFU 已含多卡损耗）。显存：每个参数 16 字节（混合精度 Adam，不含激活值），须装得下。";
    JobAboutServe => "{0} tokens per second for {1} h. Each GPU serves dense FP16 TFLOPS × {3} % ÷ (2 × {2} B FLOPs per token) (an estimate); the weights (2 bytes per parameter, KV cache excluded) must fit.",
        "每秒 {0} 个 token，持续 {1} 小时。每张 GPU 的服务能力 = 稠密 FP16 TFLOPS × {3}% ÷（每 token 2 × {2}B 次浮点运算）（估算）；权重（每参数 2 字节，不含 KV 缓存）须装得下。";
    JobSpotLeftOut => "A 24×7 service is priced on demand and on commitments, not on spot, whose capacity can be taken back: choose spot among the billing models to see it.", "全天候服务按按需与承诺计价，不按竞价（竞价容量可能被收回）；在计费模式中选择竞价即可查看。";
    JobCheapest => "Cheapest offers for this job (decision cost: a commitment counts what it still owes after the job)", "此作业最便宜的实例（决策成本：承诺方案计入作业结束后仍需支付的金额）";
    JobFastest => "Fastest offers for this job", "此作业最快的实例";
    JobColGpus => "Instances × GPUs", "实例数 × GPU";
    JobColHours => "Hours", "小时";
    JobColGpuHours => "GPU-hours", "GPU 小时";
    JobColBasis => "Throughput basis", "吞吐依据";
    JobColModel => "Cheapest billing", "最便宜的计费方式";
    JobNoFit => "does not fit: needs {0} GB, has {1} GB", "显存不足：需要 {0} GB，仅有 {1} GB";
    JobSkipped => "Matching offers with no figure for this job: {0} (no throughput data or GPU memory, or longer than 60 months).", "无法计算此作业的符合条件实例：{0} 个（无吞吐数据或显存信息，或超过 60 个月）。";
    JobNoPlacement => "Of them, {0} would spread the model over several instances with no RDMA (EFA or InfiniBand) between them: a model runs inside one instance or over RDMA (GPU memory does not add up over Ethernet).", "其中 {0} 个需要把模型分布在多个实例上，而实例之间没有 RDMA（EFA 或 InfiniBand）：模型只能在单个实例内运行，或经 RDMA 跨实例运行（显存无法通过以太网叠加）。";
    JobOneInstance => "replicas: {0}, each on {1} GPUs of one instance", "副本 {0} 个，每个占单个实例内的 {1} 张 GPU";
    JobRdmaGroup => "replicas: {0}, each across {1} instances over RDMA", "副本 {0} 个，每个经 RDMA 跨 {1} 个实例";
    JobRdmaEfficiency => " at {0} % efficiency (pipeline parallel)", "，效率按 {0}% 计（流水线并行）";
    AdvGpus => "GPUs needed", "所需 GPU 数";
    AdvMemPerGpu => "Memory per GPU (GB)", "每张 GPU 显存（GB）";
    AdvMemTotal => "Total GPU memory (GB)", "GPU 显存总量（GB）";
    AdvBudget => "Budget ({0})", "预算（{0}）";
    AdvMonths => "Horizon (months)", "时间范围（月）";
    AdvHours => "Hours per month", "每月使用小时";
    AdvWeightCost => "Weight: cost", "权重：成本";
    AdvWeightPerf => "Weight: performance", "权重：性能";
    AdvWeightEco => "Weight: ecosystem", "权重：生态";
    AdvWeightRisk => "Weight: compliance and risk", "权重：合规与风险";
    AdvBurstShare => "Burst share on spot (% of hours)", "突发部分使用竞价（小时占比 %）";
    AdvInterruption => "Spot: % of instances interrupted per month", "竞价：每月被中断的实例比例 %";
    AdvRange => "allowed: {0}", "允许范围：{0}";
    AdvUseCv => "Computer-vision training", "计算机视觉训练";
    AdvUseLlm => "LLM pre-training", "大模型预训练";
    AdvUseFt => "Fine-tuning", "微调";
    AdvUseInf => "Inference serving", "推理服务";
    AdvUseLab => "Research lab", "科研实验室";
    AdvUseStartup => "Startup", "初创公司";
    AdvUseEnt => "Enterprise", "企业";
    AdvUseGame => "Game AI", "游戏 AI";
    AdvUseJob => "The job on the plan screen (cost per job)", "规划页中的作业（按作业计成本）";
    AdvExPlacement => "the model would spread over instances with no RDMA between them", "模型需跨实例运行，但实例之间没有 RDMA";
    AdvExNoThroughput => "no measured or estimable throughput for the job (or longer than 60 months)", "没有该作业的实测或可估算吞吐量（或超过 60 个月）";
    AdvWhyJobMeasured => "The job takes {0} h ({1} % of the fastest feasible speed; measured throughput).", "该作业需 {0} 小时（为可行方案中最快速度的 {1}%；实测吞吐量）。";
    AdvWhyJobEstimate => "The job takes {0} h ({1} % of the fastest feasible speed; an estimate from dense TFLOPS × efficiency).", "该作业需 {0} 小时（为可行方案中最快速度的 {1}%；按稠密 TFLOPS × 效率估算）。";
    AdvStratJob => "{0}: {1} instance(s), {2} GPUs for the job's {3} h; {4} still owed after it (counted).", "{0}：{1} 台实例、{2} 张 GPU，运行该作业 {3} 小时；作业后仍需支付 {4}（已计入）。";
    AdvNoteJob => "Costs are per job (the plan screen's job); performance is the job's hours; a monthly budget is compared with the job's average month.", "成本按作业计（规划页的作业）；性能即作业所需小时；每月预算与作业的月均支出比较。";
    AdvNoteNoJob => "No job is set: choose one on the plan screen (cost per job).", "尚未设置作业：请在规划页选择（按作业计成本）。";
    AdvNoteStale => "{0} of the picks rest on prices over 12 months old (the oldest from {1}, {2} days): they may no longer be offered at these prices.", "{0} 个推荐所依据的价格已超过 12 个月（最早为 {1}，{2} 天）：现价可能已不同。";
    AdvNoteStudentZero => "The student price is 0: on-demand hours under its cap cost nothing here.", "学生价为 0：上限内的按需时长在此不计费。";
    AdvNoteDiscountFull => "The assumed commitment discount is 100 %: every assumed commitment is free here.", "假设的承诺折扣为 100%：此处所有假设的承诺都不计费。";
    AdvNoteFirstMonthFree => "The first month's discount is 100 %: month 1's pay-as-you-go usage is free here.", "首月折扣为 100%：首月按量使用在此不计费。";
    AdvNeedNvlink => "NVLink between the GPUs of an instance", "实例内 GPU 之间有 NVLink";
    AdvNeedRdma => "Multi-node RDMA (EFA / InfiniBand)", "多节点 RDMA（EFA / InfiniBand）";
    AdvNeedIcp => "ICP filing (public service in mainland China)", "ICP 备案（面向中国大陆公众服务）";
    AdvNeedSla => "Availability SLA (no spot)", "可用性 SLA（不用竞价）";
    AdvResAny => "Anywhere", "不限";
    AdvResCn => "Mainland China only", "仅中国大陆";
    AdvResHk => "Hong Kong only", "仅香港";
    AdvResIntl => "Outside mainland China", "中国大陆以外";
    AdvPlatformAny => "Any managed platform", "任一托管平台";
    AdvSpotNo => "No spot", "不用竞价";
    AdvSpotMix => "Spot only for bursts (in a mix)", "仅突发部分用竞价（混合）";
    AdvSpotYes => "Spot alone is fine (checkpointed work)", "可以全用竞价（有检查点）";
    AdvProfUnlimited => "Unlimited budget", "预算不限";
    AdvProfDomestic => "Value with domestic compliance", "高性价比 + 国内合规";
    AdvProfGame => "Mixed load and game AI", "混合负载与游戏 AI";
    AdvProfEnterprise => "Enterprise stability", "企业级稳定";
    AdvExFilters => "outside the filters", "不在筛选范围内";
    AdvExResidency => "no region where the data must stay", "没有满足数据驻留要求的地域";
    AdvExIcp => "no mainland region with a sourced ICP filing path", "没有可办理 ICP 备案（有来源）的大陆地域";
    AdvExPlatform => "not the managed platform asked for", "不是所要求的托管平台";
    AdvExMemory => "not enough memory per GPU (or not stated)", "每张 GPU 显存不足（或未注明）";
    AdvExNvlink => "no NVLink between its GPUs (or not confirmed)", "GPU 之间没有 NVLink（或未确认）";
    AdvExNoPrice => "no sourced price", "没有有来源的价格";
    AdvExRisk => "would fit only as spot, which the spot tolerance or SLA rules out", "只有竞价方式能满足条件，但被竞价容忍度或 SLA 排除";
    AdvExBudget => "over budget", "超出预算";
    AdvExAccelerator => "the accelerator is not for this work (e.g. training on Inferentia) or does not run the framework", "该加速器不适用于此工作（如在 Inferentia 上训练）或不支持所需框架";
    AdvExRdma => "no multi-node RDMA (EFA or InfiniBand) stated", "未注明多节点 RDMA（EFA 或 InfiniBand）";
    AdvExSla => "the provider's dated SLA for this deployment is below the need (or not stated)", "云厂商有日期的 SLA 低于所需（或未注明）";
    AdvExCashTiming => "the highest month may exceed the budget: the partial-upfront split is not published", "单月最高支出可能超出预算：部分预付的拆分未公布";
    AdvDropResidency => "drop the residency need", "放宽数据驻留要求";
    AdvDropIcp => "drop the ICP need", "放宽 ICP 备案要求";
    AdvDropPlatform => "accept another managed platform", "接受其他托管平台";
    AdvDropMemory => "lower the memory per GPU", "降低每张 GPU 显存要求";
    AdvDropNvlink => "drop the NVLink need", "放宽 NVLink 要求";
    AdvDropRisk => "allow spot", "允许竞价";
    AdvDropBudget => "raise the budget", "提高预算";
    AdvDropRdma => "drop the RDMA need", "放宽 RDMA 要求";
    AdvDropSla => "lower the SLA need", "降低 SLA 要求";
    AdvPresets => "The articles' four profiles (inputs only: the ranking decides the winner):", "文章里的四种场景（只填入条件，由排名决定结果）：";
    AdvStep1 => "1 · Scenario fit", "1 · 场景匹配";
    AdvUse => "Scenario", "场景";
    AdvUseNone => "— choose (fills in its defaults) —", "— 选择（会填入默认值）—";
    AdvNeeds => "Hard needs", "硬性要求";
    AdvResidency => "Data residency", "数据驻留";
    AdvFramework => "Framework", "框架";
    AdvAnyFramework => "Any", "不限";
    AdvPlatform => "Managed ML platform", "托管机器学习平台";
    AdvNoPlatform => "Not needed", "不需要";
    AdvStep2 => "2 · Cost sensitivity", "2 · 成本敏感度";
    AdvBudgetBasis => "The budget limits", "预算限制的是";
    AdvBudgetMonthly => "the highest month's cash (upfront included)", "单月最高支出（含预付）";
    AdvBudgetTotal => "the decision cost over the horizon", "整个时间范围的决策成本";
    AdvStep3 => "3 · Elasticity", "3 · 弹性";
    AdvLoad => "Load", "负载";
    AdvLoadSteady => "Steady", "平稳";
    AdvLoadBursty => "Bursty (peaks above a baseline)", "突发（基线之上有峰值）";
    AdvSpotTolerance => "Spot interruptions", "竞价中断";
    AdvMixCommitted => "{0} baseline + {1} burst", "{0}基线 + {1}突发";
    AdvStratOd => "On-demand: {0} instance(s), {1} GPUs, {2} h/month; no commitment, nothing owed after.", "按需：{0} 台实例、{1} 张 GPU、每月 {2} 小时；无承诺，期满后不欠费。";
    AdvStratSpot => "Spot: {0} instance(s), {1} GPUs; assumes {2} % of instances interrupted per month, the rework is in the price.", "竞价：{0} 台实例、{1} 张 GPU；假设每月 {2}% 的实例被中断，重做的工作已计入价格。";
    AdvStratMixCommit => "Commit the baseline with {0} for {1} % of {2} instance(s), burst with spot for {3} % of the hours (assumed {4} % interrupted per month).", "用{0}承诺基线（{2} 台实例中的 {1}%），突发部分的 {3}% 小时用竞价（假设每月 {4}% 被中断）。";
    AdvStratMixOd => "On-demand baseline for {0} instance(s) ({1} GPUs), {2} % of the hours on spot (assumed {3} % interrupted per month).", "按需基线 {0} 台实例（{1} 张 GPU），{2}% 的小时用竞价（假设每月 {3}% 被中断）。";
    AdvStratCommit => "{0} for {1} instance(s), {2} GPUs", "{0}，{1} 台实例、{2} 张 GPU";
    AdvStratUpfront => "; {0} upfront", "；预付 {0}";
    AdvStratOwed => "; {0} still owed after {1} months (counted).", "；{1} 个月后仍需支付 {0}（已计入）。";
    AdvStratNothingOwed => "; the term ends within the {0} months: nothing owed after.", "；期限在 {0} 个月内结束：期满后不欠费。";
    AdvBasisMonth => "a month", "每月";
    AdvBasisTotal => "in total", "总额";
    AdvWhyCheapest => "Lowest decision cost of every feasible option.", "在所有可行方案中决策成本最低。";
    AdvWhyCheaper => "{0} % cheaper than the next option ({1}, {3}) over {2} months.", "在 {2} 个月内比下一个方案（{1}，{3}）便宜 {0}%。";
    AdvWhyDearer => "{0} % more than the next option ({1}, {3}) over {2} months, but scores higher overall.", "在 {2} 个月内比下一个方案（{1}，{3}）贵 {0}%，但综合得分更高。";
    AdvWhyMemory => "{0} GB per GPU", "每张 GPU {0} GB";
    AdvWhyMemoryNeed => " (asked: {0} GB)", "（要求 {0} GB）";
    AdvWhyMemoryTotal => "; {0} GB in total on the instances bought.", "；所购实例共 {0} GB。";
    AdvWhyTflops => "{0} dense FP16 TFLOPS per GPU ({1} % of the best feasible GPU; datasheet).", "每张 GPU {0} 稠密 FP16 TFLOPS（为可行方案中最佳 GPU 的 {1}%；规格表数据）。";
    AdvWhyTflopsUnknown => "No sourced dense FP16 figure: performance unknown, left out of the score (its weight shared by the known scores; not assumed).", "没有有来源的稠密 FP16 数据：性能未知，不计入得分（其权重由已知各项分担，不作假设）。";
    AdvWhyInterconnect => "Interconnect: {0}.", "互联：{0}。";
    AdvWhyStated => "{0}: stated by {1} ({2}).", "{0}：见 {1}（{2}）。";
    AdvWhyNotStated => "{0}: not stated in the sources read (scored 0).", "{0}：所读来源中未提及（记 0 分）。";
    AdvWhyOwed => "Still owes {0} after the horizon (counted in the decision cost).", "期满后仍需支付 {0}（已计入决策成本）。";
    AdvWhySpot => "{0} % of the hours on spot, assumed {1} % of instances interrupted per month (no rate published for this offer).", "{0}% 的小时使用竞价，假设每月 {1}% 的实例被中断（该规格无公布的中断率）。";
    AdvWhySpotYours => "{0} % of the hours on spot, {1} % of instances interrupted per month (your setting).", "{0}% 的小时使用竞价，每月 {1}% 的实例被中断（你的设置）。";
    AdvWhySpotBand => "{0} % of the hours on spot, {1} % of instances interrupted per month: the upper edge of this offer's AWS Spot Advisor band.", "{0}% 的小时使用竞价，每月 {1}% 的实例被中断：取该规格 AWS Spot Advisor 档位的上限。";
    AdvWhySpotPublished => "{0} % of the hours on spot, {1} % of instances interrupted per month, as the provider publishes for this offer (the highest of its zones over the last 30 days).", "{0}% 的小时使用竞价，每月 {1}% 的实例被中断，为厂商对该规格公布的数值（近 30 天各可用区中的最高值）。";
    AdvWhyIndicative => "An indicative price (not a list price): check before buying.", "参考价（非刊例价）：购买前请核实。";
    AdvWhyAssumed => "Uses your assumed commitment discount (no sourced rate).", "使用你假设的承诺折扣（无来源价格）。";
    AdvWhyNegotiated => "At your negotiated price: your discount applies to this billing model, as {0} states.", "按您的协议价：您的折扣适用于此计费方式，依据 {0}。";
    AdvWhyMonthlyFromUpfront => "Paid in equal monthly payments: the all-upfront price spread over the term at the same total, as {0} states (derived, not a sourced price).", "按月等额付款：全预付价格在期限内均摊，总额不变，依据 {0}（推算，非来源价格）。";
    AdvWhyIncomplete => "A usage rate is missing: the figure is a lower bound.", "缺少某项用量费率：该数字是下限。";
    AdvWhyRdma => "Multi-node RDMA: no source in the catalog confirms it for this offer; check before buying.", "多节点 RDMA：目录中没有来源能确认此实例支持；购买前请核实。";
    AdvWhySla => "SLA: the catalog has no SLA percentages; spot is ruled out, the provider's SLA page is the reference.", "SLA：目录中没有 SLA 百分比；已排除竞价，请以厂商 SLA 页面为准。";
    AdvWhyChinaAccount => "AWS China regions are operated by local partners (Sinnet in Beijing, NWCD in Ningxia) and need a separate AWS China account; a public website there needs an ICP filing ({0}).", "AWS 中国区域由本地合作方运营（北京为光环新网，宁夏为西云数据），需单独的 AWS 中国区账号；在此面向公众的网站须办理 ICP 备案（{0}）。";
    AdvWhyAccelerator => "Not a GPU: {0}{1}.", "不是 GPU：{0}{1}。";
    AdvWhyAccelStack => " (software: {0})", "（软件栈：{0}）";
    AdvWhyNetwork => "Network {0} Gbit/s, {1}; GPUs linked by {2} ({3}).", "网络 {0} Gbit/s，{1}；GPU 互联：{2}（{3}）。";
    AdvWhyFabric => "RDMA fabric {0} Gbit/s", "RDMA 网络 {0} Gbit/s";
    AdvWhySlaMet => "SLA {0} % for {1} (needed {2} %; {3}, {4}).", "SLA {0}%（{1}；需要 {2}%；{3}，{4}）。";
    AdvWhySlaSecondary => "secondary source", "二手来源";
    AdvWhySlaUndated => "undated", "无日期";
    AdvWhyCheaperCommitment => "{0} of the same offer costs {1} ({2} % less) and fits the horizon, but commits {3} at purchase: its lock-in, counted in risk, ranked it lower.", "同一规格的{0}费用为 {1}（便宜 {2}%）且在期限之内，但购买时需承诺 {3}：其锁定风险计入风险分，因此排名较低。";
    AdvWhyLockIn => "Commits {0} whatever the use ({1} % of its cost): money bound for the term.", "无论用量都需承诺 {0}（占成本的 {1}%）：资金在期限内被锁定。";
    AdvWhyCashUnknown => "The partial-upfront split is not published: the highest month lies between {0} and {1} (the term total is right).", "部分预付的拆分未公布：单月最高支出在 {0} 至 {1} 之间（期限总额无误）。";
    AdvWhyStale => "Prices from {0}, {1} days old: check the provider's current price before deciding.", "价格日期为 {0}，已 {1} 天：决定前请核对厂商现价。";
    AdvWhyBounded => "At least {0}, at most {1}: ranked on {1}, with {2} at the highest published rate of its kind (at most {3}).", "至少 {0}，至多 {1}：按 {1} 排名，其中{2}按同类最高公布费率计（至多 {3}）。";
    AdvWhyUnbounded => "{0}: no provider publishes a rate of this kind, so the cost is unbounded and scores no cost points.", "{0}：没有任何服务商公布此类费率，费用无上限，成本不得分。";
    AdvScopeSingle => "a single instance", "单实例";
    AdvScopeSet => "an availability set", "可用性集";
    AdvScopeZones => "instances across zones", "跨可用区部署";
    AdvOpenPlan => "Open in plan", "在规划中打开";
    AdvOpenCompare => "Open in compare", "在比较中打开";
    AdvFigures => "Decision cost {0} (≈ {1} per month) · paid in the period {2} · still owed {3} · highest month {4}", "决策成本 {0}（约每月 {1}）· 期内支付 {2} · 仍需支付 {3} · 单月最高 {4}";
    AdvTotal => "Score {0} of 100", "得分 {0}/100";
    AdvScoreCost => "Cost", "成本";
    AdvScorePerf => "Performance", "性能";
    AdvScoreUnknown => "unknown", "未知";
    AdvScoreEco => "Ecosystem", "生态";
    AdvScoreRisk => "Compliance and risk", "合规与风险";
    AdvWeightOf => "weight {0}", "权重 {0}";
    AdvChangesTitle => "What would change the answer", "什么会改变结论";
    AdvChangeBudget => "A budget below {0} {1} rules the top pick out", "预算低于{1} {0} 时排除首选";
    AdvThenLeads => "; then {0} leads.", "；届时 {0} 领先。";
    AdvThenNone => "; then no other offer fits that budget.", "；届时没有其他实例符合该预算。";
    AdvChangeDrop => "If you {0}: {1} ({2}) leads at {3}.", "如果{0}：{1}（{2}）以 {3} 领先。";
    AdvChangeCostOnly => "Ranked on cost alone: {0} ({1}) leads.", "只按成本排名：{0}（{1}）领先。";
    AdvChangeHorizon => "Over {0} months, {1} ({2}) leads (among the ten best-ranked offers).", "时间范围为 {0} 个月时，{1}（{2}）领先（在排名前十的实例中）。";
    AdvChangeHorizonStable => "No horizon from 1 to 60 months tried changes the top pick (among the ten best-ranked offers).", "在 1 至 60 个月的各时间范围内，首选都不变（在排名前十的实例中）。";
    AdvProfMissing => "The articles pick {0}: it is not in the catalog, so it cannot be compared.", "文章推荐 {0}：目录中没有该实例，无法比较。";
    AdvProfAgrees => "The articles pick {0}: the data agrees, it ranks first for these inputs.", "文章推荐 {0}：数据一致，在这些条件下排名第一。";
    AdvProfRanked => "The articles pick {0}: from the data it ranks #{1} ({2}, score {3} against {4} for the top pick)", "文章推荐 {0}：按数据排名第 {1}（{2}，得分 {3}，首选为 {4}）";
    AdvProfDearer => ", and costs {0} % more", "，且贵 {0}%";
    AdvStop => ".", "。";
    AdvProfBehind => "; it loses most on {0}: {1} against {2}.", "；差距最大的是{0}：{1} 对 {2}。";
    AdvProfExcluded => "The articles pick {0}: it is excluded for these inputs ({1}).", "文章推荐 {0}：在这些条件下被排除（{1}）。";
    AdvProfTitle => "Against the articles: {0}", "与文章对比：{0}";
    AdvRankedTitle => "Ranking ({0} feasible of {1} offers considered; best way to pay each)", "排名（考虑 {1} 个实例，其中 {0} 个可行；各取最佳付费方式）";
    AdvColOffer => "Offer", "实例";
    AdvColStrategy => "How to pay", "付费方式";
    AdvColCost => "Decision cost", "决策成本";
    AdvColTotal => "Score", "得分";
    AdvExcludedTitle => "Excluded: {0} of {1} offers, by reason", "已排除：{1} 个实例中的 {0} 个，按原因分组";
    AdvExOverBy => "over budget (the closest by {0})", "超出预算（最接近的超出 {0}）";
    AdvExBestMemory => "; the largest among them: {0} GB per GPU", "；其中最大为每张 GPU {0} GB";
    AdvExCount => "{0} offer(s)", "{0} 个实例";
    AdvNoneTitle => "No offer meets every constraint", "没有实例满足全部条件";
    AdvNoneText => "None of the {0} offers considered meets all of these constraints together. The nearest ways out:", "考虑的 {0} 个实例中，没有一个同时满足全部条件。最接近的放宽方式：";
    AdvNoRelaxation => "No change of one or two constraints admits an offer: widen the filters on the compare screen.", "放宽一两项条件也没有可行实例：请在比较页放宽筛选条件。";
    AdvRelax => "{0}: {1} offer(s) qualify; the top one is {2} ({3}) at {4}", "{0}：有 {1} 个实例符合；最佳为 {2}（{3}），{4}";
    AdvRelaxBudget => "; a budget of {0} admits the cheapest.", "；预算达到 {0} 即可纳入最便宜的方案。";
    AdvRelaxMemory => "; it has {0} GB per GPU.", "；其每张 GPU 为 {0} GB。";
    AdvNotesTitle => "Assumptions", "假设";
    AdvNoteWeights => "Weights cost {0}, performance {1}, ecosystem {2}, compliance and risk {3} (relative); {4} months at {5} h/month.", "权重：成本 {0}、性能 {1}、生态 {2}、合规与风险 {3}（相对值）；{4} 个月，每月 {5} 小时。";
    AdvNoteWeightsFallback => "The weights added up to zero: the default weights are used.", "权重之和为零：已改用默认权重。";
    AdvNoteSpotAssumed => "Spot: {0} % of instances interrupted per month, an assumption for every offer whose provider publishes no rate for it (the articles' figure, within AWS Spot Advisor's 10–15 % band; an offer's own Spot Advisor band or published rate is used where the catalog has one), which adds {1} % rework. Set your own in step 3.", "竞价：每月 {0}% 的实例被中断，这是对厂商未公布中断率的规格采用的假设（文章所用数值，在 AWS Spot Advisor 的 10–15% 区间内；目录中有该规格的 Spot Advisor 档位或公布中断率时即采用之），增加 {1}% 的重做工作。可在第 3 步自行设置。";
    AdvNoteSpot => "Spot: {0} % of instances interrupted per month (your setting), which adds {1} % rework.", "竞价：每月 {0}% 的实例被中断（你的设置），增加 {1}% 的重做工作。";
    AdvNoteBurst => "Mixes run {0} % of the hours on spot.", "混合方案中 {0}% 的小时使用竞价。";
    AdvNoteScores => "How the scores are made (0–100, against the feasible options): cost = the lowest decision cost ÷ this one; performance = dense FP16 TFLOPS per GPU ÷ the best (a job: the fastest hours ÷ these; with neither known it is unknown and left out, its weight shared by the known scores); ecosystem = the share of the wanted items (framework, platform, DL images) the provider's sourced facts state; compliance and risk = 100 − spot exposure (20 + the monthly interruption % the offer's cost rests on, at most 60; × the burst share in a mix) − what is still owed ÷ the decision cost × 50 (× 100 with a bursty load) − 10 each for an indicative price, an assumed commitment rate or a missing usage rate.",
        "得分的算法（0–100，与可行方案相比）：成本 = 最低决策成本 ÷ 本方案；性能 = 每 GPU 稠密 FP16 TFLOPS ÷ 最佳值（作业：最快小时数 ÷ 本方案；两者皆未知时记为未知、不计入，其权重由已知各项分担）；生态 = 云厂商有来源的事实中提及所需项目（框架、平台、深度学习镜像）的比例；合规与风险 = 100 − 竞价风险（20 + 该规格成本所依据的每月中断比例，最多 60；混合方案 × 突发比例）− 仍需支付 ÷ 决策成本 × 50（突发负载 × 100）− 参考价、假设的承诺折扣、缺少用量费率各扣 10。";
    AdvNoteThroughput => "Performance is the datasheet's dense FP16 TFLOPS per GPU (never the sparse figure), not a measured run.", "性能按规格表的每 GPU 稠密 FP16 TFLOPS（不用稀疏数值）计，并非实测。";
    AdvNoteBudgetMonthly => "Budget {0} per month: no month's cash may exceed it (an upfront payment counts in its month).", "预算每月 {0}：任何一个月的支出都不得超过（预付计入当月）。";
    AdvNoteBudgetTotal => "Budget {0} in total: the decision cost (paid plus still owed) may not exceed it.", "总预算 {0}：决策成本（已付加仍需支付）不得超过。";
    AdvNoteModels => "Only the {0} billing model(s) chosen on the plan screen are considered.", "只考虑在规划页选择的 {0} 种计费方式。";
    AdvSameElsewhere => "The same GPUs at the same price and way of paying: {0}.", "同样的 GPU、同样价格和付费方式：{0}。";
    AdvMore => "and {0} more (see the ranking)", "另有 {0} 个（见排名）";
    AdvWhySame => "Same decision cost as the next option ({0}) over {1} months.", "在 {1} 个月内与下一个方案（{0}）决策成本相同。";
    AdvClaimPlatform => "A managed ML platform", "托管机器学习平台";
    AdvClaimImages => "Deep-learning images", "深度学习镜像";
    AdvIntro => "Answer three steps (what the GPUs are for, how much cost matters, how elastic the load is); every offer × way of paying is scored on cost, performance, ecosystem and risk from the catalog's data, with the reasons, what was excluded and why, and what would change the answer.",
        "回答三个步骤（GPU 用途、成本敏感度、负载弹性）；每个实例 × 付费方式都按目录数据在成本、性能、生态和风险上打分，并给出理由、被排除的实例及原因，以及什么会改变结论。";
    AdvPicksTitle => "Top picks over {0} months", "{0} 个月内的首选";
    AdvPicksJobTitle => "Top picks for this job", "此作业的首选";
    AdvJobFigures => "Decision cost of the whole job {0} ({1} h) · paid during it {2} · still owed after it {3}", "整个作业的决策成本 {0}（{1} 小时）· 作业期间支付 {2} · 之后仍需支付 {3}";
    // the compare screen's side-by-side panel (made in the worker)
    UserPriceTag => "your price", "您的价格";
    CompareTotals => "Cost of the decision, per instance, for a period of {0} mo at {1} h/month: paid in the period plus any commitment still owed after it", "决策总成本（每实例，{0} 个月，每月 {1} 小时）：期内支付加上期满后仍需支付的承诺费用";
    CompareSpecs => "Specs", "规格";
    CompareCosts => "Decision cost by billing model", "各计费方式的决策成本";
    CompareHourlyOd => "On-demand per hour", "按需每小时";
    CompareBestNote => "Green = best value in the row.", "绿色 = 该行最优值。";
    CompareBestPerGpu => "These offers have different GPU counts, so the best is the lowest per GPU (NVLink links the GPUs of one instance only: several smaller boxes are not one large NVLink box).", "这些实例的 GPU 数量不同，因此按每张 GPU 的最低值评出最优（NVLink 只连接同一实例内的 GPU：几台小实例不等于一台带 NVLink 的大实例）。";
    CompareHourlyGpu => "On-demand per GPU-hour", "按需每 GPU 小时";
    PerGpu => "{0} per GPU", "每张 GPU {0}";
    CompareSpotBasis => "Spot and mix rows are expected costs (an estimate): {0}, a checkpoint every {1} min, {2} min lost per restart, {3} % of hours on spot; spot priced at the middle of its sourced range.",
        "竞价与混合两行为期望成本（估算）：{0}，每 {1} 分钟保存一次检查点，每次重启损失 {2} 分钟，{3}% 的时长使用竞价实例；竞价价格取其来源价格区间的中点。";
    SpotRateMonthly => "{0} % of instances interrupted per month (≈ {1} interruptions per instance-hour)", "每月 {0}% 的实例被中断（约每实例小时 {1} 次中断）";
    SpotRateHourly => "{0} interruptions per 100 instance-hours", "每 100 实例小时中断 {0} 次";
    SpotRatePublished => "{0} % a month interrupted (published)", "每月 {0}% 被中断（厂商公布）";
    SpotRateBand => "{0} % a month interrupted (Spot Advisor band, upper edge)", "每月 {0}% 被中断（Spot Advisor 档位上限）";
    SpotRateAssumed => "{0} % a month interrupted (assumed: none published)", "每月 {0}% 被中断（假设值：未公布）";
    CompareCommitNote => "Commitments are charged for every hour of their term and cover every hour used; a term that ends after the period is counted in full, so a contract ranks the same whether paid upfront or monthly. The compare table's commitment per use is that cost ÷ the hours used in the period (per hour used, or per month of use): a short period makes it high, and the cell says when it is above on-demand.", "承诺类计费按整个期限的每个小时收费，并覆盖所有使用时长；期限超出所选时段的部分也全额计入，因此同一合同无论预付还是按月付，排名相同。比较表中的“承诺按使用”即该费用 ÷ 时段内的使用小时数（按每使用小时或每使用月）：时段越短它越高，高于按需时单元格会注明。";
    PaidOwed => "paid {0} in the period · still owed after it {1}", "期内支付 {0} · 期满后仍需支付 {1}";
    IncompleteTag => "incomplete", "不完整";
    IncompleteTip => "No rate for: {0}. This figure leaves that charge out; at the highest published rate of its kind it adds at most {1}, and the figure is ranked on {2}; enter the rate below.", "缺少费率：{0}。此金额未计入该费用；按同类最高公布费率计，至多增加 {1}，按 {2} 排名；请在下方输入费率。";
    IncompleteTipUnbounded => "No rate for: {0}, and no provider publishes one. This figure leaves that charge out, has no upper bound and ranks after every bounded figure; enter the rate below.", "缺少费率：{0}，且没有任何服务商公布该费率。此金额未计入该费用，没有上限，排在所有有上限的结果之后；请在下方输入费率。";
    MissingRatesTitle => "Rates the catalog does not have — enter yours", "目录中缺少的费率——请输入您的费率";
    MissingRateLabel => "{0}, {1} ({2})", "{0}，{1}（{2}）";
    AssumedRatesIntro => "Assumed discounts off on-demand where no commitment rate is sourced:", "无来源承诺价时假设的折扣（相对按需）：";
    AssumedRatesTerm => "{0} yr — no upfront {1} %, partial upfront {2} %, all upfront {3} %.", "{0} 年——无预付 {1}%，部分预付 {2}%，全部预付 {3}%。";
    AssumedGapBasis => "Partial / all upfront add the median gap of the catalog's sourced reservations ({0}).", "部分/全部预付在无预付基础上加上目录中有来源预留实例的中位差值（{0} 个）。";
    Unavailable => "—", "—";
    CompareSla => "SLA, one instance (monthly uptime)", "SLA，单实例（月度可用性）";
    PvSla => "Compute SLA (monthly uptime)", "计算 SLA（月度可用性）";
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

/// Where the chosen language is remembered: the key web/first.js declares
/// (`PREFS.lang`; tests/prefs.rs holds the two equal).
pub const LANG_KEY: &str = "gpucost.lang";

impl I18n {
    /// Locale from local storage, else the browser's language, else English.
    pub fn new() -> I18n {
        let stored = local_storage()
            .and_then(|s| s.get_item(LANG_KEY).ok().flatten())
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
            let _ = s.set_item(LANG_KEY, locale.tag());
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
