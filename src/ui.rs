//! What the command line tells people beside its results: notes and progress on stderr (silenced
//! by `--quiet`), colour where a terminal shows it (never with `NO_COLOR`), and plurals.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--color`'s values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless the `NO_COLOR` environment variable is set.
    Auto,
    /// Even into a pipe or a file.
    Always,
    /// Plain text.
    Never,
}

/// Sets, once at start, whether notes and progress are shown and how colour is chosen.
pub fn configure(quiet: bool, color: ColorWhen) {
    QUIET.store(quiet, Ordering::Relaxed);
    let choice = match color {
        ColorWhen::Auto => anstream::ColorChoice::Auto,
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
}

pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A line for people on stderr (where it went, how long it took); nothing with `--quiet`.
pub fn note(text: impl std::fmt::Display) {
    if !quiet() {
        anstream::eprintln!("{text}");
    }
}

/// The one-line error every failure ends with, shown even with `--quiet`.
pub fn error(text: impl std::fmt::Display) {
    anstream::eprintln!("{}error:{} {text}", BAD.render(), BAD.render_reset());
}

pub const GOOD: Style = AnsiColor::Green.on_default().bold();
pub const BAD: Style = AnsiColor::Red.on_default().bold();
pub const WARN: Style = AnsiColor::Yellow.on_default().bold();

/// `text` in `style`, for output printed through `anstream` (which drops the style where colour
/// is off).
pub fn styled(style: Style, text: impl std::fmt::Display) -> String {
    format!("{}{text}{}", style.render(), style.render_reset())
}

/// `1 solution`, `2 solutions`, with the count grouped in thousands (core's one way).
pub fn plural(count: u64, one: &str, many: &str) -> String {
    sudoku_core::counted(count, (one, many))
}

/// `plural` for the common case of an added `s`.
pub fn count_of(count: u64, noun: &str) -> String {
    plural(count, noun, &format!("{noun}s"))
}

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    sudoku_core::thousands(n)
}

/// A duration as precise as a single timing supports: `850 ns`, `12.3 µs`, `4.56 ms`, `1.23 s`.
pub fn duration(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    match seconds {
        s if s < 1e-6 => format!("{} ns", elapsed.as_nanos()),
        s if s < 1e-3 => format!("{:.1} µs", s * 1e6),
        s if s < 1.0 => format!("{:.2} ms", s * 1e3),
        s if s < 60.0 => format!("{s:.2} s"),
        s => format!("{} min {:.0} s", (s / 60.0).floor(), s % 60.0),
    }
}

/// Seconds rounded to the microsecond, for machine-readable output.
pub fn seconds(elapsed: Duration) -> f64 {
    (elapsed.as_secs_f64() * 1e6).round() / 1e6
}

/// Progress of a command, drawn on a terminal's stderr once the command has run past a second
/// (a quick command shows nothing), never with `--quiet`.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// Progress over puzzles: `what` names the work (`solving`, `counting`); `budget` is stated
    /// beside it.
    pub fn new(what: &str, total: usize, budget: &str) -> Progress {
        let template = if total > 1 {
            "{spinner} {prefix} puzzle {pos}/{len} [{bar:30}] {elapsed} · {msg}"
        } else {
            "{spinner} {prefix} {elapsed} · {msg}"
        };
        let progress = Progress::drawn_as(template, total as u64);
        progress.bar.set_prefix(what.to_string());
        progress.bar.set_message(budget.to_string());
        progress
    }

    /// Progress over `total` steps, drawn by an indicatif `template`.
    pub fn drawn_as(template: &str, total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        if !quiet() && std::io::stderr().is_terminal() {
            let shown = bar.clone();
            thread::spawn(move || {
                thread::sleep(Duration::from_secs(1));
                if !shown.is_finished() {
                    shown.set_draw_target(ProgressDrawTarget::stderr());
                    shown.enable_steady_tick(Duration::from_millis(120));
                }
            });
        }
        Progress { bar }
    }

    /// One puzzle done.
    pub fn advance(&self) {
        self.bar.inc(1);
    }

    /// `done` steps done (a command that goes over its puzzles several times, or resumes).
    pub fn set_position(&self, done: usize) {
        self.bar.set_position(done as u64);
    }

    /// The number of steps, once known.
    pub fn set_length(&self, total: u64) {
        self.bar.set_length(total);
    }

    /// What the bar says beside the count.
    pub fn set_message(&self, text: String) {
        self.bar.set_message(text);
    }

    /// A line printed above the bar (or plainly when no bar shows).
    pub fn println(&self, line: &str) {
        self.bar.suspend(|| anstream::println!("{line}"));
    }

    /// A [`note`] printed above the bar.
    pub fn note(&self, text: impl std::fmt::Display) {
        self.bar.suspend(|| note(text));
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
