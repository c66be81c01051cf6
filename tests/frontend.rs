//! Front-end tests: every shared example parses and resolves, with the CFG
//! shapes the examples describe; errors are exact and located; no input of
//! Boogie's test corpus makes the front end panic.

use bicd::ir::{self, Program};
use bicd::resolve::load_program;
use bicd::source::{Diagnostic, SourceMap};
use std::path::{Path, PathBuf};

const EXAMPLES: &str = "/work/shared/examples";
const BOOGIE_TESTS: &str = "/work/shared/boogie-tests";

fn load_text(name: &str, text: &str) -> (SourceMap, Result<Program, Vec<Diagnostic>>) {
    let mut sources = SourceMap::new();
    let file = sources.add(name, text);
    let result = load_program(&sources, file);
    (sources, result)
}

fn load_ok(text: &str) -> Program {
    let (sources, r) = load_text("t.bpl", text);
    match r {
        Ok(p) => p,
        Err(errs) => panic!(
            "unexpected errors:\n{}",
            errs.iter().map(|d| d.render(&sources)).collect::<String>()
        ),
    }
}

/// The errors as `file:line:col: error: message` lines.
fn errors_of(text: &str) -> Vec<String> {
    let (sources, r) = load_text("t.bpl", text);
    match r {
        Ok(_) => panic!("expected errors for:\n{text}"),
        Err(errs) => errs
            .iter()
            .map(|d| {
                d.render(&sources)
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
            .collect(),
    }
}

/// Successor labels of block `label` of procedure `proc`.
fn succ(p: &Program, proc: &str, label: &str) -> Vec<String> {
    let pr = p.proc(p.proc_by_name(proc).expect("procedure"));
    let cfg = pr.body.as_ref().expect("body");
    let n = cfg.block_by_label(label).expect("label");
    cfg.successors(n)
        .into_iter()
        .map(|s| cfg.graph[s].label.clone())
        .collect()
}

fn labels(p: &Program, proc: &str) -> Vec<String> {
    let pr = p.proc(p.proc_by_name(proc).expect("procedure"));
    let cfg = pr.body.as_ref().expect("body");
    cfg.graph
        .node_indices()
        .map(|n| cfg.graph[n].label.clone())
        .collect()
}

fn example(name: &str) -> Program {
    let path = Path::new(EXAMPLES).join(name);
    let text = std::fs::read_to_string(&path).expect("example exists");
    let (sources, r) = load_text(&path.display().to_string(), &text);
    match r {
        Ok(p) => p,
        Err(errs) => panic!(
            "{}",
            errs.iter().map(|d| d.render(&sources)).collect::<String>()
        ),
    }
}

#[test]
fn paper_section6_verbatim() {
    let p = example("paper-section6.bpl");
    assert_eq!(labels(&p, "foo"), ["l1", "l2", "l3", "l4"]);
    assert_eq!(succ(&p, "foo", "l1"), ["l2", "l3"]);
    assert_eq!(succ(&p, "foo", "l2"), ["l4"]);
    assert_eq!(succ(&p, "foo", "l3"), ["l4"]);
    assert!(succ(&p, "foo", "l4").is_empty());
    assert_eq!(labels(&p, "bar"), ["l1"]);
    assert!(succ(&p, "bar", "l1").is_empty());
    let foo = p.proc(p.proc_by_name("foo").unwrap());
    assert_eq!(foo.params.len(), 2);
    assert_eq!(foo.outs.len(), 1);
    assert!(foo.locals.iter().all(|l| l.var.ty == ir::Type::Int));
    let bar = p.proc(p.proc_by_name("bar").unwrap());
    let cfg = bar.body.as_ref().unwrap();
    let stmts = &cfg.graph[cfg.entry].stmts;
    assert_eq!(stmts.len(), 1);
    match &stmts[0].kind {
        ir::StmtKind::Call { callee, args, outs } => {
            assert_eq!(p.proc(*callee).name, "foo");
            assert_eq!(args.len(), 2);
            assert_eq!(outs.len(), 1);
        }
        other => panic!("expected a call, got {other:?}"),
    }
}

#[test]
fn paper_section6_boogie() {
    let p = example("paper-section6-boogie.bpl");
    assert_eq!(labels(&p, "foo"), ["l1", "l2", "l3", "l4"]);
    assert_eq!(succ(&p, "foo", "l1"), ["l2", "l3"]);
    assert!(succ(&p, "foo", "l4").is_empty());
    assert!(succ(&p, "bar", "l1").is_empty());
}

#[test]
fn unwind_example() {
    let p = example("unwind.bpl");
    assert_eq!(
        labels(&p, "count"),
        ["entry", "head", "body", "exit", "check", "done", "other"]
    );
    assert_eq!(succ(&p, "count", "head"), ["body", "exit"]);
    assert_eq!(succ(&p, "count", "body"), ["head"]);
    assert_eq!(succ(&p, "count", "check"), ["done", "other"]);
    assert!(succ(&p, "count", "done").is_empty());
}

#[test]
fn assert_example() {
    let p = example("assert.bpl");
    assert_eq!(succ(&p, "div", "start"), ["pos", "neg"]);
    assert_eq!(p.asserts.len(), 1);
    assert_eq!(p.asserts[0].kind, ir::AssertKind::Assert);
}

#[test]
fn every_example_loads() {
    let mut n = 0;
    for entry in std::fs::read_dir(EXAMPLES).expect("examples folder") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "bpl") {
            example(path.file_name().unwrap().to_str().unwrap());
            n += 1;
        }
    }
    assert!(n >= 4, "found only {n} examples");
}

#[test]
fn boogie_core() {
    let p = load_ok(
        "var g: int;\n\
         var h, k: int, flag: bool;\n\
         procedure P(x: int, b: bool) returns (r: int, s: bool)\n\
           requires x > 0; free requires b; ensures r >= old(g); free ensures true;\n\
           modifies g;\n\
         {\n\
           var t: int;\n\
           t := x; g := g + 1;\n\
           L1: r, s := t, b; havoc t; assume t > 0 ==> r > 0;\n\
           assert if b then r > 0 else r <= 0;\n\
           call t := Q(t);\n\
           goto L2, L3;\n\
           L2: call Q2(); goto L3;\n\
           L3: return;\n\
         }\n\
         procedure Q(a: int) returns (c: int);\n\
           ensures c == a;\n\
         procedure Q2();\n",
    );
    assert_eq!(p.globals.len(), 4);
    assert_eq!(labels(&p, "P"), ["anon0", "L1", "L2", "L3"]);
    assert_eq!(succ(&p, "P", "anon0"), ["L1"]);
    assert_eq!(succ(&p, "P", "L1"), ["L2", "L3"]);
    assert_eq!(succ(&p, "P", "L2"), ["L3"]);
    assert!(succ(&p, "P", "L3").is_empty());
    let proc_p = p.proc(p.proc_by_name("P").unwrap());
    assert_eq!(proc_p.requires.len(), 2);
    assert_eq!(proc_p.ensures.len(), 2);
    assert!(!proc_p.requires[0].free && proc_p.requires[1].free);
    // requires, ensures, then the assert.
    let kinds: Vec<_> = p.asserts.iter().map(|a| a.kind).collect();
    assert_eq!(
        kinds,
        [
            ir::AssertKind::Requires,
            ir::AssertKind::Ensures,
            ir::AssertKind::Assert,
            ir::AssertKind::Ensures
        ]
    );
    assert_eq!(proc_p.requires[0].id, ir::AssertId(0));
    assert_eq!(proc_p.requires[1].id, bicd::resolve::FREE_SPEC_ID);
    assert!(p.proc(p.proc_by_name("Q").unwrap()).body.is_none());
}

/// Every `.bpl` under `dir`, sorted.
fn bpl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "bpl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn boogie_corpus_never_panics_and_errors_are_located() {
    let files = bpl_files(Path::new(BOOGIE_TESTS));
    assert!(files.len() > 100, "corpus has {} files", files.len());
    let mut accepted = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let len = text.len() as u32;
        let name = path.display().to_string();
        let result = std::panic::catch_unwind(|| {
            let (sources, r) = load_text(&name, &text);
            r.map(|_| ()).map_err(|errs| {
                errs.iter()
                    .map(|d| (d.span, d.render(&sources)))
                    .collect::<Vec<_>>()
            })
        });
        match result {
            Err(_) => panic!("front end panicked on {name}"),
            Ok(Ok(())) => accepted += 1,
            Ok(Err(errs)) => {
                assert!(!errs.is_empty(), "{name}: refused without an error");
                for (span, rendered) in errs {
                    assert!(
                        span.start <= span.end && span.end <= len,
                        "{name}: {rendered}"
                    );
                    assert!(
                        rendered.starts_with(&format!("{name}:")),
                        "{name}: {rendered}"
                    );
                }
            }
        }
    }
    eprintln!("{accepted} of {} Boogie test files accepted", files.len());
}

#[test]
fn error_undeclared_variable() {
    assert_eq!(
        errors_of("procedure P() returns (r: int)\n{\n  r := y + 1;\n}\n"),
        ["t.bpl:3:8: error: undeclared variable `y`"]
    );
}

#[test]
fn error_type_mismatch() {
    assert_eq!(
        errors_of("procedure P(b: bool) returns (r: int)\n{\n  r := b + 1;\n  assume r;\n}\n"),
        [
            "t.bpl:3:8: error: `+` needs int operands, but this is bool",
            "t.bpl:4:10: error: `assume` needs a bool expression, but this is int",
        ]
    );
}

#[test]
fn error_missing_and_duplicate_label() {
    assert_eq!(
        errors_of("procedure P()\n{\n  a: goto b, c;\n  b: return;\n  b: return;\n}\n"),
        [
            "t.bpl:3:14: error: undeclared label `c`",
            "t.bpl:5:3: error: duplicate label `b`",
        ]
    );
}

#[test]
fn error_bad_token() {
    assert_eq!(
        errors_of("procedure P()\n{\n  assume 1 @ 2;\n}\n"),
        ["t.bpl:3:12: error: unexpected character `@`"]
    );
    assert_eq!(
        errors_of("procedure P()\n{\n  assume 1 2;\n}\n"),
        ["t.bpl:3:12: error: unexpected token integer `2`, expected one of `;`, an operator"]
    );
}

#[test]
fn error_unterminated_comment() {
    assert_eq!(
        errors_of("procedure P()\n{\n  /* open /* nested */\n}\n"),
        ["t.bpl:3:3: error: unterminated comment `/*`"]
    );
}

#[test]
fn error_assignment_to_in_parameter() {
    assert_eq!(
        errors_of("procedure P(x: int)\n{\n  x := 1;\n  havoc x;\n}\n"),
        [
            "t.bpl:3:3: error: cannot assign to in-parameter `x`",
            "t.bpl:4:9: error: cannot havoc in-parameter `x`",
        ]
    );
}
