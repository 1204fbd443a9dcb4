// Emergency triage in the browser: the notice is the first thing in the answer, in the user's language
// with the local number, offline and with a model (mock-llm, LLM and agent mode), shown while the
// model is still streaming; the trace records the triage step with its time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage, ready, ask, startMockLlm, useMock } from './harness.mjs';

let site, browser, mock;

before(async () => {
  mock = await startMockLlm(['--token-delay-ms', '40']);
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); mock?.stop(); });

const EMERGENCIES = [
  { locale: 'ko-KR', question: '우리 아기 열이 39.5도인데 자꾸 늘어지고 잠만 자요', number: /119/, headline: /응급/ },
  { locale: 'en-US', question: 'my husband took a whole bottle of his sleeping pills', number: /911/, headline: /emergency/i },
];

/** The class of the first thing in an agent turn after its "who" label. */
function firstShown(turn) {
  return turn.evaluate((li) => li.querySelector(':scope > :not(.who)')?.className ?? '');
}

/** The triage step's time in the trace panel, in ms. */
async function triageMs(page) {
  const step = page.locator('.panel.trace .step', { has: page.locator('code', { hasText: /^triage$/ }) }).last();
  return parseFloat(await step.locator('.ms').textContent());
}

test('offline: a Korean and an English emergency get the notice first, with the local number', async () => {
  for (const { locale, question, number, headline } of EMERGENCIES) {
    const { page, context, problems } = await openPage(browser, site.url, { locale });
    await ready(page);
    const turn = await ask(page, question);
    assert.equal(await firstShown(turn), 'triage-notice');
    const notice = await turn.locator('.triage-notice').textContent();
    assert.match(notice, number);
    assert.match(notice, headline);
    assert.equal(await turn.locator('.triage-notice[role="alert"]').count(), 1);
    assert.ok((await turn.locator('.answer').textContent()).trim().length > 0, 'the answer still follows');
    assert.doesNotMatch(await turn.locator('.answer').textContent(), /⚠/, 'the notice is shown once');
    const ms = await triageMs(page);
    assert.ok(Number.isFinite(ms), 'the trace records the triage step');
    console.log(`# triage in the browser (${locale}, offline): ${ms} ms`);
    // An ordinary question gets no notice.
    const plain = await ask(page, locale === 'ko-KR' ? '당뇨에 좋은 음식 추천해 주세요' : 'what foods are good for diabetes');
    assert.equal(await plain.locator('.triage-notice').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('with a model: the notice is first and shown while the model still streams', async () => {
  for (const mode of ['llm', 'agent']) {
    for (const { locale, question, number } of EMERGENCIES) {
      const { page, context, problems } = await openPage(browser, site.url, { locale });
      await ready(page);
      await useMock(page, mock.url, mode);
      await page.fill('#question', question);
      await page.click('#send');
      // Before the answer is finished (the stop button still shows), the notice is there.
      await page.waitForFunction(() => document.querySelector('#stop')
        && document.querySelector('.turn.agent .triage-notice'), null, { timeout: 60_000 });
      await page.waitForSelector('#send', { timeout: 60_000 });
      const turn = page.locator('.turn.agent').last();
      assert.equal(await firstShown(turn), 'triage-notice');
      assert.match(await turn.locator('.triage-notice').textContent(), number);
      assert.ok((await turn.locator('.answer').textContent()).trim().length > 0, 'the model answer follows');
      console.log(`# triage in the browser (${locale}, ${mode} mode): ${await triageMs(page)} ms`);
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});
