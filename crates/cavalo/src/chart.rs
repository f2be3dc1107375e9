//! Plain SVG line charts over the plies of a game: one or more panels stacked, each with its
//! series, a y axis from the smallest value (or 0) to the largest, ply numbers on the x axis.
//! A few line series need no plotting library: the geometry is worked out here and drawn by the
//! template `templates/chart.svg`. Used by `cavalo stats --svg` (time
//! and nodes per move) and `cavalo analyse --svg` (the value over the game).

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

/// The SVG of `panels` stacked under `title`, the x axis from ply 1 to `max_ply`, the legend at
/// the bottom (260 px per entry). The y axes have round ticks (1, 2 or 5 times a power of ten),
/// written the way `lang` writes numbers. The drawing is `templates/chart.svg`, which escapes every
/// text; here only the geometry is worked out.
pub fn render(title: &str, max_ply: f64, panels: &[Panel], legend: &[Legend], lang: Lang) -> String {
    let frame = Frame::new(max_ply, panels.len());
    let chart = Chart {
        width: frame.width,
        height: frame.height,
        left: frame.left,
        right: frame.right,
        tick_x: frame.left - 6.0,
        title,
        panels: panels.iter().enumerate().map(|(k, panel)| frame.panel(k, panel, lang)).collect(),
        legend_y: frame.height - 18.0,
        legend_mark_y: frame.height - 22.0,
        legend: legend
            .iter()
            .enumerate()
            .map(|(i, (colour, text))| {
                let x = frame.left + i as f64 * 260.0;
                LegendView { x, text_x: x + 20.0, colour, text }
            })
            .collect(),
    };
    let mut svg =
        askama::Template::render(&chart).expect("a chart renders: its values are numbers and strings");
    svg.push('\n');
    svg
}

/// The page's measures: panels stacked `PANEL` high, `GAP` apart, under the title.
struct Frame {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    max_ply: f64,
}

/// A panel's height.
const PANEL: f64 = 260.0;
/// The space between two panels.
const GAP: f64 = 60.0;
/// The space above the first panel (the title's).
const TOP: f64 = 50.0;

impl Frame {
    /// The frame of `panels` panels over plies 1 to `max_ply`.
    fn new(max_ply: f64, panels: usize) -> Frame {
        let n = panels.max(1) as f64;
        let width = 900.0;
        Frame {
            width,
            height: TOP + n * PANEL + (n - 1.0) * GAP + 50.0,
            left: 80.0,
            right: width - 30.0,
            max_ply: max_ply.max(2.0),
        }
    }

    /// Where ply `ply` is drawn.
    fn x(&self, ply: f64) -> f64 {
        self.left + (ply - 1.0) / (self.max_ply - 1.0) * (self.right - self.left)
    }

    /// The `k`th panel's lines, ticks and labels.
    fn panel<'a>(&self, k: usize, panel: &'a Panel, lang: Lang) -> PanelView<'a> {
        let y0 = TOP + k as f64 * (PANEL + GAP);
        let y1 = y0 + PANEL;
        let values = || panel.series.iter().flat_map(|s| s.points.iter().map(|p| p.1));
        let ticks = Ticks::over(values().fold(0.0f64, f64::min), values().fold(0.0f64, f64::max));
        let y = |v: f64| y1 - (v - ticks.lo) / (ticks.hi - ticks.lo) * (PANEL - 10.0);
        // Ply 1, then round ply numbers (1, 2 or 5 times a power of ten apart).
        let step = Ticks::over(0.0, self.max_ply * 0.7).step.max(1.0) as u32;
        let plies = std::iter::once(1).chain((1..).map(|k| k * step).filter(|&t| t > 1));
        PanelView {
            label: &panel.label,
            label_y: y0 - 6.0,
            y0,
            y1,
            ticks: ticks
                .values()
                .map(|v| TickView {
                    y: format!("{:.1}", y(v)),
                    label_y: format!("{:.1}", y(v) + 4.0),
                    label: ticks.label(v, lang),
                })
                .collect(),
            zero: (ticks.lo < 0.0).then(|| format!("{:.1}", y(0.0))),
            plies: plies
                .take_while(|&t| t as f64 <= self.max_ply)
                .map(|t| (format!("{:.1}", self.x(t as f64)), t))
                .collect(),
            ply_y: y1 + 16.0,
            series: panel
                .series
                .iter()
                .filter(|s| !s.points.is_empty())
                .map(|s| {
                    let dots: Vec<(String, String)> = s
                        .points
                        .iter()
                        .map(|&(px, py)| (format!("{:.1}", self.x(px)), format!("{:.1}", y(py))))
                        .collect();
                    let joined =
                        || dots.iter().map(|(a, b)| format!("{a},{b}")).collect::<Vec<_>>().join(" ");
                    SeriesView { colour: s.colour, dot: s.dot, polyline: s.line.then(joined), dots }
                })
                .collect(),
        }
    }
}

/// What `templates/chart.svg` draws.
#[derive(askama::Template)]
#[template(path = "chart.svg", escape = "html")]
struct Chart<'a> {
    width: f64,
    height: f64,
    left: f64,
    right: f64,
    /// Where the y axes' labels end.
    tick_x: f64,
    title: &'a str,
    panels: Vec<PanelView<'a>>,
    legend_y: f64,
    legend_mark_y: f64,
    legend: Vec<LegendView<'a>>,
}

/// A panel as drawn: coordinates already written with one decimal where they vary.
struct PanelView<'a> {
    label: &'a str,
    label_y: f64,
    /// Its top and bottom.
    y0: f64,
    y1: f64,
    ticks: Vec<TickView>,
    /// The zero line, when the axis goes below zero.
    zero: Option<String>,
    /// Where each numbered ply is, and its number.
    plies: Vec<(String, u32)>,
    ply_y: f64,
    series: Vec<SeriesView>,
}

/// A y tick: its grid line and its label.
struct TickView {
    y: String,
    label_y: String,
    label: String,
}

/// A series as drawn: its line's points (when joined) and its dots.
struct SeriesView {
    colour: &'static str,
    dot: f64,
    polyline: Option<String>,
    dots: Vec<(String, String)>,
}

/// A legend entry as drawn.
struct LegendView<'a> {
    x: f64,
    text_x: f64,
    colour: &'a str,
    text: &'a str,
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
        assert!(svg.contains("t &#60;1&#62;") && !svg.contains("<1>"), "the title is escaped: {svg}");
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
