export const PRODUCT_NAME = '拓客雷达';
/** Appended to page titles (spec 2.2 "product suffix"). */
export const PRODUCT_SUFFIX = ' - 拓客雷达';
