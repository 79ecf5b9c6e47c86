// Another web page cannot make the board's server work (issue 31, item 2), in
// Debian's chromium through puppeteer-core, as tests/web/e2e.mjs runs it.
//   node tests/web/cross_origin.mjs PERFECTPLAY
// Starts `perfectplay serve --port 0` and, on another loopback port, a page
// of its own (and the same page at localhost: another site) whose script
// tries every way a page has to send the API a request: a "simple" fetch
// (text/plain, no-cors), a JSON fetch (which needs a preflight), a form
// post, sendBeacon, each five times, each asking for the largest analysis
// nim's reference does (about 45 ms of CPU). Every answer the browser reports
// must be a refusal (403 or 415: the checks come before any search), the page
// must read nothing, and the server's CPU time (/proc/PID/stat) must not grow
// by a search's worth. The same analysis from the board's own page does grow
// it: the check is able to see a search. Exit 77 (ctest's skip) when chromium or the
// npm packages are missing.
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';

import {launch, requireTools, startServer, stopServer} from './support.mjs';

const [binary] = process.argv.slice(2);
if (!binary) {
  console.error('usage: node cross_origin.mjs PERFECTPLAY');
  process.exit(2);
}
const puppeteer = requireTools();

let failures = 0;
let checks = 0;
function check(ok, what) {
  checks++;
  if (!ok) {
    failures++;
    console.error(`FAIL: ${what}`);
  } else {
    console.log(`ok   ${what}`);
  }
}

// The CPU time the server has used, in ms (utime + stime of /proc/PID/stat,
// in clock ticks of 10 ms).
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

// The other page: its script sends the board's API what a page can send,
// and reports what it could read.
function attackerPage(api) {
  const body = JSON.stringify({game: 'nim', position: '14 14 14 14'});
  return `<!doctype html><html><body>
<form id="f" method="POST" action="${api}/api/analyze" enctype="text/plain" target="sink">
<input name='{"game":"nim","position":"14 14 14 14","x":"' value='"}'></form>
<iframe name="sink"></iframe>
<script>
window.results = {};
async function attempt(name, fn) {
  try { window.results[name] = await fn(); } catch (e) { window.results[name] = 'error: ' + e.name; }
}
window.run = async () => {
  for (let i = 0; i < 5; i++) {
  await attempt('simple', async () => {
    const r = await fetch('${api}/api/analyze', {method: 'POST', mode: 'no-cors',
      headers: {'Content-Type': 'text/plain'}, body: '${body}'});
    return r.type + ' ' + r.status + ' ' + (await r.text()).length;
  });
  await attempt('json', async () => {
    const r = await fetch('${api}/api/analyze', {method: 'POST',
      headers: {'Content-Type': 'application/json'}, body: '${body}'});
    return 'read ' + r.status + ' ' + (await r.text());
  });
  await attempt('games', async () => {
    const r = await fetch('${api}/api/games');
    return 'read ' + r.status;
  });
  await attempt('beacon', async () => String(navigator.sendBeacon('${api}/api/analyze',
    new Blob(['${body}'], {type: 'text/plain'}))));
  }
  for (let i = 0; i < 5; i++) {
    document.getElementById('f').submit();
    await new Promise((r) => setTimeout(r, 300));
  }
  await new Promise((r) => setTimeout(r, 1000));
  return window.results;
};
</script></body></html>`;
}

const began = Date.now();
const {server, url} = await startServer(binary);
const api = url.replace(/\/$/, '');
const other = createServer((req, res) => {
  res.writeHead(200, {'Content-Type': 'text/html; charset=utf-8'});
  res.end(attackerPage(api));
});
await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
const otherPort = other.address().port;
let browser;
try {
  browser = await launch(puppeteer);
  // Another port of this machine (same site, another origin), and another
  // site (localhost), each as a page of its own.
  for (const from of [`http://127.0.0.1:${otherPort}/`, `http://localhost:${otherPort}/`]) {
    const page = await browser.newPage();
    const seen = [];  // [method, status] of every answer the board's API gave
    page.on('response', (r) => {
      if (r.url().startsWith(`${api}/api/`)) seen.push([r.request().method(), r.status()]);
    });
    const cpu = cpuMs(server.pid);
    await page.goto(from, {waitUntil: 'load'});
    const results = await page.evaluate(() => window.run());
    await page.close();
    const spent = cpuMs(server.pid) - cpu;
    check(spent < 150, `${from}: the server spent ${spent} ms of CPU on 25 attempts (a search ` +
          'is about 45)');
    const searched = seen.filter(([, status]) => status === 200 || status === 422);
    check(seen.length >= 2, `${from}: its requests reached the server (${JSON.stringify(seen)})`);
    check(searched.length === 0, `${from}: none of them searched or read (${JSON.stringify(seen)})`);
    check(seen.every(([, status]) => status === 403 || status === 415),
          `${from}: each refused with 403 or 415 (${JSON.stringify(seen)})`);
    check(!/read 200/.test(JSON.stringify(results)),
          `${from}: the page read nothing (${JSON.stringify(results)})`);
  }
  // The board's own page sends the same JSON request and gets its analysis.
  const page = await browser.newPage();
  await page.goto(url, {waitUntil: 'load'});
  const cpu = cpuMs(server.pid);
  const own = await page.evaluate(async () => {
    let out = '';
    for (let i = 0; i < 5; i++) {
      const r = await fetch('/api/analyze', {method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: JSON.stringify({game: 'nim', position: '14 14 14 14'})});
      out = r.status + ' ' + (await r.json()).position;
    }
    return out;
  });
  const spent = cpuMs(server.pid) - cpu;
  await page.close();
  check(own === '200 14 14 14 14', `the board's own page is served (${own})`);
  check(spent >= 100, `its 5 analyses cost the server ${spent} ms of CPU: the check sees searches`);
} catch (e) {
  failures++;
  console.error(`FAIL: ${e.stack || e}`);
} finally {
  if (browser) await browser.close();
  other.close();
  const {code, signal} = await stopServer(server);
  check(code === 0, `serve stopped by SIGINT exits 0 (got ${code}, ${signal})`);
  if (browser) browser.cleanup();
}
const seconds = ((Date.now() - began) / 1000).toFixed(1);
console.log(`web cross-origin: ${checks - failures} of ${checks} checks passed in ${seconds} s`);
process.exit(failures === 0 ? 0 : 1);
