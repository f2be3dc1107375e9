//! The progress bar that the long commands (`match`, `tournament`, `accuracy` and its
//! `--build`, `datagen`, `analyse`) draw on standard error.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar on standard error (drawn only on a terminal) counting `what`.
pub fn bar(len: usize, quiet: bool, what: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    let template = format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {what}  {{msg}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template").progress_chars("=> "));
    bar
}
