// The page's Content-Security-Policy: the built app and its Evaluate page carry it, normal use
// (offline answers in English and Korean, settings, the trace, a model over loopback) raises no
// violation, injected markup stays inert, and a provider the policy cannot reach gets a clear message
// instead of a silent failure.
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

/** Opens the app with every `securitypolicyviolation` recorded in window.__violations. */
async function openWatched(locale = 'en-US') {
  const { page, context, problems } = await openPage(browser, 'about:blank', { locale });
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  await page.goto(site.url);
  await ready(page);
  return { page, context, problems, violations: () => page.evaluate(() => window.__violations) };
}

test('the built pages carry the same strict policy, each with its start-up script pinned by hash', async () => {
  const [app, evaluate] = [await strictPolicy('index.html'), await strictPolicy('evaluate.html')];
  // Each page repeats the policy in its own <head>: a provider host allowed in one and not the other
  // would make a model work on one page and fail on the other.
  assert.equal(evaluate, app, 'the Evaluate page and the app allow the same sources');
});

/** The built `page` carries the policy, its inline start-up script pinned; returns the policy without
 * its script hashes (they differ per page). */
async function strictPolicy(page) {
  const html = await (await fetch(new URL(page, site.url))).text();
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  assert.ok(policy, `${page} has the policy`);
  const directives = Object.fromEntries(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives['default-src'], ["'self'"]);
  assert.deepEqual(directives['style-src'], ["'self'"]);
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.ok(directives['script-src'].includes("'wasm-unsafe-eval'"));
  assert.ok(!directives['script-src'].includes("'unsafe-inline'") && !directives['script-src'].includes("'unsafe-eval'"));
  assert.ok(directives['script-src'].some((s) => s.startsWith("'sha256-")), 'the inline start-up script is pinned');
  assert.ok(!directives['connect-src'].includes('*') && !directives['connect-src'].includes('http:'));
  return policy.replace(/ 'sha256-[^']*'/g, '');
}

test('normal use raises no policy violation: offline answers, settings, trace, a model on loopback', async () => {
  const { page, context, problems, violations } = await openWatched('en-US');
  await ask(page, 'What are the symptoms of glaucoma?');
  await ask(page, '당뇨병 초기 증상은 무엇인가요?');
  await page.click('#lang-switch');
  await useMock(page, mock.url, 'agent');
  const turn = await ask(page, 'How is asthma treated?');
  assert.ok((await turn.locator('.answer').textContent()).trim().length > 0);
  assert.equal(await turn.locator('.turn-error').count(), 0);
  await page.reload();
  await ready(page);
  assert.deepEqual(await violations(), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('markup injected into the page cannot run: an inline script is refused, an imported name shows as text', async () => {
  const { page, context, problems, violations } = await openWatched('en-US');
  // What a sanitiser bug would amount to: an inline script in the DOM. The policy refuses it.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__ran = true';
    document.body.append(s);
  });
  assert.equal(await page.evaluate(() => window.__ran), undefined);
  assert.equal((await violations()).length, 1, 'the refused script is reported');

  const hostile = '<img src=x onerror="window.__ran=1">';
  const file = {
    app: 'medagent', export_version: 1,
    records: { 'medagent.people': { schema: 1, data: { people: [{ id: 'default', name: '' }, { id: 'p2', name: hostile }], current: 'p2' } } },
  };
  await page.setInputFiles('#import-file', { name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
  await page.waitForSelector('.import-preview');
  await Promise.all([page.waitForEvent('load'), page.click('#import-apply')]);
  await ready(page);
  assert.match(await page.textContent('body'), /<img src=x onerror="window.__ran=1">/, 'the name shows as text');
  assert.equal(await page.evaluate(() => window.__ran), undefined);
  assert.deepEqual(problems.filter((p) => !/Content Security Policy/.test(p)), []);
  await context.close();
});

test('a provider the policy cannot reach is explained, not silently refused', async () => {
  const { page, context, problems, violations } = await openWatched('en-US');
  await useMock(page, 'http://192.0.2.10:11434', 'llm');
  assert.match(await page.textContent('.base-url-blocked'), /https addresses, and http only on this computer/);
  const turn = await ask(page, 'What is glaucoma?');
  assert.match(await turn.locator('.turn-error').textContent(), /http only on this computer/);
  assert.deepEqual(await violations(), [], 'no request was even attempted');
  assert.deepEqual(problems, []);
  await context.close();
});
