// The Evaluate page: the app's Evaluate panel opens it (its code is downloaded only then); the study
// runs there on the provider the app saved (or offline), shows progress, the table, comparisons and
// plots, exports the results, stops when asked, and never touches the user's own profile or
// conversations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serveStatic, launchBrowser, openPage, ready, ask, startMockLlm, useMock } from './harness.mjs';

let site, browser, mock;

before(async () => {
  mock = await startMockLlm();
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); mock?.stop(); });

/** The records the app keeps for the user (everything but settings, which the test changes). */
const userData = (page) => page.evaluate(() =>
  ['medagent.memory', 'medagent.people', 'medagent.transcript'].map((k) => localStorage.getItem(k)).join('\n'));

/** From the app, opens the Evaluate page through the Evaluate panel and waits until it can run. */
async function openEvaluate(page) {
  await page.click('#evaluate summary');
  await Promise.all([page.waitForURL(/evaluate\.html$/), page.click('#evaluate-open')]);
  await page.waitForSelector('.evaluate-page[data-ready="true"]', { timeout: 60_000 });
  assert.equal(await page.isEnabled('#study-run'), true);
}

/** Asks for `conversations` per language and only the arms in `arms`. */
async function chooseStudy(page, conversations, arms) {
  await page.fill('#study-conversations', String(conversations));
  await page.dispatchEvent('#study-conversations', 'change');
  for (const box of await page.locator('.study-arm input').all()) {
    const id = await box.getAttribute('id');
    const wanted = arms.includes(id.replace('study-arm-', ''));
    if (await box.isEnabled() && (await box.isChecked()) !== wanted) await box.click();
  }
}

test('offline, the study runs on a memory of its own and reports table, plots and JSON', async () => {
  const { page, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  const fetched = [];
  page.on('request', (req) => fetched.push(new URL(req.url()).pathname));
  await ready(page);
  await ask(page, 'I am 64 and have type 2 diabetes. What should I eat?');
  const before = await userData(page);
  assert.match(before, /diabetes/i, 'the user has a profile and a conversation');
  assert.deepEqual(fetched.filter((path) => /evaluate/.test(path)), [], 'the app does not download the Evaluate page');

  await openEvaluate(page);
  assert.ok(fetched.some((path) => /\/evaluate-[0-9a-f]+_bg\.wasm$/.test(path)), `the page's own wasm: ${fetched.filter((p) => /wasm$/.test(p))}`);
  await chooseStudy(page, 1, ['baseline', 'full_context_engineering']);
  assert.equal(await page.isDisabled('#study-arm-llm_only'), true, 'no model, no model-only arm');
  assert.match(await page.textContent('.evaluate-offline'), /No AI model is configured/);
  await page.click('#study-run');
  await page.waitForSelector('.study-table tbody tr', { timeout: 120_000 });
  assert.equal(await page.locator('.study-table tbody tr').count(), 2, 'one row per arm');
  assert.match(await page.textContent('.study-progress'), /4 of 4 conversations done/);
  assert.equal(await page.locator('img.study-plot').count(), 5, 'five plots');
  assert.match(await page.textContent('.study-table tbody'), /baseline/);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#study-export')]);
  const results = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(results.records.length, 2 * 2 * 5, '2 arms x 2 languages x 5 turns');
  assert.deepEqual(results.arms, ['baseline', 'full_context_engineering']);
  assert.ok(results.records.every((r) => r.terminated), 'every loop terminated');

  assert.equal(await userData(page), before, 'the user\'s profile and conversations are untouched');
  await Promise.all([page.waitForURL(site.url), page.click('#evaluate-back')]);
  await ready(page);
  assert.match(await page.textContent('.turns'), /What should I eat\?/, 'the chat is still there');
  assert.deepEqual(problems, []);
});

test('with a model, the study scores the answers, compares with the model alone, and stops when asked', async () => {
  const { page, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  await useMock(page, mock.url);
  await openEvaluate(page);
  assert.equal(await page.locator('.evaluate-offline').count(), 0, 'the page reads the provider the app saved');
  assert.match(await page.textContent('h1'), /내 모델로 평가하기/);
  await chooseStudy(page, 1, ['full_context_engineering', 'llm_only']);
  await page.click('#study-run');
  await page.waitForSelector('.study-table tbody tr', { timeout: 180_000 });
  const table = await page.textContent('.study-table tbody');
  assert.match(table, /llm_only/);
  const cells = await page.locator('.study-table tbody tr').first().locator('td').allTextContents();
  assert.ok(cells.slice(-3).every((c) => /\d/.test(c)), `judge, faithfulness and relevancy are scored: ${cells}`);
  assert.ok(await page.locator('.study-comparisons li').count() > 0, 'the arms are compared');

  // Stop: a longer study ends after the conversation in progress, and says what it covers.
  await chooseStudy(page, 27, ['full_context_engineering', 'llm_only']);
  await page.click('#study-run');
  await page.waitForFunction(() => Number(document.querySelector('#study-progress')?.value) >= 1, null, { timeout: 120_000 });
  await page.click('#study-stop');
  await page.waitForSelector('.study-stopped', { timeout: 120_000 });
  assert.match(await page.textContent('.study-stopped'), /108개 중 \d+개 대화 후 중지/);
  assert.equal(await page.isEnabled('#study-run'), true);
  assert.deepEqual(problems, []);
});
