import 'server-only';
import { defineRoute } from '@/lib/server/platform';
import {
  digitalEmployeeConfig,
  digitalEmployeeConfigStatus,
  digitalEmployeeConfigUpdate,
  digitalEmployeeSkillGet,
  digitalEmployeeSkillRun,
  digitalEmployeeSkillSchedule,
} from '@/lib/shared/ai/skill.contract';
import { limitSearch } from '@/lib/server/search';
import {
  employeeConfigResponse,
  employeeConfigStatus,
  saveEmployeeConfig,
} from './employee-config';
import { runSkill, setSkillSchedule, skillDetail } from './skill.service';

export const skillRoutes = [
  defineRoute(digitalEmployeeSkillGet, ({ query, auth }) => skillDetail(query.key, auth)),
  defineRoute(digitalEmployeeSkillRun, async ({ body, auth, client }) => {
    // A run is a search over the company data: the search budget pays for it.
    await limitSearch(auth, client);
    return runSkill(body.key, { auth, client });
  }),
  defineRoute(digitalEmployeeSkillSchedule, ({ body, auth }) =>
    setSkillSchedule(body.key, body.enabled, auth),
  ),
  defineRoute(digitalEmployeeConfig, ({ req }) => employeeConfigResponse(req)),
  defineRoute(digitalEmployeeConfigStatus, () => employeeConfigStatus()),
  defineRoute(digitalEmployeeConfigUpdate, ({ body, auth, client }) =>
    saveEmployeeConfig(body.config, { userId: auth.userId, tenantId: auth.tenantId, client }),
  ),
];
