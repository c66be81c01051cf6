//! What a solver process holds: the commands sent to it whose effect
//! still stands, replayed into a fresh process after a kill
//! ([`super::Solver::restart`]), a switch to z3 or a refresh
//! ([`super::Solver::refresh`]).
//!
//! Takes: the text of every command sent (`record`). Gives: that text
//! without the scopes popped since (`as_str`), so that a replay asks
//! nothing twice and declares nothing a popped scope declared. SMT-LIB's
//! `(pop 1)` undoes the declarations and assertions of its scope but not
//! the options set in it, so a popped scope leaves its `(set-option ...)`
//! lines behind. Only `(push 1)` and `(pop 1)` on lines of their own
//! count as scopes (that is how bicd sends them).

/// The commands a solver holds, with the offsets where open scopes start.
#[derive(Clone, Debug, Default)]
pub(super) struct Transcript {
    text: String,
    /// Offsets in `text` of the `(push 1)` of each open scope, innermost
    /// last.
    scopes: Vec<usize>,
}

impl Transcript {
    /// Adds `commands` (whole lines): a `(push 1)` opens a scope, a
    /// `(pop 1)` drops the innermost one but for its options.
    pub(super) fn record(&mut self, commands: &str) {
        if !commands.contains("(push 1)") && !commands.contains("(pop 1)") {
            self.text.push_str(commands);
            return;
        }
        for line in commands.split_inclusive('\n') {
            match line.trim_end() {
                "(push 1)" => {
                    self.scopes.push(self.text.len());
                    self.text.push_str(line);
                }
                "(pop 1)" => match self.scopes.pop() {
                    Some(start) => {
                        let popped = self.text.split_off(start);
                        for option in popped
                            .split_inclusive('\n')
                            .filter(|l| l.starts_with("(set-option"))
                        {
                            self.text.push_str(option);
                        }
                    }
                    None => self.text.push_str(line),
                },
                _ => self.text.push_str(line),
            }
        }
    }

    pub(super) fn as_str(&self) -> &str {
        &self.text
    }

    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.scopes.clear();
    }

    /// `later` after this transcript (its scopes shifted accordingly).
    pub(super) fn append(&mut self, later: Transcript) {
        let shift = self.text.len();
        self.text.push_str(&later.text);
        self.scopes.extend(later.scopes.iter().map(|s| s + shift));
    }
}

#[cfg(test)]
mod tests {
    use super::Transcript;

    #[test]
    fn a_popped_scope_leaves_only_its_options() {
        let mut t = Transcript::default();
        t.record("(declare-const x Int)\n(push 1)\n(assert (> x 0))\n");
        t.record("(set-option :timeout 10)\n(check-sat)\n");
        t.record("(pop 1)\n(assert (< x 5))\n");
        assert_eq!(
            t.as_str(),
            "(declare-const x Int)\n(set-option :timeout 10)\n(assert (< x 5))\n"
        );
    }

    #[test]
    fn nested_scopes_pop_innermost_first() {
        let mut t = Transcript::default();
        t.record("(push 1)\n(assert a)\n");
        t.record("(push 1)\n(assert b)\n");
        t.record("(pop 1)\n");
        assert_eq!(t.as_str(), "(push 1)\n(assert a)\n");
        t.record("(pop 1)\n");
        assert_eq!(t.as_str(), "");
    }

    #[test]
    fn appended_scopes_keep_their_place() {
        let mut setup = Transcript::default();
        setup.record("(set-option :produce-models true)\n");
        let mut later = Transcript::default();
        later.record("(declare-const x Int)\n(push 1)\n(assert (> x 0))\n");
        setup.append(later);
        setup.record("(pop 1)\n");
        assert_eq!(
            setup.as_str(),
            "(set-option :produce-models true)\n(declare-const x Int)\n"
        );
    }
}
