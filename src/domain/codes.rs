//! Field-less enums whose variants each have a short stable code (used in
//! links, ids and the CLI), declared once with `code_enum!`: the enum, its
//! `ALL` list in declaration order, `code`, `from_code` and `index` all come
//! from the one declaration, so a new variant cannot be missing from any of
//! them. The JSON form stays a serde attribute on the same declaration, and
//! the binary catalog encoding (`wire.rs`) is the variant's `index`, so no
//! encoding ever falls back to a default variant.
//!
//! This file is also compiled into `build.rs` (with `catalog/`).

/// Declare a code enum:
///
/// ```ignore
/// code_enum! {
///     #[derive(Debug, Clone, Copy, PartialEq, Eq)]
///     pub enum Unit { Hour = "h", Day = "d" }
/// }
/// ```
macro_rules! code_enum {
    (
        $(#[$meta:meta])*
        pub enum $t:ident {
            $($(#[$vmeta:meta])* $v:ident = $code:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        pub enum $t {
            $($(#[$vmeta])* $v),+
        }

        #[allow(dead_code)]
        impl $t {
            /// Every variant, in declaration order.
            pub const ALL: [$t; [$($code),+].len()] = [$($t::$v),+];

            /// The stable short code.
            pub fn code(self) -> &'static str {
                match self {
                    $($t::$v => $code),+
                }
            }

            /// The variant with this code.
            pub fn from_code(code: &str) -> Option<$t> {
                $t::ALL.into_iter().find(|x| x.code() == code)
            }

            /// Position in [`Self::ALL`] (the binary catalog encoding).
            pub fn index(self) -> usize {
                self as usize
            }
        }
    };
}
pub(crate) use code_enum;
