import type { PageResult } from '@/lib/shared/api/envelope';
import type {
  BranchRow,
  ChangeRow,
  FinancingRow,
  HonorRow,
  InvestmentRow,
  PersonRow,
  ShareholderRow,
} from '@/lib/shared/enterprise/types';
import { formatRatio } from '@/lib/shared/enterprise/format';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { financeHref } from '@/lib/shared/finance/urls';
import { PlainTag } from '../PlainTag';
import { statusColor } from '../tag-colors';

/**
 * The tables of the company page's tabs as plain HTML: rendered on the server for the first page
 * and by the pager island (TabTable) for the others, from the same code.
 */
export type TabRows = {
  shareholders: ShareholderRow;
  people: PersonRow;
  changes: ChangeRow;
  investments: InvestmentRow;
  branches: BranchRow;
  financing: FinancingRow;
  honors: HonorRow;
};

export type TabKind = keyof TabRows;

export const TAB_PAGE_SIZE = 10;

type Column<T> = { title: string; width?: number; cell: (r: T) => React.ReactNode };

const dash = (v: React.ReactNode) => (v === null || v === undefined || v === '' ? '-' : v);
const wan = (v: number | null) => (v === null ? '-' : `${Number(v.toFixed(4))}万元`);

function CompanyLink({
  name,
  entId,
  uncid,
}: {
  name: string;
  entId: number | null;
  uncid: string | null;
}) {
  if (!entId && !uncid) return <>{name}</>;
  return <a href={companyDetailPath({ uncid, name })}>{name}</a>;
}

const status = (v: string | null) => (v ? <PlainTag color={statusColor(v)}>{v}</PlainTag> : '-');

const COLUMNS: { [K in TabKind]: Column<TabRows[K]>[] } = {
  shareholders: [
    {
      title: '股东名称',
      cell: (r) => (
        <>
          {r.holderType === 'person' ? (
            r.holderName
          ) : (
            <CompanyLink name={r.holderName} entId={r.holderEnterpriseId} uncid={r.holderUncid} />
          )}{' '}
          <PlainTag color={r.holderType === 'person' ? 'green' : 'blue'}>
            {r.holderType === 'person' ? '自然人' : '企业法人'}
          </PlainTag>
        </>
      ),
    },
    { title: '持股比例', width: 110, cell: (r) => dash(formatRatio(r.ratio)) },
    { title: '认缴出资额', width: 140, cell: (r) => wan(r.subscribedAmount) },
    { title: '认缴出资日期', width: 130, cell: (r) => dash(r.subscribedDate) },
  ],
  people: [
    { title: '姓名', width: 160, cell: (r) => r.name },
    { title: '职务', cell: (r) => dash(r.roles.join('、')) },
    {
      title: '关联企业',
      width: 120,
      cell: (r) => (r.relatedCount > 0 ? `${r.relatedCount} 家` : '-'),
    },
  ],
  changes: [
    { title: '变更日期', width: 120, cell: (r) => r.changeDate },
    { title: '变更事项', width: 160, cell: (r) => r.item },
    { title: '变更前', cell: (r) => dash(r.before) },
    { title: '变更后', cell: (r) => dash(r.after) },
  ],
  investments: [
    {
      title: '被投资企业',
      cell: (r) => (
        <CompanyLink name={r.investeeName} entId={r.investeeEnterpriseId} uncid={r.investeeUncid} />
      ),
    },
    { title: '状态', width: 90, cell: (r) => status(r.investeeStatus) },
    { title: '法定代表人', width: 110, cell: (r) => dash(r.investeeLegalPerson) },
    { title: '成立日期', width: 120, cell: (r) => dash(r.investeeEstablishDate) },
    { title: '持股比例', width: 100, cell: (r) => dash(formatRatio(r.ratio)) },
    { title: '认缴出资额', width: 130, cell: (r) => wan(r.amount) },
  ],
  branches: [
    {
      title: '分支机构名称',
      cell: (r) => <CompanyLink name={r.name} entId={r.branchEnterpriseId} uncid={r.uncid} />,
    },
    { title: '负责人', width: 110, cell: (r) => dash(r.principal) },
    { title: '所在地区', width: 200, cell: (r) => dash(r.regionName) },
    { title: '成立日期', width: 120, cell: (r) => dash(r.establishDate) },
    { title: '状态', width: 90, cell: (r) => status(r.status) },
  ],
  financing: [
    { title: '融资日期', width: 120, cell: (r) => r.financingDate },
    { title: '轮次', width: 110, cell: (r) => <PlainTag color="gold">{r.round}</PlainTag> },
    { title: '金额', width: 140, cell: (r) => dash(r.amount) },
    {
      title: '投资方',
      cell: (r) =>
        r.investors.length === 0
          ? '-'
          : r.investors.map((name, i) => (
              <span key={name}>
                {i > 0 ? '、' : ''}
                <a href={financeHref.institutionNamed(name)}>{name}</a>
              </span>
            )),
    },
  ],
  honors: [
    { title: '荣誉名称', cell: (r) => r.name },
    {
      title: '级别',
      width: 100,
      cell: (r) => (
        <PlainTag color={r.level === '国家级' ? 'red' : r.level === '省级' ? 'orange' : 'blue'}>
          {r.level}
        </PlainTag>
      ),
    },
    { title: '认定年份', width: 100, cell: (r) => r.year },
    { title: '颁发单位', width: 220, cell: (r) => dash(r.issuer) },
  ],
};

/** One page of a tab; the serial number continues across pages. */
export function TabTableView<K extends TabKind>({
  kind,
  page,
  pageNo = 1,
  busy = false,
}: {
  kind: K;
  page: PageResult<TabRows[K]>;
  pageNo?: number;
  busy?: boolean;
}) {
  const columns = COLUMNS[kind] as Column<TabRows[K]>[];
  if (page.list.length === 0) return <p className="ent-empty">暂无数据</p>;
  return (
    <div className="ent-table-wrap">
      <table className="ent-table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col" style={{ width: 64 }}>
              序号
            </th>
            {columns.map((c) => (
              <th key={c.title} scope="col" style={c.width ? { width: c.width } : undefined}>
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.list.map((r, i) => (
            <tr key={(r as { id: number }).id}>
              <td>{(pageNo - 1) * TAB_PAGE_SIZE + i + 1}</td>
              {columns.map((c) => (
                <td key={c.title}>{c.cell(r)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
