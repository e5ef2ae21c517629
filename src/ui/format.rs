//! Number and money formatting for the active locale. Views call these with
//! figures the engine computed; nothing here does arithmetic on money beyond
//! choosing how many decimals to show.

use rust_decimal::{Decimal, RoundingStrategy};

use crate::domain::catalog::{Currency, Region};
use crate::ui::i18n::Locale;

/// A region's name in the UI language.
pub fn region_name(r: &Region, locale: Locale) -> String {
    match locale {
        Locale::En => r.name_en.clone(),
        Locale::ZhCn => r.name_zh.clone(),
    }
}

pub fn currency_symbol(c: Currency) -> &'static str {
    match c {
        Currency::USD => "$",
        Currency::CNY => "¥",
    }
}

/// Group the integer part with the locale's separator (both locales use `,`
/// and `.`; kept here so a locale with other rules changes one place).
fn group(int_part: &str, _locale: Locale) -> String {
    let digits: Vec<char> = int_part.chars().collect();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.iter().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(*ch);
    }
    out
}

/// A decimal with exactly `dp` decimals, grouped.
pub fn number(d: Decimal, dp: u32, locale: Locale) -> String {
    let r = d.round_dp_with_strategy(dp, RoundingStrategy::MidpointAwayFromZero);
    let neg = r.is_sign_negative() && !r.is_zero();
    let s = format!("{:.*}", dp as usize, r.abs());
    let (int_part, frac) = match s.split_once('.') {
        Some((i, f)) => (i.to_string(), Some(f.to_string())),
        None => (s.clone(), None),
    };
    let mut out = String::new();
    if neg {
        out.push('-');
    }
    out.push_str(&group(&int_part, locale));
    if let Some(f) = frac {
        out.push('.');
        out.push_str(&f);
    }
    out
}

/// Decimals for a money figure: small unit rates need more to be readable.
pub fn money_dp(d: Decimal) -> u32 {
    let a = d.abs();
    if a.is_zero() || a >= Decimal::ONE {
        2
    } else if a >= Decimal::new(1, 2) {
        3
    } else {
        4
    }
}

/// Money with its currency symbol, e.g. `$21.96`, `¥1,234.00`, `$0.0069`.
pub fn money(d: Decimal, c: Currency, locale: Locale) -> String {
    format!("{}{}", currency_symbol(c), number(d, money_dp(d), locale))
}

/// The exchange rate's basis in the UI language: the catalog states it in
/// English ("2025 annual average"); other wordings are shown as they are.
pub fn fx_basis(as_of: &str, locale: Locale) -> String {
    match (locale, as_of.strip_suffix(" annual average")) {
        (Locale::ZhCn, Some(year))
            if year.len() == 4 && year.bytes().all(|b| b.is_ascii_digit()) =>
        {
            format!("{year} 年全年平均")
        }
        _ => as_of.to_string(),
    }
}

/// The accepted range of a number key as a hint beside its field
/// (`1–4,096`, `0–99.99`, `> 0`): written from the key's bounds, so the hint
/// says what the link parser accepts.
pub fn range_hint(b: &crate::domain::link::Bounds, locale: Locale) -> String {
    let hi = plain(b.hi, locale);
    match (
        b.lo_open,
        b.hi >= Decimal::from(crate::domain::scenario::MAX_MONEY_INPUT),
    ) {
        (true, true) => format!("> {}", plain(b.lo, locale)),
        (true, false) => format!("> {}, ≤ {hi}", plain(b.lo, locale)),
        (false, _) => format!("{}–{hi}", plain(b.lo, locale)),
    }
}

/// A whole count or plain figure without trailing zeros, grouped.
pub fn plain(d: Decimal, locale: Locale) -> String {
    let n = d.normalize();
    number(n, n.scale(), locale)
}

/// A GPU and its count, as every screen writes them ("NVIDIA A100 80GB ×
/// 8"): the count kept with its "×" by a no-break space, so a narrow cell
/// breaks before the "×", never between it and the count.
pub fn gpus(name: &str, count: u32) -> String {
    format!("{name} ×\u{a0}{count}")
}

/// A percentage as sourced, without trailing zeros ("99.975 %"; Chinese
/// writes it without the space: "99.975%").
pub fn percent(d: Decimal, locale: Locale) -> String {
    let n = plain(d, locale);
    if locale == Locale::ZhCn {
        format!("{n}%")
    } else {
        format!("{n} %")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_follow_the_language() {
        assert_eq!(percent(Decimal::new(99975, 3), Locale::En), "99.975 %");
        assert_eq!(percent(Decimal::new(99500, 3), Locale::ZhCn), "99.5%");
    }

    #[test]
    fn range_hints_come_from_the_bounds() {
        use crate::domain::link::Bounds;
        let l = Locale::En;
        assert_eq!(range_hint(&Bounds::whole(1, 4096), l), "1–4,096");
        assert_eq!(
            range_hint(&Bounds::dec(0, Decimal::new(9999, 2), false), l),
            "0–99.99"
        );
        let money = Bounds::dec(
            0,
            Decimal::from(crate::domain::scenario::MAX_MONEY_INPUT),
            true,
        );
        assert_eq!(range_hint(&money, l), "> 0");
        assert_eq!(
            range_hint(&Bounds::dec(0, Decimal::from(100), true), l),
            "> 0, ≤ 100"
        );
    }

    #[test]
    fn formats_money_by_magnitude() {
        let en = Locale::En;
        assert_eq!(
            money(Decimal::new(21957642, 6), Currency::USD, en),
            "$21.96"
        );
        assert_eq!(
            money(Decimal::new(121280, 0), Currency::CNY, en),
            "¥121,280.00"
        );
        assert_eq!(money(Decimal::new(68625, 7), Currency::USD, en), "$0.0069");
        assert_eq!(money(Decimal::new(5, 2), Currency::USD, en), "$0.050");
        assert_eq!(number(Decimal::new(-12345678, 2), 2, en), "-123,456.78");
        assert_eq!(plain(Decimal::new(11520, 1), Locale::ZhCn), "1,152");
        assert_eq!(plain(Decimal::new(15, 1), en), "1.5");
        assert_eq!(
            fx_basis("2025 annual average", Locale::ZhCn),
            "2025 年全年平均"
        );
        assert_eq!(fx_basis("2025 annual average", en), "2025 annual average");
        assert_eq!(fx_basis("ECB 2026-11-27", Locale::ZhCn), "ECB 2026-11-27");
    }
}
