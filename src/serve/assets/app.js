// The page of `rulebook serve`: plain JavaScript, no build step, talking to the JSON API
// (docs/web.md). The session's id is the page's fragment (#id), so each tab plays its
// own game and a reload finds it again.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const LEVELS = ["easy", "medium", "strong"];

let offer = { games: [], start: null };
let state = null;      // the session's state, as the API sends it
let prefix = [];       // the sites clicked so far of a move in parts
let busy = false;      // a request is on its way
let hinted = [];       // the sites of the move a hint suggests
let thinking = null;   // what the computer is searching for: "move" or "hint"
let viewing = null;    // an earlier position looked back at (the state after its move)

// The position the board shows: the game's, or the earlier one looked back at.
const seen = () => viewing || state;
const seats = {};      // player -> level, for the players the computer takes

function showError(e) { $("error").textContent = e ? String(e.message || e) : ""; }

async function request(fn) {
  if (busy) return;
  busy = true;
  document.body.classList.add("busy");
  showError(null);
  try { await fn(); } catch (e) { showError(e); }
  busy = false;
  document.body.classList.remove("busy");
}

// The chooser of a new game.
function fillGames() {
  const select = $("game");
  select.innerHTML = "";
  for (const g of offer.games) {
    const o = new Option(g.title + (g.title.toLowerCase() === g.name ? "" : ` (${g.name})`), g.name);
    select.add(o);
  }
  if (state) select.value = state.spec.game;
  else if (offer.start) select.value = offer.start;
  fillSettings();
}

function chosenGame() { return offer.games.find((g) => g.name === $("game").value); }

function fillSettings() {
  const g = chosenGame();
  const preset = $("preset");
  preset.innerHTML = "";
  preset.add(new Option("(the game's own)", ""));
  for (const p of (g ? g.presets : [])) preset.add(new Option(p.name + (p.default ? " (default)" : ""), p.name));
  const box = $("settings");
  box.innerHTML = "";
  for (const s of (g ? g.settings : [])) {
    const label = document.createElement("label");
    label.textContent = s.name + " ";
    let input;
    if (s.choices) {
      input = document.createElement("select");
      input.add(new Option("(default)", ""));
      for (const c of s.choices) input.add(new Option(c, c));
    } else {
      input = document.createElement("input");
      input.type = "number"; input.min = s.min; input.max = s.max; input.placeholder = s.default;
    }
    input.dataset.setting = s.name;
    label.append(input);
    box.append(label);
  }
  showDefaults();
}

// Each setting left empty shows the value it will take: the chosen preset's (the default
// preset's when none is chosen), else the setting's own default.
function showDefaults() {
  const g = chosenGame();
  if (!g) return;
  const chosen = $("preset").value;
  const preset = g.presets.find((p) => (chosen ? p.name === chosen : p.default));
  const sets = preset ? preset.sets : {};
  for (const input of $("settings").querySelectorAll("[data-setting]")) {
    const s = g.settings.find((x) => x.name === input.dataset.setting);
    const value = sets[s.name] ?? s.default;
    if (s.choices) input.options[0].text = `(default: ${value})`;
    else input.placeholder = value;
  }
}

async function newGame(event) {
  event.preventDefault();
  const set = {};
  for (const input of $("settings").querySelectorAll("[data-setting]")) {
    if (input.value !== "") set[input.dataset.setting] = input.value;
  }
  const body = { game: $("game").value, set };
  if ($("preset").value) body.preset = $("preset").value;
  await request(async () => {
    const s = await api("POST", "/api/sessions", body);
    $("new").open = false;
    for (const k of Object.keys(seats)) delete seats[k];
    show(s, true);
  });
}

// The board: the renderer's picture, with a round spot over each site to click. The spots
// are also reached from the keyboard: one of them is in the tab order (the one focused
// last), the arrow keys move the focus to the nearest site that way, Enter or Space
// clicks it.
let focusSite = null;  // the site that has (or last had) the keyboard's focus

function drawBoard() {
  const box = $("board");
  const hadFocus = box.contains(document.activeElement);
  box.innerHTML = seen().svg;
  const svg = box.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "the board: arrow keys move between sites, Enter or Space clicks");
  const spots = seen().spots;
  if (!spots.some((s) => s.site === focusSite)) focusSite = spots.length ? spots[0].site : null;
  for (const s of spots) {
    const c = document.createElementNS(SVG, "circle");
    c.setAttribute("cx", s.x); c.setAttribute("cy", s.y); c.setAttribute("r", s.r);
    c.setAttribute("class", "spot");
    c.setAttribute("role", "button");
    c.setAttribute("tabindex", s.site === focusSite ? "0" : "-1");
    c.dataset.site = s.site;
    c.addEventListener("click", () => click(s.site));
    c.addEventListener("focus", () => rove(s.site));
    c.addEventListener("keydown", (e) => siteKey(e, s));
    const title = document.createElementNS(SVG, "title");
    title.textContent = s.site;
    c.append(title);
    svg.append(c);
  }
  mark();
  if (hadFocus && focusSite) spotOf(focusSite).focus();
}

const spotOf = (site) => $("board").querySelector(`.spot[data-site="${CSS.escape(site)}"]`);

// The site in the tab order becomes the one focused.
function rove(site) {
  focusSite = site;
  for (const c of $("board").querySelectorAll(".spot")) c.setAttribute("tabindex", c.dataset.site === site ? "0" : "-1");
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The nearest site from `from` in a direction: ahead of it, the straightest and closest.
function nearest(from, [dx, dy]) {
  let best = null, score = Infinity;
  for (const s of seen().spots) {
    const ahead = (s.x - from.x) * dx + (s.y - from.y) * dy;
    const aside = Math.abs((s.x - from.x) * dy - (s.y - from.y) * dx);
    if (ahead < from.r * 0.5 || aside > ahead * 1.5) continue;
    const d = ahead + 2 * aside;
    if (d < score) { score = d; best = s; }
  }
  return best;
}

function siteKey(e, s) {
  if (ARROWS[e.key]) {
    e.preventDefault();
    const to = nearest(s, ARROWS[e.key]);
    if (to) spotOf(to.site).focus();
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    click(s.site);
  }
}

const startsWith = (sites, p) => p.length <= sites.length && p.every((s, i) => sites[i] === s);

// The moves still possible after the sites clicked so far.
function candidates(p) {
  return state.choices.filter((c) => c.sites.length > 0 && startsWith(c.sites, p));
}

// Marks the sites: those a move may start from (or go on to), the ones clicked, the
// pieces the last move took, the hint's.
function mark() {
  const live = viewing ? [] : candidates(prefix);
  const next = new Set(live.filter((c) => c.sites.length > prefix.length).map((c) => c.sites[prefix.length]));
  const last = seen().last;
  const taken = new Set(last ? last.taken : []);
  const mine = !viewing && !computerToMove();
  // Where nearly every point takes a piece (a big board of placements), ringing them all hides the
  // board: the sites are then shown only under the pointer.
  const crowded = prefix.length === 0 && next.size > 40;
  for (const c of $("board").querySelectorAll(".spot")) {
    const site = c.dataset.site;
    const cls = ["spot"];
    if (prefix.includes(site)) cls.push("sel");
    else if (mine && next.has(site)) cls.push(prefix.length ? "next" : crowded ? "open" : "can");
    if (taken.has(site)) cls.push("taken");
    if (hinted.includes(site)) cls.push("hinted");
    c.setAttribute("class", cls.join(" "));
    const says = [site];
    if (prefix.includes(site)) says.push("chosen");
    else if (mine && next.has(site)) says.push(prefix.length ? "the move may go on here" : "a move starts here");
    if (taken.has(site)) says.push(viewing ? `taken by move ${viewing.ply}` : "taken by the last move");
    if (hinted.includes(site)) says.push("the hint's move");
    c.setAttribute("aria-label", says[0] + (says.length > 1 ? ": " + says.slice(1).join(", ") : ""));
  }
  showParts(live);
}

// Under the board: the sites clicked, a way back, and the moves to choose between where
// the clicks alone do not decide (a tile's turn, a chain that may stop here), and the
// moves no site makes (pass).
function showParts(live) {
  $("parts-text").textContent = prefix.length ? "move: " + prefix.join(" → ") : "";
  $("back").hidden = prefix.length === 0;
  const box = $("choices");
  box.innerHTML = "";
  const done = live.filter((c) => c.sites.length === prefix.length);
  const offered = prefix.length ? done : state.choices.filter((c) => c.sites.length === 0);
  if (viewing || computerToMove()) return;
  if (state.dice && state.dice.due && !state.over) {
    const b = document.createElement("button");
    b.type = "button";
    b.id = "throw";
    b.textContent = "Throw the dice";
    b.className = "choice";
    b.addEventListener("click", throwDice);
    box.append(b);
  }
  for (const c of offered) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = c.text;
    if (c.tile) b.insertAdjacentHTML("afterbegin", c.tile + " ");
    b.title = c.text;
    b.className = "choice";
    b.addEventListener("click", () => playText(c.text));
    box.append(b);
  }
}

function click(site) {
  if (busy || !state || viewing || state.over || computerToMove()) return;
  let p = prefix.concat([site]);
  if (candidates(p).length === 0) p = candidates([site]).length ? [site] : [];
  prefix = p;
  if (p.length === 0) { mark(); return; }
  const live = candidates(p);
  const done = live.filter((c) => c.sites.length === p.length);
  if (done.length === 1 && live.length === 1) { playText(done[0].text); return; }
  mark();
}

function back() { prefix.pop(); mark(); }

async function playText(text) {
  await request(async () => {
    show(await api("POST", `/api/sessions/${state.id}/play`, { move: text }), true);
    $("move").value = "";
  });
}

// The dice thrown by the server for a person to move (a throw is not chosen).
async function throwDice() {
  await request(async () => show(await api("POST", `/api/sessions/${state.id}/throw`), true));
}

// Who is to move and how the game stands: in the position looked back at, if one is.
function showStatus() {
  const s = seen();
  const st = $("status");
  st.className = s.over ? "over" : "";
  if (s.over) {
    const worth = s.points > 1 ? ` ${s.points} points` : "";
    const who = s.draw ? "A draw" : s.winner ? `${s.winner} wins${worth}` : "The game is over";
    st.textContent = `${who}${s.reason ? ": " + s.reason : ""}`;
  } else {
    const dice = !s.dice ? "" : s.dice.due ? ", to throw the dice" :
      s.dice.left.length ? `, to play ${s.dice.left.join(" and ")}` : `, threw ${s.dice.thrown}`;
    // The opening roll is nobody's throw: one die each, the higher starts.
    const who = s.dice && s.dice.opening ? "The opening roll: one die each, the higher starts" : `${s.to_move} to move${dice}`;
    st.textContent = who + (!viewing && (thinking || computerToMove()) ? " (the computer is thinking…)" : "");
  }
  const rows = $("players");
  rows.innerHTML = "";
  for (const p of s.players) {
    const tr = rows.insertRow();
    if (!s.over && p === s.to_move) tr.className = "to-move";
    const facts = [];
    if (s.pieces) facts.push(`${s.pieces[p]} on the board`);
    if (s.scores) facts.push(`score ${s.scores[p]}`);
    if (s.board.stores) facts.push(`store ${s.board.stores[p]}`);
    if (s.hands) {
      const h = s.hands[p];
      // The kinds a player holds (not the many it may hold none of).
      const held = Array.isArray(h) ? [] : Object.entries(h).filter(([, n]) => n > 0);
      facts.push(Array.isArray(h) ? `${h.length} tiles in hand` :
        held.length ? "in hand: " + held.map(([k, n]) => `${n} ${k}`).join(", ") : "nothing in hand");
    }
    tr.insertCell().textContent = p;
    tr.insertCell().textContent = facts.join(" · ");
  }
  const last = s.last;
  $("last").textContent = last ? `last: ${last.by ?? "opening"} ${last.move}${last.effects ? " (" + last.effects + ")" : ""}` : "";
}

// The moves played, each a button that looks back at the position after it.
function showMoves() {
  const list = $("moves");
  list.innerHTML = "";
  state.played.forEach((m, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ply";
    b.dataset.ply = i + 1;
    b.setAttribute("aria-pressed", viewing && viewing.ply === i + 1 ? "true" : "false");
    const n = document.createElement("i");
    n.textContent = `${i + 1}.`;
    b.append(n, " " + m);
    b.addEventListener("click", () => lookBack(i + 1));
    list.append(b);
  });
  if (!viewing) list.scrollTop = list.scrollHeight;
  $("undo").disabled = state.played.length === 0;
  $("redo").disabled = state.redo === 0;
  $("hint").disabled = state.over || !!(state.dice && state.dice.due);
  $("computer").disabled = state.over;
}

// Looking back: the board after the move `ply`, what that move took marked as the last
// move's is; the game's own position at its last move.
async function lookBack(ply) {
  if (ply >= state.played.length) { backToGame(); return; }
  await request(async () => {
    viewing = await api("GET", `/api/sessions/${state.id}/at?ply=${ply}`);
    prefix = [];
    const l = viewing.last;
    $("looking-text").textContent = `looking back at move ${ply}: ${l.by} ${l.move}` + (l.effects ? ` (${l.effects})` : "");
    $("looking").hidden = false;
    drawBoard();
    showStatus();
    showMoves();
  });
}

function backToGame() {
  if (!viewing) return;
  viewing = null;
  $("looking").hidden = true;
  drawBoard();
  showStatus();
  showMoves();
}

// The computer's seats: a level, or a person, for each player.
function showSeats() {
  const box = $("seats");
  box.innerHTML = "";
  for (const p of state.players) {
    const label = document.createElement("label");
    label.textContent = `${p}: `;
    const select = document.createElement("select");
    select.add(new Option("a person", ""));
    for (const l of LEVELS) select.add(new Option(`the computer (${l})`, l));
    select.value = seats[p] || "";
    select.dataset.player = p;
    select.addEventListener("change", () => {
      if (select.value) seats[p] = select.value; else delete seats[p];
      saveSeats();
      showStatus(); mark();
      computerTurn();
    });
    label.append(select);
    box.append(label);
  }
}

function saveSeats() { sessionStorage.setItem("seats:" + state.id, JSON.stringify(seats)); }

function loadSeats(id) {
  for (const k of Object.keys(seats)) delete seats[k];
  try { Object.assign(seats, JSON.parse(sessionStorage.getItem("seats:" + id) || "{}")); } catch (e) { /* none */ }
}

function computerToMove() { return !!(state && !state.over && seats[state.to_move]); }

// Shows a state; `moved`: after a move or a new game, when the computer may be to play.
function show(s, moved) {
  const fresh = !state || state.id !== s.id;
  state = s;
  viewing = null;
  $("looking").hidden = true;
  prefix = [];
  hinted = [];
  $("hint-text").textContent = "";
  if (fresh) { loadSeats(s.id); showSeats(); }
  if (location.hash !== "#" + s.id) history.replaceState(null, "", "#" + s.id);
  $("title").textContent = `rulebook: ${s.game}` + (s.preset ? ` (${s.preset})` : "");
  document.title = $("title").textContent;
  drawBoard();
  showStatus();
  showMoves();
  if (moved) setTimeout(computerTurn, 50);
}

// Runs a search of the computer's (its move, or a hint), the Stop button shown meanwhile.
async function think(what, fn) {
  thinking = what;
  $("stop").hidden = false;
  showStatus();
  try { await request(fn); } finally {
    thinking = null;
    $("stop").hidden = true;
    if (state) showStatus();
  }
}

// Stop: the search ends at once and plays nothing; a side the computer played is then a
// person's, so that it does not start again.
async function stopThinking() {
  if (!thinking || !state) return;
  try { await api("POST", `/api/sessions/${state.id}/stop`); } catch (e) { showError(e); }
}

function stopped(s) {
  const who = s.to_move;
  if (seats[who]) { delete seats[who]; saveSeats(); showSeats(); }
  show(s, false);
  $("hint-text").textContent = `stopped: the computer played nothing; ${who} is played by a person`;
}

async function computerTurn(force) {
  if (busy || !state || state.over || (!force && !computerToMove())) return;
  const level = seats[state.to_move] || "easy";
  await think("move", async () => {
    const s = await api("POST", `/api/sessions/${state.id}/computer`, { level });
    if (s.stopped) stopped(s); else show(s, false);
  });
  if (computerToMove()) setTimeout(computerTurn, 300);
}

async function hint() {
  await think("hint", async () => {
    const h = await api("GET", `/api/sessions/${state.id}/hint?level=medium`);
    $("hint-text").innerHTML = "";
    if (h.stopped) { $("hint-text").textContent = "stopped: no hint"; return; }
    const title = document.createElement("div");
    title.textContent = `hint: ${h.move}`;
    $("hint-text").append(title);
    for (const m of h.moves) {
      const d = document.createElement("div");
      d.textContent = `${m.move}: ${m.judgement}`;
      $("hint-text").append(d);
    }
    const c = state.choices.find((c) => c.text === h.move);
    hinted = c ? c.sites : [];
    mark();
  });
}

async function undoOrRedo(which) {
  await request(async () => {
    let s = await api("POST", `/api/sessions/${state.id}/${which}`);
    // Against the computer, back to (or on to) a position where a person is to move.
    const person = state.players.some((p) => !seats[p]);
    while (person && !s.over && seats[s.to_move] && (which === "undo" ? s.played.length > 0 : s.redo > 0)) {
      s = await api("POST", `/api/sessions/${state.id}/${which}`);
    }
    show(s, false);
  });
}

async function save() {
  await request(async () => {
    const r = await fetch(`/api/sessions/${state.id}/record`);
    if (!r.ok) throw new Error((await r.json()).error);
    const url = URL.createObjectURL(new Blob([await r.text()], { type: "application/yaml" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `${state.spec.game.replace(/.*\//, "").replace(/\.game$/, "")}.yaml`;
    a.click();
    URL.revokeObjectURL(url);
  });
}

async function load() {
  const file = $("load").files[0];
  if (!file) return;
  const record = await file.text();
  await request(async () => {
    show(await api("POST", "/api/records", { record }), false);
    $("new").open = false;
  });
  $("load").value = "";
}

async function init() {
  $("game").addEventListener("change", fillSettings);
  $("preset").addEventListener("change", showDefaults);
  $("new-form").addEventListener("submit", newGame);
  $("load").addEventListener("change", load);
  $("back").addEventListener("click", back);
  $("move-form").addEventListener("submit", (e) => { e.preventDefault(); if ($("move").value.trim()) playText($("move").value.trim()); });
  $("undo").addEventListener("click", () => undoOrRedo("undo"));
  $("redo").addEventListener("click", () => undoOrRedo("redo"));
  $("hint").addEventListener("click", hint);
  $("computer").addEventListener("click", () => computerTurn(true));
  $("save").addEventListener("click", save);
  $("stop").addEventListener("click", stopThinking);
  $("back-to-game").addEventListener("click", backToGame);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (prefix.length) { prefix = []; mark(); } else backToGame();
  });
  try {
    offer = await api("GET", "/api/games");
    const id = location.hash.slice(1);
    let s = null;
    if (id) { try { s = await api("GET", `/api/sessions/${id}`); } catch (e) { s = null; } }
    if (!s) s = await api("POST", "/api/sessions", { game: offer.start || offer.games[0].name });
    show(s, false);
    fillGames();
  } catch (e) { showError(e); }
}

window.addEventListener("hashchange", async () => {
  const id = location.hash.slice(1);
  if (state && id && id !== state.id) {
    await request(async () => show(await api("GET", `/api/sessions/${id}`), false));
  }
});

init();
