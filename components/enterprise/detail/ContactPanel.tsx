'use client';

import { useEffect } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { LockOutlined, MailOutlined, PhoneOutlined, UnlockOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import {
  getContactGeneralInfo,
  type ContactItem,
  type ContactSummary,
} from '@/lib/shared/enterprise/enterprise.contract';
import { useUnlock } from '../actions/useUnlock';

const TYPE_LABEL: Record<ContactItem['type'], string> = {
  phone: '固话',
  mobile: '手机',
  email: '邮箱',
};

/**
 * 联系方式 block of the company header: counts and masked values for everyone; 解锁 spends one
 * unit of the tenant's quota (once per company) and shows the real values without a reload.
 * Quota errors (1004011000/1) open 解锁额度不足 (useUnlock).
 */
export function ContactPanel({
  initial,
  signedIn,
}: {
  initial: ContactSummary;
  signedIn: boolean;
}) {
  const {
    contacts,
    setContacts,
    busy,
    unlock: unlockContacts,
  } = useUnlock({ entId: initial.entId, signedIn, unlocked: initial.unlocked, contacts: initial });
  const summary = contacts ?? initial;

  // The server renders masked data when the access token had expired; the BFF can refresh it.
  useEffect(() => {
    if (!signedIn || initial.unlocked) return;
    let cancelled = false;
    call(getContactGeneralInfo, { body: { entId: initial.entId } }, { silent: true })
      .then((s) => {
        if (!cancelled && s.unlocked) setContacts(s);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [signedIn, initial.entId, initial.unlocked, setContacts]);

  const phones = summary.phoneCount + summary.mobileCount;

  return (
    <section aria-labelledby="contacts-title" className="ent-contacts">
      <div className="ent-contacts-head">
        <h2 id="contacts-title">联系方式</h2>
        <span className="ent-contacts-counts" data-testid="contact-counts">
          <PhoneOutlined /> 电话 {phones} 个 <MailOutlined style={{ marginLeft: 12 }} /> 邮箱{' '}
          {summary.emailCount} 个
        </span>
        {summary.unlocked ? (
          <Tag color="green" icon={<UnlockOutlined />}>
            已解锁
          </Tag>
        ) : summary.total > 0 ? (
          <Button
            type="primary"
            size="small"
            icon={<LockOutlined />}
            loading={busy}
            onClick={() => void unlockContacts()}
            data-testid="unlock-button"
          >
            解锁
          </Button>
        ) : null}
      </div>
      {summary.total === 0 ? (
        <Typography.Text type="secondary">暂无公开联系方式</Typography.Text>
      ) : (
        <ul className="ent-contact-list" data-testid="contact-list">
          {summary.list.map((c) => (
            <li key={c.id}>
              <Tag>{TYPE_LABEL[c.type]}</Tag>
              {summary.unlocked ? (
                <Typography.Text copyable>{c.value}</Typography.Text>
              ) : (
                <span className="ent-masked">{c.value}</span>
              )}
              {c.personName ? (
                <span className="ent-contact-person">
                  {c.personName}
                  {c.position ? ` · ${c.position}` : ''}
                </span>
              ) : null}
              {summary.unlocked ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  来源：{c.source}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {!summary.unlocked && summary.total > 0 ? (
        <Space size={4} className="ent-contacts-hint">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {signedIn
              ? '解锁后可查看完整号码与联系人，同一企业团队内只扣一次额度'
              : '登录后可解锁完整联系方式'}
          </Typography.Text>
        </Space>
      ) : null}
    </section>
  );
}
