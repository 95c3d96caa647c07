'use client';

import { useState } from 'react';
import { requestRuntime, sendToLogin } from '@/components/providers/runtime-loader';
import { LeadFavoriteButtons } from '@/components/enterprise/actions/LeadFavoriteButtons';
import { resolveEnterpriseViewer, useEnterpriseViewer } from './viewer-state';
import { REPORT_CENTER_PATH } from '@/lib/shared/enterprise-report/current-report';

type ActionState = { favorite: boolean; inCrm: boolean };

const NEUTRAL: ActionState = { favorite: false, inCrm: false };

/**
 * 收藏 / 加入线索 of the company page, without antd: neutral in the HTML (the same for every
 * visitor), the signed-in user's state once the page's viewer call answers. A click before that
 * waits for it; visitors get the login modal. Feedback (messages, quota dialog) comes from the
 * runtime, the API calls from detail-api, both loaded on demand. 生成报告 opens 企业报告 with this
 * company chosen (a plain link: the same for every visitor; a visitor is asked to sign in there).
 */
export function DetailActions({ entId, entName }: { entId: number; entName: string }) {
  const { data } = useEnterpriseViewer(entId);
  const [own, setOwn] = useState<ActionState | null>(null);
  const [busy, setBusy] = useState<'fav' | 'crm' | null>(null);
  const state =
    own ?? (data ? { favorite: data.state.favorite, inCrm: data.state.inCrm } : NEUTRAL);

  /** The state to act on, or null after sending a visitor to sign in. */
  async function current(): Promise<ActionState | null> {
    if (own) return own;
    const r = await resolveEnterpriseViewer(entId);
    if (!r.signedIn) return (sendToLogin(), null);
    return r.data ? { favorite: r.data.state.favorite, inCrm: r.data.state.inCrm } : NEUTRAL;
  }

  async function run(kind: 'fav' | 'crm') {
    if (busy) return;
    setBusy(kind);
    try {
      const now = await current();
      if (!now) return;
      const [api, rt] = await Promise.all([import('./detail-api'), requestRuntime()]);
      try {
        if (kind === 'fav') {
          await api.setFavorite(entId, !now.favorite);
          rt.success(now.favorite ? '已取消收藏' : '收藏成功');
          setOwn({ ...now, favorite: !now.favorite });
        } else if (!now.inCrm) {
          const r = await api.addToCrm(entId, '企业详情');
          rt.success(r.created > 0 ? '已加入线索' : '该企业已在线索中');
          setOwn({ ...now, inCrm: true });
        }
      } catch (err) {
        setOwn(now);
        rt.reportError(err);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ent-actions">
      <LeadFavoriteButtons state={state} busy={busy} onRun={(kind) => void run(kind)} />
      <a
        className="pub-btn"
        href={`${REPORT_CENTER_PATH}?${new URLSearchParams({ entId: String(entId), entName })}`}
        data-testid="report-from-company"
      >
        <span aria-hidden>▤</span>
        生成报告
      </a>
    </div>
  );
}
