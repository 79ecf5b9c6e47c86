// The analysis board: talks to `perfectplay serve`'s JSON API (docs/web.md)
// and draws what it answers. No framework, no eval, no innerHTML from data:
// every node is built with createElement and textContent, so a position's
// text can never become markup.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const kMaxLinkedPosition = 2000;  // characters of position text in a URL

// The board's state: the line of positions played so far (each with its
// analysis once known), the index shown, the game and its options.
const state = {
  games: [],
  game: null,
  options: {},
  line: [],  // [{position, analysis, move (the move that led here, null first)}]
  index: 0,
  mode: 'people',
  busy: 0,
  generation: 0,  // bumped by every new start; stale answers are dropped
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('data-')) node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = String(text);
  return node;
}

// ---------------------------------------------------------------- the API

async function api(path, body) {
  state.busy++;
  document.body.dataset.state = 'busy';
  try {
    const response = await fetch(path, body === undefined ? {} : {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) {
      const err = new Error(json.error || `HTTP ${response.status}`);
      err.status = response.status;
      throw err;
    }
    return json;
  } finally {
    state.busy--;
    if (state.busy === 0) document.body.dataset.state = 'ready';
  }
}

const request = (extra) => Object.assign({game: state.game.name, options: state.options}, extra);

function showError(message) {
  const box = $('error');
  box.textContent = message || '';
  box.hidden = !message;
}

// ---------------------------------------------------------------- values

// A value as the command line writes it: "win in 11", "loss", "-9", "*3".
function valueText(v) {
  if (!v) return '';
  switch (v.kind) {
    case 'win':
    case 'loss':
      return v.remoteness === undefined ? v.kind : `${v.kind} in ${v.remoteness}`;
    case 'score':
      return String(v.score);
    case 'nimber':
      return v.nimber === 0 ? '0' : `*${v.nimber}`;
    default:
      return v.kind;
  }
}

// What a move element's data-value says: win, loss, or the score.
function dataValue(v) {
  if (v.kind === 'score') return String(v.score);
  if (v.kind === 'nimber') return v.nimber === 0 ? 'loss' : 'win';
  return v.kind;
}

const sourceWords = {
  reference: 'exact, by exhaustive search',
  theory: 'exact, by the theory',
  heuristic: 'a heuristic, not proven',
};

// The colour of a move's value: green wins, red losses; scores on a scale
// from the mover's worst listed score (red) to their best (green).
function colourMoves(moves) {
  const scores = moves.filter((m) => m.value.kind === 'score').map((m) => m.value.score);
  if (scores.length === 0) return () => null;
  const best = moves.filter((m) => m.best && m.value.kind === 'score').map((m) => m.value.score);
  const hi = Math.max(...scores);
  const lo = Math.min(...scores);
  const maximizes = best.length === 0 || best[0] === hi;
  return (m) => {
    if (m.value.kind !== 'score') return null;
    const t = hi === lo ? 1 : (maximizes ? m.value.score - lo : hi - m.value.score) / (hi - lo);
    return `hsl(${Math.round(120 * t)}, 65%, 36%)`;
  };
}

// The value of a position for the side that moved first in this line (side
// 0), on a scale for the chart: +1 a win for side 0, -1 a loss, a score as
// itself. `ply` is the position's index in the line.
function chartValue(analysis, ply) {
  const v = analysis.value;
  const moverSide = sideToMove(analysis, ply);
  if (v.kind === 'score') return {y: v.score, scored: true};
  let win = null;
  if (v.kind === 'win') win = true;
  if (v.kind === 'loss') win = false;
  if (v.kind === 'nimber') win = v.nimber !== 0;
  if (win === null) return {y: 0, scored: false};
  return {y: (win === (moverSide === 0)) ? 1 : -1, scored: false};
}

// Which side is to move at ply `ply` of the line: 0 for the side to move at
// the line's start. Games that record the turn say so; for the others the
// sides alternate.
function sideToMove(analysis, ply) {
  const start = state.line[0] && state.line[0].analysis;
  if (analysis.to_move && start && start.to_move && start.to_move.index !== undefined &&
      state.game && !turnless(analysis)) {
    return analysis.to_move.index === start.to_move.index ? 0 : 1;
  }
  return ply % 2;
}

function turnless(analysis) {
  return !analysis.to_move || analysis.to_move.name === 'the player to move';
}

// ---------------------------------------------------------------- boards

// Each drawing reads the canonical position text (docs/games/<game>.md) and
// returns an SVG element, or null when it cannot (then the text is shown).
// `moves` maps a move's text to its listed entry, for clickable parts.
const drawings = {
  nim: drawRows('square'),
  octal: drawRows('pin'),
  binim: drawBinim,
  binim2: drawBinim,
  bacteria: drawBacteria,
  gridgame: drawGridgame,
  asymmetry: drawAsymmetry,
};

function numbers(line) {
  const words = line.trim().split(/\s+/).filter((w) => w !== '');
  if (!words.every((w) => /^-?\d+$/.test(w))) return null;
  return words;
}

function clickable(node, moveText, moves) {
  if (!moves.has(moveText)) return node;
  node.setAttribute('class', (node.getAttribute('class') || '') + ' playable');
  node.setAttribute('data-board-move', moveText);
  node.addEventListener('click', () => playMove(moveText));
  const title = svg('title', {}, `play ${moveText}: ${valueText(moves.get(moveText).value)}`);
  node.append(title);
  return node;
}

function drawRows(kind) {
  return (position, moves) => {
    const rows = numbers(position);
    if (rows === null || rows.length === 0 || rows.length > 200) return null;
    const cell = 22;
    const shown = 40;
    const width = 70 + cell * shown + 160;
    const root = svg('svg', {class: `board rows ${kind}`, viewBox: `0 0 ${width} ${rows.length * cell + 8}`,
                             width, height: rows.length * cell + 8, role: 'img'});
    rows.forEach((text, r) => {
      const y = 4 + r * cell;
      const exact = text.length <= 15 ? Number(text) : Infinity;
      root.append(svg('text', {x: 4, y: y + 16, class: 'label'}, `row ${r + 1}`));
      const drawn = Math.min(exact, shown);
      for (let j = 1; j <= drawn; j++) {
        const x = 64 + (j - 1) * cell;
        // Taking from square j on removes it and everything to its right.
        const take = exact - j + 1;
        const node = kind === 'pin'
          ? svg('rect', {x: x + 7, y: y + 1, width: 8, height: cell - 4, rx: 4, class: 'pin'})
          : svg('rect', {x: x + 1, y: y + 1, width: cell - 4, height: cell - 4, rx: 3, class: 'square'});
        root.append(kind === 'square' ? clickable(node, `${r + 1} ${take}`, moves) : node);
      }
      const more = exact > shown ? ` ... ${text} in all` : ` ${text}`;
      root.append(svg('text', {x: 68 + drawn * cell, y: y + 16, class: 'count'}, more));
    });
    return root;
  };
}

function drawBinim(position, moves) {
  const words = position.trim().split(/\s+/);
  if (words.length < 1 || !/^(Dee|Dum)$/.test(words[0])) return null;
  // An emptied stack is `-`: it keeps its place and number, drawn empty.
  const stacks = words.slice(1).map((s) => (s === '-' ? '' : s));
  if (!words.slice(1).every((s) => /^([01]+|-)$/.test(s)) || stacks.length > 60) return null;
  const cell = 22;
  const shown = 24;
  const tallest = Math.min(shown, Math.max(1, ...stacks.map((s) => s.length)));
  const width = Math.max(560, 20 + stacks.length * (cell + 14));
  const height = 60 + tallest * cell;
  const root = svg('svg', {class: 'board binim', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img'});
  root.append(svg('text', {x: 4, y: 14, class: 'label'},
                  `${words[0]} to move (Dee takes from stacks topped by 0, Dum by 1)`));
  stacks.forEach((s, i) => {
    const x = 10 + i * (cell + 14);
    root.append(svg('text', {x: x + 4, y: 34, class: 'label'}, i + 1));
    for (let k = 0; k < Math.min(s.length, shown); k++) {
      const y = 40 + k * cell;
      const node = svg('rect', {x, y, width: cell, height: cell - 2, rx: 3,
                                class: s[k] === '0' ? 'bit0' : 'bit1'});
      // Taking k + 1 from the top.
      root.append(clickable(node, `${i + 1} ${k + 1}`, moves));
      root.append(svg('text', {x: x + 7, y: y + 15, class: s[k] === '0' ? 'bit0-text' : 'bit1-text'}, s[k]));
    }
    if (s.length > shown) root.append(svg('text', {x, y: 40 + shown * cell + 12, class: 'count'}, `+${s.length - shown}`));
  });
  return root;
}

function gridLines(position) {
  return position.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

function drawBacteria(position, moves) {
  const lines = gridLines(position);
  const size = numbers(lines[0] || '');
  if (size === null || size.length !== 2) return null;
  const [rows, cols] = size.map(Number);
  if (rows * cols > 40000 || lines.length < rows + 1) return null;
  const grid = lines.slice(1, rows + 1);
  if (!grid.every((l) => l.length === cols && /^[.#HV]+$/.test(l))) return null;
  const mutated = lines[rows + 1] === 'mutated';
  const cell = Math.max(6, Math.min(28, Math.floor(640 / Math.max(rows, cols))));
  const width = Math.max(420, cols * cell + 2);
  const root = svg('svg', {class: 'board bacteria', viewBox: `0 0 ${width} ${rows * cell + 24}`,
                           width, height: rows * cell + 24, role: 'img'});
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ch = grid[r][c];
      const cls = {'.': 'empty', '#': 'radioactive', H: 'colony-h', V: 'colony-v'}[ch];
      const g = svg('g', {});
      g.append(svg('rect', {x: 1 + c * cell, y: 1 + r * cell, width: cell - 1, height: cell - 1, class: cls}));
      if (ch === 'H') g.append(svg('line', {x1: 1 + c * cell, x2: (c + 1) * cell, y1: 1 + (r + 0.5) * cell, y2: 1 + (r + 0.5) * cell, class: 'mark'}));
      if (ch === 'V') g.append(svg('line', {y1: 1 + r * cell, y2: (r + 1) * cell, x1: 1 + (c + 0.5) * cell, x2: 1 + (c + 0.5) * cell, class: 'mark'}));
      if (ch === '#' && cell >= 12) g.append(svg('circle', {cx: 1 + (c + 0.5) * cell, cy: 1 + (r + 0.5) * cell, r: cell / 5, class: 'mark'}));
      // A click on an empty cell plants an H colony, with the Shift key a V.
      if (ch === '.' && (moves.has(`${r + 1} ${c + 1} H`) || moves.has(`${r + 1} ${c + 1} V`))) {
        g.setAttribute('class', 'playable');
        g.setAttribute('data-board-move', `${r + 1} ${c + 1} H`);
        g.addEventListener('click', (e) => playMove(`${r + 1} ${c + 1} ${e.shiftKey ? 'V' : 'H'}`));
        g.append(svg('title', {}, `click: ${r + 1} ${c + 1} H, shift-click: ${r + 1} ${c + 1} V`));
      }
      root.append(g);
    }
  }
  root.append(svg('text', {x: 2, y: rows * cell + 18, class: 'label'},
                  mutated ? 'a colony mutated: the player to move has won' : 'blue: H colonies, green: V, yellow: radioactive'));
  return root;
}

function drawGridgame(position, moves) {
  const lines = gridLines(position);
  const n = Number(lines[0]);
  if (!/^\d+$/.test(lines[0] || '') || n < 1 || n > 60 || lines.length < n + 1) return null;
  const matrix = lines.slice(1, n + 1).map(numbers);
  if (!matrix.every((row) => row !== null && row.length === n)) return null;
  let played = [];
  if (lines[n + 1] !== undefined) {
    const m = /^moves:\s*(.*)$/.exec(lines[n + 1]);
    if (!m) return null;
    played = m[1].trim() === '' ? [] : numbers(m[1]);
    if (played === null) return null;
    played = played.map(Number);
  }
  const crossedRows = new Set();
  const crossedCols = new Set();
  const scored = new Set();
  let total = 0;
  for (let i = 0; i < played.length; i += 2) {
    crossedRows.add(played[i]);
    if (i + 1 < played.length) {
      crossedCols.add(played[i + 1]);
      scored.add(`${played[i]} ${played[i + 1]}`);
      total += Number(matrix[played[i] - 1][played[i + 1] - 1]);
    }
  }
  const waiting = played.length % 2 === 1 ? played[played.length - 1] : null;
  const cell = Math.max(18, Math.min(44, Math.floor(600 / n)));
  const off = 34;
  const width = Math.max(420, off + n * cell + 4);
  const height = off + n * cell + 28;
  const root = svg('svg', {class: 'board gridgame', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img'});
  for (let i = 1; i <= n; i++) {
    // Alice crosses rows, Bob columns: the headers are the moves.
    const rowHead = svg('text', {x: 4, y: off + (i - 0.5) * cell + 5, class: 'label' + (i === waiting ? ' waiting' : '')}, i);
    root.append(waiting === null ? clickable(rowHead, String(i), moves) : rowHead);
    const colHead = svg('text', {x: off + (i - 0.6) * cell, y: 20, class: 'label'}, i);
    root.append(waiting !== null ? clickable(colHead, String(i), moves) : colHead);
  }
  for (let r = 1; r <= n; r++) {
    for (let c = 1; c <= n; c++) {
      const x = off + (c - 1) * cell;
      const y = off + (r - 1) * cell;
      const crossed = crossedRows.has(r) || crossedCols.has(c);
      const cls = scored.has(`${r} ${c}`) ? 'scored' : r === waiting ? 'waiting' : crossed ? 'crossed' : 'open';
      root.append(svg('rect', {x, y, width: cell - 2, height: cell - 2, class: `cell ${cls}`}));
      if (cell >= 24) root.append(svg('text', {x: x + 3, y: y + cell / 2 + 4, class: 'value'}, matrix[r - 1][c - 1]));
    }
  }
  for (const r of crossedRows) {
    root.append(svg('line', {x1: off, x2: off + n * cell - 2, y1: off + (r - 0.5) * cell - 1, y2: off + (r - 0.5) * cell - 1, class: 'cross'}));
  }
  for (const c of crossedCols) {
    root.append(svg('line', {y1: off, y2: off + n * cell - 2, x1: off + (c - 0.5) * cell - 1, x2: off + (c - 0.5) * cell - 1, class: 'cross'}));
  }
  root.append(svg('text', {x: 4, y: height - 8, class: 'label'}, `Alice's total so far: ${total}` +
                  (waiting !== null ? ` (row ${waiting} awaits Bob's column)` : '')));
  return root;
}

function drawAsymmetry(position) {
  const lines = gridLines(position);
  const head = numbers(lines[0] || '');
  if (head === null || head.length !== 3) return null;
  const [n, m] = head.map(Number);
  if (n * m > 4000 || lines.length < n + 1) return null;
  const grid = lines.slice(1, n + 1).map(numbers);
  if (!grid.every((row) => row !== null && row.length === m)) return null;
  let marked = new Set();
  if (lines[n + 1] !== undefined) {
    const mm = /^marked:\s*(.*)$/.exec(lines[n + 1]);
    if (!mm) return null;
    const cols = mm[1].trim() === '' ? [] : numbers(mm[1]);
    if (cols === null) return null;
    marked = new Set(cols.map(Number));
  }
  const cell = Math.max(20, Math.min(40, Math.floor(720 / m)));
  const off = 40;
  const width = Math.max(600, off + m * cell + 8);
  const height = off + n * cell + 30;
  const root = svg('svg', {class: 'board asymmetry', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img'});
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let c = 1; c <= m; c++) {
    const pair = Math.min(c, m + 1 - c);  // column c mirrors column m + 1 - c
    const x = off + (c - 1) * cell;
    root.append(svg('text', {x: x + 4, y: 14, class: 'label'}, c + (marked.has(c) ? '*' : '')));
    root.append(svg('text', {x: x + 4, y: 30, class: 'pair'}, pair <= 26 ? letters[pair - 1] : pair));
    for (let r = 1; r <= n; r++) {
      const y = off + (r - 1) * cell;
      const mirror = grid[r - 1][m - c];
      const cls = marked.has(c) ? 'marked' : 'open';
      root.append(svg('rect', {x, y, width: cell - 2, height: cell - 2, class: `cell ${cls}` + (grid[r - 1][c - 1] === mirror ? ' same' : '')}));
      root.append(svg('text', {x: x + 3, y: y + cell / 2 + 4, class: 'value'}, grid[r - 1][c - 1]));
    }
  }
  if (m % 2 === 0) {
    const x = off + (m / 2) * cell - 1;
    root.append(svg('line', {x1: x, x2: x, y1: 20, y2: off + n * cell, class: 'mirror'}));
  }
  root.append(svg('text', {x: 4, y: height - 8, class: 'label'},
                  '* marked; same letter: a mirrored pair; outlined: equals its mirror'));
  return root;
}

function drawBoard(analysis) {
  const holder = $('position');
  holder.replaceChildren();
  holder.setAttribute('data-position', analysis.position);
  const moves = new Map(analysis.moves.map((m) => [m.move, m]));
  let drawing = null;
  try {
    const draw = drawings[state.game.name];
    drawing = draw ? draw(analysis.position, moves) : null;
  } catch (e) {
    drawing = null;
  }
  holder.append(drawing || el('pre', {class: 'position-text'}, analysis.position));
}

// ---------------------------------------------------------------- rendering

function current() {
  return state.line[state.index];
}

function render() {
  const entry = current();
  const a = entry && entry.analysis;
  $('undo').disabled = state.index === 0;
  $('redo').disabled = state.index + 1 >= state.line.length;
  if (!a) return;
  drawBoard(a);
  $('position-input').value = a.position;
  const over = a.to_move === null || a.moves.length === 0;
  const status = $('status');
  status.replaceChildren();
  status.append(el('span', {class: 'to-move'}, over ? 'the game is over'
                   : a.to_move.name === 'the player to move' ? 'to move:' : `${a.to_move.name} to move`));
  status.append(el('span', {class: `value ${a.value.kind}`, 'data-value': dataValue(a.value)},
                   valueText(a.value) || 'unknown'));
  status.append(el('span', {class: 'source'}, sourceWords[a.value.source] || a.value.source));
  if (a.best_move) status.append(el('span', {class: 'best'}, `best: ${a.best_move}`));

  const list = $('moves');
  list.replaceChildren();
  const colour = colourMoves(a.moves);
  for (const m of a.moves) {
    const button = el('button', {type: 'button', class: 'move-text'}, m.move);
    const value = el('span', {class: 'move-value'}, valueText(m.value));
    const c = colour(m);
    if (c) value.style.color = c;
    const item = el('li', {class: `move ${m.value.kind}${m.best ? ' best' : ''}`,
                           'data-move': m.move, 'data-value': dataValue(m.value)},
                    button, value,
                    el('span', {class: `source ${m.value.source}`, title: sourceWords[m.value.source] || ''},
                       m.value.source));
    if (m.best) item.append(el('span', {class: 'best-mark', title: 'a best move'}, '\u2605'));
    if (m.note) item.append(el('span', {class: 'note'}, m.note));
    button.addEventListener('click', () => playMove(m.move));
    list.append(item);
  }
  $('moves-count').textContent = `${a.moves_listed} listed of ${a.moves_total}`;
  $('moves-summary').textContent = a.moves_summary || '';

  const notes = $('notes');
  notes.replaceChildren(...a.notes.map((n) => el('li', {}, n)));
  notes.append(el('li', {class: 'source-line'},
                  `the position's value: ${sourceWords[a.value.source] || a.value.source}`));
  renderHistory();
  updateUrl();
  $('engine-move').disabled = over;
  // For tests and tools: whose turn it is on this board.
  const side = engineSide();
  document.body.dataset.turn = over ? 'over' : side === null ? 'people'
                             : sideToMove(a, state.index) === side ? 'engine' : 'you';
}

function renderHistory() {
  const list = $('history');
  list.replaceChildren();
  for (let i = 1; i < state.line.length; i++) {
    const e = state.line[i];
    const prev = state.line[i - 1].analysis;
    const listed = prev && prev.moves.find((m) => m.move === e.move);
    const mistake = listed && !listed.best;
    const item = el('li', {class: (i === state.index ? 'current ' : '') + (i > state.index ? 'future ' : '') + (mistake ? 'mistake' : ''),
                           'data-ply': String(i)},
                    el('span', {class: 'who'}, turnless(prev) ? `side ${sideToMove(prev, i - 1) + 1}`
                                                              : prev.to_move.name.split(' ')[0]), ' ',
                    el('span', {class: 'move-text'}, e.move), ' ',
                    el('span', {class: 'move-value'}, listed ? valueText(listed.value) : ''),
                    mistake ? el('span', {class: 'note'}, ' a mistake: it changes the value') : '');
    item.addEventListener('click', () => { state.index = i; render(); maybeEngine(); });
    list.append(item);
  }
  drawChart();
}

// The value after each ply, for side 1 (the side to move at the start):
// up is good for side 1. Red dots: a move that was not among the best.
function drawChart() {
  const box = $('chart');
  box.replaceChildren();
  const points = [];
  for (let i = 0; i < state.line.length; i++) {
    const a = state.line[i].analysis;
    if (!a) break;
    points.push(Object.assign(chartValue(a, i), {i}));
  }
  if (points.length === 0) return;
  const w = 480;
  const h = 140;
  const scored = points.some((p) => p.scored);
  const ys = points.map((p) => p.y);
  const hi = scored ? Math.max(...ys) : 1;
  const lo = scored ? Math.min(...ys) : -1;
  const span = hi === lo ? 1 : hi - lo;
  const step = points.length > 1 ? (w - 110) / (points.length - 1) : 0;
  const root = svg('svg', {class: 'chart', viewBox: `0 0 ${w} ${h}`, width: w, height: h, role: 'img'});
  const X = (i) => 90 + i * step;
  const Y = (y) => 10 + (hi - y) / span * (h - 40);
  root.append(svg('line', {x1: 90, x2: w - 10, y1: Y(0), y2: Y(0), class: 'axis'}));
  root.append(svg('text', {x: 2, y: 16, class: 'label'}, scored ? hi : 'side 1 wins'));
  root.append(svg('text', {x: 2, y: h - 26, class: 'label'}, scored ? lo : 'side 2 wins'));
  root.append(svg('polyline', {points: points.map((p) => `${X(p.i)},${Y(p.y)}`).join(' '), class: 'line'}));
  for (const p of points) {
    const prev = p.i > 0 ? state.line[p.i - 1].analysis : null;
    const listed = prev && prev.moves.find((m) => m.move === state.line[p.i].move);
    const mistake = listed && !listed.best;
    const dot = svg('circle', {cx: X(p.i), cy: Y(p.y), r: p.i === state.index ? 5 : 3.5,
                               class: mistake ? 'dot mistake' : 'dot'});
    dot.append(svg('title', {}, `ply ${p.i}: ${valueText(state.line[p.i].analysis.value)}` +
                               (mistake ? ` (side ${sideToMove(prev, p.i - 1) + 1}'s mistake)` : '')));
    root.append(dot);
  }
  root.append(svg('text', {x: 80, y: h - 6, class: 'label'}, 'ply 0'));
  root.append(svg('text', {x: w - 60, y: h - 6, class: 'label'}, `ply ${points.length - 1}`));
  box.append(root);
}

// ---------------------------------------------------------------- playing

async function analyze(position) {
  return api('/api/analyze', request({position}));
}

// Starts a new line from `position`.
async function start(position) {
  const generation = ++state.generation;
  showError('');
  try {
    const analysis = await analyze(position);
    if (generation !== state.generation) return;
    state.line = [{position: analysis.position, analysis, move: null}];
    state.index = 0;
    render();
    maybeEngine();
  } catch (e) {
    if (generation === state.generation) showError(e.message);
  }
}

async function playMove(move) {
  const entry = current();
  if (!entry || !entry.analysis || state.busy > 0) return;
  const generation = state.generation;
  showError('');
  try {
    const played = await api('/api/play', request({position: entry.analysis.position, move}));
    const analysis = await analyze(played.position);
    if (generation !== state.generation) return;
    state.line = state.line.slice(0, state.index + 1);
    state.line.push({position: analysis.position, analysis, move});
    state.index++;
    render();
    maybeEngine();
  } catch (e) {
    if (generation === state.generation) showError(e.message);
  }
}

function engineSide() {
  if (state.mode === 'engine-0') return 0;
  if (state.mode === 'engine-1') return 1;
  return null;
}

async function engineMove() {
  const entry = current();
  if (!entry || !entry.analysis || entry.analysis.to_move === null) return;
  try {
    const hint = await api('/api/hint', request({position: entry.analysis.position}));
    if (hint.move) await playMove(hint.move);
  } catch (e) {
    showError(e.message);
  }
}

// When the engine plays a side and that side is to move, it moves.
function maybeEngine() {
  const side = engineSide();
  const entry = current();
  if (side === null || !entry || !entry.analysis) return;
  const a = entry.analysis;
  if (a.to_move === null || a.moves.length === 0) return;
  if (sideToMove(a, state.index) !== side) return;
  setTimeout(engineMove, 150);
}

// A few random moves from the default position (the games' generate writes
// contest inputs, not positions; docs/web.md).
async function randomPlayout() {
  const generation = ++state.generation;
  showError('');
  try {
    let analysis = await analyze(state.game.default_position);
    const plies = 1 + Math.floor(Math.random() * 4);
    for (let i = 0; i < plies && analysis.moves.length > 0 && analysis.to_move !== null; i++) {
      const m = analysis.moves[Math.floor(Math.random() * analysis.moves.length)];
      const next = m.position ||
                   (await api('/api/play', request({position: analysis.position, move: m.move}))).position;
      analysis = await analyze(next);
    }
    if (generation !== state.generation) return;
    state.generation--;  // start() bumps it again
    await start(analysis.position);
  } catch (e) {
    if (generation === state.generation) showError(e.message);
  }
}

function undo() {
  if (state.index > 0) {
    state.index--;
    render();
  }
}

function redo() {
  if (state.index + 1 < state.line.length) {
    state.index++;
    render();
  }
}

// ---------------------------------------------------------------- setup

function renderOptions() {
  const box = $('options');
  box.replaceChildren();
  for (const o of state.game.options) {
    if (o.kind === 'flag') {
      const input = el('input', {type: 'checkbox', checked: Boolean(state.options[o.name]), id: `option-${o.name}`});
      input.addEventListener('change', () => {
        state.options[o.name] = input.checked;
        start(currentPosition());
      });
      box.append(el('label', {title: o.help}, input, ` ${o.name}`));
    } else {
      const input = el('input', {type: 'text', value: state.options[o.name], id: `option-${o.name}`, size: 8});
      input.addEventListener('change', () => {
        state.options[o.name] = input.value;
        start(currentPosition());
      });
      box.append(el('label', {title: o.help}, `${o.name} `, input));
    }
  }
}

function currentPosition() {
  const entry = current();
  return entry && entry.analysis ? entry.analysis.position : state.game.default_position;
}

function selectGame(name, options) {
  state.game = state.games.find((g) => g.name === name) || state.games[0];
  state.options = {};
  for (const o of state.game.options) {
    state.options[o.name] = o.kind === 'flag' ? Boolean(o.default) : String(o.default);
  }
  Object.assign(state.options, options || {});
  $('game').value = state.game.name;
  renderOptions();
  const examples = $('examples');
  examples.replaceChildren(el('option', {value: ''}, 'an example...'));
  state.game.example_positions.forEach((p, i) => {
    const label = p.length > 40 ? `${p.slice(0, 37).replace(/\n/g, ' / ')}...` : p.replace(/\n/g, ' / ');
    examples.append(el('option', {value: String(i)}, label));
  });
  $('position-format').textContent = state.game.position_format;
}

// The URL holds the game, the position and the options in force:
// /?game=nim&position=3%204%205&misere=1
function updateUrl() {
  const entry = current();
  if (!entry || !entry.analysis) return;
  const params = new URLSearchParams();
  params.set('game', state.game.name);
  // The server reads URLs of up to 8 KiB: a longer position has no link.
  const linkable = entry.analysis.position.length <= kMaxLinkedPosition;
  if (linkable) params.set('position', entry.analysis.position);
  for (const o of state.game.options) {
    const v = state.options[o.name];
    if (o.kind === 'flag' && v) params.set(o.name, '1');
    if (o.kind === 'text' && v !== String(o.default)) params.set(o.name, v);
  }
  if (state.mode !== 'people') params.set('mode', state.mode);
  const url = `/?${params.toString().replace(/\+/g, '%20')}`;
  history.replaceState(null, '', url);
  $('permalink').href = url;
  $('permalink').textContent = linkable ? 'link to this position' : 'no link: the position is too long for a URL';
}

function fromUrl() {
  const params = new URLSearchParams(location.search);
  const name = params.get('game');
  const game = state.games.find((g) => g.name === name) || state.games[0];
  const options = {};
  for (const o of game.options) {
    if (!params.has(o.name)) continue;
    const v = params.get(o.name);
    options[o.name] = o.kind === 'flag' ? !['', '0', 'false', 'no'].includes(v) : v;
  }
  const mode = params.get('mode');
  if (['people', 'engine-0', 'engine-1'].includes(mode)) state.mode = mode;
  $('mode').value = state.mode;
  selectGame(game.name, options);
  return params.has('position') ? params.get('position') : game.default_position;
}

async function main() {
  try {
    const list = await api('/api/games');
    state.games = list.games.filter((g) => g.commands.includes('analyze') && g.commands.includes('play'));
  } catch (e) {
    showError(`cannot reach the server: ${e.message}`);
    return;
  }
  const select = $('game');
  for (const g of state.games) select.append(el('option', {value: g.name, title: g.summary}, g.name));
  select.addEventListener('change', () => {
    selectGame(select.value);
    start(state.game.default_position);
  });
  $('default-position').addEventListener('click', () => start(state.game.default_position));
  $('examples').addEventListener('change', (e) => {
    const i = e.target.value;
    if (i !== '') start(state.game.example_positions[Number(i)]);
    e.target.value = '';
  });
  $('random-position').addEventListener('click', randomPlayout);
  $('load-position').addEventListener('click', () => start($('position-input').value));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('engine-move').addEventListener('click', engineMove);
  $('mode').addEventListener('change', (e) => {
    state.mode = e.target.value;
    render();
    maybeEngine();
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT') return;
    if (e.key === 'ArrowLeft') undo();
    if (e.key === 'ArrowRight') redo();
  });
  await start(fromUrl());
}

main();
