import 'server-only';

/**
 * Front door of the enterprise module (ADR 0170): company data, tabs, graphs, unlock, favourites, export, headline counts.
 * Other modules import only what is exported here; enterprise itself may import platform, identity, commerce.
 */

export { addToCrm, getEnterpriseStates } from './enterprise-state.service';
export { getAnnualReportDetail } from './annual-report.service';
export {
  getAnnualReports,
  listBranches,
  listChains,
  listChanges,
  listFinancing,
  listHonors,
  listInvestments,
  listPeople,
  listShareholders,
} from './enterprise-tabs.service';
export { enterpriseRoutes } from './enterprise.routes';
export {
  ANONYMOUS,
  type EnterpriseRow,
  findEnterpriseRow,
  getContactSummary,
  loadContactRows,
  requireEnterpriseRow,
  toHeader,
  toRegistration,
} from './enterprise.service';
export {
  assertExportAllowed,
  exportEnterprises,
  exportRowLimit,
} from './export/enterprise-export.service';
export { exportDownload } from './export/export-download';
export { exportRoutes } from './export/export.routes';
export { getPageViewer } from './page-viewer';
export { estimatedEnterpriseCount, formatCount } from './stats/platform-stats';
export { unlockedIds } from './unlock.service';
export { admitExportJob, withExportSlot } from './export/export-slots';
export { unlockEnterprise } from './unlock.service';
export { reportRoutes } from './report/report.routes';
export { enterpriseReportJob } from './report/report.job';
