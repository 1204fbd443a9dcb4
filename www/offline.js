// The page's side of offline use (www/sw.js does the work): registers the service worker, shows the
// offline state ("available offline" / "downloading for offline use (12 of 30 MB)" / "update ready:
// reload"), whether the browser keeps this site's storage (persistent) and how much it uses, and,
// when storage is not persistent, a reminder to export with the date of the last export.
// Plain script, no inline code: the page's Content-Security-Policy allows only 'self' scripts.
'use strict';
(() => {
  const TEXT = {
    en: {
      none: 'Not yet available offline.',
      downloading: 'Downloading for offline use ({done} of {total} MB)…',
      updating: 'Available offline; downloading an update ({done} of {total} MB)…',
      incomplete: 'Offline copy incomplete ({done} of {total} MB): it continues when you are online.',
      offline: 'Available offline.',
      update: 'Update ready:',
      reload: 'Reload',
      unsupported: 'This browser cannot keep the app for offline use.',
      kept: 'Storage: {used} MB used, kept by the browser (persistent).',
      notKept: 'Storage: {used} MB used, not guaranteed: the browser may clear it under pressure. '
        + 'Export your data now and then (Your data → Export everything); {last}.',
      never: 'not exported from this browser yet',
      last: 'last export {date}',
    },
    ko: {
      none: '아직 오프라인에서 사용할 수 없습니다.',
      downloading: '오프라인 사용을 위해 내려받는 중 ({done} / {total} MB)…',
      updating: '오프라인에서 사용 가능. 업데이트 내려받는 중 ({done} / {total} MB)…',
      incomplete: '오프라인 사본이 완전하지 않습니다 ({done} / {total} MB): 온라인이 되면 이어서 받습니다.',
      offline: '오프라인에서 사용 가능.',
      update: '업데이트 준비됨:',
      reload: '새로고침',
      unsupported: '이 브라우저는 앱을 오프라인용으로 보관할 수 없습니다.',
      kept: '저장 공간: {used} MB 사용, 브라우저가 보존합니다 (영구 저장).',
      notKept: '저장 공간: {used} MB 사용, 보존이 보장되지 않아 공간이 부족하면 브라우저가 지울 수 있습니다. '
        + '가끔 데이터를 내보내 두세요 (내 데이터 → 모두 내보내기). {last}.',
      never: '이 브라우저에서 아직 내보낸 적 없음',
      last: '마지막 내보내기 {date}',
    },
  };
  // Not under the app's "medagent." prefix: the app exports and imports those records.
  const LAST_EXPORT = 'medagent-offline.last-export';
  const mb = (bytes) => (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
  const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, k) => values[k]);
  const text = () => TEXT[document.documentElement.lang === 'ko' ? 'ko' : 'en'];

  const panel = document.createElement('section');
  panel.className = 'offline';
  panel.id = 'offline';
  panel.setAttribute('aria-live', 'polite');
  const line = document.createElement('p');
  line.id = 'offline-state';
  const message = document.createElement('span');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.id = 'offline-reload';
  reload.className = 'secondary';
  reload.hidden = true;
  reload.addEventListener('click', () => location.reload());
  line.append(message, ' ', reload);
  const storageLine = document.createElement('p');
  storageLine.id = 'storage-state';
  panel.append(line, storageLine);

  let offline = { state: 'serviceWorker' in navigator ? 'none' : 'unsupported' };
  let storage = null; // { persisted, used }

  function remembered() {
    try { return localStorage.getItem(LAST_EXPORT); } catch { return null; }
  }

  function render() {
    const t = text();
    const { state, done = 0, total = 0, current } = offline;
    const key = state === 'downloading' && current ? 'updating' : state === 'update-ready' ? 'update' : state;
    message.textContent = fill(t[key] ?? t.none, { done: mb(done), total: mb(total) });
    panel.dataset.state = state;
    reload.hidden = state !== 'update-ready';
    reload.textContent = t.reload;
    if (storage) {
      const stamp = remembered();
      const last = stamp ? fill(t.last, { date: new Date(stamp).toLocaleDateString(document.documentElement.lang || undefined) }) : t.never;
      storageLine.textContent = fill(storage.persisted ? t.kept : t.notKept, { used: mb(storage.used), last });
      panel.dataset.persisted = String(storage.persisted);
    }
  }

  async function measureStorage() {
    if (!navigator.storage?.estimate) return;
    const [persisted, { usage = 0 }] = await Promise.all([navigator.storage.persisted(), navigator.storage.estimate()]);
    storage = { persisted, used: usage };
    render();
  }

  // Shown under the app's loading panel (hybrid search state) once the app is mounted.
  function place() {
    const loading = document.querySelector('.app > .loading');
    if (loading) { loading.after(panel); return true; }
    return false;
  }
  if (!place()) {
    const watch = new MutationObserver(() => { if (place()) watch.disconnect(); });
    watch.observe(document.body, { childList: true, subtree: true });
  }
  // The app keeps <html lang> in step with its language switch.
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  // The export itself is the app's; the click is when it happens.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('#export')) {
      try { localStorage.setItem(LAST_EXPORT, new Date().toISOString()); } catch { /* storage disabled or full: nothing to show */ }
      render();
    }
  }, true);
  render();
  measureStorage();

  if (!('serviceWorker' in navigator)) return;
  const worker = navigator.serviceWorker;
  worker.addEventListener('message', (event) => {
    const was = offline.state;
    offline = event.data;
    render();
    if (was !== offline.state) measureStorage();
  });

  // Start the background download once the app has loaded what it needs (the keyword index, then
  // the model and vectors, or a minute after the index), so a first visit is not slowed down;
  // repeat the check while it downloads (it resumes after an interruption and keeps the worker alive).
  function whenLoaded() {
    return new Promise((resolve) => {
      let waiting = null;
      const check = () => {
        if (!document.querySelector('.app[data-ready="true"]') || document.querySelector('#index-status')) return;
        const vectors = document.querySelector('.app > .loading')?.dataset.state;
        if (vectors && vectors !== 'loading') { watch.disconnect(); resolve(); return; }
        waiting ??= setTimeout(() => { watch.disconnect(); resolve(); }, 60_000);
      };
      const watch = new MutationObserver(check);
      watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-state'] });
      check();
    });
  }
  (async () => {
    // Registering also checks sw.js for an update, which fails with no network: the registration
    // made on an earlier visit still serves.
    const registration = await worker.register('sw.js').catch(() => worker.getRegistration());
    if (!registration) {
      offline = { state: 'unsupported' };
      render();
      return;
    }
    const ready = await worker.ready;
    ready.active?.postMessage({ type: 'status' });
    await whenLoaded();
    const check = () => (worker.controller ?? ready.active)?.postMessage({ type: 'check' });
    check();
    setInterval(() => { if (offline.state === 'downloading' || offline.state === 'incomplete') check(); }, 20_000);
  })();
})();
