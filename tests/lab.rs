//! The lab (`sudoku-bench serve`) in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) clicks through the page the way a person would, against the real
//! server, and checks what the contract (`crates/lab`: routes, element ids, data attributes)
//! promises:
//!
//! - Race: a board loaded through the picker is raced by three solvers that report different
//!   kinds of steps (Dancing Links covers, backtracking placements and removals, local-search
//!   moves) at full speed; every lane finishes with its stream in order, its answer verified by
//!   the server, some steps shown, and a final grid that solves the loaded puzzle (checked here
//!   again with `sudoku_core`).
//! - Explain: stepping forward three times and back once shows step 3 of the explanation, with
//!   its text and index.
//! - Report: a small run made by the binary before the server starts is found, drawn as one point
//!   per timed row the server reports, and hovering a point shows its tooltip.
//!
//! Only a browser runs the page's script, so this is what shows that the server, the page and
//! the contract between them fit together. Ignored, saying why, where Chromium or chromedriver is
//! missing (`scripts/setup.sh` installs Debian's `chromium` and `chromium-driver`; the build
//! script asks `sudoku_probe::Need::Chromium` and `Need::ChromeDriver`). Set `LAB_SCREENSHOTS`
//! to a folder to keep `race.png`, `explain.png` and `report.png` of the run.
// Unix only: chromedriver and the Chromium it starts are stopped together as a process group.
#![cfg(unix)]

use std::io::{BufRead, BufReader};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use sudoku_core::{Grid, verify_solution};

/// The board raced: a very hard one, which every solver of the race still solves in well under
/// a second unwatched.
const RACE_BOARD: &str = "golden-nugget";
/// The board explained: solved by logic alone in many steps of several techniques (the race's
/// board needs a search after its first step, so its explanation has one step).
const EXPLAIN_BOARD: &str = "star-burst-leo";
/// Three kinds of steps: Dancing Links covers, placements and removals, local-search moves.
const RACE_SOLVERS: [&str; 3] = ["dlx", "naive", "annealing"];
/// The race's per-solver budget, in seconds (`#timeout`).
const RACE_TIMEOUT: u32 = 20;
/// The solvers of the report's run.
const REPORT_SOLVERS: [&str; 2] = ["dlx", "naive"];

/// How long the server and chromedriver may take to start, a page change to show, and the race to
/// finish: bounds so that a broken page fails the test instead of hanging it.
const START_LIMIT: Duration = Duration::from_secs(30);
const SHOW_LIMIT: Duration = Duration::from_secs(30);
const RACE_LIMIT: Duration = Duration::from_secs(120);
const POLL: Duration = Duration::from_millis(100);

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(
    any(missing_chromium, missing_chromedriver),
    ignore = "no Chromium or chromedriver on PATH: scripts/setup.sh installs Debian's chromium \
              and chromium-driver"
)]
async fn the_lab_races_explains_and_charts_in_a_real_browser() {
    let started = Instant::now();
    for need in [
        sudoku_probe::Need::Chromium,
        sudoku_probe::Need::ChromeDriver,
    ] {
        if let Some(reason) = need.missing() {
            panic!("{reason} (the build found it: rebuild to have this test ignored)");
        }
    }
    let chromium = sudoku_probe::program(&sudoku_probe::CHROMIUM).expect("checked above");
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    make_small_run(&reports.join("small"));

    let log = dir.path().join("serve.log");
    let (_server, base) = start_server(&reports, &log);
    let driver_port = free_port();
    let _driver = start_chromedriver(driver_port, &dir.path().join("chromedriver.log"));
    let lab = Lab::open(&chromium, driver_port, &base, log, started).await;

    let puzzle = lab.load_board(RACE_BOARD, None).await;
    lab.race(&puzzle).await;
    eprintln!(
        "lab: race checked at {:.1} s",
        started.elapsed().as_secs_f64()
    );
    lab.load_board(EXPLAIN_BOARD, Some(&puzzle)).await;
    lab.explain().await;
    eprintln!(
        "lab: explain checked at {:.1} s",
        started.elapsed().as_secs_f64()
    );
    lab.report("small").await;
    lab.client
        .clone()
        .close()
        .await
        .expect("the browser session ends");
    eprintln!(
        "lab browser test passed in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// A child process killed (and waited for) when dropped; with `group`, its whole process group,
/// so that what it started (chromedriver's Chromium) goes with it.
struct Killed {
    child: Child,
    group: bool,
}

impl Drop for Killed {
    fn drop(&mut self) {
        if self.group {
            // The group was made for this child alone (`process_group(0)`): its id is the
            // child's.
            let group = -(self.child.id() as libc::pid_t);
            // SAFETY: kill(2) only sends a signal; it touches no memory of this process.
            unsafe { libc::kill(group, libc::SIGKILL) };
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A small run of the binary itself, for the report view: two solvers on the named boards.
fn make_small_run(out: &Path) {
    let output = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args([
            "bench",
            "--quiet",
            "--no-report",
            "--timeout",
            "5",
            "--force",
        ])
        .args(REPORT_SOLVERS.iter().flat_map(|id| ["--solver", id]))
        .args(["--dataset", "named", "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "the report's run failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `sudoku-bench serve` on a free port, reading reports from `reports` and logging to `log`;
/// returns it with the address it printed.
fn start_server(reports: &Path, log: &Path) -> (Killed, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bench"))
        .args(["serve", "--port", "0", "--reports"])
        .arg(reports)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(log).unwrap())
        .spawn()
        .expect("the binary runs");
    let stdout = child.stdout.take().expect("stdout is piped");
    let server = Killed {
        child,
        group: false,
    };
    // Read on a thread, so that a server that prints nothing cannot hang the test; it then keeps
    // reading, so that later output cannot fill the pipe.
    let (first, line) = mpsc::channel();
    std::thread::spawn(move || {
        let mut stdout = BufReader::new(stdout);
        let mut text = String::new();
        let _ = stdout.read_line(&mut text);
        let _ = first.send(text);
        let _ = std::io::copy(&mut stdout, &mut std::io::sink());
    });
    let text = line.recv_timeout(START_LIMIT).unwrap_or_else(|_| {
        panic!(
            "`serve` printed no line within {START_LIMIT:?}; its log:\n{}",
            tail(log)
        )
    });
    let base = text
        .trim()
        .strip_prefix("lab: ")
        .filter(|url| url.starts_with("http://127.0.0.1:") && url.ends_with('/'))
        .unwrap_or_else(|| {
            panic!(
                "`serve` printed {text:?}, not `lab: http://127.0.0.1:PORT/`; its log:\n{}",
                tail(log)
            )
        })
        .to_string();
    (server, base)
}

/// A port free on localhost now (the listener that found it is closed again).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

/// chromedriver on `port` logging to `log`, once it accepts connections.
fn start_chromedriver(port: u16, log: &Path) -> Killed {
    use std::os::unix::process::CommandExt;
    let child = Command::new(sudoku_probe::program(&["chromedriver"]).expect("checked"))
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(log).unwrap())
        .process_group(0)
        .spawn()
        .expect("chromedriver starts");
    let mut driver = Killed { child, group: true };
    let deadline = Instant::now() + START_LIMIT;
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Some(status) = driver.child.try_wait().unwrap() {
            panic!("chromedriver stopped ({status}): {}", tail(log));
        }
        assert!(
            Instant::now() < deadline,
            "chromedriver did not listen on port {port} within {START_LIMIT:?}"
        );
        std::thread::sleep(POLL);
    }
    driver
}

/// The last lines of a log file.
fn tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// The page in the browser, with what a failure message needs.
struct Lab {
    client: Client,
    base: String,
    log: PathBuf,
    started: Instant,
    shots: Option<PathBuf>,
}

/// Records the page's script errors from the moment it is run, for the failure messages.
const CATCH_ERRORS: &str = "window.labTestErrors = [];
addEventListener('error', e => window.labTestErrors.push(String(e.message)));
addEventListener('unhandledrejection', e => window.labTestErrors.push(String(e.reason)));";

/// What the page shows that explains a failure: its error lines, its script errors and every
/// lane's attributes.
const PAGE_STATE: &str =
    "const text = id => (document.getElementById(id)?.textContent ?? '(none)').trim();
return {
  'puzzle-error': text('puzzle-error'), 'race-error': text('race-error'),
  'explain-error': text('explain-error'), 'report-error': text('report-error'),
  'script errors': window.labTestErrors ?? '(page reloaded?)',
  'puzzle data-line': document.getElementById('puzzle')?.dataset.line ?? null,
  lanes: [...document.querySelectorAll('div.lane')].map(l => ({
    ...l.dataset, status: (l.querySelector('.status')?.textContent ?? '').trim() })),
};";

impl Lab {
    /// A browser session on the page at `base`.
    async fn open(chromium: &Path, port: u16, base: &str, log: PathBuf, started: Instant) -> Lab {
        let capabilities = json!({
            "goog:chromeOptions": {
                "args": [
                    "--headless=new",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-dev-shm-usage",
                    "--window-size=1400,1000",
                ],
                "binary": chromium,
            }
        });
        let Value::Object(capabilities) = capabilities else {
            unreachable!()
        };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .unwrap_or_else(|e| panic!("no browser session through chromedriver: {e}"));
        let shots = std::env::var_os("LAB_SCREENSHOTS").map(PathBuf::from);
        if let Some(folder) = &shots {
            std::fs::create_dir_all(folder).unwrap();
        }
        let lab = Lab {
            client,
            base: base.to_string(),
            log,
            started,
            shots,
        };
        let loaded = lab.client.goto(base).await;
        lab.ok(loaded, &format!("loading {base}")).await;
        lab.js(CATCH_ERRORS, vec![]).await;
        lab
    }

    /// Picks `board` in the picker, loads it and returns the puzzle the page shows, once it shows
    /// the one the server makes of that board (`previous`: the puzzle shown before, if any).
    async fn load_board(&self, board: &str, previous: Option<&Grid>) -> Grid {
        let expected = self
            .fetch(
                "/api/puzzle",
                Some(json!({"source": "board", "board": board})),
            )
            .await;
        let line = expected["puzzle"]["line"].as_str().map(str::to_string);
        let Some(line) = line else {
            return self
                .fail(&format!("POST /api/puzzle for {board} answered {expected}"))
                .await;
        };
        self.wait_for(
            &format!("#board to offer {board}"),
            SHOW_LIMIT,
            "return [...document.querySelectorAll('#board option')]
               .some(o => o.value === arguments[0]) || null",
            vec![json!(board)],
        )
        .await;
        self.select("#source", "board").await;
        self.select("#board", board).await;
        self.click("#load").await;
        // The line the server made of the board, not only some line: the page may show its
        // previous puzzle until the new one arrives.
        self.wait_showing(
            &format!("#puzzle[data-line] to be {board}'s {line}"),
            "#puzzle-error",
            SHOW_LIMIT,
            "return document.querySelector('#puzzle')?.dataset.line === arguments[0] || null",
            vec![json!(line)],
        )
        .await;
        let puzzle = Grid::parse(&line)
            .unwrap_or_else(|e| panic!("the server's line for {board} does not parse: {e}"));
        if let Some(previous) = previous {
            assert_ne!(
                previous.to_line(),
                puzzle.to_line(),
                "{board} is another board"
            );
        }
        puzzle
    }

    /// Races [`RACE_SOLVERS`] at full speed on `puzzle` (loaded) and checks every lane.
    async fn race(&self, puzzle: &Grid) {
        self.click("#tab-race").await;
        let choices = self.find_all("input.solver-choice").await;
        for choice in &choices {
            let checked = self
                .ok(choice.is_selected().await, "reading a solver's box")
                .await;
            if checked {
                self.ok(choice.click().await, "unchecking a solver").await;
            }
        }
        for id in RACE_SOLVERS {
            self.click(&format!("input.solver-choice[value=\"{id}\"]"))
                .await;
        }
        let checked = self
            .js(
                "return [...document.querySelectorAll('input.solver-choice:checked')]
                   .map(c => c.value).sort()",
                vec![],
            )
            .await;
        let mut wanted = RACE_SOLVERS.to_vec();
        wanted.sort();
        self.check(checked == json!(wanted), || {
            format!("checked solvers {checked}, not {wanted:?}")
        })
        .await;

        let speed = self
            .js(
                "const speed = document.querySelector('#speed');
                 speed.value = speed.max;
                 speed.dispatchEvent(new Event('input', {bubbles: true}));
                 speed.dispatchEvent(new Event('change', {bubbles: true}));
                 return [speed.value, speed.max];",
                vec![],
            )
            .await;
        self.check(speed[0] == speed[1], || {
            format!("#speed [value, max]: {speed}")
        })
        .await;
        let timeout = self.find("#timeout").await;
        self.ok(timeout.clear().await, "clearing #timeout").await;
        self.ok(
            timeout.send_keys(&RACE_TIMEOUT.to_string()).await,
            "typing into #timeout",
        )
        .await;
        let typed = self
            .ok(timeout.prop("value").await, "reading #timeout")
            .await;
        self.check(typed.as_deref() == Some("20"), || {
            format!("#timeout holds {typed:?} after typing {RACE_TIMEOUT}")
        })
        .await;

        let raced = Instant::now();
        self.click("#start").await;
        self.wait_showing(
            "a lane to show steps",
            "#race-error",
            SHOW_LIMIT,
            "return [...document.querySelectorAll('div.lane')]
               .some(l => Number(l.dataset.steps) > 0 || l.dataset.state === 'done') || null",
            vec![],
        )
        .await;
        if self.shots.is_some() {
            self.js(
                "document.querySelector('div.lane')?.scrollIntoView({block: 'start'})",
                vec![],
            )
            .await;
        }
        self.screenshot("race.png").await;
        let lanes = self
            .wait_showing(
                "every lane to be done",
                "#race-error",
                RACE_LIMIT,
                "const lanes = [...document.querySelectorAll('div.lane')];
                 if (lanes.length !== arguments[0] || lanes.some(l => l.dataset.state !== 'done'))
                   return null;
                 return lanes.map(l => ({...l.dataset}));",
                vec![json!(RACE_SOLVERS.len())],
            )
            .await;
        eprintln!(
            "lab: race of {} done in {:.1} s",
            RACE_SOLVERS.join(", "),
            raced.elapsed().as_secs_f64()
        );

        let mut solvers = Vec::new();
        for lane in lanes.as_array().unwrap() {
            let field = |name: &str| lane[name].as_str().unwrap_or("(missing)").to_string();
            let solver = field("solver");
            self.check(field("order") == "ok", || {
                format!("lane {solver}: data-order {}", field("order"))
            })
            .await;
            self.check(field("verified") == "true", || {
                format!("lane {solver}: data-verified {}", field("verified"))
            })
            .await;
            let steps = field("steps").parse::<u64>().unwrap_or(0);
            self.check(steps > 0, || {
                format!("lane {solver}: data-steps {}", field("steps"))
            })
            .await;
            let grid = field("grid");
            let solves = Grid::parse(&grid)
                .map_err(|e| format!("does not parse: {e}"))
                .and_then(|grid| {
                    verify_solution(puzzle, &grid).map_err(|e| format!("does not solve: {e:?}"))
                });
            self.check(solves.is_ok(), || {
                format!(
                    "lane {solver}: data-grid {grid} {} the puzzle {}",
                    solves.clone().unwrap_err(),
                    puzzle.to_line()
                )
            })
            .await;
            solvers.push(solver);
        }
        solvers.sort();
        self.check(solvers == wanted, || {
            format!("the lanes' data-solver are {solvers:?}, not {wanted:?}")
        })
        .await;
    }

    /// Explains the loaded puzzle and steps forward three times and back once.
    async fn explain(&self) {
        self.click("#tab-explain").await;
        self.click("#explain-start").await;
        let steps = self
            .wait_showing(
                "#explain[data-steps]",
                "#explain-error",
                SHOW_LIMIT,
                "return document.querySelector('#explain')?.dataset.steps || null",
                vec![],
            )
            .await;
        let steps: u64 = steps.as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
        self.check(steps >= 4, || {
            format!("#explain data-steps is {steps}: too few to step through")
        })
        .await;
        for _ in 0..3 {
            self.click("#explain-next").await;
        }
        self.click("#explain-prev").await;
        self.wait_for(
            "#explain data-step to be 3 (next three times, back once)",
            SHOW_LIMIT,
            "const step = document.querySelector('#explain')?.dataset.step;
             return step === '3' || null",
            vec![],
        )
        .await;
        let text = self.text("#explain-text").await;
        self.check(!text.is_empty(), || "#explain-text is empty".into())
            .await;
        let index = self.text("#explain-index").await;
        self.check(index.contains(&format!("step 3 of {steps}")), || {
            format!("#explain-index says {index:?}, not \"step 3 of {steps}\"")
        })
        .await;
        self.screenshot("explain.png").await;
    }

    /// Loads the report at `path` (under the server's `--reports`) and checks its points and a
    /// tooltip.
    async fn report(&self, path: &str) {
        let found = self.fetch("/api/reports", None).await;
        let paths: Vec<&str> = found["reports"]
            .as_array()
            .map(|reports| reports.iter().filter_map(|r| r["path"].as_str()).collect())
            .unwrap_or_default();
        self.check(paths == [path], || {
            format!("GET /api/reports lists {found}, not only {path}")
        })
        .await;
        let report = self.fetch(&format!("/api/report?path={path}"), None).await;
        let shown = report["shown"].as_u64().unwrap_or(0);
        self.check(shown > 0, || format!("GET /api/report: {report}"))
            .await;

        self.click("#tab-report").await;
        self.wait_for(
            &format!("#report-select to offer {path}"),
            SHOW_LIMIT,
            "return [...document.querySelectorAll('#report-select option')]
               .some(o => o.value === arguments[0] || o.textContent.includes(arguments[0])) || null",
            vec![json!(path)],
        )
        .await;
        let options = self.find_all("#report-select option").await;
        let mut picked = None;
        for option in options {
            let value = self
                .ok(option.prop("value").await, "an option's value")
                .await;
            let text = self.ok(option.text().await, "an option's text").await;
            if value.as_deref() == Some(path) || (picked.is_none() && text.contains(path)) {
                picked = Some(option);
            }
        }
        let picked = picked.expect("waited for above");
        self.ok(picked.click().await, "picking the report").await;
        self.click("#report-load").await;
        self.wait_showing(
            &format!("{shown} circle.point (GET /api/report's `shown`)"),
            "#report-error",
            SHOW_LIMIT,
            "return document.querySelectorAll('circle.point').length === arguments[0] || null",
            vec![json!(shown)],
        )
        .await;

        let point = self.find("circle.point").await;
        let tip = self
            .ok(point.attr("data-tip").await, "a point's data-tip")
            .await;
        self.check(
            tip.as_deref()
                .is_some_and(|tip| REPORT_SOLVERS.iter().any(|id| tip.starts_with(id))),
            || format!("the first point's data-tip is {tip:?}"),
        )
        .await;
        self.js(
            "arguments[0].scrollIntoView({block: 'center'})",
            vec![json!(point)],
        )
        .await;
        let hover = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
            element: point.clone(),
            duration: None,
            x: 0.0,
            y: 0.0,
        });
        let moved = self.client.perform_actions(hover).await;
        self.ok(moved, "moving the mouse over a point").await;
        let tooltip = self
            .wait_for(
                "#tooltip to show beside the mouse",
                SHOW_LIMIT,
                "const tip = document.querySelector('#tooltip');
                 if (!tip) return {fail: 'no #tooltip'};
                 const style = getComputedStyle(tip), box = tip.getBoundingClientRect();
                 const shown = style.display !== 'none' && style.visibility !== 'hidden'
                   && Number(style.opacity) > 0 && box.width > 0 && box.height > 0;
                 return shown && tip.textContent.trim() || null",
                vec![],
            )
            .await;
        let tooltip = tooltip.as_str().unwrap_or_default().to_string();
        let displayed = self.find("#tooltip").await.is_displayed().await;
        self.check(matches!(displayed, Ok(true)), || {
            format!("WebDriver says #tooltip is not displayed: {displayed:?}")
        })
        .await;
        self.check(REPORT_SOLVERS.iter().any(|id| tooltip.contains(id)), || {
            format!("#tooltip says {tooltip:?}: no solver of the run ({REPORT_SOLVERS:?})")
        })
        .await;
        self.screenshot("report.png").await;
    }

    /// GET (or POST `body` to) `path` of the server from the page, as JSON.
    async fn fetch(&self, path: &str, body: Option<Value>) -> Value {
        let script = "const [path, body, done] = arguments;
            const init = body === null ? {} : {method: 'POST',
              headers: {'content-type': 'application/json'}, body: JSON.stringify(body)};
            fetch(path, init)
              .then(r => r.text().then(text => { try { done(JSON.parse(text)); }
                catch (e) { done({status: r.status, text}); } }))
              .catch(e => done({fetch_failed: String(e)}));";
        let answer = self
            .client
            .execute_async(script, vec![json!(path), body.unwrap_or(Value::Null)])
            .await;
        self.ok(answer, &format!("fetching {path}")).await
    }

    /// Polls `script` every [`POLL`] until it returns something other than null or false, and
    /// returns that; fails when it returns `{fail: why}` or `limit` passes.
    async fn wait_for(&self, what: &str, limit: Duration, script: &str, args: Vec<Value>) -> Value {
        let deadline = Instant::now() + limit;
        loop {
            let value = self.js(script, args.clone()).await;
            if let Some(why) = value.get("fail") {
                return self.fail(&format!("waiting for {what}: {why}")).await;
            }
            if !matches!(value, Value::Null | Value::Bool(false)) {
                return value;
            }
            if Instant::now() > deadline {
                return self.fail(&format!("{what}: not within {limit:?}")).await;
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// [`Lab::wait_for`], failing at once with its text when `error_box` (the view's error
    /// element, such as `#race-error`) shows one.
    async fn wait_showing(
        &self,
        what: &str,
        error_box: &str,
        limit: Duration,
        condition: &str,
        args: Vec<Value>,
    ) -> Value {
        let script = format!(
            "const error = document.querySelector('{error_box}')?.textContent.trim();
             if (error) return {{fail: '{error_box}: ' + error}};
             {condition}"
        );
        self.wait_for(what, limit, &script, args).await
    }

    async fn js(&self, script: &str, args: Vec<Value>) -> Value {
        let value = self.client.execute(script, args).await;
        self.ok(value, &format!("running {script}")).await
    }

    async fn find(&self, css: &str) -> fantoccini::elements::Element {
        let element = self.client.find(Locator::Css(css)).await;
        self.ok(element, &format!("finding {css}")).await
    }

    async fn find_all(&self, css: &str) -> Vec<fantoccini::elements::Element> {
        let elements = self.client.find_all(Locator::Css(css)).await;
        self.ok(elements, &format!("finding {css}")).await
    }

    async fn click(&self, css: &str) {
        let clicked = self.find(css).await.click().await;
        self.ok(clicked, &format!("clicking {css}")).await
    }

    /// Picks the option of `value` in the select `css`, as a person would.
    async fn select(&self, css: &str, value: &str) {
        let picked = self.find(css).await.select_by_value(value).await;
        self.ok(picked, &format!("picking {value} in {css}")).await
    }

    /// An element's text as shown, trimmed.
    async fn text(&self, css: &str) -> String {
        let text = self.find(css).await.text().await;
        self.ok(text, &format!("reading {css}"))
            .await
            .trim()
            .to_string()
    }

    /// Saves the window as `name` in `$LAB_SCREENSHOTS`, when it names a folder.
    async fn screenshot(&self, name: &str) {
        if let Some(folder) = &self.shots {
            let png = self.client.screenshot().await;
            let png = self.ok(png, &format!("taking {name}")).await;
            std::fs::write(folder.join(name), png).unwrap();
        }
    }

    /// `result`'s value, or a failure saying what was being done.
    async fn ok<T, E: std::fmt::Display>(&self, result: Result<T, E>, doing: &str) -> T {
        match result {
            Ok(value) => value,
            Err(e) => self.fail(&format!("{doing}: {e}")).await,
        }
    }

    /// Fails with `why` unless `holds`.
    async fn check(&self, holds: bool, why: impl FnOnce() -> String) {
        if !holds {
            self.fail::<()>(&why()).await;
        }
    }

    /// Panics with `why` and what the page and the server show.
    async fn fail<T>(&self, why: &str) -> T {
        let page = match self.client.execute(PAGE_STATE, vec![]).await {
            Ok(state) => serde_json::to_string_pretty(&state).unwrap(),
            Err(e) => format!("(could not read the page: {e})"),
        };
        panic!(
            "{why}\nafter {:.1} s at {}\nthe page: {page}\nthe server's log (last lines):\n{}",
            self.started.elapsed().as_secs_f64(),
            self.base,
            tail(&self.log)
        );
    }
}
