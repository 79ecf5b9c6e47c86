// The partizan games on the board (issue 38), in Debian's chromium: the
// board drawn from the analysis' cells (analysis.grid), a Domineering move
// played by clicking its bar, the value panel's canonical value and
// thermograph (POST /api/value) equal to `perfectplay value`, and axe-core
// with no violation of any impact on the page.
//   node tests/web/partizan.mjs PERFECTPLAY
// Exit 77 (ctest's skip) without chromium, the npm packages or axe-core.
import {execFileSync} from 'node:child_process';

import {launch, listMoves, makeChecks, newPage, noOverflow, requireTools, settled, startServer,
        stopServer, waitPosition, requireAxe} from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node partizan.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();
const axePath = requireAxe();
const t = makeChecks();
const q = (s) => encodeURIComponent(s);
const cliValue = (game, position) =>
  JSON.parse(execFileSync(binary, ['value', game, '--position', position, '--json'], {encoding: 'utf8'}));

// The value panel for the position shown: its canonical text, once there.
const panelValue = (page) => page.waitForFunction(() => {
  const c = document.querySelector('#cgt:not([hidden]) .cgt-canonical');
  return c ? c.dataset.canonical : '';
}, {timeout: 20000}).then((h) => h.jsonValue()).catch(() => '');

const {server, url} = await startServer(binary);
const browser = await launch(puppeteer);
try {
  const page = await newPage(browser, 1280, 800);
  await page.setBypassCSP(true);  // for axe's injected script only
  await page.goto(`${url}?game=domineering&position=${q('L:.../...')}`);
  await settled(page);
  // The board is the grid: six cells, and a bar for each of Left's three
  // vertical dominoes, coloured by its value as the CLI values it.
  const cells = await page.$$eval('#position svg.board.grid .gcell', (c) => c.length);
  t.check(cells === 6, `domineering 2 x 3: six cells drawn (got ${cells})`);
  const bars = await page.$$eval('#position svg.board.grid [data-move]',
                                 (b) => b.map((x) => [x.getAttribute('data-move'), x.getAttribute('data-value'),
                                                      x.getAttribute('class')]));
  const cli = JSON.parse(execFileSync(binary, ['analyze', 'domineering', '--position', 'L:.../...', '--json'],
                                      {encoding: 'utf8'}));
  t.check(bars.length === cli.moves.length && bars.length === 3,
          `a bar per Left move (${bars.map((b) => b[0]).join(', ')})`);
  for (const m of cli.moves) {
    const bar = bars.find((b) => b[0] === m.move);
    t.check(bar && bar[2].includes(`v-${m.value.kind}`), `${m.move} coloured ${m.value.kind} (${bar && bar[2]})`);
  }
  // The value panel: the same canonical form as `perfectplay value`, and a
  // thermograph with both walls.
  const first = await panelValue(page);
  t.check(first === cliValue('domineering', 'L:.../...').value.canonical,
          `the value panel shows ${first}, as the CLI`);
  // Click Left's domino on the first column (a1-a2): Right to move on the
  // 2 x 2 square left.
  const move = cli.moves.find((m) => m.move === 'a1-a2');
  await page.click('#position [data-move="a1-a2"]');
  await waitPosition(page, move.position);
  t.check(true, `clicking a1-a2 plays it: ${move.position}`);
  // Once the board shows the new position, the panel shows its value or is
  // computing it: never the previous position's value.
  const stale = await page.evaluate(() => {
    const panel = document.getElementById('cgt');
    const c = panel.querySelector('.cgt-canonical');
    const shown = document.getElementById('position').getAttribute('data-position');
    return c && !panel.hidden && panel.dataset.position !== shown ? c.dataset.canonical : '';
  });
  t.check(stale === '', `no stale value beside the new board (${stale || 'none'})`);
  const after = await page.waitForFunction((want) => {
    // The panel names the position its value is of: never the previous one's.
    const c = document.querySelector('#cgt:not([hidden]) .cgt-canonical');
    return c && document.getElementById('cgt').dataset.position === want ? c.dataset.canonical : '';
  }, {timeout: 20000}, move.position).then((h) => h.jsonValue()).catch(() => '');
  const want = cliValue('domineering', move.position).value;
  t.check(after === want.canonical, `after the move the panel shows ${after} (the CLI: ${want.canonical})`);
  const walls = await page.$$eval('#cgt svg.thermograph polyline.wall', (w) => w.map((x) => x.getAttribute('points')));
  t.check(walls.length === 2 && walls.every((p) => p.split(' ').length >= 2),
          `the thermograph draws its two walls (${walls.length})`);
  const label = await page.$eval('#cgt svg.thermograph', (s) => s.getAttribute('aria-label'));
  t.check(label.includes(`temperature ${want.temperature}`), `the thermograph is labelled: ${label}`);
  // Right's turn: Right's horizontal dominoes are the bars now.
  const rightBars = await page.$$eval('#position [data-move]', (b) => b.map((x) => x.getAttribute('data-move')));
  t.check(rightBars.length === 2 && rightBars.every((m) => m[1] === m[4] && m[0] !== m[3]),
          `Right's bars, horizontal: ${rightBars.join(', ')}`);

  // axe-core: no violation of any impact, mid-game with the panel drawn.
  await page.addScriptTag({path: axePath});
  const violations = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, {resultTypes: ['violations']});
    return r.violations.map((v) => `${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  });
  t.check(violations.length === 0, `axe-core: ${violations.length} violations ${violations.join('; ')}`);
  t.check(page.errors.length === 0, `no console error (${page.errors.join('; ')})`);
  await page.close();

  // The other three games draw their grids and value panels too, and a
  // phone's page does not scroll sideways.
  for (const [game, pos] of [['toads-frogs', 'L:TT..FF'], ['hackenbush', 'R:BRB RR BR'], ['clobber', 'L:xox/oxo']]) {
    const p = await newPage(browser, 390, 844);
    await p.goto(`${url}?game=${game}&position=${q(pos)}`);
    await settled(p);
    const placed = await p.$$eval('#position svg.board.grid [data-move]', (b) => b.length);
    const listed = (await listMoves(p)).length;
    t.check(placed === listed && listed > 0, `${game}: every listed move on the grid (${placed} of ${listed})`);
    const shown = await panelValue(p);
    t.check(shown === cliValue(game, pos).value.canonical, `${game}: the panel shows ${shown}`);
    const width = await noOverflow(p);
    t.check(width.scroll <= width.inner, `${game} at 390 px: no horizontal scroll (${width.scroll})`);
    t.check(p.errors.length === 0, `${game}: no console error (${p.errors.join('; ')})`);
    await p.close();
  }
} finally {
  await browser.close();
  browser.cleanup();
  await stopServer(server);
}
console.log(`${t.checks - t.failures} passed, ${t.failures} failed`);
process.exit(t.failures === 0 ? 0 : 1);
