import 'server-only';

/**
 * Front door of the crm module (ADR 0170): leads, lead import/export, customers, opportunities, saved views, contact collection, the workbench (我的工作台), the data board and data centre.
 * Other modules import only what is exported here; crm itself may import platform, identity, commerce, enterprise, search, content.
 */

export { clueExportJob } from './clue-io/clue-export';
export { clueImportJob } from './clue-io/clue-import';
export { clueIoRoutes } from './clue-io/clue-io.routes';
export { writeXlsx } from './clue-io/spreadsheet';
export { clueRoutes } from './clue/clue.routes';
export { codeGroupRoutes } from './code-group/code-group.routes';
export { dataExportJob } from './data-management/data-export';
export { dataManagementRoutes } from './data-management/data-management.routes';
export { startRecyclePurgeSchedule } from './data-management/data-management.service';
export { startFollowUpReminderSchedule } from './clue/follow-up-reminders';
export { customerRoutes } from './customer/customer.routes';
export { dataBoardRoutes } from './data-board/data-board.routes';
export { dataCenterRoutes } from './data-center/data-center.routes';
export { opportunityRoutes } from './opportunity/opportunity.routes';
export { savedViewRoutes } from './saved-view/saved-view.routes';
export { wywBatchJob } from './wyw/wyw-batch.job';
export { wywSingleJob } from './wyw/wyw-single.job';
export { serveWywSocket, WYW_SOCKET_PATH } from './wyw/wyw-socket';
export { wywRoutes } from './wyw/wyw.routes';
export { workbenchRoutes } from './workbench/workbench.routes';
export { followUpAcceptedContact } from './clue/outreach-follow-up';
