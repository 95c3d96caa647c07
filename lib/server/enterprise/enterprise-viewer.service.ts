import 'server-only';
import type { EnterpriseViewer } from '@/lib/shared/enterprise/enterprise.contract';
import { getUnlockCredit } from '@/lib/server/commerce';
import { getContactSummary, requireEnterpriseRow } from './enterprise.service';
import { getEnterpriseStates } from './enterprise-state.service';
import { getAnnualReports } from './enterprise-tabs.service';
import { quotaBlockedCode } from './unlock.service';

/**
 * The part of a company page that belongs to one signed-in user. The page's HTML is the same for
 * every visitor (and may be served from a shared cache), so the client asks for this once after
 * hydration: favourite, lead and unlock state, the tenant's quota, and, only when the tenant has
 * unlocked the company, the real contacts and the newest annual report with real contacts.
 */
export async function enterpriseViewer(
  actor: { tenantId: number; userId: number },
  entId: number,
): Promise<EnterpriseViewer> {
  const ent = await requireEnterpriseRow({ id: entId });
  const viewer = { tenantId: actor.tenantId, userId: actor.userId };
  const [[state], credit] = await Promise.all([
    getEnterpriseStates([ent.id], viewer),
    getUnlockCredit(actor.tenantId),
  ]);
  const [contacts, reports] = state.unlocked
    ? await Promise.all([getContactSummary(ent.id, viewer), getAnnualReports(ent.id, viewer)])
    : [null, null];
  return {
    entId: ent.id,
    state,
    contacts,
    annualReport: reports?.report ?? null,
    credit,
    blockedCode: state.unlocked ? null : quotaBlockedCode(credit),
  };
}
