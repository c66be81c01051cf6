//! A progress bar on standard error for `bicd cover`: one file's
//! procedures as they finish.
//!
//! Takes: the file's name, its number of procedures and whether path mode
//! runs. Gives: an [`indicatif::ProgressBar`], hidden unless standard error
//! is a terminal (never in a pipe or a CI log).

/// A progress bar on standard error for one file's procedures, shown only
/// when standard error is a terminal and the run is long enough to want one
/// (several procedures, or path mode); hidden otherwise.
pub fn progress_bar(file: &str, procedures: usize, path_mode: bool) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    let wanted = std::io::stderr().is_terminal() && (procedures > 1 || path_mode);
    if !wanted {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(procedures as u64);
    let style = indicatif::ProgressStyle::with_template(
        "{spinner} {msg} [{bar:30}] {pos}/{len} procedures, {elapsed}",
    )
    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(file.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}
