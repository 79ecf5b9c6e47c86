// docs/web.md's screenshots, regenerated: every game on the desktop (1280 x
// 800) and on a phone (390 x 844), after one move (the first best one), so
// that the board, its values, the history and the chart all show.
//   node tests/web/screenshots.mjs PERFECTPLAY OUT_DIR   (docs/img)
// Writes OUT_DIR/web-<game>.png and web-<game>-phone.png, and
// web-game-over.png (a finished game against the engine, with its banner).
import {join} from 'node:path';
import {requireTools, startServer, stopServer, launch, boardGames, settled, newPage, position,
        waitPosition} from './support.mjs';

const [binary, out] = process.argv.slice(2);
if (!binary || !out) {
  console.error('usage: node screenshots.mjs PERFECTPLAY OUT_DIR');
  process.exit(2);
}
const puppeteer = requireTools();
const {server, url} = await startServer(binary);
const browser = await launch(puppeteer);
const written = [];
try {
  for (const game of await boardGames(url)) {
    for (const [suffix, width, height] of [['', 1280, 800], ['-phone', 390, 844]]) {
      const page = await newPage(browser, width, height);
      await page.goto(`${url}?game=${game.name}`);
      await settled(page);
      const best = await page.evaluate(() => (document.querySelector('#moves li.best') ||
                                              document.querySelector('#moves li')).getAttribute('data-move'));
      const before = await position(page);
      await page.click(`#moves li[data-move="${best}"] button`);
      await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
          document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000}, before);
      await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
      const path = join(out, `web-${game.name}${suffix}.png`);
      await page.screenshot({path});
      written.push(path);
      await page.close();
    }
  }
  // A game against the engine, played to its end: the banner and summary.
  const page = await newPage(browser, 1280, 800);
  await page.goto(`${url}?game=binim&position=${encodeURIComponent('Dee 0110 1001 10 0')}&mode=engine-1`);
  await settled(page);
  for (let i = 0; i < 40; i++) {
    await page.waitForFunction(() => document.body.dataset.state === 'ready' &&
                                     ['you', 'over'].includes(document.body.dataset.turn), {timeout: 20000});
    if (await page.evaluate(() => document.body.dataset.turn) === 'over') break;
    const p = await position(page);
    const m = await page.$eval('#moves li', (li) => li.getAttribute('data-move'));
    await page.click(`#moves li[data-move="${m}"] button`);
    await page.waitForFunction((q) => document.getElementById('position').getAttribute('data-position') !== q,
                               {timeout: 20000}, p);
  }
  await waitPosition(page, await position(page));
  await page.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
  const path = join(out, 'web-game-over.png');
  await page.screenshot({path});
  written.push(path);
  await page.close();
} finally {
  await browser.close();
  browser.cleanup();
  await stopServer(server);
}
console.log(written.join('\n'));
