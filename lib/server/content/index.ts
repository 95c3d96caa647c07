import 'server-only';

/**
 * The knowledge content's server functions (issue 17, ADR 0140), called directly by the server
 * components of the public pages and by the API routes (content.routes.ts). Every getter returns
 * null for an unknown or malformed id (the page then calls notFound()); searches take the parsed
 * query schemas of lib/shared/content/content.contract.ts (parse raw search params with
 * `policySearchQuerySchema.parse(searchParams)`: unknown values are dropped, never thrown).
 */
export { searchPolicies, getPolicy, comparePolicies } from './policy.service';
export { getSubsidy, matchEnterprisesForSubsidy } from './subsidy.service';
export { searchReports, getReport, compareReports } from './report.service';
export { searchNews, getNewsItem } from './news.service';
export { listHealthTopics, getHealthTopic } from './topic.service';
export {
  contentSitemapFiles,
  contentSitemapResponse,
  contentSitemapXml,
  listContentSitemapUrls,
} from './content-sitemap';
export { contentRoutes } from './content.routes';
export { industryRoutes } from './industry/industry.routes';
export { getChainGraph, listChains } from './industry/chain.service';
export { getIndustryMapStats } from './industry/industry-map.service';
export { getIndustryProfile } from './industry/industry-profile.service';
export { evaluateMerchants, heldOutYear, MERCHANTS_EVAL_PAIRS } from './industry/merchants-eval';
export { getMerchantsPage } from './industry/merchants.routes';
export { getAlbum, getIndustryList, getListPage, listIndustryLists } from './industry/list.service';
export { financeRoutes } from './finance/finance.routes';
export {
  findInstitutionId,
  getFinanceEventPage,
  getFinanceInstitution,
  getFinanceProject,
  topInstitutions,
} from './finance/finance.service';
export { warmContentIndexes } from './warm-up';
export { contentImportJob } from './import/content-import.job';
export { missingPolicyPage } from './policy-page-route';
