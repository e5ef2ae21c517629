//! The catalog's string ids (offer, GPU, usage-rate key, region code),
//! each a newtype declared by `string_id!`. Apart because they are one
//! macro and its four uses, read by every other catalog type.
use serde::{Deserialize, Serialize};

/// Declare a string id newtype over `Arc<str>`: cloning one (done per offer
/// per quote) shares the text instead of copying it. It serializes as the
/// bare string (JSON and the wire string table are unchanged), prints and
/// debugs as the string, reads as `&str` ([`Deref`](core::ops::Deref)) and
/// looks up `&str` keys in maps and sets ([`Borrow<str>`](core::borrow::Borrow)).
/// Each id is its own type, so an offer id cannot be passed where a GPU id
/// is expected.
macro_rules! string_id {
    ($(#[$meta:meta])* $t:ident) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $t(std::sync::Arc<str>);

        impl $t {
            pub fn new(id: impl Into<std::sync::Arc<str>>) -> $t {
                $t(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl core::ops::Deref for $t {
            type Target = str;
            fn deref(&self) -> &str {
                &self.0
            }
        }

        impl core::borrow::Borrow<str> for $t {
            fn borrow(&self) -> &str {
                &self.0
            }
        }

        impl AsRef<str> for $t {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl core::fmt::Display for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(&self.0)
            }
        }

        /// Debugs as the bare string, like the `String` it replaces.
        impl core::fmt::Debug for $t {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                core::fmt::Debug::fmt(&*self.0, f)
            }
        }

        impl From<&str> for $t {
            fn from(id: &str) -> $t {
                $t::new(id)
            }
        }

        impl From<String> for $t {
            fn from(id: String) -> $t {
                $t::new(id)
            }
        }

        impl PartialEq<str> for $t {
            fn eq(&self, other: &str) -> bool {
                *self.0 == *other
            }
        }

        impl PartialEq<&str> for $t {
            fn eq(&self, other: &&str) -> bool {
                *self.0 == **other
            }
        }
    };
}

string_id! {
    /// An offer id, `provider:region:instance_type`, e.g. `aws:us-east-1:p4d.24xlarge`.
    OfferId
}

string_id! {
    /// A GPU id, e.g. `a100-40-sxm`.
    GpuId
}

string_id! {
    /// The key of a user-entered usage rate, `provider:region:kind` (the
    /// link's `ur` item, `UsageRateKey::code`), e.g. `azure:eastus:eg`.
    /// Backed like the other ids, so maps keyed by it share their code
    /// with maps keyed by offer ids in the wasm.
    UsageRateCode
}

string_id! {
    /// A provider's region code, e.g. `us-east-1`, `cn-hangzhou`
    /// (unique only together with the provider).
    RegionCode
}
