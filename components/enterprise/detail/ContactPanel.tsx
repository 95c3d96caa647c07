'use client';

import { useEffect, useState } from 'react';
import { App, Button, Space, Tag, Typography } from 'antd';
import { LockOutlined, MailOutlined, PhoneOutlined, UnlockOutlined } from '@ant-design/icons';
import type { ContactItem, ContactSummary } from '@/lib/shared/enterprise/types';
import { ApiClientError } from '@/lib/client/request';
import { enterpriseApi, goToLogin } from '../actions/enterprise-api';

const TYPE_LABEL: Record<ContactItem['type'], string> = {
  phone: '固话',
  mobile: '手机',
  email: '邮箱',
};

/**
 * 联系方式 block of the company header: counts and masked values for everyone; 解锁 spends one
 * unit of the tenant's quota (once per company) and shows the real values without a reload.
 * Quota errors (1004011000/1) are left to the global listener, which opens 解锁额度不足.
 */
export function ContactPanel({
  initial,
  signedIn,
}: {
  initial: ContactSummary;
  signedIn: boolean;
}) {
  const { message } = App.useApp();
  const [summary, setSummary] = useState(initial);
  const [busy, setBusy] = useState(false);

  // The server renders masked data when the access token had expired; the BFF can refresh it.
  useEffect(() => {
    if (!signedIn || initial.unlocked) return;
    let cancelled = false;
    enterpriseApi
      .contacts(initial.entId)
      .then((s) => {
        if (!cancelled && s.unlocked) setSummary(s);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [signedIn, initial.entId, initial.unlocked]);

  const phones = summary.phoneCount + summary.mobileCount;

  async function unlock() {
    if (!signedIn) {
      goToLogin();
      return;
    }
    setBusy(true);
    try {
      const result = await enterpriseApi.unlock(summary.entId);
      setSummary(result.contacts);
      message.success(
        result.charged
          ? `解锁成功，剩余解锁额度 ${result.credit.remaining}`
          : '该企业已解锁，未重复扣除额度',
      );
    } catch (err) {
      if (!(err instanceof ApiClientError)) message.error('解锁失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

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
            onClick={unlock}
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
