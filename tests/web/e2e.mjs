// End-to-end tests of the web board in a real browser: Debian's chromium,
// driven by puppeteer-core (tests/web/package.json; no browser download).
//   node tests/web/e2e.mjs PERFECTPLAY [SCREENSHOT_DIR]
// Starts `perfectplay serve --port 0`, and for every game that has a board:
// loads it, checks every move's data-value against `perfectplay analyze
// --json` on the same position, plays a move by clicking, undoes it, checks
// the URL round-trips, and plays a whole game against the engine. With
// SCREENSHOT_DIR, writes web-<game>.png there (docs/img/). Exit 77 (ctest's
// skip) when chromium or the npm packages are missing.
import {spawn, execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createRequire} from 'node:module';

const [binary, screenshots] = process.argv.slice(2);
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
if (!binary) {
  console.error('usage: node e2e.mjs PERFECTPLAY [SCREENSHOT_DIR]');
  process.exit(2);
}
if (!existsSync(chromium)) {
  console.error(`skipped: no ${chromium} (scripts/setup.sh installs Debian's chromium)`);
  process.exit(77);
}
let puppeteer;
try {
  puppeteer = createRequire(import.meta.url)('puppeteer-core');
} catch (e) {
  console.error('skipped: no puppeteer-core (scripts/setup.sh runs npm ci in tests/web)');
  process.exit(77);
}

let failures = 0;
let checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.error(`FAIL: ${what}`);
  }
}

// The command line's analysis of a position, the reference for the board.
function cliAnalyze(game, position, options, specs) {
  const args = ['analyze', game, '--position', position, '--json'];
  for (const o of specs) {
    if (o.kind === 'flag' && options[o.name]) args.push(`--${o.name}`);
    if (o.kind === 'text' && options[o.name] !== undefined) args.push(`--${o.name}`, options[o.name]);
  }
  return JSON.parse(execFileSync(binary, args, {encoding: 'utf8', maxBuffer: 1 << 26}));
}

const dataValue = (v) => (v.kind === 'score' ? String(v.score) : v.kind);

async function startServer() {
  const server = spawn(binary, ['serve', '--port', '0'], {stdio: ['ignore', 'pipe', 'inherit']});
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/[^\s]+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error('serve printed no URL in 10 s')), 10000);
  });
  return {server, url};
}

const settled = (page) => page.waitForFunction(
  () => document.body.dataset.state === 'ready' &&
        document.getElementById('position').getAttribute('data-position') !== '',
  {timeout: 20000});

async function boardMoves(page) {
  return page.$$eval('#moves [data-move]', (items) =>
    items.map((li) => ({move: li.getAttribute('data-move'), value: li.getAttribute('data-value'),
                        best: li.classList.contains('best')})));
}

const position = (page) => page.$eval('#position', (e) => e.getAttribute('data-position'));

async function waitPosition(page, expected) {
  await page.waitForFunction(
    (p) => document.body.dataset.state === 'ready' &&
           document.getElementById('position').getAttribute('data-position') === p,
    {timeout: 20000}, expected);
}

// The board's moves are the command line's, in order, with the same values.
async function compareWithCli(page, game, options, specs, label) {
  const shown = await position(page);
  const cli = cliAnalyze(game, shown, options, specs);
  const moves = await boardMoves(page);
  check(cli.position === shown, `${label}: position ${JSON.stringify(shown)} is canonical`);
  check(moves.length === cli.moves.length,
        `${label}: ${moves.length} moves on the board, ${cli.moves.length} from the CLI`);
  cli.moves.forEach((m, i) => {
    const b = moves[i] || {};
    check(b.move === m.move && b.value === dataValue(m.value) && b.best === m.best,
          `${label}: move ${i}: board ${JSON.stringify(b)}, CLI ${m.move} ${dataValue(m.value)} best=${m.best}`);
  });
  return cli;
}

async function testGame(browser, url, game) {
  const t0 = Date.now();
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.setViewport({width: 1100, height: 860});
  await page.goto(`${url}?game=${game.name}`);
  await settled(page);
  const start = await position(page);
  check(start === cliAnalyze(game.name, game.default_position, {}, []).position,
        `${game.name}: opens on the default position`);
  const cli = await compareWithCli(page, game.name, {}, game.options, `${game.name} default`);
  check(await page.$('#position svg.board') !== null, `${game.name}: the board is drawn as SVG`);

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
  if (screenshots) {  // one move played: the board, its moves and the chart
    await page.$eval('#moves', (e) => { e.scrollTop = 0; });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: join(screenshots, `web-${game.name}.png`)});
  }

  // The URL round-trips: a fresh page on it shows the same position.
  const again = await browser.newPage();
  await again.goto(afterMove);
  await settled(again);
  check(await position(again) === move.position, `${game.name}: the URL ${afterMove} round-trips`);
  await again.close();

  // A whole game against the engine from the default position: we play the
  // first best move, the engine answers, until the game is over.
  await page.goto(`${url}?game=${game.name}&mode=engine-1`);
  await settled(page);
  let plies = 0;
  for (; plies < 400; plies++) {
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
                                     ['you', 'over'].includes(document.body.dataset.turn),
                               {timeout: 20000});
    if (await page.evaluate(() => document.body.dataset.turn) === 'over') break;
    const before = await position(page);
    const ours = (await boardMoves(page)).find((m) => m.best);
    await page.click(`#moves li[data-move="${ours.move}"] button`);
    await page.waitForFunction(
      (p) => document.getElementById('position').getAttribute('data-position') !== p,
      {timeout: 20000}, before);
  }
  const history = await page.$$eval('#history li', (l) => l.length);
  const final = cliAnalyze(game.name, await position(page), {}, game.options);
  check(final.to_move === null || final.moves.length === 0,
        `${game.name}: the game against the engine reached its end (${history} plies)`);
  check(history >= 1, `${game.name}: the history lists the game's moves`);
  // Every example position (the huge ones included) loads, is drawn (as SVG
  // or, when too large to draw, as text), and its moves are the CLI's.
  for (const [i, example] of game.example_positions.entries()) {
    if (example.length <= 2000) {
      await page.goto(`${url}?game=${game.name}&position=${encodeURIComponent(example)}`);
    } else {  // too long for a URL: typed into the box
      await page.$eval('#position-input', (e, p) => { e.value = p; }, example);
      await page.click('#load-position');
      await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
          document.getElementById('position').getAttribute('data-position').length > 2000,
        {timeout: 20000});
    }
    await settled(page);
    await compareWithCli(page, game.name, {}, game.options, `${game.name} example ${i}`);
    check(await page.$('#position svg.board, #position pre') !== null,
          `${game.name} example ${i}: drawn`);
  }
  check(errors.length === 0, `${game.name}: no errors in the page: ${errors.join('; ')}`);
  await page.close();
  console.log(`${game.name}: ${cli.moves.length} moves checked, a game of ${history} plies against the engine, ` +
              `${game.example_positions.length} examples (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

async function testOptions(browser, url) {
  // nim misère and an octal code from the URL reach the analysis.
  const cases = [
    {game: 'nim', query: 'position=1%201%202&misere=1', options: {misere: true}, check: 'misere'},
    {game: 'octal', query: 'position=9%204&code=0.137', options: {code: '0.137'}, check: 'code'},
  ];
  for (const c of cases) {
    const page = await browser.newPage();
    await page.goto(`${url}?game=${c.game}&${c.query}`);
    await settled(page);
    const specs = (await (await fetch(`${url}api/games`)).json()).games.find((g) => g.name === c.game).options;
    await compareWithCli(page, c.game, c.options, specs, `${c.game} ${c.query}`);
    check(page.url().includes(c.query.split('&')[1]), `${c.game}: the option stays in the URL`);
    await page.close();
  }
  // A position the parser refuses shows its message, line and column.
  const page = await browser.newPage();
  await page.goto(`${url}?game=nim&position=3%20x`);
  await page.waitForFunction(() => !document.getElementById('error').hidden, {timeout: 20000});
  const message = await page.$eval('#error', (e) => e.textContent);
  check(/^<position>:1:3: /.test(message), `a bad position's message: ${message}`);
  await page.close();
}

const began = Date.now();
const {server, url} = await startServer();
const profile = mkdtempSync(join(tmpdir(), 'perfectplay-chromium-'));
let browser;
try {
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--disable-dev-shm-usage'],
  });
  const games = (await (await fetch(`${url}api/games`)).json()).games
    .filter((g) => g.commands.includes('analyze') && g.commands.includes('play'));
  check(games.length >= 6, `${games.length} games with a board`);
  for (const game of games) await testGame(browser, url, game);
  await testOptions(browser, url);
} catch (e) {
  failures++;
  console.error(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) await browser.close();
  // Ctrl-C stops the server cleanly: exit status 0.
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({code, signal})));
  server.kill('SIGINT');
  const {code, signal} = await exited;
  check(code === 0, `serve stopped by SIGINT exits 0 (got ${code}, ${signal})`);
  rmSync(profile, {recursive: true, force: true});
}
const seconds = ((Date.now() - began) / 1000).toFixed(1);
console.log(`web e2e: ${checks - failures} of ${checks} checks passed in ${seconds} s`);
process.exit(failures === 0 ? 0 : 1);
