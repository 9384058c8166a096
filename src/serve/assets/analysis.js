// The analysis page of `rulebook serve`: `rulebook analyze` or `rulebook match` run by the
// server on request (docs/web.md), followed as its games end, stopped on request, and its
// report shown with charts (the server's for an analysis, drawn here for a match). The
// run's id is in the address (`?run=ID`), so a reload finds it again; a page closed tells
// the server it left (the run is then stopped unless a reload asks after it at once).
// `api()` is in api.js.
"use strict";

const $ = (id) => document.getElementById(id);
let offer = { games: [] };
let run = null;   // the run followed: its status as the API sends it
// This page's token: the server does not take a late poll of a page that said it left
// for its coming back. A new one when the browser restores the page from its cache: then
// it is back.
const token = () => Math.random().toString(36).slice(2);
let page = token();
// The number of the polling loop under way: a loop whose number is past polls no more.
// The page that left stops its loop at once (a page kept in the browser's cache may still
// run a few timers), and a page restored from the cache starts a new one.
let loop = 0;

function fillPresets() {
  const g = offer.games.find((x) => x.name === $("game").value);
  $("preset").innerHTML = "";
  $("preset").add(new Option("(the game's own)", ""));
  $("vs-preset").innerHTML = "";
  $("vs-preset").add(new Option("(no comparison)", "-"));
  $("vs-preset").add(new Option("(the game's own)", ""));
  for (const p of (g ? g.presets : [])) {
    const name = p.name + (p.default ? " (default)" : "");
    $("preset").add(new Option(name, p.name));
    $("vs-preset").add(new Option(name, p.name));
  }
}

// The variant compared (`vs`) as the form gives it: none, or its preset and settings
// (`key=value` words); throws on a word that is not `key=value`.
function variant() {
  const preset = $("vs-preset").value, text = $("vs-set").value.trim();
  if ($("kind").value === "match" || (preset === "-" && !text)) return undefined;
  const set = {};
  for (const word of text ? text.split(/[\s,]+/) : []) {
    const at = word.indexOf("=");
    if (at < 1) throw new Error(`variant settings: \`${word}\` is not key=value`);
    set[word.slice(0, at)] = word.slice(at + 1);
  }
  const vs = { set };
  if (preset !== "-" && preset) vs.preset = preset;
  return vs;
}

// A number field's value: a number, or the text itself for the server to refuse; none if
// empty.
function number(id) {
  const text = $(id).value.trim();
  if (!text) return undefined;
  return Number.isFinite(Number(text)) ? Number(text) : text;
}

async function start(event) {
  event.preventDefault();
  $("error").textContent = "";
  $("result").innerHTML = "";
  const body = { game: $("game").value, kind: $("kind").value, players: $("players").value, games: number("games") };
  if ($("preset").value) body.preset = $("preset").value;
  for (const [key, id] of [["seed", "seed"], ["max_plies", "max-plies"]]) {
    if (number(id) !== undefined) body[key] = number(id);
  }
  try {
    const vs = variant();
    if (vs) body.vs = vs;
    run = await api("POST", "/api/analyses", body);
  } catch (e) { $("error").textContent = e.message; return; }
  history.replaceState(null, "", `/analysis?run=${encodeURIComponent(run.id)}`);
  follow();
}

async function follow(mine = loop) {
  if (mine !== loop) return;
  let now;
  try { now = await api("GET", `/api/analyses/${run.id}?page=${page}`); } catch (e) { $("error").textContent = e.message; return; }
  if (mine !== loop) return;
  run = now;
  $("run").disabled = run.running;
  $("stop").hidden = !run.running;
  $("progress").hidden = false;
  $("bar").value = run.done / run.total;
  $("progress-text").textContent = `${run.done} of ${run.total} games` + (run.running ? "" : " played") +
    (run.abandoned ? ` (stopped: ${run.abandoned})` : "");
  if (run.running) { setTimeout(() => follow(mine), 250); return; }
  $("result").innerHTML = "";
  if (run.error) $("error").textContent = run.error;
  else if (run.kind === "match") showMatch(run.report);
  else if (run.report.rows) showComparison(run.report);
  else showAnalysis(run.report);
}

// The form as a run asked for it (after a reload).
function fillForm(r) {
  $("game").value = r.game;
  fillPresets();
  $("preset").value = r.preset || "";
  $("kind").value = r.kind;
  $("players").value = r.players;
  $("games").value = r.games;
  $("seed").value = r.seed;
  $("max-plies").value = r.max_plies;
  $("vs-preset").value = r.vs ? r.vs.preset || "" : "-";
  $("vs-set").value = r.vs ? Object.entries(r.vs.set || {}).map(([k, v]) => `${k}=${v}`).join(" ") : "";
  $("vs-box").disabled = r.kind === "match";
}

const pct = (p) => `${(100 * p.rate).toFixed(1)}% [${(100 * p.low).toFixed(1)}, ${(100 * p.high).toFixed(1)}]`;

function element(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function table(rows, head) {
  const t = element("table");
  const h = t.createTHead().insertRow();
  for (const x of head) h.append(element("th", x));
  for (const row of rows) {
    const tr = t.insertRow();
    for (const x of row) tr.insertCell().textContent = x;
  }
  return t;
}

const games = (n) => `${n} game${n === 1 ? "" : "s"}`;

function heading(r) {
  return element("p", `${r.game}: ${games(r.games)}` + (r.interrupted ? ` of ${r.games_asked} asked (stopped)` : "") + `, seed ${r.seed}, cap ${r.max_plies} plies`, "summary");
}

function chart(svg, name) {
  const box = element("figure", undefined, "chart");
  box.dataset.chart = name;
  box.innerHTML = svg;
  return box;
}

function showAnalysis(r) {
  const out = $("result");
  out.append(heading(r));
  if (r.note) out.append(element("p", r.note, "note"));
  const rows = r.seats.map((s) => [`${s.player} (${s.agent}) wins`, s.wins.count, pct(s.wins)]);
  rows.push(["draws", r.draws.count, pct(r.draws)], ["unfinished", r.unfinished.count, pct(r.unfinished)]);
  out.append(element("h2", "Results by seat (95% intervals)"), table(rows, ["", "games", "share"]));
  out.append(element("p", `first player wins ${pct(r.first_player)} of the ${r.first_player.of} won games`));
  out.append(chart(r.charts.wins, "wins"));
  const l = r.length;
  out.append(element("h2", "Game length (plies)"),
    element("p", `mean ${l.mean.toFixed(1)}, median ${l.median}, min ${l.min}, p10 ${l.p10}, p90 ${l.p90}, max ${l.max}`),
    chart(r.charts.length, "length"));
  out.append(element("h2", "How the games ended"),
    table(r.endings.map((e) => [e.rule ? `${e.rule}. ${e.name}` : e.name, e.games.count, pct(e.games)]), ["end rule", "games", "share"]));
  out.append(element("h2", "Branching"), element("p", `legal moves per ply: mean ${r.branching.mean.toFixed(2)}`), chart(r.charts.branching, "branching"));
}

// Two variants compared (`analyze --vs`): both headings, the figures side by side with
// their difference and whether it is significant, the charts of both.
function showComparison(c) {
  const out = $("result");
  out.append(element("h2", "A"), heading(c.a), element("h2", "B"), heading(c.b));
  if (c.note) out.append(element("p", c.note));
  const share = (row) => row.z !== null && !/mean|per game/.test(row.figure);
  const shown = (row, v) => (share(row) ? `${(100 * v).toFixed(1)}%` : v.toFixed(2));
  const rows = c.rows.map((r) => [r.figure, shown(r, r.a), shown(r, r.b),
    (r.difference > 0 ? "+" : "") + shown(r, r.difference),
    r.significant === null ? "" : r.significant ? "yes" : "no"]);
  out.append(element("h2", "B against A"), table(rows, ["", "A", "B", "B − A", "significant (5%)"]));
  out.append(chart(c.charts.wins, "wins"), chart(c.charts.length, "length"), chart(c.charts.branching, "branching"));
}

const SVGNS = "http://www.w3.org/2000/svg";

function svgOf(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The Elo difference on an axis, its 95% interval as a bar (an infinite end drawn to the
// axis's end with an arrow), and the wins, draws and losses as one bar below.
function eloChart(m) {
  const [a, b] = m.players;
  const e = m.elo;
  const finite = [e.elo, e.low, e.high].filter((v) => v !== null && Number.isFinite(v));
  const reach = Math.max(100, ...finite.map(Math.abs));
  const span = Math.ceil(reach / 100) * 100;
  const W = 640, H = 200, L = 40, R = 600;
  const x = (v) => (v === null ? null : L + ((Math.max(-span, Math.min(span, v)) + span) / (2 * span)) * (R - L));
  const svg = svgOf("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": `Elo difference ${a} - ${b} with its 95% interval` });
  svg.append(svgOf("text", { x: W / 2, y: 20, "text-anchor": "middle", "font-size": 15 }, `Elo difference ${a} − ${b} (95% interval)`));
  svg.append(svgOf("line", { x1: L, y1: 90, x2: R, y2: 90, stroke: "#555" }));
  for (let v = -span; v <= span; v += span / 4) {
    svg.append(svgOf("line", { x1: x(v), y1: 86, x2: x(v), y2: 94, stroke: "#555" }));
    svg.append(svgOf("text", { x: x(v), y: 110, "text-anchor": "middle", "font-size": 11 }, v > 0 ? `+${v}` : `${v}`));
  }
  const low = e.low === null ? (e.score > 0.5 ? e.elo : -span) : e.low;
  const high = e.high === null ? (e.score < 0.5 ? e.elo : span) : e.high;
  svg.append(svgOf("rect", { x: x(low), y: 62, width: Math.max(2, x(high) - x(low)), height: 14, fill: "#1f77b455", stroke: "#1f77b4", class: "interval" }));
  if (e.elo !== null) svg.append(svgOf("circle", { cx: x(e.elo), cy: 69, r: 6, fill: "#1f77b4", class: "point" }));
  const shown = (v) => (v === null ? (v === e.low ? "−∞" : "+∞") : (v > 0 ? "+" : "") + Math.round(v));
  svg.append(svgOf("text", { x: W / 2, y: 50, "text-anchor": "middle", "font-size": 13, class: "value" }, `${shown(e.elo)} [${shown(e.low)}, ${shown(e.high)}]`));
  const drawn = m.draws + m.unfinished;
  const n = m.wins + drawn + m.losses || 1;
  let at = L;
  for (const [count, colour, label] of [[m.wins, "#2e8b57", `${a} wins ${m.wins}`], [drawn, "#aaa", `draws ${drawn}`], [m.losses, "#c0392b", `${b} wins ${m.losses}`]]) {
    const w = ((R - L) * count) / n;
    svg.append(svgOf("rect", { x: at, y: 140, width: w, height: 22, fill: colour }));
    if (count) svg.append(svgOf("text", { x: at + w / 2, y: 182, "text-anchor": "middle", "font-size": 12 }, label));
    at += w;
  }
  return svg;
}

function showMatch(m) {
  const out = $("result");
  const [a, b] = m.players;
  const seating = m.seats === 2 ? "seats alternated, each pair" : `${a} against ${m.seats - 1} ${b} in turn in every seat, each round`;
  out.append(element("p", `${m.game}: ${games(m.games)}` + (m.interrupted ? ` of ${m.games_asked} asked (stopped)` : "") +
    `, ${seating} from the same random opening of ${m.open} plies`, "summary"));
  const bySeat = m.seats === 2 ? `${m.wins_by_seat[0]} moving first, ${m.wins_by_seat[1]} moving second` : `by seat ${m.wins_by_seat.join(", ")}`;
  out.append(table([
    [`${a} wins`, m.wins, bySeat],
    ["draws", m.draws, m.unfinished ? `${m.unfinished} unfinished, counted as draws` : ""],
    [`${b} wins`, m.losses, ""],
  ], ["", "games", ""]));
  const percent = (v) => `${(100 * v).toFixed(1)}%`;
  if (m.elo === null) {
    const s = m.win_share;
    out.append(element("p", `${a} won ${percent(s.rate)} of the games [${percent(s.low)}, ${percent(s.high)}] (95%), where a player as strong as the others would win ${percent(m.even_share)}`));
    return;
  }
  out.append(element("p", `score of ${a}: ${percent(m.elo.score)}`));
  const fig = element("figure", undefined, "chart");
  fig.dataset.chart = "elo";
  fig.append(eloChart(m));
  out.append(fig);
}

async function init() {
  $("game").addEventListener("change", fillPresets);
  $("kind").addEventListener("change", () => {
    $("players").value = $("kind").value === "match" ? "easy,random" : "random";
    $("vs-box").disabled = $("kind").value === "match";
  });
  $("ask").addEventListener("submit", start);
  $("stop").addEventListener("click", async () => {
    try { await api("POST", `/api/analyses/${run.id}/stop`); } catch (e) { $("error").textContent = e.message; }
  });
  // Closed or reloaded: the server stops the run unless this page, reloaded, asks after it.
  window.addEventListener("pagehide", () => {
    loop += 1;
    if (run && run.running) navigator.sendBeacon(`/api/analyses/${encodeURIComponent(run.id)}/leave?page=${page}`);
  });
  // Restored from the browser's cache: back, as a page of its own, to see how the run ended.
  window.addEventListener("pageshow", (e) => {
    if (!e.persisted || !run || !run.running) return;
    page = token();
    loop += 1;
    follow();
  });
  try {
    offer = await api("GET", "/api/games");
    for (const g of offer.games) $("game").add(new Option(g.title + (g.title.toLowerCase() === g.name ? "" : ` (${g.name})`), g.name));
    if (offer.start) $("game").value = offer.start;
    fillPresets();
  } catch (e) { $("error").textContent = e.message; return; }
  const id = new URLSearchParams(location.search).get("run");
  if (!id) return;
  try { run = await api("GET", `/api/analyses/${encodeURIComponent(id)}?page=${page}`); } catch (e) {
    $("error").textContent = `the run of this address is gone (the server keeps its last run only, until it stops): ${e.message}`;
    history.replaceState(null, "", "/analysis");
    return;
  }
  fillForm(run);
  follow();
}

init();
