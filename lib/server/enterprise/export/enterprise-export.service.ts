import 'server-only';
import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { getDb, ApiError, apiError, type ClientInfo, audit } from '@/lib/server/platform';
import { effectiveEdition } from '@/lib/server/identity';
import { enterprises, tenants } from '@/db/schema';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { getEdition } from '@/lib/shared/vip/editions';
import { regionName } from '@/lib/shared/geo';
import { industryName } from '@/lib/shared/industry';
import { formatCapital } from '@/lib/shared/enterprise/format';
import { loadContactRows, toContactItem } from '../enterprise.service';
import { unlockedIds } from '../unlock.service';

/**
 * Enterprise list export (.xlsx). Contacts are masked unless the tenant unlocked the company,
 * exactly like the API; the row cap is the edition's maxExportRows.
 */

export type ExportActor = { tenantId: number; userId: number; client?: ClientInfo };

/** Rows one export may hold for the tenant's current edition (0: the edition cannot export). */
export async function exportRowLimit(tenantId: number): Promise<number> {
  const [t] = await getDb().select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!t) throw apiError('TENANT_NOT_EXISTS');
  return getEdition(effectiveEdition(t)).maxExportRows;
}

/** Throws EXPORT_LIMIT (1004012002) when `rows` exceeds the edition's cap. */
export async function assertExportAllowed(tenantId: number, rows: number): Promise<number> {
  const max = await exportRowLimit(tenantId);
  if (max <= 0) throw new ApiError(ERRORS.EXPORT_LIMIT.code, '当前版本不支持导出，请升级会员');
  if (rows > max) throw apiError('EXPORT_LIMIT', { max });
  return max;
}

const COLUMNS: { header: string; key: string; width: number }[] = [
  { header: '序号', key: 'no', width: 6 },
  { header: '企业名称', key: 'name', width: 36 },
  { header: '统一社会信用代码', key: 'uncid', width: 22 },
  { header: '经营状态', key: 'status', width: 10 },
  { header: '法定代表人', key: 'legalPerson', width: 12 },
  { header: '注册资本', key: 'regCapital', width: 18 },
  { header: '成立日期', key: 'establishDate', width: 12 },
  { header: '省份', key: 'province', width: 10 },
  { header: '城市', key: 'city', width: 12 },
  { header: '区县', key: 'district', width: 12 },
  { header: '所属行业', key: 'industry', width: 24 },
  { header: '人员规模', key: 'staffSize', width: 12 },
  { header: '企业地址', key: 'address', width: 40 },
  { header: '官网', key: 'website', width: 24 },
  { header: '手机', key: 'mobiles', width: 28 },
  { header: '固话', key: 'phones', width: 28 },
  { header: '邮箱', key: 'emails', width: 30 },
  { header: '联系方式状态', key: 'unlocked', width: 12 },
];

export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/** Builds the workbook for the given companies, in the given order; unknown ids are skipped. */
export async function buildEnterpriseWorkbook(
  tenantId: number,
  entIds: number[],
): Promise<{ buffer: Uint8Array; rows: number }> {
  const ids = [...new Set(entIds)];
  const rows = ids.length
    ? await getDb()
        .select()
        .from(enterprises)
        .where(sql`${enterprises.id} = any(${sql.param(ids)}::bigint[])`)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [contacts, unlocked] = await Promise.all([
    loadContactRows(rows.map((r) => r.id)),
    unlockedIds(
      tenantId,
      rows.map((r) => r.id),
    ),
  ]);

  const wb = new ExcelJS.Workbook();
  wb.creator = '拓客雷达';
  wb.created = new Date();
  const ws = wb.addWorksheet('企业列表', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS;
  ws.getRow(1).font = { bold: true };
  let no = 0;
  for (const id of ids) {
    const e = byId.get(id);
    if (!e) continue;
    const isUnlocked = unlocked.has(e.id);
    const items = (contacts.get(e.id) ?? []).map((c) => toContactItem(c, isUnlocked));
    const join = (type: string) =>
      items
        .filter((c) => c.type === type)
        .map((c) => c.value)
        .join('；');
    no++;
    ws.addRow({
      no,
      name: e.name,
      uncid: e.uncid,
      status: e.status,
      legalPerson: e.legalPerson,
      regCapital: formatCapital(e.regCapital, e.regCapitalCurrency),
      establishDate: e.establishDate ?? '',
      province: regionName(e.provinceCode),
      city: regionName(e.cityCode),
      district: regionName(e.districtCode),
      industry: industryName(
        e.industryClass ?? e.industryGroup ?? e.industryDivision ?? e.industrySection,
      ),
      staffSize: e.staffSize ?? '',
      address: e.address ?? '',
      website: e.website ?? '',
      mobiles: join('mobile'),
      phones: join('phone'),
      emails: join('email'),
      unlocked: items.length === 0 ? '暂无' : isUnlocked ? '已解锁' : '未解锁',
    });
  }
  const buffer = new Uint8Array(await wb.xlsx.writeBuffer());
  return { buffer, rows: no };
}

/** Checks the cap, builds the file and writes the audit entry. */
export async function exportEnterprises(
  actor: ExportActor,
  entIds: number[],
): Promise<{ buffer: Uint8Array; rows: number }> {
  const ids = [...new Set(entIds)];
  await assertExportAllowed(actor.tenantId, ids.length);
  const result = await buildEnterpriseWorkbook(actor.tenantId, ids);
  await audit('enterprise.export', {
    tenantId: actor.tenantId,
    userId: actor.userId,
    target: `${result.rows} rows`,
    detail: { requested: ids.length, rows: result.rows },
    client: actor.client,
  });
  return result;
}
