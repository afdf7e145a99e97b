//! `serve`: the browser lab (`sudoku-lab`) on this machine, with the puzzles of the command line:
//! a board, a dataset line, a generated puzzle or pasted text is read exactly as `solve`,
//! `--dataset` and `generate` read them, so the page shows the command line's own errors.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Parser;
use sudoku_core::{Grid, Shape, parse_entries};
use sudoku_lab::{BoardName, Config, DatasetName, PuzzleRequest, Puzzles, Sources};

use crate::Failure;
use crate::generate::{GenerateArgs, generated};
use crate::input::InputArgs;

#[derive(clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free one; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. The default answers this machine only; another address lets
    /// anyone who can reach it run solvers here.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the page in the default browser once the server listens.
    #[arg(long)]
    open: bool,
    /// The folder whose results.csv files the page's report view can open (searched four
    /// folders deep).
    #[arg(long, value_name = "DIR", default_value = "reports")]
    reports: PathBuf,
    /// Races that may run at once (each runs up to four solvers, a thread each).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    races: u16,
}

/// Seconds the generator may take for the page: a page waits for its answer.
const GENERATE_SECONDS: &str = "30";

pub fn serve(args: &ServeArgs) -> Result<(), Failure> {
    let config = Config {
        address: SocketAddr::new(args.host, args.port),
        reports: args.reports.clone(),
        races: usize::from(args.races),
    };
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| Failure::input(format!("cannot start the server: {e}")))?;
    runtime
        .block_on(async {
            let listener = sudoku_lab::bind(&config).await?;
            let address = listener.local_addr()?;
            let url = format!("http://{address}/");
            // The one line on stdout: scripts and tests read the address from it.
            println!("lab: {url}");
            crate::ui::note(format!(
                "serving the lab until Ctrl-C; races run up to {} at once, each solver under \
                 the budget the page gives it (10 s unless changed, 60 s at most); reports from {}",
                config.races,
                config.reports.display()
            ));
            if !config.reports.is_dir() {
                crate::ui::note(format!(
                    "{} is not a folder: the report view will list no results (--reports DIR)",
                    config.reports.display()
                ));
            }
            if args.open {
                open_in_browser(&url);
            }
            let stop = async {
                let _ = tokio::signal::ctrl_c().await;
            };
            sudoku_lab::serve(listener, &config, Arc::new(CommandLine), stop).await
        })
        .map_err(|e| Failure::input(format!("{e:#}")))
}

/// Hands the page to the desktop's browser; says so when there is none to hand it to.
fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener).arg(url).spawn() {
        crate::ui::note(format!(
            "cannot open a browser ({opener}: {error}); open {url}"
        ));
    }
}

/// The command line's readers of puzzles, for the page.
struct CommandLine;

impl Puzzles for CommandLine {
    fn sources(&self) -> Sources {
        Sources {
            boards: sudoku_catalog::named_boards()
                .into_iter()
                .map(|board| BoardName {
                    id: board.id,
                    title: board.name,
                    size: board.size,
                })
                .collect(),
            datasets: sudoku_catalog::embedded_names()
                .into_iter()
                .filter_map(|name| {
                    let dataset = sudoku_catalog::embedded(name)?;
                    Some(DatasetName {
                        name: name.to_string(),
                        count: dataset.puzzles.len(),
                    })
                })
                .collect(),
            sizes: Shape::ALL.iter().map(|shape| shape.size()).collect(),
            variants: ["classic", "diagonal", "jigsaw", "jigsaw-diagonal"]
                .map(String::from)
                .to_vec(),
            levels: sudoku_human::Level::ALL
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }

    fn resolve(&self, request: &PuzzleRequest) -> Result<(Grid, String), String> {
        let failed = |failure: Failure| failure.message;
        match request {
            PuzzleRequest::Board { board } => {
                let puzzles = InputArgs::board(board).read().map_err(failed)?;
                let item = puzzles.single("the lab").map_err(failed)?;
                Ok((item.entry.grid, format!("board {board}")))
            }
            PuzzleRequest::Dataset { dataset, line } => {
                if !sudoku_catalog::embedded_names().contains(&dataset.as_str()) {
                    return Err(format!(
                        "unknown dataset {dataset:?}; the lab offers the built-in ones: {}",
                        sudoku_catalog::embedded_names().join(", ")
                    ));
                }
                let puzzles = InputArgs::dataset(dataset).read().map_err(failed)?;
                let count = puzzles.len();
                let item = match line.checked_sub(1) {
                    Some(index) if index < count => puzzles
                        .iter()
                        .map_err(failed)?
                        .nth(index)
                        .expect("the index is below the count")
                        .map_err(failed)?,
                    _ => {
                        return Err(format!(
                            "dataset {dataset}: there is no puzzle {line}; it holds 1 to {count}"
                        ));
                    }
                };
                Ok((item.entry.grid, format!("{dataset}, puzzle {line}")))
            }
            PuzzleRequest::Text { text } => {
                let puzzles = InputArgs::text(text).read().map_err(failed)?;
                puzzles.require_consistent_clues().map_err(failed)?;
                let item = puzzles.single("the lab").map_err(failed)?;
                Ok((item.entry.grid, "pasted puzzle".into()))
            }
            PuzzleRequest::Generate {
                size,
                variant,
                difficulty,
                seed,
            } => {
                let mut words = vec![
                    "generate".to_string(),
                    format!("--size={size}"),
                    format!("--variant={variant}"),
                    format!("--seed={seed}"),
                    format!("--timeout={GENERATE_SECONDS}"),
                ];
                words.extend(
                    difficulty
                        .iter()
                        .map(|level| format!("--difficulty={level}")),
                );
                let command = words[1..].join(" ");
                let args = Generate::try_parse_from(&words)
                    .map_err(|e| e.to_string().trim_end().to_string())?
                    .args;
                let text = generated(&args).map_err(|e| format!("generate {command}: {e:#}"))?;
                let entries = parse_entries(&text).map_err(|e| e.to_string())?;
                let entry = entries
                    .into_iter()
                    .next()
                    .ok_or("the generator wrote no puzzle")?;
                Ok((entry.grid, format!("generated ({command})")))
            }
        }
    }
}

/// `generate`'s options read as the command line reads them.
#[derive(Parser)]
#[command(name = "sudoku-bench")]
struct Generate {
    #[command(flatten)]
    args: GenerateArgs,
}
