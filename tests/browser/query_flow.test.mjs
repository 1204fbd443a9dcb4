// Query Flow in the browser against `medagent mock-llm`: the query_flow profile plans, reranks, judges
// sufficiency and grades, and the trace panel shows the plan, the pool, the rerank order, the
// sufficiency verdict, the grade and every model call within the budget set in the settings; with the
// mock told to return junk for every Query Flow step, each step falls back to its local version and
// the Korean question is still answered with citations.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage, ready, ask, startMockLlm, useMock } from './harness.mjs';

let site, browser, mock;

before(async () => {
  mock = await startMockLlm();
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); mock?.stop(); });

/// Query Flow with the model-call budget `budget`, against the mock at `base`.
async function useQueryFlow(page, base, budget) {
  await useMock(page, base);
  await page.selectOption('#ablation', 'query_flow');
  await page.fill('#max-llm-calls', String(budget));
  await page.dispatchEvent('#max-llm-calls', 'change');
}

test('the query_flow profile plans, reranks, judges and grades, and the trace shows each within the budget', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useQueryFlow(page, mock.url, 6);
  const turn = await ask(page, 'How is gout treated, and what foods should I avoid?');
  assert.ok(await turn.locator('.answer .cite').count() > 0, 'the answer cites sources');
  assert.equal(await page.locator('.turn-error').count(), 0);
  const trace = page.locator('.panel.trace');
  for (const node of ['plan', 'rerank', 'judge_sufficiency', 'grade']) {
    assert.equal(await trace.locator(`[data-node="${node}"].ran`).count(), 1, `${node} ran`);
  }
  const plan = await trace.locator('.plan').textContent();
  assert.match(plan, /written by the model/);
  assert.match(await trace.locator('.plan .normalized').textContent(), /gout/i);
  assert.ok(await trace.locator('.plan .subqueries li').count() >= 1, 'the compound question got sub-queries');
  assert.ok(await trace.locator('.rerank li').count() >= 1);
  assert.match(await trace.locator('.rerank h5').first().textContent(), /model/);
  assert.match(await trace.locator('.sufficiency').first().textContent(), /\d\.\d\d/);
  assert.ok(await trace.locator('.pool').count() >= 1);
  assert.ok(await trace.locator('.grades .grade').count() >= 1);
  const calls = await trace.locator('.model-calls li').count();
  assert.ok(calls >= 4 && calls <= 6, `${calls} model calls within the budget of 6`);
  assert.match(await trace.locator('.model-calls-heading').textContent(), new RegExp(`${calls} model calls \\(budget 6\\)`));
  // The budget is a setting: it survives a reload, and the profile is still query_flow.
  await page.reload();
  await ready(page);
  await page.click('#settings summary');
  assert.equal(await page.inputValue('#max-llm-calls'), '6');
  assert.equal(await page.inputValue('#ablation'), 'query_flow');
  assert.deepEqual(problems, []);
  await context.close();
});

test('junk from the model for every Query Flow step falls back locally; a Korean question is still answered', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  await useQueryFlow(page, `${mock.url}/fault/junk-all`, 8);
  const turn = await ask(page, '통풍은 어떻게 치료하나요?');
  assert.ok(await turn.locator('.answer .cite').count() > 0, 'answered from the evidence with citations');
  assert.equal(await page.locator('.turn-error').count(), 0);
  const trace = page.locator('.panel.trace');
  assert.match(await trace.locator('.plan').textContent(), /기기에서 작성/);
  assert.match(await trace.locator('.plan .normalized').textContent(), /gout/i, 'the local plan reads the question in English');
  assert.match(await trace.locator('.rerank h5').first().textContent(), /\(로컬\)/, 'an unusable ranking leaves the local order (named in Korean in the Korean UI)');
  assert.deepEqual(problems, []);
  await context.close();
});
