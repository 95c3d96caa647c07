import 'server-only';
import ExcelJS from 'exceljs';
import { type ClientInfo, audit } from '@/lib/server/platform';
import { unlockedInScope } from '../unlock.service';
import { formatCapital } from '@/lib/shared/enterprise/format';
import { assertExportAllowed, exportRowLimit } from './enterprise-export.service';

export type UnlockedExportActor = { tenantId: number; userId: number; client?: ClientInfo };

const COLUMNS: { header: string; key: string; width: number }[] = [
  { header: '序号', key: 'no', width: 6 },
  { header: '企业名称', key: 'name', width: 36 },
  { header: '统一社会信用代码', key: 'uncid', width: 22 },
  { header: '经营状态', key: 'status', width: 10 },
  { header: '法定代表人', key: 'legalPerson', width: 12 },
  { header: '注册资本', key: 'regCapital', width: 18 },
  { header: '所在地区', key: 'region', width: 24 },
  { header: '所属行业', key: 'industry', width: 24 },
  { header: '解锁人', key: 'unlockUser', width: 12 },
  { header: '解锁时间', key: 'unlockTime', width: 20 },
  { header: '手机', key: 'mobiles', width: 28 },
  { header: '固话', key: 'phones', width: 28 },
  { header: '邮箱', key: 'emails', width: 30 },
];

export const UNLOCKED_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/** Beijing wall-clock time of an ISO instant, 2026-01-02 03:04:05. */
function beijingTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The unlocked list as a workbook: exactly the rows the caller's data scope lets the list show
 * (docs/adr/0080), newest first; more rows than the edition may export is refused before building.
 */
export async function exportUnlocked(
  actor: UnlockedExportActor,
  keyword?: string | null,
): Promise<{ buffer: Uint8Array; rows: number }> {
  const max = await exportRowLimit(actor.tenantId);
  // An edition without exports is refused before anything is read.
  if (max <= 0) await assertExportAllowed(actor.tenantId, 1);
  const { total, list } = await unlockedInScope(actor, keyword, max);
  await assertExportAllowed(actor.tenantId, total);
  const wb = new ExcelJS.Workbook();
  wb.creator = '拓客雷达';
  wb.created = new Date();
  const ws = wb.addWorksheet('已解锁企业', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  list.forEach((e, i) => {
    const join = (type: string) =>
      e.contacts
        .filter((c) => c.type === type)
        .map((c) => c.value)
        .join('；');
    ws.addRow({
      no: i + 1,
      name: e.name,
      uncid: e.uncid,
      status: e.status,
      legalPerson: e.legalPerson,
      regCapital: formatCapital(e.regCapital, e.regCapitalCurrency),
      region: e.regionName,
      industry: e.industryName,
      unlockUser: e.unlockUserName ?? '',
      unlockTime: beijingTime(e.unlockTime),
      mobiles: join('mobile'),
      phones: join('phone'),
      emails: join('email'),
    });
  });
  const buffer = new Uint8Array(await wb.xlsx.writeBuffer());
  await audit('enterprise.unlock_export', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: `${list.length} rows`,
    detail: { rows: list.length },
    client: actor.client,
  });
  return { buffer, rows: list.length };
}
