'use client';

import { CopyButton } from '@/components/enterprise/CopyButton';
import { useState } from 'react';
import type { ContactSummary } from '@/lib/shared/enterprise/enterprise.contract';
import { requestRuntime, sendToLogin } from '@/components/providers/runtime-loader';
import { CollectContactsPubButton } from '@/components/wyw/CollectContactsPubButton';
import { PlainTag } from '../PlainTag';
import { runUnlock } from '../actions/unlock-flow';
import { resolveEnterpriseViewer, useEnterpriseViewer } from './viewer-state';
import { CONTACT_TYPE_LABEL } from '@/lib/shared/enterprise/format';

/**
 * 联系方式 block of the company header, without antd: counts and masked values for everyone (the
 * server render is the same for every visitor); a signed-in viewer's unlocked values and quota
 * arrive with the page's one viewer call. 解锁 spends one unit of the tenant's quota (once per
 * company) and shows the real values without a reload; quota errors (1004011000/1) open
 * 解锁额度不足 through the runtime.
 */
export function ContactPanel({ initial }: { initial: ContactSummary }) {
  const { signedIn, data } = useEnterpriseViewer(initial.entId);
  const [own, setOwn] = useState<ContactSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = own ?? data?.contacts ?? initial;
  const remaining = data && !summary.unlocked ? data.credit.remaining : null;

  async function unlock() {
    if (busy) return;
    setBusy(true);
    try {
      const r = await resolveEnterpriseViewer(initial.entId);
      if (!r.signedIn) return sendToLogin();
      if (r.data?.contacts?.unlocked) return setOwn(r.data.contacts);
      const [api, rt] = await Promise.all([import('./detail-api'), requestRuntime()]);
      try {
        const outcome = await runUnlock(initial.entId, false, api.unlockCalls);
        setOwn(outcome.contacts);
        if (outcome.notice) rt.success(outcome.notice);
      } catch (err) {
        rt.reportError(err);
      }
    } finally {
      setBusy(false);
    }
  }

  const phones = summary.phoneCount + summary.mobileCount;

  return (
    <section aria-labelledby="contacts-title" className="ent-contacts">
      <div className="ent-contacts-head">
        <h2 id="contacts-title">联系方式</h2>
        <span className="ent-contacts-counts" data-testid="contact-counts">
          电话 {phones} 个 · 邮箱 {summary.emailCount} 个
        </span>
        {summary.unlocked ? (
          <PlainTag color="green">已解锁</PlainTag>
        ) : summary.total > 0 ? (
          <button
            type="button"
            className="pub-btn pub-btn-primary pub-btn-sm"
            aria-busy={busy || undefined}
            onClick={() => void unlock()}
            data-testid="unlock-button"
          >
            解锁
          </button>
        ) : null}
        {signedIn ? (
          <CollectContactsPubButton
            entId={initial.entId}
            onCollected={(r) => {
              setOwn(r.contacts);
              void requestRuntime().then((rt) =>
                rt.success(
                  r.newCount
                    ? `采集完成，新增 ${r.newCount} 个联系方式`
                    : '采集完成，未发现新的联系方式',
                ),
              );
            }}
            onError={(err) => void requestRuntime().then((rt) => rt.reportError(err))}
          />
        ) : null}
      </div>
      {summary.total === 0 ? (
        <p className="ent-note" style={{ margin: '8px 0 0', fontSize: 14 }}>
          暂无公开联系方式
        </p>
      ) : (
        <ul className="ent-contact-list" data-testid="contact-list">
          {summary.list.map((c) => (
            <li key={c.id}>
              <PlainTag>{CONTACT_TYPE_LABEL[c.type]}</PlainTag>
              {summary.unlocked ? (
                <>
                  <span>{c.value}</span>
                  <CopyButton value={c.value} />
                </>
              ) : (
                <span className="ent-masked">{c.value}</span>
              )}
              {c.personName ? (
                <span className="ent-contact-person">
                  {c.personName}
                  {c.position ? ` · ${c.position}` : ''}
                </span>
              ) : null}
              {summary.unlocked ? <span className="ent-note">来源：{c.source}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {!summary.unlocked && summary.total > 0 ? (
        <p className="ent-contacts-hint ent-note" style={{ marginBottom: 0 }}>
          {signedIn
            ? '解锁后可查看完整号码与联系人，同一企业团队内只扣一次额度'
            : '登录后可解锁完整联系方式'}
          {remaining !== null ? (
            <span data-testid="unlock-remaining" style={{ marginLeft: 8 }}>
              剩余解锁额度 {remaining}
            </span>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}
