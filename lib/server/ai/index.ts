import 'server-only';

/**
 * Front door of the ai module (ADR 0170): the AI assistant: understanding, replies, threads, AI exports.
 * Other modules import only what is exported here; ai itself may import platform, identity, commerce, enterprise, search, content, crm.
 */

export { aiClueExportJob, aiExportJob } from './ai-jobs';
export { aiRoutes } from './ai.routes';
export { outreachJob } from './outreach/outreach.job';
export { outreachExportJob } from './outreach/outreach-export.job';
export { startOutreachSchedule } from './outreach/outreach-schedule';
export { skillScheduleJob, startSkillSchedule } from './skills/skill-schedule';
export { currentSkills } from './skills/skill.service';
export { loadEmployeeConfig } from './skills/employee-config';
