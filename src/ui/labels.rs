//! Every enum → message mapping of the UI, in one place: a new variant is
//! a compile error here and nowhere else.
use crate::domain::catalog::{
    Catalog, GpuLink, OfferId, ProviderId, RdmaKind, RegionGroup, SourceKind, UsageKind,
};
use crate::domain::compare::view::{Column, Fabric, TflopsKind, TimeUnit};
use crate::domain::input::InputError;
use crate::domain::link::LinkNoticeCode;
use crate::domain::plan::{BreakEven, Figure};
use crate::domain::scenario::BillingModel;
use crate::ui::i18n::{Locale, Msg, WorkerMsg};

/// How an offer is named everywhere (plan, advise, pickers, panel):
/// `provider instance · region` in the locale; the id when the catalog
/// lacks the offer.
pub fn offer_name(catalog: &Catalog, id: &OfferId, locale: Locale) -> String {
    match catalog.offer(id) {
        Some(o) => format!(
            "{} {} · {}",
            provider_msg(o.provider).text(locale),
            o.instance_type,
            catalog
                .region(o.provider, &o.region)
                .map(|r| crate::ui::format::region_name(r, locale))
                .unwrap_or_else(|| o.region.to_string())
        ),
        None => id.to_string(),
    }
}

/// A region's name in the locale (its code when the catalog lacks it).
pub fn region_label(catalog: &Catalog, provider: ProviderId, code: &str, locale: Locale) -> String {
    catalog
        .region(provider, code)
        .map(|r| crate::ui::format::region_name(r, locale))
        .unwrap_or_else(|| code.to_string())
}

pub const fn provider_msg(p: ProviderId) -> Msg {
    match p {
        ProviderId::Aws => Msg::ProviderAws,
        ProviderId::Azure => Msg::ProviderAzure,
        ProviderId::Alibaba => Msg::ProviderAlibaba,
        ProviderId::Tencent => Msg::ProviderTencent,
    }
}

/// The plan options' figure columns (table and exports).
pub fn figure_msg(f: Figure) -> WorkerMsg {
    match f {
        Figure::Usage => WorkerMsg::PlanColUsage,
        Figure::Upfront => WorkerMsg::PlanColUpfront,
        Figure::Commitment => WorkerMsg::PlanColCommitment,
        Figure::Data => WorkerMsg::PlanColData,
        Figure::Credits => WorkerMsg::PlanColCredits,
        Figure::Paid => WorkerMsg::PlanColPaid,
        Figure::Owed => WorkerMsg::PlanColOwed,
        Figure::Decision => WorkerMsg::PlanColDecision,
    }
}

pub fn group_msg(g: RegionGroup) -> Msg {
    match g {
        RegionGroup::MainlandChina => Msg::GroupCn,
        RegionGroup::AsiaPacific => Msg::GroupApac,
        RegionGroup::Americas => Msg::GroupAmer,
        RegionGroup::Europe => Msg::GroupEu,
    }
}

pub fn source_kind_msg(k: SourceKind) -> Msg {
    match k {
        SourceKind::Primary => Msg::SourceKindPrimary,
        SourceKind::Aggregator => Msg::SourceKindAggregator,
        SourceKind::Secondary => Msg::SourceKindSecondary,
        SourceKind::Derived => Msg::SourceKindDerived,
    }
}

pub fn usage_kind_msg(k: UsageKind) -> Msg {
    match k {
        UsageKind::EgressPerGb => Msg::KindEgress,
        UsageKind::InterRegionPerGb => Msg::KindInterRegion,
        UsageKind::StoragePerGbMonth => Msg::KindStorage,
        UsageKind::BandwidthPerMbpsMonth => Msg::KindBandwidth,
        UsageKind::PublicIpv4PerHour => Msg::KindPublicIpv4,
    }
}

/// The unit a usage kind's quantity and rate are in (the plan's bill).
pub fn usage_unit_msg(k: UsageKind) -> WorkerMsg {
    match k {
        UsageKind::EgressPerGb | UsageKind::InterRegionPerGb => WorkerMsg::UnitGb,
        UsageKind::StoragePerGbMonth => WorkerMsg::UnitGbMonth,
        UsageKind::BandwidthPerMbpsMonth => WorkerMsg::UnitMbpsMonth,
        UsageKind::PublicIpv4PerHour => WorkerMsg::UnitAddressHour,
    }
}

pub fn model_msg(m: BillingModel) -> Msg {
    match m {
        BillingModel::OnDemand => Msg::BmOd,
        BillingModel::Ri1No => Msg::BmRi1n,
        BillingModel::Ri1Partial => Msg::BmRi1p,
        BillingModel::Ri1All => Msg::BmRi1a,
        BillingModel::Ri3No => Msg::BmRi3n,
        BillingModel::Ri3Partial => Msg::BmRi3p,
        BillingModel::Ri3All => Msg::BmRi3a,
        BillingModel::Ri5No => Msg::BmRi5n,
        BillingModel::Ri5Partial => Msg::BmRi5p,
        BillingModel::Ri5All => Msg::BmRi5a,
        BillingModel::Sp1 => Msg::BmSp1,
        BillingModel::Sp3 => Msg::BmSp3,
        BillingModel::Subscription => Msg::BmSub,
        BillingModel::Installment => Msg::BmInst,
        BillingModel::Spot => Msg::BmSpot,
        BillingModel::Mix => Msg::BmMix,
        BillingModel::CapacityBlock => Msg::BmCb,
    }
}

/// A short label for a billing model (table tags).
pub fn model_tag(m: BillingModel) -> Msg {
    match m {
        BillingModel::OnDemand => Msg::TagOd,
        BillingModel::Ri1No => Msg::TagRi1n,
        BillingModel::Ri1Partial => Msg::TagRi1p,
        BillingModel::Ri1All => Msg::TagRi1a,
        BillingModel::Ri3No => Msg::TagRi3n,
        BillingModel::Ri3Partial => Msg::TagRi3p,
        BillingModel::Ri3All => Msg::TagRi3a,
        BillingModel::Ri5No => Msg::TagRi5n,
        BillingModel::Ri5Partial => Msg::TagRi5p,
        BillingModel::Ri5All => Msg::TagRi5a,
        BillingModel::Sp1 => Msg::TagSp1,
        BillingModel::Sp3 => Msg::TagSp3,
        BillingModel::Subscription => Msg::TagSub,
        BillingModel::Installment => Msg::TagInst,
        BillingModel::Spot => Msg::TagSpot,
        BillingModel::Mix => Msg::TagMix,
        BillingModel::CapacityBlock => Msg::TagCb,
    }
}

pub fn column_msg(c: Column) -> Msg {
    match c {
        Column::Provider => Msg::ColProvider,
        Column::Region => Msg::ColRegion,
        Column::Type => Msg::ColType,
        Column::Gpu => Msg::ColGpu,
        Column::Gpus => Msg::ColGpus,
        Column::Vram => Msg::ColVram,
        Column::Vcpu => Msg::ColVcpu,
        Column::Ram => Msg::ColRam,
        Column::Hourly => Msg::ColHourly,
        Column::Gpuh => Msg::ColGpuh,
        Column::Tflopsh => Msg::ColTflopsh,
        Column::Vramh => Msg::ColVramh,
        Column::Spot => Msg::ColSpot,
        Column::Commit => Msg::ColCommit,
        Column::Monthly => Msg::ColMonthly,
        Column::Net => Msg::ColNet,
        Column::Link => Msg::ColLink,
    }
}

/// How the GPUs inside an instance are linked, as the sources state it.
pub fn gpu_link_msg(l: GpuLink) -> Msg {
    match l {
        GpuLink::Single => Msg::LinkSingle,
        GpuLink::NvSwitch => Msg::LinkNvswitch,
        GpuLink::NvLink => Msg::LinkNvlink,
        GpuLink::NeuronLink => Msg::LinkNeuron,
        GpuLink::Pcie => Msg::LinkPcie,
        GpuLink::Unknown => Msg::LinkUnknown,
    }
}

/// RDMA between instances, as the sources state it.
pub fn rdma_msg(r: RdmaKind) -> Msg {
    match r {
        RdmaKind::Efa => Msg::RdmaEfa,
        RdmaKind::Infiniband => Msg::RdmaIb,
        RdmaKind::None => Msg::RdmaNone,
    }
}

/// A required interconnect (compare filter).
pub fn fabric_msg(f: Fabric) -> Msg {
    match f {
        Fabric::Rdma => Msg::FabRdma,
        Fabric::NvLink => Msg::FabNvlink,
    }
}

/// The unit's name (time-unit select).
pub fn unit_msg(u: TimeUnit) -> Msg {
    match u {
        TimeUnit::H => Msg::PerHour,
        TimeUnit::D => Msg::PerDay,
        TimeUnit::M => Msg::PerMonth,
        TimeUnit::Y => Msg::PerYear,
    }
}

/// The short unit suffix of a rate (`/h`).
pub fn unit_short(u: TimeUnit) -> Msg {
    match u {
        TimeUnit::H => Msg::UnitH,
        TimeUnit::D => Msg::UnitD,
        TimeUnit::M => Msg::UnitM,
        TimeUnit::Y => Msg::UnitY,
    }
}

pub fn notice_msg(code: LinkNoticeCode) -> Msg {
    match code {
        LinkNoticeCode::UnknownKey => Msg::NoticeUnknownKey,
        LinkNoticeCode::InvalidValue => Msg::NoticeInvalidValue,
        LinkNoticeCode::OutOfRange => Msg::NoticeOutOfRange,
        LinkNoticeCode::UnknownItem => Msg::NoticeUnknownItem,
        LinkNoticeCode::TooManyItems => Msg::NoticeTooMany,
        LinkNoticeCode::UnsupportedVersion => Msg::NoticeVersion,
        LinkNoticeCode::DuplicateKey => Msg::NoticeDuplicate,
        LinkNoticeCode::Migrated => Msg::NoticeMigrated,
        LinkNoticeCode::RuleChanged => Msg::NoticeRuleChanged,
        LinkNoticeCode::DataUpdated => Msg::NoticeDataUpdated,
        LinkNoticeCode::NoMatch => Msg::NoticeNoMatch,
        LinkNoticeCode::UnknownKeys => Msg::NoticeUnknownKeys,
        LinkNoticeCode::Shortened => Msg::NoticeShortened,
        LinkNoticeCode::BadEscape => Msg::NoticeBadEscape,
    }
}

/// What a field says of a refused value, naming its bound ("At least 1",
/// "At most 4,096", "More than 0").
pub fn input_error_text(
    e: InputError,
    f: crate::domain::input::NumberField,
    loc: crate::ui::i18n::Locale,
) -> String {
    let (msg, bound) = match e {
        InputError::TooSmall if f.exclusive_min => (Msg::ErrAboveMin, f.min),
        InputError::TooSmall => (Msg::ErrTooSmall, f.min),
        InputError::TooLarge => (Msg::ErrTooLarge, f.max),
        e => return input_error_msg(e).text(loc).to_string(),
    };
    crate::ui::i18n::fill(msg.text(loc), &[&crate::ui::format::plain(bound, loc)])
}

pub fn input_error_msg(e: InputError) -> Msg {
    match e {
        InputError::NotANumber => Msg::ErrNotANumber,
        InputError::NotWhole => Msg::ErrNotWhole,
        InputError::TooSmall => Msg::ErrTooSmall,
        InputError::TooLarge => Msg::ErrTooLarge,
    }
}

pub fn screen_msg(s: crate::ui::link::Screen) -> Msg {
    use crate::ui::link::Screen;
    match s {
        Screen::Compare => Msg::NavCompare,
        Screen::Plan => Msg::NavPlan,
        Screen::Advise => Msg::NavAdvise,
        Screen::Providers => Msg::NavProviders,
        Screen::Sources => Msg::DataSources,
    }
}

pub fn tflops_msg(k: TflopsKind) -> Msg {
    match k {
        TflopsKind::Fp16 => Msg::TflopsFp16,
        TflopsKind::Tf32 => Msg::TflopsTf32,
        TflopsKind::Fp32 => Msg::TflopsFp32,
    }
}

pub fn job_msg(k: crate::domain::job::JobKind) -> Msg {
    use crate::domain::job::JobKind;
    match k {
        JobKind::Resnet50 => Msg::JobResnet,
        JobKind::BertLarge => Msg::JobBert,
        JobKind::LlmTrain => Msg::JobLlmTrain,
        JobKind::LlmServe => Msg::JobLlmServe,
    }
}

/// Why a commitment has no break-even month, in words (None for a month or
/// what is not a commitment): the options table's cell and the export's.
pub fn break_even_why(b: BreakEven) -> Option<WorkerMsg> {
    match b {
        BreakEven::Never => Some(WorkerMsg::PlanCrossNever),
        BreakEven::Unknown { cheaper: true } => Some(WorkerMsg::PlanCrossUnknownCheaper),
        BreakEven::Unknown { cheaper: false } => Some(WorkerMsg::PlanCrossUnknown),
        BreakEven::Month(_) | BreakEven::NotCommitment => None,
    }
}
