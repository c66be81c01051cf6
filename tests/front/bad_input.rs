//! Bad input through the whole command line (issue 7): each case gets a
//! located error (exit 2) or is analysed, in bounded time and memory, and
//! never makes bicd panic (default solver: yices). Memory is bounded with
//! `ulimit -v` (the run fails if it allocates more), time with
//! `--time-limit` and a wall-clock check. The front end's own limits are
//! tested in tests/front/basics.rs.

use crate::support;
use crate::support::cli::{self, text};
use bicd::back::solver::SolverKind;
use std::path::PathBuf;
use std::time::Duration;

/// Address space allowed to one bicd run, in KiB (threads reserve stacks,
/// so this is well above what the runs need: it catches runaways).
const MEMORY_KIB: u64 = 3_000_000;

fn scratch(name: &str, bytes: &[u8]) -> PathBuf {
    support::scratch("bad-input", name, bytes)
}

/// `bicd cover --solver z3 --time-limit 60s ARGS FILE` under the memory
/// limit; the exit status, standard error and time taken.
fn cover(file: &PathBuf, args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let (out, took) = cli::bicd(["cover", "--time-limit", "60s"])
        .args(args)
        .arg(file)
        .memory_limit_kib(MEMORY_KIB)
        .timed();
    let stderr = text(&out.stderr);
    assert!(
        !stderr.contains("panicked") && out.status.code() != Some(101),
        "bicd panicked on {}: {stderr}",
        file.display()
    );
    assert!(
        !stderr.contains("memory allocation") && out.status.code().is_some(),
        "bicd ran out of memory or was killed on {}: {stderr}",
        file.display()
    );
    (out.status.code(), text(&out.stdout), stderr, took)
}

/// Exit 2 with an error at `file:line:col` whose message contains `what`.
fn located_error(name: &str, text: &[u8], line_col: &str, what: &str) {
    let f = scratch(name, text);
    let (code, _, err, took) = cover(&f, &["--quiet"]);
    assert_eq!(code, Some(2), "{name}: {err}");
    let head = err.lines().next().unwrap_or("");
    assert!(
        head.starts_with(&format!("{}:{line_col}: error: ", f.display())) && head.contains(what),
        "{name}: {}",
        &head[..head.len().min(300)]
    );
    assert!(took < Duration::from_secs(20), "{name}: {took:?}");
}

#[test]
fn deeply_nested_input_is_a_located_error() {
    let n = 100_000;
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "parens.bpl",
            format!(
                "procedure p(x: int) {{ var y: int; y := {}x{}; }}\n",
                "(".repeat(n),
                ")".repeat(n)
            ),
            "nested too deeply",
        ),
        (
            "minus.bpl",
            format!(
                "procedure p(x: int) {{ var y: int; y := {}x; }}\n",
                "-".repeat(n)
            ),
            "nested too deeply",
        ),
        (
            "not.bpl",
            format!(
                "procedure p(x: bool) {{ var y: bool; y := {}x; }}\n",
                "!".repeat(n)
            ),
            "nested too deeply",
        ),
        (
            "product.bpl",
            format!(
                "procedure p(x: int) {{ var y: int; y := x{}; }}\n",
                " * x".repeat(n)
            ),
            "nested too deeply",
        ),
        (
            "implies.bpl",
            format!(
                "procedure p(x: bool) {{ assume {}x; }}\n",
                "x ==> ".repeat(n)
            ),
            "nested too deeply",
        ),
        (
            "ite.bpl",
            format!(
                "procedure p(x: int) {{ var y: int; y := {}0; }}\n",
                "if x > 0 then 1 else ".repeat(20_000)
            ),
            "nested too deeply",
        ),
        (
            "ifs.bpl",
            format!(
                "procedure p(x: int) {{ {}assume x > 0;{} }}\n",
                "if (x > 0) { ".repeat(5000),
                " }".repeat(5000)
            ),
            "nested too deeply",
        ),
    ];
    for (name, text, what) in cases {
        let f = scratch(name, text.as_bytes());
        let (code, _, err, _) = cover(&f, &["--quiet"]);
        assert_eq!(code, Some(2), "{name}");
        let head = err.lines().next().unwrap_or("");
        assert!(head.starts_with(&format!("{}:1:", f.display())), "{name}");
        assert!(
            head.contains(what),
            "{name}: {}",
            &head[..head.len().min(200)]
        );
    }
}

/// The deepest expression the front end accepts goes through the whole
/// pipeline (VC, solver, replay), also on `--jobs` threads (2 MiB
/// stacks).
#[test]
fn the_deepest_accepted_expression_is_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let depth = bicd::front::ast::MAX_EXPR_DEPTH as usize;
    let text = format!(
        "procedure p(x: int) returns (r: int) {{ r := {}x; if (r > 0) {{ r := 0; }} }}\nprocedure q(x: int) returns (r: int) {{ r := x{}; if (r > 0) {{ r := 0; }} }}\n",
        "-".repeat(depth - 1),
        " * 1".repeat(depth / 2 - 2),
    );
    let f = scratch("deepest.bpl", text.as_bytes());
    for jobs in ["1", "2"] {
        let (code, out, err, _) = cover(&f, &["--quiet", "--jobs", jobs]);
        assert_eq!(code, Some(0), "{out}{err}");
    }
}

/// A flat sum of 100,000 terms (generated code has such) is no deep
/// nesting: it is analysed, within the memory limit, also on `--jobs`
/// threads, and keeps its value. `p`: x - x + x - x ... is 0; `q`: a sum
/// of constants with both operators, asserted equal to its value (a wrong
/// regrouping of `-` would make the assertion fail).
#[test]
fn a_flat_sum_of_100000_terms_is_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let n = 100_000;
    let mut zero = String::from("x");
    for k in 1..n {
        zero.push_str(if k % 2 == 1 { " - x" } else { " + x" });
    }
    let mut constants = String::from("7");
    let mut value: i64 = 7;
    for k in 1..n as i64 {
        if k % 3 == 0 {
            constants.push_str(&format!(" + {k}"));
            value += k;
        } else {
            constants.push_str(&format!(" - {k}"));
            value -= k;
        }
    }
    let text = format!(
        "procedure p(x: int) returns (y: int) {{\n  y := {zero};\n  assert y == 0;\n  if (x > 0) {{ y := 1; }}\n}}\n\
         procedure q(x: int) returns (y: int) {{\n  y := {constants};\n  assert y == {value};\n  if (x > y) {{ y := 1; }}\n}}\n"
    );
    let f = scratch("flat-sum.bpl", text.as_bytes());
    for jobs in ["1", "2"] {
        let (code, out, err, took) = cover(&f, &["--jobs", jobs]);
        // Every block covered, both assertions hold.
        assert_eq!(code, Some(0), "{out}{err}");
        assert!(took < Duration::from_secs(60), "{took:?}");
    }
}

/// Functions applying functions: a chain of any length, declared callers
/// first or last, and a long ring of mutually recursive functions, are
/// located errors (functions nest at most 1,000 expression levels), never a stack
/// overflow.
#[test]
fn long_chains_of_functions_are_located_errors() {
    let n = 50_000;
    let chain: Vec<String> = (0..n)
        .map(|i| match i {
            0 => "function f0(x: int): int { x }".to_string(),
            _ => format!("function f{i}(x: int): int {{ f{}(x) + 1 }}", i - 1),
        })
        .collect();
    let apply = format!("procedure p(x: int) {{ assume f{}(x) > 0; }}\n", n - 1);
    let forward = format!("{}\n{apply}", chain.join("\n"));
    // Each link nests 2 levels (`+` and the application): f500 is the first
    // over 1,000.
    located_error(
        "chain.bpl",
        forward.as_bytes(),
        "501:10",
        "evaluating `f500` nests 1001 expression levels deep",
    );
    let mut reversed = chain.clone();
    reversed.reverse();
    let backward = format!("{}\n{apply}", reversed.join("\n"));
    located_error(
        "chain-reversed.bpl",
        backward.as_bytes(),
        &format!("{}:10", n - 500),
        "evaluating `f500` nests 1001 expression levels deep",
    );
    let ring: Vec<String> = (0..20_000)
        .map(|i| {
            format!(
                "function r{i}(x: int): int {{ r{}(x) + 1 }}",
                (i + 1) % 20_000
            )
        })
        .collect();
    let ring = format!(
        "{}\nprocedure p(x: int) {{ assume r0(x) > 0; }}\n",
        ring.join("\n")
    );
    // The ring is one cycle of mutual recursion: read, but each link
    // nests its successor's body, up to the stand-in that closes it.
    located_error(
        "ring.bpl",
        ring.as_bytes(),
        "19501:10",
        "evaluating `r19500` nests 1001 expression levels deep",
    );
}

/// The deepest chain of functions accepted, an uninterpreted function at
/// its bottom, is analysed to the end (the uninterpreted values found
/// through every body, the test replayed), also on `--jobs` threads (2 MiB
/// stacks).
#[test]
fn the_deepest_chain_of_functions_is_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let deepest = 998;
    let mut text = String::from("function h(x: int): int;\nfunction g0(x: int): int { h(x) }\n");
    for i in 1..deepest {
        text.push_str(&format!("function g{i}(x: int): int {{ g{}(x) }}\n", i - 1));
    }
    text.push_str(&format!(
        "procedure p(x: int) returns (r: int) {{ r := g{}(x); if (r == 5) {{ r := 0; }} }}\n",
        deepest - 1
    ));
    let f = scratch("deepest-chain.bpl", text.as_bytes());
    for jobs in ["1", "2"] {
        let (code, out, err, _) = cover(&f, &["--quiet", "--jobs", jobs]);
        assert_eq!(code, Some(0), "{out}{err}");
    }
}

/// A function applied twice in each of a chain of 60 bodies stands for
/// 2^60 applications: reading it, and looking through the bodies for the
/// uninterpreted applications a test must give values of, take time
/// linear in the text (the VC's expansion stops at a budget), and a branch
/// that would evaluate it is proved infeasible.
#[test]
fn a_function_doubling_down_a_chain_takes_linear_time() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let n = 60;
    let mut text = String::from("function h(x: int): int;\nfunction g0(x: int): int { h(x) }\n");
    for i in 1..n {
        text.push_str(&format!(
            "function g{i}(x: int): int {{ g{0}(x) + g{0}(x + 1) }}\n",
            i - 1
        ));
    }
    text.push_str(&format!(
        "procedure p(x: int) returns (r: int) {{ r := 0; if (x > 0 && x < 0) {{ r := g{}(x); }} }}\n",
        n - 1
    ));
    let f = scratch("doubling.bpl", text.as_bytes());
    let (code, out, err, took) = cover(&f, &[]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("dead code: block `anon1_Then`"), "{out}");
    assert!(took < Duration::from_secs(20), "{took:?}");
}

#[test]
fn a_very_long_line_is_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    // 200,000 statements (2.4 MB) on one line.
    let text = format!(
        "procedure p(x: int) {{ var y: int; {}if (y > 0) {{ y := 0; }} }}\n",
        "y := x + 1; ".repeat(200_000)
    );
    let f = scratch("long-line.bpl", text.as_bytes());
    let (code, out, err, took) = cover(&f, &["--quiet"]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("4 blocks: 4 covered"), "{out}");
    assert!(took < Duration::from_secs(60), "{took:?}");
}

#[test]
fn a_file_of_100000_lines_is_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let mut text = String::from("procedure p(x: int) returns (y: int)\n{\n");
    for i in 0..99_990 {
        text.push_str(&format!("  y := y + {};\n", i % 7));
    }
    text.push_str("  if (y < x) { y := x; }\n}\n");
    let f = scratch("lines.bpl", text.as_bytes());
    let (code, out, err, _) = cover(&f, &["--quiet"]);
    assert_eq!(code, Some(0), "{out}{err}");
    // An error on the last line of a long file is located.
    let bad = format!("{}  z := 1;\n}}\n", &text[..text.len() - 2]);
    let g = scratch("lines-bad.bpl", bad.as_bytes());
    let (code, _, err, _) = cover(&g, &["--quiet"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("lines-bad.bpl:99994:3: error: undeclared variable `z`"),
        "{}",
        &err[..err.len().min(300)]
    );
}

/// Many procedures, each a small program: each analysed.
#[test]
fn many_procedures_are_analysed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let mut text = String::new();
    for i in 0..300 {
        text.push_str(&format!(
            "procedure p{i}(x: int) {{ if (x > {i}) {{ assume x < {i}; }} }}\n"
        ));
    }
    let f = scratch("many.bpl", text.as_bytes());
    let (code, out, err, _) = cover(&f, &["--quiet"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(out.contains("300 procedures"), "{out}");
    assert!(out.contains("300 infeasible"), "{out}");
}

#[test]
fn huge_integer_literals_are_analysed_and_replayed() {
    if !support::installed_or_skip(SolverKind::Yices) {
        return;
    }
    let big = "9".repeat(20_000);
    let text = format!(
        "procedure p(x: int) returns (y: int) {{\n  if (x == {big}) {{ y := x * x - {big}; }}\n  if (x > {big}0) {{ y := x div {big}; }}\n  assume x mod 7 == 3;\n}}\n"
    );
    let f = scratch("big.bpl", text.as_bytes());
    let (code, out, err, _) = cover(&f, &["--format", "json"]);
    // Every test is replayed before it is printed: exit 4 would be a
    // replay failure.
    assert!(code == Some(0) || code == Some(1), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let inputs: Vec<String> = json["procedures"][0]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["inputs"]["x"].to_string())
        .collect();
    assert!(
        inputs.iter().any(|x| x.contains(&big)),
        "a test with x = {}...: {inputs:?}",
        &big[..10]
    );
}

#[test]
fn empty_and_blank_files_have_nothing_to_analyse() {
    for (name, text) in [
        ("empty.bpl", &b""[..]),
        ("blank.bpl", b"\n\n   \n\t\n"),
        ("comments.bpl", b"// nothing\n/* here */\n"),
        ("bom.bpl", b"\xef\xbb\xbf"),
        ("decls.bpl", b"var g: int;\nprocedure q(x: int);\n"),
    ] {
        let f = scratch(name, text);
        let (code, out, err, _) = cover(&f, &["--quiet"]);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert!(out.contains("0 procedures"), "{name}: {out}");
    }
}

#[test]
fn non_utf8_bytes_are_located_errors() {
    located_error(
        "latin1.bpl",
        b"procedure p() {\n  a: return; // caf\xe9\n}\n",
        "2:20",
        "not valid UTF-8",
    );
    located_error(
        "first-byte.bpl",
        b"\xff procedure",
        "1:1",
        "not valid UTF-8",
    );
    located_error(
        "truncated.bpl",
        b"procedure p() { a: return; }\n\xe2\x82",
        "2:1",
        "not valid UTF-8",
    );
    located_error(
        "nul.bpl",
        b"procedure p() { \0 }\n",
        "1:17",
        "unexpected character",
    );
}

#[test]
fn unknown_labels_are_located_errors() {
    located_error(
        "goto.bpl",
        b"procedure p() {\n  a: goto nowhere;\n}\n",
        "2:11",
        "nowhere",
    );
    located_error(
        "break.bpl",
        b"procedure p(x: int) {\n  while (x > 0) { break L; }\n}\n",
        "2:19",
        "L",
    );
}

#[test]
fn duplicate_names_are_located_errors() {
    located_error(
        "dup-proc.bpl",
        b"procedure p() { a: return; }\nprocedure p() { b: return; }\n",
        "2:11",
        "duplicate",
    );
    located_error(
        "dup-global.bpl",
        b"var g: int;\nvar g: int;\n",
        "2:5",
        "duplicate",
    );
    located_error(
        "dup-label.bpl",
        b"procedure p() {\n  a: goto a;\n  a: return;\n}\n",
        "3:3",
        "duplicate label `a`",
    );
    located_error(
        "dup-local.bpl",
        b"procedure p(x: int) {\n  var x: int;\n}\n",
        "2:7",
        "duplicate",
    );
    located_error(
        "dup-param.bpl",
        b"procedure p(x: int, x: int) { }\n",
        "1:21",
        "duplicate",
    );
}

/// Every prefix of a real program (a file cut short anywhere) is a
/// located error or a program: never a panic.
#[test]
fn every_prefix_of_a_program_is_handled() {
    let text = std::fs::read_to_string(support::crate_path(
        "bench-programs/examples/paper-section6-boogie.bpl",
    ))
    .unwrap();
    for end in (0..=text.len()).filter(|&i| text.is_char_boundary(i)) {
        let prefix = &text[..end];
        let mut sources = bicd::source::SourceMap::new();
        let file = sources.add("prefix.bpl", prefix.to_string());
        let result = std::panic::catch_unwind(|| {
            bicd::front::resolve::load_program(&sources, file).map(|_| ())
        });
        match result {
            Err(_) => panic!("panic on the prefix of {end} bytes:\n{prefix}"),
            Ok(Err(diags)) => {
                assert!(!diags.is_empty());
                for d in &diags {
                    assert!(d.span.end as usize <= end, "{end}");
                    assert!(d.render(&sources).contains("prefix.bpl:"));
                }
            }
            Ok(Ok(())) => {}
        }
    }
}
