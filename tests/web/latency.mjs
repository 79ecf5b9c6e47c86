// Click-to-analysis latency of the web board, in the browser: from the
// click on a move's element on the board to the new position's analysis
// drawn (the board's own performance.now() mark, window.__latencies: the
// /api/play round trip, which brings the child's analysis, and building the
// page), and to the first frame painted after it (window.__painted: style,
// layout and paint too). Per game: a whole game from the default position
// (the first best move each ply, both sides clicked), then the first listed
// move of every example, four times (ROUNDS=N to change).
//   node tests/web/latency.mjs PERFECTPLAY
// Prints a table (docs/performance.md has one). Not in ctest: a measure.
import {requireTools, startServer, stopServer, launch, boardGames, newPage, position, loaded} from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node latency.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();
const q = (s) => encodeURIComponent(s);
// Each example is clicked this many times (a p95 of a handful is its max).
const kRounds = Number(process.env.ROUNDS || 4);

async function clickMove(page, move) {
  const before = await position(page);
  let node = await page.$(`#position [data-move="${move}"], #board-extra .more-moves [data-move="${move}"]`);
  if (node === null) {
    // asymmetry: the cell first, then its value.
    const cell = move.split(' ').slice(0, 2).join(' ');
    await page.click(`#position [data-cell="${cell}"]`);
    node = await page.waitForSelector(`.writes[data-cell="${cell}"]:not([hidden]) [data-move="${move}"]`);
  }
  await node.click();
  await page.waitForFunction((p) => document.body.dataset.state === 'ready' &&
      document.getElementById('position').getAttribute('data-position') !== p, {timeout: 20000}, before);
  // The frame after it, before the next click.
  await page.waitForFunction(() => (window.__painted || []).length === (window.__latencies || []).length,
                             {timeout: 20000});
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
};

const {server, url} = await startServer(binary);
const browser = await launch(puppeteer);
const rows = [];
try {
  for (const game of await boardGames(url)) {
    const page = await newPage(browser, 1280, 800);
    await page.goto(`${url}?game=${game.name}`);
    await loaded(page);
    for (let ply = 0; ply < 60; ply++) {
      const moves = await page.$$eval('#moves li', (l) => l.map((li) => [li.getAttribute('data-move'), li.classList.contains('best')]));
      if (moves.length === 0) break;
      await clickMove(page, (moves.find((m) => m[1]) || moves[0])[0]);
    }
    // A page load empties window.__latencies: each part is read before.
    const read = () => page.evaluate(() => window.__latencies || []);
    const readPainted = () => page.evaluate(() => window.__painted || []);
    const inGame = await read();
    const painted = await readPainted();
    const onExamples = [];
    for (let round = 0; round < kRounds; round++) for (const example of game.example_positions) {
      if (example.length > 2000) continue;  // typed, not linked: not a click
      await page.goto(`${url}?game=${game.name}&position=${q(example)}`);
      await loaded(page);
      const first = await page.$eval('#moves li', (li) => li.getAttribute('data-move')).catch(() => null);
      if (first === null) continue;
      await clickMove(page, first);
      onExamples.push(...await read());
      painted.push(...await readPainted());
    }
    const all = [...inGame, ...onExamples];
    rows.push({game: game.name, clicks: all.length, inGame: inGame.length, p50: pct(all, 0.5), p95: pct(all, 0.95),
               max: Math.max(...all), exP95: onExamples.length ? pct(onExamples, 0.95) : NaN,
               paintedP50: pct(painted, 0.5), paintedP95: pct(painted, 0.95)});
    await page.close();
  }
} finally {
  await browser.close();
  browser.cleanup();
  await stopServer(server);
}
console.log('| game | clicks (game + examples) | p50 ms | p95 ms | max ms | p95 on the examples ms | painted: p50 ms | painted: p95 ms |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.game} | ${r.clicks} (${r.inGame} + ${r.clicks - r.inGame}) | ${r.p50.toFixed(1)} | ` +
              `${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.exP95.toFixed(1)} | ` +
              `${r.paintedP50.toFixed(1)} | ${r.paintedP95.toFixed(1)} |`);
}
