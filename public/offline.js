// Offline support, loaded by boot.js once the app runs: registers the
// service worker (sw.js, written at build time by tools/postbuild.mjs) and
// offers a reload when a new build has been installed.

// "Reload to update": shown when a new build waits to take over. Both
// languages, like the boot and error texts (this runs outside the app).
function offerUpdate(worker) {
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
  button.addEventListener('click', () => worker.postMessage('skipWaiting'));
  bar.append(text, button);
  document.body.prepend(bar);
}

export async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  try {
    const reg = await navigator.serviceWorker.register('sw.js');
    // Only offer an update when a worker already controls the page (the
    // first install is silent) and reload once the new one takes over.
    const hadController = Boolean(navigator.serviceWorker.controller);
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (hadController && !reloading) {
        reloading = true;
        location.reload();
      }
    });
    if (reg.waiting && hadController) offerUpdate(reg.waiting);
    reg.addEventListener('updatefound', () => {
      const w = reg.installing;
      if (!w) return;
      w.addEventListener('statechange', () => {
        if (w.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(w);
      });
    });
  } catch (err) {
    // No worker (blocked, private mode, file://): the app works online.
    console.warn('service worker not registered:', err && err.message ? err.message : err);
  }
}

