/**
 * Membership editions 0-4 (spec section 1) and what each includes: the one definition of these
 * numbers. The seed writes them into tenant_packages, the trade catalogue writes the paid ones into
 * products (lib/server/commerce/trade/catalogue.service.ts), and clients read them from
 * /product/vip/get-list; contact unlocking and search limits read them from here.
 */
export type EditionId = 0 | 1 | 2 | 3 | 4;

export type Edition = {
  id: EditionId;
  name: string;
  /** Contacts a tenant may unlock per calendar month. */
  monthlyUnlockQuota: number;
  /** Deepest search result a user of this edition may page to. */
  maxSearchResults: number;
  /** Rows per export file. */
  maxExportRows: number;
  /** Enterprise reports (企业报告, issue 32) the tenant may generate per calendar month. */
  monthlyReportQuota: number;
  priceYuanPerYear: number;
};

export const EDITIONS: readonly Edition[] = [
  {
    id: 0,
    name: '免费版',
    monthlyUnlockQuota: 0,
    maxSearchResults: 100,
    maxExportRows: 0,
    monthlyReportQuota: 3,
    priceYuanPerYear: 0,
  },
  {
    id: 1,
    name: '个人版',
    monthlyUnlockQuota: 20,
    maxSearchResults: 500,
    maxExportRows: 500,
    monthlyReportQuota: 20,
    priceYuanPerYear: 1980,
  },
  {
    id: 2,
    name: '标准版',
    monthlyUnlockQuota: 100,
    maxSearchResults: 2000,
    maxExportRows: 2000,
    monthlyReportQuota: 60,
    priceYuanPerYear: 6980,
  },
  {
    id: 3,
    name: '高级版',
    monthlyUnlockQuota: 300,
    maxSearchResults: 5000,
    maxExportRows: 5000,
    monthlyReportQuota: 150,
    priceYuanPerYear: 19800,
  },
  {
    id: 4,
    name: '企业版',
    monthlyUnlockQuota: 1000,
    maxSearchResults: 10000,
    maxExportRows: 10000,
    monthlyReportQuota: 500,
    priceYuanPerYear: 59800,
  },
];

/** What one purchase of a paid edition buys: this many days of it. */
export const EDITION_TERM_DAYS = 365;

/** The price of one term of an edition in fen (integers only: money never goes through floats). */
export function editionPriceFen(e: Edition): number {
  return e.priceYuanPerYear * 100;
}

/** Unknown editions fall back to the free edition. */
export function getEdition(id: number | null | undefined): Edition {
  return EDITIONS.find((e) => e.id === id) ?? EDITIONS[0];
}

/** Free unlock quota granted to the inviting tenant for each user who joins through its invitation. */
export const INVITATION_REWARD_QUOTA = 5;

/** Invitation codes are valid 365 days. */
export const INVITATION_VALID_DAYS = 365;
