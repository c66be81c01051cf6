//! SVG line plots of bench results against the number of diamonds (the
//! paper's Figures 4 to 6), written by hand: no plotting crate.
//!
//! Takes: [`BenchRow`]s and a [`Measure`]. Gives: the SVG text
//! ([`by_diamonds`]): one line per algorithm (and solver), the mean of the
//! measure over the programs of each diamond count, on a log-scale y axis
//! (and x axis for a scaling series); peak memory per program
//! ([`memory_by_diamonds`]). The growth exponent of a series (the slope on
//! log-log axes) is [`crate::experiments::table::growth_exponent`].

use crate::experiments::table::BenchRow;
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

/// An SVG line plot of `measure` against diamonds, one line per series
/// (log-scale x axis too when the largest count is 20 times the smallest
/// or more, as in a scaling series).
pub fn by_diamonds(rows: &[BenchRow], measure: Measure) -> String {
    let data: Vec<Series> = series(rows, measure)
        .into_iter()
        .map(|(name, m)| (name, m.into_iter().map(|(d, y)| (d as f64, y)).collect()))
        .collect();
    line_plot(measure.title(), "diamonds", &data)
}

/// Peak memory (MiB) against diamonds: for each mode and solver, one line
/// for the bicd process and one for the solver process (rows without a
/// measurement are left out).
pub fn memory_by_diamonds(rows: &[BenchRow]) -> String {
    let mut data: Vec<Series> = Vec::new();
    let mut add = |name: String, x: f64, y: f64| match data.iter_mut().find(|(n, _)| *n == name) {
        Some((_, points)) => points.push((x, y)),
        None => data.push((name, vec![(x, y)])),
    };
    for r in rows {
        let Some(d) = r.diamonds else { continue };
        if let Some(k) = r.bicd_peak_kib {
            add(
                format!("bicd, {} ({})", r.mode, r.solver),
                d as f64,
                k as f64 / 1024.0,
            );
        }
        if let Some(k) = r.solver_peak_kib {
            add(
                format!("{} process, {}", r.solver, r.mode),
                d as f64,
                k as f64 / 1024.0,
            );
        }
    }
    for (_, points) in data.iter_mut() {
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    line_plot(
        "peak memory per program (MiB, log scale)",
        "diamonds",
        &data,
    )
}

/// A named line: (x, y) points in increasing x.
pub(crate) type Series = (String, Vec<(f64, f64)>);

/// An SVG line plot, log-scale y axis; log-scale x axis when the largest x
/// is 20 times the smallest or more. Points with y <= 0 are left out.
pub fn line_plot(title: &str, x_label: &str, data: &[Series]) -> String {
    let (w, h) = (640.0, 400.0);
    let (left, right, top, bottom) = (70.0, 180.0, 30.0, 50.0);
    let xs: Vec<f64> = data
        .iter()
        .flat_map(|(_, p)| p.iter().map(|&(x, _)| x))
        .collect();
    let ys: Vec<f64> = data
        .iter()
        .flat_map(|(_, p)| p.iter().map(|&(_, y)| y))
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
        title
    );
    if xs.is_empty() || ys.is_empty() {
        out.push_str("<text x=\"20\" y=\"60\">no data</text>\n</svg>\n");
        return out;
    }
    let x0 = xs.iter().cloned().fold(f64::INFINITY, f64::min);
    let x1 = xs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let log_x = x0 > 0.0 && x1 / x0 >= 20.0;
    let fx = |x: f64| if log_x { x.log10() } else { x };
    let (fx0, fx1) = (fx(x0), fx(x1));
    let fx1 = if fx1 > fx0 { fx1 } else { fx0 + 1.0 };
    let lo = ys.iter().cloned().fold(f64::INFINITY, f64::min);
    let hi = ys.iter().cloned().fold(0.0, f64::max);
    let (l0, l1) = (
        lo.log10().floor(),
        hi.log10().ceil().max(lo.log10().floor() + 1.0),
    );
    let px = |x: f64| left + (fx(x) - fx0) / (fx1 - fx0) * (w - left - right);
    let py = |y: f64| {
        let l = y.max(f64::MIN_POSITIVE).log10();
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
    let mut ticks: Vec<f64> = xs.clone();
    ticks.sort_by(f64::total_cmp);
    ticks.dedup();
    for x in ticks {
        let _ = writeln!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{x}</text>"#,
            px(x),
            h - bottom + 16.0
        );
    }
    let _ = writeln!(
        out,
        r#"<text x="{:.1}" y="{}" text-anchor="middle">{x_label}{}</text>"#,
        (left + w - right) / 2.0,
        h - 12.0,
        if log_x { " (log scale)" } else { "" }
    );
    for (i, (name, points)) in data.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let d: Vec<String> = points
            .iter()
            .filter(|(_, y)| *y > 0.0)
            .enumerate()
            .map(|(j, &(x, y))| {
                format!(
                    "{}{:.1} {:.1}",
                    if j == 0 { "M" } else { "L" },
                    px(x),
                    py(y)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            r#"<path d="{}" stroke="{colour}" stroke-width="2" fill="none"/>"#,
            d.join(" ")
        );
        for &(x, y) in points.iter().filter(|(_, y)| *y > 0.0) {
            let _ = writeln!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"/>"#,
                px(x),
                py(y)
            );
        }
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
