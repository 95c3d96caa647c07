import { expect, type Locator, type Page } from '@playwright/test';
import { withE2eDb } from './db';
import { untilStill } from './ui';

/** The answer (x in the 310 frame) of a slider challenge, by its token. */
export async function sliderAnswer(token: string): Promise<number> {
  return withE2eDb(async (db) => {
    const r = await db.query<{ answer: { x: number } }>(
      `select answer from captcha_challenges where token = $1 and captcha_type = 'blockPuzzle'`,
      [token],
    );
    if (!r.rows[0]) throw new Error(`no slider challenge ${token} in the e2e database`);
    return Number(r.rows[0].answer.x);
  });
}

/** The slider widget on the page (popup or inline); `within` narrows it when several exist. */
export function sliderWidget(page: Page, within?: Locator): Locator {
  return (within ?? page).getByTestId('captcha-slider').last();
}

/**
 * The moves of a hand dragging the handle by `distance`: fast then slowing down (steps of varying
 * length), a slight vertical wobble and short uneven pauses, ~0.5 s in all. The server refuses
 * drags that are too quick or too regular (lib/server/identity/captcha/drag-trace.ts).
 */
function handPath(startX: number, y: number, distance: number) {
  const moves = 16;
  return Array.from({ length: moves }, (_, i) => {
    const t = (i + 1) / moves;
    const last = i === moves - 1;
    const eased = 1 - (1 - t) ** 3 + (last ? 0 : (Math.random() - 0.5) * 0.02);
    return {
      x: startX + distance * eased,
      y: y + ((i % 3) - 1),
      pauseMs: 15 + Math.round(Math.random() * 30),
    };
  });
}

/**
 * Solves the slider captcha like a user: waits for the widget and its picture, reads the answer
 * of the challenge it shows (by the token on the widget) from the e2e database, drags the real
 * handle like a hand (mouse, or touch through the DevTools protocol; the page's context
 * needs hasTouch for that) and waits for 验证成功. `offset` (frame px) misses on purpose.
 */
export async function solveSliderCaptcha(
  page: Page,
  opts: {
    within?: Locator;
    offset?: number;
    expectSuccess?: boolean;
    input?: 'mouse' | 'touch';
  } = {},
): Promise<void> {
  const widget = sliderWidget(page, opts.within);
  await expect(widget.getByTestId('captcha-jigsaw')).toBeVisible();
  const token = await widget.getAttribute('data-token');
  if (!token) throw new Error('slider widget without a challenge');
  const x = await sliderAnswer(token);
  const handle = widget.getByTestId('captcha-slider-handle');
  // The popup zooms in when it opens: measure only once the widget stops moving.
  await untilStill(page, widget);
  const box = await handle.boundingBox();
  const panel = await widget.boundingBox();
  if (!box || !panel) throw new Error('slider not laid out');
  // The widget may be shown narrower than the 310 reference frame.
  const distance = ((x + (opts.offset ?? 0)) * panel.width) / 310;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const path = handPath(startX, y, distance);
  if (opts.input === 'touch') {
    const cdp = await page.context().newCDPSession(page);
    const touch = (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: Array<{ x: number; y: number }>,
    ) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
    await touch('touchStart', [{ x: startX, y }]);
    for (const p of path) {
      await page.waitForTimeout(p.pauseMs);
      await touch('touchMove', [p]);
    }
    await touch('touchEnd', []);
    await cdp.detach();
  } else {
    await page.mouse.move(startX, y);
    await page.mouse.down();
    for (const p of path) {
      await page.waitForTimeout(p.pauseMs);
      await page.mouse.move(p.x, p.y);
    }
    await page.mouse.up();
  }
  if (opts.expectSuccess === false) return;
  await expect(widget).toContainText('验证成功');
}

/** The points (in the 310×155 frame, in order) of a click-word challenge, by its token. */
export async function clickWordAnswer(token: string): Promise<{ x: number; y: number }[]> {
  return withE2eDb(async (db) => {
    const r = await db.query<{ answer: { x: number; y: number }[] }>(
      `select answer from captcha_challenges where token = $1 and captcha_type = 'clickWord'`,
      [token],
    );
    if (!r.rows[0]) throw new Error(`no click-word challenge ${token} in the e2e database`);
    return r.rows[0].answer;
  });
}

/**
 * Solves the click-word captcha like a user: reads the challenge's points from the e2e database
 * and clicks the picture at each, in order (`reverse` clicks them backwards and so fails).
 */
export async function solveClickWordCaptcha(
  page: Page,
  opts: { within?: Locator; reverse?: boolean } = {},
): Promise<void> {
  const widget = (opts.within ?? page).getByTestId('captcha-click-word').last();
  const picture = widget.getByTestId('captcha-click-image');
  await expect(picture.locator('img')).toBeVisible();
  const token = await widget.getAttribute('data-token');
  if (!token) throw new Error('click-word widget without a challenge');
  const points = await clickWordAnswer(token);
  if (opts.reverse) points.reverse();
  await untilStill(page, picture);
  const box = await picture.boundingBox();
  if (!box) throw new Error('click-word picture not laid out');
  for (const p of points) {
    await picture.click({ position: { x: (p.x * box.width) / 310, y: (p.y * box.width) / 310 } });
  }
}

/**
 * Signs in through the open login modal as a person does: 密码登录, account and password,
 * consent, 登录 and the slider. `modal` is the login dialog.
 */
export async function passwordLoginInModal(
  page: Page,
  modal: Locator,
  username: string,
  password: string,
): Promise<void> {
  await modal.getByRole('tab', { name: '密码登录' }).click();
  await modal.getByLabel('账号').fill(username);
  await modal.getByLabel('密码', { exact: true }).fill(password);
  await modal
    .getByRole('checkbox', { name: '同意服务协议和隐私协议' })
    .filter({ visible: true })
    .check();
  await modal.getByRole('button', { name: /登\s*录/ }).click();
  await solveSliderCaptcha(page);
}
