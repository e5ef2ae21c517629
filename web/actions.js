// The header's actions (rendered by the app as buttons with data-action):
// * share: the page's link with the Web Share API where the device has it,
//   else copied, and a note says which it did;
// * export (CSV / JSON) and QR: what the screen shows, computed by the app's
//   worker (its second wasm module), asked through the app's one worker
//   client (workerExport, workerQr), which starts it on the first request.
// The app writes a typed link into the address bar once the typing pauses:
// whatever here reads the address bar has it write the waiting link first
// (flushLink).
import { flushLink, workerExport, workerQr } from './gpucost.js';
import { zh } from './prefs.js';

// A message next to the Share button, in the page's language; with `link`,
// the link itself in a selected read-only box to copy by hand (kept until
// the next share).
function say(el, en, zhText, link) {
  let status = document.getElementById('share-status');
  if (!status) {
    status = document.createElement('span');
    status.id = 'share-status';
    status.className = 'share-status';
    status.setAttribute('role', 'status');
    status.dataset.testid = 'share-status';
    // over the page, not in the header's row: the header never reflows
    // (styled here: the first load does not carry it; the CSP allows CSSOM)
    Object.assign(status.style, {
      position: 'fixed', top: '0.5rem', left: '50%', transform: 'translateX(-50%)', zIndex: '30',
      maxWidth: '92vw', padding: '0.4rem 0.8rem', borderRadius: '6px', fontWeight: '600',
      overflowWrap: 'anywhere', background: 'var(--bg)', color: 'var(--ink)', border: '1px solid var(--line)',
      boxShadow: '0 2px 8px rgba(0,0,0,0.25)',
    });
    el.after(status);
  }
  status.textContent = zh() ? zhText : en;
  status.hidden = false;
  clearTimeout(say.timer);
  if (link) {
    const box = document.createElement('input');
    box.readOnly = true;
    box.value = link;
    box.dataset.testid = 'share-link';
    status.append(' ', box);
    box.select();
    // kept until the reader presses anywhere else
    const away = (ev) => {
      if (status.contains(ev.target)) return;
      status.hidden = true;
      document.removeEventListener('pointerdown', away, true);
    };
    document.addEventListener('pointerdown', away, true);
  } else {
    say.timer = setTimeout(() => { status.textContent = ''; status.hidden = true; }, 4000);
  }
}

export async function share(button) {
  flushLink();
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


export async function download(button, format) {
  try {
    flushLink();
    const [name, mime, content] = await workerExport(location.search, document.documentElement.lang || 'en', format);
    const url = URL.createObjectURL(new Blob([content], { type: mime }));
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    say(button, `Downloaded ${name}`, `已下载 ${name}`);
  } catch {
    say(button, 'The export could not be made (offline before it was saved?); reload and try again.',
      '无法导出（保存前已离线？）；请刷新后重试。');
  }
}

export async function showQr(button) {
  let dialog = document.getElementById('qr');
  if (!dialog) {
    dialog = document.createElement('dialog');
    dialog.id = 'qr';
    dialog.className = 'qr-dialog';
    dialog.dataset.testid = 'qr-dialog';
    document.body.append(dialog);
  }
  const label = zh() ? '此页链接的二维码' : 'QR code of this page\'s link';
  try {
    dialog.replaceChildren();
    // a title, what to do, and the link itself (to read or copy by hand)
    const title = document.createElement('h2');
    title.id = 'qr-title';
    title.textContent = zh() ? '扫码打开此视图' : 'Scan to open this view';
    dialog.setAttribute('aria-labelledby', 'qr-title');
    const link = document.createElement('p');
    link.className = 'qr-link';
    link.dataset.testid = 'qr-link';
    link.textContent = location.href;
    // (styled here, not in main.css: the first load does not carry it; the
    // CSP allows CSSOM styles)
    Object.assign(title.style, { fontSize: '1.1rem', margin: '0 0 0.5rem' });
    Object.assign(link.style, { wordBreak: 'break-all', fontSize: '0.8rem', margin: '0 0 0.75rem' });
    const box = document.createElement('div');
    box.className = 'qr-box';
    // the app puts the worker's QR code into the box, or says how long the link is
    flushLink();
    const length = await workerQr(box, location.href, label);
    if (length) {
      box.textContent = zh()
        ? `此链接太长（${length} 字节，二维码最多 2953 字节），请使用“分享链接”。`
        : `This link is too long for a QR code (${length} bytes; at most 2,953). Use Share link instead.`;
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = zh() ? '关闭' : 'Close';
    close.dataset.testid = 'qr-close';
    close.addEventListener('click', () => dialog.close());
    dialog.append(title, box, link, close);
    dialog.showModal();
  } catch {
    say(button, 'The QR code could not be made; reload and try again.', '无法生成二维码；请刷新后重试。');
  }
}
