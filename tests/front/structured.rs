//! Front-end tests for issue 3's first part: structured statements lowered
//! to blocks, implementations, attributes, type synonyms and the located
//! `unsupported: <construct>` refusals.

use bicd::front::resolve::load_program;
use bicd::ir::{self, AssertKind, ExprKind, Program, StmtKind, UnOp};
use bicd::source::{Diagnostic, SourceMap};

fn load_text(text: &str) -> (SourceMap, Result<Program, Vec<Diagnostic>>) {
    let mut sources = SourceMap::new();
    let file = sources.add("t.bpl", text);
    let result = load_program(&sources, file);
    (sources, result)
}

fn load_ok(text: &str) -> Program {
    let (sources, r) = load_text(text);
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
    let (sources, r) = load_text(text);
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

fn cfg<'p>(p: &'p Program, proc: &str) -> &'p ir::Cfg {
    p.proc(p.proc_by_name(proc).expect("procedure"))
        .body
        .as_ref()
        .expect("body")
}

fn labels(p: &Program, proc: &str) -> Vec<String> {
    let c = cfg(p, proc);
    c.graph
        .node_indices()
        .map(|n| c.graph[n].label.clone())
        .collect()
}

fn succ(p: &Program, proc: &str, label: &str) -> Vec<String> {
    let c = cfg(p, proc);
    let n = c
        .block_by_label(label)
        .unwrap_or_else(|| panic!("no block `{label}` in {:?}", labels(p, proc)));
    c.successors(n)
        .into_iter()
        .map(|s| c.graph[s].label.clone())
        .collect()
}

/// The statements of a block, in a short readable form.
fn stmts(p: &Program, proc: &str, label: &str) -> Vec<String> {
    let pid = p.proc_by_name(proc).unwrap();
    let c = cfg(p, proc);
    let n = c.block_by_label(label).expect("label");
    c.graph[n]
        .stmts
        .iter()
        .map(|s| match &s.kind {
            StmtKind::Assume(e) => format!("assume {}", show(p, pid, e)),
            StmtKind::Assert(_, e) => format!("assert {}", show(p, pid, e)),
            StmtKind::Assign(pairs) => pairs
                .iter()
                .map(|(v, e)| format!("{} := {}", p.var_name(pid, *v), show(p, pid, e)))
                .collect::<Vec<_>>()
                .join(", "),
            StmtKind::Havoc(vs) => format!("havoc {}", vs.len()),
            StmtKind::Call { callee, .. } => format!("call {}", p.proc(*callee).name),
        })
        .collect()
}

fn show(p: &Program, pid: ir::ProcId, e: &ir::Expr) -> String {
    match &e.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Var(v) => p.var_name(pid, *v).to_string(),
        ExprKind::Old(x) => format!("old({})", show(p, pid, x)),
        ExprKind::Unary(UnOp::Not, x) => format!("!{}", show(p, pid, x)),
        ExprKind::Unary(UnOp::Neg, x) => format!("-{}", show(p, pid, x)),
        ExprKind::Binary(op, a, b) => {
            format!("{} {} {}", show(p, pid, a), op.symbol(), show(p, pid, b))
        }
        ExprKind::Ite(c, a, b) => format!(
            "if {} then {} else {}",
            show(p, pid, c),
            show(p, pid, a),
            show(p, pid, b)
        ),
        other => format!("{other:?}"),
    }
}

fn no_preds(p: &Program, proc: &str, label: &str) -> bool {
    let c = cfg(p, proc);
    let n = c.block_by_label(label).unwrap();
    c.graph
        .neighbors_directed(n, petgraph::Direction::Incoming)
        .next()
        .is_none()
}

#[test]
fn if_else_shape() {
    let p = load_ok(
        "procedure P(x: int) returns (r: int)\n{\n\
         \x20 if (x > 0) { r := 1; } else { r := 2; }\n\
         \x20 r := r + 1;\n}\n",
    );
    assert_eq!(
        labels(&p, "P"),
        ["anon0", "anon1_Then", "anon1_Else", "anon2"]
    );
    assert_eq!(cfg(&p, "P").graph[cfg(&p, "P").entry].label, "anon0");
    assert_eq!(succ(&p, "P", "anon0"), ["anon1_Then", "anon1_Else"]);
    assert_eq!(stmts(&p, "P", "anon1_Then"), ["assume x > 0", "r := 1"]);
    assert_eq!(stmts(&p, "P", "anon1_Else"), ["assume !x > 0", "r := 2"]);
    assert_eq!(succ(&p, "P", "anon1_Then"), ["anon2"]);
    assert_eq!(succ(&p, "P", "anon1_Else"), ["anon2"]);
    assert_eq!(stmts(&p, "P", "anon2"), ["r := r + 1"]);
    assert!(succ(&p, "P", "anon2").is_empty());
}

#[test]
fn if_without_else_star_and_else_if() {
    let p = load_ok(
        "procedure P(x: int) returns (r: int)\n{\n\
         \x20 r := 0;\n\
         \x20 if (x == 1) { r := 1; }\n\
         \x20 if (*) { r := 2; } else if (x == 3) { r := 3; } else { return; }\n\
         }\n",
    );
    assert_eq!(stmts(&p, "P", "anon0"), ["r := 0"]);
    assert_eq!(stmts(&p, "P", "anon1_Else"), ["assume !x == 1"]);
    assert_eq!(succ(&p, "P", "anon1_Else"), ["anon2"]);
    // The second `if` starts in the join block of the first.
    assert_eq!(succ(&p, "P", "anon2"), ["anon3_Then", "anon3_Else"]);
    assert_eq!(stmts(&p, "P", "anon3_Then"), ["r := 2"]);
    assert!(stmts(&p, "P", "anon3_Else").is_empty());
    assert_eq!(succ(&p, "P", "anon3_Else"), ["anon5_Then", "anon5_Else"]);
    assert_eq!(stmts(&p, "P", "anon5_Then"), ["assume x == 3", "r := 3"]);
    assert_eq!(stmts(&p, "P", "anon5_Else"), ["assume !x == 3"]);
    // `return` ends the last branch: it has no successor.
    assert!(succ(&p, "P", "anon5_Else").is_empty());
    assert_eq!(succ(&p, "P", "anon5_Then"), ["anon6"]);
    assert_eq!(succ(&p, "P", "anon6"), ["anon4"]);
    assert!(succ(&p, "P", "anon4").is_empty());
}

#[test]
fn join_only_when_reached() {
    // Both branches return: no join block, and nothing generated is dead.
    let p = load_ok("procedure P(b: bool)\n{\n  if (b) { return; } else { return; }\n}\n");
    assert_eq!(labels(&p, "P"), ["anon0", "anon1_Then", "anon1_Else"]);
    for l in labels(&p, "P").iter().skip(1) {
        assert!(!no_preds(&p, "P", l), "{l} is unreachable");
    }
}

#[test]
fn while_with_invariants() {
    let p = load_ok(
        "procedure P(n: int) returns (i: int)\n\
         \x20 requires n >= 0;\n\
         {\n\
         \x20 i := 0;\n\
         \x20 while (i < n)\n\
         \x20   invariant i <= n;\n\
         \x20   free invariant i >= 0;\n\
         \x20 {\n\
         \x20   i := i + 1;\n\
         \x20 }\n\
         \x20 assert i == n;\n\
         }\n",
    );
    assert_eq!(
        labels(&p, "P"),
        [
            "anon0",
            "anon1_LoopHead",
            "anon1_LoopBody",
            "anon1_LoopDone"
        ]
    );
    assert_eq!(succ(&p, "P", "anon0"), ["anon1_LoopHead"]);
    assert_eq!(
        stmts(&p, "P", "anon1_LoopHead"),
        ["assert i <= n", "assume i >= 0"]
    );
    assert_eq!(
        succ(&p, "P", "anon1_LoopHead"),
        ["anon1_LoopBody", "anon1_LoopDone"]
    );
    assert_eq!(
        stmts(&p, "P", "anon1_LoopBody"),
        ["assume i < n", "i := i + 1"]
    );
    // The back edge goes to the head.
    assert_eq!(succ(&p, "P", "anon1_LoopBody"), ["anon1_LoopHead"]);
    assert_eq!(
        stmts(&p, "P", "anon1_LoopDone"),
        ["assume !i < n", "assert i == n"]
    );
    // requires, the invariant, then the assert after the loop.
    let kinds: Vec<AssertKind> = p.asserts.iter().map(|a| a.kind).collect();
    assert_eq!(
        kinds,
        [AssertKind::Requires, AssertKind::Assert, AssertKind::Assert]
    );
    let inv = &p.asserts[1];
    assert_eq!(inv.span.start, {
        let text = "procedure P(n: int) returns (i: int)\n  requires n >= 0;\n{\n  i := 0;\n  while (i < n)\n    ";
        text.len() as u32
    });
    let c = cfg(&p, "P");
    let head = c.block_by_label("anon1_LoopHead").unwrap();
    match &c.graph[head].stmts[0].kind {
        StmtKind::Assert(id, _) => assert_eq!(*id, ir::AssertId(1)),
        other => panic!("expected the invariant's assertion, got {other:?}"),
    }
}

#[test]
fn while_star_at_entry_and_nested_loops_with_break() {
    let p = load_ok(
        "procedure P() returns (i: int, j: int)\n{\n\
         \x20 while (*) {\n\
         \x20   j := 0;\n\
         \x20   while (j < 10) {\n\
         \x20     if (j == i) { break; }\n\
         \x20     j := j + 1;\n\
         \x20   }\n\
         \x20   i := i + 1;\n\
         \x20 }\n\
         }\n",
    );
    // The entry is never the loop head.
    assert_eq!(cfg(&p, "P").graph[cfg(&p, "P").entry].label, "anon0");
    assert!(stmts(&p, "P", "anon0").is_empty());
    assert_eq!(succ(&p, "P", "anon0"), ["anon1_LoopHead"]);
    assert_eq!(
        succ(&p, "P", "anon1_LoopHead"),
        ["anon1_LoopBody", "anon1_LoopDone"]
    );
    assert_eq!(stmts(&p, "P", "anon1_LoopBody"), ["j := 0"]);
    assert_eq!(succ(&p, "P", "anon1_LoopBody"), ["anon3_LoopHead"]);
    // `break` leaves the inner loop for the block after it.
    assert_eq!(succ(&p, "P", "anon5_Then"), ["anon4"]);
    assert_eq!(stmts(&p, "P", "anon5_Then"), ["assume j == i"]);
    assert_eq!(succ(&p, "P", "anon3_LoopDone"), ["anon4"]);
    assert_eq!(stmts(&p, "P", "anon4"), ["i := i + 1"]);
    assert_eq!(succ(&p, "P", "anon4"), ["anon1_LoopHead"]);
    assert_eq!(succ(&p, "P", "anon6"), ["anon3_LoopHead"]);
    assert!(stmts(&p, "P", "anon1_LoopDone").is_empty());
    assert!(succ(&p, "P", "anon1_LoopDone").is_empty());
}

#[test]
fn labelled_break() {
    let p = load_ok(
        "procedure P() returns (i: int)\n{\n\
         \x20 outer: while (true) {\n\
         \x20   while (true) {\n\
         \x20     if (i > 5) { break outer; }\n\
         \x20     i := i + 1;\n\
         \x20   }\n\
         \x20 }\n\
         \x20 done: i := 0;\n\
         \x20 skip: if (i == 0) { break skip; i := 1; }\n\
         }\n",
    );
    // A labelled loop: the label's block is the entry and jumps to the head.
    assert_eq!(succ(&p, "P", "outer"), ["anon0_LoopHead"]);
    assert_eq!(succ(&p, "P", "anon0_LoopBody"), ["anon2_LoopHead"]);
    // `break outer` reaches the block after the outer loop, which the
    // outer loop's done block also falls into.
    let then = labels(&p, "P")
        .into_iter()
        .find(|l| l.ends_with("_Then") && stmts(&p, "P", l) == ["assume i > 5"])
        .unwrap();
    assert_eq!(then, "anon4_Then");
    assert_eq!(succ(&p, "P", &then), ["anon1"]);
    assert_eq!(succ(&p, "P", "anon0_LoopDone"), ["anon1"]);
    assert!(stmts(&p, "P", "anon1").is_empty());
    assert_eq!(succ(&p, "P", "anon1"), ["done"]);
    // The inner loop's done block goes back to the outer head.
    assert_eq!(succ(&p, "P", "anon2_LoopDone"), ["anon0_LoopHead"]);
    // `break skip` leaves the `if`; the statement after it is dead.
    assert_eq!(succ(&p, "P", "skip"), ["anon6_Then", "anon6_Else"]);
    assert_eq!(succ(&p, "P", "anon6_Then"), ["anon7"]);
    let dead = labels(&p, "P")
        .into_iter()
        .find(|l| stmts(&p, "P", l) == ["i := 1"])
        .unwrap();
    assert!(no_preds(&p, "P", &dead));
}

#[test]
fn break_errors() {
    assert_eq!(
        errors_of(
            "procedure P()\n{\n  break;\n  L: if (true) { break; }\n  while (true) { break M; }\n  M: assume true;\n}\n"
        ),
        [
            "t.bpl:3:3: error: `break` outside of a loop",
            "t.bpl:4:18: error: `break` outside of a loop",
            "t.bpl:5:18: error: `break M`: `M` does not label an enclosing structured statement",
        ]
    );
}

#[test]
fn gotos_into_and_out_of_structured_code() {
    let p = load_ok(
        "procedure P(x: int) returns (r: int)\n{\n\
         \x20 goto inside;\n\
         \x20 while (r < x) {\n\
         \x20   inside: r := r + 1;\n\
         \x20   if (r == 7) { goto out; }\n\
         \x20 }\n\
         \x20 out: return;\n\
         }\n",
    );
    assert_eq!(succ(&p, "P", "anon0"), ["inside"]);
    // `inside` is a user block in the loop body: it falls through to the `if`.
    assert_eq!(stmts(&p, "P", "inside"), ["r := r + 1"]);
    let then = labels(&p, "P")
        .into_iter()
        .find(|l| stmts(&p, "P", l) == ["assume r == 7"])
        .unwrap();
    assert_eq!(succ(&p, "P", &then), ["out"]);
    // The loop head is not reached from the entry (the goto jumps past it).
    assert!(!no_preds(&p, "P", "anon1_LoopHead"));
}

#[test]
fn generated_labels_avoid_user_labels() {
    let p = load_ok(
        "procedure P(b: bool)\n{\n\
         \x20 anon0: goto anon1_Then;\n\
         \x20 anon1_Then: if (b) { assume true; }\n\
         \x20 anon3: return;\n\
         }\n",
    );
    let ls = labels(&p, "P");
    let mut sorted = ls.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), ls.len(), "{ls:?}");
    assert_eq!(succ(&p, "P", "anon0"), ["anon1_Then"]);
    assert_eq!(succ(&p, "P", "anon1_Then"), ["anon2_Then", "anon2_Else"]);
    assert_eq!(succ(&p, "P", "anon2_Then"), ["anon4"]);
    assert_eq!(succ(&p, "P", "anon4"), ["anon3"]);
    // A user `goto` cannot reach a generated block.
    assert_eq!(
        errors_of("procedure P(b: bool)\n{\n  if (b) { }\n  goto anon1_Then;\n}\n"),
        ["t.bpl:4:8: error: undeclared label `anon1_Then`"]
    );
    // Duplicate labels inside structured code are found too.
    assert_eq!(
        errors_of("procedure P()\n{\n  L: while (*) { L: assume true; }\n}\n"),
        ["t.bpl:3:18: error: duplicate label `L`"]
    );
}

#[test]
fn condition_types() {
    assert_eq!(
        errors_of("procedure P(x: int)\n{\n  if (x) { }\n  while (x + 1) invariant x; { }\n}\n"),
        [
            "t.bpl:3:7: error: `if` needs a bool expression, but this is int",
            "t.bpl:4:10: error: `while` needs a bool expression, but this is int",
            "t.bpl:4:27: error: `invariant` needs a bool expression, but this is int",
        ]
    );
}

#[test]
fn implementation_with_renamed_formals() {
    let p = load_ok(
        "var g: int;\n\
         procedure P(x: int) returns (r: int);\n\
         \x20 requires x > 0;\n\
         \x20 ensures r == x + g;\n\
         \x20 modifies g;\n\
         implementation P(a: int) returns (b: int)\n\
         {\n  var t: int;\n  t := a; g := 0; b := t;\n}\n\
         procedure Q() modifies g; { var y: int; call y := P(1); }\n",
    );
    let pid = p.proc_by_name("P").unwrap();
    let proc_p = p.proc(pid);
    assert!(proc_p.body.is_some());
    // The body's names are the implementation's.
    let names: Vec<&str> = proc_p.locals.iter().map(|l| l.var.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "t"]);
    assert_eq!(stmts(&p, "P", "anon0"), ["t := a", "g := 0", "b := t"]);
    // The specs refer to the same variables, by position.
    let ir::ExprKind::Binary(_, lhs, _) = &proc_p.requires[0].expr.kind else {
        panic!("requires is a comparison")
    };
    assert_eq!(lhs.kind, ExprKind::Var(ir::VarRef::Local(proc_p.params[0])));
    assert_eq!(show(&p, pid, &proc_p.ensures[0].expr), "b == a + g");
}

#[test]
fn implementation_errors() {
    // Several implementations are fine (each is analysed as `P@k`).
    assert_eq!(
        errors_of(
            "procedure P(x: int) returns (r: int);\n\
             implementation P(a: int) returns (b: int) { }\n\
             implementation P(a: int) returns (b: int) { }\n\
             implementation Q() { }\n\
             procedure R(x: int);\n\
             implementation R(y: bool) { }\n\
             procedure S() { }\n\
             implementation S() { }\n\
             procedure U(x: int);\n\
             implementation U() { }\n"
        ),
        [
            "t.bpl:4:16: error: implementation of undeclared procedure `Q`",
            "t.bpl:6:18: error: `y` has type bool, but the procedure's `x` has type int",
            "t.bpl:10:16: error: implementation of `U` has 0 parameters, but the procedure has 1",
        ]
    );
    // The body sees the implementation's names, not the procedure's.
    assert_eq!(
        errors_of(
            "procedure P(x: int) returns (r: int);\nimplementation P(a: int) returns (b: int) { b := x; }\n"
        ),
        ["t.bpl:2:50: error: undeclared variable `x`"]
    );
}

#[test]
fn attributes_are_parsed_and_kept() {
    let text = "var {:extern} g: int;\n\
                procedure {:inline 1} P({:foo} x: int) returns (r: int)\n\
                \x20 requires {:id \"pre\"} x > 0;\n\
                \x20 modifies g;\n\
                {\n\
                \x20 assume {:sourceloc \"f.c\", 12, 3} true;\n\
                \x20 assert {:msg \"m\"} {:foo} x > 0;\n\
                \x20 call {:si_unique_call 0} r := Q(x);\n\
                \x20 r := {:id \"a0\"} r + 1;\n\
                \x20 while (*) free invariant {:x} true; { }\n\
                }\n\
                procedure {:extern} Q(y: int) returns (z: int);\n\
                implementation {:bar} Q(y: int) returns (z: int) { }\n\
                type {:builtin \"Int\"} T = int;\n";
    load_ok(text);
    let mut sources = SourceMap::new();
    let f = sources.add("t.bpl", text);
    let ast = bicd::front::parse::parse_program(&sources, f).unwrap();
    let bicd::front::ast::Decl::Proc(p) = &ast.decls[1] else {
        panic!("procedure")
    };
    assert_eq!(p.attrs[0].name, "inline");
    assert_eq!(p.params[0].attrs[0].name, "foo");
    assert_eq!(p.specs[0].attrs[0].name, "id");
    let body = p.body.as_ref().unwrap();
    let bicd::front::ast::BodyItem::Stmt(assume) = &body.items[0] else {
        panic!("statement")
    };
    let a = &assume.attrs[0];
    assert_eq!(a.name, "sourceloc");
    assert_eq!(a.args.len(), 3);
    assert!(matches!(&a.args[0], bicd::front::ast::AttrArg::Str(s, _) if s == "f.c"));
    assert!(
        matches!(&a.args[1], bicd::front::ast::AttrArg::Expr(e) if e.kind == bicd::front::ast::ExprKind::Int(12.into()))
    );
    let bicd::front::ast::BodyItem::Stmt(assert) = &body.items[1] else {
        panic!("statement")
    };
    assert_eq!(assert.attrs.len(), 2);
}

#[test]
fn type_synonyms() {
    let p = load_ok(
        "type Nat = int;\ntype N2 = Nat;\ntype B = bool;\n\
         var g: N2;\nprocedure P(x: Nat) returns (b: B) { b := x > g; }\n",
    );
    assert_eq!(p.globals[0].ty, ir::Type::Int);
    let pr = p.proc(p.proc_by_name("P").unwrap());
    assert_eq!(pr.locals[1].var.ty, ir::Type::Bool);
    assert_eq!(
        errors_of(
            "type A = B;\ntype B = A;\ntype T;\ntype S a;\ntype A = int;\n\
             var x: T;\nvar y: Q;\nvar z: bv32;\nvar w: float24e99;\n"
        ),
        [
            "t.bpl:1:6: error: cyclic type synonym",
            "t.bpl:2:6: error: cyclic type synonym",
            "t.bpl:5:6: error: duplicate declaration of type `A`",
            "t.bpl:7:8: error: undeclared type `Q`",
            "t.bpl:9:8: error: unsupported: float24e99: bicd reads exponents of at most 60 bits and significands of at most 65536",
        ]
    );
}

/// The first error of `text`, as `line:col: message`.
fn first_error(text: &str) -> String {
    let e = errors_of(text);
    e[0].strip_prefix("t.bpl:").unwrap().replace(" error:", "")
}

/// Words only Boogie releases after 2.4 reserve are names, as Boogie 2.4
/// reads them: SDV's drivers declare `var {:scalar} action: int;`.
#[test]
fn words_later_boogie_reserves_are_names() {
    let p = load_ok(
        "var uses: int;
         function finite(let: int) returns (int) { let + 1 }
         procedure datatype(pure: int) returns (codatatype: int)
           modifies uses;
         {
           var {:scalar} action: int;
           var yield_invariant: bool;
           action := finite(pure);
           uses := action;
           codatatype := uses;
         }",
    );
    assert!(p.proc_by_name("datatype").is_some());
}

#[test]
fn refusals_name_the_construct() {
    let cases: &[(&str, String)] = &[
        (
            "const x: int extends y;",
            "1:14: unsupported: constant orders (`extends`, `complete`)".to_string(),
        ),
        (
            "const x: int uses { axiom x > 0; }",
            "1:14: unsupported: `uses` clauses on constants and functions".to_string(),
        ),
        (
            // A coercion (issue 19), then its expression resolved.
            "axiom (x: int > 0);",
            "1:8: undeclared variable `x`".to_string(),
        ),
        (
            "var x: float24e99;",
            "1:8: unsupported: float24e99: bicd reads exponents of at most 60 bits and significands of at most 65536".to_string(),
        ),
        (
            "datatype List { Nil() }",
            "1:1: unsupported: datatypes (`datatype`)".to_string(),
        ),
        (
            "procedure P<T>(x: T);\nimplementation P<T>(x: T) {}",
            "2:18: unsupported: an implementation with type parameters (of `P`)".to_string(),
        ),
        (
            "procedure P() { yield; }",
            "1:17: unsupported: CIVL (`yield`)".to_string(),
        ),
        (
            "procedure P() { async call P(); }",
            "1:17: unsupported: `async call` (a call that starts a thread, in CIVL's and Corral's concurrent programs)".to_string(),
        ),
        (
            "procedure P() { par P() | P(); }",
            "1:17: unsupported: CIVL (`par`)".to_string(),
        ),
        (
            "pure procedure P();",
            "1:1: unsupported: CIVL (`pure`)".to_string(),
        ),
        (
            "atomic action A() { }",
            "1:1: unsupported: CIVL (`atomic`)".to_string(),
        ),
        (
            "action A() { }",
            "1:1: unsupported: CIVL (`action`)".to_string(),
        ),
        (
            "codatatype Stream { Cons(head: int, tail: Stream) }",
            "1:1: unsupported: datatypes (`datatype`)".to_string(),
        ),
        (
            "function f(x: int) returns (int) uses { axiom f(0) == 0; }",
            "1:34: unsupported: `uses` clauses on constants and functions".to_string(),
        ),
        (
            "procedure P() { assume |{ A: goto A; }|; }",
            "1:24: unsupported: a loop among the blocks of a code expression".to_string(),
        ),
        (
            "procedure P(x: int) { assume x == 1.5; }",
            "1:30: `==` compares int with real".to_string(),
        ),
        (
            "procedure P(x: int) { assume x == 0x1.0p0e8f24; }",
            "1:35: incorrectly formatted floating point `0x1.0p0e8f24`".to_string(),
        ),
        (
            "procedure P(x: int) { assume x == 5bv32; }",
            "1:30: `==` compares int with bv32".to_string(),
        ),
        (
            "procedure Q(b: bool);\nprocedure P(x: int) { call Q((forall y: int :: y == x)); }",
            "2:30: unsupported: a quantifier in a call argument (bicd reads quantifiers in conditions only: its interpreter cannot compute their value to replay a test)".to_string(),
        ),
        (
            "procedure P(x: int) { assume x == f(x); }",
            "1:35: undeclared function `f`".to_string(),
        ),
        (
            "var m: int;\nprocedure P(x: int) { assume m[x] == 0; }",
            "2:30: `[...]` needs a map, but this is int".to_string(),
        ),
        (
            "#if A\nprocedure P();\n#endif",
            "1:1: unsupported: preprocessor directive `#if`".to_string(),
        ),
        (
            "var m: int;\nprocedure P() modifies m; { m[1] := 0; }",
            "2:29: `[...]` needs a map, but this is int".to_string(),
        ),
    ];
    for (text, want) in cases {
        assert_eq!(&first_error(text), want, "for {text}");
    }
    // `#line` only renames locations: it is skipped.
    load_ok("#line 12\nprocedure P();\n");
    // Any other `#...` at the start of a line is an identifier (Dafny's
    // `#_System._tuple#2._#Make2`).
    load_ok(
        "function #f(x: int): int;\nprocedure P(x: int) returns (r: int) {\n  r :=\n#f(x);\n}\n",
    );
}

#[test]
fn verified_under_is_read_as_boogie_does() {
    // `assert {:verified_under A} P` checks `A || P`; several conjoin.
    let p = load_ok(
        "procedure P(a: bool, b: bool, q: bool)\n{\n\
         \x20 assert {:verified_under a} q;\n\
         \x20 assert {:verified_under a} {:verified_under b} q;\n\
         \x20 while (*) invariant {:verified_under a} q; { }\n\
         }\n",
    );
    assert_eq!(
        stmts(&p, "P", "anon0"),
        ["assert a || q", "assert a && b || q"]
    );
    assert_eq!(stmts(&p, "P", "anon1_LoopHead"), ["assert a || q"]);
    assert_eq!(
        errors_of("procedure A(x: bool); requires x;\nprocedure P() { call {:verified_under true} A(false); }\n"),
        ["t.bpl:2:22: error: unsupported: `{:verified_under}` on a call (Boogie checks `A || requires` at the call and continues with that; bicd's call checks and continues with the callee's `requires`)"]
    );
}

#[test]
fn attributes_that_change_meaning_are_refused() {
    // Read now: `{:assumption}` and `{:selective_checking}` (see
    // tests/front/attributes.rs); refused where bicd could not keep Boogie's
    // reading.
    let errs = errors_of(
        "procedure {:selective_checking} P() { while (*) { } }\n\
         procedure Q(); free requires {:always_assume} false;\n",
    );
    assert_eq!(errs.len(), 2, "{errs:?}");
    assert!(
        errs[0].starts_with(
            "t.bpl:1:11: error: unsupported: `{:selective_checking}` in a procedure with loops"
        ),
        "{}",
        errs[0]
    );
    assert!(
        errs[1].starts_with("t.bpl:2:30: error: unsupported: `{:always_assume}` (Boogie assumes"),
        "{}",
        errs[1]
    );
}

#[test]
fn deep_structured_nesting_is_bounded_and_fits_a_small_stack() {
    // A long `else if` chain nests without brackets: the parser bounds it.
    let depth = bicd::front::ast::MAX_STMT_DEPTH as usize;
    let chain = |n: usize| {
        format!(
            "procedure P(x: int) returns (r: int)\n{{\n  {} {{ r := 0; }}\n}}\n",
            (0..n)
                .map(|i| format!("if (x == {i}) {{ r := {i}; }} else"))
                .collect::<Vec<_>>()
                .join(" ")
        )
    };
    let errs = errors_of(&chain(100_000));
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].contains("statements nested too deeply"),
        "{}",
        errs[0]
    );
    // The deepest accepted nesting (loops inside an `else if` chain inside
    // loops) resolves and lowers on a 512 KiB stack.
    let text = format!(
        "procedure P(x: int) returns (r: int)\n{{\n{}{}{}\n}}\n",
        "while (*) { ".repeat(depth / 2),
        chain(depth - depth / 2 - 1).lines().nth(2).unwrap(),
        " }".repeat(depth / 2)
    );
    let handle = std::thread::Builder::new()
        .stack_size(512 * 1024)
        .spawn(move || load_text(&text).1.map(|p| p.procedures.len()))
        .unwrap();
    assert_eq!(handle.join().expect("no stack overflow").unwrap(), 1);
}

/// A structured program with most of the new syntax, for mutation.
const STRUCTURED: &str = "type Nat = int;\n\
var {:extern} g: Nat;\n\
procedure {:inline 1} P(x: int) returns (r: int);\n\
  requires {:id \"p\"} x >= 0;\n\
  modifies g;\n\
implementation P(a: int) returns (b: int)\n\
{\n\
  var i: int;\n\
  b := 0; i := 0;\n\
  outer: while (i < a) invariant {:verified_under true} b >= 0; free invariant i >= 0; {\n\
    if (i == 3) { break; } else if (*) { b := b + 1; } else { break outer; }\n\
    assume {:sourceloc \"f.c\", 12, 3} true;\n\
    L: i := i + 1; g := i;\n\
  }\n\
  if (b > 2) { goto L; }\n\
  assert {:msg \"m\"} b >= 0;\n\
}\n";

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn mutated_structured_programs_never_panic() {
    load_ok(STRUCTURED);
    let pieces = [
        "",
        " ",
        "(",
        ")",
        "{",
        "}",
        ";",
        ":",
        "=",
        "if",
        "else",
        "while",
        "break",
        "invariant",
        "free",
        "{:",
        "\"",
        "*",
        "goto L;",
        "L:",
        "implementation",
        "type",
        "[",
        "<",
        "#line",
        "++",
        "|{",
        "x",
        "1",
        "5bv32",
        "outer",
        "return;",
        "\n",
    ];
    let mut rng = Lcg(7);
    for _ in 0..400 {
        let mut t = STRUCTURED.to_string();
        for _ in 0..1 + rng.next(3) {
            let mut at = rng.next(t.len() + 1);
            while !t.is_char_boundary(at) {
                at -= 1;
            }
            let mut end = (at + rng.next(6)).min(t.len());
            while !t.is_char_boundary(end) {
                end -= 1;
            }
            t.replace_range(at..end, pieces[rng.next(pieces.len())]);
        }
        let len = t.len();
        let outcome = std::panic::catch_unwind(|| load_text(&t).1.map(|_| ()));
        match outcome {
            Err(_) => panic!("front end panicked on:\n{t}"),
            Ok(Err(errs)) => {
                assert!(!errs.is_empty());
                for d in &errs {
                    assert!(d.span.end as usize <= len, "{t}");
                    assert!(!d.message.contains("internal error"), "{}\n{t}", d.message);
                }
            }
            Ok(Ok(_)) => {}
        }
    }
}

/// The targets of the back edges of `proc` (edges `u -> v` where `v`
/// dominates `u`), as natural-loop detection sees them.
fn back_edge_targets(p: &Program, proc: &str) -> Vec<String> {
    let c = cfg(p, proc);
    let dom = petgraph::algo::dominators::simple_fast(&c.graph, c.entry);
    let mut out = Vec::new();
    for e in c.graph.edge_indices() {
        let (u, v) = c.graph.edge_endpoints(e).unwrap();
        let dominates = dom.dominators(u).is_some_and(|mut ds| ds.any(|d| d == v));
        if dominates {
            out.push(c.graph[v].label.clone());
        }
    }
    out.sort();
    out
}

#[test]
fn loop_heads_are_the_natural_loop_headers() {
    let p = load_ok(
        "procedure P(n: int) returns (i: int, j: int)\n{\n\
         \x20 while (i < n) invariant i >= 0; {\n\
         \x20   j := 0;\n\
         \x20   while (*) { if (j > i) { break; } j := j + 1; }\n\
         \x20   if (i == 7) { continue_here: i := i + 1; } else { i := i + 2; }\n\
         \x20 }\n\
         \x20 L: while (j > 0) { j := j - 1; if (j == 3) { break L; } }\n\
         }\n",
    );
    assert_eq!(
        back_edge_targets(&p, "P"),
        ["anon1_LoopHead", "anon3_LoopHead", "anon9_LoopHead"]
    );
    let c = cfg(&p, "P");
    assert!(!c.graph[c.entry].label.ends_with("_LoopHead"));
    // Each head has exactly one back edge and one entry edge.
    for head in ["anon1_LoopHead", "anon3_LoopHead", "anon9_LoopHead"] {
        let n = c.block_by_label(head).unwrap();
        let preds = c
            .graph
            .neighbors_directed(n, petgraph::Direction::Incoming)
            .count();
        assert_eq!(preds, 2, "{head}");
    }
    // The mutation base program too.
    assert_eq!(
        back_edge_targets(&load_ok(STRUCTURED), "P"),
        ["anon1_LoopHead"]
    );
}
