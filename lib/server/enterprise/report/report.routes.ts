import 'server-only';
import { defineRoute } from '@/lib/server/platform';
import {
  createQuicklyReport,
  createReportTemplate,
  deleteReport,
  deleteReportTemplate,
  getReport,
  getReportAllowance,
  getReportPage,
  getReportTemplate,
  getReportTemplateList,
  updateReportTemplate,
} from '@/lib/shared/enterprise-report/report.contract';
import * as reports from './report.service';
import * as templates from './report-template.service';

const owner = (auth: { userId: number; tenantId: number }) => ({
  userId: auth.userId,
  tenantId: auth.tenantId,
});

/** 企业报告 and 报告模板 (issue 32 item 3): every one scoped to the calling member. */
export const reportRoutes = [
  defineRoute(createQuicklyReport, ({ auth, body }) => reports.createReport(owner(auth), body)),
  defineRoute(getReportPage, ({ auth, query }) => reports.reportPage(owner(auth), query)),
  defineRoute(getReport, ({ auth, query }) => reports.getReport(owner(auth), query.id)),
  defineRoute(deleteReport, ({ auth, query }) => reports.deleteReport(owner(auth), query.id)),
  defineRoute(getReportAllowance, ({ auth }) => reports.getReportAllowance(owner(auth))),
  defineRoute(getReportTemplateList, ({ auth }) => templates.listTemplates(owner(auth))),
  defineRoute(getReportTemplate, ({ auth, query }) => templates.getTemplate(owner(auth), query.id)),
  defineRoute(createReportTemplate, ({ auth, body }) =>
    templates.createTemplate(owner(auth), body),
  ),
  defineRoute(updateReportTemplate, ({ auth, body }) =>
    templates.updateTemplate(owner(auth), body),
  ),
  defineRoute(deleteReportTemplate, ({ auth, query }) =>
    templates.deleteTemplate(owner(auth), query.id),
  ),
];
