import { test as base, type Page } from '@playwright/test';
import { answerMapTiles } from './map-tiles';

export { expect, request } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

/**
 * Signed-in pages are rendered on the server with their data (the session seed), so a heading
 * can be visible before React owns the page, and a click in that moment does nothing. A person
 * does not click within those milliseconds; tests wait for the workspace shell to hydrate
 * (`data-hydrated` on `.ws-root`) after every goto and reload. Public pages have no shell and
 * are not waited for; neither is a page with JavaScript off.
 */
async function untilWorkspaceHydrated(page: Page): Promise<void> {
  if ((await page.locator('.ws-root').count()) === 0) return;
  await page.locator('.ws-root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

const wrapped = new WeakSet<Page>();

function waitAfterNavigation(page: Page): void {
  if (wrapped.has(page)) return;
  wrapped.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await untilWorkspaceHydrated(page);
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await untilWorkspaceHydrated(page);
    return res;
  };
}

export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) context.on('page', waitAfterNavigation);
    await answerMapTiles(context);
    await provide(context);
  },
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) waitAfterNavigation(page);
    await provide(page);
  },
});
