// Runs before the first paint (a blocking classic script in the page's head,
// put into the page by the build, tools/inline.mjs; the CSP allows it by
// its hash). It applies what is remembered and
// decides what the first paint shows:
// - the theme: a remembered choice, else the system's;
// - the link: a link always wins; a bare visit reopens the last settings;
//   a first bare visit in Chinese shows CNY; a link shows what it says,
//   whatever the reader's language (a link without `cur` is in USD for
//   everyone, so a shared link shows a colleague the sender's figures); the
//   chosen columns apply to a link that names none;
// - the first screen (`data-first` on <html>): `en` or `zh`, the default
//   view's pre-rendered rows in that language (tools/prerender.mjs put them
//   in the page), only when the visit really is the default view (no link,
//   nothing remembered that changes it); else `wait-en` or `wait-zh`, the
//   app's frame and a skeleton until the app shows the link's own answer.
// boot.js then loads the app, which takes the first screen over.
(() => {
  // The preferences' storage keys and what a stored value must look like,
  // declared once, here (the first script to run): enhance.js reads them
  // (globalThis.gpucostPrefs), and tests/prefs.rs holds the app's language
  // key (ui::i18n::LANG_KEY) and enhance.js to them.
  var PREFS = Object.freeze({
    theme: 'gpucost.theme',
    lang: 'gpucost.lang',
    last: 'gpucost.last',
    cols: 'gpucost.cols',
    // a link as the app writes it: v=N then key=value pairs of URL-safe characters
    LAST: /^\?v=\d{1,3}(&[A-Za-z0-9._~%:,+-]+=[A-Za-z0-9._~%:,+-]*)*$/,
    COLS: /^[a-z0-9]{1,12}(,[a-z0-9]{1,12}){0,30}$/,
  });
  window.gpucostPrefs = PREFS;
  var root = document.documentElement;
  function stored(key) {
    try { return localStorage.getItem(key); } catch (_e) { return null; }
  }
  // the app's language rule (ui::i18n: a remembered zh*/en* tag, else the browser's)
  function tag(t) {
    t = (t || '').trim().toLowerCase();
    return t.indexOf('zh') === 0 ? 'zh' : t.indexOf('en') === 0 ? 'en' : null;
  }
  function replace(q) {
    history.replaceState(null, '', location.pathname + q + location.hash);
  }
  function query(p) {
    return `?${p.toString().replace(/%3A/g, ':').replace(/%2C/g, ',')}`;
  }

  var theme = stored(PREFS.theme);
  root.dataset.theme = theme === 'light' || theme === 'dark' ? theme
    : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';

  var lang = tag(stored(PREFS.lang)) || tag(navigator.language) || 'en';
  root.lang = lang === 'zh' ? 'zh-CN' : 'en';

  var bare = location.search === '';
  var last = stored(PREFS.last);
  // on a bare visit, a remembered link that is the default view as the app
  // writes it (the page names it: tools/prerender.mjs) reopens nothing: the
  // default view (a link's own rules stay those of a returning visitor)
  var home = document.querySelector(`meta[name="gpucost-default-${lang}"]`);
  if (bare && home && last === home.content) last = null;
  if (bare && last !== null) {
    if (last.length < 16384 && PREFS.LAST.test(last)) {
      replace(last);
      root.dataset.restored = 'last';
    } else {
      root.dataset.restored = 'ignored';
    }
  } else if (bare && lang === 'zh') {
    replace('?v=2&cur=CNY');
  }

  var cols = stored(PREFS.cols);
  var here = new URLSearchParams(location.search);
  var colsApply = cols !== null && PREFS.COLS.test(cols) && !here.has('cols')
    && (!here.has('v') || here.get('v') === '2');
  if (colsApply) {
    here.set('v', here.get('v') || '2');
    here.set('cols', cols);
    replace(query(here));
  }

  // The default view: a bare visit with no last settings and no chosen
  // columns (the zh one is the CNY link set above, which the rows show).
  root.dataset.first = (bare && last === null && !colsApply ? '' : 'wait-') + lang;

  // The other screens' styles (plan, providers, advise and the side-by-side
  // comparison: style/screens.css, not in the first load): a link that
  // opens one of them, or ticks offers, waits for them before its first
  // paint; the compare screen does not wait, and has them by the time
  // another screen is opened or an offer ticked.
  var sheet = document.createElement('link');
  var link = new URLSearchParams(location.search);
  var shown = link.getAll('screen').pop();
  sheet.rel = 'stylesheet';
  sheet.href = 'screens.css';
  if ((shown && shown !== 'compare') || link.get('sel')) sheet.setAttribute('blocking', 'render');
  else {
    sheet.media = 'print';
    sheet.onload = () => { sheet.media = 'all'; };
  }
  document.head.append(sheet);

  // Those screens (but an unknown one, which the app opens on compare)
  // are answered by the worker (web/worker.js): started now,
  // so its code and data download beside the app's instead of after the
  // app has started; the app adopts it (ui::worker::client). Nothing is
  // asked of it before, so the only message it can send is that it failed
  // to load: then it is dropped, and the app starts its own. Not on the
  // test-only synthetic=N switch (the app starts its worker on that N).
  // (The app's own handlers replace these when it adopts the worker.)
  // The list is every screen of the app but compare: tests/prefs.rs holds
  // it to the app's.
  if ((/^(plan|advise|providers|sources)$/.test(shown) || link.get('sel')) && !link.has('synthetic')) {
    try {
      const w = new Worker('worker.js');
      w.onmessage = w.onerror = () => {
        w.terminate();
        window.gpucostWorker = null;
      };
      window.gpucostWorker = w;
    } catch (_e) { /* the app starts its own */ }
  }
})();
