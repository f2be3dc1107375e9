//! Plain SVG line charts over the plies of a game: one or more panels stacked, each with its
//! series, a y axis from the smallest value (or 0) to the largest, ply numbers on the x axis.
//! Hand-written: a few line series need no plotting library. Used by `cavalo stats --svg` (time
//! and nodes per move) and `cavalo analyse --svg` (the value over the game).

use std::fmt::Write as _;

use cavalo_session::i18n::Lang;

/// One line (or set of dots) in a panel.
pub struct Series {
    /// Its colour.
    pub colour: &'static str,
    /// `(ply, value)` points in order.
    pub points: Vec<(f64, f64)>,
    /// Whether the points are joined by a line (else only dots).
    pub line: bool,
    /// The radius of the dots.
    pub dot: f64,
}

/// One panel: a label above it and its series.
pub struct Panel {
    /// The label above the panel.
    pub label: String,
    /// The series drawn in it.
    pub series: Vec<Series>,
}

/// A legend entry: a colour and its text.
pub type Legend = (&'static str, String);

/// Escapes text for SVG.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// The SVG of `panels` stacked under `title`, the x axis from ply 1 to `max_ply`, the legend at
/// the bottom (260 px per entry). The y axes have round ticks (1, 2 or 5 times a power of ten),
/// written the way `lang` writes numbers.
pub fn render(title: &str, max_ply: f64, panels: &[Panel], legend: &[Legend], lang: Lang) -> String {
    let (w, ph, left, top, gap) = (900.0, 260.0, 80.0, 50.0, 60.0);
    let right = w - 30.0;
    let max_ply = max_ply.max(2.0);
    let n = panels.len().max(1) as f64;
    let mut svg = String::new();
    let height = top + n * ph + (n - 1.0) * gap + 50.0;
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" viewBox="0 0 {w} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(svg, r#"<text x="{left}" y="24" font-size="16">{}</text>"#, esc(title));
    for (k, panel) in panels.iter().enumerate() {
        let y0 = top + k as f64 * (ph + gap);
        let y1 = y0 + ph;
        let values = || panel.series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
        let ticks = Ticks::over(values().fold(0.0f64, f64::min), values().fold(0.0f64, f64::max));
        let (lo, hi) = (ticks.lo, ticks.hi);
        let x = |ply: f64| left + (ply - 1.0) / (max_ply - 1.0) * (right - left);
        let y = |v: f64| y1 - (v - lo) / (hi - lo) * (ph - 10.0);
        let _ = writeln!(
            svg,
            r#"<text x="{left}" y="{}" font-weight="bold">{}</text>"#,
            y0 - 6.0,
            esc(&panel.label)
        );
        let _ = writeln!(svg, r##"<line x1="{left}" y1="{y1}" x2="{right}" y2="{y1}" stroke="#333"/>"##);
        let _ = writeln!(svg, r##"<line x1="{left}" y1="{y0}" x2="{left}" y2="{y1}" stroke="#333"/>"##);
        for v in ticks.values() {
            let yy = y(v);
            let _ = writeln!(
                svg,
                r##"<line x1="{left}" y1="{yy:.1}" x2="{right}" y2="{yy:.1}" stroke="#ddd"/>"##
            );
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
                left - 6.0,
                yy + 4.0,
                ticks.label(v, lang)
            );
        }
        if lo < 0.0 {
            let yy = y(0.0);
            let _ = writeln!(
                svg,
                r##"<line x1="{left}" y1="{yy:.1}" x2="{right}" y2="{yy:.1}" stroke="#888" stroke-dasharray="4 3"/>"##
            );
        }
        // Ply 1, then round ply numbers (1, 2 or 5 times a power of ten apart).
        let step = Ticks::over(0.0, max_ply * 0.7).step.max(1.0) as u32;
        let plies = std::iter::once(1).chain((1..).map(|k| k * step).filter(|&t| t > 1));
        for t in plies.take_while(|&t| t as f64 <= max_ply) {
            let xx = x(t as f64);
            let _ = writeln!(svg, r#"<text x="{xx:.1}" y="{}" text-anchor="middle">{t}</text>"#, y1 + 16.0);
        }
        for s in &panel.series {
            let pts: Vec<(String, String)> =
                s.points.iter().map(|&(px, py)| (format!("{:.1}", x(px)), format!("{:.1}", y(py)))).collect();
            if pts.is_empty() {
                continue;
            }
            let c = s.colour;
            if s.line {
                let joined: Vec<String> = pts.iter().map(|(a, b)| format!("{a},{b}")).collect();
                let _ = writeln!(
                    svg,
                    r#"<polyline fill="none" stroke="{c}" stroke-width="2" points="{}"/>"#,
                    joined.join(" ")
                );
            }
            for (px, py) in &pts {
                let _ = writeln!(svg, r#"<circle cx="{px}" cy="{py}" r="{}" fill="{c}"/>"#, s.dot);
            }
        }
    }
    let ly = height - 18.0;
    for (i, (colour, text)) in legend.iter().enumerate() {
        let lx = left + i as f64 * 260.0;
        let _ = writeln!(svg, r#"<rect x="{lx}" y="{}" width="14" height="4" fill="{colour}"/>"#, ly - 4.0);
        let _ = writeln!(svg, r#"<text x="{}" y="{ly}">{}</text>"#, lx + 20.0, esc(text));
    }
    svg.push_str("</svg>\n");
    svg
}

/// A y axis's round ticks: from `lo` to `hi` by `step`, 1, 2 or 5 times a power of ten, at
/// most about five of them, covering the values.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Ticks {
    lo: f64,
    hi: f64,
    step: f64,
}

impl Ticks {
    /// The ticks of an axis holding `min..max` (and 0): the smallest round step that needs at
    /// most seven intervals.
    fn over(min: f64, max: f64) -> Ticks {
        let (min, max) = (min.min(0.0), max.max(0.0));
        let mut power = 10f64.powf(((max - min) / 10.0).max(1.0).log10().floor());
        loop {
            for m in [1.0, 2.0, 5.0] {
                let step = m * power;
                let (lo, hi) = ((min / step).floor(), (max / step).ceil());
                if hi - lo <= 7.0 {
                    return Ticks { lo: lo * step, hi: hi.max(lo + 1.0) * step, step };
                }
            }
            power *= 10.0;
        }
    }

    /// The tick values, lowest first.
    fn values(self) -> impl Iterator<Item = f64> {
        let n = ((self.hi - self.lo) / self.step).round() as i64;
        (0..=n).map(move |i| self.lo + i as f64 * self.step)
    }

    /// A tick's label in `lang`: `1.5M`/`1,5M`, `35k`, `-12`.
    fn label(self, v: f64, lang: Lang) -> String {
        let top = self.lo.abs().max(self.hi.abs());
        let (unit, suffix) = if top >= 1e6 {
            (1e6, "M")
        } else if top >= 1e4 {
            (1e3, "k")
        } else {
            (1.0, "")
        };
        let places = if (self.step / unit).fract().abs() < 1e-9 { 0 } else { 1 };
        format!("{}{suffix}", lang.decimal(v / unit, places))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn negative_values_get_a_zero_line_and_ticks_below_zero() {
        let s = Series { colour: "#000", points: vec![(1.0, -20.0), (2.0, 40.0)], line: true, dot: 2.5 };
        let svg = render(
            "t <1>",
            2.0,
            &[Panel { label: "v".into(), series: vec![s] }],
            &[("#000", "a".into())],
            Lang::En,
        );
        assert!(svg.contains("t &lt;1&gt;"));
        assert!(svg.contains(">-20</text>") && svg.contains(">40</text>"), "{svg}");
        assert_eq!(svg.matches("stroke-dasharray").count(), 1);
        assert_eq!(svg.matches("<polyline").count(), 1);
        let s = Series { colour: "#000", points: vec![(1.0, 5.0)], line: false, dot: 2.5 };
        let svg = render("t", 2.0, &[Panel { label: "v".into(), series: vec![s] }], &[], Lang::En);
        assert!(!svg.contains("stroke-dasharray") && !svg.contains("<polyline"));
    }

    #[test]
    fn ticks_are_round_and_cover_the_values() {
        let t = Ticks::over(0.0, 1_234_567.0);
        assert_eq!((t.lo, t.hi, t.step), (0.0, 1_400_000.0, 200_000.0));
        let labels: Vec<String> = t.values().map(|v| t.label(v, Lang::Pt)).collect();
        assert_eq!(labels[..3], ["0,0M", "0,2M", "0,4M"]);
        assert_eq!(t.values().map(|v| t.label(v, Lang::En)).last().unwrap(), "1.4M");
        let t = Ticks::over(-23.0, 97.0);
        assert_eq!((t.lo, t.hi, t.step), (-40.0, 100.0, 20.0));
        assert_eq!(t.values().map(|v| t.label(v, Lang::En)).collect::<Vec<_>>().first().unwrap(), "-40");
        let t = Ticks::over(0.0, 48_000.0);
        assert_eq!(
            t.values().map(|v| t.label(v, Lang::En)).collect::<Vec<_>>(),
            ["0k", "10k", "20k", "30k", "40k", "50k"]
        );
        assert_eq!(Ticks::over(-610.0, 435.0), Ticks { lo: -800.0, hi: 600.0, step: 200.0 });
        assert_eq!(Ticks::over(0.0, 0.0), Ticks { lo: 0.0, hi: 1.0, step: 1.0 });
        for (lo, hi) in [(0.0, 0.0), (0.0, 3.0), (-5.0, 0.0), (0.0, 999.0), (-610.0, 435.0), (0.0, 7e9)] {
            let t = Ticks::over(lo, hi);
            assert!(t.lo <= lo.min(0.0) && t.hi >= hi.max(0.0) && t.hi > t.lo, "{lo}..{hi}: {t:?}");
            assert!(t.values().count() <= 8, "{lo}..{hi}: {t:?}");
        }
    }
}
