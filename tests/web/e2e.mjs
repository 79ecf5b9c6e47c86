// End-to-end tests of the web board in a real browser: Debian's chromium,
// driven by puppeteer-core (tests/web/package.json; no browser download).
//   node tests/web/e2e.mjs PERFECTPLAY
// Starts `perfectplay serve --port 0`. For every game that has a board, at
// 1280 x 800 and 390 x 844, on the default position, a random playout and
// the largest example: no horizontal overflow, no console error, and the
// move list and the board's own move elements carry the moves and values of
// `perfectplay analyze --json`. Then per game: a move clicked, undone,
// redone, the URL round-trip, a whole game against the engine (with the
// click-to-analysis latency, p50 and p95), every example. Then one check per
// defect of issue 32 (each failed on the board before it). Exit 77 (ctest's
// skip) when chromium or the npm packages are missing.
import {execFileSync} from 'node:child_process';
import {requireTools, makeChecks, cliAnalyze, dataValue, startServer, stopServer, launch, boardGames,
        settled, position, waitPosition, newPage, listMoves, boardMoves, noOverflow, loaded, part} from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node e2e.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();
const t = makeChecks();

const q = (s) => encodeURIComponent(s);

// The list and the board against the command line, on the position shown.
async function compareWithCli(page, game, options, specs, label) {
  const shown = await position(page);
  const cli = cliAnalyze(binary, game, shown, options, specs);
  const moves = await listMoves(page);
  t.check(cli.position === shown, `${label}: position ${JSON.stringify(shown).slice(0, 80)} is canonical`);
  t.check(moves.length === cli.moves.length,
          `${label}: ${moves.length} moves in the list, ${cli.moves.length} from the CLI`);
  cli.moves.forEach((m, i) => {
    const b = moves[i] || {};
    t.check(b.move === m.move && b.value === dataValue(m.value) && b.best === m.best,
            `${label}: move ${i}: list ${JSON.stringify(b)}, CLI ${m.move} ${dataValue(m.value)} best=${m.best}`);
  });
  // Every listed move is on the board (drawn, or a button under it), with
  // the CLI's value; every board element with a value is a listed move.
  const onBoard = await boardMoves(page);
  const want = new Map(cli.moves.map((m) => [m.move, dataValue(m.value)]));
  const seen = new Set();
  for (const b of onBoard) {
    if (!t.check(want.get(b.move) === b.value, `${label}: board element ${b.move}=${b.value}, CLI ${want.get(b.move)}`)) break;
    seen.add(b.move);
  }
  t.check(seen.size === want.size, `${label}: ${seen.size} of ${want.size} listed moves on the board`);
  return cli;
}

async function overflowOk(page, label) {
  const o = await noOverflow(page);
  t.check(o.scroll <= o.inner && o.body <= o.inner,
          `${label}: no horizontal scroll (scrollWidth ${o.scroll}, body ${o.body}, innerWidth ${o.inner})`);
}

// The largest example: the longest position text.
const largest = (game) => game.example_positions.reduce((a, b) => (b.length > a.length ? b : a), game.default_position);

async function load(page, url, game, p) {
  if (p.length <= 2000) {
    await page.goto(`${url}?game=${game.name}&position=${q(p)}`);
    await settled(page);
  } else {  // too long for a URL: typed into the box
    await page.goto(`${url}?game=${game.name}`);
    await settled(page);
    await page.$eval('#position-input', (e, v) => { e.value = v; }, p);
    await page.evaluate(() => { document.getElementById('setup').open = true; });
    await page.click('#load-position');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
        document.getElementById('position').getAttribute('data-position').length > 2000, {timeout: 20000});
  }
}

// The three positions at both sizes: overflow, errors, the CLI's values.
async function testSizes(browser, url, game) {
  const t0 = Date.now();
  const lap = (what) => { if (process.env.PERFECTPLAY_WEB_TIMES) console.log(`  ${game.name} ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s`); };
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const page = await newPage(browser, w, h);
    await page.goto(`${url}?game=${game.name}`);
    await settled(page);
    await overflowOk(page, `${game.name} ${w}px default`);
    await compareWithCli(page, game.name, {}, game.options, `${game.name} ${w}px default`);
    // The board comes first: its top is in the first screen.
    const top = await page.$eval('#position', (e) => e.getBoundingClientRect().top);
    t.check(top < h * 0.5, `${game.name} ${w}px: the board starts at ${Math.round(top)} px, in the first half screen`);
    const before = await position(page);
    await page.evaluate(() => { document.getElementById('setup').open = true; });
    await page.click('#random-position');
    await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
        document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000}, before);
    lap(`${w} random`);
    await overflowOk(page, `${game.name} ${w}px random`);
    await compareWithCli(page, game.name, {}, game.options, `${game.name} ${w}px random`);
    lap(`${w} before largest`);
    await load(page, url, game, largest(game));
    lap(`${w} largest loaded`);
    await overflowOk(page, `${game.name} ${w}px largest example`);
    await compareWithCli(page, game.name, {}, game.options, `${game.name} ${w}px largest example`);
    t.check(await page.$('#position svg.board') !== null, `${game.name} ${w}px largest example: drawn as a board`);
    t.check(page.errors.length === 0, `${game.name} ${w}px: no errors in the page: ${page.errors.join('; ')}`);
    await page.close();
    lap(`${w} done`);
  }
}

const latencies = {};

async function testGame(browser, url, game) {
  const t0 = Date.now();
  const page = await newPage(browser, 1280, 800);
  await page.goto(`${url}?game=${game.name}`);
  await settled(page);
  const start = await position(page);
  t.check(start === cliAnalyze(binary, game.name, game.default_position, {}, []).position,
          `${game.name}: opens on the default position`);
  const cli = await compareWithCli(page, game.name, {}, game.options, `${game.name} default`);

  // Click a move (the last listed: not always the best), then undo it.
  const move = cli.moves[cli.moves.length - 1];
  await page.click(`#moves li[data-move="${move.move}"] button`);
  await waitPosition(page, move.position);
  await compareWithCli(page, game.name, {}, game.options, `${game.name} after ${move.move}`);
  const afterMove = page.url();
  await page.click('#undo');
  await waitPosition(page, start);
  await page.click('#redo');
  await waitPosition(page, move.position);

  // The URL round-trips: a fresh page on it shows the same position.
  const again = await browser.newPage();
  await again.goto(afterMove);
  await settled(again);
  t.check(await position(again) === move.position, `${game.name}: the URL ${afterMove} round-trips`);
  await again.close();

  // A whole game against the engine from the default position, played on
  // the board (the first best move's element): click to analysis timed.
  await page.goto(`${url}?game=${game.name}&mode=engine-1`);
  await page.evaluate(() => localStorage.setItem('perfectplay.settings', JSON.stringify({delay: 0})));
  await page.goto(`${url}?game=${game.name}&mode=engine-1`);
  await settled(page);
  let plies = 0;
  for (; plies < 400; plies++) {
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
                                     ['you', 'over'].includes(document.body.dataset.turn),
                               {timeout: 20000});
    if (await page.evaluate(() => document.body.dataset.turn) === 'over') break;
    const before = await position(page);
    const ours = (await listMoves(page)).find((m) => m.best) || (await listMoves(page))[0];
    const target = await page.$(`#position [data-move="${ours.move}"]`) ||
                   await page.$(`#board-extra [data-move="${ours.move}"]`);
    if (!t.check(target !== null, `${game.name}: the move ${ours.move} is on the board`)) break;
    // asymmetry's writes show once their cell is chosen.
    const cell = await target.evaluate((n) => {
      const w = n.closest('.writes');
      return w && w.hidden ? w.dataset.cell : null;
    });
    if (cell) {
      await page.click(`#position [data-cell="${cell}"]`);
      await page.waitForSelector(`.writes[data-cell="${cell}"]:not([hidden])`, {timeout: 5000});
      await (await page.$(`.writes[data-cell="${cell}"] [data-move="${ours.move}"]`)).click();
    } else {
      await target.click();
    }
    await page.waitForFunction(
      (p) => document.getElementById('position').getAttribute('data-position') !== p,
      {timeout: 20000}, before);
  }
  await page.waitForFunction(() => document.body.dataset.state === 'ready', {timeout: 20000});
  latencies[game.name] = await page.evaluate(() => window.__latencies || []);
  const history = await page.$$eval('#history li', (l) => l.length);
  const final = cliAnalyze(binary, game.name, await position(page), {}, game.options);
  t.check(final.to_move === null || final.moves.length === 0,
          `${game.name}: the game against the engine reached its end (${history} plies)`);
  t.check(await page.$eval('#banner', (b) => !b.hidden && b.textContent.length > 0),
          `${game.name}: the game-over banner shows`);
  t.check(await page.$$eval('#history .who', (w) => w.every((x) => ['you', 'engine'].includes(x.textContent))),
          `${game.name}: the history says "you" and "engine"`);
  // Every example position (the huge ones included) loads and its moves
  // are the CLI's.
  for (const [i, example] of game.example_positions.entries()) {
    await load(page, url, game, example);
    await compareWithCli(page, game.name, {}, game.options, `${game.name} example ${i}`);
  }
  // Example labels are distinct (two 110 x 110 gridgame matrices shared one).
  const labels = await page.$$eval('#examples option', (o) => o.slice(1).map((x) => x.textContent));
  t.check(new Set(labels).size === labels.length, `${game.name}: example labels distinct: ${labels.join(' | ')}`);
  t.check(page.errors.length === 0, `${game.name}: no errors in the page: ${page.errors.join('; ')}`);
  await page.close();
  console.log(`${game.name}: ${cli.moves.length} moves checked, a game of ${history} plies against the engine, ` +
              `${game.example_positions.length} examples (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

async function withPage(browser, url, query, fn, size = [1280, 800]) {
  const page = await newPage(browser, size[0], size[1]);
  await page.goto(`${url}?${query}`);
  await loaded(page);
  try {
    await fn(page);
  } finally {
    await page.close();
  }
}

async function play(page, move) {
  const before = await position(page);
  const node = await page.$(`#moves li[data-move="${move}"] button`);
  await node.click();
  await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
      document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000}, before);
}

const idle = (page) => page.waitForFunction(() => document.body.dataset.state === 'ready', {timeout: 20000});

// One check (or a few) per defect of issue 32.
async function testDefects(browser, url) {
  // 2. The history's entries do not overlap; each has its own ply number.
  await part(t, 'defect 2', async () => {
  await withPage(browser, url, `game=binim&position=${q('Dee 0110 1001 10 0')}`, async (page) => {
    for (const m of ['1 1', '3 1', '4 1']) {
      const first = (await listMoves(page)).find((x) => x.move.startsWith(m.split(' ')[0])) || (await listMoves(page))[0];
      await play(page, first.move);
    }
    const boxes = await page.$$eval('#history li', (l) => l.map((li) => {
      const r = li.getBoundingClientRect();
      const n = li.querySelector('.ply-number');
      const nr = n ? n.getBoundingClientRect() : null;
      return {r: [r.left, r.top, r.right, r.bottom], n: nr ? [nr.left, nr.top, nr.right, nr.bottom] : null,
              text: n ? n.textContent : null};
    }));
    t.check(boxes.length === 3, `history: 3 entries (${boxes.length})`);
    boxes.forEach((b, i) => {
      t.check(b.text === `${i + 1}.`, `history entry ${i + 1}: numbered "${b.text}"`);
      t.check(b.n && b.n[0] >= b.r[0] && b.n[2] <= b.r[2], `history entry ${i + 1}: its number inside its box`);
      for (let j = 0; j < i; j++) {
        const a = boxes[j].r;
        const c = b.r;
        const overlap = a[0] < c[2] && c[0] < a[2] && a[1] < c[3] && c[1] < a[3];
        t.check(!overlap, `history entries ${j + 1} and ${i + 1} do not overlap`);
      }
    });
  });

  });
  // 3. The game-over banner names the winner, misère and binim2 included.
  await part(t, 'defect 3', async () => {
  const endings = [
    {query: `game=nim&position=1&mode=engine-1`, move: '1 1', want: /^The first player wins: you won$/},
    {query: `game=nim&position=1&misere=1&mode=engine-1`, move: '1 1', want: /^The second player wins: you lost$/},
    {query: `game=binim&position=${q('Dee 0')}&mode=engine-1`, move: '1 1', want: /^Dee wins: you won$/},
    {query: `game=binim2&position=${q('Dee 0')}&mode=engine-1`, move: '1 1', want: /^Dum wins: you lost$/},
    {query: `game=bacteria&position=${q('1 2\n.#\n')}&mode=engine-1`, move: '1 1 H', want: /^The second player wins: you lost$/},
    {query: `game=nim&position=${q('1 1')}`, moves: ['1 1', '2 1'], want: /^The second player wins$/},
  ];
  for (const e of endings) {
    await withPage(browser, url, e.query, async (page) => {
      for (const m of e.moves || [e.move]) await play(page, m);
      await idle(page);
      const text = await page.$eval('#banner', (b) => (b.hidden ? '' : b.textContent));
      t.check(e.want.test(text), `banner after ${e.query}: "${text}", want ${e.want}`);
    });
  }

  });
  // 4. A slower loss is an inaccuracy, not a mistake; a lost win is one.
  await part(t, 'defect 4', async () => {
  await withPage(browser, url, `game=binim&position=${q('Dee 0110 1001 10 0')}`, async (page) => {
    await play(page, '1 1');  // loss in 6 -> loss in 4
    const v = await page.$eval('#history li[data-ply="1"]', (li) => li.dataset.verdict);
    t.check(v === 'inaccuracy', `binim loss in 6 -> loss in 4: "${v}", want inaccuracy`);
    t.check(!(await page.$eval('#history', (h) => h.textContent)).includes('a mistake'),
            'binim loss in 6 -> loss in 4: not called a mistake');
  });
  await withPage(browser, url, `game=nim&position=${q('3 4 5')}`, async (page) => {
    await play(page, '1 1');  // win -> loss
    const v = await page.$eval('#history li[data-ply="1"]', (li) => li.dataset.verdict);
    t.check(v === 'mistake', `nim 3 4 5, 1 1 (a win thrown away): "${v}", want mistake`);
  });

  });
  // 5. The chart: full width, remoteness on the axis, points that go to
  // their ply.
  await part(t, 'defect 5', async () => {
  await withPage(browser, url, `game=nim&position=${q('3 4 5')}`, async (page) => {
    await play(page, '3 2');
    await play(page, '2 1');
    const widths = await page.evaluate(() => [document.querySelector('#chart svg').getBoundingClientRect().width,
                                              document.getElementById('history-section').clientWidth]);
    t.check(widths[0] >= widths[1] * 0.85, `chart ${widths[0]} px wide in a section of ${widths[1]} px`);
    const dots = await page.$$('#chart .dot');
    t.check(dots.length === 3, `chart: 3 points (${dots.length})`);
    const ys = await page.$$eval('#chart .dot', (d) => d.map((x) => Number(x.getAttribute('cy'))));
    // ply 0: a win for the first player (above), ply 1 after 3 2 (a
    // mistake? no: the best) ... the first and last points differ in height.
    t.check(new Set(ys).size > 1, `chart: the points are not on one line (${ys.join(', ')})`);
    t.check(await page.$$eval('#chart .tick', (x) => x.length) >= 2, 'chart: the axis is labelled');
    t.check(await page.$('#chart .legend, #chart + .legend, #history-section .legend') !== null, 'chart: a legend');
    await dots[0].click();
    await waitPosition(page, '3 4 5');
    t.check(true, 'chart: clicking ply 0 goes to it');
  });

  });
  // 6. Huge counts stay exact.
  await part(t, 'defect 6', async () => {
  await withPage(browser, url, `game=nim&position=${q('1000000000000000000 999999999999999999 5')}`, async (page) => {
    const raw = execFileSync(binary, ['analyze', 'nim', '--position', '1000000000000000000 999999999999999999 5',
                                      '--json'], {encoding: 'utf8'});
    const total = /"moves_total": (\d+)/.exec(raw)[1];
    const shown = await page.$eval('#moves-count', (e) => e.textContent);
    t.check(shown.endsWith(`of ${total}`), `nim 10^18: "${shown}" ends with the exact ${total}`);
    t.check((await page.$eval('#position', (e) => e.textContent)).includes('1000000000000000000 in all'),
            'nim 10^18: the row says its length (a scale)');
  });

  });
  // 7. A rejected position keeps the text and points at it; undo and redo
  // stay off; a bad octal code leaves the analysis of the code in force;
  // an unknown game is named.
  await part(t, 'defect 7', async () => {
  await withPage(browser, url, `game=nim&position=${q('3 x')}`, async (page) => {
    await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
    const message = await page.$eval('#error', (e) => e.textContent);
    t.check(/line 1, column 3/.test(message), `a bad position's message: ${message}`);
    t.check(!/<position>|--/.test(message), `a bad position's message speaks the board's words: ${message}`);
    t.check(await page.$eval('#position-input', (e) => e.value) === '3 x', 'the bad position stays in the box');
    t.check(await page.$eval('#undo', (b) => b.disabled) && await page.$eval('#redo', (b) => b.disabled),
            'nothing to undo or redo after a refused position');
    const sel = await page.$eval('#position-input', (e) => [e.selectionStart, e.selectionEnd]);
    t.check(sel[0] === 2, `the box's cursor at column 3 (offset ${sel[0]})`);
  });
  await withPage(browser, url, `game=nim&position=${q('3 4')}`, async (page) => {
    await page.evaluate(() => { document.getElementById('setup').open = true; });
    await page.$eval('#position-input', (e) => { e.value = '1 2\n3 z'; });
    await page.click('#load-position');
    await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
    t.check(await page.$eval('#position-input', (e) => e.value) === '1 2\n3 z', 'a typo stays in the box');
    t.check(await position(page) === '3 4', 'a refused position leaves the board as it was');
  });
  await withPage(browser, url, `game=octal&position=${q('9 4')}`, async (page) => {
    await page.evaluate(() => { document.getElementById('setup').open = true; });
    const before = await page.$eval('#status', (e) => e.textContent);
    await page.$eval('#option-code', (e) => { e.value = 'zzz'; e.dispatchEvent(new Event('change')); });
    await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
    const message = await page.$eval('#error', (e) => e.textContent);
    t.check(!/--code/.test(message), `a bad code's message has no option name: ${message}`);
    t.check(await page.$eval('#option-code', (e) => e.getAttribute('aria-invalid')) === 'true', 'the bad code is marked');
    t.check(!page.url().includes('zzz'), `the URL keeps the code in force: ${page.url()}`);
    t.check(await page.$eval('#status', (e) => e.textContent) === before, 'the analysis is still the old code\'s');
  });
  await withPage(browser, url, 'game=chess', async (page) => {
    await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
    const message = await page.$eval('#error', (e) => e.textContent);
    t.check(/no game 'chess'/.test(message), `?game=chess: ${message}`);
  });

  });
  // 8. The search budget's message speaks the board's words.
  await part(t, 'defect 8', async () => {
  {
    const slow = await startServer(binary, ['--max-states', '100']);
    await withPage(browser, slow.url, `game=nim&position=${q('9 9 9 9')}`, async (page) => {
      await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
      const message = await page.$eval('#error', (e) => e.textContent);
      t.check(!/--max-states|--/.test(message), `the budget's message: ${message}`);
    });
    await stopServer(slow.server);
  }

  });
  // 9. A slow answer: a spinner, the page busy, a second click refused
  // visibly.
  await part(t, 'defect 9', async () => {
  await withPage(browser, url, `game=nim&position=${q('3 4 5')}`, async (page) => {
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      if (r.url().endsWith('/api/play')) setTimeout(() => r.continue(), 800);
      else r.continue();
    });
    const square = await page.$('#position [data-move="1 1"]');
    await square.click();
    await page.waitForFunction(() => !document.getElementById('spinner').hidden, {timeout: 2000});
    t.check(await page.$eval('#board-section', (s) => s.getAttribute('aria-busy')) === 'true', 'busy: aria-busy');
    await page.click('#moves li[data-move="2 1"] button');
    const said = await page.$eval('#spinner', (s) => s.textContent);
    t.check(/not played/.test(said), `a click while busy is refused visibly: "${said}"`);
    await waitPosition(page, '2 4 5');
  });

  });
  // 10. Undo against the engine lands on your turn; an option change can
  // be taken back; the arrow keys in a drop-down do not step the game.
  await part(t, 'defect 10', async () => {
  await withPage(browser, url, `game=nim&position=${q('3 4 5')}&mode=engine-1`, async (page) => {
    await page.evaluate(() => localStorage.setItem('perfectplay.settings', JSON.stringify({delay: 0})));
    await page.reload();
    await settled(page);
    await play(page, '1 1');
    await page.waitForFunction(() => document.body.dataset.turn === 'you' &&
                                     document.querySelectorAll('#history li').length === 2, {timeout: 20000});
    await page.click('#undo');
    await idle(page);
    await new Promise((r) => setTimeout(r, 400));
    t.check(await page.evaluate(() => document.body.dataset.turn) === 'you', 'undo against the engine: your turn');
    t.check(await position(page) === '3 4 5', `undo against the engine: back to the start (${await position(page)})`);
    t.check(await page.$$eval('#history li', (l) => l.length) === 2, 'undo against the engine: the engine did not move again');
  });
  });
  await part(t, 'defect 10 (an option change, the arrow keys)', async () => {
  await withPage(browser, url, `game=nim&position=${q('3 4 5')}`, async (page) => {
    await play(page, '1 1');
    await play(page, '2 1');
    await page.evaluate(() => { document.getElementById('setup').open = true; });
    await page.click('#option-misere');
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
                                     document.querySelectorAll('#history li').length === 0, {timeout: 20000});
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#history li').length === 2, {timeout: 20000});
    t.check(!(await page.$eval('#option-misere', (e) => e.checked)), 'undo after misère: the option back off');
    t.check(await position(page) === '2 3 5', `undo after misère: the old line (${await position(page)})`);
    // The arrow keys in a focused drop-down.
    await page.focus('#examples');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await idle(page);
    t.check(await position(page) === '2 3 5', 'arrow keys in a drop-down leave the game alone');
    await page.focus('#history li[data-ply="2"] button');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.getElementById('position').getAttribute('data-position') === '2 4 5',
                               {timeout: 5000});
    t.check(true, 'arrow keys on the history step back');
  });

  });
  // 11. Boards that can be clicked: asymmetry's cells, octal's pins,
  // bacteria's V by touch; the largest boards drawn.
  await part(t, 'defect 11', async () => {
  await withPage(browser, url, `game=asymmetry&position=${q('2 4 3\n1 0 2 3\n0 3 1 1\n')}`, async (page) => {
    await page.click('#position [data-cell="2 1"]');
    await page.waitForSelector('#picker .writes[data-cell="2 1"]:not([hidden]) [data-move="2 1 1"]', {timeout: 5000});
    await page.click('#picker [data-move="2 1 1"]');
    await waitPosition(page, '2 4 3\n1 1 2 3\n0 3 1 1\nmarked: 2\n');
    t.check(true, 'asymmetry: a cell, then a value, plays it');
  });
  await withPage(browser, url, `game=octal&position=${q('5')}`, async (page) => {
    const bars = await page.$$eval('#position .bar[data-move]', (b) => b.map((x) => x.getAttribute('data-move')));
    t.check(bars.includes('1 2 1') && bars.includes('1 1 2'), `octal: bars for the moves (${bars.join(', ')})`);
    await page.click('#position .bar[data-move="1 1 2"]');
    await waitPosition(page, '2 2');
  });
  await withPage(browser, url, `game=bacteria&position=${q('2 2\n..\n.#\n')}`, async (page) => {
    await page.tap('#position [data-move="1 1 V"]');
    await waitPosition(page, '2 2\nV.\nV#\n');
    t.check(true, 'bacteria: a V colony by a tap');
  }, [390, 844]);

  });
  // The settings stay in localStorage: theme, values hidden while playing
  // the engine, delta-remoteness, who plays whom.
  await part(t, 'settings', async () => {
    await withPage(browser, url, `game=nim&position=${q('3 4 5')}`, async (page) => {
      await page.evaluate(() => { document.getElementById('settings').open = true; });
      await page.select('#set-theme', 'dark');
      await page.click('#set-delta');
      t.check((await page.$eval('#moves', (m) => m.textContent)).includes('\u0394'), 'delta-remoteness in the list');
      await page.click('#set-values');
      await page.select('#mode', 'engine-1');
      await page.goto(`${url}?game=nim&position=${q('3 4 5')}`);
      await loaded(page);
      t.check(await page.evaluate(() => document.documentElement.dataset.theme) === 'dark', 'the theme kept');
      t.check(await page.$eval('#mode', (m) => m.value) === 'engine-1', 'who plays whom kept');
      t.check(await page.$$eval('#position [data-move].v-win, #position [data-move].v-loss', (x) => x.length) === 0 &&
              !(await page.$eval('#status', (e) => e.textContent)).includes('win'),
              'values hidden while playing the engine');
      await page.evaluate(() => localStorage.clear());
    });
  });
  // Click latency (docs/performance.md): a click is one request, /api/play
  // bringing the child's analysis, and its answer comes gzipped, not brotli
  // (cpp-httplib's brotli at quality 11 took 130 to 200 ms for bacteria's
  // 12 x 12 analysis).
  await part(t, 'one request per click', async () => {
  await withPage(browser, url, `game=bacteria&position=${q('6 6\n......\n.#....\n......\n....#.\n......\n......\n')}`, async (page) => {
    const sent = [];
    const encodings = [];
    page.on('request', (r) => { if (/\/api\/(play|analyze)$/.test(r.url())) sent.push(r.url().replace(/.*\/api\//, '')); });
    page.on('response', (r) => { if (r.url().endsWith('/api/play')) encodings.push(r.headers()['content-encoding'] || 'none'); });
    const first = await page.$eval('#moves li', (li) => li.getAttribute('data-move'));
    await play(page, first);
    t.check(sent.join(' ') === 'play', `one click, one request: ${sent.join(' ')}`);
    t.check(encodings.join(' ') === 'gzip', `the click's answer is gzip: ${encodings.join(' ')}`);
  });
  });
  // 12. octal's value in words, with its remoteness where the whole sum is
  // searched (win or loss in N beside the nimber, on the status, the moves
  // and the chart), and the remoteness said to be unknown past that bound.
  await part(t, 'defect 12', async () => {
  await withPage(browser, url, `game=octal&position=${q('10 7')}`, async (page) => {
    const words = await page.$eval('#status', (e) => e.textContent);
    const cli = cliAnalyze(binary, 'octal', '10 7', {}, []);
    t.check(cli.value.kind === 'loss' && cli.value.remoteness > 0 && cli.value.nimber === 0,
            `octal 10 7 by the CLI: ${JSON.stringify(cli.value)}`);
    t.check(words.includes(`loss in ${cli.value.remoteness} (*0)`) &&
            words.includes(`loses in ${cli.value.remoteness} moves against best play; Grundy value 0`),
            `octal 10 7 in words: ${words}`);
    const items = await page.$$eval('#moves li', (l) => l.map((li) => li.textContent));
    t.check(items.length === cli.moves.length &&
            cli.moves.every((m, i) => items[i].includes(`${m.value.kind} in ${m.value.remoteness}`)),
            `octal 10 7: every move with the CLI's remoteness (${items.slice(0, 3).join(' | ')})`);
    const dot = await page.$eval('#chart circle[data-ply="0"]', (e) => e.getAttribute('aria-label'));
    t.check(dot.includes(`loss in ${cli.value.remoteness}`), `octal 10 7 on the chart: ${dot}`);
  });
  await withPage(browser, url, `game=octal&position=${q('40 31 17')}`, async (page) => {
    const words = await page.$eval('#status', (e) => e.textContent);
    const notes = await page.$eval('#notes', (e) => e.textContent);
    t.check(/Grundy value \d+ \(\*\d+\): .* wins/.test(words) && !/ in \d+ move/.test(words),
            `octal 40 31 17 in words, no remoteness: ${words}`);
    t.check(notes.includes('the remoteness is unknown'), `octal 40 31 17: the notes say why (${notes.slice(0, 200)})`);
  });
  });
}

const began = Date.now();
const {server, url} = await startServer(binary);
let browser;
try {
  browser = await launch(puppeteer);
  const games = await boardGames(url);
  t.check(games.length >= 7, `${games.length} games with a board`);
  const only = process.env.PERFECTPLAY_WEB_ONLY || 'games,sizes,defects';
  if (only.includes('games')) for (const game of games) await part(t, game.name, () => testGame(browser, url, game));
  if (only.includes('sizes')) for (const game of games) await part(t, `${game.name} sizes`, () => testSizes(browser, url, game));
  if (only.includes('defects')) await testDefects(browser, url);
} catch (e) {
  t.failures++;
  console.error(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) {
    await browser.close();
    browser.cleanup();
  }
  // Ctrl-C stops the server cleanly: exit status 0.
  const {code, signal} = await stopServer(server);
  t.check(code === 0, `serve stopped by SIGINT exits 0 (got ${code}, ${signal})`);
}
// Click-to-analysis latency over the games against the engine.
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};
console.log('latency (ms, click to the new analysis drawn): game, moves, p50, p95');
for (const [g, xs] of Object.entries(latencies)) {
  console.log(`  ${g.padEnd(10)} ${String(xs.length).padStart(3)} ${pct(xs, 0.5).toFixed(1).padStart(7)} ${pct(xs, 0.95).toFixed(1).padStart(7)}`);
}
const seconds = ((Date.now() - began) / 1000).toFixed(1);
console.log(`web e2e: ${t.checks - t.failures} of ${t.checks} checks passed in ${seconds} s`);
process.exit(t.failures === 0 ? 0 : 1);
