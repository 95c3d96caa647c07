import 'server-only';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { getEdition } from '@/lib/shared/vip/editions';
import { getDb, type ClientInfo, audit } from '@/lib/server/platform';
import { NOTIFY_KINDS, notify } from '@/lib/server/identity';
import { formatChinaDate } from '../trade/fulfil.service';

/**
 * 通知管理员 / 申请升级 (issue 28 item 7): a member who may not buy asks the tenant's
 * administrators through the message centre. Rate-limited by a once-key per member and China
 * day, so pressing again (or from two tabs) sends nothing more and says so.
 */
export async function requestUpgrade(input: {
  tenantId: number;
  userId: number;
  edition?: number;
  note?: string;
  client: ClientInfo;
  now?: Date;
}): Promise<{ notified: number; alreadyRequested: boolean }> {
  const [me] = await getDb()
    .select({ nickname: users.nickname, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  const who = me?.nickname || me?.mobile || `用户 ${input.userId}`;
  const wanted = input.edition ? getEdition(input.edition).name : '付费版本';
  const day = formatChinaDate(input.now ?? new Date());
  const ids = await notify({
    kind: NOTIFY_KINDS.upgradeRequest,
    tenantId: input.tenantId,
    tenantAdminsOf: input.tenantId,
    title: '成员申请升级会员',
    content: `成员 ${who} 申请开通${wanted}${input.note ? `：${input.note}` : ''}。请在「会员中心」开通或续费。`,
    onceKey: `upgrade_request:${input.tenantId}:${input.userId}:${day}`,
  });
  if (ids.length > 0)
    await audit('upgrade_requested', {
      tenantId: input.tenantId,
      userId: input.userId,
      detail: { edition: input.edition ?? null, notified: ids.length },
      client: input.client,
    });
  return { notified: ids.length, alreadyRequested: ids.length === 0 };
}
