import type { ContactSummary, EnterpriseHeader } from '@/lib/shared/enterprise/types';
import { shortEnterpriseName } from '@/lib/shared/geo';
import { EnterpriseTags } from '../EnterpriseTags';
import { ContactPanel } from './ContactPanel';
import { DetailActions } from './DetailActions';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="ent-field">
      <dt>{label}</dt>
      <dd>{children || '-'}</dd>
    </div>
  );
}

/** Top of the company page: name, status, tags, key registration facts, contacts, actions. */
export function DetailHeader({
  header,
  contacts,
}: {
  header: EnterpriseHeader;
  /** Masked for everyone: the page's HTML does not depend on who looks at it. */
  contacts: ContactSummary;
}) {
  return (
    <section className="ent-card ent-header" aria-labelledby="ent-name">
      <div className="ent-header-top">
        <div
          aria-hidden
          className={
            header.status === '注销' || header.status === '吊销'
              ? 'ent-logo ent-logo-closed'
              : 'ent-logo'
          }
        >
          {shortEnterpriseName(header.name)}
        </div>
        <div style={{ flex: 1, minWidth: 0 }}>
          <h1 id="ent-name" className="ent-name">
            {header.name}
          </h1>
          <EnterpriseTags status={header.status} tags={header.tags} />
          {header.formerNames.length > 0 ? (
            <p className="ent-former">曾用名：{header.formerNames.join('、')}</p>
          ) : null}
        </div>
        <DetailActions entId={header.id} entName={header.name} />
      </div>
      <dl className="ent-fields">
        <Field label="法定代表人">{header.legalPerson}</Field>
        <Field label="注册资本">{header.regCapitalText}</Field>
        <Field label="成立日期">{header.establishDate}</Field>
        <Field label="统一社会信用代码">
          <span className="ent-mono">{header.uncid}</span>
        </Field>
        <Field label="所属地区">{header.regionName}</Field>
        <Field label="所属行业">{header.industryName}</Field>
        <Field label="企业类型">{header.orgType}</Field>
        <Field label="人员规模">{header.staffSize}</Field>
        <Field label="官网">
          {header.website ? (
            <a
              href={header.website.startsWith('http') ? header.website : `http://${header.website}`}
              rel="nofollow noopener"
              target="_blank"
            >
              {header.website}
            </a>
          ) : null}
        </Field>
        <div className="ent-field ent-field-wide">
          <dt>注册地址</dt>
          <dd>
            <address>{header.address || '-'}</address>
          </dd>
        </div>
      </dl>
      <ContactPanel initial={contacts} />
    </section>
  );
}
