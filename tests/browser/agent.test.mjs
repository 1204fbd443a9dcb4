// The app with a model: agent mode against `medagent mock-llm` on loopback (streaming, trace, profile),
// persistence across reloads with export / forget / import, hostile model output, provider faults,
// and corrupted storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serveStatic, launchBrowser, openPage, ready, ask, startMockLlm, useMock } from './harness.mjs';

let site, browser, mock, mockUrl;

before(async () => {
  mock = await startMockLlm(['--token-delay-ms', '15']);
  mockUrl = mock.url;
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); mock?.stop(); });

test('agent mode streams the answer from the model, with trace and profile; everything survives reload, export, forget and import', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  page.on('dialog', (d) => d.accept());
  await ready(page);
  await useMock(page, mockUrl);
  // Test connection reports the model's reply.
  await page.click('#test-connection');
  await page.waitForFunction(() => /연결됨/.test(document.querySelector('.settings-report')?.textContent ?? ''));

  // Streaming: while the stop button shows, the answer already has text.
  await page.fill('#question', '65세 남성, 당뇨 10년, 공복혈당 180이에요. 당뇨병 합병증은 뭐가 있나요?');
  await page.click('#send');
  await page.waitForFunction(() => document.querySelector('#stop')
    && (document.querySelector('.turn.agent .answer')?.textContent.length ?? 0) > 0, null, { timeout: 60_000 });
  await page.waitForSelector('#send', { timeout: 60_000 });
  const answer = page.locator('.turn.agent .answer').first();
  assert.ok(await answer.locator('.cite').count() > 0, 'the model answer cites sources');
  assert.equal(await page.locator('.turn-error').count(), 0);
  const trace = await page.textContent('.panel.trace');
  for (const node of ['check_similarity', 'extract_slots', 'retrieve', 'generate_answer', 'quality_check', 'store_response']) {
    assert.match(trace, new RegExp(node));
  }
  const profile = await page.textContent('.panel.profile');
  assert.match(profile, /65세/);
  assert.match(profile, /당뇨/);
  assert.match(profile, /180/);

  // Reload: conversation, profile and settings are all still there.
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.turn.agent').count(), 1);
  assert.match(await page.textContent('.panel.profile'), /65세/);
  await page.click('#settings summary');
  assert.equal(await page.inputValue('#provider'), 'openai');
  assert.equal(await page.inputValue('#base-url'), mockUrl);

  // Export, forget everything, import: all back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const exported = await readFile(await download.path(), 'utf8');
  assert.match(exported, /medagent\.memory/);
  assert.doesNotMatch(exported, /sk-browser-test/, 'a session-only key is never exported');
  await page.click('.forget');
  await page.waitForFunction(() => document.querySelectorAll('.turn').length === 0);
  assert.doesNotMatch(await page.textContent('.panel.profile'), /65세/);
  await page.setInputFiles('#import-file', { name: 'medagent-export.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await page.waitForSelector('.import-preview');
  assert.match(await page.textContent('.import-preview'), /medagent\.transcript/);
  await Promise.all([page.waitForEvent('load'), page.click('#import-apply')]);
  await ready(page);
  assert.equal(await page.locator('.turn.agent').count(), 1);
  assert.match(await page.textContent('.panel.profile'), /65세/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile model output is rendered inert', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  await ready(page);
  // The mock repeats the question as its answer.
  await useMock(page, `${mockUrl}/reply/echo`, 'llm');
  const turn = await ask(page, '<img src=x onerror=alert(1)> [click me](javascript:alert(2)) <script>alert(3)</script> **bold**');
  const answer = turn.locator('.answer');
  assert.match(await answer.textContent(), /<img src=x onerror=alert\(1\)>/, 'the tag shows as text');
  assert.equal(await answer.locator('img, script, iframe').count(), 0);
  assert.equal(await answer.locator('a[href^="javascript"]').count(), 0);
  assert.equal(await answer.locator('strong').count(), 1, 'markdown still renders');
  await page.waitForTimeout(300);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('provider faults give the right message and keep a partial answer', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useMock(page, `${mockUrl}/fault/401`, 'llm');
  let turn = await ask(page, 'What is glaucoma?');
  assert.match(await turn.locator('.turn-error').textContent(), /refused the API key/);

  await page.fill('#base-url', `${mockUrl}/fault/429`);
  turn = await ask(page, 'What is glaucoma?');
  assert.match(await turn.locator('.turn-error').textContent(), /Rate limited.*\d+ second/);

  await page.fill('#base-url', `${mockUrl}/fault/cutoff`);
  turn = await ask(page, 'What is glaucoma?');
  assert.match(await turn.locator('.turn-error').textContent(), /ended before the answer was finished|cut off/i);
  assert.ok((await turn.locator('.answer').textContent()).trim().length > 0, 'the partial answer is kept');
  // The browser reports the refused requests itself; nothing else may go wrong.
  assert.deepEqual(problems.filter((p) => !/HTTP (401|429)|Failed to load resource|request failed/.test(p)), []);
  await context.close();
});

test('corrupted storage gives the recovery message and the app still answers', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await page.evaluate(() => {
    localStorage.setItem('medagent.memory', '{"schema":1,"data":{"profiles":');
    localStorage.setItem('medagent.settings', 'not json at all');
    localStorage.setItem('medagent.transcript', '\u0000\u0001garbage');
    localStorage.setItem('medagent.people', '{"schema":1,"data":{"people":7}}');
  });
  await page.reload();
  await ready(page);
  await page.waitForSelector('.storage-notice');
  const turn = await ask(page, 'What are the symptoms of glaucoma?');
  assert.ok(await turn.locator('.cite').count() > 0);
  // What could not be read was kept as a backup.
  const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('backup')).length);
  assert.ok(backups >= 4, `backups kept: ${backups}`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('nothing on the page shifts while an answer streams, on a desktop and on a phone', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US', viewport });
    await ready(page);
    // Every answer 200 tokens long (3 s at 15 ms a token).
    await useMock(page, `${mockUrl}/reply/tokens200`, 'llm');
    await page.click('#settings summary');
    await ask(page, 'What is glaucoma?');
    await page.fill('#question', 'Explain glaucoma in detail.');
    // Layout shifts right after a real input do not count; the send is scripted so every shift counts.
    await page.waitForTimeout(600);
    await page.evaluate(() => {
      window.shifts = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.shifts.push(e.value); })
        .observe({ type: 'layout-shift' });
      document.querySelector('#send').click();
    });
    await page.waitForSelector('#stop');
    await page.waitForSelector('#send', { timeout: 60_000 });
    const shift = await page.evaluate(() => window.shifts.reduce((a, b) => a + b, 0));
    assert.ok((await page.textContent('.turn.agent >> nth=1 >> .answer')).length > 20, 'an answer streamed');
    assert.ok(shift < 0.01, `layout shift while streaming at ${viewport.width}px: ${shift}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
