// The analysis board: talks to `perfectplay serve`'s JSON API (docs/web.md)
// and draws what it answers. No framework, no eval, no innerHTML from data:
// every node is built with createElement and textContent, so a position's
// text can never become markup.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const kMaxLinkedPosition = 2000;  // characters of position text in a URL
const kSpinnerDelayMs = 150;      // a quicker answer shows no spinner
const kSettingsKey = 'perfectplay.settings';

// The board's state: the line of positions played so far (each with its
// analysis), the index shown, the game and its options.
const state = {
  games: [],
  game: null,
  options: {},
  line: [],  // [{position, analysis, move (null first), by ('you', 'engine', null)}]
  index: 0,
  mode: 'people',
  busy: 0,
  generation: 0,     // bumped by every new start; stale answers are dropped
  previous: null,    // the line before an option change or a new start: restore
  names: {},         // a named side's index -> its name, as the analyses say
  selectedCell: null,  // asymmetry: the cell whose writes are shown
  engineTimer: null,
  settings: {showValues: true, delta: false, delay: 600, theme: 'auto'},
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue;
    if (k === 'class') node.className = v;
    else if (k.startsWith('data-') || k.startsWith('aria-') || k === 'role') node.setAttribute(k, v);
    else node[k] = v;
  }
  for (const c of children) node.append(c);
  return node;
}

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  }
  if (text !== undefined) node.textContent = String(text);
  return node;
}

// ---------------------------------------------------------------- the API

// JSON with its integers kept exact: a count past 2^53 (nim's moves_total
// on a row of 10^18) becomes a BigInt, not a rounded Number.
function parseExact(text) {
  return JSON.parse(text, (key, value, context) => {
    if (typeof value === 'number' && !Number.isSafeInteger(value) && context &&
        /^-?\d+$/.test(context.source)) {
      return BigInt(context.source);
    }
    return value;
  });
}

// While a request is out the page is busy (aria-busy); past 150 ms a
// spinner says so.
let spinnerTimer = null;
function setBusy(delta) {
  state.busy += delta;
  const busy = state.busy > 0;
  document.body.dataset.state = busy ? 'busy' : 'ready';
  $('board-section').setAttribute('aria-busy', String(busy));
  if (busy && spinnerTimer === null) {
    spinnerTimer = setTimeout(() => { $('spinner').hidden = false; }, kSpinnerDelayMs);
  }
  if (!busy) {
    clearTimeout(spinnerTimer);
    spinnerTimer = null;
    $('spinner').hidden = true;
  }
}

async function api(path, body) {
  setBusy(+1);
  try {
    // Same origin, JSON with its content type: what the server requires.
    const response = await fetch(path, body === undefined ? {credentials: 'same-origin'} : {
      method: 'POST',
      credentials: 'same-origin',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
    });
    const json = parseExact(await response.text());
    if (!response.ok) {
      const err = new Error(json.error || `the server answered ${response.status}`);
      err.status = response.status;
      throw err;
    }
    return json;
  } finally {
    setBusy(-1);
  }
}

const request = (extra) => Object.assign({game: state.game.name, options: state.options}, extra);

// The server's messages are the command line's: the board says them in its
// own words (no option names, no "<position>:1:3:").
function boardWords(message) {
  let m = String(message || '');
  let where = null;
  const located = /^<position>:(\d+):(\d+): (.*)$/s.exec(m);
  if (located) {
    where = {line: Number(located[1]), column: Number(located[2])};
    m = `the position, line ${where.line}, column ${where.column}: ${located[3]}`;
  }
  m = m.replace(/ \(raise it with --max-states\)/, ': the board searches at most that many; ' +
                'a smaller position, or the command line, can go further');
  m = m.replace(/--code '([^']*)'/g, "the code '$1'");
  m = m.replace(/ \(--[a-z-]+\)/g, '');
  m = m.replace(/--([a-z][a-z-]*)/g, "the option '$1'");
  return {text: m, where};
}

function showError(message) {
  const box = $('error');
  const {text, where} = message ? boardWords(message) : {text: '', where: null};
  box.textContent = text;
  box.hidden = !text;
  return where;
}

// Points the position box at a line and column the parser named.
function pointAt(where) {
  const input = $('position-input');
  $('setup').open = true;
  input.setAttribute('aria-invalid', 'true');
  const lines = input.value.split('\n');
  let offset = 0;
  for (let i = 0; i < where.line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += Math.max(0, where.column - 1);
  input.focus();
  input.setSelectionRange(offset, Math.min(input.value.length, offset + 1));
}

// ---------------------------------------------------------------- values

// A value as the command line writes it: "win in 11", "loss", "-9", "*3".
function valueText(v) {
  if (!v) return '';
  switch (v.kind) {
    case 'win':
    case 'loss': {
      const t = v.remoteness === undefined ? v.kind : `${v.kind} in ${v.remoteness}`;
      // octal: the Grundy value beside an exhaustive win or loss.
      return v.nimber === undefined ? t : `${t} (*${v.nimber})`;
    }
    case 'score':
      return String(v.score);
    case 'nimber':
      return String(v.nimber) === '0' ? '0' : `*${v.nimber}`;
    default:
      return v.kind;
  }
}

// The same value in words, for the player it belongs to.
function valueWords(v, who) {
  if (!v) return '';
  const r = v.remoteness === undefined ? '' : ` in ${v.remoteness} ${Number(v.remoteness) === 1 ? 'move' : 'moves'}`;
  const grundy = v.nimber === undefined ? '' : `; Grundy value ${v.nimber} (*${v.nimber})`;
  switch (v.kind) {
    case 'win': return `${who} wins${r} with best play${grundy}`;
    case 'loss': return `${who} loses${r} against best play${grundy}`;
    case 'draw': return 'a draw with best play';
    case 'score': return `the score with best play is ${v.score}`;
    case 'nimber':
      return String(v.nimber) === '0'
        ? `Grundy value 0: ${who} loses against best play (a P-position)`
        : `Grundy value ${v.nimber} (*${v.nimber}): ${who} wins with best play (an N-position)`;
    // (A nimber alone: the position is past the exhaustive win/loss search,
    // so its remoteness is unknown; the notes say so.)
    default: return 'not known: the position is beyond the engine';
  }
}

// What a move element's data-value says: win, loss, or the score.
function dataValue(v) {
  if (v.kind === 'score') return String(v.score);
  if (v.kind === 'nimber') return String(v.nimber) === '0' ? 'loss' : 'win';
  return v.kind;
}

// win, loss or draw for the player to move; null for scores and unknowns.
function outcome(v) {
  if (v.kind === 'nimber') return String(v.nimber) === '0' ? 'loss' : 'win';
  return ['win', 'loss', 'draw'].includes(v.kind) ? v.kind : null;
}

const sourceWords = {
  reference: 'exact, by exhaustive search',
  theory: 'exact, by the theory',
  heuristic: 'a heuristic, not proven',
};

// Scores on a scale from the mover's worst listed score to their best:
// five colour classes, each dark enough for text (4.5:1 on the paper).
function scoreClasses(moves) {
  const scores = moves.filter((m) => m.value.kind === 'score').map((m) => Number(m.value.score));
  if (scores.length === 0) return () => '';
  const best = moves.filter((m) => m.best && m.value.kind === 'score').map((m) => Number(m.value.score));
  const hi = Math.max(...scores);
  const lo = Math.min(...scores);
  const maximizes = best.length === 0 || best[0] === hi;
  return (m) => {
    if (m.value.kind !== 'score') return '';
    const s = Number(m.value.score);
    const t = hi === lo ? 1 : (maximizes ? s - lo : hi - s) / (hi - lo);
    return ` s${Math.round(t * 4)}`;
  };
}

// How good a move is for its mover, against the position's value:
// 'best' (keeps the value, the best remoteness), 'inaccuracy' (keeps the
// outcome, a slower win or a quicker loss), 'mistake' (changes the outcome,
// or in a scored game the score), or 'unknown'.
function judge(analysis, listed) {
  if (!listed) return 'unknown';
  const before = analysis.value;
  const after = listed.value;
  if (before.kind === 'score' && after.kind === 'score') {
    return String(before.score) === String(after.score) ? 'best' : 'mistake';
  }
  const o1 = outcome(before);
  const o2 = outcome(after);
  if (o1 === null || o2 === null) return 'unknown';
  const rank = {loss: 0, draw: 1, win: 2};
  if (rank[o2] < rank[o1]) return 'mistake';
  if (listed.best) return 'best';
  if (after.remoteness !== undefined && before.remoteness !== undefined &&
      String(after.remoteness) !== String(before.remoteness)) {
    return 'inaccuracy';
  }
  return 'best';
}

// Delta-remoteness: a move's remoteness against the best move's.
function delta(analysis, m) {
  if (m.value.remoteness === undefined) return '';
  const best = analysis.moves.find((b) => b.best && b.value.kind === m.value.kind &&
                                          b.value.remoteness !== undefined);
  if (!best) return '';
  const d = Number(m.value.remoteness) - Number(best.value.remoteness);
  return d === 0 ? '\u0394 0' : `\u0394 ${d > 0 ? '+' : ''}${d}`;
}

// ---------------------------------------------------------------- sides

// The side (0 or 1) to move at ply i: the analysis's own index where the
// game names its players, else alternating from side 0 at the line's start.
function sideAt(i) {
  const a = state.line[i] && state.line[i].analysis;
  if (a && a.to_move && a.to_move.name !== 'the player to move') return a.to_move.index;
  if (i === 0) return 0;
  return 1 - sideAt(i - 1);
}

// The side relative to the line's start: 0 moved first.
const relSide = (i) => (sideAt(i) === sideAt(0) ? 0 : 1);

// The engine plays relative side 0, 1, both, or none.
function engineSides() {
  return {'engine-0': [0], 'engine-1': [1], 'engine-both': [0, 1]}[state.mode] || [];
}

function isEngineTurn(i) {
  return engineSides().includes(relSide(i));
}

// "Dee", "Alice (minimizes)", or "the first player"; with "you" or
// "engine" beside it when playing the engine.
function sideName(i, plain) {
  const side = sideAt(i);
  const named = state.names[side] || (gameInfo().players || [])[side];
  const base = named || (relSide(i) === 0 ? 'the first player' : 'the second player');
  if (plain || engineSides().length === 0) return base;
  if (state.mode === 'engine-both') return `${base} (engine)`;
  return `${base} (${isEngineTurn(i) ? 'engine' : 'you'})`;
}

function learnNames(analysis) {
  if (analysis.to_move && analysis.to_move.name !== 'the player to move') {
    state.names[analysis.to_move.index] = analysis.to_move.name;
  }
}

// ---------------------------------------------------------------- rules

// What the board says of each game: its rules in a few lines, how a move is
// written, how to play it on the board. The one-line summary, the position
// format and the examples come from the server (/api/games).
const gameTexts = {
  nim: {
    rules: 'Rows of squares. A move takes one or more squares from the end of one row. Normal play: ' +
           'whoever takes the last square wins; misère: whoever takes it loses.',
    move: 'ROW TAKE, e.g. "2 3": take 3 squares from row 2',
    board: 'Click a square: it and every square to its right are taken.',
  },
  octal: {
    rules: 'Rows of pins. The code (0.77 is Kayles) says how many pins a move may take from one row and ' +
           'whether what is left may be split in two. Whoever cannot move loses.',
    move: 'ROW TAKE [LEFT], e.g. "1 2 3": take 2 pins from row 1, leaving 3 on their left',
    board: 'Under each row, one bar per move: it spans the pins it takes. Click a bar.',
  },
  binim: {
    rules: 'Stacks of bits, top first. Dee takes from stacks topped by 0, Dum from stacks topped by 1: ' +
           'any number of bits from the top. Whoever cannot move loses.',
    move: 'STACK COUNT, e.g. "2 3": take the top 3 bits of stack 2',
    board: 'Click a bit: it and every bit above it are taken.',
    players: ['Dee', 'Dum'],
  },
  binim2: {
    rules: 'Binim with the ending reversed: stacks of bits, top first, Dee takes from stacks topped by 0, ' +
           'Dum from stacks topped by 1. Whoever cannot move wins.',
    move: 'STACK COUNT, e.g. "2 3": take the top 3 bits of stack 2',
    board: 'Click a bit: it and every bit above it are taken.',
    players: ['Dee', 'Dum'],
  },
  bacteria: {
    rules: 'A grid with radioactive cells (#). A move plants a colony in an empty cell, growing ' +
           'horizontally (H) or vertically (V) until it meets a colony or the edge; one that reaches a ' +
           'radioactive cell mutates and its player loses. Whoever cannot move loses.',
    move: 'ROW COLUMN H|V, e.g. "2 3 V"',
    board: 'Each empty cell has two halves: the upper-left plants H, the lower-right V.',
  },
  gridgame: {
    rules: 'A square matrix. Alice crosses out a row, then Bob a column; the cell where they meet is added ' +
           'to Alice\'s total. Alice maximizes the total, Bob minimizes it.',
    move: 'a row number (Alice) or a column number (Bob), e.g. "2"',
    board: 'Click a row number (Alice) or a column number (Bob).',
    players: ['Alice', 'Bob'],
  },
  asymmetry: {
    rules: 'A grid of values. In turn each player marks an unmarked column, first rewriting one of its ' +
           'cells or leaving it unchanged. The final asymmetry (how far the grid is from its mirror ' +
           'image) is the score: Alice minimizes it, Bob maximizes it.',
    move: 'COLUMN ROW VALUE (write VALUE, then mark COLUMN) or COLUMN - (mark it unchanged)',
    board: 'Click a column\'s "mark" button to mark it unchanged, or a cell, then the value to write.',
    players: ['Alice (minimizes)', 'Bob (maximizes)'],
  },
};

function gameInfo() {
  return (state.game && gameTexts[state.game.name]) || {};
}

function renderRules() {
  const g = state.game;
  const t = gameInfo();
  $('rules-game').textContent = g.name;
  const body = $('rules-body');
  body.replaceChildren(
    el('p', {}, g.summary),
    t.rules ? el('p', {}, t.rules) : '',
    el('p', {}, el('strong', {}, 'a move: '), t.move || 'as the move list writes it'),
    t.board ? el('p', {}, el('strong', {}, 'on the board: '), t.board) : '',
    el('p', {}, el('strong', {}, 'a position: '), g.position_format),
    el('p', {}, el('strong', {}, 'an example: ')),
    el('pre', {}, g.default_position));
}

// ---------------------------------------------------------------- boards

// Each drawing reads the canonical position text (docs/games/<game>.md) and
// returns an SVG element, or null when it cannot (then the text is shown).
// It places a move with place(node, moveText): the node then carries the
// move's data-move and data-value, its colour, label and click. Listed moves
// that no drawing placed are shown under the board as buttons, so every
// listed move is on the board.
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

// The board's move context: the listed moves, what is placed, the colours.
function makePlacer(analysis) {
  const moves = new Map(analysis.moves.map((m) => [m.move, m]));
  const scoreClass = scoreClasses(analysis.moves);
  const placed = new Set();
  const showValues = valuesShown();
  const place = (node, moveText, label) => {
    const m = moves.get(moveText);
    const cls = node.getAttribute('class') || '';
    node.setAttribute('data-move', moveText);
    node.setAttribute('role', 'button');
    node.setAttribute('tabindex', '0');
    let words = `play ${label || moveText}`;
    if (m) {
      placed.add(moveText);
      node.setAttribute('data-value', dataValue(m.value));
      if (showValues) {
        node.setAttribute('class', `${cls} playable v-${m.value.kind}${scoreClass(m)}${m.best ? ' best' : ''}`);
        words += `: ${valueText(m.value)}${m.best ? ', a best move' : ''}`;
        if (state.settings.delta && delta(analysis, m)) words += ` (${delta(analysis, m)})`;
      } else {
        node.setAttribute('class', `${cls} playable`);
      }
    } else {
      node.setAttribute('class', `${cls} playable unlisted`);
      words += ': not valued one by one (see the summary)';
    }
    node.setAttribute('aria-label', words);
    node.append(svg('title', {}, words));
    return node;
  };
  return {moves, place, placed, over: isOver(analysis)};
}

function rootSvg(kind, width, height, label) {
  const root = svg('svg', {class: `board ${kind}`, viewBox: `0 0 ${width} ${height}`, role: 'group',
                           'aria-label': label});
  root.dataset.width = String(width);
  root.dataset.height = String(height);
  return root;
}

// nim's squares and octal's pins: rows of up to 30 drawn one by one; a
// longer row draws its first (octal) or last (nim) 24 and a block for the
// rest, with its length written beside it.
function drawRows(kind) {
  return (position, ctx) => {
    const rows = numbers(position);
    if (rows === null || rows.length === 0 || rows.length > 200) return null;
    const cell = 26;
    const shown = 24;
    const maxDrawn = 30;
    const x0 = 56;
    // octal: each row's moves as bars in lanes under the pins.
    const bars = rows.map(() => []);
    if (kind === 'pin') {
      for (const m of ctx.moves.keys()) {
        const w = numbers(m);
        if (!w || w.length < 2) continue;
        const r = Number(w[0]) - 1;
        if (r < 0 || r >= rows.length) continue;
        bars[r].push({move: m, take: BigInt(w[1]), left: BigInt(w.length > 2 ? w[2] : 0)});
      }
    }
    const layout = rows.map((text, r) => {
      const n = BigInt(text);
      const drawn = n <= BigInt(maxDrawn) ? Number(n) : shown;
      // A split is unordered: the listed move leaving LEFT on the left is
      // also drawn at its mirror place (the same move, the same value).
      if (n <= BigInt(maxDrawn)) {
        for (const b of [...bars[r]]) {
          const other = n - b.take - b.left;
          if (other !== b.left && !bars[r].some((o) => o.take === b.take && o.left === other)) {
            bars[r].push({move: b.move, take: b.take, left: other});
          }
        }
        bars[r].sort((a, b) => (a.take === b.take ? Number(a.left - b.left) : Number(a.take - b.take)));
      }
      // Lanes: greedy interval packing of the drawable bars.
      const lanes = [];
      for (const b of bars[r]) {
        if (b.left + b.take > BigInt(drawn)) continue;
        const from = Number(b.left);
        const to = from + Number(b.take);
        let lane = lanes.findIndex((end) => end <= from);
        if (lane < 0) { lane = lanes.length; lanes.push(0); }
        lanes[lane] = to;
        b.lane = lane;
      }
      return {n, drawn, lanes: lanes.length};
    });
    const laneH = 14;
    // A cut row writes its length on a line of its own, under its lanes.
    const rowH = (l) => cell + 8 + l.lanes * laneH + (l.n > BigInt(l.drawn) ? 18 : 0);
    const height = layout.reduce((s, l) => s + rowH(l), 0) + 4;
    const widest = Math.max(...layout.map((l) => l.drawn + (l.n > BigInt(l.drawn) ? 3 : 0)));
    const width = x0 + cell * Math.max(widest, 6) + 70;
    const root = rootSvg(`rows ${kind}`, width, height,
                         `${state.game.name} board: ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`);
    let y = 4;
    rows.forEach((text, r) => {
      const {n, drawn} = layout[r];
      const cut = n > BigInt(drawn);
      root.append(svg('text', {x: 2, y: y + 18, class: 'label'}, `row ${r + 1}`));
      // nim draws the row's right end (small takes); octal its left end.
      let x = x0;
      if (cut && kind === 'square') {
        root.append(svg('rect', {x, y: y + 2, width: cell * 3 - 4, height: cell - 4, rx: 3, class: 'bulk'}));
        root.append(svg('text', {x: x + 6, y: y + 18, class: 'bulk-text'}, '\u2026'));
        x += cell * 3;
      }
      for (let j = 0; j < drawn; j++) {
        const cx = x + j * cell;
        if (kind === 'pin') {
          root.append(svg('rect', {x: cx + 8, y: y + 1, width: 9, height: cell - 4, rx: 4, class: 'pin'}));
        } else {
          // Taking the square j and everything to its right.
          const take = cut ? BigInt(drawn - j) : n - BigInt(j);
          const node = svg('rect', {x: cx + 1, y: y + 1, width: cell - 4, height: cell - 4, rx: 3, class: 'square'});
          root.append(ctx.place(node, `${r + 1} ${take}`, `row ${r + 1}, take ${take}`));
        }
      }
      let end = x + drawn * cell;
      if (cut && kind === 'pin') {
        root.append(svg('rect', {x: end, y: y + 2, width: cell * 3 - 4, height: cell - 4, rx: 3, class: 'bulk'}));
        root.append(svg('text', {x: end + 6, y: y + 18, class: 'bulk-text'}, '\u2026'));
        end += cell * 3;
      }
      if (cut) {
        const under = y + cell + 4 + layout[r].lanes * laneH + 12;
        root.append(svg('text', {x: x0, y: under, class: 'count'}, `${n} in all (${drawn} drawn)`));
      } else {
        root.append(svg('text', {x: end + 4, y: y + 18, class: 'count'}, `${n}`));
      }
      for (const b of bars[r]) {
        if (b.lane === undefined) continue;
        const bx = x0 + Number(b.left) * cell + 3;
        const by = y + cell + 2 + b.lane * laneH;
        const node = svg('rect', {x: bx, y: by, width: Number(b.take) * cell - 6, height: laneH - 4, rx: 4, class: 'bar'});
        root.append(ctx.place(node, b.move, `row ${r + 1}, take ${b.take}, leave ${b.left} on the left`));
      }
      y += rowH(layout[r]);
    });
    return root;
  };
}

function drawBinim(position, ctx) {
  const words = position.trim().split(/\s+/);
  if (words.length < 1 || !/^(Dee|Dum)$/.test(words[0])) return null;
  // An emptied stack is `-`: it keeps its place and number, drawn empty.
  const stacks = words.slice(1).map((s) => (s === '-' ? '' : s));
  if (!words.slice(1).every((s) => /^([01]+|-)$/.test(s)) || stacks.length > 200) return null;
  const cell = 26;
  const shown = 30;
  const tallest = Math.min(shown, Math.max(1, ...stacks.map((s) => s.length)));
  const gap = 10;
  const width = Math.max(300, 10 + stacks.length * (cell + gap));
  const height = 48 + tallest * cell;
  const root = rootSvg('binim', width, height,
                       `${state.game.name} board: ${stacks.length} stacks, ${words[0]} to move`);
  root.append(svg('text', {x: 4, y: 14, class: 'label'}, `${words[0]} to move`));
  stacks.forEach((s, i) => {
    const x = 10 + i * (cell + gap);
    root.append(svg('text', {x: x + 6, y: 34, class: 'label'}, i + 1));
    for (let k = 0; k < Math.min(s.length, shown); k++) {
      const y = 40 + k * cell;
      const g = svg('g', {class: s[k] === '0' ? 'bit0' : 'bit1'});
      g.append(svg('rect', {x, y, width: cell - 2, height: cell - 3, rx: 3, class: 'bit'}));
      g.append(svg('text', {x: x + 8, y: y + 17, class: 'bit-text'}, s[k]));
      // Taking k + 1 from the top: a stack topped by the mover's bit (Dee
      // 0, Dum 1) is the mover's, every depth of it.
      const mine = s[0] === (words[0] === 'Dee' ? '0' : '1');
      root.append(mine || ctx.moves.has(`${i + 1} ${k + 1}`)
        ? ctx.place(g, `${i + 1} ${k + 1}`, `bit ${s[k]} of stack ${i + 1}: take ${k + 1}`) : g);
    }
    if (s.length > shown) root.append(svg('text', {x, y: 40 + shown * cell + 2, class: 'count'}, `+${s.length - shown}`));
  });
  return root;
}

function gridLines(position) {
  return position.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

function drawBacteria(position, ctx) {
  const lines = gridLines(position);
  const size = numbers(lines[0] || '');
  if (size === null || size.length !== 2) return null;
  const [rows, cols] = size.map(Number);
  if (rows * cols > 40000 || lines.length < rows + 1) return null;
  const grid = lines.slice(1, rows + 1);
  if (!grid.every((l) => l.length === cols && /^[.#HV]+$/.test(l))) return null;
  const mutated = lines[rows + 1] === 'mutated';
  const cell = Math.max(26, Math.min(48, Math.floor(640 / Math.max(rows, cols))));
  const width = cols * cell + 2;
  const height = rows * cell + 2;
  const root = rootSvg('bacteria', width, height, `bacteria board: ${rows} by ${cols}` +
                       (mutated ? ', a colony mutated' : ''));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const ch = grid[r][c];
      const x = 1 + c * cell;
      const y = 1 + r * cell;
      const cls = {'.': 'empty', '#': 'radioactive', H: 'colony-h', V: 'colony-v'}[ch];
      root.append(svg('rect', {x, y, width: cell - 1, height: cell - 1, class: cls}));
      if (ch === 'H') root.append(svg('line', {x1: x + 3, x2: x + cell - 4, y1: y + cell / 2, y2: y + cell / 2, class: 'mark'}));
      if (ch === 'V') root.append(svg('line', {y1: y + 3, y2: y + cell - 4, x1: x + cell / 2, x2: x + cell / 2, class: 'mark'}));
      if (ch === '#') root.append(svg('circle', {cx: x + cell / 2, cy: y + cell / 2, r: cell / 5, class: 'mark'}));
      if (ch !== '.' || ctx.over) continue;  // a mutated colony ends the game
      // Two halves: upper-left plants H, lower-right V (touch has no shift).
      for (const dir of ['H', 'V']) {
        const move = `${r + 1} ${c + 1} ${dir}`;
        const pts = dir === 'H' ? `${x + 2},${y + 2} ${x + cell - 4},${y + 2} ${x + 2},${y + cell - 4}`
                                : `${x + cell - 3},${y + 3} ${x + cell - 3},${y + cell - 3} ${x + 3},${y + cell - 3}`;
        const g = svg('g', {class: 'half'});
        g.append(svg('polygon', {points: pts, class: 'half-shape'}));
        const tx = dir === 'H' ? x + cell * 0.22 : x + cell * 0.58;
        const ty = dir === 'H' ? y + cell * 0.42 : y + cell * 0.86;
        g.append(svg('text', {x: tx, y: ty, class: 'half-text'}, dir));
        root.append(ctx.place(g, move, `row ${r + 1}, column ${c + 1}, ${dir === 'H' ? 'horizontal' : 'vertical'}`));
      }
    }
  }
  return root;
}

function drawGridgame(position, ctx) {
  const lines = gridLines(position);
  const n = Number(lines[0]);
  if (!/^\d+$/.test(lines[0] || '') || n < 1 || n > 400 || lines.length < n + 1) return null;
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
  const widest = Math.max(...matrix.flat().map((v) => v.length));
  // Every number stays readable: a cell is as wide as its longest number;
  // a board wider than the screen scrolls inside its box.
  const cell = Math.max(30, widest * 8 + 8);
  const off = 40;
  const width = off + n * cell + 4;
  const height = off + n * cell + 4;
  const root = rootSvg('gridgame', width, height,
                       `gridgame board: ${n} by ${n}; Alice's total so far ${total}` +
                       (waiting !== null ? `; row ${waiting} awaits Bob's column` : ''));
  root.dataset.minWidth = String(Math.min(width, n > 12 ? width : 0));
  for (let i = 1; i <= n; i++) {
    // Alice crosses rows, Bob columns: the headers are the moves.
    const rowHead = svg('g', {class: 'head' + (i === waiting ? ' waiting' : '')});
    rowHead.append(svg('rect', {x: 2, y: off + (i - 1) * cell, width: off - 6, height: cell - 2, rx: 3, class: 'head-box'}));
    rowHead.append(svg('text', {x: 6, y: off + (i - 0.5) * cell + 5, class: 'head-text'}, i));
    const rowMove = waiting === null && !crossedRows.has(i);
    root.append(rowMove ? ctx.place(rowHead, String(i), `row ${i}`) : rowHead);
    const colHead = svg('g', {class: 'head'});
    colHead.append(svg('rect', {x: off + (i - 1) * cell, y: 2, width: cell - 2, height: off - 6, rx: 3, class: 'head-box'}));
    colHead.append(svg('text', {x: off + (i - 1) * cell + 4, y: 24, class: 'head-text'}, i));
    const colMove = waiting !== null && !crossedCols.has(i);
    root.append(colMove ? ctx.place(colHead, String(i), `column ${i}`) : colHead);
  }
  for (let r = 1; r <= n; r++) {
    for (let c = 1; c <= n; c++) {
      const x = off + (c - 1) * cell;
      const y = off + (r - 1) * cell;
      const crossed = crossedRows.has(r) || crossedCols.has(c);
      const cls = scored.has(`${r} ${c}`) ? 'scored' : r === waiting ? 'waiting' : crossed ? 'crossed' : 'open';
      root.append(svg('rect', {x, y, width: cell - 2, height: cell - 2, class: `cell ${cls}`}));
      root.append(svg('text', {x: x + 4, y: y + cell / 2 + 4, class: 'value'}, matrix[r - 1][c - 1]));
    }
  }
  for (const r of crossedRows) {
    root.append(svg('line', {x1: off, x2: off + n * cell - 2, y1: off + (r - 0.5) * cell - 1, y2: off + (r - 0.5) * cell - 1, class: 'cross'}));
  }
  for (const c of crossedCols) {
    root.append(svg('line', {y1: off, y2: off + n * cell - 2, x1: off + (c - 0.5) * cell - 1, x2: off + (c - 0.5) * cell - 1, class: 'cross'}));
  }
  $('board-extra').append(el('p', {class: 'board-note'}, `Alice's total so far: ${total}` +
                              (waiting !== null ? ` (row ${waiting} awaits Bob's column)` : '')));
  return root;
}

// asymmetry: a column's "mark" button marks it unchanged; a cell opens its
// writes (one button per listed value) under the board.
function drawAsymmetry(position, ctx) {
  const lines = gridLines(position);
  const head = numbers(lines[0] || '');
  if (head === null || head.length !== 3) return null;
  const [n, m] = head.map(Number);
  if (n * m > 40000 || lines.length < n + 1) return null;
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
  const widest = Math.max(...grid.flat().map((v) => v.length));
  const cell = Math.max(34, widest * 9 + 10);
  const off = 40;
  const width = off + m * cell + 4;
  const top = off + 12;  // the cells start under the column's mark buttons
  const height = top + n * cell + 22;
  const root = rootSvg('asymmetry', width, height, `asymmetry board: ${n} rows, ${m} columns`);
  root.dataset.minWidth = String(m > 10 ? width : 0);
  // A cell's writes, grouped: its colour is the best of them for the mover.
  const writes = new Map();
  for (const mv of ctx.moves.values()) {
    const w = mv.move.split(' ');
    if (w.length === 3) {
      const key = `${w[0]} ${w[1]}`;
      if (!writes.has(key)) writes.set(key, []);
      writes.get(key).push(mv);
    }
  }
  for (let c = 1; c <= m; c++) {
    const x = off + (c - 1) * cell;
    const pair = Math.min(c, m + 1 - c);  // column c mirrors column m + 1 - c
    root.append(svg('text', {x: x + 4, y: 14, class: 'label'}, `${c}${marked.has(c) ? ' \u2713' : ''}`));
    const markBox = svg('g', {class: 'mark-col'});
    markBox.append(svg('rect', {x, y: 20, width: cell - 2, height: 24, rx: 3, class: 'head-box'}));
    markBox.append(svg('text', {x: x + 3, y: 37, class: 'head-text small'}, marked.has(c) ? 'done' : 'mark'));
    root.append(!marked.has(c) ? ctx.place(markBox, `${c} -`, `mark column ${c} unchanged`) : markBox);
    for (let r = 1; r <= n; r++) {
      const y = top + (r - 1) * cell;
      const mirror = grid[r - 1][m - c];
      const cls = marked.has(c) ? 'marked' : 'open';
      const g = svg('g', {class: `cellbox ${cls}` + (grid[r - 1][c - 1] === mirror ? ' same' : '')});
      g.append(svg('rect', {x, y, width: cell - 2, height: cell - 2, class: 'cell'}));
      g.append(svg('text', {x: x + 4, y: y + cell / 2 + 4, class: 'value'}, grid[r - 1][c - 1]));
      const key = `${c} ${r}`;
      if (!marked.has(c)) {
        const mine = writes.get(key) || [];
        g.setAttribute('role', 'button');
        g.setAttribute('tabindex', '0');
        g.setAttribute('data-cell', key);
        const best = mine.find((w) => w.best);
        if (best && valuesShown()) g.setAttribute('class', g.getAttribute('class') + ' best-cell');
        const words = `column ${c}, row ${r}: ${grid[r - 1][c - 1]}; choose a value to write` +
                      (best ? ' (a best move is here)' : '');
        g.setAttribute('aria-label', words);
        g.append(svg('title', {}, words));
        const open = () => { state.selectedCell = key; render(); };
        g.addEventListener('click', open);
        g.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(); } });
        if (state.selectedCell === key) g.setAttribute('class', g.getAttribute('class') + ' selected');
      }
      root.append(g);
    }
    root.append(svg('text', {x: x + 4, y: height - 2, class: 'pair'}, pair));
  }
  // The writes of the selected cell (all listed ones are in the page,
  // hidden unless their cell is selected: data-move for tests and tools).
  const picker = el('div', {class: 'picker', id: 'picker'});
  for (const [key, list] of writes) {
    const [c, r] = key.split(' ');
    const group = el('div', {class: 'writes', 'data-cell': key, role: 'group',
                             'aria-label': `write into column ${c}, row ${r}`});
    group.hidden = state.selectedCell !== key;
    group.append(el('span', {}, `column ${c}, row ${r}: write `));
    for (const mv of list) {
      const b = moveButton(ctx, mv.move, mv.move.split(' ')[2], `write ${mv.move.split(' ')[2]} at column ${c}, row ${r}`);
      group.append(b);
    }
    picker.append(group);
  }
  $('board-extra').append(picker);
  return root;
}

// A listed move as a button under the board (placed as the board's own).
function moveButton(ctx, moveText, label, words) {
  const m = ctx.moves.get(moveText);
  const b = el('button', {type: 'button', class: 'chip'}, label);
  ctx.place(b, moveText, words || moveText);
  b.removeAttribute('role');
  b.removeAttribute('tabindex');
  const title = b.querySelector('title');
  if (title) title.remove();
  if (m && valuesShown()) b.append(el('span', {class: 'chip-value'}, ` ${valueText(m.value)}`));
  return b;
}

function drawBoard(analysis) {
  const holder = $('position');
  const extra = $('board-extra');
  holder.replaceChildren();
  extra.replaceChildren();
  holder.setAttribute('data-position', analysis.position);
  const ctx = makePlacer(analysis);
  let drawing = null;
  try {
    const draw = drawings[state.game.name];
    drawing = draw ? draw(analysis.position, ctx) : analysis.grid ? drawGrid(analysis.grid, ctx) : null;
  } catch (e) {
    drawing = null;
  }
  if (drawing) {
    // Scaled to the box, up to 1.6 times its own size; a board whose numbers
    // would be too small scrolls inside its box instead.
    const w = Number(drawing.dataset.width);
    drawing.style.width = '100%';
    drawing.style.maxWidth = `${Math.round(w * 1.6)}px`;
    const min = Number(drawing.dataset.minWidth || 0);
    if (min > 0) drawing.style.minWidth = `${min}px`;
    holder.append(drawing);
  } else {
    holder.append(el('pre', {class: 'position-text'}, analysis.position));
  }
  // Listed moves the drawing did not place: buttons under the board.
  const rest = analysis.moves.filter((m) => !ctx.placed.has(m.move));
  if (rest.length > 0) {
    const box = el('div', {class: 'more-moves', role: 'group', 'aria-label': 'moves not drawn on the board'},
                   el('span', {}, drawing ? 'moves beyond the drawing: ' : 'moves: '));
    // Past a dozen, the rest fold away (still in the page, for Tab and tests).
    const kShown = 12;
    for (const m of rest.slice(0, kShown)) box.append(moveButton(ctx, m.move, m.move));
    if (rest.length > kShown) {
      const more = el('details', {class: 'more-fold'}, el('summary', {}, `${rest.length - kShown} more`));
      for (const m of rest.slice(kShown)) more.append(moveButton(ctx, m.move, m.move));
      box.append(more);
    }
    extra.append(box);
  }
  // Every placed element plays its move on a click, Enter or Space.
  for (const node of [...holder.querySelectorAll('[data-move]'), ...extra.querySelectorAll('[data-move]')]) {
    const move = node.getAttribute('data-move');
    node.addEventListener('click', () => playMove(move));
    if (node.tagName !== 'BUTTON') {
      node.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          playMove(move);
        }
      });
    }
  }
}

// ---------------------------------------------------------------- rendering

function current() {
  return state.line[state.index];
}

const isOver = (a) => a.to_move === null || a.moves.length === 0;

// Values hidden while a person plays the engine, if the settings say so.
function valuesShown() {
  return state.settings.showValues || engineSides().length === 0;
}

function render() {
  const entry = current();
  const a = entry && entry.analysis;
  $('undo').disabled = !a || (state.index === 0 && !state.previous);
  $('redo').disabled = !a || state.index + 1 >= state.line.length;
  $('restore').hidden = !state.previous;
  if (!a) return;
  drawBoard(a);
  $('position-input').value = a.position;
  $('position-input').removeAttribute('aria-invalid');
  const over = isOver(a);
  const status = $('status');
  status.replaceChildren();
  const who = sideName(state.index);
  status.append(el('span', {class: 'to-move'}, over ? 'the game is over' : `${who} to move`));
  if (valuesShown() || over) {
    status.append(el('span', {class: `value ${a.value.kind}`, 'data-value': dataValue(a.value)},
                     valueText(a.value) || 'unknown'));
    status.append(el('span', {class: 'words'},
                     over ? '' : valueWords(a.value, sideName(state.index, true))));
    status.append(el('span', {class: 'source'}, sourceWords[a.value.source] || a.value.source));
    if (a.best_move && !over) status.append(el('span', {class: 'best'}, `best: ${a.best_move}`));
  }
  // The why of the value: the game's own notes, beside it, until explain's
  // argument arrives (showWhy).
  $('why').replaceChildren(...(valuesShown() ? a.notes.filter((n) => !/^values are exact/.test(n)) : [])
    .map((n) => el('li', {}, n)));
  delete $('why').dataset.argument;
  if (valuesShown()) showWhy(a.position);
  showValue(a);
  renderBanner(a, over);
  renderMoves(a);
  const notes = $('notes');
  notes.replaceChildren(...a.notes.map((n) => el('li', {}, n)));
  notes.append(el('li', {class: 'source-line'},
                  `the position's value: ${sourceWords[a.value.source] || a.value.source}`));
  renderHistory();
  updateUrl();
  $('engine-move').disabled = over;
  // For tests and tools: whose turn it is on this board.
  document.body.dataset.turn = over ? 'over' : engineSides().length === 0 ? 'people'
                             : isEngineTurn(state.index) ? 'engine' : 'you';
}

function renderMoves(a) {
  const list = $('moves');
  list.replaceChildren();
  const scoreClass = scoreClasses(a.moves);
  const shown = valuesShown();
  for (const m of a.moves) {
    const d = state.settings.delta ? delta(a, m) : '';
    const label = shown ? `play ${m.move}: ${valueText(m.value)}${m.best ? ', a best move' : ''}${d ? ` (${d})` : ''}`
                        : `play ${m.move}`;
    const button = el('button', {type: 'button', class: 'move-text', 'aria-label': label}, m.move);
    const item = el('li', {class: `move ${shown ? m.value.kind + scoreClass(m) : ''}${shown && m.best ? ' best' : ''}`,
                           'data-move': m.move, 'data-value': dataValue(m.value)}, button);
    if (shown) {
      item.append(el('span', {class: 'move-value', 'aria-hidden': 'true'}, valueText(m.value)));
      if (d) item.append(el('span', {class: 'delta', 'aria-hidden': 'true'}, d));
      item.append(el('span', {class: `source ${m.value.source}`, title: sourceWords[m.value.source] || ''},
                     m.value.source));
      if (m.best) item.append(el('span', {class: 'best-mark', title: 'a best move', 'aria-hidden': 'true'}, '\u2605'));
      if (m.note) item.append(el('span', {class: 'note'}, m.note));
    }
    button.addEventListener('click', () => playMove(m.move));
    list.append(item);
  }
  $('moves-count').textContent = `${a.moves_listed} listed of ${a.moves_total}`;
  $('moves-count').dataset.total = String(a.moves_total);
  $('moves-summary').textContent = a.moves_summary || '';
}

// Who won, in words, once the game is over: "Dum wins: you lost".
function renderBanner(a, over) {
  const banner = $('banner');
  if (!over) {
    banner.hidden = true;
    banner.textContent = '';
    delete banner.dataset.winner;
    return;
  }
  const i = state.index;
  let text;
  let winner = '';
  const o = outcome(a.value);
  if (o === 'win' || o === 'loss') {
    // The value is the player to move's: a loss in 0 means they cannot move
    // and have lost (binim2 and misère reverse who that is, not the rule).
    const side = o === 'win' ? relSide(i) : 1 - relSide(i);
    const name = o === 'win' ? sideName(i, true) : otherName(i);
    winner = String(side);
    text = `${capital(name)} wins`;
    if (engineSides().length === 1) {
      const engineWon = engineSides().includes(side);
      text += engineWon ? ': you lost' : ': you won';
    } else if (state.mode === 'engine-both') {
      text += ' (engine against engine)';
    }
  } else if (a.value.kind === 'score') {
    text = `Game over: the final score is ${a.value.score}`;
    const start = state.line[0].analysis.value;
    if (start.kind === 'score') {
      const diff = Number(a.value.score) - Number(start.score);
      text += diff === 0 ? ', the value of the start with best play' :
              ` (${Math.abs(diff)} ${diff > 0 ? 'above' : 'below'} the start's value with best play, ${start.score})`;
    }
  } else if (a.value.kind === 'draw') {
    text = 'A draw';
  } else {
    text = 'The game is over';
  }
  banner.textContent = text;
  banner.dataset.winner = winner;
  banner.hidden = false;
}

function otherName(i) {
  const side = 1 - sideAt(i);
  const named = state.names[side] || (gameInfo().players || [])[side];
  if (named) return named;
  return relSide(i) === 0 ? 'the second player' : 'the first player';
}

const capital = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// The moves so far, one numbered entry per ply, each a button; then the
// chart, and at the end of a game the mistakes that changed the outcome.
function renderHistory() {
  const list = $('history');
  list.replaceChildren();
  const summary = [];
  for (let i = 1; i < state.line.length; i++) {
    const e = state.line[i];
    const prev = state.line[i - 1].analysis;
    const listed = prev && prev.moves.find((m) => m.move === e.move);
    const verdict = judge(prev, listed);
    const by = engineSides().length > 0 ? (e.by === 'engine' ? 'engine' : 'you') : sideName(i - 1, true);
    const button = el('button', {type: 'button', class: 'ply', 'data-ply': String(i),
                                 'aria-current': i === state.index ? 'step' : undefined},
                      el('span', {class: 'ply-number'}, `${i}.`), ' ',
                      el('span', {class: 'who'}, by), ' ',
                      el('span', {class: 'move-text'}, e.move), ' ',
                      el('span', {class: 'move-value'}, listed && valuesShown() ? valueText(listed.value) : ''),
                      verdict === 'mistake' ? el('span', {class: 'verdict mistake'}, ' a mistake') :
                      verdict === 'inaccuracy' ? el('span', {class: 'verdict inaccuracy'}, ' an inaccuracy') : '');
    button.addEventListener('click', () => goTo(i));
    const item = el('li', {class: (i === state.index ? 'current ' : '') + (i > state.index ? 'future ' : '') + verdict,
                           'data-ply': String(i), 'data-verdict': verdict}, button);
    list.append(item);
    if (verdict === 'mistake') {
      summary.push(`${i}. ${by} played ${e.move}: ${valueText(prev.value)} became ${valueText(listed.value)}` +
                   (prev.best_move ? ` (best: ${prev.best_move})` : ''));
    }
  }
  const box = $('summary');
  const last = state.line[state.line.length - 1].analysis;
  if (state.line.length > 1 && last && isOver(last)) {
    box.replaceChildren(el('h3', {}, 'after the game'),
                        summary.length === 0 ? el('p', {}, 'No move changed the outcome: both sides kept the value.')
                                             : el('ul', {}, ...summary.map((s) => el('li', {}, s))));
    box.hidden = false;
  } else {
    box.hidden = true;
  }
  drawChart();
}

// The value after each ply, GamesmanUni's way: remoteness on the vertical
// axis, wins for the first player above the middle line, losses below
// (nearer the edge: nearer the end); scored games on their own scale.
// Each point is a button: it goes to that ply.
function drawChart() {
  const box = $('chart');
  box.replaceChildren();
  const points = [];
  for (let i = 0; i < state.line.length; i++) {
    const a = state.line[i].analysis;
    if (!a) break;
    points.push({i, a});
  }
  if (points.length === 0 || !valuesShown()) return;
  const scored = points.some((p) => p.a.value.kind === 'score');
  const remote = points.map((p) => p.a.value.remoteness).filter((r) => r !== undefined).map(Number);
  const rmax = remote.length > 0 ? Math.max(...remote) : 1;
  const w = 720;
  const h = 190;
  const left = 70;
  const right = w - 16;
  const top = 18;
  const bottom = h - 34;
  const mid = (top + bottom) / 2;
  let Y;
  let ticks = [];
  if (scored) {
    const ys = points.filter((p) => p.a.value.kind === 'score').map((p) => Number(p.a.value.score));
    const hi = Math.max(...ys, 0);
    const lo = Math.min(...ys, 0);
    const span = hi === lo ? 1 : hi - lo;
    Y = (p) => (p.a.value.kind === 'score' ? top + (hi - Number(p.a.value.score)) / span * (bottom - top) : null);
    ticks = [[hi, top], [0, top + hi / span * (bottom - top)], [lo, bottom]];
  } else {
    const half = (bottom - top) / 2;
    // |y| = rmax + 1 - remoteness: a win in 0 at the edge, the longest near
    // the middle; remoteness not known: half way.
    const mag = (r) => (r === undefined ? 0.5 : (rmax + 1 - Number(r)) / (rmax + 1));
    Y = (p) => {
      const o = outcome(p.a.value);
      if (o === 'draw') return mid;
      if (o === null) return null;
      const up = (o === 'win') === (relSide(p.i) === 0);
      return mid + (up ? -1 : 1) * mag(p.a.value.remoteness) * half;
    };
    // Ticks at 0 and half way: the longest remoteness sits at the middle line.
    const known = remote.length > 0 ? [0, Math.floor(rmax / 2)] : [];
    for (const r of known.filter((v, k, arr) => arr.indexOf(v) === k && (k === 0 || v > 0))) {
      ticks.push([r, mid - mag(r) * half]);
      ticks.push([r, mid + mag(r) * half]);
    }
  }
  const n = points.length;
  const X = (i) => (n === 1 ? (left + right) / 2 : left + i * (right - left) / (n - 1));
  const first = sideName(0, true);
  const root = svg('svg', {class: 'chart', viewBox: `0 0 ${w} ${h}`, role: 'group',
                           'aria-label': scored ? 'the score after every move' :
                             `the value after every move: ${first} winning above the line, losing below`});
  root.style.width = '100%';
  root.append(svg('line', {x1: left, x2: right, y1: scored ? ticks[1][1] : mid, y2: scored ? ticks[1][1] : mid, class: 'axis'}));
  root.append(svg('line', {x1: left, x2: left, y1: top, y2: bottom, class: 'axis'}));
  for (const [v, y] of ticks) root.append(svg('text', {x: left - 6, y: y + 4, class: 'tick', 'text-anchor': 'end'}, v));
  root.append(svg('text', {x: 4, y: 12, class: 'label'}, scored ? 'score' : `${first} wins`));
  if (!scored) root.append(svg('text', {x: 4, y: h - 20, class: 'label'}, `${first} loses`));
  root.append(svg('text', {x: left, y: h - 6, class: 'label'},
                  scored ? 'ply \u2192 (score as the game counts it)' : 'ply \u2192   remoteness on the axis: moves to the end'));
  const coords = points.map((p) => [X(p.i), Y(p)]).filter(([, y]) => y !== null);
  if (coords.length > 1) root.append(svg('polyline', {points: coords.map(([x, y]) => `${x},${y}`).join(' '), class: 'line'}));
  for (const p of points) {
    const y = Y(p);
    if (y === null) continue;
    const prev = p.i > 0 ? state.line[p.i - 1].analysis : null;
    const listed = prev && prev.moves.find((m) => m.move === state.line[p.i].move);
    const verdict = prev ? judge(prev, listed) : 'best';
    const words = `ply ${p.i}: ${valueText(p.a.value)} for ${sideName(p.i, true)}` +
                  (verdict === 'mistake' ? ', after a mistake' : '');
    const dot = svg('circle', {cx: X(p.i), cy: y, r: p.i === state.index ? 7 : 5,
                               class: `dot ${verdict}${p.i === state.index ? ' current' : ''}`,
                               role: 'button', tabindex: '0', 'aria-label': words, 'data-ply': p.i});
    dot.append(svg('title', {}, words));
    dot.addEventListener('click', () => goTo(p.i));
    dot.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); goTo(p.i); } });
    root.append(dot);
  }
  box.append(root);
  box.append(el('p', {class: 'legend'},
                el('span', {class: 'key dot-best'}, '\u25cf'), ' kept the value ',
                el('span', {class: 'key dot-inaccuracy'}, '\u25cf'), ' an inaccuracy (slower win, quicker loss) ',
                el('span', {class: 'key dot-mistake'}, '\u25cf'), ' a mistake (changed the outcome or the score)'));
}

// ---------------------------------------------------------------- why

// explain's argument for the position shown (docs/explain.md): the theory's
// reason in words, in place of the notes. Fetched after the analysis and
// outside api(), so the board is never held busy by it; a stale answer (the
// position changed meanwhile) is dropped, and a position already explained
// is not asked again.
const explained = new Map();
let whyWanted = '';
async function showWhy(position) {
  const key = JSON.stringify([state.game.name, state.options, position]);
  whyWanted = key;
  let doc = explained.get(key);
  if (!doc) {
    try {
      const response = await fetch('/api/explain', {
        method: 'POST',
        credentials: 'same-origin',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(request({position})),
      });
      if (!response.ok) return;  // too large to explain here: the notes stay
      doc = parseExact(await response.text());
    } catch (e) {
      return;
    }
    if (explained.size > 200) explained.clear();
    explained.set(key, doc);
  }
  if (whyWanted !== key || !valuesShown() || !doc.argument) return;
  const why = $('why');
  why.replaceChildren(
    el('li', {class: 'why-head'},
       `Why (${doc.argument.kind}): a witness that \`perfectplay explain --check\` verifies`),
    ...doc.argument.text.map((t) => el('li', {class: 'why-line'}, t)));
  why.dataset.argument = doc.argument.kind;
}

// ---------------------------------------------------------------- grids, values, thermographs

// Partizan games (docs/cgt.md): who moves is in the position ("L:", "R:"),
// the board comes as cells (analysis.grid), and the value panel shows the
// position's canonical value and its thermograph (POST /api/value).
Object.assign(gameTexts, {
  domineering: {
    rules: 'A board of free cells. Left places a domino on two free cells one above the other, Right on ' +
           'two side by side. Whoever cannot place loses.',
    move: 'the two cells, column letter and row number: "a1-a2" (Left) or "a1-b1" (Right)',
    board: 'Each place a domino fits is a bar between its two cells. Click a bar.',
    players: ['Left', 'Right'],
  },
  'toads-frogs': {
    rules: 'A strip of cells. Left\'s toads (T) move one cell right, or jump right over one frog onto an ' +
           'empty cell; Right\'s frogs (F) likewise to the left. Whoever cannot move loses.',
    move: 'the cells from and to, numbered from 1: "1-2", "5-3"',
    board: 'Each move is a bar from the piece toward the cell it reaches. Click a bar.',
    players: ['Left', 'Right'],
  },
  hackenbush: {
    rules: 'Stalks of edges on the ground, blue (B, Left\'s) and red (R, Right\'s). A move cuts one of ' +
           'your edges; it and every edge above it fall. Whoever cannot move loses.',
    move: 'STALK:EDGE, the edge counted from the ground: "2:1" cuts stalk 2 at the ground',
    board: 'Each stalk is a column, the ground at the bottom. Click an edge to cut it.',
    players: ['Left', 'Right'],
  },
  clobber: {
    rules: 'Stones on a board, Left\'s x and Right\'s o. A move takes one of your stones onto an ' +
           'orthogonally adjacent stone of the other player, which is removed. Whoever cannot move loses.',
    move: 'the stone\'s cell and its target: "b2-b3"',
    board: 'Each capture is a bar from the stone toward the stone it takes. Click a bar.',
    players: ['Left', 'Right'],
  },
});

// A board given as cells: each cell drawn by its kind (a class: k-empty,
// k-blocked, k-left, k-right, any other word k-piece) with its text, and
// each listed move a bar across the cells it covers (a square on its one
// cell), placed through ctx.place so that it is coloured and clicked as on
// every other board. Moves of one player never share a bar's place in the
// four games (a domino's bar sits on the edge between its cells).
const kGridKinds = new Set(['empty', 'blocked', 'left', 'right']);
function drawGrid(grid, ctx) {
  if (!grid || !(grid.rows > 0) || !(grid.cols > 0) || grid.rows * grid.cols > 4096) return null;
  const cell = Math.max(30, Math.min(60, Math.floor(480 / Math.max(grid.rows, grid.cols))));
  const width = grid.cols * cell + 2;
  const height = grid.rows * cell + 2;
  const root = rootSvg('grid', width, height,
                       `${state.game.name} board: ${grid.rows} by ${grid.cols} cells`);
  const center = ([r, c]) => [1 + c * cell + cell / 2, 1 + r * cell + cell / 2];
  grid.cells.forEach((row, r) => row.forEach((c, k) => {
    const kind = kGridKinds.has(c.kind) ? c.kind : 'piece';
    root.append(svg('rect', {x: 1 + k * cell, y: 1 + r * cell, width: cell - 1, height: cell - 1,
                             class: `gcell k-${kind}`, 'data-kind': c.kind}));
    if (c.text) {
      root.append(svg('text', {x: 1 + k * cell + cell / 2, y: 1 + r * cell + cell / 2 + 6,
                               'text-anchor': 'middle', class: `gcell-text k-${kind}`}, c.text));
    }
  }));
  if (ctx.over) return root;
  for (const m of grid.moves || []) {
    if (!m.cells || m.cells.length === 0) continue;
    const g = svg('g', {class: 'gmove'});
    const [x0, y0] = center(m.cells[0]);
    const [x1, y1] = center(m.cells[m.cells.length - 1]);
    if (m.cells.length === 1) {
      const s = cell * 0.5;
      g.append(svg('rect', {x: x0 - s / 2, y: y0 - s / 2, width: s, height: s, rx: 5, class: 'gmove-shape'}));
    } else {
      // A bar at the middle of the move's first and last cells, along them,
      // with a point toward the last (where a piece goes).
      const mx = (x0 + x1) / 2;
      const my = (y0 + y1) / 2;
      const angle = Math.atan2(y1 - y0, x1 - x0) * 180 / Math.PI;
      const len = cell * 0.62;
      const thick = cell * 0.3;
      g.append(svg('rect', {x: mx - len / 2, y: my - thick / 2, width: len, height: thick, rx: thick / 2,
                            transform: `rotate(${angle} ${mx} ${my})`, class: 'gmove-shape'}));
      g.append(svg('polygon', {points: `${mx + len / 2 - 2},${my} ${mx + len / 2 - thick * 0.9},${my - thick * 0.35} ` +
                                       `${mx + len / 2 - thick * 0.9},${my + thick * 0.35}`,
                               transform: `rotate(${angle} ${mx} ${my})`, class: 'gmove-point'}));
    }
    root.append(ctx.place(g, m.move, m.move));
  }
  return root;
}

// The value panel: fetched after the analysis, outside api() (as the why
// panel), dropped when the position changed meanwhile.
const cgtValues = new Map();
let cgtWanted = '';
async function showValue(a) {
  const panel = $('cgt');
  if (!panel) return;
  const offered = state.game && (state.game.commands || []).includes('value');
  if (!offered || !valuesShown()) {
    panel.hidden = true;
    panel.replaceChildren();
    return;
  }
  const key = JSON.stringify([state.game.name, a.position]);
  cgtWanted = key;
  let doc = cgtValues.get(key);
  if (!doc) {
    // The previous position's value must not stand beside this board while
    // this one's is fetched.
    panel.replaceChildren(el('p', {class: 'cgt-pending'}, 'value: computing…'));
    delete panel.dataset.position;
    try {
      const response = await fetch('/api/value', {
        method: 'POST',
        credentials: 'same-origin',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(request({position: a.position})),
      });
      if (!response.ok) {  // too large to value here: say so
        if (cgtWanted === key) {
          panel.replaceChildren(el('p', {class: 'cgt-none'}, 'value: too large to compute here'));
          panel.hidden = false;
        }
        return;
      }
      doc = JSON.parse(await response.text());
    } catch (e) {
      return;
    }
    if (cgtValues.size > 200) cgtValues.clear();
    cgtValues.set(key, doc);
  }
  if (cgtWanted !== key) return;
  const v = doc.value;
  const outcomes = {L: 'Left wins whoever starts', R: 'Right wins whoever starts',
                    P: 'the player to move loses', N: 'the player to move wins'};
  panel.replaceChildren(
    el('h3', {}, 'combinatorial value'),
    el('p', {class: 'cgt-canonical', 'data-canonical': v.canonical}, v.canonical),
    el('p', {class: 'cgt-facts'},
       `outcome ${v.outcome} (${outcomes[v.outcome] || v.outcome}); mean ${v.mean}, temperature ` +
       `${v.temperature}; stops ${v.left_stop} (left), ${v.right_stop} (right); birthday ${v.birthday}` +
       (v.atomic_weight !== null ? `; atomic weight ${v.atomic_weight}` : '')),
    drawThermograph(v));
  panel.dataset.position = a.position;
  panel.hidden = false;
}

// A dyadic "a/b" as a Number (exact for the sizes a board shows).
function dyadic(text) {
  const [n, d] = String(text).split('/');
  return Number(n) / (d === undefined ? 1 : Number(d));
}

// A wall's value at temperature t: its corners joined by segments, then the
// ray of its last slope.
function wallAt(wall, t) {
  const cs = wall.corners.map(([ct, cv]) => [dyadic(ct), dyadic(cv)]);
  for (let i = cs.length - 1; i >= 0; i--) {
    if (t >= cs[i][0]) {
      if (i === cs.length - 1) return cs[i][1] + dyadic(wall.last_slope) * (t - cs[i][0]);
      const [ta, va] = cs[i];
      const [tb, vb] = cs[i + 1];
      return va + (vb - va) * (t - ta) / (tb - ta);
    }
  }
  return cs[0][1];
}

// The thermograph as an SVG: temperature upward from -1, values with Left's
// (the larger) to the left as the literature draws them; both walls from
// their corners, then the mast to one unit above the temperature.
function drawThermograph(v) {
  const th = v.thermograph;
  const top = Math.max(dyadic(v.temperature), 0) + 1;
  const ts = new Set([-1, top]);
  for (const w of [th.left_wall, th.right_wall]) {
    for (const [t] of w.corners) if (dyadic(t) <= top) ts.add(dyadic(t));
  }
  const times = [...ts].sort((a, b) => a - b);
  const left = times.map((t) => [t, wallAt(th.left_wall, t)]);
  const right = times.map((t) => [t, wallAt(th.right_wall, t)]);
  const values = [...left, ...right].map(([, x]) => x);
  let hi = Math.max(...values);
  let lo = Math.min(...values);
  if (hi - lo < 1) {
    hi += 0.5;
    lo -= 0.5;
  }
  const w = 300;
  const h = 180;
  const m = 28;
  const px = (x) => m + (hi - x) / (hi - lo) * (w - 2 * m);
  const py = (t) => h - m - (t + 1) / (top + 1) * (h - 2 * m);
  const root = svg('svg', {class: 'thermograph', viewBox: `0 0 ${w} ${h}`, role: 'img',
                           'aria-label': `thermograph of ${v.canonical}: mean ${v.mean}, temperature ${v.temperature}`});
  root.append(svg('title', {}, `thermograph of ${v.canonical}`));
  root.append(svg('line', {x1: m, x2: w - m, y1: py(0), y2: py(0), class: 'axis'}));
  root.append(svg('text', {x: w - m + 2, y: py(0) + 4, class: 'axis-text'}, 't=0'));
  for (const x of [hi, lo]) {
    root.append(svg('text', {x: px(x), y: h - 8, 'text-anchor': 'middle', class: 'axis-text'},
                    Number.isInteger(x) ? String(x) : x.toFixed(2)));
  }
  const line = (pts, cls) => svg('polyline', {points: pts.map(([t, x]) => `${px(x)},${py(t)}`).join(' '),
                                              class: cls});
  root.append(line(left, 'wall left-wall'), line(right, 'wall right-wall'));
  root.append(svg('circle', {cx: px(dyadic(v.mean)), cy: py(Math.max(dyadic(v.temperature), -1)), r: 3,
                             class: 'mast-foot'}));
  return root;
}

// ---------------------------------------------------------------- playing

async function analyze(position) {
  return api('/api/analyze', request({position}));
}

// Keeps the line in force, so that an option change or a new start can be
// taken back.
function snapshot() {
  if (state.line.length === 0) return null;
  return {line: state.line, index: state.index, options: Object.assign({}, state.options),
          game: state.game.name};
}

// Starts a new line from `position`. On failure nothing changes but the
// message: the line, the options and the box keep what they had.
async function start(position, {keep = true, onError = null, taken = undefined} = {}) {
  const generation = ++state.generation;
  clearTimeout(state.engineTimer);
  showError('');
  const before = !keep ? null : taken !== undefined ? taken : snapshot();
  try {
    const analysis = await analyze(position);
    if (generation !== state.generation) return false;
    if (before) state.previous = before;
    state.line = [{position: analysis.position, analysis, move: null, by: null}];
    state.index = 0;
    state.names = {};
    state.selectedCell = null;
    learnNames(analysis);
    render();
    maybeEngine();
    return true;
  } catch (e) {
    if (generation !== state.generation) return false;
    const where = showError(e.message);
    if (onError) onError(e, where);
    render();
    return false;
  }
}

async function playMove(move, by) {
  const entry = current();
  if (!entry || !entry.analysis) return;
  if (state.busy > 0) {
    // Visibly refused, not silently dropped.
    announce(`still thinking: ${move} was not played; play it again once the board is back`);
    return;
  }
  if (!by && isEngineTurn(state.index) && state.mode !== 'people') {
    announce("it is the engine's turn");
    return;
  }
  const generation = state.generation;
  showError('');
  const t0 = performance.now();
  try {
    // One round trip: the server answers the child's analysis with the move.
    const played = await api('/api/play', request({position: entry.analysis.position, move, analyze: true}));
    const analysis = played.analysis || await analyze(played.position);
    if (generation !== state.generation) return;
    state.line = state.line.slice(0, state.index + 1);
    state.line.push({position: analysis.position, analysis, move, by: by || (engineSides().length ? 'you' : null)});
    state.index++;
    state.selectedCell = null;
    learnNames(analysis);
    render();
    // Click-to-analysis latency, for the tests (docs/performance.md): to the
    // analysis drawn (the DOM built), and to the first frame after it (a task
    // queued from the next animation frame runs once that frame is painted).
    window.__latencies = window.__latencies || [];
    window.__latencies.push(performance.now() - t0);
    requestAnimationFrame(() => setTimeout(() => {
      (window.__painted = window.__painted || []).push(performance.now() - t0);
    }, 0));
    maybeEngine();
  } catch (e) {
    if (generation === state.generation) showError(e.message);
  }
}

function announce(text) {
  const box = $('spinner');
  box.hidden = false;
  box.textContent = text;
  setTimeout(() => {
    box.textContent = 'thinking\u2026';
    box.hidden = state.busy === 0;
  }, 2500);
}

async function engineMove() {
  const entry = current();
  if (!entry || !entry.analysis || isOver(entry.analysis)) return;
  const generation = state.generation;
  try {
    const hint = await api('/api/hint', request({position: entry.analysis.position}));
    if (generation !== state.generation || current() !== entry) return;
    if (hint.move) await playMove(hint.move, 'engine');
  } catch (e) {
    showError(e.message);
  }
}

// When the engine plays the side to move at the end of the line, it moves
// (after the delay of the settings). A position looked at further back is
// left alone: going back never makes the engine move.
function maybeEngine() {
  clearTimeout(state.engineTimer);
  const entry = current();
  if (!entry || !entry.analysis || isOver(entry.analysis)) return;
  if (state.index !== state.line.length - 1) return;
  if (!isEngineTurn(state.index)) return;
  state.engineTimer = setTimeout(engineMove, Math.max(0, Number(state.settings.delay) || 0));
}

// A few random moves from the default position (the games' generate writes
// contest inputs, not positions; docs/web.md).
async function randomPlayout() {
  const generation = ++state.generation;
  showError('');
  try {
    let analysis = await analyze(state.game.default_position);
    const plies = 1 + Math.floor(Math.random() * 4);
    for (let i = 0; i < plies && !isOver(analysis); i++) {
      const m = analysis.moves[Math.floor(Math.random() * analysis.moves.length)];
      const next = m.position ||
                   (await api('/api/play', request({position: analysis.position, move: m.move}))).position;
      analysis = await analyze(next);
    }
    if (generation !== state.generation) return;
    await start(analysis.position);
  } catch (e) {
    if (generation === state.generation) showError(e.message);
  }
}

function goTo(i) {
  if (i < 0 || i >= state.line.length) return;
  clearTimeout(state.engineTimer);
  state.index = i;
  state.selectedCell = null;
  render();
}

// Against the engine, undo and redo step to the next position where it is
// a person's turn (the engine's own turns are passed over).
function undo() {
  if (state.index === 0) {
    restore();
    return;
  }
  let i = state.index - 1;
  if (engineSides().length === 1) {
    while (i > 0 && isEngineTurn(i)) i--;
  }
  goTo(i);
}

function redo() {
  let i = state.index + 1;
  if (engineSides().length === 1) {
    while (i < state.line.length - 1 && isEngineTurn(i)) i++;
  }
  if (i < state.line.length) goTo(i);
}

// Back to the line before the last option change or new start.
function restore() {
  const p = state.previous;
  if (!p) return;
  state.previous = null;
  if (p.game !== state.game.name) selectGame(p.game);
  state.options = p.options;
  renderOptions();
  state.line = p.line;
  state.index = p.index;
  state.names = {};
  for (const e of state.line) learnNames(e.analysis);
  showError('');
  render();
}

// ---------------------------------------------------------------- set-up

function renderOptions() {
  const box = $('options');
  box.replaceChildren();
  for (const o of state.game.options) {
    const id = `option-${o.name}`;
    if (o.kind === 'flag') {
      const input = el('input', {type: 'checkbox', checked: Boolean(state.options[o.name]), id});
      input.addEventListener('change', () => changeOption(o, input.checked, input));
      box.append(el('label', {title: o.help}, input, ` ${o.name}`), ' ');
    } else {
      const input = el('input', {type: 'text', value: state.options[o.name], id, size: 8});
      input.addEventListener('change', () => changeOption(o, input.value, input));
      box.append(el('label', {title: o.help}, `${o.name} `, input), ' ');
    }
  }
}

// An option change starts again from the position shown, with the line
// before it kept (undo or "back to the previous game"). Refused, the old
// options stay in force and the field says what was wrong.
async function changeOption(o, value, input) {
  const old = state.options[o.name];
  const taken = snapshot();  // before the change: what undo brings back
  state.options[o.name] = value;
  const ok = await start(currentPosition(), {
    taken,
    onError: () => {
      state.options[o.name] = old;
      input.setAttribute('aria-invalid', 'true');
      $('setup').open = true;
    },
  });
  if (ok) input.removeAttribute('aria-invalid');
}

function currentPosition() {
  const entry = current();
  return entry && entry.analysis ? entry.analysis.position : state.game.default_position;
}

// An example's label: its first line and its last (two 110 x 110 matrices
// differ only in their moves), numbered.
function exampleLabel(p, i) {
  const lines = p.split('\n').filter((l) => l.trim() !== '');
  const cut = (s, n) => (s.length > n ? `${s.slice(0, n - 1)}\u2026` : s);
  let label = cut(lines[0] || '', 28);
  if (lines.length > 2) {
    const last = lines[lines.length - 1];
    label += /^(moves|marked|mutated)/.test(last) ? ` \u2026 ${cut(last, 20)}` : ` (${lines.length - 1} lines)`;
  } else if (lines.length === 2) {
    label += ` / ${cut(lines[1], 20)}`;
  }
  return `${i + 1}: ${label}`;
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
  renderRules();
  const examples = $('examples');
  examples.replaceChildren(el('option', {value: ''}, 'choose\u2026'));
  state.game.example_positions.forEach((p, i) => {
    examples.append(el('option', {value: String(i)}, exampleLabel(p, i)));
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
  let game = state.games.find((g) => g.name === name);
  let unknown = null;
  if (name !== null && !game) {
    unknown = `there is no game '${name}' here; the games: ${state.games.map((g) => g.name).join(', ')}`;
  }
  if (!game) game = state.games[0];
  const options = {};
  for (const o of game.options) {
    if (!params.has(o.name)) continue;
    const v = params.get(o.name);
    options[o.name] = o.kind === 'flag' ? !['', '0', 'false', 'no'].includes(v) : v;
  }
  const mode = params.get('mode');
  if (['people', 'engine-0', 'engine-1', 'engine-both'].includes(mode)) state.mode = mode;
  $('mode').value = state.mode;
  selectGame(game.name, options);
  const position = unknown === null && params.has('position') ? params.get('position') : game.default_position;
  return {position, unknown};
}

// ---------------------------------------------------------------- settings

function loadSettings() {
  try {
    const saved = JSON.parse(localStorage.getItem(kSettingsKey) || '{}');
    Object.assign(state.settings, saved);
    if (saved.mode) state.mode = saved.mode;
  } catch (e) {
    // A broken entry is ignored: the defaults stand.
  }
  $('set-values').checked = state.settings.showValues;
  $('set-delta').checked = state.settings.delta;
  $('set-delay').value = String(state.settings.delay);
  $('set-theme').value = state.settings.theme;
  applyTheme();
}

function saveSettings() {
  try {
    localStorage.setItem(kSettingsKey, JSON.stringify(Object.assign({}, state.settings, {mode: state.mode})));
  } catch (e) {
    // Storage refused (private mode): the settings last for this page.
  }
}

function applyTheme() {
  const t = state.settings.theme;
  if (t === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
}

// ---------------------------------------------------------------- keys

// The arrow keys step through the game only when the board, the history or
// the chart has focus (never in a drop-down or a text field).
function onKey(e) {
  const inside = e.target.closest && e.target.closest('#board-section, #history-section');
  if (!inside) return;
  const tag = e.target.tagName;
  if (tag === 'SELECT' || tag === 'INPUT' || tag === 'TEXTAREA') return;
  if (e.key === 'ArrowLeft') { e.preventDefault(); undo(); keepFocus(); }
  if (e.key === 'ArrowRight') { e.preventDefault(); redo(); keepFocus(); }
  if (e.key === 'Home') { e.preventDefault(); goTo(0); keepFocus(); }
  if (e.key === 'End') { e.preventDefault(); goTo(state.line.length - 1); keepFocus(); }
}

// The focused node was redrawn: focus the board so the keys go on working.
function keepFocus() {
  if (!document.activeElement || document.activeElement === document.body) $('position').focus();
}

async function main() {
  loadSettings();
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
    const before = snapshot();
    selectGame(select.value);
    start(state.game.default_position, {keep: false}).then((ok) => { if (ok) state.previous = before; render(); });
  });
  $('default-position').addEventListener('click', () => start(state.game.default_position));
  $('examples').addEventListener('change', (e) => {
    const i = e.target.value;
    if (i !== '') start(state.game.example_positions[Number(i)]);
    e.target.value = '';
  });
  $('random-position').addEventListener('click', randomPlayout);
  $('load-position').addEventListener('click', () => {
    const typed = $('position-input').value;
    start(typed, {
      onError: (err, where) => {
        $('position-input').value = typed;  // the typo stays, to be fixed
        if (where) pointAt(where);
        else $('position-input').setAttribute('aria-invalid', 'true');
      },
    }).then((ok) => { if (!ok) $('position-input').value = typed; });
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('restore').addEventListener('click', restore);
  $('engine-move').addEventListener('click', engineMove);
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      announce('link copied');
    } catch (e) {
      announce('the browser refused the clipboard: use the link beside');
    }
  });
  $('mode').addEventListener('change', (e) => {
    state.mode = e.target.value;
    saveSettings();
    render();
    maybeEngine();
  });
  $('set-values').addEventListener('change', (e) => { state.settings.showValues = e.target.checked; saveSettings(); render(); });
  $('set-delta').addEventListener('change', (e) => { state.settings.delta = e.target.checked; saveSettings(); render(); });
  $('set-delay').addEventListener('change', (e) => {
    const v = Number(e.target.value);
    state.settings.delay = Number.isFinite(v) ? Math.min(5000, Math.max(0, v)) : 600;
    saveSettings();
  });
  $('set-theme').addEventListener('change', (e) => { state.settings.theme = e.target.value; saveSettings(); applyTheme(); });
  document.addEventListener('keydown', onKey);
  const {position, unknown} = fromUrl();
  const typed = position;
  const ok = await start(position, {
    keep: false,
    onError: (err, where) => {
      $('position-input').value = typed;
      if (where) pointAt(where);
    },
  });
  if (!ok) $('position-input').value = typed;
  if (unknown) showError(unknown);
  document.body.dataset.loaded = 'true';  // for tests: the first answer is in
}

main();
