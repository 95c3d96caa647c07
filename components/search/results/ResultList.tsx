import { EnterpriseTags } from '@/components/enterprise/EnterpriseTags';
import { companyDetailPath } from '@/lib/shared/enterprise/urls';
import { formatCapital } from '@/lib/shared/enterprise/format';
import type { EnterpriseState } from '@/lib/shared/enterprise/types';
import type { EnterpriseSearchHit, HighlightSegment } from '@/lib/shared/search/types';
import { ResultRowActions } from './ResultRowActions';
import { RowCheckbox } from './SearchTableState';

/** Matched parts in <em>; React escapes the text. */
export function Segments({ segments }: { segments: HighlightSegment[] }) {
  return (
    <>
      {segments.map((s, i) =>
        s.hit ? (
          <em key={i} className="hl">
            {s.text}
          </em>
        ) : (
          s.text
        ),
      )}
    </>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <span className="sr-field">
      <span className="sr-field-label">{label}：</span>
      {value || '-'}
    </span>
  );
}

/** One result: name (opens the company in a new tab), facts, why it matched, masked contacts. */
function ResultRow({
  hit,
  state,
  signedIn,
}: {
  hit: EnterpriseSearchHit;
  state: EnterpriseState | undefined;
  signedIn: boolean;
}) {
  const region = [hit.provinceName, hit.cityName !== hit.provinceName ? hit.cityName : '']
    .filter(Boolean)
    .join(' ');
  const hasContacts = hit.phoneCount + hit.emailCount > 0;
  return (
    <li className="sr-row" data-testid="result-row" data-ent-id={hit.id}>
      <div className="sr-row-check">
        <RowCheckbox row={{ id: hit.id, name: hit.name, uncid: hit.uncid }} />
      </div>
      <div className="sr-row-main">
        <h2 className="sr-name">
          <a
            href={companyDetailPath({ uncid: hit.uncid, name: hit.name })}
            target="_blank"
            rel="noopener"
            data-testid="result-name"
          >
            <Segments segments={hit.nameSegments} />
          </a>
        </h2>
        <EnterpriseTags status={hit.status} tags={hit.tags} />
        <div className="sr-fields">
          <Field label="法定代表人" value={hit.legalPerson} />
          <Field label="注册资本" value={formatCapital(hit.regCapital, hit.regCapitalCurrency)} />
          <Field label="成立日期" value={hit.establishDate} />
          <Field label="所属地区" value={region} />
          <Field label="所属行业" value={hit.industryName} />
        </div>
        {hit.matched ? (
          <p className="sr-matched" data-testid="result-matched">
            <span className="sr-field-label">{hit.matched.field}：</span>
            <Segments segments={hit.matched.segments} />
          </p>
        ) : null}
        <div className="sr-row-foot">
          <span className="sr-contact-counts" data-testid="contact-counts">
            电话 {hit.phoneCount} 个 · 邮箱 {hit.emailCount} 个
          </span>
          <ResultRowActions
            entId={hit.id}
            hasContacts={hasContacts}
            signedIn={signedIn}
            initial={{
              unlocked: state?.unlocked ?? false,
              favorite: state?.favorite ?? false,
              inCrm: state?.inCrm ?? false,
            }}
          />
        </div>
      </div>
    </li>
  );
}

export function ResultList({
  list,
  states,
  signedIn,
}: {
  list: EnterpriseSearchHit[];
  states: EnterpriseState[];
  signedIn: boolean;
}) {
  return (
    <ol className="sr-list" aria-label="搜索结果">
      {list.map((hit) => (
        <ResultRow
          key={hit.id}
          hit={hit}
          state={states.find((s) => s.entId === hit.id)}
          signedIn={signedIn}
        />
      ))}
    </ol>
  );
}
