//! What every screen's worker-side render needs besides its result: the
//! catalog, the language and the display currency, with the one way each
//! names an offer, a billing model and an amount.
use rust_decimal::Decimal;

use crate::domain::catalog::{Catalog, Currency, OfferId};
use crate::domain::scenario::BillingModel;
use crate::ui::format;
use crate::ui::i18n::{Locale, Text};
use crate::ui::labels::{model_msg, offer_name};

/// Everything a render needs besides the result.
#[derive(Clone, Copy)]
pub struct Ctx<'a> {
    pub catalog: &'a Catalog,
    pub locale: Locale,
    pub currency: Currency,
}

impl Ctx<'_> {
    pub fn t(&self, m: impl Text) -> &'static str {
        m.text(self.locale)
    }
    pub fn money(&self, d: Decimal) -> String {
        format::money(d, self.currency, self.locale)
    }
    /// `provider instance · region` as the catalog names it.
    pub fn offer(&self, id: &OfferId) -> String {
        offer_name(self.catalog, id, self.locale)
    }
    pub fn model(&self, m: BillingModel) -> &'static str {
        self.t(model_msg(m))
    }
}
