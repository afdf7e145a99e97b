// The lab page: a puzzle picker shared by three views (race, explain, report).
// Plain ES2020, no modules: the server embeds this file and serves it at /lab.js.
'use strict';

const $ = (id) => document.getElementById(id);
const CELL = 40; // board cell size in SVG user units
const MAX_SOLVERS = 4;
const SVG_NS = 'http://www.w3.org/2000/svg';

const state = { puzzle: null, solvers: [], loads: 0 };

// ---------------------------------------------------------------- helpers

// Escapes text for the HTML and SVG strings built below.
function esc(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// A digit as the line form writes it: 1-9, then A, B, ... above nine.
function symbol(d) {
  return d === 0 ? '.' : d <= 9 ? String(d) : String.fromCharCode(55 + d);
}

const fmtInt = (n) => Number(n).toLocaleString('en-US');

// Three significant digits, without a pointless ".00" on whole hundreds.
function sig(x) {
  return x >= 100 || x === 0 ? String(Math.round(x)) : x.toPrecision(3);
}

// A time given in microseconds, in the unit that reads best.
function fmtTime(us) {
  if (!(us >= 0)) return '–';
  if (us < 1e3) return `${sig(us)} µs`;
  if (us < 1e6) return `${sig(us / 1e3)} ms`;
  return `${sig(us / 1e6)} s`;
}

// The server's error message as is: its JSON "error" field, else the body, else the status.
async function errorText(res) {
  const text = await res.text();
  try {
    const json = JSON.parse(text);
    if (json && typeof json.error === 'string') return json.error;
  } catch (_) { /* not JSON: fall through to the raw text */ }
  return text || `HTTP ${res.status} ${res.statusText}`;
}

// GET (no body) or POST a JSON body; resolves to the JSON answer, throws the server's message.
async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  if (!res.ok) throw new Error(await errorText(res));
  return res.json();
}

// Replaces a select's options with [value, label] pairs, keeping `keep` options at the top.
function fillSelect(select, pairs, selected, keep = 0) {
  while (select.options.length > keep) select.remove(keep);
  for (const [value, label] of pairs) select.add(new Option(label, value, false, value === selected));
}

// ---------------------------------------------------------------- boards

// A board's changing content: digits, pencil marks and what the current step touched.
function newView(board) {
  return {
    cells: board.cells.slice(), clues: board.cells, marks: null,
    hl: new Map(), struck: new Map(), cand: new Map(), outline: new Set(),
  };
}

// Forgets the previous step's highlights before the next one is shown.
function clearHighlights(view) {
  view.hl.clear();
  view.struck.clear();
  view.cand.clear();
  view.outline.clear();
}

// The fixed part of a board (grid, region borders, diagonals), drawn once per board.
function boardFrame(board) {
  const n = board.size;
  const w = n * CELL;
  let thin = '';
  let thick = '';
  for (let i = 1; i < n; i++) thin += `M${i * CELL} 0V${w}M0 ${i * CELL}H${w}`;
  // Thick edges wherever neighbouring cells' regions differ: boxes and jigsaws alike.
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const x = c * CELL;
      const y = r * CELL;
      if (c + 1 < n && board.regions[i] !== board.regions[i + 1]) thick += `M${x + CELL} ${y}V${y + CELL}`;
      if (r + 1 < n && board.regions[i] !== board.regions[i + n]) thick += `M${x} ${y + CELL}H${x + CELL}`;
    }
  }
  const f = Math.max(1, n / 9); // big boards are drawn smaller: thicker lines keep them as legible
  const diag = board.diagonals ? `<path class="diag" d="M0 0L${w} ${w}M${w} 0L0 ${w}"/>` : '';
  return `<g style="--line:${f.toFixed(2)}"><rect class="bg" width="${w}" height="${w}"/><g class="under"></g>${diag}`
    + `<path class="thin" d="${thin}"/><path class="thick" d="${thick}"/>`
    + `<rect class="edge" x="${1.5 * f}" y="${1.5 * f}" width="${w - 3 * f}" height="${w - 3 * f}"/><g class="over"></g></g>`;
}

// The pencil marks of one empty cell in a k×k sub-grid; highlighted candidates shown even if gone.
function marksSvg(view, cell, n, x, y) {
  const k = n <= 9 ? 3 : Math.ceil(Math.sqrt(n));
  const sub = CELL / k;
  const bits = view.marks ? view.marks[cell] : 0;
  let out = '';
  for (let d = 1; d <= n; d++) {
    const cls = view.cand.get(cell * 32 + d);
    if (!cls && !((bits >>> d) & 1)) continue;
    const j = d - 1;
    out += `<text class="mark${cls ? ` ${cls}` : ''}" x="${(x + (j % k + 0.5) * sub).toFixed(1)}" `
      + `y="${(y + (Math.floor(j / k) + 0.5) * sub).toFixed(1)}" font-size="${(sub * 0.8).toFixed(1)}">${symbol(d)}</text>`;
  }
  return out;
}

// Draws a board into an <svg>: the frame once, then the cells on every call.
function drawBoard(svg, board, view) {
  const n = board.size;
  if (svg.boardShown !== board) {
    svg.setAttribute('viewBox', `0 0 ${n * CELL} ${n * CELL}`);
    svg.innerHTML = boardFrame(board);
    svg.boardShown = board;
  }
  let under = '';
  let over = '';
  for (const [cell, cls] of view.hl) {
    under += `<rect class="hl-${cls}" x="${(cell % n) * CELL}" y="${Math.floor(cell / n) * CELL}" width="${CELL}" height="${CELL}"/>`;
  }
  const half = CELL / 2;
  for (let i = 0; i < n * n; i++) {
    const x = (i % n) * CELL;
    const y = Math.floor(i / n) * CELL;
    const d = view.cells[i];
    const gone = view.struck.get(i);
    if (d) {
      over += `<text class="${view.clues[i] ? 'clue' : 'put'}" x="${x + half}" y="${y + half}">${symbol(d)}</text>`;
    } else if (gone) {
      over += `<text class="gone" x="${x + half}" y="${y + half}">${symbol(gone)}</text>`
        + `<path class="strike" d="M${x + 9} ${y + CELL - 9}L${x + CELL - 9} ${y + 9}"/>`;
    } else if (view.marks || view.cand.size) {
      over += marksSvg(view, i, n, x, y);
    }
  }
  for (const cell of view.outline) {
    over += `<rect class="outline" x="${(cell % n) * CELL + 2}" y="${Math.floor(cell / n) * CELL + 2}" width="${CELL - 4}" height="${CELL - 4}"/>`;
  }
  svg.querySelector('.under').innerHTML = under;
  svg.querySelector('.over').innerHTML = over;
}

const cellsLine = (cells) => cells.map(symbol).join('');

// ---------------------------------------------------------------- puzzle picker

// Fills the picker from GET /api/sources.
async function loadSources() {
  try {
    const s = await api('/api/sources');
    const boardIds = s.boards.map((b) => b.id);
    const firstBoard = boardIds.includes('golden-nugget') ? 'golden-nugget' : boardIds[0];
    fillSelect($('board'), s.boards.map((b) => [b.id, b.title || b.id]), firstBoard);
    fillSelect($('dataset'), s.datasets.map((d) => [d.name, `${d.name} (${fmtInt(d.count)})`]));
    $('dataset').counts = Object.fromEntries(s.datasets.map((d) => [d.name, d.count]));
    fillSelect($('gen-size'), s.sizes.map((n) => [String(n), `${n}×${n}`]), '9');
    fillSelect($('gen-variant'), s.variants.map((v) => [v, v]), 'classic');
    fillSelect($('gen-difficulty'), [['', 'any'], ...s.levels.map((l) => [l, l])], '');
    limitLine();
  } catch (err) {
    $('puzzle-error').textContent = err.message;
  }
}

// Keeps the puzzle number within the chosen dataset.
function limitLine() {
  const counts = $('dataset').counts || {};
  const count = counts[$('dataset').value];
  if (count) $('line').max = count;
  else $('line').removeAttribute('max');
}

// Shows only the fields of the chosen source.
function showSourceFields() {
  const source = $('source').value;
  for (const el of document.querySelectorAll('.src')) el.hidden = !el.classList.contains(`src-${source}`);
}

// The POST /api/puzzle body for the picker's current choice.
function puzzleRequest() {
  switch ($('source').value) {
    case 'board': return { source: 'board', board: $('board').value };
    case 'dataset': return { source: 'dataset', dataset: $('dataset').value, line: Number($('line').value) };
    case 'generate': return {
      source: 'generate', size: Number($('gen-size').value), variant: $('gen-variant').value,
      difficulty: $('gen-difficulty').value || null, seed: Number($('gen-seed').value),
    };
    default: return { source: 'text', text: $('text').value };
  }
}

// Loads the picker's puzzle; on error shows the server's message and forgets the old puzzle.
// Only the latest request's answer is shown, so a slow earlier one never replaces it.
async function loadPuzzle() {
  const ticket = ++state.loads;
  $('puzzle-error').textContent = '';
  $('puzzle-info').textContent = 'Loading…';
  $('load').disabled = true;
  try {
    const { puzzle } = await api('/api/puzzle', puzzleRequest());
    if (ticket === state.loads) setPuzzle(puzzle);
  } catch (err) {
    if (ticket === state.loads) {
      setPuzzle(null);
      $('puzzle-error').textContent = err.message;
    }
  } finally {
    if (ticket === state.loads) $('load').disabled = false;
  }
  return state.puzzle;
}

// The loaded puzzle, loading the selected one first if none is loaded yet.
function ensurePuzzle() {
  return state.puzzle ? Promise.resolve(state.puzzle) : loadPuzzle();
}

// Shows a puzzle (or none) in #puzzle and re-checks which solvers take its size.
function setPuzzle(puzzle) {
  state.puzzle = puzzle;
  const box = $('puzzle');
  box.textContent = '';
  if (puzzle) {
    const svg = document.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', 'board');
    box.append(svg);
    drawBoard(svg, puzzle, newView(puzzle));
    box.dataset.line = puzzle.line;
    $('puzzle-info').textContent = `${puzzle.label} · ${puzzle.size}×${puzzle.size} · ${puzzle.clues} clues`;
  } else {
    box.removeAttribute('data-line');
    box.innerHTML = '<div class="placeholder">No puzzle loaded</div>';
    $('puzzle-info').textContent = '';
  }
  updateSolverChoices();
}

// ---------------------------------------------------------------- solver choice

// Builds the checkboxes, grouped by family in registry order, from GET /api/solvers.
async function loadSolvers() {
  try {
    state.solvers = await api('/api/solvers');
  } catch (err) {
    $('race-error').textContent = err.message;
    return;
  }
  const families = new Map();
  for (const s of state.solvers) {
    if (!families.has(s.family)) families.set(s.family, []);
    families.get(s.family).push(s);
  }
  const chosen = defaultSolvers(state.solvers);
  let html = '';
  for (const [family, list] of families) {
    html += `<fieldset><legend>${esc(family)}</legend>`;
    for (const s of list) {
      html += `<label title="${esc(s.description)}"><input type="checkbox" class="solver-choice" value="${esc(s.id)}"`
        + `${chosen.includes(s.id) ? ' checked' : ''}> ${esc(s.id)}</label>`;
    }
    html += '</fieldset>';
  }
  $('solver-groups').innerHTML = html;
  updateSolverChoices();
}

// dlx, naive (or the first backtracking solver) and human, where present.
function defaultSolvers(list) {
  const ids = list.map((s) => s.id);
  const backtracking = ids.includes('naive') ? 'naive' : (list.find((s) => s.family === 'backtracking') || {}).id;
  return ['dlx', backtracking, 'human'].filter((id) => id && ids.includes(id));
}

// Disables solvers that do not take the puzzle's size, and all unchecked ones once four are checked.
function updateSolverChoices() {
  const boxes = [...document.querySelectorAll('input.solver-choice')];
  const size = state.puzzle ? state.puzzle.size : 0;
  const info = new Map(state.solvers.map((s) => [s.id, s]));
  const fits = (box) => !size || info.get(box.value).sizes.includes(size);
  for (const box of boxes) if (!fits(box)) box.checked = false;
  const full = boxes.filter((b) => b.checked).length >= MAX_SOLVERS;
  for (const box of boxes) {
    const s = info.get(box.value);
    let why = '';
    if (!fits(box)) why = `takes sizes ${s.sizes.join(', ')} only; this puzzle is ${size}×${size}`;
    else if (full && !box.checked) why = 'at most four solvers race at once';
    box.disabled = why !== '';
    box.title = why || s.description;
    box.parentElement.title = box.title;
    box.parentElement.classList.toggle('off', box.disabled);
  }
}

// ---------------------------------------------------------------- race: receiving

let race = null; // the current race: its abort controller, lanes and stream position
const play = { paused: false, last: 0, frame: 0 };

// Starts a race on the loaded puzzle, aborting any race still streaming.
async function startRace() {
  $('race-error').textContent = '';
  const solvers = [...document.querySelectorAll('input.solver-choice:checked')].map((b) => b.value);
  if (!solvers.length) {
    $('race-error').textContent = 'Pick at least one solver.';
    return;
  }
  const puzzle = await ensurePuzzle();
  if (!puzzle) {
    $('race-error').textContent = 'No puzzle loaded: see the error above.';
    return;
  }
  if (race) race.controller.abort();
  const r = { controller: new AbortController(), lanes: [], nextSeq: 0, open: true, ended: false, problem: null };
  race = r;
  $('lanes').textContent = '';
  setPaused(false);
  $('pause').disabled = false;
  const body = { line: puzzle.line, solvers, seed: Number($('seed').value), timeout: Number($('timeout').value) };
  try {
    const res = await fetch('/api/race', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body), signal: r.controller.signal,
    });
    if (!res.ok) {
      $('race-error').textContent = await errorText(res);
      return;
    }
    await readEvents(res.body.getReader(), (id, msg) => receive(r, id, msg));
    if (!r.ended && race === r) $('race-error').textContent = 'The stream closed before its end message.';
  } catch (err) {
    if (err.name !== 'AbortError' && race === r) $('race-error').textContent = err.message;
  } finally {
    r.open = false;
    schedule();
  }
}

// Reads a text/event-stream body: blocks split on blank lines, each with `id:` and `data:` lines.
async function readEvents(reader, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = blocks.pop();
    for (const block of blocks) parseBlock(block, onEvent);
  }
  buffer += decoder.decode();
  if (buffer.trim()) parseBlock(buffer, onEvent);
}

// One event block: its id and its JSON data (several data lines join with newlines).
function parseBlock(block, onEvent) {
  let id = null;
  const data = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('id:')) id = line.slice(3).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length) onEvent(id, JSON.parse(data.join('\n')));
}

// Files one message: checks its order, keeps it in its lane for playback.
function receive(r, id, msg) {
  if (race !== r) return;
  let problem = null;
  if (msg.seq !== r.nextSeq) problem = `seq ${msg.seq} where ${r.nextSeq} was due`;
  else if (id !== null && id !== String(msg.seq)) problem = `id ${id} on seq ${msg.seq}`;
  r.nextSeq = msg.seq + 1;
  const lane = typeof msg.lane === 'number' ? r.lanes[msg.lane] : null;
  if (msg.type === 'race') setupLanes(r, msg);
  else if (msg.type === 'end') r.ended = true;
  else if (lane) {
    const laneProblem = fileLaneMessage(lane, msg);
    problem = problem || laneProblem;
  }
  if (problem) {
    for (const l of lane ? [lane] : r.lanes) breakOrder(l, problem);
    if (!r.lanes.length) r.problem = r.problem || problem;
  }
  schedule();
}

// Keeps a lane's message; returns why its order is broken, if it is.
function fileLaneMessage(lane, msg) {
  let problem = null;
  if (msg.type === 'steps') {
    if (msg.first !== lane.lastEnd + 1) problem = `steps from ${msg.first} after step ${lane.lastEnd}`;
    lane.lastEnd = msg.first + msg.events.length - 1;
    lane.received = Math.max(lane.received, lane.lastEnd);
    if (!lane.costEl && msg.events.some((e) => e[0] === 'f' || e[0] === 'm')) addCostCurve(lane);
  } else if (msg.type === 'snapshot') {
    if (msg.step < lane.lastSnap) problem = `snapshot of step ${msg.step} after step ${lane.lastSnap}`;
    lane.lastSnap = msg.step;
    lane.received = Math.max(lane.received, msg.step);
    if (!lane.costEl && msg.cost !== null && msg.cost !== undefined) addCostCurve(lane);
  } else if (msg.type === 'done') {
    lane.received = Math.max(lane.received, msg.steps || 0);
  }
  lane.msgs.push(msg);
  lane.root.dataset.steps = lane.received;
  lane.dirty = true;
  return problem;
}

// Marks a lane's order broken, keeping the first reason.
function breakOrder(lane, why) {
  if (lane.root.dataset.order === 'ok') lane.root.dataset.order = `broken: ${why}`;
}

// One lane per solver of the race message, each starting from the puzzle.
function setupLanes(r, msg) {
  const board = msg.puzzle;
  for (const info of msg.lanes) {
    const root = document.createElement('div');
    root.className = 'lane';
    Object.assign(root.dataset, { lane: info.lane, solver: info.solver, state: 'running', order: 'ok', steps: 0 });
    root.innerHTML = `<div class="lane-head"><strong>${esc(info.solver)}</strong> <span class="muted">${esc(info.family)}</span></div>`
      + '<svg class="board"></svg><div class="cost-wrap"></div><div class="counters"></div>'
      + '<div class="elapsed"></div><div class="status">running</div><div class="note"></div>';
    $('lanes').append(root);
    const lane = {
      root, board, view: newView(board), msgs: [], m: 0, e: 0, budget: 0,
      received: 0, shown: 0, lastEnd: 0, lastSnap: -1, prevElapsed: 0, elapsed: 0,
      tally: {}, kinds: null, costs: [], costEl: null, bestCost: Infinity, maxCost: 1, done: null, dirty: true,
    };
    r.lanes[info.lane] = lane;
    if (r.problem) breakOrder(lane, r.problem);
  }
}

// The cost curve, added the first time a lane reports a cost.
function addCostCurve(lane) {
  const wrap = lane.root.querySelector('.cost-wrap');
  wrap.innerHTML = '<svg class="cost" viewBox="0 0 300 60" preserveAspectRatio="none">'
    + '<polyline vector-effect="non-scaling-stroke"/></svg><div class="cost-label muted"></div>';
  lane.costEl = wrap;
}

// ---------------------------------------------------------------- race: playback

// Speed in steps a second per lane, log scale from 1 to 10,000; the top position plays live.
function speed() {
  const v = Number($('speed').value);
  return v > 400 ? Infinity : Math.round(10 ** (v / 100));
}

function showSpeed() {
  const s = speed();
  $('speed-label').textContent = s === Infinity ? 'live: as fast as they arrive' : `${fmtInt(s)} steps/s`;
}

function setPaused(paused) {
  play.paused = paused;
  $('pause').textContent = paused ? 'Resume' : 'Pause';
  $('step').disabled = !paused;
}

// Asks for a frame unless one is already due.
function schedule() {
  if (!play.frame) play.frame = requestAnimationFrame(tick);
}

// One animation frame: play each lane's share of steps, then redraw each changed lane once.
function tick(now) {
  play.frame = 0;
  const r = race;
  if (!r) return;
  const dt = play.last ? Math.min(now - play.last, 250) : 16;
  play.last = now;
  const rate = speed();
  for (const lane of r.lanes) {
    if (!lane) continue;
    if (!play.paused) {
      lane.budget = rate === Infinity ? Infinity : lane.budget + (rate * dt) / 1000;
      while (lane.budget >= 1 && advance(lane)) lane.budget -= 1;
      if (lane.m >= lane.msgs.length) lane.budget = 0; // idle lanes do not save up a burst
    }
    settle(lane);
    if (lane.dirty) renderLane(lane);
  }
  if (r.open || r.lanes.some((l) => l && l.m < l.msgs.length)) schedule();
  else play.last = 0;
}

// Steps past finished messages; applies a done message as soon as every step before it played.
function settle(lane) {
  for (;;) {
    const msg = lane.msgs[lane.m];
    if (!msg) return;
    if (msg.type === 'steps' && lane.e >= msg.events.length) {
      lane.prevElapsed = msg.elapsed_us;
      lane.m += 1;
      lane.e = 0;
    } else if (msg.type === 'done') {
      applyDone(lane, msg);
      lane.m += 1;
    } else {
      return;
    }
  }
}

// Plays one step of a lane (an event or a snapshot); false when nothing is waiting.
function advance(lane) {
  settle(lane);
  const msg = lane.msgs[lane.m];
  if (!msg) return false;
  clearHighlights(lane.view);
  if (msg.type === 'snapshot') {
    applySnapshot(lane, msg);
    lane.m += 1;
  } else {
    const index = lane.e++;
    lane.shown = msg.first + index;
    applyEvent(lane, msg.events[index]);
    // Solver time at this step, between the previous message's time and this one's.
    lane.elapsed = lane.prevElapsed + ((msg.elapsed_us - lane.prevElapsed) * (index + 1)) / msg.events.length;
  }
  lane.dirty = true;
  settle(lane);
  return true;
}

// Tallies one event by kind (singular; renderLane makes the plural).
function count(lane, kind) {
  lane.tally[kind] = (lane.tally[kind] || 0) + 1;
}

// Applies one event to the lane's board and marks what it touched.
function applyEvent(lane, e) {
  const v = lane.view;
  if (e[0] !== 't') v.marks = null; // marks belong to technique steps only
  switch (e[0]) {
    case 'p':
      v.cells[e[1]] = e[2];
      v.hl.set(e[1], e[3] ? 'guess' : 'place');
      count(lane, e[3] ? 'guess' : 'placement');
      break;
    case 'r':
    case 'u':
      v.cells[e[1]] = 0;
      v.struck.set(e[1], e[2]);
      v.hl.set(e[1], 'remove');
      count(lane, e[0] === 'r' ? 'removal' : 'uncover');
      break;
    case 'c':
      v.cells[e[1]] = e[2];
      v.hl.set(e[1], 'cover');
      count(lane, 'cover');
      break;
    case 'f':
      v.cells = e[1].slice();
      addCost(lane, e[2]);
      count(lane, 'fill');
      break;
    case 'm':
      for (const [cell, d] of e[1]) {
        v.cells[cell] = d;
        v.hl.set(cell, 'move');
      }
      addCost(lane, e[2]);
      count(lane, 'move');
      break;
    case 't':
      applyTechnique(lane, e);
      break;
  }
}

// A human technique step: digits placed, candidates eliminated, the marks after it.
function applyTechnique(lane, [, name, placed, eliminated, marks]) {
  const v = lane.view;
  for (const [cell, d] of placed) {
    v.cells[cell] = d;
    v.hl.set(cell, name === 'guess' ? 'guess' : 'place'); // the human solver's guesses
    v.outline.add(cell);
  }
  for (const [cell, d] of eliminated) {
    v.cand.set(cell * 32 + d, 'cand-elim');
    v.outline.add(cell);
  }
  v.marks = marks;
  lane.technique = name;
  count(lane, 'technique step');
}

function applySnapshot(lane, msg) {
  lane.view.cells = msg.cells.slice();
  lane.view.marks = null;
  lane.shown = msg.step;
  lane.elapsed = msg.elapsed_us;
  lane.prevElapsed = msg.elapsed_us;
  lane.kinds = msg.tally; // every step so far by kind, counted on the server
  if (msg.cost !== null && msg.cost !== undefined) addCost(lane, msg.cost);
}

// Records a cost at the shown step for the curve.
function addCost(lane, cost) {
  lane.costs.push([lane.shown, cost]);
  lane.bestCost = Math.min(lane.bestCost, cost);
  lane.maxCost = Math.max(lane.maxCost, cost);
}

// The lane's result: final board, verdict, attributes the test reads.
function applyDone(lane, msg) {
  const v = lane.view;
  clearHighlights(v);
  v.marks = null;
  if (msg.cells) v.cells = msg.cells.slice();
  lane.shown = lane.received;
  lane.elapsed = msg.elapsed_us;
  if (lane.costEl && msg.cost !== null && msg.cost !== undefined) addCost(lane, msg.cost);
  lane.done = msg;
  if (msg.watched) lane.kinds = msg.tally;
  lane.technique = '';
  lane.dirty = true;
  const result = msg.solved ? (msg.verified ? 'solved ✓ verified' : 'solved (not verified)') : msg.verdict;
  const status = lane.root.querySelector('.status');
  // The note may already say "solver X cannot be watched: why"; keep only the why.
  const why = (msg.note || 'it reports no steps').replace(/^.*?cannot be watched:\s*/, '');
  status.textContent = msg.watched ? result : `cannot be watched: ${why} · ${result}`;
  status.className = `status ${msg.solved && msg.verified ? 'good' : msg.solved ? 'warn' : 'bad'}`;
  Object.assign(lane.root.dataset, { state: 'done', verified: String(msg.verified), grid: cellsLine(v.cells) });
}

// Redraws one lane: board, counters, time, cost curve.
function renderLane(lane) {
  lane.dirty = false;
  drawBoard(lane.root.querySelector('svg.board'), lane.board, lane.view);
  // Counted here while every step arrives; the server's count once it sends only boards.
  const kinds = lane.kinds
    || Object.entries(lane.tally).map(([kind, n]) => `${fmtInt(n)} ${plural(n, kind)}`).join(' · ')
    || (lane.done && !lane.done.watched ? 'not watched' : 'no steps yet');
  lane.root.querySelector('.counters').innerHTML = `<div>${fmtInt(lane.shown)} / ${fmtInt(lane.received)} steps shown</div>`
    + `<div class="muted">${esc(kinds)}</div>`;
  lane.root.querySelector('.elapsed').textContent = `solver time ${fmtTime(lane.elapsed)}`;
  const note = lane.done
    ? lane.done.counters.map(([name, n]) => `${name} ${fmtInt(n)}`).join(' · ')
    : lane.technique || '';
  lane.root.querySelector('.note').textContent = note;
  if (lane.costEl) drawCost(lane);
}

function plural(n, word) {
  return n === 1 ? word : `${word}${word.endsWith('s') ? 'es' : 's'}`;
}

// The cost curve as one polyline, thinned to a few hundred points.
function drawCost(lane) {
  const pts = lane.costs;
  if (!pts.length) return;
  const maxX = Math.max(1, pts[pts.length - 1][0]); // the steps played so far fill the width
  const stride = Math.ceil(pts.length / 600);
  let points = '';
  for (let i = 0; i < pts.length; i += stride) points += `${coord(pts[i], maxX, lane.maxCost)} `;
  // A lone point still shows as a level line across the width.
  points += pts.length === 1 ? coord([maxX, pts[0][1]], maxX, lane.maxCost) : coord(pts[pts.length - 1], maxX, lane.maxCost);
  lane.costEl.querySelector('polyline').setAttribute('points', points);
  const last = pts[pts.length - 1][1];
  lane.costEl.querySelector('.cost-label').textContent = `cost ${fmtInt(last)} · best ${fmtInt(lane.bestCost)} · max ${fmtInt(lane.maxCost)}`;
}

function coord([step, cost], maxX, maxCost) {
  return `${((step / maxX) * 300).toFixed(1)},${(58 - (cost / maxCost) * 56).toFixed(1)}`;
}

// While paused: one step in every lane.
function stepOnce() {
  if (!race || !play.paused) return;
  for (const lane of race.lanes) {
    if (!lane) continue;
    advance(lane);
    if (lane.dirty) renderLane(lane);
  }
}

// ---------------------------------------------------------------- explain

const explain = { data: null, index: 0 };

// Explains the loaded puzzle with POST /api/explain.
async function startExplain() {
  $('explain-error').textContent = '';
  const puzzle = await ensurePuzzle();
  if (!puzzle) {
    $('explain-error').textContent = 'No puzzle loaded: see the error above.';
    return;
  }
  $('explain-start').disabled = true;
  $('explain-summary').textContent = 'Explaining…';
  try {
    explain.data = await api('/api/explain', { line: puzzle.line });
    explain.index = 0;
    const d = explain.data;
    $('explain-summary').textContent = `${d.summary}${d.unique === false ? ' · not unique' : ''}`;
    showExplainStep();
  } catch (err) {
    $('explain-summary').textContent = '';
    $('explain-error').textContent = err.message;
  } finally {
    $('explain-start').disabled = false;
  }
}

// Shows step `explain.index`: the board before it, with what it places, eliminates and names.
function showExplainStep() {
  const d = explain.data;
  if (!d) return;
  const steps = d.steps;
  const i = explain.index;
  const box = $('explain');
  box.dataset.steps = steps.length;
  box.dataset.step = steps.length ? i + 1 : 0;
  $('explain-prev').disabled = i <= 0;
  $('explain-next').disabled = i >= steps.length - 1;
  const view = newView(d.puzzle);
  if (!steps.length) {
    $('explain-index').textContent = 'no steps';
    $('explain-text').textContent = '';
    drawBoard($('explain-board'), d.puzzle, view);
    return;
  }
  const step = steps[i];
  $('explain-index').textContent = `step ${i + 1} of ${steps.length}`;
  $('explain-text').innerHTML = `<h3>${esc(step.technique)}</h3>`
    + `<div class="muted">${esc(step.level)} · weight ${esc(step.weight)}</div><p>${esc(step.text)}</p>`;
  view.cells = step.before.cells.slice();
  view.marks = step.before.marks;
  for (const [cell, dgt] of step.placed) {
    view.hl.set(cell, 'place');
    view.cand.set(cell * 32 + dgt, 'cand-place');
  }
  for (const [cell, dgt] of step.eliminated) view.cand.set(cell * 32 + dgt, 'cand-elim');
  for (const cell of step.cells) view.outline.add(cell);
  drawBoard($('explain-board'), d.puzzle, view);
}

function moveExplain(delta) {
  if (!explain.data) return;
  const next = explain.index + delta;
  if (next < 0 || next >= explain.data.steps.length) return;
  explain.index = next;
  showExplainStep();
}

// ---------------------------------------------------------------- report

const report = { data: null, hidden: new Set(), colour: new Map() };
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf',
  '#bcbd22', '#7f7f7f', '#393b79', '#637939', '#8c6d31', '#843c39', '#7b4173', '#3182bd', '#e6550d',
  '#31a354', '#756bb1', '#636363', '#6b6ecf', '#b5cf6b', '#e7969c'];
const CHART = { w: 960, h: 420, left: 70, right: 14, top: 26, bottom: 42 }; // w follows the page

// Lists the reports found under the server's root.
async function loadReportList() {
  try {
    const { root, reports } = await api('/api/reports');
    const select = $('report-select');
    const label = (r) => (r.file === 'results.csv' ? r.path : `${r.path} (${r.file})`);
    fillSelect(select, reports.map((r) => [r.path, label(r)]), reports.length ? reports[0].path : '');
    if (!reports.length) select.add(new Option(`no results.csv under ${root}`, ''));
    const main = reports.find((r) => r.path === 'figures/main');
    if (main) select.value = main.path;
  } catch (err) {
    $('report-error').textContent = err.message;
  }
}

// Loads one report's rows and resets the filters and legend.
async function loadReport() {
  $('report-error').textContent = '';
  const path = $('report-select').value;
  if (!path) return;
  $('report-load').disabled = true;
  try {
    const data = await api(`/api/report?path=${encodeURIComponent(path)}`);
    report.data = data;
    report.hidden.clear();
    report.colour = new Map(data.solvers.map((s, i) => [s.id, PALETTE[i % PALETTE.length]]));
    const families = [...new Set(data.solvers.map((s) => s.family))];
    fillSelect($('report-family'), families.map((f) => [f, f]), '', 1);
    fillSelect($('report-dataset'), data.datasets.map((d) => [d, d]), '', 1);
    const shown = data.shown === data.total ? `${fmtInt(data.total)} timed runs` : `${fmtInt(data.shown)} of ${fmtInt(data.total)} timed runs`;
    $('report-note').textContent = data.note ? `${shown} · ${data.note}` : shown;
    drawReport();
  } catch (err) {
    $('report-error').textContent = err.message;
  } finally {
    $('report-load').disabled = false;
  }
}

// The rows that pass the family and dataset filters.
function filteredRows() {
  const family = $('report-family').value;
  const dataset = $('report-dataset').value;
  return report.data.rows.filter((r) => (!family || r.family === family) && (!dataset || r.dataset === dataset));
}

function drawReport() {
  if (!report.data) return;
  const rows = filteredRows();
  drawChart(rows);
  drawLegend(rows);
  drawSummary(rows);
}

// Each puzzle's x position: datasets in the order they come, puzzles in order within each.
function puzzlePositions(rows) {
  const byDataset = new Map();
  for (const r of rows) {
    if (!byDataset.has(r.dataset)) byDataset.set(r.dataset, new Map());
    const puzzles = byDataset.get(r.dataset);
    if (!puzzles.has(r.puzzle)) puzzles.set(r.puzzle, 0);
  }
  const spans = [];
  let x = 0;
  for (const [dataset, puzzles] of byDataset) {
    spans.push({ dataset, from: x, to: x + puzzles.size });
    for (const p of puzzles.keys()) puzzles.set(p, x++);
  }
  return { at: (r) => byDataset.get(r.dataset).get(r.puzzle), count: x, spans };
}

// Maps a time to a y pixel, log or linear; with its tick values.
function timeScale(rows, log) {
  const { top, h, bottom } = CHART;
  const span = h - top - bottom;
  let lo = Infinity;
  let hi = 0;
  for (const r of rows) {
    if (r.time_us > 0 && r.time_us < lo) lo = r.time_us;
    if (r.time_us > hi) hi = r.time_us;
  }
  if (!(hi > 0)) { lo = 1; hi = 10; }
  if (log) {
    const a = Math.floor(Math.log10(lo));
    const b = Math.max(a + 1, Math.ceil(Math.log10(hi)));
    const ticks = [];
    for (let e = a; e <= b; e++) ticks.push(10 ** e);
    const y = (t) => top + span * (1 - (Math.log10(Math.max(t, 10 ** a)) - a) / (b - a));
    return { y, ticks };
  }
  const step = niceStep(hi / 5);
  const max = Math.ceil(hi / step) * step;
  const ticks = [];
  for (let t = 0; t <= max + step / 2; t += step) ticks.push(t);
  return { y: (t) => top + span * (1 - t / max), ticks };
}

// An axis time without trailing zeros: "10 ms", not "10.0 ms".
function tickTime(us) {
  return fmtTime(us).replace(/(\.\d*?)0+ /, '$1 ').replace('. ', ' ');
}

// 1, 2 or 5 times a power of ten, at least `raw`.
function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

// The scatter plot as one SVG string: axes, dataset bands, a circle per visible run.
function drawChart(rows) {
  const chart = $('report-chart');
  CHART.w = Math.max(480, Math.round(chart.clientWidth) || 960); // one user unit a pixel: text stays legible
  const { w, h, left, right, top, bottom } = CHART;
  const pos = puzzlePositions(rows);
  const scale = timeScale(rows, $('report-log').checked);
  const plotW = w - left - right;
  // Solvers side by side within a puzzle's column, so that they overlap less.
  const order = new Map(report.data.solvers.map((s, i) => [s.id, i]));
  const spread = (id) => 0.15 + (0.7 * (order.get(id) || 0)) / Math.max(1, order.size - 1);
  const x = (i, id) => left + ((i + spread(id)) / Math.max(1, pos.count)) * plotW;
  let svg = '';
  for (const t of scale.ticks) {
    const y = scale.y(t).toFixed(1);
    svg += `<line class="grid" x1="${left}" x2="${w - right}" y1="${y}" y2="${y}"/>`
      + `<text class="tick" x="${left - 6}" y="${y}" text-anchor="end">${tickTime(t)}</text>`;
  }
  for (const s of pos.spans) {
    const x0 = left + (s.from / Math.max(1, pos.count)) * plotW;
    const width = ((s.to - s.from) / Math.max(1, pos.count)) * plotW;
    if (s.from > 0) svg += `<line class="band" x1="${x0.toFixed(1)}" x2="${x0.toFixed(1)}" y1="${top}" y2="${h - bottom}"/>`;
    if (width > s.dataset.length * 6.5) svg += `<text class="band-label" x="${(x0 + width / 2).toFixed(1)}" y="${top - 8}" text-anchor="middle">${esc(s.dataset)}</text>`;
  }
  svg += `<line class="axis" x1="${left}" x2="${left}" y1="${top}" y2="${h - bottom}"/>`
    + `<line class="axis" x1="${left}" x2="${w - right}" y1="${h - bottom}" y2="${h - bottom}"/>`
    + `<text class="axis-label" x="${left + plotW / 2}" y="${h - 8}" text-anchor="middle">puzzle (${fmtInt(pos.count)}, by dataset)</text>`
    + `<text class="axis-label" transform="translate(14 ${top + (h - top - bottom) / 2}) rotate(-90)" text-anchor="middle">time</text>`;
  let points = '';
  for (const r of rows) {
    if (report.hidden.has(r.solver)) continue;
    const colour = report.colour.get(r.solver) || '#555';
    const solved = r.status === 'solved';
    const tip = `${r.solver} · ${r.dataset} · ${r.puzzle} · ${fmtTime(r.time_us)} · ${r.status}`;
    points += `<circle class="point" cx="${x(pos.at(r), r.solver).toFixed(1)}" cy="${scale.y(r.time_us).toFixed(1)}" r="2.6" `
      + `${solved ? `fill="${colour}"` : `fill="none" stroke="${colour}"`} data-tip="${esc(tip)}"/>`;
  }
  chart.setAttribute('viewBox', `0 0 ${w} ${h}`);
  chart.innerHTML = svg + `<g class="points">${points}</g>`;
}

// Legend entries (click hides or shows a solver), for solvers with rows after filtering.
function drawLegend(rows) {
  const present = new Set(rows.map((r) => r.solver));
  $('report-legend').innerHTML = report.data.solvers.filter((s) => present.has(s.id)).map((s) => {
    const off = report.hidden.has(s.id);
    return `<button class="legend-item${off ? ' off' : ''}" data-solver="${esc(s.id)}" aria-pressed="${!off}">`
      + `<span class="dot" style="background:${report.colour.get(s.id)}"></span>${esc(s.id)}</button>`;
  }).join('') + '<span class="muted legend-hint">hollow = not solved · click a name to hide or show it</span>';
}

function median(values) {
  const v = values.slice().sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

// Median time and solved count per solver over the filtered rows, fastest first.
function drawSummary(rows) {
  const bySolver = new Map();
  for (const r of rows) {
    if (!bySolver.has(r.solver)) bySolver.set(r.solver, { family: r.family, times: [], solved: 0 });
    const s = bySolver.get(r.solver);
    s.times.push(r.time_us);
    if (r.status === 'solved') s.solved += 1;
  }
  const lines = [...bySolver].map(([id, s]) => ({ id, ...s, median: median(s.times) }))
    .sort((a, b) => a.median - b.median);
  if (!lines.length) {
    $('report-summary').innerHTML = '<p class="muted">No runs match the filters.</p>';
    return;
  }
  $('report-summary').innerHTML = '<table><thead><tr><th>solver</th><th>family</th><th class="num">median time</th>'
    + '<th class="num">solved</th><th class="num">runs</th></tr></thead><tbody>'
    + lines.map((s) => `<tr><td><span class="dot" style="background:${report.colour.get(s.id)}"></span>${esc(s.id)}</td>`
      + `<td>${esc(s.family)}</td><td class="num">${fmtTime(s.median)}</td><td class="num">${fmtInt(s.solved)}</td>`
      + `<td class="num">${fmtInt(s.times.length)}</td></tr>`).join('')
    + '</tbody></table>';
}

// One listener for all points: shows the hovered point's data-tip beside the mouse.
function hoverChart(event) {
  const tip = $('tooltip');
  const point = event.target.closest && event.target.closest('circle.point');
  if (!point) {
    tip.hidden = true;
    return;
  }
  tip.textContent = point.dataset.tip;
  tip.hidden = false;
  const x = Math.min(event.clientX + 14, window.innerWidth - tip.offsetWidth - 8);
  const y = event.clientY + 14 + tip.offsetHeight > window.innerHeight ? event.clientY - tip.offsetHeight - 10 : event.clientY + 14;
  tip.style.left = `${Math.max(4, x)}px`;
  tip.style.top = `${y}px`;
}

function toggleLegend(event) {
  const item = event.target.closest('.legend-item');
  if (!item) return;
  const id = item.dataset.solver;
  if (report.hidden.has(id)) report.hidden.delete(id);
  else report.hidden.add(id);
  drawReport();
}

// ---------------------------------------------------------------- tabs, keys, wiring

function showTab(name) {
  for (const view of ['race', 'explain', 'report']) {
    $(view).hidden = view !== name;
    $(`tab-${view}`).setAttribute('aria-selected', String(view === name));
  }
}

// ← → step through the explanation while it is shown, unless a form field has the keys.
function onKey(event) {
  if ($('explain').hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest && event.target.closest('input, select, textarea')) return;
  if (event.key === 'ArrowLeft') moveExplain(-1);
  else if (event.key === 'ArrowRight') moveExplain(1);
  else return;
  event.preventDefault();
}

function wire() {
  $('source').addEventListener('change', showSourceFields);
  $('dataset').addEventListener('change', limitLine);
  $('load').addEventListener('click', loadPuzzle);
  for (const name of ['race', 'explain', 'report']) $(`tab-${name}`).addEventListener('click', () => showTab(name));
  $('solver-groups').addEventListener('change', updateSolverChoices);
  $('start').addEventListener('click', startRace);
  $('pause').addEventListener('click', () => { setPaused(!play.paused); schedule(); });
  $('step').addEventListener('click', stepOnce);
  for (const type of ['input', 'change']) $('speed').addEventListener(type, showSpeed);
  $('explain-start').addEventListener('click', startExplain);
  $('explain-prev').addEventListener('click', () => moveExplain(-1));
  $('explain-next').addEventListener('click', () => moveExplain(1));
  document.addEventListener('keydown', onKey);
  $('report-load').addEventListener('click', loadReport);
  for (const id of ['report-family', 'report-dataset', 'report-log']) $(id).addEventListener('change', drawReport);
  $('report-chart').addEventListener('mousemove', hoverChart);
  $('report-chart').addEventListener('mouseleave', () => { $('tooltip').hidden = true; });
  $('report-legend').addEventListener('click', toggleLegend);
  // Closing the page drops the stream, which cancels the server's solves.
  window.addEventListener('resize', () => { if (!$('report').hidden) drawReport(); });
  window.addEventListener('pagehide', () => { if (race) race.controller.abort(); });
}

wire();
showSourceFields();
showSpeed();
setPuzzle(null);
// The default board is shown at once, so a newcomer can start a race with one click.
loadSources().then(loadPuzzle);
loadSolvers();
loadReportList();
