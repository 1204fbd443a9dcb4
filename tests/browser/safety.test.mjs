// Nothing lost, nothing redirected, every stop stops: exports without keys, imports that cannot
// redirect questions or half-write data, honest storage-full notices, and Stop in every mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { serveStatic, launchBrowser, openPage, ready, ask, startMockLlm, useMock } from './harness.mjs';

let site, browser, mock;

before(async () => {
  mock = await startMockLlm(['--token-delay-ms', '20']);
  site = await serveStatic();
  browser = await launchBrowser();
});
after(async () => { await browser?.close(); await site?.close(); mock?.stop(); });

/** Exports everything; resolves to the file's text. */
async function exportAll(page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  return readFile(await download.path(), 'utf8');
}

/** Chooses `json` as the import file and waits for the preview. */
async function chooseImport(page, json) {
  await page.setInputFiles('#import-file', { name: 'import.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await page.waitForSelector('.import-preview');
}

test('a remembered key is never exported, the export says so, and an imported file cannot redirect questions unasked', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useMock(page, mock.url);
  await page.check('#remember-key');
  const stored = await page.evaluate(() => localStorage.getItem('medagent.settings'));
  assert.match(stored, /sk-browser-test/, 'the key is remembered in this browser');
  const exported = await exportAll(page);
  assert.doesNotMatch(exported, /sk-browser-test/, 'a remembered key is not exported');
  assert.match(exported, /API key is never exported/);
  assert.match(await page.textContent('.data-report'), /API key is not in the file/);

  // A file holding only settings that point somewhere else.
  const file = JSON.parse(exported);
  file.records = { 'medagent.settings': file.records['medagent.settings'] };
  file.records['medagent.settings'].data.provider.base_url = 'http://127.0.0.1:9/evil';
  file.records['medagent.settings'].data.mode = 'llm';
  await chooseImport(page, JSON.stringify(file));
  assert.match(await page.textContent('.import-preview'), /medagent\.settings: mode llm/);
  assert.match(await page.textContent('.import-destination'), /127\.0\.0\.1:9\/evil/);
  assert.equal(await page.isChecked('#import-destination'), false, 'not confirmed unless ticked');
  await Promise.all([page.waitForEvent('load'), page.click('#import-apply')]);
  await ready(page);
  await page.click('#settings summary');
  assert.equal(await page.inputValue('#base-url'), mock.url, 'questions still go where they went');
  assert.equal(await page.inputValue('#mode'), 'llm', 'the rest of the settings were imported');

  // Ticked, the destination named is applied (and the key is not carried over to it).
  await chooseImport(page, JSON.stringify(file));
  await page.check('#import-destination');
  await Promise.all([page.waitForEvent('load'), page.click('#import-apply')]);
  await ready(page);
  await page.click('#settings summary');
  assert.equal(await page.inputValue('#base-url'), 'http://127.0.0.1:9/evil');
  assert.equal(await page.inputValue('#api-key'), '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('an import that does not fit writes nothing, bad names are refused, and storage full says what was not saved', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await ask(page, 'I am 65 years old. What is glaucoma?');
  const exported = await exportAll(page);
  const before = await page.evaluate(() => ({ ...localStorage }));

  // A person's name of 200,000 characters is refused in the preview, like one typed in the app.
  const named = JSON.parse(exported);
  named.records['medagent.people'] = { schema: 1, data: { people: [{ id: 'p1', name: 'x'.repeat(200000) }], current: 'p1' } };
  await chooseImport(page, JSON.stringify(named));
  assert.match(await page.textContent('.import-preview'), /✗ medagent\.people: p1: .*40/);
  await page.click('.import-preview .secondary');

  // Fill the storage until only a little room is left, then import a file far bigger than that.
  await page.evaluate(() => {
    let chunk = 'x'.repeat(256 * 1024);
    for (let i = 0; chunk.length > 16; i++) {
      try { localStorage.setItem(`filler.${i}`, chunk); } catch { chunk = chunk.slice(chunk.length / 2); }
    }
  });
  const big = JSON.parse(exported);
  big.records['medagent.transcript'].data.turns.default[0].answer.body = 'y'.repeat(600 * 1024);
  big.records['medagent.people'] = { schema: 1, data: { people: [{ id: 'default', name: 'Replaced' }], current: 'default' } };
  await chooseImport(page, JSON.stringify(big));
  await page.click('#import-apply');
  await page.waitForFunction(() => /Nothing was imported/.test(document.querySelector('.data-report')?.textContent ?? ''));
  const after = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage).filter(([k]) => k.startsWith('medagent.'))));
  const kept = Object.fromEntries(Object.entries(before).filter(([k]) => k.startsWith('medagent.')));
  assert.deepEqual(after, kept, 'every record as it was, no staging copy left');

  // A turn that cannot be saved says so, and that what was saved before is intact.
  await ask(page, 'What are the symptoms of glaucoma?');
  const notice = await page.textContent('.storage-notice');
  assert.match(notice, /Not saved: .*Everything saved before is intact/);
  assert.doesNotMatch(notice, /could not be read|backed up|started fresh/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Stop ends the turn once in agent and LLM mode, keeps the partial answer, and sends nothing after it', async () => {
  for (const mode of ['agent', 'llm']) {
    const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
    await ready(page);
    // A 3000-token answer (60 s at 20 ms a token): long enough to stop in the middle.
    await useMock(page, `${mock.url}/reply/tokens3000`, mode);
    const sent = [];
    page.on('request', (r) => { if (r.url().includes('/v1/chat/completions')) sent.push(Date.now()); });
    await page.fill('#question', 'Explain glaucoma in detail.');
    await page.click('#send');
    await page.waitForFunction(() => (document.querySelector('.turn.agent .answer')?.textContent.length ?? 0) > 20, null, { timeout: 60_000 });
    const stoppedAt = Date.now();
    await page.click('#stop');
    // One click: Send is back at once.
    await page.waitForSelector('#send', { timeout: 3_000 });
    const turn = page.locator('.turn.agent').last();
    const answer = await turn.locator('.answer').textContent();
    assert.ok(answer.length > 20, `${mode}: the partial answer is kept`);
    assert.doesNotMatch(answer, /No AI model is configured/);
    assert.match(await turn.locator('.turn-error').textContent(), /stopped/i);
    await page.waitForTimeout(1500);
    assert.deepEqual(sent.filter((t) => t > stoppedAt), [], `${mode}: nothing is sent after Stop`);
    assert.deepEqual(problems.filter((p) => !/request failed/.test(p)), []);
    await context.close();
  }
});

test('the question is kept when sent; an answer cut by a reload shows as interrupted', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await useMock(page, `${mock.url}/reply/tokens3000`, 'llm');
  await page.fill('#question', 'Explain glaucoma slowly.');
  await page.click('#send');
  await page.waitForSelector('#stop');
  await page.reload();
  await ready(page);
  const turn = page.locator('.turn').filter({ hasText: 'Explain glaucoma slowly' });
  assert.equal(await turn.count(), 1, 'the question survived the reload');
  assert.match(await page.textContent('.turn-error'), /Interrupted/);
  assert.match(await page.textContent('.data-cap'), /last 200 turns/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('past the cap, the oldest turn is kept as a one-line summary, not lost', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await ready(page);
  await page.evaluate(() => {
    const turns = Array.from({ length: 200 }, (_, i) => ({ question: `Old question ${i}?`, answer: `Old answer ${i}. More detail.` }));
    localStorage.setItem('medagent.transcript', JSON.stringify({ schema: 1, data: { turns: { default: turns } } }));
  });
  await page.reload();
  await ready(page);
  assert.equal(await page.locator('.turns-archived').count(), 0, 'nothing is archived at the cap');
  // The oldest shown turn moves to the archive as the new one arrives: the count of turns stays.
  await page.fill('#question', 'What is glaucoma?');
  await page.click('#send');
  await page.waitForFunction(() => document.querySelector('.turns-archived')
    && [...document.querySelectorAll('.turn.agent')].pop()?.textContent.includes('laucoma')
    && !document.querySelector('#stop') && !document.querySelector('.thinking'), null, { timeout: 60_000 });
  assert.match(await page.textContent('.turns-archived summary'), /1 earlier turns/);
  await page.click('.turns-archived summary');
  assert.equal(await page.textContent('.turns-archived li'), 'Q: Old question 0? -> A: Old answer 0.');
  assert.equal(await page.locator('.turns-dropped').count(), 0, 'nothing was let go');
  assert.equal(await page.locator('.turn.user').count(), 200);
  await page.reload();
  await ready(page);
  assert.match(await page.textContent('.turns-archived summary'), /1 earlier turns/, 'the archive is saved');
  assert.match(await page.textContent('.data-cap'), /1200 turns before them as one-line summaries/);
  assert.deepEqual(problems, []);
  await context.close();
});
