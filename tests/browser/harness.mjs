// Shared harness for the browser tests: serves the built app (dist/) on loopback and drives
// Debian's Chromium through playwright-core. Never downloads a browser.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { DIST, serveStatic } from '../../scripts/static-server.mjs';

export { DIST, serveStatic };

/** Debian's Chromium, headless, with the flags this machine needs (no network but loopback). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** Launches headless Debian Chromium (`CHROMIUM`). */
export function launchBrowser() {
  return chromium.launch(CHROMIUM);
}

/**
 * Opens a page that records every console error, uncaught exception and failed request, so a
 * test can assert there were none. `viewport` ({ width, height }) sizes the window (default 1280x720).
 * The service worker (offline use) is blocked unless `serviceWorkers: 'allow'`: it would download the
 * whole site in the background of every test; tests/browser/offline.test.mjs tests it.
 */
export async function openPage(browser, url, { locale = 'en-US', viewport, serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ locale, serviceWorkers, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`); });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  // ERR_ABORTED is a download the page itself dropped: a reload or a closed page stops the model and
  // vector downloads still under way. Any other failure is a problem.
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText;
    if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} ${error}`);
  });
  page.on('response', (res) => { if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`); });
  await page.goto(url);
  return { page, context, problems };
}

/** Waits until the app is mounted and the index has loaded (Send works). */
export async function ready(page) {
  await page.waitForSelector('.app[data-ready="true"]');
  await page.waitForSelector('#index-status', { state: 'detached', timeout: 60_000 });
}

/** Sends `question` and waits for the whole answer; resolves to the answer's turn. */
export async function ask(page, question) {
  const before = await page.locator('.turn.agent').count();
  await page.fill('#question', question);
  await page.click('#send');
  await page.waitForFunction((n) => document.querySelectorAll('.turn.agent').length === n + 1
    && !document.querySelector('#stop') && !document.querySelector('.thinking'), before, { timeout: 60_000 });
  return page.locator('.turn.agent').nth(before);
}

/** The native CLI: MEDAGENT_BIN (scripts/env.sh sets it), else the one scripts/build-index.sh builds. */
export const MEDAGENT = process.env.MEDAGENT_BIN ?? resolve(DIST, '../target/suite/medagent');

/**
 * Starts `medagent mock-llm` on a free loopback port with `args` (e.g. `--token-delay-ms 15`).
 * Resolves to { url, stop }.
 */
export function startMockLlm(args = []) {
  const mock = spawn(MEDAGENT, ['mock-llm', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((ok, fail) => {
    mock.on('error', (e) => fail(new Error(`cannot run ${MEDAGENT} (build it: scripts/build-index.sh): ${e.message}`)));
    let out = '';
    mock.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/[\d.]+:\d+)/);
      if (m) ok({ url: m[1], stop: () => mock.kill() });
    });
  });
}

/** Chooses the OpenAI-compatible provider at `base` through the settings panel, in `mode` (agent or llm). */
export async function useMock(page, base, mode = 'agent') {
  await page.click('#settings summary');
  await page.selectOption('#provider', 'openai');
  await page.fill('#base-url', base);
  await page.fill('#model', 'mock-1');
  await page.fill('#api-key', 'sk-browser-test');
  await page.selectOption('#mode', mode);
}
