import type { EnterpriseRegistration } from '@/lib/shared/enterprise/types';

/** 工商信息: the registration record as a two-column definition table (server-rendered). */
export function RegistrationPanel({ reg }: { reg: EnterpriseRegistration }) {
  const term =
    reg.termStart || reg.termEnd ? `${reg.termStart ?? '-'} 至 ${reg.termEnd ?? '无固定期限'}` : '';
  const rows: [string, React.ReactNode][] = [
    ['企业名称', reg.name],
    [
      '统一社会信用代码',
      <span key="u" className="ent-mono">
        {reg.uncid}
      </span>,
    ],
    ['法定代表人', reg.legalPerson],
    ['登记状态', reg.status],
    ['成立日期', reg.establishDate],
    ['注册资本', reg.regCapitalText],
    ['实缴资本', reg.paidCapitalText],
    ['工商注册号', reg.regNo],
    ['企业类型', reg.orgType],
    ['营业期限', term],
    ['核准日期', reg.approvalDate],
    ['登记机关', reg.regAuthority],
    ['所属地区', reg.regionName],
    ['所属行业', reg.industryName],
    ['人员规模', reg.staffSize],
    ['参保人数', reg.insuredCount === null ? '' : `${reg.insuredCount} 人`],
    ['曾用名', reg.formerNames.join('、')],
    ['英文名/品牌', reg.brandWords.join('、')],
  ];
  return (
    <div>
      <table className="ent-kv">
        <tbody>
          {chunk(rows, 2).map((pair, i) => (
            <tr key={i}>
              {pair.map(([k, v]) => (
                <Cell key={k} label={k} value={v} />
              ))}
              {pair.length === 1 ? <Cell label="" value="" /> : null}
            </tr>
          ))}
          <tr>
            <th scope="row">注册地址</th>
            <td colSpan={3}>{reg.address || '-'}</td>
          </tr>
          <tr>
            <th scope="row">经营范围</th>
            <td colSpan={3} className="ent-scope">
              {reg.businessScope || '-'}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Cell({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <th scope="row">{label}</th>
      <td>{value === null || value === undefined || value === '' ? (label ? '-' : '') : value}</td>
    </>
  );
}

function chunk<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}
