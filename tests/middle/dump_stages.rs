//! Each intermediate form of the pipeline, printed and snapshot-tested
//! (`bicd cover --dump STAGE`), and the passive program's verifier.
//!
//! Takes: a small program with a loop, a call and an assertion. Gives:
//! snapshots of its CFG, unwound bodies, passive program and VC script
//! (`tests/middle/snapshots/middle__dump_stages__*.snap`), checks that the hidden
//! command-line option prints the same and exits as `bicd cover` does,
//! and that [`bicd::ir::passive::verify()`] accepts what the middle end
//! builds and rejects broken programs. design.md, "The pipeline".

use bicd::back::solver::SolverKind;
use bicd::driver::stages::{dump, DumpStage};
use bicd::ir::passive::{verify, BlockRole, PassiveProgram};
use bicd::ir::{ProcId, Program};
use bicd::middle::prepare_entry;
use bicd::source::SourceMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// A loop (`head`), a call (`add`, whose `ensures` is checked at the call
/// and mentions `old`) and an assertion.
const PROGRAM: &str = "\
// A loop, a call and an assertion.
var total: int;

procedure add(x: int) returns (y: int)
  modifies total;
  ensures y == x + 1 && total == old(total) + y;
{
  start: y := x + 1; total := total + y; return;
}

procedure main(n: int) returns (s: int)
  requires n >= 0;
  modifies total;
{
  var i: int;
  init: i := 0; s := 0; goto head;
  head: goto body, done;
  body: assume i < n; call s := add(s); i := i + 1; goto head;
  done: assume !(i < n); assert s == i * (i + 1) div 2 || -i > 3; return;
}
";

/// The bound of the snapshots: the loop once, so that they stay short.
const UNWIND: u32 = 1;

fn load(text: &str) -> Program {
    let mut sources = SourceMap::new();
    let file = sources.add("dump.bpl", text.to_string());
    bicd::front::load_program(&sources, file).expect("the program loads")
}

fn main_of(program: &Program) -> ProcId {
    program.proc_by_name("main").expect("main")
}

fn dump_of(stage: DumpStage) -> String {
    let program = load(PROGRAM);
    dump(
        &program,
        main_of(&program),
        UNWIND,
        stage,
        SolverKind::Yices,
    )
    .expect("dumps")
}

#[test]
fn cfg() {
    insta::assert_snapshot!("cfg", dump_of(DumpStage::Cfg));
}

#[test]
fn unwound() {
    insta::assert_snapshot!("unwound", dump_of(DumpStage::Unwound));
}

#[test]
fn passive() {
    insta::assert_snapshot!("passive", dump_of(DumpStage::Passive));
}

#[test]
fn vc() {
    insta::assert_snapshot!("vc", dump_of(DumpStage::Vc));
}

/// `text` in a file of this test process (tests run in parallel, so it
/// is written once and never rewritten while another test reads it).
fn file_with(name: &str, text: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dump_stages-{}", std::process::id()));
    let path = dir.join(name);
    static LOCK: Mutex<()> = Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    if !path.exists() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, text).unwrap();
    }
    path
}

/// `PROGRAM` in a file of its own, for the command line.
fn program_file() -> PathBuf {
    file_with("program.bpl", PROGRAM)
}

/// `bicd ARGS`: exit status, stdout, stderr.
fn bicd(args: &[&str]) -> (i32, String, String) {
    crate::support::cli::bicd(args).run()
}

#[test]
fn the_command_line_prints_each_stage_and_exits_0() {
    let file = program_file();
    let file = file.to_str().unwrap();
    for (name, stage) in [
        ("cfg", DumpStage::Cfg),
        ("unwound", DumpStage::Unwound),
        ("passive", DumpStage::Passive),
        ("vc", DumpStage::Vc),
    ] {
        let (code, out, err) = bicd(&["cover", "--dump", name, "--entry", "main", "-k", "1", file]);
        assert_eq!(code, 0, "--dump {name}: {err}");
        assert_eq!(out, dump_of(stage), "--dump {name}");
    }
}

#[test]
fn without_entry_every_procedure_with_a_body_is_dumped() {
    let file = program_file();
    let (code, out, err) = bicd(&["cover", "--dump", "passive", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("// passive program of entry `add`"), "{out}");
    assert!(out.contains("// passive program of entry `main`"), "{out}");
}

#[test]
fn dump_is_hidden_from_help() {
    let (code, out, _) = bicd(&["cover", "--help"]);
    assert_eq!(code, 0);
    assert!(out.contains("--unwind"), "{out}");
    assert!(!out.contains("--dump"), "{out}");
}

#[test]
fn an_input_error_exits_2() {
    let file = program_file();
    let file = file.to_str().unwrap();
    let (code, out, err) = bicd(&["cover", "--dump", "cfg", "--entry", "nope", file]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("no procedure named `nope`"), "{err}");

    let bad = file_with("bad.bpl", "procedure p( { }");
    let (code, out, err) = bicd(&["cover", "--dump", "passive", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("error"), "{err}");

    let (code, _, err) = bicd(&["cover", "--dump", "nonsense", file]);
    assert_eq!(code, 2, "{err}");
}

/// Every `.bpl` file of `bench-programs/known` and `bench-programs/examples`.
fn bench_programs() -> Vec<PathBuf> {
    let root = crate::support::crate_path("bench-programs");
    let mut files: Vec<PathBuf> = ["known", "examples"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "bpl"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_verifier_accepts_what_the_middle_end_builds() {
    let mut files = bench_programs();
    assert!(files.len() >= 10, "{files:?}");
    files.push(program_file());
    for path in &files {
        let program = load(&std::fs::read_to_string(path).unwrap());
        for entry in bicd::driver::select_entries(&program, &[]).unwrap() {
            for k in [0, 1, 3] {
                let passive = prepare_entry(&program, entry, k).unwrap();
                if let Err(e) = verify(&program, &passive) {
                    panic!(
                        "{}: entry {} with --unwind {k}: {e}",
                        path.display(),
                        program.proc(entry).name
                    );
                }
            }
        }
    }
}

/// The passive program of `main`, and the program it comes from.
fn main_passive() -> (Program, PassiveProgram) {
    let program = load(PROGRAM);
    let passive = prepare_entry(&program, main_of(&program), UNWIND).unwrap();
    assert_eq!(verify(&program, &passive), Ok(()));
    (program, passive)
}

#[test]
fn the_verifier_rejects_a_backward_edge() {
    let (program, mut passive) = main_passive();
    // An edge from the last block back to the loop head's block, kept
    // consistent in `preds`: a cycle, which the VC cannot encode.
    let last = passive.blocks.len() - 1;
    passive.blocks[last].succs.push(1);
    passive.blocks[1].preds.push(last);
    let e = verify(&program, &passive).expect_err("a backward edge is accepted");
    assert!(
        e.contains(&format!(
            "block #{last} has a successor #1 that is not after it: the edge goes backwards"
        )),
        "{e}"
    );
}

#[test]
fn the_verifier_rejects_a_failing_assertion_that_goes_on() {
    let (program, mut passive) = main_passive();
    let fail = passive
        .blocks
        .iter()
        .position(|b| matches!(b.role, BlockRole::AssertFail(_)))
        .expect("an assertion's failing side");
    let last = passive.blocks.len() - 1;
    passive.blocks[fail].succs.push(last);
    passive.blocks[last].preds.push(fail);
    let e = verify(&program, &passive).expect_err("accepted");
    assert!(
        e.contains(&format!("block #{fail}, the failing side of assertion")),
        "{e}"
    );
}

#[test]
fn the_verifier_rejects_a_lost_block_end() {
    let (program, mut passive) = main_passive();
    for b in &mut passive.blocks {
        if let BlockRole::Code { ends_block, .. } = &mut b.role {
            *ends_block = false;
        }
    }
    let e = verify(&program, &passive).expect_err("accepted");
    assert!(
        e.contains("block `init` of procedure `main` has no piece that ends it"),
        "{e}"
    );
}

/// A program with `n` unique constants of each of two types, an axiom
/// about each constant and a procedure that reads them.
fn unique_constants_program(n: usize) -> String {
    let mut text = String::from("type T;\nfunction f(x: T) returns (int);\n");
    for i in 0..n {
        text.push_str(&format!(
            "const unique t{i}: T;\nconst unique k{i}: int;\naxiom f(t{i}) > {i};\n"
        ));
    }
    text.push_str("procedure main(x: T) returns (r: int)\n{\n  start: r := f(x);\n");
    text.push_str("  goto a, b;\n  a: assume x == t0; r := r + k1; return;\n  b: assume !(x == t0); return;\n}\n");
    text
}

/// The SMT text of a program grows linearly in its number of `unique`
/// constants: one n-ary `distinct` per type (as Boogie sends it), not one
/// disequality per pair (issue 18: 699,167 pairs, a 53 MB line, for a
/// HAVOC driver's 1,180 constants).
#[test]
fn vc_text_grows_linearly_in_the_unique_constants() {
    let size = |n: usize| {
        let program = load(&unique_constants_program(n));
        let vc = dump(
            &program,
            main_of(&program),
            1,
            DumpStage::Vc,
            SolverKind::Z3,
        )
        .expect("dumps");
        assert_eq!(
            vc.matches("(distinct ").count(),
            2,
            "one distinct per type of unique constants"
        );
        vc.len()
    };
    let (s100, s200, s400) = (size(100), size(200), size(400));
    for (small, big) in [(s100, s200), (s200, s400)] {
        let ratio = big as f64 / small as f64;
        assert!(
            ratio < 2.2,
            "doubling the constants multiplies the VC text by {ratio:.2} ({small} -> {big} bytes)"
        );
    }
}
