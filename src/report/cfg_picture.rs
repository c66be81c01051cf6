//! `bicd cfg`: a procedure's control-flow graph as a picture (DOT or SVG).
//!
//! Takes: a resolved [`Program`], a procedure, optionally a bound K whose
//! unwound graph ([`crate::middle::unwind::unwind_loops`]) to draw, and the
//! procedure's analysis result. Gives: a [`Picture`] (blocks with their
//! lines, verdict and covering tests; edges), written as Graphviz DOT
//! ([`to_dot`]) or as a self-contained SVG laid out in layers by depth
//! without Graphviz ([`to_svg`]). Issue 6, "bicd cfg".
//!
//! Verdicts are per original block (design.md: a block is covered when some
//! copy is). In the unwound graph a copy is `covered` when some test's trace
//! runs through that very copy; a copy of a covered block that no test runs
//! through is `no test` (statement cover needs one copy only); copies of an
//! infeasible (unknown) block are infeasible (unknown).

use crate::driver::{self, BlockStatus, Options, ProcedureResult};
use crate::ir::{ProcId, Program};
use crate::middle::unwind::{UnwoundBody, UnwoundKind};
use crate::source::{SourceMap, Span};
use petgraph::graph::NodeIndex;
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// What is known of one drawn block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Covered,
    Infeasible,
    Unknown,
    /// A copy (unwound graph) of a covered block that no test runs through.
    NoTest,
    /// The synthetic cut-off block of the unwound graph.
    CutOff,
}

impl Verdict {
    fn fill(self) -> &'static str {
        match self {
            Verdict::Covered => "#c8e6c9",
            Verdict::Infeasible => "#ffcdd2",
            Verdict::Unknown => "#fff3b0",
            Verdict::NoTest => "#eeeeee",
            Verdict::CutOff => "#d0d0d0",
        }
    }

    fn stroke(self) -> &'static str {
        match self {
            Verdict::Covered => "#2e7d32",
            Verdict::Infeasible => "#c62828",
            Verdict::Unknown => "#b08900",
            Verdict::NoTest => "#9e9e9e",
            Verdict::CutOff => "#616161",
        }
    }

    fn name(self) -> &'static str {
        match self {
            Verdict::Covered => "covered",
            Verdict::Infeasible => "infeasible",
            Verdict::Unknown => "unknown",
            Verdict::NoTest => "no test",
            Verdict::CutOff => "cut-off",
        }
    }
}

/// The verdicts in legend order.
const LEGEND: [Verdict; 5] = [
    Verdict::Covered,
    Verdict::Infeasible,
    Verdict::Unknown,
    Verdict::NoTest,
    Verdict::CutOff,
];

/// One drawn block: its text lines (label first) and verdict.
#[derive(Clone, Debug)]
pub(crate) struct PictureNode {
    pub lines: Vec<String>,
    pub verdict: Verdict,
}

/// One procedure's graph, ready to draw.
#[derive(Clone, Debug)]
pub(crate) struct Picture {
    pub title: String,
    pub nodes: Vec<PictureNode>,
    /// `(from, to)` in `goto` order.
    pub edges: Vec<(usize, usize)>,
    pub entry: usize,
}

fn line_range(sources: &SourceMap, extent: Span) -> String {
    let first = sources.line(extent);
    let last = sources.line(Span {
        start: extent.end.saturating_sub(1).max(extent.start),
        ..extent
    });
    if first == last {
        format!("line {first}")
    } else {
        format!("lines {first}-{last}")
    }
}

/// `test 1`, `tests 1, 3`, `tests 1-4, 7`: runs of consecutive ids as ranges.
fn tests_text(tests: &BTreeSet<usize>) -> String {
    let mut parts: Vec<String> = Vec::new();
    let ids: Vec<usize> = tests.iter().copied().collect();
    let mut i = 0;
    while i < ids.len() {
        let mut j = i;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => ids[i].to_string(),
            1 => format!("{}, {}", ids[i], ids[j]),
            _ => format!("{}-{}", ids[i], ids[j]),
        });
        i = j + 1;
    }
    format!(
        "test{} {}",
        if ids.len() == 1 { "" } else { "s" },
        parts.join(", ")
    )
}

/// The picture of `proc`'s body (unwound `k` times when `unwind` is set),
/// coloured by `result` (the analysis of `proc` as an entry).
pub(crate) fn procedure_picture(
    program: &Program,
    sources: &SourceMap,
    proc: ProcId,
    unwind: Option<u32>,
    result: &ProcedureResult,
) -> Result<Picture, crate::source::Diagnostic> {
    let p = program.proc(proc);
    let Some(cfg) = p.body.as_ref() else {
        return Err(crate::source::Diagnostic::error(
            p.span,
            format!("procedure `{}` has no body to draw", p.name),
        ));
    };
    let status: HashMap<&str, &BlockStatus> = result
        .blocks
        .iter()
        .filter(|b| b.proc == p.name)
        .map(|b| (b.label.as_str(), &b.status))
        .collect();
    let verdict_of = |label: &str| match status.get(label) {
        Some(BlockStatus::Covered(_)) => Verdict::Covered,
        Some(BlockStatus::Infeasible) => Verdict::Infeasible,
        _ => Verdict::Unknown,
    };
    match unwind {
        None => {
            let mut nodes = Vec::new();
            let mut edges = Vec::new();
            for n in cfg.graph.node_indices() {
                let b = &cfg.graph[n];
                let mut lines = vec![b.label.clone(), line_range(sources, b.extent)];
                match status.get(b.label.as_str()) {
                    Some(BlockStatus::Covered(ts)) => {
                        lines.push(tests_text(&ts.iter().copied().collect()))
                    }
                    Some(BlockStatus::Infeasible) => lines.push("infeasible".to_string()),
                    Some(BlockStatus::UncoveredSummary) => {
                        lines.push("uncovered (summary)".to_string())
                    }
                    Some(BlockStatus::Unknown(_)) | None => lines.push("unknown".to_string()),
                }
                nodes.push(PictureNode {
                    lines,
                    verdict: verdict_of(&b.label),
                });
                for s in cfg.successors(n) {
                    edges.push((n.index(), s.index()));
                }
            }
            Ok(Picture {
                title: p.name.clone(),
                nodes,
                edges,
                entry: cfg.entry.index(),
            })
        }
        Some(k) => {
            let body = crate::middle::unwind::unwind_loops(program, proc, k)?;
            let visits = copies_visited(program, proc, &body, result);
            let mut nodes = Vec::new();
            let mut edges = Vec::new();
            for (i, ub) in body.blocks.iter().enumerate() {
                let node = match &ub.kind {
                    // `bicd cfg` draws the unwinding without loop exits;
                    // were one there, it would be drawn as what it is.
                    UnwoundKind::LoopExit { count, .. } => PictureNode {
                        lines: vec![format!("loop left after {count}")],
                        verdict: Verdict::NoTest,
                    },
                    UnwoundKind::CutOff => PictureNode {
                        lines: vec!["cut-off".to_string(), "assume false".to_string()],
                        verdict: Verdict::CutOff,
                    },
                    UnwoundKind::Copy {
                        origin, iterations, ..
                    } => {
                        let b = &cfg.graph[*origin];
                        let mut label = b.label.clone();
                        if !iterations.is_empty() {
                            let its: Vec<String> =
                                iterations.iter().map(|i| i.to_string()).collect();
                            let _ = write!(label, " #{}", its.join("."));
                        }
                        let mut lines = vec![label, line_range(sources, b.extent)];
                        let origin_verdict = verdict_of(&b.label);
                        let verdict = match (&visits[i], origin_verdict) {
                            (ts, _) if !ts.is_empty() => {
                                lines.push(tests_text(ts));
                                Verdict::Covered
                            }
                            (_, Verdict::Covered) => {
                                lines.push("no test".to_string());
                                Verdict::NoTest
                            }
                            (_, v) => {
                                lines.push(v.name().to_string());
                                v
                            }
                        };
                        PictureNode { lines, verdict }
                    }
                };
                nodes.push(node);
                for &s in &ub.succs {
                    edges.push((i, s));
                }
            }
            Ok(Picture {
                title: format!("{} unwound, K = {k}", p.name),
                nodes,
                edges,
                entry: body.entry,
            })
        }
    }
}

/// For each block of the unwound body, the tests whose trace runs through
/// it: the trace's steps in `proc` are followed along the unwound edges
/// (callee steps are skipped; a step that matches no successor ends the
/// walk, so nothing is claimed beyond it).
fn copies_visited(
    program: &Program,
    proc: ProcId,
    body: &UnwoundBody,
    result: &ProcedureResult,
) -> Vec<BTreeSet<usize>> {
    let p = program.proc(proc);
    let cfg = p.body.as_ref().expect("unwound procedures have a body");
    let mut visits = vec![BTreeSet::new(); body.blocks.len()];
    let label_of = |i: usize| -> Option<&str> {
        body.blocks[i]
            .origin()
            .map(|o: NodeIndex| cfg.graph[o].label.as_str())
    };
    for t in &result.tests {
        let mut steps = t.trace.iter().filter(|s| s.proc == p.name);
        let Some(first) = steps.next() else { continue };
        if label_of(body.entry) != Some(first.label.as_str()) {
            continue;
        }
        let mut at = body.entry;
        visits[at].insert(t.id);
        for step in steps {
            match body.blocks[at]
                .succs
                .iter()
                .copied()
                .find(|&s| label_of(s) == Some(step.label.as_str()))
            {
                Some(next) => {
                    at = next;
                    visits[at].insert(t.id);
                }
                None => break,
            }
        }
    }
    visits
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Graphviz DOT: one cluster per picture.
pub(crate) fn to_dot(pictures: &[Picture]) -> String {
    let mut out = String::from("digraph bicd {\n");
    out.push_str(
        "  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\", fontsize=10];\n",
    );
    out.push_str("  edge [fontname=\"monospace\", fontsize=9];\n");
    for (pi, pic) in pictures.iter().enumerate() {
        let _ = writeln!(out, "  subgraph cluster_{pi} {{");
        let _ = writeln!(out, "    label=\"{}\";", dot_escape(&pic.title));
        for (i, n) in pic.nodes.iter().enumerate() {
            let label = n
                .lines
                .iter()
                .map(|l| dot_escape(l))
                .collect::<Vec<_>>()
                .join("\\n");
            let _ = writeln!(
                out,
                "    p{pi}_b{i} [label=\"{label}\", fillcolor=\"{}\", color=\"{}\"{}];",
                n.verdict.fill(),
                n.verdict.stroke(),
                if i == pic.entry { ", penwidth=2" } else { "" }
            );
        }
        let (_, back) = layers(pic);
        for (k, (a, b)) in pic.edges.iter().enumerate() {
            let style = if back[k] { " [style=dashed]" } else { "" };
            let _ = writeln!(out, "    p{pi}_b{a} -> p{pi}_b{b}{style};");
        }
        out.push_str("  }\n");
    }
    // The legend: one node holding a row of coloured cells.
    out.push_str(
        "  legend [shape=plaintext, style=\"\", label=<<table border=\"0\" cellspacing=\"4\"><tr>",
    );
    for v in LEGEND {
        let _ = write!(
            out,
            "<td bgcolor=\"{}\" color=\"{}\" border=\"1\">{}</td>",
            v.fill(),
            v.stroke(),
            v.name()
        );
    }
    out.push_str("</tr></table>>];\n}\n");

    out
}

/// Layers by longest distance from the entry, ignoring back edges (edges
/// to a block on the depth-first stack). Blocks unreachable from the entry
/// go in one layer after the others.
fn layers(pic: &Picture) -> (Vec<usize>, Vec<bool>) {
    let n = pic.nodes.len();
    let mut succs = vec![Vec::new(); n];
    for (k, &(a, b)) in pic.edges.iter().enumerate() {
        succs[a].push((b, k));
    }
    // Depth-first search marks back edges.
    let mut back = vec![false; pic.edges.len()];
    let mut state = vec![0u8; n]; // 0 new, 1 on stack, 2 done
    let mut order = Vec::new(); // post-order
    if n > 0 {
        let mut stack = vec![(pic.entry, 0usize)];
        state[pic.entry] = 1;
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            if *i < succs[v].len() {
                let (w, k) = succs[v][*i];
                *i += 1;
                match state[w] {
                    0 => {
                        state[w] = 1;
                        stack.push((w, 0));
                    }
                    1 => back[k] = true,
                    _ => {}
                }
            } else {
                state[v] = 2;
                order.push(v);
                stack.pop();
            }
        }
    }
    let mut depth = vec![0usize; n];
    for &v in order.iter().rev() {
        for &(w, k) in &succs[v] {
            if !back[k] {
                depth[w] = depth[w].max(depth[v] + 1);
            }
        }
    }
    let max = depth.iter().copied().max().unwrap_or(0);
    for v in 0..n {
        if state[v] == 0 {
            depth[v] = max + 1;
        }
    }
    (depth, back)
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const CHAR_W: f64 = 7.2;
const LINE_H: f64 = 15.0;
const PAD: f64 = 8.0;
const GAP_X: f64 = 28.0;
const GAP_Y: f64 = 44.0;

/// A self-contained SVG: pictures stacked vertically, each laid out in
/// layers (see [`layers`]), a legend on top.
pub(crate) fn to_svg(pictures: &[Picture]) -> String {
    let mut body = String::new();
    let mut y0 = 56.0;
    let mut width: f64 = 520.0;
    for pic in pictures {
        let (mut depth, back) = layers(pic);
        let n = pic.nodes.len();
        let mut size: Vec<(f64, f64)> = pic
            .nodes
            .iter()
            .map(|nd| {
                let chars = nd
                    .lines
                    .iter()
                    .map(|l| l.chars().count())
                    .max()
                    .unwrap_or(1);
                (
                    chars as f64 * CHAR_W + 2.0 * PAD,
                    nd.lines.len() as f64 * LINE_H + PAD,
                )
            })
            .collect();
        // A forward edge over several layers passes through one virtual
        // point per layer between, placed like a narrow block, so that it
        // runs between the blocks instead of through them.
        let mut chains: Vec<Vec<usize>> = Vec::new();
        let mut links: Vec<(usize, usize)> = Vec::new(); // forward, adjacent layers
        for (k, &(a, b)) in pic.edges.iter().enumerate() {
            if back[k] || depth[b] <= depth[a] {
                continue;
            }
            let mut chain = vec![a];
            for d in depth[a] + 1..depth[b] {
                depth.push(d);
                size.push((6.0, 0.0));
                chain.push(depth.len() - 1);
            }
            chain.push(b);
            for w in chain.windows(2) {
                links.push((w[0], w[1]));
            }
            chains.push(chain);
        }
        let all = depth.len();
        let layer_count = depth.iter().copied().max().map_or(0, |m| m + 1);
        let mut rows: Vec<Vec<usize>> = vec![Vec::new(); layer_count];
        for v in 0..all {
            rows[depth[v]].push(v);
        }
        // Order each layer by the mean position of its predecessors.
        let mut pos = vec![0.0f64; all];
        for row in rows.iter_mut() {
            let key = |v: usize| {
                let preds: Vec<f64> = links
                    .iter()
                    .filter(|&&(_, b)| b == v)
                    .map(|&(a, _)| pos[a])
                    .collect();
                if preds.is_empty() {
                    v as f64
                } else {
                    preds.iter().sum::<f64>() / preds.len() as f64
                }
            };
            let mut keyed: Vec<(f64, usize)> = row.iter().map(|&v| (key(v), v)).collect();
            keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
            *row = keyed.into_iter().map(|(_, v)| v).collect();
            for (i, &v) in row.iter().enumerate() {
                pos[v] = i as f64;
            }
        }
        let row_w: Vec<f64> = rows
            .iter()
            .map(|r| {
                r.iter().map(|&v| size[v].0).sum::<f64>() + GAP_X * r.len().saturating_sub(1) as f64
            })
            .collect();
        let content_w = row_w.iter().copied().fold(0.0, f64::max);
        let mut xy = vec![(0.0f64, 0.0f64); all];
        let mut row_h = vec![0.0f64; layer_count];
        let mut y = y0 + 30.0;
        for (r, row) in rows.iter().enumerate() {
            row_h[r] = row.iter().map(|&v| size[v].1).fold(0.0, f64::max);
            let mut x = 20.0 + (content_w - row_w[r]) / 2.0;
            for &v in row {
                xy[v] = (x, y);
                x += size[v].0 + GAP_X;
            }
            y += row_h[r] + GAP_Y;
        }
        let _ = writeln!(
            body,
            "<text x=\"20\" y=\"{:.1}\" class=\"title\">{}</text>",
            y0 + 12.0,
            xml_escape(&pic.title)
        );
        // Forward edges: curves between layers, straight through layers.
        for chain in &chains {
            let a = chain[0];
            let mut d = format!(
                "M{:.1},{:.1}",
                xy[a].0 + size[a].0 / 2.0,
                xy[a].1 + size[a].1
            );
            let mut from = (xy[a].0 + size[a].0 / 2.0, xy[a].1 + size[a].1);
            for &v in &chain[1..] {
                let (tx, ty) = (xy[v].0 + size[v].0 / 2.0, xy[v].1);
                let mid = (from.1 + ty) / 2.0;
                let _ = write!(
                    d,
                    " C{:.1},{mid:.1} {tx:.1},{mid:.1} {tx:.1},{ty:.1}",
                    from.0
                );
                from = (tx, ty);
                if v >= n {
                    let bottom = ty + row_h[depth[v]];
                    let _ = write!(d, " L{tx:.1},{bottom:.1}");
                    from = (tx, bottom);
                }
            }
            let _ = writeln!(
                body,
                "<path d=\"{d}\" class=\"edge\" marker-end=\"url(#arrow)\"/>"
            );
        }
        // Back edges: down into the gap below the source, out to the right
        // of everything, up into the gap above the target, into its top.
        let mut lane = 0.0;
        for (k, &(a, b)) in pic.edges.iter().enumerate() {
            if !(back[k] || depth[b] <= depth[a]) {
                continue;
            }
            lane += 1.0;
            let margin = 20.0 + content_w + 14.0 * lane;
            let (sx, sy) = (xy[a].0 + size[a].0 * 0.75, xy[a].1 + size[a].1);
            let below = xy[a].1 + row_h[depth[a]] + GAP_Y * 0.3 + 3.0 * lane;
            let (tx, ty) = (xy[b].0 + size[b].0 * 0.75, xy[b].1);
            let above = ty - GAP_Y * 0.3 - 3.0 * lane;
            let _ = writeln!(
                body,
                "<path d=\"M{sx:.1},{sy:.1} L{sx:.1},{below:.1} L{margin:.1},{below:.1} L{margin:.1},{above:.1} L{tx:.1},{above:.1} L{tx:.1},{ty:.1}\" class=\"back\" marker-end=\"url(#arrow)\"/>"
            );
        }
        for (v, nd) in pic.nodes.iter().enumerate() {
            let (x, y) = xy[v];
            let (w, h) = size[v];
            let _ = writeln!(
                body,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" rx=\"5\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"/>",
                nd.verdict.fill(),
                nd.verdict.stroke(),
                if v == pic.entry { 2.5 } else { 1.2 }
            );
            for (i, l) in nd.lines.iter().enumerate() {
                let _ = writeln!(
                    body,
                    "<text x=\"{:.1}\" y=\"{:.1}\"{}>{}</text>",
                    x + PAD,
                    y + PAD / 2.0 + LINE_H * (i as f64 + 0.8),
                    if i == 0 { " class=\"label\"" } else { "" },
                    xml_escape(l)
                );
            }
        }
        let total_w = content_w + 14.0 * lane + 60.0;
        width = width.max(total_w + 40.0);
        y0 = y + 10.0;
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{y0:.0}\" viewBox=\"0 0 {width:.0} {y0:.0}\">"
    );
    out.push_str(
        "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555\"/></marker></defs>\n\
<style>text{font-family:monospace;font-size:12px;fill:#222}.label{font-weight:bold}.title{font-size:14px;font-weight:bold}.edge{fill:none;stroke:#555;stroke-width:1.2}.back{fill:none;stroke:#555;stroke-width:1.2;stroke-dasharray:5,3}</style>\n",
    );
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let mut x = 20.0;
    for v in LEGEND {
        let _ = writeln!(
            out,
            "<rect x=\"{x:.1}\" y=\"14\" width=\"14\" height=\"14\" rx=\"3\" fill=\"{}\" stroke=\"{}\"/><text x=\"{:.1}\" y=\"26\">{}</text>",
            v.fill(),
            v.stroke(),
            x + 20.0,
            v.name()
        );
        x += 20.0 + v.name().len() as f64 * CHAR_W + 22.0;
    }
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}

/// `bicd cfg` arguments.
#[derive(clap::Args)]
pub struct CfgArgs {
    /// The procedure to draw (repeatable); default: every procedure with a
    /// body.
    #[arg(long = "proc", value_name = "PROC")]
    pub procs: Vec<String>,
    /// Draw the graph unwound with this bound K (and analyse with K);
    /// without it: the graph as written, analysed with K = 3.
    #[arg(long, short = 'k', value_name = "K")]
    pub unwind: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PictureFormat::Dot)]
    pub format: PictureFormat,
    /// The SMT solver for the verdicts (z3, yices or cvc5).
    #[arg(long, default_value = "yices")]
    pub solver: String,
    /// The Boogie (.bpl) file.
    #[arg(value_name = "FILE")]
    pub file: String,
}

#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum PictureFormat {
    Dot,
    Svg,
}

/// Runs `bicd cfg`; the exit status (0, or 2 for a usage or input error).
pub fn run(args: CfgArgs) -> u8 {
    let Ok(solver) = args.solver.parse::<crate::back::smt::SolverKind>() else {
        eprintln!("error: unknown solver `{}` (z3, yices, cvc5)", args.solver);
        return crate::report::exit_status::EXIT_INPUT;
    };
    let text = match std::fs::read_to_string(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: error: cannot read: {e}", args.file);
            return crate::report::exit_status::EXIT_INPUT;
        }
    };
    let mut sources = SourceMap::new();
    let file = sources.add(args.file.as_str(), text);
    let program = match crate::front::load_program(&sources, file) {
        Ok(p) => p,
        Err(diags) => {
            for d in &diags {
                eprint!("{}", d.render(&sources));
            }
            return crate::report::exit_status::EXIT_INPUT;
        }
    };
    let entries = match driver::select_entries(&program, &args.procs) {
        Ok(e) => e,
        Err(msg) => {
            eprintln!("{}: error: {msg}", args.file);
            return crate::report::exit_status::EXIT_INPUT;
        }
    };
    let k = args.unwind.unwrap_or(3);
    let options = Options {
        unwind: k,
        mode: crate::back::cover::CoverMode::Statements,
        calls: driver::CallMode::Inline,
        ..Options::new(solver)
    };
    let mut pictures = Vec::new();
    for entry in entries {
        let result = driver::analyze_procedure(&program, &sources, entry, &options);
        if let Some(e) = &result.error {
            eprintln!("{}: procedure `{}`: {e}", args.file, result.name);
        }
        match procedure_picture(&program, &sources, entry, args.unwind, &result) {
            Ok(mut pic) => {
                if args.unwind.is_none() {
                    pic.title = format!("{} (verdicts with K = {k})", result.name);
                }
                pictures.push(pic)
            }
            Err(d) => {
                eprint!("{}", d.render(&sources));
                return crate::report::exit_status::EXIT_INPUT;
            }
        }
    }
    let out = match args.format {
        PictureFormat::Dot => to_dot(&pictures),
        PictureFormat::Svg => to_svg(&pictures),
    };
    print!("{out}");
    0
}

#[cfg(test)]
mod tests {
    use super::tests_text;

    #[test]
    fn test_ids_as_ranges() {
        let set = |v: &[usize]| v.iter().copied().collect();
        assert_eq!(tests_text(&set(&[3])), "test 3");
        assert_eq!(tests_text(&set(&[1, 2])), "tests 1, 2");
        assert_eq!(
            tests_text(&set(&[1, 2, 3, 4, 7, 9, 10])),
            "tests 1-4, 7, 9, 10"
        );
    }
}
