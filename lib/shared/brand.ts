export const PRODUCT_NAME = '拓客雷达';
/** Appended to page titles (spec 2.2 "product suffix"). */
export const PRODUCT_SUFFIX = ' - 拓客雷达';

/** Spec 2.2 / 9: the default tab title is the route's title with the product suffix. */
export const TITLE_TEMPLATE = `%s${PRODUCT_SUFFIX}`;

/** The browser tab title of a page whose route title is `title` (what TITLE_TEMPLATE makes). */
export function tabTitle(title: string): string {
  return TITLE_TEMPLATE.replace('%s', title);
}
