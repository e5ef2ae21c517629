// What the page gains once the app runs (loaded by boot.js; not needed for
// the first screen, so not in the first load):
// * offline support: registers the service worker (sw.js, written at build
//   time by tools/postbuild.mjs) and offers a reload when a new build has
//   been installed;
// * sharing: the header's Share button (rendered by the app with
//   data-action="share") shares the page's link with the Web Share API
//   where the device has it, else copies it, and says which it did.
// Texts here follow <html lang> (set by the app): zh or en.

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
    if (reg.waiting) reg.waiting.postMessage('skipWaiting');
    else location.reload();
  });
  bar.append(text, button);
  document.body.prepend(bar);
}

async function registerWorker() {
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
    console.warn('service worker not registered:', err && err.message ? err.message : err);
  }
}

// A message next to the Share button, in the page's language; with `link`,
// the link itself in a selected read-only box to copy by hand (kept until
// the next share).
function say(el, en, zh, link) {
  const zhPage = (document.documentElement.lang || '').startsWith('zh');
  let status = document.getElementById('share-status');
  if (!status) {
    status = document.createElement('span');
    status.id = 'share-status';
    status.className = 'share-status';
    status.setAttribute('role', 'status');
    status.dataset.testid = 'share-status';
    el.after(status);
  }
  status.textContent = zhPage ? zh : en;
  clearTimeout(say.timer);
  if (link) {
    const box = document.createElement('input');
    box.readOnly = true;
    box.value = link;
    box.dataset.testid = 'share-link';
    status.append(' ', box);
    box.select();
  } else {
    say.timer = setTimeout(() => { status.textContent = ''; }, 4000);
  }
}

async function share(button) {
  const url = location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: document.title, url });
      return;
    } catch (err) {
      if (err && err.name === 'AbortError') return; // the user closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    say(button, 'Link copied', '链接已复制');
  } catch {
    // no clipboard access: show the link to copy by hand
    say(button, 'Copy this link:', '请复制此链接：', url);
  }
}

export function enhance() {
  document.addEventListener('click', (ev) => {
    const button = ev.target instanceof Element ? ev.target.closest('[data-action="share"]') : null;
    if (button) share(button);
  });
  return registerWorker();
}
