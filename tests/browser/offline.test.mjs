// Offline use and installing: after one visit the service worker (www/sw.js) has kept the site, so the
// app answers with the network off (and opens its Evaluate page); a new deployment replaces exactly the files that changed and the
// page says an update is ready; the browser sees an installable app; the page shows whether storage
// persists and reminds to export when it does not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM, DIST, serveStatic, launchBrowser, openPage, ready, ask } from './harness.mjs';

// Every path requested from the server, in order.
const requests = [];
let site, browser;
before(async () => {
  site = await serveStatic(DIST, { onRequest: (path) => requests.push(path) });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await site?.close();
});

/**
 * Serves a copy of the built site, changed by `change(dir)`, at the same address while `body()` runs
 * (another deployment), then the built site again.
 */
async function deployed(change, body) {
  const dir = await mkdtemp(join(tmpdir(), 'medagent-deployment-'));
  try {
    await cp(DIST, dir, { recursive: true });
    await change(dir);
    await site.setRoot(dir);
    await body(dir);
  } finally {
    await site.setRoot(DIST);
    await rm(dir, { recursive: true, force: true });
  }
}

/** Opens the app with the service worker and waits until the whole site is kept for offline use. */
async function openKept(locale = 'en-US') {
  const opened = await openPage(browser, site.url, { locale, serviceWorkers: 'allow' });
  await ready(opened.page);
  await opened.page.waitForSelector('#offline[data-state="offline"]', { timeout: 180_000 });
  return opened;
}

/** Asks `question` and checks the answer cites sources and a citation opens its passage. */
async function answeredWithCitations(page, question) {
  const turn = await ask(page, question);
  assert.ok(await turn.locator('.answer .cite').count() > 0, `"${question}" is answered with citations`);
  await turn.locator('.answer .cite').first().click();
  await page.waitForSelector('.turn.agent .source.opened .passage');
  assert.ok((await turn.locator('.source.opened .passage').first().textContent()).length > 40);
  return turn;
}

test('after one visit the app works with the network off: hybrid search, English and Korean answers with citations', async () => {
  const { page, context, problems } = await openKept('en-US');
  assert.equal(await page.innerText('#offline-state'), 'Available offline.');

  await context.setOffline(true);
  requests.length = 0;
  await page.reload();
  await ready(page);
  // Hybrid search needs the model and the vectors: from the cache, not the network.
  await page.waitForSelector('.loading[data-state="ready"]', { timeout: 60_000 });
  await answeredWithCitations(page, 'What are the symptoms of glaucoma?');
  const korean = await answeredWithCitations(page, '당뇨병 초기 증상은 무엇인가요?');
  assert.match(await korean.locator('.answer').textContent(), /diabet|당뇨/i);
  assert.equal(await page.innerText('#offline-state'), 'Available offline.');
  // The state line follows the app's language.
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('#offline-state')?.textContent.startsWith('오프라인에서 사용 가능'));
  // The Evaluate page, its own wasm never opened online, is kept too.
  await page.click('#evaluate summary');
  await Promise.all([page.waitForURL(/evaluate\.html$/), page.click('#evaluate-open')]);
  await page.waitForSelector('.evaluate-page[data-ready="true"]', { timeout: 60_000 });
  // The browser's own update check of sw.js is made outside the page and its workers, where
  // Playwright's offline switch does not reach; with a real outage it fails and the cache serves.
  assert.deepEqual(requests.filter((path) => path !== '/sw.js'), [], 'nothing reached the server');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new deployment: the worker downloads exactly the changed file, says an update is ready, a reload applies it, other tabs keep their files', async () => {
  const { page, context, problems } = await openKept('en-US');
  // A second tab, open while the update comes and is applied in the first.
  const other = await context.newPage();
  await other.goto(site.url);
  await ready(other);

  // The second deployment: the same site with one index file changed (index/manifest.json written
  // without indentation: other bytes, same meaning), listed again by the build's own step.
  const changed = (dir) => join(dir, 'index/manifest.json');
  await deployed(async (dir) => {
    await writeFile(changed(dir), JSON.stringify(JSON.parse(await readFile(changed(dir), 'utf8'))));
    await promisify(execFile)(process.execPath, [resolve(DIST, '../scripts/offline-list.mjs'), dir]);
  }, async (dir) => {
    requests.length = 0;
    await page.reload();
    await ready(page);
    await page.waitForSelector('#offline[data-state="update-ready"]', { timeout: 120_000 });
    const files = requests.filter((path) => path !== '/offline.json' && path !== '/sw.js');
    assert.deepEqual(files, ['/index/manifest.json'], 'only the changed file is downloaded');
    assert.equal(await page.innerText('#offline-state'), 'Update ready: Reload');
    // Until the reload the page keeps the files it started with.
    const served = (tab) => tab.evaluate(() => fetch('index/manifest.json').then((r) => r.text()));
    assert.ok((await served(page)).includes('\n'), 'the page gets the first deployment\'s index/manifest.json');

    await Promise.all([page.waitForEvent('load'), page.click('#offline-reload')]);
    await ready(page);
    await page.waitForSelector('#offline[data-state="offline"]');
    assert.ok((await served(page)) === await readFile(changed(dir), 'utf8'), 'the reloaded page gets the new index/manifest.json');
    await answeredWithCitations(page, 'How is asthma treated?');
    // The other tab keeps the files it started with (no mix of old and new index files) and works.
    assert.ok((await served(other)).includes('\n'), 'the other tab gets the first deployment\'s index/manifest.json');
    await answeredWithCitations(other, 'What causes kidney stones?');

    // Once no page uses the old version, its cache goes (at the next page load's check).
    await other.close();
    await page.reload();
    await ready(page);
    const versions = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('medagent-v-')).length);
    for (let tries = 0; tries < 100 && await versions() !== 1; tries++) await page.waitForTimeout(200);
    assert.equal(await versions(), 1, 'the old version was deleted');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

test('an interrupted first download says so and resumes without fetching again what it kept', async () => {
  // A host that fails to serve the vector index's centres: the app falls back to keywords, the offline copy stops short.
  await deployed((dir) => rm(join(dir, 'index/vectors/centroids.bin')), async () => {
    const { page, context, problems } = await openPage(browser, site.url, { serviceWorkers: 'allow' });
    await ready(page);
    await page.waitForSelector('#offline[data-state="incomplete"]', { timeout: 120_000 });
    assert.match(await page.innerText('#offline-state'), /^Offline copy incomplete \([\d.]+ of [\d.]+ MB\)/);
    assert.ok(problems.every((p) => /centroids\.bin|vector/i.test(p)), problems.join('\n'));

    // The host is fixed: the next load downloads only what is missing.
    await site.setRoot(DIST);
    requests.length = 0;
    problems.length = 0;
    await page.reload();
    await ready(page);
    await page.waitForSelector('#offline[data-state="offline"]', { timeout: 120_000 });
    const files = requests.filter((path) => !['/', '/offline.json', '/sw.js'].includes(path));
    assert.deepEqual(files, ['/index/vectors/centroids.bin'], 'only the missing file is fetched');
    await page.waitForSelector('.loading[data-state="ready"]');
    assert.deepEqual(problems, []);
    await context.close();
  });
});

test('a site that no longer lists offline.json drops the kept copy and the worker', async () => {
  const { page, context, problems } = await openKept('en-US');
  await deployed((dir) => rm(join(dir, 'offline.json')), async () => {
    await page.reload();
    await ready(page);
    await page.waitForSelector('#offline[data-state="none"]', { timeout: 120_000 });
    const kept = () => page.evaluate(async () => ({
      versions: (await caches.keys()).filter((name) => name.startsWith('medagent-v-')).length,
      registered: Boolean(await navigator.serviceWorker.getRegistration()),
    }));
    assert.deepEqual(await kept(), { versions: 0, registered: false });
    assert.deepEqual(problems, []);
    await context.close();
  });
});

test('the browser can install the app: a web manifest with Korean and English names, a start page and an icon', async () => {
  // A browser profile on disk: Chromium offers no install in an incognito context (newContext's kind).
  const profile = await mkdtemp(join(tmpdir(), 'medagent-profile-'));
  const context = await chromium.launchPersistentContext(profile, CHROMIUM);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  await page.goto(site.url);
  await ready(page);
  const manifest = await (await fetch(new URL('manifest.webmanifest', site.url))).json();
  assert.match(manifest.name, /medagent/);
  assert.match(manifest.name, /[가-힣]/, 'a Korean name');
  assert.match(manifest.description, /[가-힣]/);
  assert.match(manifest.description, /offline/);
  assert.equal(manifest.display, 'standalone');
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], 'Chromium finds nothing that stops installing');
  assert.deepEqual(problems, []);
  await context.close();
  await rm(profile, { recursive: true, force: true });
});

test('the page shows the storage the app uses, and without persistent storage a reminder to export with its date', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { serviceWorkers: 'allow' });
  await ready(page);
  await page.waitForSelector('#offline[data-persisted]');
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  assert.equal(await page.getAttribute('#offline', 'data-persisted'), String(persisted));
  const line = () => page.textContent('#storage-state');
  if (persisted) {
    assert.match(await line(), /^Storage: [\d.]+ MB used, kept by the browser/);
  } else {
    assert.match(await line(), /^Storage: [\d.]+ MB used, not guaranteed.*Export.*not exported from this browser yet/);
    await Promise.all([page.waitForEvent('download'), page.click('#export')]);
    const today = await page.evaluate(() => new Date().toLocaleDateString('en'));
    assert.ok((await line()).endsWith(`last export ${today}.`), await line());
    await page.click('#lang-switch');
    await page.waitForFunction(() => /내보내기/.test(document.querySelector('#storage-state')?.textContent));
  }
  assert.deepEqual(problems, []);
  await context.close();
});
