// What the browser tests share: the server, the browser, the command line's
// analysis (the reference the board is checked against), the checks.
import {spawn, execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createRequire} from 'node:module';

export const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

// Exit 77 (ctest's skip) when chromium or the npm packages are missing.
export function requireTools() {
  if (!existsSync(chromium)) {
    console.error(`skipped: no ${chromium} (scripts/setup.sh installs Debian's chromium)`);
    process.exit(77);
  }
  try {
    return createRequire(import.meta.url)('puppeteer-core');
  } catch (e) {
    console.error('skipped: no puppeteer-core (scripts/setup.sh runs npm ci in tests/web)');
    process.exit(77);
  }
}

export function makeChecks() {
  const c = {failures: 0, checks: 0};
  c.check = (ok, what) => {
    c.checks++;
    if (!ok) {
      c.failures++;
      console.error(`FAIL: ${what}`);
    }
    return ok;
  };
  return c;
}

// The command line's analysis of a position, the reference for the board.
export function cliAnalyze(binary, game, position, options, specs) {
  const args = ['analyze', game, '--position', position, '--json'];
  for (const o of specs || []) {
    if (o.kind === 'flag' && options[o.name]) args.push(`--${o.name}`);
    if (o.kind === 'text' && options[o.name] !== undefined) args.push(`--${o.name}`, options[o.name]);
  }
  return JSON.parse(execFileSync(binary, args, {encoding: 'utf8', maxBuffer: 1 << 26}));
}

export const dataValue = (v) => (v.kind === 'score' ? String(v.score)
                                 : v.kind === 'nimber' ? (v.nimber === 0 ? 'loss' : 'win') : v.kind);

// axe-core's script, for the accessibility checks; exit 77 (ctest's skip)
// where the npm packages are missing.
export function requireAxe() {
  try {
    return createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch (e) {
    console.error('skipped: no axe-core (scripts/setup.sh runs npm ci in tests/web)');
    process.exit(77);
  }
}

export async function startServer(binary, extra = []) {
  return spawnServer(binary, ['serve', '--port', '0', ...extra], {}, 10);
}

// Any command that serves the board and prints its URL (perfectplay serve,
// python -m perfectplay serve): the process and the URL, once printed.
export async function spawnServer(command, args, options, seconds) {
  const server = spawn(command, args, {...options, stdio: ['ignore', 'pipe', 'inherit']});
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/[^\s]+\/)/.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
    setTimeout(() => reject(new Error(`serve printed no URL in ${seconds} s`)), seconds * 1000);
  });
  return {server, url};
}

export async function stopServer(server) {
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({code, signal})));
  server.kill('SIGINT');
  return exited;
}

export async function launch(puppeteer) {
  const profile = mkdtempSync(join(tmpdir(), 'perfectplay-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    userDataDir: profile,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           '--disable-dev-shm-usage'],
  });
  browser.cleanup = () => rmSync(profile, {recursive: true, force: true});
  return browser;
}

export async function boardGames(url) {
  return (await (await fetch(`${url}api/games`)).json()).games
    .filter((g) => g.commands.includes('analyze') && g.commands.includes('play'));
}

export const settled = (page) => page.waitForFunction(
  () => document.body.dataset.state === 'ready' &&
        document.getElementById('position').getAttribute('data-position') !== '',
  {timeout: 20000});

export const position = (page) => page.$eval('#position', (e) => e.getAttribute('data-position'));

export async function waitPosition(page, expected) {
  await page.waitForFunction(
    (p) => document.body.dataset.state === 'ready' &&
           document.getElementById('position').getAttribute('data-position') === p,
    {timeout: 20000}, expected);
}

// A new page that records its errors (console and uncaught).
export async function newPage(browser, width, height) {
  const page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.setViewport({width, height});
  return page;
}

// Every move of the list, and every move element on the board (the drawing
// and the buttons under it), as {move, value, best}.
export async function listMoves(page) {
  return page.$$eval('#moves [data-move]', (items) =>
    items.map((li) => ({move: li.getAttribute('data-move'), value: li.getAttribute('data-value'),
                        best: li.classList.contains('best')})));
}

export async function boardMoves(page) {
  return page.$$eval('#position [data-move][data-value], #board-extra [data-move][data-value]', (items) =>
    items.map((n) => ({move: n.getAttribute('data-move'), value: n.getAttribute('data-value')})));
}

export async function noOverflow(page) {
  return page.evaluate(() => ({scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
                               body: document.body.scrollWidth}));
}

// The page's first answer is in (the board drawn, or its error shown).
export async function loaded(page) {
  await page.waitForFunction(() => {
    const b = document.body;
    if (b.dataset.state !== 'ready') return false;
    return b.dataset.loaded === 'true' || document.getElementById('position').getAttribute('data-position') !== '' ||
           !document.getElementById('error').hidden;
  }, {timeout: 20000});
}

// A part of a test that fails on its own: an exception is its failure, and
// the next part still runs.
export async function part(t, name, fn) {
  try {
    await fn();
  } catch (e) {
    t.check(false, `${name}: ${String(e.message || e).split('\n')[0]}`);
  }
}
