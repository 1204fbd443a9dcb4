// The app: the wasm app mounts, switches language for real, and answers offline from the index.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveStatic, launchBrowser, openPage } from './harness.mjs';

let site, browser;
before(async () => { site = await serveStatic(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await site?.close(); });

test('the wasm app mounts and switches between English and Korean', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  // Only the running wasm code renders .app[data-ready]; index.html has nothing but a <noscript>.
  await page.waitForSelector('.app[data-ready="true"]', { timeout: 30_000 });
  assert.equal(await page.textContent('h1'), 'medagent');
  assert.equal(await page.textContent('#send'), 'Send');
  assert.match(await page.textContent('#profile-heading'), /Patient profile/);

  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('#send')?.textContent === '보내기');
  assert.equal(await page.textContent('#profile-heading'), '환자 프로필');
  assert.equal(await page.getAttribute('html', 'lang'), 'ko');
  assert.match(await page.textContent('footer'), /진단/);

  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('#send')?.textContent === 'Send');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a Korean browser starts in Korean and remembers a switch across reloads', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'ko-KR' });
  await page.waitForSelector('.app[data-ready="true"]');
  assert.equal(await page.textContent('#send'), '보내기');
  await page.click('#lang-switch');
  await page.waitForFunction(() => document.querySelector('#send')?.textContent === 'Send');
  await page.reload();
  await page.waitForSelector('.app[data-ready="true"]');
  assert.equal(await page.textContent('#send'), 'Send');
  assert.deepEqual(problems, []);
  await context.close();
});

test('offline: an English and a Korean question get evidence answers with citations that open', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await page.waitForSelector('.app[data-ready="true"]');
  // The index loads after the app is usable; Send stays disabled until it is ready.
  await page.waitForSelector('#index-status', { state: 'detached', timeout: 60_000 });

  await page.fill('#question', 'What are the symptoms of glaucoma?');
  await page.click('#send');
  await page.waitForSelector('.turn.agent .answer .cite', { timeout: 30_000 });
  assert.equal(await page.inputValue('#question'), '');
  assert.match(await page.textContent('.turn.agent .answer'), /glaucoma/i);
  // A citation opens its passage with the MedQuAD source.
  await page.click('.turn.agent .answer .cite >> nth=0');
  await page.waitForSelector('.turn.agent .source.opened .passage');
  assert.match(await page.textContent('.turn.agent .source.opened .source-meta'), /\S+ · \S+/);
  assert.ok((await page.textContent('.turn.agent .source.opened .passage')).length > 40);

  const korean = '65세 남성이고 당뇨 10년째예요. 당뇨병 초기 증상은 무엇인가요?';
  await page.fill('#question', korean);
  await page.click('#send');
  await page.waitForFunction(() => document.querySelectorAll('.turn.agent .answer .cite').length > 0
    && document.querySelectorAll('.turn.agent').length === 2
    && document.querySelectorAll('.turn.agent')[1].querySelector('.cite'), null, { timeout: 30_000 });
  assert.equal(await page.textContent('.turn.user >> nth=1 >> .said'), korean);
  assert.match(await page.textContent('.turn.agent >> nth=1 >> .answer'), /diabet|당뇨/i);
  // The profile panel shows what the message said; the trace lists the node path.
  const profile = await page.textContent('.panel.profile');
  assert.match(profile, /65/);
  assert.match(profile, /diabet|당뇨/i);
  assert.ok(await page.locator('.panel.trace .step').count() >= 5);
  // An empty message sends nothing.
  await page.click('#send');
  assert.equal(await page.locator('.turn').count(), 4);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Enter sends, Shift+Enter adds a line', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await page.waitForSelector('.app[data-ready="true"]');
  await page.waitForSelector('#index-status', { state: 'detached', timeout: 60_000 });
  await page.click('#question');
  await page.keyboard.type('first line');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('second line');
  assert.equal(await page.locator('.turn').count(), 0);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.turn.user');
  assert.equal(await page.textContent('.turn.user .said'), 'first line\nsecond line');
  assert.deepEqual(problems, []);
  await context.close();
});
