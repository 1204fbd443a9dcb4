// Post-build step (Trunk.toml, after csp.mjs): writes offline.json, the list of files the service
// worker (www/sw.js) keeps for offline use, into the built site.
//
// Format (format 1):
//   { "format": 1, "version": "<16 hex>", "files": [ { "path", "bytes", "sha256", "shell" }, ... ] }
// - path: relative to the site root, '/'-separated ("index.html", "index/text-003.bin").
// - sha256: hex of the file's bytes; the worker checks every download against it and copies an
//   unchanged file (same path and sha256) from the previous deployment's cache instead of downloading it.
// - shell: true for what the page needs to start (html, js, wasm, css, icons, manifest); the worker
//   caches these first. The rest (index/, model/) is the knowledge the app fetches as it goes.
// - version: the sha256 of every (path, sha256) pair, so any changed file gives a new version.
// Not listed: offline.json itself and sw.js (the browser fetches and updates the worker itself), and
// dot files (dist/.inputs, the build stamp).
//
//   node scripts/offline-list.mjs DIR     (trunk runs it with DIR = $TRUNK_STAGING_DIR)
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const UNLISTED = new Set(['offline.json', 'sw.js']);
const SHELL = /\.(html|js|wasm|css|svg|png|webmanifest)$/;
const DATA = /^(index|model)\//;

/** Every file under `dir`, as '/'-separated paths relative to it, sorted. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'))
    .filter((path) => !UNLISTED.has(path) && !path.split('/').some((part) => part.startsWith('.')))
    .sort();
}

const dir = process.argv[2];
if (!dir) { console.error('offline-list: usage: node scripts/offline-list.mjs DIR (the built site)'); process.exit(2); }
// A debug build (trunk serve) changes on every edit: without offline.json the service worker keeps
// nothing and drops what an earlier release build at the same address left.
if (process.env.TRUNK_PROFILE === 'debug') {
  console.log('offline-list: debug build, no offline.json (the service worker keeps nothing)');
  process.exit(0);
}
const paths = await filesUnder(dir).catch((e) => {
  console.error(`offline-list: cannot read the built site ${dir}: ${e.message}`);
  process.exit(1);
});
if (!paths.includes('index.html')) { console.error(`offline-list: ${dir} has no index.html (run it on the built site)`); process.exit(1); }

const files = [];
for (const path of paths) {
  const body = await readFile(join(dir, path));
  files.push({ path, bytes: body.length, sha256: createHash('sha256').update(body).digest('hex'),
    shell: SHELL.test(path) && !DATA.test(path) });
}
const version = createHash('sha256').update(files.map((f) => `${f.path} ${f.sha256}\n`).join('')).digest('hex').slice(0, 16);
// One file a line: readable in a diff between two deployments.
await writeFile(join(dir, 'offline.json'),
  `{"format":1,"version":"${version}","files":[\n${files.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`);
const mb = (n) => (n / 1e6).toFixed(1);
const shell = files.filter((f) => f.shell);
console.log(`offline-list: ${files.length} files (${mb(files.reduce((s, f) => s + f.bytes, 0))} MB; shell ${shell.length} files, `
  + `${mb(shell.reduce((s, f) => s + f.bytes, 0))} MB), version ${version}, in ${join(dir, 'offline.json')}`);
