import { test, expect } from './fixtures/app';

// The Share button shares the page's link: with the Web Share API where the
// device has one, else by copying it (headless Chromium on Linux has none),
// and says so in the page's language.
test('share copies the link of the current state and confirms it', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open('?v=2&p=azure&m=6&screen=sources');
  await page.getByTestId('lang-switch').selectOption('en');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toHaveText('Link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(page.url());
  expect(new URL(copied).searchParams.get('screen')).toBe('sources');
  // in Chinese
  await page.getByTestId('lang-switch').selectOption('zh-CN');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toHaveText('链接已复制');
  expect(app.realErrors()).toEqual([]);
});

test('without clipboard access the link is shown to copy by hand', async ({ app, page }) => {
  await app.open('?v=2&m=7');
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await page.getByTestId('lang-switch').selectOption('en');
  await page.getByTestId('share').click();
  await expect(page.getByTestId('share-status')).toContainText('Copy this link');
  await expect(page.getByTestId('share-link')).toHaveValue(page.url());
});

// Typing goes into the address bar once it pauses (the browser's
// replaceState, 1–15 ms, is off a keystroke's path): until then whatever
// reads the link (share, export, QR, the link remembered on leaving) has
// the app write it first, and back/forward never carries it into the entry
// restored.
test('a typed link is written once the typing pauses, and first by whatever reads it', async ({ app, page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open('?v=2&screen=plan&m=12');
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  // a keystroke, then 50 ms later (well within the pause) the address
  // bar read, and Share clicked or back pressed
  const type = (value: string, then: string) => page.evaluate(async ({ value, then }) => {
    const box = document.querySelector('[data-testid="plan-hours"]') as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(box, value);
    box.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => setTimeout(r, 50));
    const typed = new URLSearchParams(location.search).get('h');
    if (then === 'share') (document.querySelector('[data-action="share"]') as HTMLElement).click();
    if (then === 'back') history.back();
    return typed;
  }, { value, then });
  const h = () => new URL(page.url()).searchParams.get('h');
  // not yet in the address bar 50 ms after the keystroke; in once it pauses
  expect(await type('333', '')).not.toBe('333');
  await expect.poll(h).toBe('333');
  // shared before the pause: the shared link has it
  await type('334', 'share');
  await expect(page.getByTestId('share-status')).toHaveText(/Link copied|链接已复制/);
  expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).searchParams.get('h')).toBe('334');
  expect(h()).toBe('334');
  // a new history entry, then typing and back before the pause: the entry
  // restored stays as it was
  await page.getByTestId('nav-compare').click();
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await page.getByTestId('nav-plan').click();
  await expect(page.getByTestId('plan-results')).toHaveAttribute('data-state', 'ready');
  await type('335', 'back');
  await expect(page.getByTestId('screen-compare')).toBeVisible();
  await page.waitForTimeout(600);
  expect(new URL(page.url()).searchParams.get('screen')).toBeNull();
  expect(h()).toBe('334');
  expect(app.realErrors()).toEqual([]);
});
