//! Running the `bicd` command line from a test (the binary cargo built
//! with the tests), and checking SARIF logs against the OASIS SARIF 2.1.0
//! schema (`tests/sarif-schema-2.1.0.json`).

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The `bicd` binary under test.
pub fn exe() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_bicd"))
}

/// A run of `bicd ARGS`, to complete with more arguments, a working folder,
/// environment variables or a memory limit, then to run.
#[must_use]
pub struct Bicd {
    args: Vec<OsString>,
    dir: Option<PathBuf>,
    env: Vec<(OsString, OsString)>,
    memory_kib: Option<u64>,
}

/// `bicd ARGS`.
pub fn bicd<S: AsRef<OsStr>>(args: impl IntoIterator<Item = S>) -> Bicd {
    Bicd {
        args: Vec::new(),
        dir: None,
        env: Vec::new(),
        memory_kib: None,
    }
    .args(args)
}

impl Bicd {
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Bicd {
        self.args.push(arg.as_ref().to_os_string());
        self
    }

    pub fn args<S: AsRef<OsStr>>(mut self, args: impl IntoIterator<Item = S>) -> Bicd {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_os_string()));
        self
    }

    /// Runs in `dir` (reports then name files relative to it).
    pub fn in_dir(mut self, dir: impl AsRef<Path>) -> Bicd {
        self.dir = Some(dir.as_ref().to_path_buf());
        self
    }

    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Bicd {
        self.env
            .push((key.as_ref().to_os_string(), value.as_ref().to_os_string()));
        self
    }

    /// Runs under `ulimit -v KIB` (through `sh`): a run that allocates more
    /// address space fails.
    pub fn memory_limit_kib(mut self, kib: u64) -> Bicd {
        self.memory_kib = Some(kib);
        self
    }

    /// Runs it: its output and how long it took. Panics when bicd cannot be
    /// started.
    pub fn timed(self) -> (Output, Duration) {
        let mut cmd = match self.memory_kib {
            None => Command::new(exe()),
            Some(kib) => {
                let mut sh = Command::new("sh");
                sh.arg("-c")
                    .arg(format!("ulimit -v {kib}; exec \"$@\""))
                    .arg("sh")
                    .arg(exe());
                sh
            }
        };
        cmd.args(&self.args);
        if let Some(dir) = &self.dir {
            cmd.current_dir(dir);
        }
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        let start = Instant::now();
        let out = cmd.output().expect("bicd runs");
        (out, start.elapsed())
    }

    /// Runs it: its output.
    pub fn output(self) -> Output {
        self.timed().0
    }

    /// Runs it: (exit status, or -1 when a signal ended it; standard
    /// output; standard error).
    pub fn run(self) -> (i32, String, String) {
        let out = self.output();
        (
            out.status.code().unwrap_or(-1),
            text(&out.stdout),
            text(&out.stderr),
        )
    }
}

/// Output bytes as text (invalid UTF-8 replaced).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The schema violations of the SARIF log `doc` (none: valid).
pub fn sarif_schema_errors(doc: &serde_json::Value) -> Vec<String> {
    let schema_path = super::crate_path("tests/sarif-schema-2.1.0.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    super::json_schema::errors(&schema, doc)
}
