// The vector side in the browser: the embedding worker (wasm, a Web Worker) gives the same vectors as
// the native embedder on the same prepared model copy (int8 encoder, token rows fetched in shards per
// question), within 1e-4 per component; the app loads the model and
// the vectors after it is usable, shows their progress, and then answers with hybrid search.
// Prints the browser measurements: model bytes fetched before the first question and in token shards,
// model load time, the worker's wasm memory, query embedding p50.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic, launchBrowser, openPage, MEDAGENT } from './harness.mjs';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const FIXTURE = resolve(ROOT, 'tests/fixtures/embed_reference.json');
const DEVSET = resolve(ROOT, 'tests/fixtures/devset.jsonl');

let site, browser;
before(async () => { site = await serveStatic(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

/** Native embeddings of `fixture`'s texts with the browser's prepared copy of the model. */
function nativeVectors() {
  const out = execFileSync(MEDAGENT,
    ['model', 'embed', '--model-dir', 'www/generated/model', '--file', FIXTURE],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return out.trim().split('\n').map((line) => JSON.parse(line));
}

/**
 * Runs in the page: starts the real worker bundle, loads, embeds `texts`, then searches `questions`,
 * speaking the protocol of src/retrieval/worker_messages.rs.
 */
async function driveWorker({ texts, questions }) {
  const worker = new Worker('/embed-worker-loader.js');
  const inbox = []; const waiting = [];
  worker.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const wake = waiting.shift();
    if (wake) wake(message); else inbox.push(message);
  };
  const next = () => (inbox.length ? Promise.resolve(inbox.shift()) : new Promise((ok) => waiting.push(ok)));
  const progress = [];
  const until = async (key) => {
    for (;;) {
      const m = await next();
      if (m.load_failed) throw new Error(`load failed: ${m.load_failed.message}`);
      if (m.failed) throw new Error(`request failed: ${m.failed.message}`);
      if (m.progress) progress.push(m.progress);
      if (key in m) return m[key];
    }
  };
  await until('started');
  const started = performance.now();
  worker.postMessage(JSON.stringify({ load: { model: 'model/', vectors: 'index/vectors/', probe: null } }));
  const ready = await until('ready');
  const loadMs = performance.now() - started;
  const vectors = [];
  for (const [i, text] of texts.entries()) {
    worker.postMessage(JSON.stringify({ embed: { id: i + 1, text } }));
    vectors.push((await until('embedded')).vector);
  }
  const timings = [];
  for (const [i, text] of questions.entries()) {
    const t = performance.now();
    worker.postMessage(JSON.stringify({ nearest: { id: 1000 + i, text, chunks: 40 } }));
    const found = await until('found');
    timings.push({ roundTrip: performance.now() - t, embed: found.embed_ms, search: found.search_ms, matches: found.matches.length });
  }
  worker.terminate();
  return { ready, loadMs, vectors, timings, progress };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test('the wasm embedding worker gives the native vectors (same prepared int8 model) within 1e-4', async () => {
  const native = nativeVectors();
  const questions = readFileSync(DEVSET, 'utf8').trim().split('\n').slice(0, 20).map((l) => JSON.parse(l).question);
  // A same-origin page without the app, so the app's own worker does not download alongside.
  const { page, context, problems } = await openPage(browser, `${site.url}index/vectors/manifest.json`);
  const modelBytes = [];
  page.on('requestfinished', async (request) => {
    if (!/\/model\/|\/index\/vectors\//.test(request.url())) return;
    const { responseBodySize } = await request.sizes();
    const path = request.url().split(/\/(?=model\/|index\/vectors\/)/).at(-1);
    modelBytes.push([path, responseBodySize]);
  });
  const run = await page.evaluate(driveWorker, { texts: native.map((n) => n.text), questions });

  assert.equal(run.vectors.length, native.length);
  let worst = 0;
  for (const [i, { text, vector }] of native.entries()) {
    const browserVector = run.vectors[i];
    assert.equal(browserVector.length, 384, text);
    const diff = Math.max(...vector.map((x, j) => Math.abs(x - browserVector[j])));
    worst = Math.max(worst, diff);
    assert.ok(diff <= 1e-4, `"${text.slice(0, 40)}": max component difference ${diff}`);
  }
  // Progress was reported for both parts and reached their totals.
  for (const part of ['model', 'vectors']) {
    const last = run.progress.filter((p) => p.part === part).at(-1);
    assert.ok(last && last.total > 0 && last.loaded === last.total, `${part} progress: ${JSON.stringify(last)}`);
  }
  assert.ok(run.timings.every((t) => t.matches > 0));

  const sizes = Object.fromEntries(modelBytes);
  const sum = (keep) => Object.entries(sizes).filter(([k]) => keep(k)).reduce((s, [, v]) => s + v, 0);
  const shards = Object.keys(sizes).filter((k) => k.startsWith('model/tokens/'));
  // Every shard fetched at most once: the worker keeps what it fetched.
  assert.equal(modelBytes.filter(([k]) => k.startsWith('model/tokens/')).length, shards.length);
  console.log(`# ${native.length} sentences: max |browser - native| = ${worst.toExponential(2)}`);
  const isList = (k) => k.includes('vectors/list-');
  const lists = Object.keys(sizes).filter(isList);
  // Every vector list fetched at most once too.
  assert.equal(modelBytes.filter(([k]) => isList(k)).length, lists.length);
  console.log(`# downloaded by the worker: ${JSON.stringify(Object.fromEntries(Object.entries(sizes).filter(([k]) => !k.startsWith('model/tokens/') && !isList(k))))}; ` +
    `${lists.length} vector lists, ${sum(isList)} bytes`);
  console.log(`# model before the first question ${sum((k) => k.startsWith('model/') && !k.startsWith('model/tokens/'))} bytes; ` +
    `token shards for ${native.length} sentences + ${questions.length} questions: ${shards.length} shards, ${sum((k) => k.startsWith('model/tokens/'))} bytes`);
  console.log(`# model + vectors loaded in ${run.loadMs.toFixed(0)} ms (worker says ${run.ready.ms.toFixed(0)} ms); worker wasm memory ${(run.ready.memory / 1e6).toFixed(1)} MB`);
  console.log(`# over ${questions.length} questions, p50: embedding ${median(run.timings.map((t) => t.embed)).toFixed(1)} ms, ` +
    `vector search (lists fetched as needed) ${median(run.timings.map((t) => t.search)).toFixed(2)} ms, round trip ${median(run.timings.map((t) => t.roundTrip)).toFixed(1)} ms`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the app answers with keyword search first, shows the download, then answers hybrid', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await page.waitForSelector('.app[data-ready="true"]');
  await page.waitForSelector('.loading');
  // The loading panel names the parts with their sizes while they download.
  await page.waitForSelector('#load-model progress');
  await page.waitForSelector('.loading[data-state="ready"]', { timeout: 180_000 });
  assert.match(await page.textContent('.loading'), /Hybrid search .* ready \(\d+\.\d MB/);

  await page.fill('#question', 'my ankles swell and I get breathless lying down');
  await page.click('#send');
  await page.waitForSelector('.turn.agent .answer .cite', { timeout: 60_000 });
  // The trace says the search was hybrid and shows vector ranks beside the BM25 ones.
  assert.match(await page.textContent('.iteration .search'), /hybrid/);
  const vectorRanks = await page.$$eval('.iteration .rank-vector', (cells) => cells.map((c) => c.textContent.trim()));
  assert.ok(vectorRanks.some((r) => /^\d+$/.test(r)), `no vector rank in the trace: ${vectorRanks}`);
  assert.deepEqual(problems, []);
  await context.close();
});
