//! Issue 3: a procedure with several implementations. Boogie checks each
//! implementation against the contract; bicd analyses each body as a
//! procedure of its own, `P@1`, `P@2`, ..., and a call of `P` uses the
//! contract (as a call of a procedure without a body).

use crate::support;
use crate::support::cli::{self, text};

const PROGRAM: &str = "var g: int;
procedure P() returns (r: int);
  requires g > 0;
  ensures r > g;

implementation P() returns (r: int)
{
  r := g + 1;
}

implementation P() returns (s: int)
{
  s := g - 1;   // the ensures fails here
}

procedure Caller() returns (x: int)
{
  g := 5;
  call x := P();
  if (x == 6) { x := 0; }   // covered: P's result is any value > 5
  if (x == 1000) { x := 1; } // covered too: no implementation is chosen
}
";

#[test]
fn each_implementation_is_analysed_and_calls_use_the_contract() {
    let path = support::scratch(
        "impls",
        "impls.bpl",
        PROGRAM.replace(
            "procedure Caller() returns (x: int)",
            "procedure Caller() returns (x: int)\n  modifies g;",
        ),
    );
    let out = cli::bicd(["cover", "--format", "json"]).arg(&path).output();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let procs = doc["procedures"].as_array().unwrap();
    let names: Vec<&str> = procs.iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Caller", "P@1", "P@2"]);
    let ensures_status = |p: &serde_json::Value| {
        p["assertions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["kind"] == "ensures")
            .unwrap()["status"]
            .clone()
    };
    assert_eq!(ensures_status(&procs[1]), "holds");
    assert_eq!(ensures_status(&procs[2]), "can-fail");
    assert_eq!(procs[2]["line"], 11);
    // The caller: every block covered (the contract, not one body).
    assert!(
        procs[0]["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["status"] == "covered"),
        "{}",
        procs[0]
    );
    // The call's `requires` is checked at the call and holds (g = 5).
    assert!(procs[0]["assertions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["status"] == "holds"));
}
