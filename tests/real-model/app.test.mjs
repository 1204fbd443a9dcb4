// The app with a real model: the OpenAI-compatible provider pointed at llama-server serving the pinned
// SmolLM2-135M-Instruct (scripts/test-real-model.sh starts it and sets MEDAGENT_REAL_MODEL_URL). What
// must hold whatever the model writes: the triage notice first; the Korean numb-feet question keeps
// diabetic neuropathy in its top three sources (as offline); a shown answer cites its sources or is
// marked unsupported; the answer is in the user's language or says it is not; Stop stops at once
// and sends nothing after; a cut connection keeps the question.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { serveStatic, launchBrowser, openPage, ready } from '../browser/harness.mjs';

const BASE = process.env.MEDAGENT_REAL_MODEL_URL;
if (!BASE) throw new Error('MEDAGENT_REAL_MODEL_URL is not set: run scripts/test-real-model.sh');
// A bound, not a wait: a full agent turn takes well under a minute on two idle cores with answers
// capped at 160 tokens (scripts/test-real-model.sh), a few on a busy machine.
const TURN_MS = 300_000;

let site, browser;
before(async () => {
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); });

/** The OpenAI-compatible provider at `base`, agent mode, ablation `profile`. */
async function useRealModel(page, base, profile = 'full_agent') {
  await page.click('#settings summary');
  await page.selectOption('#provider', 'openai');
  await page.fill('#base-url', base);
  await page.fill('#model', 'smollm2-135m-instruct');
  await page.fill('#api-key', 'local');
  await page.selectOption('#mode', 'agent');
  await page.selectOption('#ablation', profile);
}

/** Sends `question`; resolves to its turn once the answer is complete. */
async function askAndWait(page, question) {
  const before = await page.locator('.turn.agent').count();
  await page.fill('#question', question);
  await page.click('#send');
  await page.waitForFunction((n) => document.querySelectorAll('.turn.agent').length === n + 1
    && !document.querySelector('#stop') && !document.querySelector('.thinking'), before, { timeout: TURN_MS });
  return page.locator('.turn.agent').nth(before);
}

const hangulShare = (text) => {
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  const hangul = [...text].filter((c) => /[\uAC00-\uD7A3]/.test(c)).length;
  return letters ? hangul / letters : 0;
};

test('the Korean numb-feet question: diabetic neuropathy in the top three, a cited or marked answer in Korean', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  await useRealModel(page, BASE);
  const turn = await askAndWait(page, '당뇨가 있는데 발이 저리고 감각이 없어요');
  const titles = await turn.locator('.sources .source-title').allTextContents();
  assert.ok(titles.slice(0, 3).some((t) => /Neuropathy/i.test(t)), `diabetic neuropathy in the top 3: ${titles}`);
  const answer = (await turn.locator('.answer').textContent()).trim();
  const cites = await turn.locator('.answer .cite').count();
  const marked = /출처 문서가 뒷받침하지 않습니다|not supported by the sources/.test(answer);
  assert.ok(cites > 0 || marked, `the answer cites its sources or is marked unsupported: ${answer}`);
  // The evidence answer quotes English sources and says so in Korean ("출처는 영어입니다").
  assert.ok(hangulShare(answer) >= 1 / 3 || /한국어|출처는 영어/.test(answer), `the answer is in Korean or says it is not: ${answer}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('an emergency: the notice is first with 119 while the real model answers', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  await useRealModel(page, BASE, 'full_context_engineering');
  const turn = await askAndWait(page, '우리 아기 열이 39.5도인데 자꾸 늘어지고 잠만 자요');
  const first = await turn.evaluate((li) => li.querySelector(':scope > :not(.who)')?.className ?? '');
  assert.equal(first, 'triage-notice');
  assert.match(await turn.locator('.triage-notice').textContent(), /119/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Stop ends the turn at once and nothing is sent to the model after it', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useRealModel(page, BASE, 'full_context_engineering');
  // The page's own clock times each request to the model (the app fetches through window.fetch) and the
  // Stop click: timed from the test instead, a request the pipeline sent just before the click reached
  // the page would count as sent after it.
  await page.evaluate((base) => {
    window.modelRequests = [];
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      if (String(input?.url ?? input).startsWith(base)) window.modelRequests.push(Date.now());
      return fetch(input, init);
    };
    document.addEventListener('click', (e) => {
      if (e.target.closest?.('#stop')) window.stoppedAt = Date.now();
    }, true);
  }, BASE);
  await page.fill('#question', 'What are the symptoms of gout?');
  await page.click('#send');
  // Stop while the first model request is under way: once the page has sent it (a fixed wait after
  // the Stop button shows can end before the pipeline reaches the model on a loaded machine).
  await page.waitForFunction(() => document.querySelector('#stop') && window.modelRequests.length > 0, null, {
    timeout: 60_000,
  });
  await page.click('#stop');
  await page.waitForSelector('#send', { timeout: 3_000 });
  assert.match(await page.locator('.turn.agent').last().locator('.turn-error').textContent(), /stopped/i);
  await page.waitForTimeout(1500);
  const { sent, stoppedAt } = await page.evaluate(() => ({ sent: window.modelRequests, stoppedAt: window.stoppedAt }));
  assert.ok(sent.length > 0 && stoppedAt, 'the model was asked before Stop, and the click was seen');
  assert.deepEqual(sent.filter((t) => t > stoppedAt), [], 'nothing is sent after Stop');
  assert.deepEqual(problems.filter((p) => !/request failed/.test(p)), []);
  await context.close();
});

/** A loopback proxy to the model server that cuts every reply after `keep` bytes. */
function cuttingProxy(keep) {
  const upstream = new URL(BASE);
  const server = http.createServer((req, res) => {
    const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode, up.headers);
      let sent = 0;
      up.on('data', (chunk) => {
        if (sent >= keep) return;
        res.write(chunk.subarray(0, keep - sent));
        sent += chunk.length;
        if (sent >= keep) { up.destroy(); res.socket?.destroy(); }
      });
      up.on('end', () => res.end());
    });
    forward.on('error', () => res.socket?.destroy());
    req.pipe(forward);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })));
}

test('a connection cut mid-answer keeps the question and says what happened', async () => {
  const proxy = await cuttingProxy(400);
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useRealModel(page, proxy.url, 'full_context_engineering');
  const turn = await askAndWait(page, 'What are the symptoms of gout?');
  assert.equal(await page.locator('.turn.user').filter({ hasText: 'What are the symptoms of gout?' }).count(), 1, 'the question is kept');
  assert.ok((await turn.locator('.turn-error').count()) > 0, 'the cut is reported');
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.turn.user').filter({ hasText: 'What are the symptoms of gout?' }).count(), 1, 'the question survives a reload');
  proxy.close();
  assert.deepEqual(problems.filter((p) => !/request failed|Failed to load resource/.test(p)), []);
  await context.close();
});
