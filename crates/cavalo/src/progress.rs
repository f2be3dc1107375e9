//! The progress bar that the long commands (`match`, `tournament`, `accuracy` and its
//! `--build`, `datagen`, `analyse`) draw on standard error.

use cavalo_session::i18n::Lang;
use cavalo_session::key;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What a progress bar counts.
#[derive(Clone, Copy, Debug)]
pub enum Counting {
    /// Games.
    Games,
    /// Positions.
    Positions,
}

/// What a progress bar counts, in words.
fn counting_word(what: Counting, lang: Lang) -> String {
    lang.tr(match what {
        Counting::Games => key!("progress-games"),
        Counting::Positions => key!("progress-positions"),
    })
}

/// A progress bar on standard error (drawn only on a terminal) counting `what`, in `lang`.
pub fn bar(len: usize, quiet: bool, what: Counting, lang: Lang) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let what = counting_word(what, lang);
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    let template = format!("{{elapsed_precise}} [{{bar:30}}] {{pos}}/{{len}} {what}  {{msg}}");
    bar.set_style(ProgressStyle::with_template(&template).expect("a valid template").progress_chars("=> "));
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bars_count_in_the_users_language() {
        assert_eq!(counting_word(Counting::Games, Lang::Pt), "jogos");
        assert_eq!(counting_word(Counting::Positions, Lang::Pt), "posições");
        assert_eq!(counting_word(Counting::Games, Lang::En), "games");
        for what in [Counting::Games, Counting::Positions] {
            let pt = counting_word(what, Lang::Pt);
            assert_eq!(cavalo_session::i18n::english_words_in(&pt, &[]), Vec::<String>::new(), "{pt}");
        }
    }
}
