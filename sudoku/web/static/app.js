// The page of `sudoku serve`: one client of the JSON API under /api/ (see docs/web.md).
// The grid (#grid) is the editor and the picture: its cells are drawn here from the
// puzzle the server read (/api/read: size, houses, values), and the steps of a solve or
// an explanation are played on it from their placements and eliminations.
"use strict";

const $ = (id) => document.getElementById(id);
const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const MAX_MARKS = 25; // candidates are drawn in the cells of grids up to 25x25
const SET_COLOURS = 4; // the tints of a step's sets (set-0 ...), then again from the first

// layout: the puzzle as read (size, box, variant, regions, houses, peers, region of
// each cell); cells: the values of the puzzle (0: blank); notes: the player's pencil
// marks; walk: the steps being played on the grid; version counts edits and actions,
// so that an answer for an older one is dropped.
const state = {
  layout: null, cells: [], notes: [], walk: null, version: 0, info: null,
  history: [], undone: [], solution: null, result: null, file: null,
};

async function api(name, body) {
  const answer = await fetch("/api/" + name, {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  const data = await answer.json();
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

function say(text, error) {
  $("status").textContent = text;
  $("status").className = error ? "error" : "";
}

function settings() {
  const body = { puzzle: $("puzzle").value };
  for (const key of ["variant", "box", "regions"]) {
    const value = $(key).value.trim();
    if (value) body[key] = value;
  }
  return body;
}

async function run(action) {
  state.version += 1;
  try {
    await action();
  } catch (error) {
    say(error.message, true);
  }
}

function seconds(s) { return s < 0.001 ? `${(s * 1e6).toFixed(0)} µs` : `${(s * 1e3).toFixed(1)} ms`; }
function name(i, n) { return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`; }
function index(cellName, n) {
  const [r, c] = cellName.slice(1).split("c").map(Number);
  return (r - 1) * n + c - 1;
}
function symbol(v, n) { return v ? (n <= SYMBOLS.length ? SYMBOLS[v - 1] : String(v)) : ""; }

// ---------------------------------------------------------------- the grid's shape
function layoutOf(r) {
  const n = r.size;
  const peers = Array.from({ length: n * n }, () => new Set());
  const region = new Array(n * n).fill(0);
  const extra = new Set();
  for (const [house, cells] of r.houses) {
    const kind = house.split(" ")[0];
    if (kind === "box" || kind === "region") for (const i of cells) region[i] = house;
    else if (kind !== "row" && kind !== "column") for (const i of cells) extra.add(i);
    for (const i of cells) for (const j of cells) if (i !== j) peers[i].add(j);
  }
  return { size: n, box: r.box, variant: r.variant, regions: r.regions, houses: r.houses,
    peers, region, extra };
}

function sameShape(a, b) {
  return a && b && a.size === b.size && a.variant === b.variant && a.regions === b.regions
    && a.box[0] === b.box[0] && a.box[1] === b.box[1];
}

function cellAt(i, grid = "grid") { return $(grid).children[i]; }

// The cells of a grid, built once per shape; their content is drawn by paint.
function build(layout, grid = "grid") {
  const n = layout.size;
  const target = $(grid);
  target.style.setProperty("--n", n);
  target.dataset.size = n;
  const cells = [];
  for (let i = 0; i < n * n; i += 1) {
    const cell = document.createElement("div");
    cell.className = "cell";
    cell.setAttribute("role", "gridcell");
    cell.dataset.cell = name(i, n);
    if (grid === "grid") cell.tabIndex = 0;
    const [r, c] = [Math.floor(i / n), i % n];
    if (c < n - 1 && layout.region[i] !== layout.region[i + 1]) cell.classList.add("edge-right");
    if (r < n - 1 && layout.region[i] !== layout.region[i + n]) cell.classList.add("edge-bottom");
    if (layout.extra.has(i)) cell.classList.add("extra");
    cells.push(cell);
  }
  target.replaceChildren(...cells);
}

// The candidates of each cell given its values: the values no peer holds, less removed.
function candidatesOf(values, removed) {
  const { size: n, peers } = state.layout;
  return values.map((v, i) => {
    if (v) return new Set();
    const seen = new Set([...peers[i]].map((j) => values[j]));
    const marks = new Set();
    for (let d = 1; d <= n; d += 1) if (!seen.has(d) && !(removed && removed.has(`${i}:${d}`))) marks.add(d);
    return marks;
  });
}

function clashes(values) {
  const found = new Set();
  for (const [, cells] of state.layout.houses) {
    const where = new Map();
    for (const i of cells) {
      if (!values[i]) continue;
      if (where.has(values[i])) { found.add(i); found.add(where.get(values[i])); }
      else where.set(values[i], i);
    }
  }
  return found;
}

// Draw a view on a grid: values (given where the puzzle has them, else calculated),
// candidates when asked, and a step's cells, digits and eliminations.
function paint(view, grid = "grid") {
  const { size: n, box } = state.layout;
  const values = view.values;
  const marks = view.marks || candidatesOf(values, view.removed);
  const showMarks = (view.showMarks ?? $("marks").checked) && n <= MAX_MARKS;
  const clash = clashes(values);
  const step = { cells: new Set(), eliminated: new Set(), picked: new Set(), placed: new Set(),
    nodes: [], links: [], sets: [], inNode: new Set(), ...view.step };
  const setOf = new Map();
  step.sets.forEach((cells, k) => { for (const i of cells) setOf.set(i, k % SET_COLOURS); });
  for (let i = 0; i < n * n; i += 1) {
    const cell = cellAt(i, grid);
    const v = values[i];
    const given = state.cells[i] !== 0 && v === state.cells[i];
    cell.classList.toggle("given", given);
    cell.classList.toggle("calculated", v !== 0 && !given);
    cell.classList.toggle("clash", clash.has(i));
    cell.classList.toggle("contradiction", !v && marks[i].size === 0);
    cell.classList.toggle("highlight", step.cells.has(i));
    cell.classList.toggle("placed", step.placed.has(i));
    for (let k = 0; k < SET_COLOURS; k += 1) cell.classList.toggle(`set-${k}`, setOf.get(i) === k);
    cell.setAttribute("aria-label", `${name(i, n)}: ${v ? symbol(v, n) : "empty"}`);
    if (v) {
      const span = document.createElement("span");
      span.className = "value";
      span.textContent = symbol(v, n);
      cell.replaceChildren(span);
      continue;
    }
    const notes = grid === "grid" && !view.marks ? state.notes[i] : null;
    const shown = showMarks ? marks[i] : notes && notes.size ? notes : null;
    if (!shown && !step.eliminated.size) { cell.replaceChildren(); continue; }
    const grid3 = document.createElement("span");
    grid3.className = "marks";
    grid3.style.setProperty("--mc", box[1]);
    for (let d = 1; d <= n; d += 1) {
      const span = document.createElement("span");
      const key = `${i}:${d}`;
      if ((shown && shown.has(d)) || step.eliminated.has(key)) {
        span.textContent = symbol(d, n);
        span.dataset.digit = d;
        if (step.eliminated.has(key)) span.className = "candidate eliminated";
        else if (step.inNode.has(key)) span.className = "candidate picked node";
        else if (step.picked.has(key)) span.className = "candidate picked";
        else span.className = notes && !showMarks ? "candidate note" : "candidate";
      }
      grid3.appendChild(span);
    }
    cell.replaceChildren(grid3);
  }
  if (grid === "grid") drawChain(step);
}

// ---------------------------------------------------------------- the chain's picture
// An SVG laid over #grid (#chain): each node of a chain framed (a candidate, or a group
// of candidates in several cells: one frame around them all), each link an arrow from
// node to node, a strong link solid and a weak link dashed, as HoDoKu draws them.  It
// takes the places of the candidates from the page's own layout, so it fits any grid
// size and is drawn again when the page is resized.
const SVG = "http://www.w3.org/2000/svg";
let lastChain = null;

function svgElement(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function drawChain(step) {
  lastChain = step;
  const overlay = $("chain");
  if (!step || !step.nodes.length || !state.layout) {
    overlay.replaceChildren();
    overlay.setAttribute("hidden", ""); // (an SVG element has no .hidden property)
    return;
  }
  const n = state.layout.size;
  const grid = $("grid");
  const box = grid.getBoundingClientRect();
  overlay.removeAttribute("hidden");
  overlay.style.left = `${grid.offsetLeft}px`;
  overlay.style.top = `${grid.offsetTop}px`;
  overlay.setAttribute("width", box.width);
  overlay.setAttribute("height", box.height);
  overlay.setAttribute("viewBox", `0 0 ${box.width} ${box.height}`);
  const cellSize = box.width / n;
  const pad = cellSize * 0.03;
  // Each node's frame: the rectangle around its candidates in the page, plus a margin.
  const frames = step.nodes.map(([d, cells]) => {
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const i of cells) {
      const span = cellAt(i).querySelector(`.marks span[data-digit="${d}"]`);
      const r = span ? span.getBoundingClientRect() : cellAt(i).getBoundingClientRect();
      x0 = Math.min(x0, r.left - box.left); y0 = Math.min(y0, r.top - box.top);
      x1 = Math.max(x1, r.right - box.left); y1 = Math.max(y1, r.bottom - box.top);
    }
    return { x: x0 + pad, y: y0 + pad, w: x1 - x0 - 2 * pad, h: y1 - y0 - 2 * pad };
  });
  const defs = svgElement("defs", {});
  const head = cellSize * 0.12;
  const marker = svgElement("marker", { id: "chain-arrow", viewBox: "0 0 10 10", refX: "9", refY: "5",
    markerWidth: head, markerHeight: head, markerUnits: "userSpaceOnUse", orient: "auto" });
  marker.appendChild(svgElement("path", { d: "M0 0L10 5L0 10z", class: "arrow-head" }));
  defs.appendChild(marker);
  const links = svgElement("g", { class: "links" });
  for (const link of step.links) {
    const [a, b] = [frames[link.from], frames[link.to]];
    if (!a || !b) continue;
    links.appendChild(svgElement("path", { class: `link ${link.kind}`, "data-from": link.from,
      "data-to": link.to, d: linkPath(a, b, cellSize), "marker-end": "url(#chain-arrow)",
      "stroke-width": Math.max(1.5, cellSize * (link.kind === "strong" ? 0.045 : 0.035)),
      "stroke-dasharray": link.kind === "strong" ? "none" : `${cellSize * 0.12} ${cellSize * 0.08}` }));
  }
  const nodes = svgElement("g", { class: "nodes" });
  frames.forEach((f, k) => {
    const [d, cells] = step.nodes[k];
    nodes.appendChild(svgElement("rect", { class: cells.length > 1 ? "node group" : "node",
      "data-node": k, "data-digit": d, "data-cells": cells.map((i) => name(i, n)).join(" "),
      x: f.x, y: f.y, width: f.w, height: f.h, rx: Math.min(f.w, f.h) * 0.3,
      "stroke-width": Math.max(1, cellSize * 0.03) }));
  });
  overlay.replaceChildren(defs, nodes, links);
}

// The point where a ray from the centre of frame f towards (dx, dy) leaves it.
function edge(f, dx, dy) {
  const [cx, cy] = [f.x + f.w / 2, f.y + f.h / 2];
  const t = Math.min(dx ? (f.w / 2) / Math.abs(dx) : Infinity, dy ? (f.h / 2) / Math.abs(dy) : Infinity);
  return [cx + dx * t, cy + dy * t];
}

// A link from frame a to frame b: a curve bent to one side (so that a link along a row
// does not run over the candidates between its ends, and two links between the same
// cells part), straight when the two are close.
function linkPath(a, b, cellSize) {
  const [ax, ay] = [a.x + a.w / 2, a.y + a.h / 2];
  const [bx, by] = [b.x + b.w / 2, b.y + b.h / 2];
  const [dx, dy] = [bx - ax, by - ay];
  const length = Math.hypot(dx, dy) || 1;
  const bend = length < cellSize * 0.6 ? 0 : Math.min(length * 0.2, cellSize * 0.7);
  const [mx, my] = [(ax + bx) / 2 - (dy / length) * bend, (ay + by) / 2 + (dx / length) * bend];
  const [sx, sy] = edge(a, mx - ax, my - ay);
  const [ex, ey] = edge(b, mx - bx, my - by);
  const f = (v) => v.toFixed(1);
  return `M${f(sx)} ${f(sy)}Q${f(mx)} ${f(my)} ${f(ex)} ${f(ey)}`;
}

function paintPuzzle() {
  if (!state.layout) return;
  paint({ values: state.cells.slice() });
}

// ---------------------------------------------------------------- text <-> grid
function line(cells, n) {
  if (n > SYMBOLS.length) return cells.map(String).join(" ");
  return cells.map((v) => (v ? SYMBOLS[v - 1] : ".")).join("");
}

// The box shape a size gets when nothing says otherwise (sudoku.grid.default_box).
function defaultBox(n) {
  let r = Math.floor(Math.sqrt(n));
  while (n % r) r -= 1;
  return [r, n / r];
}

// The directive lines a puzzle needs to read back as it was read; explicit ones
// (every setting named) for a file of several puzzles, where each one's would
// otherwise carry over to the next.
function directives(p, explicit) {
  const lines = [];
  if (p.regions) {
    lines.push(`# regions: ${p.regions}`);
  } else {
    if (explicit || p.variant !== "standard") lines.push(`# variant: ${p.variant}`);
    const [rows, cols] = defaultBox(p.size);
    if (explicit || p.box[0] !== rows || p.box[1] !== cols) lines.push(`# box: ${p.box.join("x")}`);
  }
  return lines;
}

// A puzzle the page was given or edited as text that reads back as it was read: the
// directive lines it needs, then its line.  Its settings travel in its text, so they
// never apply to a puzzle typed or uploaded afterwards.
function readable(p) {
  return [...directives(p), p.puzzle].join("\n");
}

// The Variant, Box and Regions fields hold what the person set for the next read; a
// puzzle the page writes brings its own, in its text, and leaves them empty.
function setText(text) {
  $("puzzle").value = text;
  for (const key of ["variant", "box", "regions"]) $(key).value = "";
}

function writeText() {
  const { size: n } = state.layout;
  setText(readable({ ...state.layout, puzzle: line(state.cells, n) }));
}

function remember() {
  const text = $("puzzle").value;
  const last = state.history[state.history.length - 1];
  if (last === undefined || last.text !== text) {
    state.history.push({ text, notes: state.notes.map((s) => new Set(s)) });
    state.undone = [];
  }
  buttons();
}

function buttons() {
  $("undo").disabled = state.history.length < 2;
  $("redo").disabled = state.undone.length === 0;
}

// Read the text box into the grid (a new shape rebuilds it).
async function readText(version = state.version) {
  if (!$("puzzle").value.trim()) {
    state.layout = null;
    $("grid").replaceChildren();
    delete $("grid").dataset.size;
    return false;
  }
  const r = await api("read", settings());
  if (version !== state.version) return false;
  const layout = layoutOf(r);
  const n = layout.size;
  if (!sameShape(layout, state.layout)) {
    state.layout = layout;
    build(layout);
  } else {
    state.layout = layout;
  }
  state.cells = r.cells;
  state.notes = r.candidates && r.candidates.some((c) => c.length < n)
    ? r.candidates.map((c, i) => new Set(r.cells[i] ? [] : c))
    : Array.from({ length: n * n }, () => new Set());
  paintPuzzle();
  if (r.clashes.length) {
    const [v, house, cells] = r.clashes[0];
    say(`${symbol(v, n)} appears twice in ${house}: ${cells.map((i) => name(i, n)).join(", ")}`, true);
  }
  return true;
}

// An edit of the puzzle ends what was shown of the last one (a walk, a solution).
function edited() {
  stopWalk();
  clearExtras();
  state.solution = null;
  state.result = null;
  say("");
}

function restore(entry) {
  state.version += 1;
  edited();
  setText(entry.text);
  const notes = entry.notes;
  readText().then((ok) => {
    if (ok && notes.length === state.notes.length) { state.notes = notes.map((s) => new Set(s)); paintPuzzle(); }
  }).catch((error) => say(error.message, true));
}

function undo() {
  if (state.history.length < 2) return;
  state.undone.push(state.history.pop());
  restore(state.history[state.history.length - 1]);
  buttons();
}

function redo() {
  if (!state.undone.length) return;
  const entry = state.undone.pop();
  state.history.push(entry);
  restore(entry);
  buttons();
}

// ---------------------------------------------------------------- typing in the grid
let typed = { cell: -1, text: "" }; // the digits typed so far in a cell of a grid above 35x35

function setCell(i, v) {
  if (state.cells[i] === v && !state.notes[i].size) return;
  state.version += 1;
  edited();
  state.cells[i] = v;
  state.notes[i] = new Set();
  writeText();
  remember();
  paintPuzzle();
  const bad = clashes(state.cells);
  if (bad.has(i)) say(`${name(i, state.layout.size)}: ${symbol(v, state.layout.size)} is already in a house it sees`, true);
}

function toggleNote(i, v) {
  if (state.cells[i]) return;
  edited();
  const notes = state.notes[i];
  if (notes.has(v)) notes.delete(v); else notes.add(v);
  state.history.push({ text: $("puzzle").value, notes: state.notes.map((s) => new Set(s)) });
  state.undone = [];
  buttons();
  paintPuzzle();
}

function valueOfKey(event, n) {
  let key = event.key;
  if (event.shiftKey && /^(Digit|Numpad)[0-9]$/.test(event.code)) key = event.code.slice(-1);
  if (event.shiftKey && /^Key[A-Z]$/.test(event.code)) key = event.code.slice(-1);
  if (key.length !== 1) return null;
  if (n > SYMBOLS.length) return /[0-9]/.test(key) ? Number(key) : null;
  const v = SYMBOLS.indexOf(key.toUpperCase()) + 1;
  return v >= 1 && v <= n ? v : null;
}

function onKey(event) {
  const cell = event.target.closest(".cell");
  if (!cell || !state.layout) return;
  const n = state.layout.size;
  const i = index(cell.dataset.cell, n);
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -n, ArrowDown: n };
  if (event.ctrlKey || event.metaKey) {
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (key === "y" || (key === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
    return;
  }
  if (event.key in moves) {
    event.preventDefault();
    const j = i + moves[event.key];
    const sameRow = Math.abs(moves[event.key]) === 1 ? Math.floor(j / n) === Math.floor(i / n) : true;
    if (j >= 0 && j < n * n && sameRow) cellAt(j).focus();
    typed = { cell: -1, text: "" };
    return;
  }
  if (["Backspace", "Delete", "."].includes(event.key) || (event.key === "0" && n <= SYMBOLS.length)) {
    event.preventDefault();
    typed = { cell: -1, text: "" };
    setCell(i, 0);
    return;
  }
  const v = valueOfKey(event, n);
  if (v === null) return;
  event.preventDefault();
  if (n > SYMBOLS.length) {
    // Numbers of several digits: the digits typed in a row in one cell, while they
    // still make a value of the grid.
    const text = (typed.cell === i ? typed.text : "") + String(v);
    const value = Number(text);
    typed = value >= 1 && value <= n ? { cell: i, text } : { cell: i, text: String(v) };
    const now = Number(typed.text);
    if (now >= 1 && now <= n) setCell(i, now);
    return;
  }
  if (event.shiftKey || $("pencil").checked) toggleNote(i, v);
  else setCell(i, v);
}

// ---------------------------------------------------------------- playing steps
// A walk: steps (placements, eliminations, cells, digits, text) played on the grid from
// the puzzle; at: how many are done (the grid shows the state before step `at`, that
// step highlighted); mode: playing, paused, stopped or done.
function viewAt(walk, at) {
  const n = state.layout.size;
  const values = state.cells.slice();
  const removed = new Set();
  for (const s of walk.steps.slice(0, at)) {
    for (const [r, c, v] of s.placements) values[(r - 1) * n + c - 1] = v;
    for (const [r, c, v] of s.eliminations) removed.add(`${(r - 1) * n + c - 1}:${v}`);
  }
  const s = walk.steps[at];
  // A chain or a set of cells is read on the candidates: they are shown for such a step.
  const drawn = Boolean(s && (s.nodes || s.sets));
  const view = { values, removed, showMarks: walk.marks || $("marks").checked || drawn };
  if (s) {
    const marks = candidatesOf(values, removed);
    const placed = new Set(s.placements.map(([r, c]) => (r - 1) * n + c - 1));
    const cells = new Set([...s.cells.map((c) => index(c, n)), ...placed]);
    const picked = new Set();
    for (const i of cells) for (const d of s.digits) if (marks[i].has(d)) picked.add(`${i}:${d}`);
    for (const [r, c, v] of s.placements) picked.add(`${(r - 1) * n + c - 1}:${v}`);
    const eliminated = new Set(s.eliminations.map(([r, c, v]) => `${(r - 1) * n + c - 1}:${v}`));
    view.marks = marks;
    view.step = { cells, placed: new Set(), picked, eliminated, ...drawing(s, n) };
  }
  return view;
}

// What a step draws beyond its cells and digits, from the step's data (the API's nodes,
// links and sets, never its text): the chain's nodes as [digit, [cell...]] with their
// links, and the cells of each set.
function drawing(s, n) {
  const nodes = (s.nodes || []).map((node) => [node.digit, node.cells.map((c) => index(c, n))]);
  const sets = (s.sets || []).map((cells) => cells.map((c) => index(c, n)));
  const inNode = new Set();
  for (const [d, cells] of nodes) for (const i of cells) inNode.add(`${i}:${d}`);
  return { nodes, links: s.links || [], sets, inNode };
}

function showWalk() {
  const walk = state.walk;
  const total = walk.steps.length;
  paint(viewAt(walk, walk.at));
  $("walk").hidden = false;
  $("step-count").textContent = walk.single ? "" : total
    ? `step ${Math.min(walk.at + 1, total)} of ${total}` : "no step";
  $("step-text").textContent = walk.at < total ? walk.steps[walk.at].text
    : walk.mode === "stopped" ? "" : walk.endText;
  $("prev").disabled = walk.mode === "stopped" || walk.at === 0;
  $("next").disabled = walk.mode === "stopped" || walk.at >= total;
  $("play").disabled = walk.mode === "playing" || walk.mode === "stopped" || walk.single;
  $("pause").disabled = walk.mode !== "playing";
  $("stop").disabled = walk.mode === "stopped" || walk.single;
  document.body.dataset.play = walk.mode;
  document.body.dataset.at = walk.at;
  if (walk.at >= total && walk.mode === "playing") finish(walk);
}

function finish(walk) {
  walk.mode = "done";
  clearTimeout(walk.timer);
  walk.timer = null;
  if (walk.done) walk.done();
  showWalk();
}

function tick() {
  const walk = state.walk;
  if (!walk || walk.mode !== "playing") return;
  walk.at = Math.min(walk.at + 1, walk.steps.length);
  walk.timer = null;
  showWalk();
  if (walk.mode === "playing") walk.timer = setTimeout(tick, Number($("speed").value));
}

function play() {
  const walk = state.walk;
  if (!walk || walk.mode === "stopped") return;
  if (walk.at >= walk.steps.length) walk.at = 0;
  walk.mode = "playing";
  clearTimeout(walk.timer);
  walk.timer = setTimeout(tick, Number($("speed").value));
  showWalk();
}

function pause() {
  const walk = state.walk;
  if (!walk || walk.mode !== "playing") return;
  clearTimeout(walk.timer);
  walk.timer = null;
  walk.mode = "paused";
  showWalk();
}

function stopWalk() {
  const walk = state.walk;
  if (!walk) return;
  clearTimeout(walk.timer);
  walk.timer = null;
  if (walk.mode === "playing" || walk.mode === "paused") {
    walk.mode = "stopped";
    say(`stopped at step ${walk.at} of ${walk.steps.length}`);
    showWalk();
  }
}

function step(delta) {
  const walk = state.walk;
  if (!walk || walk.mode === "stopped") return;
  if (walk.mode === "playing") pause();
  walk.at = Math.min(walk.steps.length, Math.max(0, walk.at + delta));
  if (walk.mode === "done" && walk.at < walk.steps.length) walk.mode = "paused";
  showWalk();
}

function startWalk(walk, playing) {
  if (state.walk) clearTimeout(state.walk.timer);
  state.walk = { at: 0, mode: playing ? "playing" : "paused", timer: null, ...walk };
  showWalk();
  if (playing) state.walk.timer = setTimeout(tick, Number($("speed").value));
}

// ---------------------------------------------------------------- actions
function clearExtras() {
  $("board2").replaceChildren();
  $("timings").hidden = true;
  $("walk").hidden = true;
  if (state.walk) clearTimeout(state.walk.timer);
  state.walk = null;
  delete document.body.dataset.play;
  if (state.layout) paintPuzzle();
}

// The steps that fill the cells still blank after `steps` with the solution's values.
function searchSteps(steps, solution) {
  const n = state.layout.size;
  const values = state.cells.slice();
  for (const s of steps) for (const [r, c, v] of s.placements) values[(r - 1) * n + c - 1] = v;
  const filled = [];
  values.forEach((v, i) => {
    if (v) return;
    const [r, c] = [Math.floor(i / n) + 1, (i % n) + 1];
    filled.push({ technique: "search", placements: [[r, c, solution[i]]], eliminations: [],
      cells: [name(i, n)], digits: [solution[i]],
      text: `search: ${name(i, n)}=${symbol(solution[i], n)} (the exact-cover search's solution)` });
  });
  return filled;
}

function valuesOf(text, n) {
  if (n > SYMBOLS.length) return text.trim().split(/\s+/).map(Number);
  return [...text].map((ch) => (ch === "." ? 0 : SYMBOLS.indexOf(ch) + 1));
}

async function solve() {
  clearExtras();
  if (!(await readText())) return;
  const method = $("method").value;
  const r = await api("solve", { ...settings(), method });
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  const n = state.layout.size;
  let steps = [];
  if (method !== "search") steps = (await api("explain", { ...settings(), method: "logic" })).steps;
  state.solution = r.solution ? valuesOf(r.solution, n) : null;
  state.result = r;
  if (state.solution) steps = steps.concat(searchSteps(steps, state.solution));
  const text = r.status === "solved"
    ? `solved in ${seconds(r.seconds)}` + (method === "search" ? `, ${r.nodes} nodes`
      : method === "both" ? `: ${r.steps} steps, then ${r.nodes} search nodes` : `: ${r.steps} steps`)
    : r.status === "stalled" ? `stalled: the techniques find no step after ${r.steps}; ${r.left} cells left`
      : "no solution";
  say("solving...");
  startWalk({ steps, marks: method === "logic" && r.status !== "solved", endText: `end: ${r.status}`,
    done: () => say(text) }, true);
}

async function check() {
  clearExtras();
  if (!(await readText())) return;
  const r = await api("check", settings());
  const n = state.layout.size;
  state.solution = r.status === "unique" ? valuesOf(r.solution, n) : null;
  state.result = r;
  if (r.status === "multiple") {
    say(`several solutions: two of them differ in ${r.differ.join(" ")}`);
    const differ = new Set(r.differ.map((c) => index(c, n)));
    const none = { placed: new Set(), picked: new Set(), eliminated: new Set() };
    paint({ values: valuesOf(r.solutions[0], n), step: { ...none, cells: differ } });
    const second = document.createElement("div");
    second.id = "grid2";
    second.className = "grid";
    $("board2").replaceChildren(second);
    build(state.layout, "grid2");
    paint({ values: valuesOf(r.solutions[1], n), step: { ...none, cells: differ } }, "grid2");
    return;
  }
  say({ unique: "one solution", none: "no solution" }[r.status]
    || `unknown (stopped: ${r.reason})`);
  if (state.solution) paint({ values: state.solution });
}

async function hint() {
  clearExtras();
  if (!(await readText())) return;
  const r = await api("hint", settings());
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  say(r.step ? `hint (${r.status})` : r.status);
  if (r.step) startWalk({ steps: [r.step], single: true, endText: "" }, false);
}

async function explain() {
  clearExtras();
  if (!(await readText())) return;
  const method = $("method").value;
  if (method === "search") {
    say("the search alone takes no steps to explain: choose the method logic only or both");
    return;
  }
  const r = await api("explain", { ...settings(), method });
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  const left = method === "logic" && r.left ? `; stalled with ${r.left} cells left` : "";
  const text = `${r.status}, ${r.steps.length} steps` + left
    + (r.rating ? `, rating ${r.rating.score} ${r.rating.level}` : "");
  say(text);
  startWalk({ steps: r.steps, marks: true, endText: `end: ${r.status}${left}` }, false);
}

async function rate() {
  if (!(await readText())) return;
  const r = await api("rate", settings());
  say(r.score !== undefined
    ? `rating ${r.score.toFixed(1)} ${r.level}: hardest ${r.hardest}, ${r.guesses} guesses, ${r.steps} steps`
    : r.status === "unknown" ? `unknown (stopped: ${r.reason})` : `not rated: ${r.status}`);
}

async function methods() {
  clearExtras();
  if (!(await readText())) return;
  const r = await api("methods", settings());
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  const rows = r.methods.map((m) => `<tr><td>${m.method}</td>` +
    `<td>${m.status}${m.left ? ` (${m.left} cells left)` : ""}</td>` +
    `<td class="num">${seconds(m.seconds)}</td><td class="num">${m.steps}</td>` +
    `<td class="num">${m.nodes}</td><td class="num">${m.guesses ?? "-"}</td></tr>`);
  $("timings").querySelector("tbody").innerHTML = rows.join("");
  $("timings").hidden = false;
  say(`timings (${r.status})`);
}

async function opened(p) {
  state.version += 1;
  edited();
  setText(readable(p));
  await readText();
  remember();
}

async function generate() {
  clearExtras();
  const body = { size: Number($("gen-size").value), variant: $("gen-variant").value,
    symmetry: $("gen-symmetry").value };
  if ($("gen-difficulty").value) body.difficulty = $("gen-difficulty").value;
  if ($("gen-seed").value.trim()) body.seed = Number($("gen-seed").value);
  say("generating...");
  const r = await api("generate", body);
  if (r.status !== "made") { say(`not made: ${r.reason}`, true); return; }
  await opened(r);
  say(`made: seed ${r.seed}, ${r.clues} clues` + (r.rating ? `, rating ${r.rating.score} ${r.rating.level}` : ""));
}

function listed(entry) {
  const row = document.createElement("tr");
  const rating = entry.rating ? `${entry.rating.score.toFixed(1)} ${entry.rating.level}` : "";
  for (const text of [entry.index + 1, entry.line ?? "", entry.name ?? "",
    entry.status === "invalid" ? `invalid: ${entry.error}` : entry.status, rating]) {
    const cell = document.createElement("td");
    cell.textContent = text;
    row.appendChild(cell);
  }
  if (entry.status !== "invalid") {
    row.addEventListener("click", () => run(async () => {
      for (const other of row.parentNode.children) other.classList.remove("open");
      row.classList.add("open");
      await opened(entry);
      say(`puzzle ${entry.index + 1}: ${entry.status}`);
    }));
  }
  return row;
}

async function upload() {
  const file = $("file").files[0];
  if (!file) return;
  const text = await file.text();
  const body = { ...settings(), text };
  delete body.puzzle;
  say(`reading ${file.name}...`);
  const r = await api("puzzles", body);
  state.file = { name: file.name, puzzles: r.puzzles, more: r.more };
  const rows = $("puzzles").querySelector("tbody");
  rows.replaceChildren(...r.puzzles.map(listed));
  $("list").hidden = false;
  say(`${file.name}: ${r.puzzles.length} puzzles` + (r.more ? " (more not listed)" : ""));
  const first = r.puzzles.find((p) => p.status !== "invalid");
  if (first) rows.children[r.puzzles.indexOf(first)].click();
}

// ---------------------------------------------------------------- saving
function download(filename, text, type) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

function rows(cells, n) {
  if (n > SYMBOLS.length) return [line(cells, n)];
  const text = line(cells, n);
  return Array.from({ length: n }, (_, r) => text.slice(r * n, (r + 1) * n));
}

function ratingText(rating) { return rating ? `, rating ${rating.score.toFixed(1)} ${rating.level}` : ""; }

// What is saved: the puzzle on the grid and what the page found for it (its solution),
// or, when a file is listed, each of its puzzles with its status, rating and solution.
function saved() {
  if (state.file) {
    return state.file.puzzles.map((p) => ({ ...p, solution: p.solution ?? null }));
  }
  if (!state.layout) return [];
  const n = state.layout.size;
  const r = state.result;
  return [{ index: 0, name: null, line: null, ...state.layout, puzzle: line(state.cells, n),
    status: r ? r.status : "", rating: null,
    solution: state.solution ? line(state.solution, n) : null }];
}

function saveText() {
  const stamp = new Date().toISOString().replace("T", " ").slice(0, 19);
  const items = saved();
  const lines = [`; Sudoku file written ${stamp} UTC by numba-dlx ${state.info.version}.`,
    "; Lines beginning with a semicolon are comments."];
  if (state.file) lines.push(`; ${state.file.name}: ${items.length} puzzles`);
  for (const p of items) {
    lines.push("");
    if (p.status === "invalid") { lines.push(`; puzzle ${p.index + 1}: invalid: ${p.error}`); continue; }
    const head = [`puzzle ${p.index + 1}`, p.name, p.status].filter(Boolean).join(": ");
    lines.push(`; ${head}${ratingText(p.rating)}`);
    lines.push(...directives(p, state.file !== null));
    const cells = valuesOf(p.puzzle, p.size);
    lines.push(...rows(cells, p.size));
    if (p.solution) lines.push("; solution:", ...rows(valuesOf(p.solution, p.size), p.size).map((x) => `; ${x}`));
  }
  download(state.file ? "puzzles.txt" : "puzzle.txt", lines.join("\n") + "\n", "text/plain");
  say("saved as text");
}

function csvField(value) {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function saveCsv() {
  const head = ["index", "name", "puzzle", "status", "solution", "score", "level", "error"];
  const out = [head.join(",")];
  for (const p of saved()) {
    out.push([p.index, p.name, p.puzzle, p.status, p.solution, p.rating ? p.rating.score : null,
      p.rating ? p.rating.level : null, p.error].map(csvField).join(","));
  }
  download(state.file ? "puzzles.csv" : "puzzle.csv", out.join("\r\n") + "\r\n", "text/csv");
  say("saved as CSV");
}

// ---------------------------------------------------------------- start
function options(select, names) {
  for (const option of names) select.add(new Option(option, option));
}

async function start() {
  const info = await (await fetch("/api/info")).json();
  state.info = info;
  $("version").textContent = `numba-dlx ${info.version}`;
  options($("variant"), info.variants);
  options($("gen-variant"), info.variants);
  options($("gen-symmetry"), info.symmetries);
  options($("gen-difficulty"), info.difficulties);
  const clicks = { solve, check, hint, explain, rate, methods, generate };
  for (const [id, action] of Object.entries(clicks)) {
    $(id).addEventListener("click", () => run(action));
  }
  const local = { prev: () => step(-1), next: () => step(1), play, pause, stop: stopWalk,
    undo, redo, "save-text": saveText, "save-csv": saveCsv };
  for (const [id, action] of Object.entries(local)) {
    $(id).addEventListener("click", () => { try { action(); } catch (error) { say(error.message, true); } });
  }
  $("marks").addEventListener("change", () => {
    if (state.walk) showWalk(); else if (state.solution) paint({ values: state.solution }); else paintPuzzle();
  });
  $("file").addEventListener("change", () => run(upload));
  $("grid").addEventListener("keydown", onKey);
  window.addEventListener("resize", () => drawChain(lastChain));
  let timer = null;
  const typedText = () => {
    const version = ++state.version;
    edited();
    state.file = null;
    clearTimeout(timer);
    timer = setTimeout(() => readText(version).then((ok) => { if (ok) remember(); })
      .catch((error) => say(error.message, true)), 250);
  };
  for (const id of ["puzzle", "variant", "box", "regions"]) $(id).addEventListener("input", typedText);
  buttons();
  document.body.dataset.ready = "true";
}

run(start);
