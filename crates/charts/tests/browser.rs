//! The report page in a real browser. Headless Chromium opens a copy of `index.html` from
//! `file://` (beside the original, so the same pictures load) with a short script added at its
//! end; once the page has loaded, the script writes what it measured into the DOM, which
//! Chromium prints (`--dump-dom`). The page itself has no script.
//!
//! Checked at two window widths: every picture loaded (`naturalWidth > 0`), the page does not
//! scroll sideways (`scrollWidth` within the window) and no element is wider than the window,
//! with the details folded and with every one of them open (then only the insides of the
//! scrolling containers may be wider); and the overview of each dataset lists every solver of
//! the run. Ignored, saying so, where no Chromium is installed (`scripts/setup.sh` installs it;
//! the build script asks `sudoku_probe::Need::Chromium`).

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the page measures, written into `<pre id=checks>` as JSON.
const CHECKS: &str = r#"<script>
window.addEventListener('load', () => {
  const width = document.documentElement.clientWidth;
  const describe = e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : '') +
    ' ' + Math.round(e.getBoundingClientRect().width) + 'px: ' + (e.textContent || '').trim().slice(0, 40);
  // Folded: what a closed <details> holds is not shown (Chromium still lays it out). Open:
  // only the scrolling containers' insides may be wider than the window.
  const shown = e => e.tagName === 'SUMMARY' || !e.closest('details:not([open])');
  const wide = folded => [...document.body.querySelectorAll('*')]
    .filter(e => folded ? shown(e) : !e.closest('.scroll'))
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > width + 1 || r.width > width); })
    .map(describe);
  const checks = {
    width,
    images: document.images.length,
    broken: [...document.images].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src')),
    scroll_width: document.documentElement.scrollWidth,
    wide: wide(true),
    overview: [...document.querySelectorAll('table.overview')].map(t =>
      [...t.querySelectorAll('tr')].slice(1).map(r => r.cells[1].textContent.trim())),
  };
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  checks.open_scroll_width = document.documentElement.scrollWidth;
  checks.open_wide = wide(false);
  const out = document.createElement('pre');
  out.id = 'checks';
  out.textContent = JSON.stringify(checks);
  document.body.appendChild(out);
});
</script>"#;

/// Loads `page` in headless Chromium at `width` px and returns the checks it wrote.
fn measure(chromium: &Path, page: &Path, width: u32, profile: &Path) -> serde_json::Value {
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--allow-file-access-from-files",
            "--virtual-time-budget=10000",
            &format!("--window-size={width},900"),
            &format!("--user-data-dir={}", profile.display()),
            "--dump-dom",
            &format!("file://{}", page.display()),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromium starts");
    // Read while it runs: a page larger than the pipe would otherwise stall it.
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut dom = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut dom).map(|_| dom)
    });
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > Duration::from_secs(120) {
            child.kill().unwrap();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let dom = reader.join().unwrap().unwrap();
    let start = dom
        .find("<pre id=\"checks\">")
        .unwrap_or_else(|| panic!("the page wrote no checks: {dom}"))
        + "<pre id=\"checks\">".len();
    let end = start + dom[start..].find("</pre>").unwrap();
    let json = dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

#[test]
#[cfg_attr(
    missing_chromium,
    ignore = "no Chromium on PATH: scripts/setup.sh installs Debian's chromium"
)]
fn the_page_reads_in_a_browser_without_sideways_scrolling() {
    let chromium = sudoku_probe::program(&sudoku_probe::CHROMIUM)
        .expect("the build found Chromium: rebuild to have this test ignored");
    let dir = tempfile::tempdir().unwrap();
    let solvers = common::registry_metas();
    let csv = dir.path().join("results.csv");
    common::write(
        &csv,
        &common::header(&solvers, None),
        &common::rows(&solvers),
    );
    let out = dir.path().join("report");
    sudoku_charts::write_report(&sudoku_report::Digest::read(&csv).unwrap(), &out).unwrap();
    let index = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        !index.contains("<script"),
        "the page itself needs no script"
    );
    let checked = out.join("checked.html");
    std::fs::write(
        &checked,
        index.replace("</body>", &format!("{CHECKS}</body>")),
    )
    .unwrap();

    let mut ids: Vec<String> = solvers.iter().map(|m| m.id.clone()).collect();
    ids.sort();
    for width in [1280, 900] {
        let checks = measure(&chromium, &checked, width, &dir.path().join("profile"));
        let context = serde_json::to_string_pretty(&checks).unwrap();
        let viewport = checks["width"].as_u64().unwrap();
        assert!(viewport > 800 && viewport <= width as u64, "{context}");
        assert!(checks["images"].as_u64().unwrap() >= 4, "{context}");
        assert_eq!(checks["broken"], serde_json::json!([]), "{context}");
        assert!(
            checks["scroll_width"].as_u64().unwrap() <= viewport,
            "{context}"
        );
        assert_eq!(checks["wide"], serde_json::json!([]), "{context}");
        assert!(
            checks["open_scroll_width"].as_u64().unwrap() <= viewport,
            "{context}"
        );
        assert_eq!(checks["open_wide"], serde_json::json!([]), "{context}");
        let overview = checks["overview"].as_array().unwrap();
        assert_eq!(overview.len(), common::DATASETS.len(), "{context}");
        for listed in overview {
            let mut listed: Vec<String> = listed
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            listed.sort();
            assert_eq!(listed, ids, "every solver of the run, once");
        }
    }
}
