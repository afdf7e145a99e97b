//! The browser lab: a local web server, started by `sudoku-bench serve`, whose page races solvers
//! on a puzzle live, steps through a human solve and charts any report's results.
//!
//! - **Races** ([`race`]): each solver runs on a thread of its own through
//!   [`sudoku_core::Solver::solve_watched`], under its budget (a deadline, the seed, a cancel flag
//!   set when the page goes away), and its steps stream to the page as `sudoku-trace` frames over
//!   one server-sent-event response. At most [`Config::races`] races run at once.
//! - **Explanations** ([`explain`]): the human solver's steps with the pencil marks before each.
//! - **Reports** ([`reports`]): every `results.csv` under a folder, its timed rows as JSON.
//!
//! The page is three files built into the binary (`assets/`), so nothing is fetched from the
//! network. Setting `SUDOKU_LAB_ASSETS` to a folder serves them from there instead, read on each
//! request: for working on the page without rebuilding.
//!
//! Where puzzles come from (named boards, datasets, the generator, pasted text) is the command
//! line's business: it hands the lab a [`Puzzles`], so a puzzle asked for in the page is read
//! exactly as the command line reads it, with the same errors.

mod explain;
mod race;
mod reports;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::Json;
use axum::Router;
use axum::extract::{FromRequest, FromRequestParts, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sudoku_core::Grid;
use tokio::sync::Semaphore;

pub use sudoku_trace::Board;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    pub address: SocketAddr,
    /// The folder whose `results.csv` files the page can open.
    pub reports: PathBuf,
    /// Races that may run at once; a page asking for one more is told to wait.
    pub races: usize,
}

/// A puzzle the page asks for, as it names it.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "source", rename_all = "snake_case")]
pub enum PuzzleRequest {
    /// A named board of the documents.
    Board { board: String },
    /// Puzzle `line` (from 1) of a built-in dataset.
    Dataset { dataset: String, line: usize },
    /// A seeded puzzle from the generator.
    Generate {
        size: usize,
        variant: String,
        difficulty: Option<String>,
        seed: u64,
    },
    /// Pasted text, in any form the command line reads.
    Text { text: String },
}

/// The boards and datasets the page offers.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Sources {
    pub boards: Vec<BoardName>,
    pub datasets: Vec<DatasetName>,
    pub sizes: Vec<usize>,
    pub variants: Vec<String>,
    pub levels: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoardName {
    pub id: String,
    pub title: String,
    pub size: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct DatasetName {
    pub name: String,
    pub count: usize,
}

/// Where the page's puzzles come from: the command line's own reading of boards, datasets,
/// generator options and text, so that the page and the command line agree on every puzzle
/// and every error.
pub trait Puzzles: Send + Sync + 'static {
    fn sources(&self) -> Sources;

    /// The puzzle asked for, with how messages name it (`board golden-nugget`), or the error the
    /// command line would print for the same input.
    fn resolve(&self, request: &PuzzleRequest) -> Result<(Grid, String), String>;
}

/// What every handler shares.
struct Lab {
    puzzles: Arc<dyn Puzzles>,
    races: Arc<Semaphore>,
    race_limit: usize,
    reports: PathBuf,
}

/// Serves the lab on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: &Config,
    puzzles: Arc<dyn Puzzles>,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<()> {
    let lab = Arc::new(Lab {
        puzzles,
        races: Arc::new(Semaphore::new(config.races)),
        race_limit: config.races,
        reports: config.reports.clone(),
    });
    axum::serve(listener, router(lab))
        .with_graceful_shutdown(shutdown)
        .await
        .context("the lab's server stopped")
}

/// Binds the configured address, saying which one is taken when it cannot.
pub async fn bind(config: &Config) -> Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(config.address)
        .await
        .with_context(|| {
            format!(
                "cannot listen on {}: is another program using the port? (--port 0 takes any free one)",
                config.address
            )
        })
}

fn router(lab: Arc<Lab>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| asset("index.html", HTML, include_str!("../assets/index.html"))),
        )
        .route(
            "/lab.js",
            get(|| asset("lab.js", JS, include_str!("../assets/lab.js"))),
        )
        .route(
            "/lab.css",
            get(|| asset("lab.css", CSS, include_str!("../assets/lab.css"))),
        )
        .route("/api/solvers", get(race::solvers))
        .route("/api/sources", get(sources))
        .route("/api/puzzle", post(puzzle))
        .route("/api/race", post(race::race))
        .route("/api/explain", post(explain::explain))
        .route("/api/reports", get(reports::list))
        .route("/api/report", get(reports::report))
        .with_state(lab)
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";

/// One of the page's files: as built in, or as it is now in `$SUDOKU_LAB_ASSETS`.
async fn asset(name: &str, kind: &'static str, built_in: &'static str) -> Response {
    let body = match std::env::var_os("SUDOKU_LAB_ASSETS") {
        Some(folder) => match std::fs::read_to_string(PathBuf::from(folder).join(name)) {
            Ok(text) => text,
            Err(error) => return failure(StatusCode::NOT_FOUND, format!("{name}: {error}")),
        },
        None => built_in.to_string(),
    };
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// An error the page shows as it is.
fn failure(status: StatusCode, message: impl Into<String>) -> Response {
    #[derive(Serialize)]
    struct Failure {
        error: String,
    }
    (
        status,
        Json(Failure {
            error: message.into(),
        }),
    )
        .into_response()
}

async fn sources(State(lab): State<Arc<Lab>>) -> Json<Sources> {
    Json(lab.puzzles.sources())
}

#[derive(Serialize)]
struct Loaded {
    puzzle: Board,
}

async fn puzzle(State(lab): State<Arc<Lab>>, Body(request): Body<PuzzleRequest>) -> Response {
    let puzzles = lab.puzzles.clone();
    answer(move || {
        let (grid, label) = puzzles.resolve(&request)?;
        Ok(Loaded {
            puzzle: Board::of(&grid, label),
        })
    })
    .await
}

/// Runs `work` off the threads that serve requests (solving, generating and reading files all
/// take time); its error is a refusal of what the page asked.
async fn off_thread<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, Response> {
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(message)) => Err(failure(StatusCode::BAD_REQUEST, message)),
        Err(error) => Err(failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            error.to_string(),
        )),
    }
}

/// [`off_thread`]'s value as the JSON answer.
async fn answer<T: Serialize + Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Response {
    match off_thread(work).await {
        Ok(value) => Json(value).into_response(),
        Err(refusal) => refusal,
    }
}

/// A JSON body, refused as the page shows errors (`{"error": …}`) when it does not parse.
struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Body<T>, Response> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(failure(StatusCode::BAD_REQUEST, rejection.body_text())),
        }
    }
}

/// A query string, refused as [`Body`] is.
struct Params<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Params<T>, Response> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(Params(value)),
            Err(rejection) => Err(failure(StatusCode::BAD_REQUEST, rejection.body_text())),
        }
    }
}

/// A puzzle given as its line, read as the command line reads an argument.
fn parse_line(line: &str) -> Result<Grid, String> {
    Grid::parse(line).map_err(|error| format!("puzzle: {error}"))
}
