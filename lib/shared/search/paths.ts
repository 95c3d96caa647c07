/** API prefix of the intelligent-search condition endpoints (spec 7.3): templates and history. */
export const INTELLIGENT_SEARCH_PREFIX = '/shuzhituoke/intelligent-search';
