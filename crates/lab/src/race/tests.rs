//! A race request refused in words; then races through the server over a real socket: the
//! stream's frames are numbered in order and every lane ends on a verified board; a second race
//! waits while the one permit is taken; and a page that goes away cancels its race, so the permit
//! comes back in moments rather than when the solver's budget would have run out.

use std::time::Instant;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::*;
use crate::{Config, PuzzleRequest, Puzzles, Sources};

/// The first board of the 2009 document's data-structure figure: solved at once by logic.
const EASY: &str =
    "836...5247...5...11..6.4..9..78124...1.965.7...83479..5..4.3..64...8...7671...348";
/// Golden Nugget, on which the faithful genetic algorithm runs until its budget ends.
const HARD: &str =
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....";

struct NoPuzzles;

impl Puzzles for NoPuzzles {
    fn sources(&self) -> Sources {
        Sources::default()
    }

    fn resolve(&self, _: &PuzzleRequest) -> Result<(Grid, String), String> {
        Err("no puzzles here".into())
    }
}

/// A lab on a free port taking one race at a time; its address.
async fn start_lab() -> std::net::SocketAddr {
    let config = Config {
        address: "127.0.0.1:0".parse().unwrap(),
        reports: std::env::temp_dir(),
        races: 1,
    };
    let listener = crate::bind(&config).await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move {
        crate::serve(
            listener,
            &config,
            Arc::new(NoPuzzles),
            std::future::pending(),
        )
        .await
        .unwrap();
    });
    address
}

/// Posts a race and returns the open connection with what has arrived so far (at least the
/// status line).
async fn post_race(
    address: std::net::SocketAddr,
    line: &str,
    solvers: &[&str],
) -> (TcpStream, String) {
    let body =
        serde_json::json!({"line": line, "solvers": solvers, "seed": 1, "timeout": 30}).to_string();
    let mut stream = TcpStream::connect(address).await.unwrap();
    let request = format!(
        "POST /api/race HTTP/1.1\r\nHost: lab\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut buffer = vec![0; 1 << 16];
    let read = stream.read(&mut buffer).await.unwrap();
    (
        stream,
        String::from_utf8_lossy(&buffer[..read]).into_owned(),
    )
}

/// Reads the rest of a response.
async fn read_to_end(mut stream: TcpStream, mut text: String) -> String {
    let mut rest = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), stream.read_to_end(&mut rest))
        .await
        .expect("the race ends within its budget")
        .unwrap();
    text.push_str(&String::from_utf8_lossy(&rest));
    text
}

/// The JSON of each `data:` line of an event stream (chunk sizes of the transfer encoding sit
/// on lines of their own, so they never start with `data: `).
fn frames(text: &str) -> Vec<Value> {
    text.lines()
        .filter_map(|line| line.strip_prefix("data: "))
        .map(|json| serde_json::from_str(json).unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_streams_numbered_frames_and_every_lane_ends_verified() {
    let address = start_lab().await;
    let (stream, head) = post_race(address, EASY, &["dlx", "naive", "annealing"]).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let frames = frames(&read_to_end(stream, head).await);
    for (index, frame) in frames.iter().enumerate() {
        assert_eq!(frame["seq"], index, "frames are numbered in order: {frame}");
    }
    assert_eq!(frames[0]["type"], "race");
    assert_eq!(frames.last().unwrap()["type"], "end");
    let puzzle = Grid::parse(EASY).unwrap();
    let mut done = 0;
    for lane in 0..3 {
        let mut next = 1;
        for frame in frames.iter().filter(|f| f["lane"] == lane) {
            match frame["type"].as_str().unwrap() {
                "steps" => {
                    assert_eq!(frame["first"], next, "lane {lane}'s steps continue");
                    next += frame["events"].as_array().unwrap().len() as u64;
                }
                "snapshot" => next = frame["step"].as_u64().unwrap() + 1,
                "done" => {
                    done += 1;
                    assert_eq!(frame["verified"], true, "{frame}");
                    assert_eq!(frame["steps"], next - 1, "every step was sent or summed up");
                    let cells: Vec<u8> = serde_json::from_value(frame["cells"].clone()).unwrap();
                    let grid = puzzle.with_cells(cells).unwrap();
                    sudoku_core::verify_solution(&puzzle, &grid).unwrap();
                }
                other => panic!("unexpected frame {other}"),
            }
        }
    }
    assert_eq!(done, 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_that_leaves_cancels_its_race_and_frees_its_permit() {
    let address = start_lab().await;
    let (first, head) = post_race(address, HARD, &["genetic"]).await;
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let (_, refused) = post_race(address, EASY, &["dlx"]).await;
    assert!(refused.starts_with("HTTP/1.1 429"), "{refused}");
    assert!(refused.contains("1 races are running"), "{refused}");
    drop(first);
    // The genetic algorithm checks its budget every generation: well within a second.
    let left = Instant::now();
    loop {
        let (stream, head) = post_race(address, EASY, &["dlx"]).await;
        if head.starts_with("HTTP/1.1 200") {
            let frames = frames(&read_to_end(stream, head).await);
            assert_eq!(frames.last().unwrap()["type"], "end");
            break;
        }
        assert!(
            left.elapsed() < Duration::from_secs(5),
            "the race was not cancelled when its page left: {head}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn request(solvers: &[&str], timeout: f64) -> RaceRequest {
    RaceRequest {
        line: "1...............".into(),
        solvers: solvers.iter().map(|s| s.to_string()).collect(),
        seed: 1,
        timeout,
    }
}

fn refused(request: RaceRequest) -> String {
    match entrants(request) {
        Ok(_) => panic!("accepted"),
        Err(message) => message,
    }
}

#[test]
fn a_race_request_is_refused_in_words_naming_what_is_wrong() {
    assert!(refused(request(&[], 10.0)).contains("1 to 4 solvers; 0 were chosen"));
    let five = ["naive", "dlx", "bitmask", "candidates", "tabu"];
    assert!(refused(request(&five, 10.0)).contains("5 were chosen"));
    assert!(refused(request(&["dlx"], 0.0)).contains("timeout 0"));
    assert!(refused(request(&["dlx"], 61.0)).contains("at most 60"));
    assert!(refused(request(&["dlx"], f64::NAN)).contains("timeout NaN"));
    assert!(refused(request(&["nope"], 1.0)).contains("unknown solver \"nope\""));
    assert!(refused(request(&["dlx", "dlx"], 1.0)).contains("chosen twice"));
    let mut bad = request(&["dlx"], 1.0);
    bad.line = "1234".into();
    assert!(refused(bad).starts_with("puzzle: "));
    let mut conflicting = request(&["dlx"], 1.0);
    conflicting.line = "11..............".into();
    assert!(refused(conflicting).contains("solver dlx cannot take this puzzle"));
    assert!(entrants(request(&["dlx", "naive"], 1.0)).is_ok());
}
