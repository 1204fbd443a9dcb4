// Post-build step (Trunk.toml, Trunk.evaluate.toml): completes the page's Content-Security-Policy in
// the built page (index.html, or the page named).
//
// The policy lives in www/index.html as a <meta http-equiv> tag, so it holds on any static host.
// trunk writes one inline module script that starts the app; `script-src 'self'` alone would block
// it, so this step adds that script's sha256 to script-src. No other inline script may run.
//
// A debug build (`scripts/serve.sh --dev`, trunk serve) drops the policy instead: trunk injects its
// auto-reload script and websocket after this step, and the policy would block them. Release builds
// (what is deployed and what the browser tests load) always carry it.
//
//   node scripts/csp.mjs DIR [PAGE]     (trunk runs it with DIR = $TRUNK_STAGING_DIR; PAGE: index.html)
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = process.argv[2];
if (!dir) { console.error('csp: usage: node scripts/csp.mjs DIR [PAGE] (the built site, its page: index.html)'); process.exit(2); }
const file = join(dir, process.argv[3] ?? 'index.html');
const html = await readFile(file, 'utf8');
const META = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/;
const meta = META.exec(html);
if (!meta) { console.error(`csp: ${file} has no Content-Security-Policy meta tag (the page in www/ must have one)`); process.exit(1); }

if (process.env.TRUNK_PROFILE === 'debug') {
  await writeFile(file, html.replace(META, '<!-- Content-Security-Policy left out of this debug build: trunk serve injects its auto-reload script -->'));
  process.exit(0);
}

const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
const policy = meta[1].replace(/script-src ([^;]*)/, (_, sources) => `script-src ${[sources.trim(), ...hashes].join(' ')}`);
if (policy === meta[1] && hashes.length) { console.error('csp: the policy has no script-src directive to extend'); process.exit(1); }
await writeFile(file, html.replace(META, `<meta http-equiv="Content-Security-Policy" content="${policy}" />`));
console.log(`csp: ${hashes.length} inline script(s) pinned by sha256 in ${file}`);
