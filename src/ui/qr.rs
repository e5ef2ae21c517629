//! A share link as a QR code (SVG markup), for phones. Computed in the
//! worker when the user asks (`enhance.js`), so the encoder is not in the
//! app's first load. Error correction is raised as far as the link allows
//! (at least "low", 7 %); a link too long for any QR code says so.
use std::fmt::Write;

use qrcodegen::{QrCode, QrCodeEcc, QrSegment, Version};

use crate::ui::html::Html;

/// Longest text a QR code holds (version 40, byte mode, low correction).
pub const MAX_QR_BYTES: usize = 2953;

/// Modules of quiet zone around the code (the standard's minimum).
const BORDER: i32 = 4;

/// The QR code of `text` as an `<svg>` (one path of dark modules), or the
/// text's length in bytes when it is too long.
pub fn qr_svg(text: &str, label: &str) -> Result<Html, usize> {
    let segs = QrSegment::make_segments(text);
    let qr = QrCode::encode_segments_advanced(
        &segs,
        QrCodeEcc::Low,
        Version::MIN,
        Version::MAX,
        None,
        true,
    )
    .map_err(|_| text.len())?;
    let size = qr.size() + 2 * BORDER;
    let mut d = String::new();
    for y in 0..qr.size() {
        for x in 0..qr.size() {
            if qr.get_module(x, y) {
                let _ = write!(d, "M{},{}h1v1h-1z", x + BORDER, y + BORDER);
            }
        }
    }
    let size = size.to_string();
    let mut svg = Html::new();
    svg.raw("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"qr\"")
        .attr("viewBox", &format!("0 0 {size} {size}"))
        .raw(" role=\"img\"")
        .attr("aria-label", label)
        .raw(" shape-rendering=\"crispEdges\"><rect")
        .attr("width", &size)
        .attr("height", &size)
        .raw(" fill=\"#fff\"/><path fill=\"#000\"")
        .attr("d", &d)
        .raw("/></svg>");
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_becomes_an_svg_and_a_too_long_one_says_its_length() {
        let svg = qr_svg("https://example.org/?v=2&screen=plan&m=6", "QR <code>").unwrap();
        let svg = svg.as_str();
        assert!(
            svg.starts_with("<svg") && svg.contains("<path") && svg.contains("QR &lt;code&gt;")
        );
        let n = svg.matches('M').count();
        assert!(n > 100, "{n} dark modules");
        let long = "x".repeat(MAX_QR_BYTES + 1);
        assert_eq!(qr_svg(&long, ""), Err(MAX_QR_BYTES + 1));
        assert!(qr_svg(&"y".repeat(MAX_QR_BYTES), "").is_ok());
    }
}
