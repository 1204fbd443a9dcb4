// The app shell: the wasm app mounts, switches language for real, and keeps a sent message.
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

test('sending a message keeps it and says plainly that the agent is not available yet', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await page.waitForSelector('.app[data-ready="true"]');
  const question = '당뇨병 초기 증상은 무엇인가요? And is HbA1c 8.2% high?';
  await page.fill('#question', question);
  await page.click('#send');
  await page.waitForSelector('.turn.notice');
  assert.equal(await page.textContent('.turn.user .said'), question);
  assert.match(await page.textContent('.turn.notice .said'), /not available yet/);
  assert.equal(await page.inputValue('#question'), '');
  // An empty message sends nothing.
  await page.click('#send');
  assert.equal(await page.locator('.turn').count(), 2);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Enter sends, Shift+Enter adds a line', async () => {
  const { page, context, problems } = await openPage(browser, site.url, { locale: 'en-US' });
  await page.waitForSelector('.app[data-ready="true"]');
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
