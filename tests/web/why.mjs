// The board's "why" panel (issue 33): explain's argument beside the value, in
// Debian's chromium, for a game of each kind of argument.
//   node tests/web/why.mjs PERFECTPLAY
import {execFileSync} from 'node:child_process';

import {launch, makeChecks, newPage, noOverflow, requireTools, settled, startServer, stopServer}
  from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node why.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();
const t = makeChecks();
const {server, url} = await startServer(binary);
const browser = await launch(puppeteer);
try {
  // Each game's default position: the panel shows the same argument text as
  // `perfectplay explain --json` (its first line), and its kind.
  for (const [game, kind] of [['nim', 'nim-sum'], ['gridgame', 'matching'], ['binim', 'stack-values'],
                              ['octal', 'grundy-table'], ['bacteria', 'regions']]) {
    const page = await newPage(browser, 1280, 800);
    await page.goto(`${url}?game=${game}`);
    await settled(page);
    const shown = await page.waitForFunction(
      () => document.getElementById('why').dataset.argument || '', {timeout: 20000})
      .then((h) => h.jsonValue()).catch(() => '');
    t.check(shown === kind, `${game}: the why panel shows the ${kind} argument (got '${shown}')`);
    const position = await page.$eval('#position', (e) => e.getAttribute('data-position'));
    const cli = JSON.parse(execFileSync(binary, ['explain', game, '--position', position, '--json',
                                                 '--depth', '0'], {encoding: 'utf8'}));
    const lines = await page.$$eval('#why .why-line', (items) => items.map((li) => li.textContent));
    t.check(cli.argument && lines[0] === cli.argument.text[0],
            `${game}: the panel's first line is explain's`);
    t.check(page.errors.length === 0, `${game}: no console error (${page.errors.join('; ')})`);
    await page.close();
  }
  // On a phone, the argument's long lines (a 40-bit row in binary) wrap:
  // no horizontal scroll once the panel has filled.
  const phone = await newPage(browser, 390, 844);
  await phone.goto(`${url}?game=nim&position=${encodeURIComponent('1000000000000 7 3')}`);
  await settled(phone);
  await phone.waitForFunction(() => document.getElementById('why').dataset.argument === 'nim-sum',
                              {timeout: 20000}).catch(() => {});
  const width = await noOverflow(phone);
  t.check(width.scroll <= width.inner, `nim at 390 px with the why panel: no horizontal scroll ` +
          `(scrollWidth ${width.scroll})`);
  await phone.close();
} finally {
  await browser.close();
  browser.cleanup();
  await stopServer(server);
}
console.log(`${t.checks - t.failures} passed, ${t.failures} failed`);
process.exit(t.failures === 0 ? 0 : 1);
