// Measures offline use of the built app (dist/, or DIR) in headless Chromium on loopback: a first
// visit without the service worker (for comparison); a first visit with it (bytes from the server,
// time until interactive, until hybrid search is ready and until the whole site is kept for offline
// use); then a second visit with the network off (bytes served by the service worker's cache and by
// the server, time until interactive, the first answer and hybrid search ready). Not part of the
// test suite: the figures depend on the machine, so nothing here asserts.
//
//   npm run --silent measure:offline [-- DIR]
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DIST, serveStatic, launchBrowser, ready, ask } from '../tests/browser/harness.mjs';

const { positionals } = parseArgs({ allowPositionals: true });
const root = positionals[0] ? resolve(positionals[0]) : DIST;
const list = JSON.parse(await readFile(join(root, 'offline.json'), 'utf8'));
const size = new Map(list.files.map((f) => [`/${f.path}`, f.bytes]));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

let served = 0;
const site = await serveStatic(root, { onRequest: (path) => { served += size.get(path === '/' ? '/index.html' : path) ?? 0; } });
const browser = await launchBrowser();
try {
  // The same first visit with the service worker blocked: what the background download costs it.
  {
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(site.url);
    await ready(page);
    const interactive = Date.now() - start;
    await page.waitForSelector('.loading[data-state="ready"]', { timeout: 180_000 });
    console.log(`first visit without the service worker: interactive ${s(interactive)}, hybrid search ready ${s(Date.now() - start)}; `
      + `${mb(served)} from the server`);
    await context.close();
    served = 0;
  }
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow' });
  const page = await context.newPage();
  let fromCache = 0;
  page.on('response', (res) => { if (res.fromServiceWorker()) fromCache += Number(res.headers()['content-length'] ?? 0); });

  let start = Date.now();
  await page.goto(site.url);
  await ready(page);
  const coldInteractive = Date.now() - start;
  await page.waitForSelector('.loading[data-state="ready"]', { timeout: 180_000 });
  const coldHybrid = Date.now() - start;
  await page.waitForSelector('#offline[data-state="offline"]', { timeout: 600_000 });
  const coldKept = Date.now() - start;
  console.log(`first visit: interactive ${s(coldInteractive)}, hybrid search ready ${s(coldHybrid)}, `
    + `kept for offline use ${s(coldKept)}; ${mb(served)} from the server (the site is ${mb(list.files.reduce((t, f) => t + f.bytes, 0))})`);

  await context.setOffline(true);
  served = 0;
  fromCache = 0;
  start = Date.now();
  await page.reload();
  await ready(page);
  const warmInteractive = Date.now() - start;
  await ask(page, 'What are the symptoms of glaucoma?');
  const warmAnswer = Date.now() - start;
  await page.waitForSelector('.loading[data-state="ready"]', { timeout: 180_000 });
  const warmHybrid = Date.now() - start;
  console.log(`second visit, network off: interactive ${s(warmInteractive)}, first answer ${s(warmAnswer)}, `
    + `hybrid search ready ${s(warmHybrid)}; ${mb(fromCache)} from the offline cache, ${mb(served)} from the server`);
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
