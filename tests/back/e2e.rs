//! The back end on parsed programs: parse + resolve (front), unwind +
//! inline + passify (middle), then the reachability VC and both cover loops
//! on every installed solver, against the answers stated in the comments of
//! the shared examples.

use crate::support;
use bicd::back::cover::{self, AssertVerdict, BlockVerdict, CoverLimits, CoverMode, CoverResult};
use bicd::back::solver::{Solver, SolverKind};
use bicd::back::vc::reachability_vc;
use bicd::front::resolve::load_program;
use bicd::ir::testcase::{Outcome, Value};
use bicd::ir::{ProcId, Program};
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;
use num_bigint::BigInt;

struct Analysis {
    program: Program,
    result: CoverResult,
}

impl Analysis {
    /// The verdict of the block `label` of procedure `proc`.
    fn block(&self, proc: &str, label: &str) -> &BlockVerdict {
        let p = self.program.proc_by_name(proc).expect("procedure");
        let cfg = self.program.proc(p).body.as_ref().expect("body");
        let n = cfg.block_by_label(label).expect("label");
        self.result
            .blocks
            .iter()
            .find(|(k, _)| k.proc == p && k.block == n)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no verdict for {proc}::{label}: {:?}", self.result))
    }

    fn infeasible(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .result
            .blocks
            .iter()
            .filter(|(_, v)| **v == BlockVerdict::Infeasible)
            .map(|(k, _)| {
                let owner = self.program.proc(k.proc);
                let label = &owner.body.as_ref().unwrap().graph[k.block].label;
                format!("{}::{label}", owner.name)
            })
            .collect();
        v.sort();
        v
    }
}

fn analyse(file: &str, entry: &str, k: u32, kind: SolverKind, mode: CoverMode) -> Analysis {
    let path = support::shared_dir().join("examples").join(file);
    let text = std::fs::read_to_string(&path).expect("example");
    let mut sources = SourceMap::new();
    let id = sources.add(file, text);
    let program = load_program(&sources, id).unwrap_or_else(|ds| {
        panic!(
            "{}",
            ds.iter().map(|d| d.render(&sources)).collect::<String>()
        )
    });
    let p: ProcId = program.proc_by_name(entry).expect("entry");
    let passive =
        prepare_entry(&program, p, k).unwrap_or_else(|d| panic!("{}", d.render(&sources)));
    let vc = reachability_vc(&passive);
    assert_eq!(vc.malformed, None);
    let mut solver = Solver::spawn(kind, Some(10_000)).expect("solver");
    let result = cover::cover(
        &passive,
        &vc,
        &mut solver,
        mode,
        &CoverLimits::default(),
        entry,
        &sources,
    );
    assert_eq!(result.error, None, "{file} {entry} {kind} {mode:?}");
    for t in &result.tests {
        assert_eq!(t.entry, entry);
        assert!(!t.trace.is_empty());
    }
    Analysis { program, result }
}

fn each(check: impl Fn(SolverKind, CoverMode)) {
    for kind in support::installed_solvers() {
        for mode in [CoverMode::Statements, CoverMode::Paths] {
            check(kind, mode);
        }
    }
}

fn int(v: &Value) -> i64 {
    match v {
        Value::Int(n) => i64::try_from(n).expect("small"),
        other => panic!("not an integer: {other}"),
    }
}

#[test]
fn assert_example() {
    if support::shared("examples").is_none() {
        return;
    }
    each(|kind, mode| {
        let a = analyse("assert.bpl", "div", 1, kind, mode);
        for l in ["start", "pos", "neg"] {
            assert!(
                matches!(a.block("div", l), BlockVerdict::Covered(_)),
                "{kind} {mode:?}: {l}: {:?}",
                a.result
            );
        }
        assert_eq!(a.result.asserts.len(), 1);
        let (id, verdict) = a.result.asserts.iter().next().unwrap();
        let AssertVerdict::CanFail(t) = verdict else {
            panic!("{kind} {mode:?}: {verdict:?}")
        };
        let test = &a.result.tests[t - 1];
        assert_eq!(test.outcome, Outcome::AssertionFails(*id));
        assert_eq!(int(&test.inputs["x"]), 0);
        if mode == CoverMode::Paths {
            assert_eq!(a.result.tests.len(), 3, "{kind}");
        }
    });
}

#[test]
fn paper_section6_examples() {
    if support::shared("examples").is_none() {
        return;
    }
    for file in ["paper-section6.bpl", "paper-section6-boogie.bpl"] {
        each(|kind, mode| {
            let foo = analyse(file, "foo", 1, kind, mode);
            assert!(
                foo.infeasible().is_empty(),
                "{file} {kind} {mode:?}: {:?}",
                foo.result
            );
            if mode == CoverMode::Paths {
                assert_eq!(foo.result.tests.len(), 2);
            }
            let bar = analyse(file, "bar", 1, kind, mode);
            assert_eq!(
                bar.infeasible(),
                vec!["foo::l3".to_string()],
                "{file} {kind} {mode:?}"
            );
            assert!(matches!(bar.block("foo", "l2"), BlockVerdict::Covered(_)));
            assert!(matches!(bar.block("bar", "l1"), BlockVerdict::Covered(_)));
            if mode == CoverMode::Paths {
                assert_eq!(bar.result.tests.len(), 1);
            }
        });
    }
}

#[test]
fn unwind_example() {
    if support::shared("examples").is_none() {
        return;
    }
    each(|kind, mode| {
        let two = analyse("unwind.bpl", "count", 2, kind, mode);
        assert_eq!(
            two.block("count", "done"),
            &BlockVerdict::Infeasible,
            "{kind} {mode:?}"
        );
        let three = analyse("unwind.bpl", "count", 3, kind, mode);
        let BlockVerdict::Covered(ts) = three.block("count", "done") else {
            panic!("{kind} {mode:?}: {:?}", three.result)
        };
        for t in ts {
            assert_eq!(int(&three.result.tests[t - 1].inputs["n"]), 3);
        }
        assert!(
            three.infeasible().is_empty(),
            "{kind} {mode:?}: {:?}",
            three.infeasible()
        );
        if mode == CoverMode::Paths {
            // j iterations need n >= j and the exit n <= j: n == j (j >= 1)
            // or n <= 0 (j == 0), so i == j at `check`: `other` after 0, 1
            // or 2 iterations, `done` after 3.
            let n = three.result.tests.len();
            assert_eq!(n, 4, "{kind}: {:?}", three.result.tests);
        }
    });
}

#[test]
fn big_inputs_survive() {
    // A literal beyond 64 bits goes through the whole pipeline.
    let text =
        "procedure big(x: int) { a: assume x == 0 - 123456789012345678901234567890; return; }";
    let mut sources = SourceMap::new();
    let id = sources.add("big.bpl", text);
    let program = load_program(&sources, id).unwrap_or_else(|ds| {
        panic!(
            "{}",
            ds.iter().map(|d| d.render(&sources)).collect::<String>()
        )
    });
    let p = program.proc_by_name("big").unwrap();
    let passive = prepare_entry(&program, p, 1).unwrap();
    let vc = reachability_vc(&passive);
    for kind in support::installed_solvers() {
        let mut solver = Solver::spawn(kind, None).unwrap();
        let r = cover::cover(
            &passive,
            &vc,
            &mut solver,
            CoverMode::Statements,
            &CoverLimits::default(),
            "big",
            &sources,
        );
        assert_eq!(r.tests.len(), 1, "{kind}: {r:?}");
        let expected = -BigInt::parse_bytes(b"123456789012345678901234567890", 10).unwrap();
        assert_eq!(r.tests[0].inputs["x"], Value::Int(expected));
    }
}

/// `BICD_PROGRAMS=dir BICD_UNWIND=k cargo test --test back e2e::survey --
/// --ignored --nocapture`: prints the verdicts of every procedure of every
/// `.bpl` in `dir`, for reading next to the answers in their comments.
#[test]
#[ignore]
fn survey_a_directory() {
    let Ok(dir) = std::env::var("BICD_PROGRAMS") else {
        return;
    };
    let k: u32 = std::env::var("BICD_UNWIND")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "bpl"))
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut sources = SourceMap::new();
        let id = sources.add(path.display().to_string(), text);
        let program = match load_program(&sources, id) {
            Ok(p) => p,
            Err(ds) => {
                println!(
                    "{}",
                    ds.iter().map(|d| d.render(&sources)).collect::<String>()
                );
                continue;
            }
        };
        for (i, proc) in program.procedures.iter().enumerate() {
            if proc.body.is_none() {
                continue;
            }
            let passive = match prepare_entry(&program, ProcId(i), k) {
                Ok(p) => p,
                Err(d) => {
                    println!("{}", d.render(&sources));
                    continue;
                }
            };
            let vc = reachability_vc(&passive);
            for kind in support::installed_solvers() {
                for mode in [CoverMode::Statements, CoverMode::Paths] {
                    let mut solver = Solver::spawn(kind, Some(10_000)).unwrap();
                    let r = cover::cover(
                        &passive,
                        &vc,
                        &mut solver,
                        mode,
                        &CoverLimits {
                            max_tests: Some(200),
                            ..CoverLimits::default()
                        },
                        &proc.name,
                        &sources,
                    );
                    let a = Analysis {
                        program: program.clone(),
                        result: r,
                    };
                    let asserts: Vec<String> = a
                        .result
                        .asserts
                        .values()
                        .map(|v| match v {
                            AssertVerdict::CanFail(t) => format!("fails(t{t})"),
                            AssertVerdict::Holds => "holds".into(),
                            AssertVerdict::Unknown(w) => format!("unknown({w})"),
                        })
                        .collect();
                    println!(
                        "{} {} k={k} {kind} {}: infeasible {:?}, asserts {:?}, {} tests, {} queries{}",
                        path.file_name().unwrap().to_string_lossy(),
                        proc.name,
                        mode.name(),
                        a.infeasible(),
                        asserts,
                        a.result.tests.len(),
                        a.result.queries,
                        a.result.error.map(|e| format!(" ERROR {e}")).unwrap_or_default()
                    );
                }
            }
        }
    }
}
