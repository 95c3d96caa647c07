'use client';

import { Button, Space, Tag, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { EnterpriseActions } from '@/components/enterprise/actions/EnterpriseActions';
import { useUnlock } from '@/components/enterprise/actions/useUnlock';

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
  const { unlocked, contacts, busy, unlock } = useUnlock({
    entId,
    signedIn,
    unlocked: initial.unlocked,
  });

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
            onClick={() => void unlock()}
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
