// Service worker of the GPU cloud cost calculator (written into dist/ by
// tools/postbuild.mjs from tools/sw.template.js: do not edit dist/sw.js).
//
// * Every built file is precached at install, each checked against its
//   sha384 (a stale CDN edge or a half-finished deploy fails the install,
//   which is retried, instead of caching a mixed build), under a cache named
//   from the files' contents and this worker's scope (two deployments on one
//   origin keep their own caches).
// * The app's page (the scope itself, with any query: every link) gets the
//   shell of this worker's own version, and assets come from the same cache:
//   a page never mixes the HTML, JS and wasm of two builds. Other pages in
//   the scope, and anything missing from the cache, go to the network.
// * A new build installs in the background and waits; the page offers
//   "reload to update" and posts `skipWaiting` when the user accepts. A file
//   whose sha384 an older build of this scope already cached is copied from
//   that cache instead of fetched again: after a data-only refresh a
//   returning visitor downloads the data files (and this worker and the
//   page), nothing else.
const BUILD = '__CACHE__';
const FILES = __FILES__;
const SCOPE = new URL(self.registration.scope);
const CACHE = `${BUILD}@${SCOPE.pathname}`;
// Each cache also holds the list it was filled from (path, sha384).
const LIST = './__gpucost-files__';
const ours = (key) => key.startsWith('gpucost-') && key.endsWith(`@${SCOPE.pathname}`);

// What older builds of this scope cached, by sha384.
async function cachedBefore() {
  const found = new Map();
  for (const key of await caches.keys()) {
    if (key === CACHE || !ours(key)) continue;
    const c = await caches.open(key);
    const list = await c.match(LIST);
    if (!list) continue;
    for (const [path, integrity] of await list.json()) found.set(integrity, () => c.match(path));
  }
  return found;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const before = await cachedBefore();
    for (const [path, integrity] of FILES) {
      const kept = before.has(integrity) ? await before.get(integrity)() : undefined;
      if (kept) {
        await cache.put(path, kept);
        continue;
      }
      const res = await fetch(new Request(path, { cache: 'reload', integrity }));
      if (!res.ok) throw new Error(`precache ${path}: ${res.status}`);
      // a host that redirects (e.g. /index.html → /) gives a response a page
      // load may not use as it is: store a plain copy
      await cache.put(path, res.redirected ? new Response(await res.blob(), res) : res);
    }
    await cache.put(LIST, new Response(JSON.stringify(FILES)));
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE && ours(key)) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

const fromCache = (key, req) =>
  caches.open(CACHE)
    .then((c) => c.match(key, { ignoreSearch: true, ignoreVary: true }))
    .then((r) => r || fetch(req))
    .catch(() => fetch(req));

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== SCOPE.origin) return;
  if (req.mode === 'navigate') {
    const app = url.pathname === SCOPE.pathname || url.pathname === `${SCOPE.pathname}index.html`;
    if (app) event.respondWith(fromCache('./', req));
    return;
  }
  event.respondWith(fromCache(req, req));
});
