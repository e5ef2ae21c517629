// Service worker of the GPU cloud cost calculator (written into dist/ by
// tools/postbuild.mjs from tools/sw.template.js: do not edit dist/sw.js).
//
// * Every built file is precached at install, under a cache named from the
//   files' contents, so a new build is a new cache and a new worker.
// * Navigations get the shell of this worker's own version (index.html from
//   its cache; the network only if it is missing), and assets come from the
//   same cache: a page never mixes the HTML, JS and wasm of two builds (the
//   HTML carries subresource-integrity hashes of the others).
// * A new build installs in the background and waits; the page offers
//   "reload to update" and posts `skipWaiting` when the user accepts.
const CACHE = '__CACHE__';
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== CACHE && key.startsWith('gpucost-')) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'skipWaiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === 'navigate') {
    event.respondWith(caches.open(CACHE).then((c) => c.match('index.html')).then((r) => r || fetch(req)));
    return;
  }
  event.respondWith(caches.open(CACHE).then((c) => c.match(req, { ignoreSearch: true })).then((r) => r || fetch(req)));
});
