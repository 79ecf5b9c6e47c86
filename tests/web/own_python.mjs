// The web board for own games written in Python (issue 34), in Debian's
// chromium: `python -m perfectplay serve wythoff.py:Wythoff
// tictactoe.py:TicTacToe` (examples/python/), the board's features on them:
// the moves with their values (the server's analysis), a move clicked, the
// history and its chart, undo and redo, the engine's move, no console error.
//   node tests/web/own_python.mjs PYTHON_PACKAGE_DIR
// (PYTHON_PACKAGE_DIR: the folder holding the perfectplay package, the build
// tree's python/). Exit 77 (ctest's skip) when chromium or the npm packages
// are missing.
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

import {launch, listMoves, makeChecks, newPage, noOverflow, position, requireTools, settled,
        spawnServer, waitPosition} from './support.mjs';

const [packageDir] = process.argv.slice(2);
if (!packageDir) {
  console.error('usage: node own_python.mjs PYTHON_PACKAGE_DIR');
  process.exit(2);
}
const puppeteer = requireTools();
const t = makeChecks();
const examples = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples', 'python');

const {server, url} = await spawnServer(
    '/usr/bin/python3',
    ['-m', 'perfectplay', 'serve', 'wythoff.py:Wythoff', 'tictactoe.py:TicTacToe', '--port', '0'],
    {cwd: examples, env: {...process.env, PYTHONPATH: packageDir}}, 30);

async function analysis(game, p) {
  const r = await fetch(`${url}api/analyze`, {method: 'POST', headers: {'Content-Type': 'application/json'},
                                              body: JSON.stringify({game, position: p})});
  return r.json();
}

const dataValue = (v) => v.kind;

const browser = await launch(puppeteer);
try {
  for (const [game, start] of [['wythoff', '(3, 5)'], ['tic-tac-toe', "'.........'"]]) {
    const page = await newPage(browser, 1280, 800);
    await page.goto(`${url}?game=${game}`);
    await settled(page);
    t.check(await position(page) === start, `${game}: the start position ${start} is shown`);
    // The move list: the server's analysis, values and best marks.
    const server_ = await analysis(game, start);
    const moves = await listMoves(page);
    t.check(moves.length === server_.moves.length && server_.moves.length > 0,
            `${game}: ${moves.length} moves listed, ${server_.moves.length} analyzed`);
    server_.moves.forEach((m, i) => {
      const b = moves[i] || {};
      t.check(b.move === m.move && b.value === dataValue(m.value) && b.best === m.best,
              `${game}: move ${i}: ${JSON.stringify(b)} against ${m.move} ${dataValue(m.value)}`);
    });
    // A move clicked: its child shown, one ply in the history and the chart.
    const first = server_.moves[0];
    await page.click(`#moves li[data-move="${first.move}"] button`);
    await waitPosition(page, first.position);
    t.check(await page.$$eval('#history li', (l) => l.length) >= 1, `${game}: the move is in the history`);
    t.check(await page.$('#chart svg') !== null, `${game}: the chart is drawn`);
    // Undo, redo.
    await page.click('#undo');
    await waitPosition(page, start);
    t.check(true, `${game}: undo goes back to the start`);
    await page.click('#redo');
    await waitPosition(page, first.position);
    t.check(true, `${game}: redo plays the move again`);
    // The engine's move: a best move of the position shown.
    const here = await analysis(game, first.position);
    await page.click('#engine-move');
    await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
        document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000},
        first.position);
    const after = await position(page);
    t.check(here.moves.some((m) => m.best && m.position === after),
            `${game}: the engine played a best move (to ${after})`);
    const o = await noOverflow(page);
    t.check(o.scroll <= o.inner, `${game}: no horizontal scroll`);
    t.check(page.errors.length === 0, `${game}: no console error (${page.errors.join('; ')})`);
    await page.close();
  }
} finally {
  await browser.close();
  browser.cleanup();
  const exited = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
  server.kill('SIGINT');
  t.check(await exited === 0, 'the server stops on Ctrl-C with exit 0');
}
console.log(`${t.checks - t.failures} passed, ${t.failures} failed`);
process.exit(t.failures === 0 ? 0 : 1);
