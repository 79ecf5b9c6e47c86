// Accessibility of the web board in Debian's chromium (puppeteer-core and
// axe-core, both pinned in tests/web/package-lock.json):
//   node tests/web/a11y.mjs PERFECTPLAY
// - axe-core on every game's page in three states (the default position, a
//   game in progress, a game over), light and dark: no serious or critical
//   violation (the counts of every impact are printed);
// - a game played with the keyboard only (Tab, Enter, then the arrow keys
//   through it) on nim and binim, to the end, against the engine.
// Exit 77 (ctest's skip) without chromium or the npm packages.
import {requireTools, makeChecks, startServer, stopServer, launch, boardGames, position, newPage, loaded,
        part, requireAxe} from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node a11y.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();
const axePath = requireAxe();
const t = makeChecks();
const q = (s) => encodeURIComponent(s);

// axe's injected script is not 'self': the page's policy is bypassed for
// the audit only.
async function audit(page, label, totals) {
  await page.addScriptTag({path: axePath});
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, {resultTypes: ['violations']});
    return r.violations.map((v) => ({id: v.id, impact: v.impact, nodes: v.nodes.length,
                                     target: v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}));
  });
  for (const v of result) totals[v.impact] = (totals[v.impact] || 0) + v.nodes;
  const bad = result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  t.check(bad.length === 0, `${label}: ${bad.map((v) => `${v.impact} ${v.id} (${v.nodes}: ${v.target})`).join('; ')}`);
  return result;
}

const waitReady = loaded;

async function auditGame(browser, url, game, theme, totals) {
  const page = await newPage(browser, 1280, 800);
  await page.setBypassCSP(true);
  await page.goto(`${url}?game=${game.name}`);
  await page.evaluate((th) => localStorage.setItem('perfectplay.settings', JSON.stringify({delay: 0, theme: th})), theme);
  await page.goto(`${url}?game=${game.name}`);
  await waitReady(page);
  await audit(page, `${game.name} ${theme} initial`, totals);
  // A game in progress: one move.
  const before = await position(page);
  const first = await page.$eval('#moves li', (li) => li.getAttribute('data-move'));
  await page.click(`#moves li[data-move="${first}"] button`);
  await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
      document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000}, before);
  await audit(page, `${game.name} ${theme} mid-game`, totals);
  // The engine plays both sides to the end.
  await page.select('#mode', 'engine-both');
  await page.waitForFunction(() => document.body.dataset.turn === 'over', {timeout: 60000});
  await page.waitForFunction(() => document.body.dataset.state === 'ready', {timeout: 20000});
  await audit(page, `${game.name} ${theme} game over`, totals);
  t.check(page.errors.length === 0, `${game.name}: no errors in the page: ${page.errors.join('; ')}`);
  await page.close();
}

// Tab to the board's best move, Enter; the engine answers; to the end.
async function keyboardGame(browser, url, game, start) {
  const page = await newPage(browser, 1280, 800);
  await page.goto(`${url}?game=${game}`);
  await page.evaluate(() => localStorage.setItem('perfectplay.settings', JSON.stringify({delay: 0})));
  await page.goto(`${url}?game=${game}&position=${q(start)}&mode=engine-1`);
  await waitReady(page);
  const seen = [await position(page)];
  for (let ply = 0; ply < 60; ply++) {
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
                                     ['you', 'over'].includes(document.body.dataset.turn), {timeout: 20000});
    if (await page.evaluate(() => document.body.dataset.turn) === 'over') break;
    const before = await position(page);
    if (seen[seen.length - 1] !== before) seen.push(before);
    let found = false;
    for (let presses = 0; presses < 80 && !found; presses++) {
      await page.keyboard.press('Tab');
      found = await page.evaluate(() => {
        const a = document.activeElement;
        return Boolean(a && a.closest('#position') && a.dataset.move && a.classList.contains('best'));
      });
    }
    if (!t.check(found, `${game} keyboard: Tab reaches a best move on the board (ply ${ply})`)) break;
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => document.getElementById('position').getAttribute('data-position') !== p,
                               {timeout: 20000}, before);
    seen.push(await position(page));
  }
  await page.waitForFunction(() => document.body.dataset.state === 'ready', {timeout: 20000});
  t.check(await page.evaluate(() => document.body.dataset.turn) === 'over', `${game} keyboard: played to the end`);
  const banner = await page.$eval('#banner', (b) => b.textContent);
  t.check(/wins: you (won|lost)$/.test(banner), `${game} keyboard: the banner says who won: "${banner}"`);
  // The arrow keys step back through the game once the board has focus.
  const plies = await page.$$eval('#history li', (l) => l.length);
  await page.focus('#position');
  await page.keyboard.press('Home');
  await page.waitForFunction((p) => document.getElementById('position').getAttribute('data-position') === p,
                             {timeout: 5000}, seen[0]);
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((p) => document.getElementById('position').getAttribute('data-position') !== p,
                             {timeout: 5000}, seen[0]);
  t.check(true, `${game} keyboard: Home and the arrow keys step through ${plies} plies`);
  await page.close();
}

const began = Date.now();
const {server, url} = await startServer(binary);
let browser;
const totals = {};
try {
  browser = await launch(puppeteer);
  const games = await boardGames(url);
  for (const game of games) await part(t, `axe ${game.name}`, () => auditGame(browser, url, game, 'light', totals));
  for (const game of games.slice(0, 2)) await part(t, `axe ${game.name} dark`, () => auditGame(browser, url, game, 'dark', totals));
  await part(t, 'keyboard nim', () => keyboardGame(browser, url, 'nim', '3 4 5'));
  await part(t, 'keyboard binim', () => keyboardGame(browser, url, 'binim', 'Dee 0110 1001 10 0'));
} catch (e) {
  t.failures++;
  console.error(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) {
    await browser.close();
    browser.cleanup();
  }
  await stopServer(server);
}
console.log(`axe-core violations (elements) over every page audited: ${JSON.stringify(totals)}`);
console.log(`web a11y: ${t.checks - t.failures} of ${t.checks} checks passed in ${((Date.now() - began) / 1000).toFixed(1)} s`);
process.exit(t.failures === 0 ? 0 : 1);
