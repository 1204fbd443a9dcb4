// Measures the built app (dist/) in headless Chromium on loopback: bytes fetched and time until the
// app is interactive, until the first (BM25) answer and until hybrid search is ready, as the median
// of cold loads; Chromium's memory once the model is loaded; and the pipeline's own time per turn
// (from the trace, offline mode so no LLM time) with BM25 alone and with hybrid search; and what the
// app adds per streamed token (parse + decode + rendering) against mock-llm.
//
//   npm run --silent measure:browser [-- --loads 5 --turns 19 --tokens 500,2000 --dist DIR]
//
// Needs scripts/build-app.sh first (scripts/test.sh runs it); `--dist` measures another build (an
// older commit's dist/, for a before/after in one version of this script). Not part of the test
// suite: the figures depend on the machine, so nothing here asserts a time.
//
// Memory is Chromium's PSS over all its processes once the model is loaded, as the median of the cold
// loads, next to the same browser showing an empty page: headless Chromium's own processes (browser,
// GPU, network, storage, zygotes, spare renderers) take most of it whatever the page is, so what the
// app adds is the difference.
import { readFile, readdir } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { DIST, serveStatic, launchBrowser, ready, ask, startMockLlm, useMock } from '../tests/browser/harness.mjs';

const { values: opts } = parseArgs({
  options: {
    loads: { type: 'string', default: '5' }, turns: { type: 'string', default: '19' },
    tokens: { type: 'string', default: '500,2000' }, dist: { type: 'string' },
  },
});
const LOADS = Number(opts.loads);
const TURNS = Number(opts.turns);
const TOKENS = opts.tokens.split(',').map(Number);
const SITE = opts.dist ? resolve(opts.dist) : DIST;

// Twenty different topics, so the answer cache never serves one (its hit is a different path).
const QUESTIONS = [
  'What are the symptoms of heart failure?', '고혈압 약은 언제 먹어야 하나요?',
  'my ankles swell and I get breathless lying down', '당뇨병 환자는 어떤 음식을 피해야 하나요?',
  'How is asthma treated in children?', '편두통이 자주 생기는 이유는 무엇인가요?',
  'What causes kidney stones?', '갑상선 기능 저하증의 증상은?',
  'Is it safe to take ibuprofen with high blood pressure?', '골다공증을 예방하려면 어떻게 해야 하나요?',
  'How is glaucoma diagnosed?', '대상포진은 전염되나요?',
  'What is the outlook for people with Parkinson disease?', '빈혈이 있으면 어떤 증상이 나타나나요?',
  'Who is at risk for shingles?', '통풍 발작을 막으려면 무엇을 해야 하나요?',
  'What are the treatments for psoriasis?', '위식도 역류 질환의 원인은 무엇인가요?',
  'How can I prevent a stroke?', '만성 신장병의 초기 증상은?',
];

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const percentile = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };
const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;

/** Proportional set size (kB) of every Chromium process, from /proc (Linux), in all and by process type. */
async function chromiumPss() {
  let total = 0; let renderer = 0; const byType = {};
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (!cmd.includes('chromium')) continue;
      const pss = Number(/^Pss:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      total += pss;
      if (cmd.includes('--type=renderer')) renderer += pss;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const kind = type === 'utility' ? `utility (${/--utility-sub-type=[\w.]*?(\w+)(?:\s|$)/.exec(cmd)?.[1] ?? '?'})` : type;
      byType[kind] = (byType[kind] ?? 0) + pss;
    } catch { /* the process ended meanwhile */ }
  }
  return { total, renderer, byType };
}

/**
 * Runs in the page before the app: keeps the app's wasm exports (trunk announces them with the
 * TrunkApplicationStarted event; their memory is the page's wasm heap) and the wasm memory the
 * embedding worker reports when it is ready.
 */
function recordWasmMemory() {
  window.measuredWasm = {};
  addEventListener('TrunkApplicationStarted', (e) => { window.measuredWasm.page = e.detail.wasm; });
  const PageWorker = window.Worker;
  window.Worker = class extends PageWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        try {
          const ready = JSON.parse(e.data).ready;
          if (ready) window.measuredWasm.worker = ready.memory;
        } catch { /* not a worker report */ }
      });
    }
  };
}

/** PSS of the browser showing one empty page in a fresh context: the part of the total the app does not add. */
async function emptyPagePss(browser) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('about:blank');
  await page.waitForTimeout(1500);
  const pss = await chromiumPss();
  await context.close();
  return pss;
}

/**
 * One cold load: a fresh browser context (empty cache and storage). The service worker is blocked in
 * every context here: its own downloads would be counted with the page's (measure:offline measures it).
 */
async function coldLoad(browser, url) {
  const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(recordWasmMemory);
  const problems = [];
  page.on('pageerror', (err) => problems.push(err.message));
  const responses = [];
  const start = Date.now();
  // Requests from the page and from its worker both reach the context.
  context.on('requestfinished', async (request) => {
    const at = Date.now() - start;
    const sizes = await request.sizes().catch(() => null);
    responses.push({ url: request.url(), at, bytes: sizes ? sizes.responseBodySize : 0 });
  });
  await page.goto(url);
  await page.waitForSelector('.app[data-ready="true"]');
  const interactive = Date.now() - start;
  await ready(page);
  const indexReady = Date.now() - start;
  await ask(page, QUESTIONS[0]);
  const firstAnswer = Date.now() - start;
  await page.waitForSelector('.loading[data-state="ready"]', { timeout: 300_000 });
  const hybridReady = Date.now() - start;
  const hashMs = Number(await page.getAttribute('.loading', 'data-hash-ms'));
  await page.waitForTimeout(300); // the last requestfinished events
  const bytesBy = (t) => responses.filter((r) => r.at <= t).reduce((s, r) => s + r.bytes, 0);
  const pss = await chromiumPss();
  const wasm = await page.evaluate(() => ({
    page: window.measuredWasm.page?.memory.buffer.byteLength, worker: window.measuredWasm.worker,
  }));
  return {
    context, page, problems, responses, pss, wasm,
    interactive, indexReady, firstAnswer, hybridReady, hashMs,
    bytes: { interactive: bytesBy(interactive), firstAnswer: bytesBy(firstAnswer), hybrid: bytesBy(hybridReady) },
  };
}

/**
 * The pipeline's own time per turn (sum of the trace's node timings) over `n` offline questions, and
 * the triage step's share of it.
 */
async function turnTimes(page, n, first = 0) {
  const totals = []; const triage = [];
  const ms = (text) => Number(/([\d.]+) ms/.exec(text)[1]);
  for (let i = first; i < first + n; i++) {
    await ask(page, QUESTIONS[i % QUESTIONS.length]);
    totals.push(ms(await page.textContent('.trace .total')));
    triage.push(ms(await page.locator('.trace .step', { has: page.locator('code', { hasText: /^triage$/ }) }).locator('.ms').textContent()));
  }
  totals.triage = triage;
  return totals;
}

/**
 * Runs in the page: sends `question` the way a user does and resolves to the milliseconds until the
 * answer is complete (a MutationObserver, so no polling delay is counted).
 */
async function timedAsk(question) {
  const before = document.querySelectorAll('.turn.agent').length;
  const box = document.querySelector('#question');
  box.value = question;
  box.dispatchEvent(new Event('input', { bubbles: true }));
  const started = performance.now();
  document.querySelector('#send').click();
  await new Promise((done) => {
    const check = () => document.querySelectorAll('.turn.agent').length === before + 1
      && !document.querySelector('#stop') && !document.querySelector('.thinking');
    const observer = new MutationObserver(() => { if (check()) { observer.disconnect(); done(); } });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
  });
  return performance.now() - started;
}

/** Runs in the page: reads the same stream with plain fetch, doing nothing with it (the baseline). */
async function timedFetch({ base, question }) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-measure' },
    body: JSON.stringify({ model: 'mock-1', stream: true, messages: [{ role: 'user', content: question }] }),
  });
  const reader = response.body.getReader();
  for (;;) { if ((await reader.read()).done) break; }
  return performance.now() - started;
}

/**
 * Our cost per streamed token in the page (SSE parse, decode and rendering the growing answer): the
 * main thread's busy time (Chromium's TaskDuration) while the app streams `tokens` tokens from
 * mock-llm in plain LLM mode, minus the same while the page merely reads that stream with fetch,
 * divided by the tokens; best of 3 each, in one run. The mock sends one token per millisecond, so
 * each token arrives, and is shown, on its own; its `/reply/tokens<N>` base URL sets the length.
 */
async function streamingCost(browser, url, mockUrl, tokens) {
  const base = `${mockUrl}/reply/tokens${tokens}`;
  const question = 'Explain glaucoma in detail.';
  const app = []; const baseline = []; const wall = []; const split = [];
  for (let run = 0; run < 3; run++) {
    // A fresh context each time: no earlier answer in the conversation or the cache.
    const context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await useMock(page, base, 'llm');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const busy = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const parts = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics
      .filter((m) => ['ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'].includes(m.name)).map((m) => [m.name, m.value]));
    let before = await busy();
    await page.evaluate(timedFetch, { base, question });
    baseline.push((await busy()) - before);
    before = await busy();
    const partsBefore = await parts();
    wall.push(await page.evaluate(timedAsk, question));
    app.push((await busy()) - before);
    const partsAfter = await parts();
    split.push(Object.entries(partsAfter).map(([k, v]) => `${k.replace('Duration', '')} ${((v - partsBefore[k]) * 1000).toFixed(0)} ms`).join(', '));
    const words = (await page.locator('.turn.agent .answer').last().textContent()).match(/t\d+/g)?.length ?? 0;
    if (words < tokens) throw new Error(`the app showed ${words} of ${tokens} streamed tokens`);
    await context.close();
  }
  const best = (xs) => Math.min(...xs);
  return {
    wall: best(wall), appBusy: best(app) * 1000, fetchBusy: best(baseline) * 1000, split: split[app.indexOf(best(app))],
    perToken: ((best(app) - best(baseline)) * 1e6) / tokens,
  };
}

async function wasmSizes() {
  const rows = [];
  for (const name of (await readdir(SITE)).filter((f) => f.endsWith('.wasm'))) {
    const body = await readFile(join(SITE, name));
    rows.push(`${name}: ${body.length} B raw, ${gzipSync(body, { level: 9 }).length} B gzip -9`);
  }
  return rows;
}

const site = await serveStatic(SITE);
const browser = await launchBrowser();
try {
  console.log(`# release build${opts.dist ? ` in ${opts.dist}` : ''}\n${(await wasmSizes()).join('\n')}`);
  const empty = await emptyPagePss(browser);

  const loads = [];
  for (let i = 0; i < LOADS; i++) {
    const load = await coldLoad(browser, site.url);
    console.log(`# cold load ${i + 1}: interactive ${load.interactive} ms, index ${load.indexReady} ms, ` +
      `first answer ${load.firstAnswer} ms, hybrid ready ${load.hybridReady} ms`);
    if (load.problems.length) console.log(`#   page errors: ${load.problems.join('; ')}`);
    loads.push(load);
    // The last load stays open for the memory and per-turn figures.
    if (i < LOADS - 1) await load.context.close();
  }
  const last = loads[loads.length - 1];

  console.log(`\n# median of ${LOADS} cold loads (loopback, no compression, fresh cache each)`);
  for (const [name, key] of [['interactive', 'interactive'], ['index loaded (Send works)', 'indexReady'],
    ['first answer (BM25, offline)', 'firstAnswer'], ['hybrid search ready (model + vectors)', 'hybridReady']]) {
    console.log(`${name}: ${median(loads.map((l) => l[key]))} ms`);
  }
  console.log('\n# bytes fetched (completed responses, last cold load)');
  for (const [name, key] of [['before interactive', 'interactive'], ['before the first answer', 'firstAnswer'],
    ['for the full hybrid setup', 'hybrid']]) {
    console.log(`${name}: ${last.bytes[key]} B (${mb(last.bytes[key])})`);
  }
  // The worker checks the SHA-256 of the model and vector files as their bytes arrive; the cost is the
  // time inside the hash (the BM25 shards are checked the same way, once each has arrived).
  const hashedBytes = last.responses.filter((r) => /\/(model|index\/vectors)\//.test(new URL(r.url).pathname))
    .reduce((sum, r) => sum + r.bytes, 0);
  const hashMs = median(loads.map((l) => l.hashMs));
  console.log(`SHA-256 check of the model and vectors (${mb(hashedBytes)}): ${hashMs.toFixed(1)} ms in the worker ` +
    `(${(hashedBytes / 1e6 / (hashMs / 1000)).toFixed(0)} MB/s, ${(100 * hashMs / median(loads.map((l) => l.hybridReady))).toFixed(1)} % of hybrid ready)`);
  const largest = [...last.responses].sort((a, b) => b.bytes - a.bytes).slice(0, 8);
  console.log(`largest: ${largest.map((r) => `${new URL(r.url).pathname} ${mb(r.bytes)} @${r.at} ms`).join(', ')}`);

  // Memory once the model is loaded (each cold load measured with its page still open).
  const cdp = await last.context.newCDPSession(last.page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  const total = median(loads.map((l) => l.pss.total)); const renderer = median(loads.map((l) => l.pss.renderer));
  const byType = (pss) => Object.entries(pss.byType).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${mb(v * 1024)}`).join(', ');
  console.log(`\n# memory after the model is loaded (PSS, median of ${LOADS} cold loads)\n` +
    `Chromium, all processes: ${mb(total * 1024)}; an empty page in the same browser: ${mb(empty.total * 1024)}; ` +
    `the app adds ${mb((total - empty.total) * 1024)}`);
  console.log(`renderer processes: ${mb(renderer * 1024)} (empty page: ${mb(empty.renderer * 1024)}; the app adds ${mb((renderer - empty.renderer) * 1024)})`);
  console.log(`by process, last load: ${byType(last.pss)}\nby process, empty page: ${byType(empty)}`);
  const size = (bytes) => (bytes ? mb(bytes) : 'not reported');
  console.log(`in the app's renderer: page wasm memory ${size(last.wasm.page)}, worker wasm memory when ready ${size(last.wasm.worker)}, ` +
    `page JS heap used ${mb(heap)}`);

  // Pipeline time per turn from the trace: hybrid now (the vector side is ready) ...
  // (The first question was asked during the cold load: start from the second.)
  const seen = last.responses.length;
  const hybrid = await turnTimes(last.page, TURNS, 1);
  await last.page.waitForTimeout(300);
  // Memory again after those questions: the lists and shards a worker keeps grow with the questions.
  const later = await chromiumPss();
  console.log(`\n# memory after ${TURNS} more questions\nChromium, all processes: ${mb(later.total * 1024)} ` +
    `(the app adds ${mb((later.total - empty.total) * 1024)}); renderer processes ${mb(later.renderer * 1024)}`);
  // What those questions fetched: vector lists, token-embedding shards, keyword shards (a list or a
  // shard is fetched once, then kept: the later questions fetch less).
  const fetchedBy = (pattern) => last.responses.slice(seen).filter((r) => pattern.test(new URL(r.url).pathname))
    .reduce((sum, r) => sum + r.bytes, 0);
  const perQuestion = (bytes) => `${(bytes / TURNS / 1e3).toFixed(0)} kB`;
  console.log(`\n# bytes fetched per question over the next ${TURNS} questions (mean; each file once, then kept)\n` +
    `vector lists ${perQuestion(fetchedBy(/\/index\/vectors\//))}, token-embedding shards ${perQuestion(fetchedBy(/\/model\//))}, ` +
    `keyword index ${perQuestion(fetchedBy(/\/index\/(?!vectors\/)/))}`);
  await last.context.close();
  // ... and BM25 alone, on a page whose vector files cannot load.
  const bm25Context = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await bm25Context.route(/\/(model|index\/vectors)\//, (route) => route.abort());
  const bm25Page = await bm25Context.newPage();
  await bm25Page.goto(site.url);
  await ready(bm25Page);
  const bm25 = await turnTimes(bm25Page, TURNS);
  await bm25Context.close();
  console.log(`\n# pipeline time per turn in the browser (trace total, offline mode: no LLM), ${TURNS} questions`);
  console.log(`hybrid (question embedded in the worker): p50 ${median(hybrid).toFixed(1)} ms, p95 ${percentile(hybrid, 0.95).toFixed(1)} ms`);
  console.log(`bm25 alone: p50 ${median(bm25).toFixed(1)} ms, p95 ${percentile(bm25, 0.95).toFixed(1)} ms`);
  const triage = [...hybrid.triage, ...bm25.triage];
  console.log(`of which the triage step: p50 ${median(triage).toFixed(1)} ms, p95 ${percentile(triage, 0.95).toFixed(1)} ms (the trace rounds to 0.1 ms)`);

  const mock = await startMockLlm(['--token-delay-ms', '1']);
  try {
    console.log('\n# streaming from mock-llm, one token per ms (plain LLM mode): main-thread busy time, best of 3');
    for (const tokens of TOKENS) {
      const cost = await streamingCost(browser, site.url, mock.url, tokens);
      console.log(`${tokens} tokens (answer done in ${cost.wall.toFixed(0)} ms): app ${cost.appBusy.toFixed(0)} ms busy, ` +
        `fetch alone ${cost.fetchBusy.toFixed(0)} ms busy: our cost ${cost.perToken.toFixed(1)} µs/token (SSE parse + decode + rendering)`);
      console.log(`  the app's busy time includes ${cost.split}`);
    }
  } finally {
    mock.stop();
  }
} finally {
  await browser.close();
  await site.close();
}
