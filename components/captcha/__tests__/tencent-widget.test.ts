import { CaptchaCancelledError } from '../captcha-cancelled';
import {
  loadTencentScript,
  resetCaptchaWidgetForTests,
  solveTencentCaptcha,
  WIDGET_LOAD_FAILED,
  WIDGET_UNAVAILABLE,
} from '../tencent-widget';

type Answer = { ret: number; ticket?: string; randstr?: string };
type FakeScript = { src: string; onload?: () => void; onerror?: () => void; remove: () => void };

/**
 * A page without a DOM library: the document records the scripts it is given; `serve` plays the
 * network (the script loads and defines TencentCaptcha, or fails).
 */
function fakePage(answer: Answer) {
  const added: FakeScript[] = [];
  const shown: string[] = [];
  const view: { TencentCaptcha?: unknown } = {};
  class TencentCaptcha {
    constructor(
      private appId: string,
      private cb: (a: Answer) => void,
    ) {}
    show() {
      shown.push(this.appId);
      this.cb(answer);
    }
  }
  const doc = {
    defaultView: view,
    createElement: () => ({ src: '', remove() {} }) as FakeScript,
    head: { appendChild: (el: FakeScript) => added.push(el) },
  } as unknown as Document;
  const serve = (ok: boolean) => {
    const el = added[added.length - 1];
    if (ok) {
      view.TencentCaptcha = TencentCaptcha;
      el.onload?.();
    } else el.onerror?.();
  };
  return { doc, added, shown, serve };
}

const WIDGET = {
  provider: 'tencent' as const,
  appId: 190000001,
  scriptUrl: 'https://turing.captcha.qcloud.com/TJCaptcha.js',
};

beforeEach(() => resetCaptchaWidgetForTests());

describe("Tencent's captcha widget in the browser (ADR 0190)", () => {
  it('loads the script from the configured address once and hands back ticket and randstr', async () => {
    const page = fakePage({ ret: 0, ticket: 't-123', randstr: '@abc' });
    const first = solveTencentCaptcha(WIDGET, page.doc);
    await Promise.resolve();
    expect(page.added.map((s) => s.src)).toEqual([WIDGET.scriptUrl]);
    page.serve(true);
    expect(JSON.parse(await first)).toEqual({ ticket: 't-123', randstr: '@abc' });
    expect(page.shown).toEqual(['190000001']);
    // A second press reuses the loaded script.
    await solveTencentCaptcha(WIDGET, page.doc);
    expect(page.added).toHaveLength(1);
  });

  it('closing the layer is a cancel, not an error', async () => {
    const page = fakePage({ ret: 2 });
    const solving = solveTencentCaptcha(WIDGET, page.doc);
    await Promise.resolve();
    page.serve(true);
    await expect(solving).rejects.toBeInstanceOf(CaptchaCancelledError);
  });

  it("refuses the widget's disaster ticket with a message instead of sending it", async () => {
    const page = fakePage({ ret: 0, ticket: 'trerror_1001_190000001_1700000000', randstr: '@x' });
    const solving = solveTencentCaptcha(WIDGET, page.doc);
    await Promise.resolve();
    page.serve(true);
    await expect(solving).rejects.toThrow(WIDGET_UNAVAILABLE);
  });

  it('a script that does not load says so, and the next press tries again', async () => {
    const page = fakePage({ ret: 0, ticket: 't', randstr: 'r' });
    const failing = loadTencentScript(WIDGET.scriptUrl, page.doc);
    page.serve(false);
    await expect(failing).rejects.toThrow(WIDGET_LOAD_FAILED);
    const retry = loadTencentScript(WIDGET.scriptUrl, page.doc);
    expect(page.added).toHaveLength(2);
    page.serve(true);
    await expect(retry).resolves.toBeDefined();
  });
});
