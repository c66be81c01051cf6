//! SVG line plots of bench results against the number of diamonds (the
//! paper's Figures 4 to 6), written by hand: no plotting crate.
//!
//! Takes: [`BenchRow`]s and a [`Measure`]. Gives: the SVG text
//! ([`by_diamonds`]): one line per algorithm (and solver), the mean of the
//! measure over the programs of each diamond count, on a log-scale y axis.

use crate::bench::BenchRow;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What to plot on the y axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    WallSeconds,
    Queries,
}

impl Measure {
    fn of(self, r: &BenchRow) -> f64 {
        match self {
            Measure::WallSeconds => r.wall.as_secs_f64(),
            Measure::Queries => r.queries as f64,
        }
    }

    fn title(self) -> &'static str {
        match self {
            Measure::WallSeconds => "wall time per program (s, mean, log scale)",
            Measure::Queries => "queries per program (mean, log scale)",
        }
    }
}

const COLOURS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
];

/// Per diamond count: the sum of the measure and the number of programs.
type Sums = BTreeMap<usize, (f64, usize)>;

/// Series name → diamonds → mean of the measure.
fn series(rows: &[BenchRow], measure: Measure) -> Vec<(String, BTreeMap<usize, f64>)> {
    let mut sums: Vec<(String, Sums)> = Vec::new();
    for r in rows {
        let Some(d) = r.diamonds else { continue };
        let name = format!("{} ({})", r.mode, r.solver);
        let i = match sums.iter().position(|(n, _)| *n == name) {
            Some(i) => i,
            None => {
                sums.push((name, BTreeMap::new()));
                sums.len() - 1
            }
        };
        let e = sums[i].1.entry(d).or_insert((0.0, 0));
        e.0 += measure.of(r);
        e.1 += 1;
    }
    sums.into_iter()
        .map(|(n, m)| {
            let means = m
                .into_iter()
                .map(|(d, (s, c))| (d, s / c.max(1) as f64))
                .collect();
            (n, means)
        })
        .collect()
}

/// An SVG line plot of `measure` against diamonds, one line per series.
pub fn by_diamonds(rows: &[BenchRow], measure: Measure) -> String {
    let (w, h) = (640.0, 400.0);
    let (left, right, top, bottom) = (70.0, 180.0, 30.0, 50.0);
    let data = series(rows, measure);
    let xs: Vec<usize> = data.iter().flat_map(|(_, m)| m.keys().copied()).collect();
    let ys: Vec<f64> = data
        .iter()
        .flat_map(|(_, m)| m.values().copied())
        .filter(|&y| y > 0.0)
        .collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="{}" y="18" text-anchor="middle">{}</text>"#,
        (left + w - right) / 2.0,
        measure.title()
    );
    if xs.is_empty() || ys.is_empty() {
        out.push_str("<text x=\"20\" y=\"60\">no data</text>\n</svg>\n");
        return out;
    }
    let (x0, x1) = (
        *xs.iter().min().unwrap_or(&0) as f64,
        *xs.iter().max().unwrap_or(&1) as f64,
    );
    let x1 = if x1 > x0 { x1 } else { x0 + 1.0 };
    let lo = ys.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = ys.iter().cloned().fold(0.0, f64::max);
    let (l0, l1) = (
        lo.log10().floor(),
        hi.log10().ceil().max(lo.log10().floor() + 1.0),
    );
    let px = |x: f64| left + (x - x0) / (x1 - x0) * (w - left - right);
    let py = |y: f64| {
        let l = y.max(lo).log10();
        h - bottom - (l - l0) / (l1 - l0) * (h - top - bottom)
    };
    // Axes and grid.
    let _ = writeln!(
        out,
        r#"<path d="M{left} {top} V{} H{}" stroke="black" fill="none"/>"#,
        h - bottom,
        w - right
    );
    let mut e = l0;
    while e <= l1 + 1e-9 {
        let y = py(10f64.powf(e));
        let _ = writeln!(
            out,
            r##"<line x1="{left}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">1e{e}</text>"##,
            w - right,
            left - 5.0,
            y + 4.0
        );
        e += 1.0;
    }
    let mut ticks: Vec<usize> = xs.clone();
    ticks.sort_unstable();
    ticks.dedup();
    for x in ticks {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{x}</text>"#,
            px(x as f64),
            h - bottom + 16.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{}" text-anchor="middle">diamonds</text>"#,
        (left + w - right) / 2.0,
        h - 12.0
    );
    for (i, (name, points)) in data.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let d: Vec<String> = points
            .iter()
            .filter(|(_, &y)| y > 0.0)
            .enumerate()
            .map(|(j, (&x, &y))| {
                format!(
                    "{}{:.1} {:.1}",
                    if j == 0 { "M" } else { "L" },
                    px(x as f64),
                    py(y)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<path d="{}" stroke="{colour}" stroke-width="2" fill="none"/>"#,
            d.join(" ")
        );
        let ly = top + 10.0 + 18.0 * i as f64;
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="2"/><text x="{}" y="{}">{}</text>"#,
            w - right + 10.0,
            w - right + 30.0,
            w - right + 35.0,
            ly + 4.0,
            name
        );
    }
    out.push_str("</svg>\n");
    out
}
