// medagent's service worker: keeps the whole built site in the Cache API so the app works with no
// network after the first visit, and on a new deployment replaces exactly the files that changed.
//
// offline.json (written by scripts/offline-list.mjs at build time) lists every file of the site with
// its sha256, and a version. A deployment's files live in the cache `medagent-v-<version>`; that cache
// is complete once it holds offline.json itself, which is stored last. The state record (cache
// `medagent-state`) says which complete version serves pages (`current`) and which newer complete
// version waits for the next page load (`ready`): a page keeps the files it started with (the app
// fetches index shards per query, and an old page must not get new shards), and a load switches.
//
// Rules:
// - A page load (the page posts "check" once it is interactive) fetches offline.json from the
//   network, uncached. A version not yet complete is filled in the background: the shell first, then
//   the knowledge files, smallest first; a file with the same path and sha256 in the previous complete
//   version is copied from its cache, anything else is downloaded and checked against its sha256.
//   Each file is kept as soon as it is checked, so an interrupted download resumes where it stopped.
// - Before the first version is complete, what the page itself fetches is checked and kept on the way
//   (the app's own download of the model and vectors is not repeated), a file the background download
//   is already fetching is not fetched twice, and what is already kept serves.
// - Same-origin GET requests for listed files are answered from the current version's cache, else
//   from the network; a navigation gets index.html (first switching to a ready update).
// - A page (and its workers) keeps the version it started with while it lives, so an update applied
//   in one tab does not mix files in another; a version's cache is deleted once nothing needs it.
// - A site without offline.json (404) drops every kept version and unregisters this worker.
// The page is told the state ({ state, done, total, current }) on every change; www/offline.js shows it.

const SCOPE = new URL(self.registration.scope);
const PREFIX = 'medagent-v-';
const STATE_CACHE = 'medagent-state';
const STATE_KEY = new URL('offline-state', SCOPE).href;
const LIST = 'offline.json';
const PARALLEL = 4;

const href = (path) => new URL(path, SCOPE).href;
const cacheOf = (version) => caches.open(PREFIX + version);

/** The listed path a same-origin URL names ('' is index.html), or null outside this site. */
function pathOf(url) {
  const u = new URL(url);
  if (u.origin !== SCOPE.origin || !u.pathname.startsWith(SCOPE.pathname)) return null;
  const path = decodeURIComponent(u.pathname.slice(SCOPE.pathname.length));
  return path === '' ? 'index.html' : path;
}

/** offline.json as read, with a map from path to entry. */
function indexed(list) {
  if (list?.format !== 1 || typeof list.version !== 'string' || !Array.isArray(list.files)) {
    throw new Error('offline.json is not in format 1');
  }
  return { ...list, byPath: new Map(list.files.map((f) => [f.path, f])) };
}

let state = null; // memo of the state record
async function readState() {
  if (!state) {
    const stored = await (await caches.open(STATE_CACHE)).match(STATE_KEY);
    state = stored ? await stored.json() : { current: null, ready: null };
  }
  return state;
}
async function writeState(next) {
  state = next;
  await (await caches.open(STATE_CACHE)).put(STATE_KEY, Response.json(next));
}

const lists = new Map(); // version -> indexed offline.json of a complete version
async function completeList(version) {
  if (!version) return null;
  if (!lists.has(version)) {
    if (!(await caches.has(PREFIX + version))) return null; // opening it would create it
    const stored = await (await cacheOf(version)).match(href(LIST));
    if (!stored) return null;
    lists.set(version, indexed(await stored.json()));
  }
  return lists.get(version);
}

// The site no longer has offline.json (a debug build, or offline use withdrawn).
const GONE = Object.freeze({ gone: true });
let network = null; // promise of the deployment's offline.json (indexed), GONE, or null when unreachable
function fetchList() {
  network = fetch(href(LIST), { cache: 'no-store' })
    .then((r) => (r.ok ? r.json().then(indexed) : r.status === 404 ? GONE : null))
    .catch(() => null);
  return network;
}

/** Drops every kept version and this worker: pages load from the network again. */
async function forget() {
  for (const name of await caches.keys()) if (name.startsWith(PREFIX) || name === STATE_CACHE) await caches.delete(name);
  state = null;
  lists.clear();
  pinned.clear();
  await self.registration.unregister();
}

async function sha256(body) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps `body` as `file` of `list`'s version if it is exactly the listed file; says whether it was. */
async function keep(list, file, body, type) {
  if (body.byteLength !== file.bytes || await sha256(body) !== file.sha256) return false;
  const headers = { 'content-type': type || 'application/octet-stream', 'content-length': String(body.byteLength) };
  await (await cacheOf(list.version)).put(href(file.path), new Response(body, { headers }));
  return true;
}

// Downloads under way, by "version path": each resolves to whether the file was kept.
const downloads = new Map();
function track(list, file, job) {
  const key = `${list.version} ${file.path}`;
  const tracked = job.catch(() => false).finally(() => downloads.delete(key));
  downloads.set(key, tracked);
  return tracked;
}
const underway = (list, file) => downloads.get(`${list.version} ${file.path}`);

/** Downloads `file` of `list` into its cache; a stale copy from the HTTP cache is fetched again. */
function download(list, file) {
  return track(list, file, (async () => {
    for (const cache of ['default', 'reload']) {
      const response = await fetch(href(file.path), { cache });
      if (!response.ok) throw new Error(`${file.path}: HTTP ${response.status}`);
      if (await keep(list, file, await response.arrayBuffer(), response.headers.get('content-type'))) return true;
    }
    throw new Error(`${file.path} does not match offline.json (a deployment under way?)`);
  })());
}

// The version being filled (indexed offline.json) and its progress: { version, done, total, failed }.
let filling = null;
let progress = null;
let syncing = null;

// The version each page (and its workers) started with, by client id: its files come from that
// version's cache while it lives. Held while this worker runs; after a restart pages get `current`.
const pinned = new Map();

/** Deletes the caches of versions nothing needs: not current, ready, being filled, or a live page's. */
async function prune() {
  const { current, ready } = await readState();
  const alive = new Set((await self.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  for (const id of pinned.keys()) if (!alive.has(id)) pinned.delete(id);
  const needed = new Set([current, ready, filling?.version, ...pinned.values()]);
  for (const name of await caches.keys()) {
    const version = name.slice(PREFIX.length);
    if (name.startsWith(PREFIX) && !needed.has(version)) {
      lists.delete(version);
      await caches.delete(name);
    }
  }
}

/** Brings the deployment's version into the cache (see the rules above). */
function sync() {
  syncing ??= (async () => {
    const list = await fetchList();
    if (list === GONE) { await forget(); return; }
    if (!list) return; // offline or the host failed: keep what there is
    const { current, ready } = await readState();
    if (list.version === current || list.version === ready) { await prune(); return; }
    const cache = await cacheOf(list.version);
    const previous = await completeList(ready) ?? await completeList(current);
    const previousCache = previous && await cacheOf(previous.version);
    // Files already kept (an interrupted download, or the page's own downloads) stay; unchanged ones
    // are copied; the rest is downloaded, the shell first, then the smallest first.
    const queue = [];
    for (const file of list.files) {
      if (await cache.match(href(file.path))) continue;
      const copy = previous?.byPath.get(file.path)?.sha256 === file.sha256 && await previousCache.match(href(file.path));
      if (copy) await cache.put(href(file.path), copy);
      else queue.push(file);
    }
    queue.sort((a, b) => (b.shell - a.shell) || (a.bytes - b.bytes));
    filling = list;
    progress = { version: list.version, done: 0, total: queue.reduce((sum, f) => sum + f.bytes, 0), failed: false };
    announce(true);
    // A file that cannot be kept (the host lacks it, or the network went away) does not stop the
    // others: everything that can be kept is, and the next check fetches only what is missing.
    let failed = false;
    const work = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        if (await underway(list, file) || await download(list, file)) progress.done += file.bytes;
        else failed = true;
        announce();
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, work));
    if (failed) {
      progress.failed = true;
      return;
    }
    await cache.put(href(LIST), Response.json({ format: list.format, version: list.version, files: list.files }));
    lists.set(list.version, list);
    const next = current ? { current, ready: list.version } : { current: list.version, ready: null };
    await writeState(next);
    await prune();
    progress = null;
  })().finally(() => { syncing = null; filling = null; announce(true); });
  return syncing;
}

async function status() {
  const { current, ready } = await readState();
  if (ready) return { state: 'update-ready', current: true };
  if (progress) {
    const { done, total, failed } = progress;
    return { state: failed ? 'incomplete' : 'downloading', done, total, current: Boolean(current) };
  }
  return { state: current ? 'offline' : 'none', current: Boolean(current) };
}

let lastAnnounced = 0;
/** Tells every page the state; progress at most every 250 ms. */
async function announce(now = false) {
  if (!now && Date.now() - lastAnnounced < 250) return;
  lastAnnounced = Date.now();
  const message = await status();
  for (const client of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
}

/** A listed file from the current version's cache, else from the network (kept on the way if due). */
async function serve(path, request, event) {
  const { current } = await readState();
  if (request.destination === 'worker' && pinned.has(event.clientId)) pinned.set(event.resultingClientId, pinned.get(event.clientId));
  const list = await completeList(pinned.get(event.clientId)) ?? await completeList(current);
  if (list?.byPath.has(path)) {
    const hit = await (await cacheOf(list.version)).match(href(path));
    if (hit) return hit;
  }
  // Before the first version is complete, the page's own downloads fill it.
  const target = current ? null : filling ?? await (network ?? fetchList());
  const file = target?.byPath?.get(path);
  if (file) {
    // What is kept of the deployment's version serves (after a download finished, or a reload during
    // the first download).
    const running = underway(target, file);
    if (!running || await running) {
      const hit = await (await cacheOf(target.version)).match(href(path));
      if (hit) return hit;
    }
  }
  const response = await fetch(request);
  if (file && response.ok && response.type === 'basic' && !underway(target, file)) {
    const copy = response.clone();
    event.waitUntil(track(target, file, copy.arrayBuffer().then((body) => keep(target, file, body, copy.headers.get('content-type')))));
  }
  return response;
}

async function navigate(path, request, event) {
  let { current, ready } = await readState();
  if (ready) {
    // A page load is when an update applies; pages still open keep their version's files.
    await writeState({ current: ready, ready: null });
    await prune();
    current = ready;
    announce(true);
  }
  const list = await completeList(current);
  if (list && event.resultingClientId) pinned.set(event.resultingClientId, current);
  if (list) {
    const hit = await (await cacheOf(list.version)).match(href(list.byPath.has(path) ? path : 'index.html'));
    if (hit) return hit;
  }
  return fetch(request);
}

self.addEventListener('install', (event) => {
  fetchList();
  event.waitUntil(self.skipWaiting());
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const path = request.method === 'GET' ? pathOf(request.url) : null;
  if (path === null || path === LIST || path === 'sw.js') return;
  event.respondWith(request.mode === 'navigate' ? navigate(path, request, event) : serve(path, request, event));
});

self.addEventListener('message', (event) => {
  const type = event.data?.type;
  if (type === 'status') event.waitUntil(status().then((s) => event.source?.postMessage(s)));
  // Each check keeps the worker alive while the download runs; the page repeats it while downloading.
  if (type === 'check') event.waitUntil(sync());
});
