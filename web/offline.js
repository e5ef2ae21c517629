// Offline support: registers the service worker (sw.js, written at build
// time by tools/postbuild.mjs from web/sw.template.js) and offers a reload
// when a new build has been installed.
import { flushLink } from './gpucost.js';

// "Reload to update": shown when a new build waits to take over. Both
// languages, like the boot and error texts. A click asks whichever build is
// waiting *then* to take over (a newer one may have replaced the first).
let accepted = false;
function offerUpdate(reg) {
  if (document.getElementById('update')) return;
  const bar = document.createElement('div');
  bar.id = 'update';
  bar.className = 'update';
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'update-banner';
  const text = document.createElement('span');
  text.textContent = 'A new version is ready · 新版本已就绪';
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.testid = 'update-reload';
  button.textContent = 'Reload to update · 刷新以更新';
  button.addEventListener('click', () => {
    accepted = true;
    flushLink();
    if (reg.waiting) reg.waiting.postMessage('skipWaiting');
    else location.reload();
  });
  bar.append(text, button);
  document.body.prepend(bar);
}

export async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register('sw.js');
    // The first install is silent (nothing to update from); afterwards a new
    // build is offered, and the page reloads once it has taken over.
    const hadController = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if ((hadController || accepted) && !reloading) {
        reloading = true;
        flushLink();
        location.reload();
      }
    });
    const watch = (w) => {
      if (!w) return;
      w.addEventListener('statechange', () => {
        if (w.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(reg);
      });
    };
    if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg);
    watch(reg.installing); // an update the browser started before this ran
    reg.addEventListener('updatefound', () => watch(reg.installing));
  } catch (err) {
    // No worker (blocked, private mode, file://): the app works online.
    console.warn('service worker not registered:', err?.message ? err.message : err);
  }
}
