'use client';

import { CopyButton } from '@/components/enterprise/CopyButton';
import { useState } from 'react';
import type { ContactSummary } from '@/lib/shared/enterprise/enterprise.contract';
import { requestRuntime, sendToLogin } from '@/components/providers/runtime-loader';
import { PlainTag } from '@/components/enterprise/PlainTag';
import { runUnlock } from '@/components/enterprise/actions/unlock-flow';
import { LeadFavoriteButtons } from '@/components/enterprise/actions/LeadFavoriteButtons';
import { CONTACT_TYPE_LABEL } from '@/lib/shared/enterprise/format';

/** A padlock, open once unlocked (drawn here: no icon library on this page). */
function LockIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 16 16" className="pub-icon" aria-hidden>
      <path
        d={open ? 'M5 7V5a3 3 0 0 1 5.8-1' : 'M5 7V5a3 3 0 0 1 6 0v2'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
    </svg>
  );
}

type RowState = { unlocked: boolean; favorite: boolean; inCrm: boolean };

/**
 * Row actions on a result, without antd: 解锁 (one quota unit per company and tenant; the values
 * then show in the row), 加入线索 and 收藏. The viewer's state comes with the page: the signed-in
 * render carries it, the anonymous one (shared through the page cache) is neutral. Signed-out
 * visitors are sent to sign in. The API calls and the feedback load on first use.
 */
export function ResultRowActions({
  entId,
  hasContacts,
  signedIn,
  initial,
}: {
  entId: number;
  hasContacts: boolean;
  signedIn: boolean;
  initial: RowState;
}) {
  const [state, setState] = useState<RowState>(initial);
  const [contacts, setContacts] = useState<ContactSummary | null>(null);
  const [busy, setBusy] = useState<'unlock' | 'fav' | 'crm' | null>(null);

  async function run(kind: 'unlock' | 'fav' | 'crm') {
    if (busy) return;
    if (!signedIn) return sendToLogin();
    setBusy(kind);
    try {
      const [api, rt] = await Promise.all([import('./search-actions'), requestRuntime()]);
      try {
        if (kind === 'unlock') {
          const outcome = await runUnlock(entId, state.unlocked, api.unlockCalls);
          setContacts(outcome.contacts);
          setState((s) => ({ ...s, unlocked: true }));
          if (outcome.notice) rt.success(outcome.notice);
        } else if (kind === 'fav') {
          await api.setFavorite(entId, !state.favorite);
          rt.success(state.favorite ? '已取消收藏' : '收藏成功');
          setState((s) => ({ ...s, favorite: !s.favorite }));
        } else if (!state.inCrm) {
          const r = await api.addToCrm([entId]);
          rt.success(r.created > 0 ? '已加入线索' : '该企业已在线索中');
          setState((s) => ({ ...s, inCrm: true }));
        }
      } catch (err) {
        rt.reportError(err);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="sr-row-actions">
      <div className="sr-row-buttons">
        {hasContacts && !contacts ? (
          <button
            type="button"
            className={state.unlocked ? 'pub-btn pub-btn-sm' : 'pub-btn pub-btn-sm sr-btn-ghost'}
            aria-busy={busy === 'unlock' || undefined}
            onClick={() => void run('unlock')}
            data-testid="row-unlock"
          >
            <LockIcon open={state.unlocked} />
            {state.unlocked ? '查看联系方式' : '解锁联系方式'}
          </button>
        ) : null}
        {state.unlocked ? <PlainTag color="green">已解锁</PlainTag> : null}
        <LeadFavoriteButtons state={state} busy={busy} onRun={(kind) => void run(kind)} small />
      </div>
      {contacts ? (
        <ul className="sr-contacts" data-testid="row-contacts">
          {contacts.list.map((c) => (
            <li key={c.id}>
              <PlainTag>{CONTACT_TYPE_LABEL[c.type]}</PlainTag>
              <span>{c.value}</span>
              {contacts.unlocked ? <CopyButton value={c.value} /> : null}
              {c.personName ? <span className="ent-note"> {c.personName}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
