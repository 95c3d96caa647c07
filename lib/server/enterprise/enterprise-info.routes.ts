import 'server-only';
import {
  getContactGeneralInfo,
  getEnterpriseAnnualReports,
  getEnterpriseInfo,
  getEnterpriseManageInfo,
  getEnterpriseRegistration,
  getRecentEnterpriseInfo,
  listEnterpriseChains,
  listGovernmentHonors,
  listIndustryChainCodes,
  listObtainingFinancing,
  pageEnterpriseBranches,
  pageEnterpriseChanges,
  pageEnterpriseFinancing,
  pageEnterpriseHonors,
  pageEnterpriseInvestments,
  pageEnterprisePeople,
  pageEnterpriseShareholders,
} from '@/lib/shared/enterprise/enterprise.contract';
import { defineRoute, type RouteDefinition } from '@/lib/server/platform';
import * as info from './enterprise-info.service';

/** The company page: header, one route per tab, and the yudao-named extras. */
export const enterpriseInfoRoutes: RouteDefinition[] = [
  defineRoute(getEnterpriseInfo, ({ query, auth, client }) =>
    info.enterpriseDetail({ auth, client }, query),
  ),
  defineRoute(getEnterpriseRegistration, ({ query, auth, client }) =>
    info.enterpriseRegistration({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseShareholders, ({ query, auth, client }) =>
    info.enterpriseShareholders({ auth, client }, query),
  ),
  defineRoute(pageEnterprisePeople, ({ query, auth, client }) =>
    info.enterprisePeople({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseChanges, ({ query, auth, client }) =>
    info.enterpriseChanges({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseInvestments, ({ query, auth, client }) =>
    info.enterpriseInvestments({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseBranches, ({ query, auth, client }) =>
    info.enterpriseBranches({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseFinancing, ({ query, auth, client }) =>
    info.enterpriseFinancing({ auth, client }, query),
  ),
  defineRoute(pageEnterpriseHonors, ({ query, auth, client }) =>
    info.enterpriseHonors({ auth, client }, query),
  ),
  defineRoute(listEnterpriseChains, ({ query, auth, client }) =>
    info.enterpriseChains({ auth, client }, query),
  ),
  defineRoute(getEnterpriseAnnualReports, ({ query, auth, client }) =>
    info.enterpriseAnnualReports({ auth, client }, query),
  ),
  defineRoute(listGovernmentHonors, ({ body, auth, client }) =>
    info.enterpriseHonors({ auth, client }, body),
  ),
  defineRoute(getRecentEnterpriseInfo, ({ body, auth, client }) =>
    info.enterpriseRecentEvents({ auth, client }, body),
  ),
  defineRoute(getContactGeneralInfo, ({ body, auth, client }) =>
    info.enterpriseContacts({ auth, client }, body),
  ),
  defineRoute(listIndustryChainCodes, ({ body, auth, client }) =>
    info.enterpriseChains({ auth, client }, body),
  ),
  defineRoute(listObtainingFinancing, ({ query, body, auth, client }) =>
    info.obtainingFinancing({ auth, client }, query.id, body),
  ),
  defineRoute(getEnterpriseManageInfo, ({ query, auth, client }) =>
    info.enterpriseManageInfo({ auth, client }, query),
  ),
];
