// The page of `sudoku serve`: one client of the JSON API under /api/ (see docs/web.md).
"use strict";

const $ = (id) => document.getElementById(id);
// version counts edits and actions: a redraw for an edit draws only if nothing came after.
const state = { values: null, explanation: null, at: 0, version: 0 };

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

function draw(svg, where, id) {
  const target = $(where || "board");
  target.innerHTML = svg || "";
  const picture = target.querySelector("svg");
  if (picture) picture.id = id || "grid";
}

function clearExtras() {
  draw("", "board2");
  $("walk").hidden = true;
  $("timings").hidden = true;
}

async function run(action) {
  state.version += 1;
  try {
    await action();
  } catch (error) {
    say(error.message, true);
  }
}

async function redraw(version = state.version) {
  if (version !== state.version) return;
  if (!$("puzzle").value.trim()) { draw(""); return; }
  const body = { ...settings(), candidates: $("marks").checked };
  if (state.values) body.values = state.values;
  const r = await api("render", body);
  if (version === state.version) draw(r.svg);
}

function seconds(s) { return s < 0.001 ? `${(s * 1e6).toFixed(0)} µs` : `${(s * 1e3).toFixed(1)} ms`; }

async function solve() {
  clearExtras();
  const r = await api("solve", settings());
  state.values = r.solution;
  say(r.status === "solved" ? `solved in ${seconds(r.seconds)}, ${r.nodes} nodes`
    : r.status === "none" ? "no solution" : `unknown (stopped: ${r.reason})`);
  await redraw();
}

async function check() {
  clearExtras();
  const r = await api("check", settings());
  state.values = r.status === "unique" ? r.solution : null;
  if (r.status === "multiple") {
    say(`several solutions: two of them differ in ${r.differ.join(" ")}`);
    const body = { ...settings(), highlight: r.differ };
    draw((await api("render", { ...body, values: r.solutions[0] })).svg);
    draw((await api("render", { ...body, values: r.solutions[1] })).svg, "board2", "grid2");
    return;
  }
  say({ unique: "one solution", none: "no solution" }[r.status]
    || `unknown (stopped: ${r.reason})`);
  await redraw();
}

async function hint() {
  clearExtras();
  const r = await api("hint", { ...settings(), svg: true });
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  state.values = null;
  draw(r.svg);
  say(r.step ? `hint (${r.status})` : r.status);
  $("walk").hidden = !r.step;
  $("step-count").textContent = "";
  $("step-text").textContent = r.step ? r.step.text : "";
}

// A click moves state.at at once, before the server answers, so quick clicks add up
// and only the answer for the step last asked for is drawn.
async function showStep(at) {
  state.at = at;
  const r = await api("explain", { ...settings(), at });
  if (at !== state.at) return;
  if (r.status === "unknown") { say(`unknown (stopped: ${r.reason})`); return; }
  state.explanation = r;
  state.at = r.at;
  draw(r.svg);
  const total = r.steps.length;
  $("walk").hidden = false;
  $("step-count").textContent = `step ${Math.min(r.at + 1, total)} of ${total}`;
  $("step-text").textContent = r.at < total ? r.steps[r.at].text : `end: ${r.status}`;
  $("prev").disabled = r.at === 0;
  $("next").disabled = r.at >= total;
}

async function explain() {
  clearExtras();
  state.values = null;
  await showStep(0);
  const r = state.explanation;
  if (r) say(`${r.status}, ${r.steps.length} steps` + (r.rating ? `, rating ${r.rating.score} ${r.rating.level}` : ""));
}

async function step(delta) {
  if (!state.explanation) { await explain(); return; }
  const last = state.explanation.steps.length;
  await showStep(Math.min(last, Math.max(0, state.at + delta)));
}

async function rate() {
  const r = await api("rate", settings());
  say(r.score !== undefined
    ? `rating ${r.score.toFixed(1)} ${r.level}: hardest ${r.hardest}, ${r.guesses} guesses, ${r.steps} steps`
    : r.status === "unknown" ? `unknown (stopped: ${r.reason})` : `not rated: ${r.status}`);
}

async function methods() {
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

// The box shape a size gets when nothing says otherwise (sudoku.grid.default_box).
function defaultBox(n) {
  let r = Math.floor(Math.sqrt(n));
  while (n % r) r -= 1;
  return [r, n / r];
}

// A puzzle the page was given (generated, or listed from a file) as text that reads back
// as it was read: the directive lines it needs, then its line.  Its settings travel in
// its text, so they never apply to a puzzle typed or uploaded afterwards.
function readable(p) {
  const lines = [];
  if (p.regions) {
    lines.push(`# regions: ${p.regions}`);
  } else {
    if (p.variant !== "standard") lines.push(`# variant: ${p.variant}`);
    const [rows, cols] = defaultBox(p.size);
    if (p.box[0] !== rows || p.box[1] !== cols) lines.push(`# box: ${p.box.join("x")}`);
  }
  return [...lines, p.puzzle].join("\n");
}

// The Variant, Box and Regions fields hold what the person set for the next read; a
// loaded puzzle brings its own, in its text, and leaves them empty.
function load(p) {
  $("puzzle").value = readable(p);
  for (const key of ["variant", "box", "regions"]) $(key).value = "";
  state.values = null;
  state.explanation = null;
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
  load(r);
  say(`made: seed ${r.seed}, ${r.clues} clues` + (r.rating ? `, rating ${r.rating.score} ${r.rating.level}` : ""));
  await redraw();
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
      clearExtras();
      load(entry);
      say(`puzzle ${entry.index + 1}: ${entry.status}`);
      await redraw();
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
  const rows = $("puzzles").querySelector("tbody");
  rows.replaceChildren(...r.puzzles.map(listed));
  $("list").hidden = false;
  say(`${file.name}: ${r.puzzles.length} puzzles` + (r.more ? " (more not listed)" : ""));
  const first = r.puzzles.find((p) => p.status !== "invalid");
  if (first) rows.children[r.puzzles.indexOf(first)].click();
}

function options(select, names) {
  for (const name of names) select.add(new Option(name, name));
}

async function start() {
  const info = await (await fetch("/api/info")).json();
  $("version").textContent = `numba-dlx ${info.version}`;
  options($("variant"), info.variants);
  options($("gen-variant"), info.variants);
  options($("gen-symmetry"), info.symmetries);
  options($("gen-difficulty"), info.difficulties);
  const clicks = { solve, check, hint, explain, rate, methods, generate,
    prev: () => step(-1), next: () => step(1) };
  for (const [id, action] of Object.entries(clicks)) {
    $(id).addEventListener("click", () => run(action));
  }
  $("marks").addEventListener("change", () => run(redraw));
  $("file").addEventListener("change", () => run(upload));
  let timer = null;
  const edited = () => {
    state.values = null;
    state.explanation = null;
    const version = ++state.version;
    say("");
    clearTimeout(timer);
    timer = setTimeout(() => redraw(version).catch((error) => say(error.message, true)), 250);
  };
  for (const id of ["puzzle", "variant", "box", "regions"]) $(id).addEventListener("input", edited);
  document.body.dataset.ready = "true";
}

run(start);
