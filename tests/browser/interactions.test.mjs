// Medicine interactions in the browser: a medicine said in one turn and a brand asked about in the
// next are warned of above the answer (after any triage notice), with the severity, the two medicines
// as the user named them and by generic name, what to do and the source, in Korean and in English;
// the warning stays after a reload and follows the language switch; a pair no table lists is only
// said to be unlisted, never safe.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage, ready, ask } from './harness.mjs';

let site, browser;

before(async () => {
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); });

/** The classes of an agent turn's children after its "who" label, in order. */
function shown(turn) {
  return turn.evaluate((li) => [...li.querySelectorAll(':scope > :not(.who)')].map((e) => e.className));
}

test('English: warfarin said, then Advil asked about: the warning with its source, above the answer', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  const first = await ask(page, 'I take warfarin every day.');
  assert.equal(await first.locator('.interaction-warning').count(), 0, 'one medicine: nothing to warn of');
  const turn = await ask(page, 'Can I take Advil for my back pain?');
  const warning = turn.locator('.interaction-warning[role="alert"]');
  assert.equal(await warning.count(), 1);
  const order = await shown(turn);
  assert.ok(order.indexOf('interaction-warning critical') < order.indexOf('answer'), `above the answer: ${order}`);
  const text = await warning.textContent();
  assert.match(text, /Critical interaction/);
  assert.match(text, /Warfarin \+ Advil \(Ibuprofen\)/);
  assert.match(text, /Do not take these together without talking to the prescriber/);
  assert.match(await warning.locator('.interaction-source').textContent(), /^Source: .*drug-interaction-mcp 0\.1\.0 \(Pillright, MIT\)/);
  assert.ok((await turn.locator('.answer').textContent()).trim().length > 0, 'the answer still follows');

  // The language switch shows the same warning in Korean; a reload keeps it.
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('.interaction-warning')?.textContent.includes('출처'));
  const korean = await page.locator('.interaction-warning').last().textContent();
  assert.match(korean, /심각한 상호작용/);
  assert.match(korean, /처방한 의사와 상의하기 전에는 함께 복용하지 마세요/);
  await page.click('#lang-switch');
  await page.reload();
  await ready(page);
  assert.match(await page.locator('.interaction-warning').last().textContent(), /Advil \(Ibuprofen\)/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Korean: a brand and a generic in one message, the warning in Korean with its source', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await ready(page);
  const turn = await ask(page, '와파린 먹고 있는데 허리가 아파서 애드빌 먹어도 되나요?');
  const warning = turn.locator('.interaction-warning[role="alert"]');
  assert.equal(await warning.count(), 1);
  const text = await warning.textContent();
  assert.match(text, /심각한 상호작용/);
  assert.match(text, /와파린 \+ 애드빌 \(이부프로펜\)/);
  assert.match(text, /NSAID\(소염진통제\)는 피하세요/, 'the table\'s own advice, in Korean');
  assert.match(await warning.locator('.interaction-source').textContent(), /^출처: .*drug-interaction-mcp/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a pair no table lists: said to be unlisted, never safe', async () => {
  for (const [locale, question, unsafe] of [
    ['en-US', 'I take metformin. Can I take Tylenol for a cold?', /safe|fine|no problem/i],
    ['ko-KR', '메트포르민 먹는데 감기라서 타이레놀 먹어도 되나요?', /안전|괜찮/],
  ]) {
    const { page, context, problems } = await openPage(browser, site.url, { locale });
    await ready(page);
    const turn = await ask(page, question);
    assert.equal(await turn.locator('.interaction-warning').count(), 0);
    const note = await turn.locator('.interaction-none').textContent();
    assert.match(note, /Tylenol|타이레놀/);
    assert.doesNotMatch(note, unsafe);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
