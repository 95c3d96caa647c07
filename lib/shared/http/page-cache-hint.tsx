/**
 * A page that had to answer in a degraded way (a search that timed out, data that could not be
 * read) renders <DoNotStorePage />: the page cache (lib/server/edge/page-cache) then hands this answer
 * to the one visitor it was made for and never to the next ones.
 */
export const DO_NOT_STORE_META = { name: 'leadradar-page-cache', content: 'no-store' } as const;

export function DoNotStorePage() {
  // React puts <meta> into <head> wherever it is rendered.
  return <meta name={DO_NOT_STORE_META.name} content={DO_NOT_STORE_META.content} />;
}

/** True when a rendered page asked not to be stored. */
export function pageAsksNotToBeStored(html: string): boolean {
  return html.includes(`name="${DO_NOT_STORE_META.name}" content="${DO_NOT_STORE_META.content}"`);
}
