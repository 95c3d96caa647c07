'use client';

import { useState } from 'react';
import { App, Button, Space, Tag, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ContactSummary } from '@/lib/shared/enterprise/types';
import { enterpriseApi, goToLogin } from '@/components/enterprise/actions/enterprise-api';
import { EnterpriseActions } from '@/components/enterprise/actions/EnterpriseActions';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';

const TYPE_LABEL = { phone: '固话', mobile: '手机', email: '邮箱' } as const;

/**
 * Row actions on a result: 解锁 (one quota unit per company and tenant; the values then show in
 * the row), 加入线索 and 收藏. Signed-out visitors are sent to sign in.
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
  initial: { unlocked: boolean; favorite: boolean; inCrm: boolean };
}) {
  const { message } = App.useApp();
  const onError = useActionError();
  const [unlocked, setUnlocked] = useState(initial.unlocked);
  const [contacts, setContacts] = useState<ContactSummary | null>(null);
  const [busy, setBusy] = useState(false);

  async function unlock() {
    if (!signedIn) return goToLogin();
    setBusy(true);
    try {
      if (unlocked) {
        setContacts(await enterpriseApi.contacts(entId, { silent: true }));
      } else {
        const r = await enterpriseApi.unlock(entId, { silent: true });
        setUnlocked(true);
        setContacts(r.contacts);
        message.success(
          r.charged
            ? `解锁成功，剩余解锁额度 ${r.credit.remaining}`
            : '该企业已解锁，未重复扣除额度',
        );
      }
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="sr-row-actions">
      <Space size={8} wrap>
        {hasContacts && !contacts ? (
          <Button
            size="small"
            type={unlocked ? 'default' : 'primary'}
            ghost={!unlocked}
            icon={unlocked ? <UnlockOutlined /> : <LockOutlined />}
            loading={busy}
            onClick={unlock}
            data-testid="row-unlock"
          >
            {unlocked ? '查看联系方式' : '解锁联系方式'}
          </Button>
        ) : null}
        {unlocked ? <Tag color="green">已解锁</Tag> : null}
        <EnterpriseActions
          entId={entId}
          signedIn={signedIn}
          initial={{ favorite: initial.favorite, inCrm: initial.inCrm }}
          source="企业查询"
          size="small"
        />
      </Space>
      {contacts ? (
        <ul className="sr-contacts" data-testid="row-contacts">
          {contacts.list.map((c) => (
            <li key={c.id}>
              <Tag>{TYPE_LABEL[c.type]}</Tag>
              <Typography.Text copyable={contacts.unlocked}>{c.value}</Typography.Text>
              {c.personName ? <span className="ent-muted"> {c.personName}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
