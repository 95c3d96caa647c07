'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { CopyOutlined, GiftOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { INVITATION_VALID_DAYS } from '@/lib/shared/vip/editions';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import {
  getInvitationCode,
  getInvitationRecordPage,
  resetInvitationCode,
} from '@/lib/shared/invitation/invitation.endpoints';
import { claimReward, getCompanyRewardInfo } from '@/lib/shared/vip/vip.endpoints';
import {
  SHARE_LINK_TYPE,
  type InvitationRecordView,
} from '@/lib/shared/invitation/invitation.contract';
import { copyText } from './copy-text';
import './invitation.css';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;
const KEYS = {
  code: contractKey(getInvitationCode),
  reward: contractKey(getCompanyRewardInfo),
  records: contractKey(getInvitationRecordPage),
};

function errorCode(err: unknown): number | null {
  return err instanceof ApiClientError ? err.code : null;
}

/** 邀请企业用户 (spec 2.4): share link with copy and reset, reward, and the invitation records. */
export function InvitationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer title="邀请企业用户" open={open} onClose={onClose} size={600} destroyOnHidden>
      {open ? <InvitationPanel /> : null}
    </Drawer>
  );
}

function InvitationPanel() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [pageNo, setPageNo] = useState(1);
  const [busy, setBusy] = useState<'reset' | 'claim' | null>(null);
  const code = useQuery({
    queryKey: KEYS.code,
    queryFn: () => call(getInvitationCode, { query: { type: SHARE_LINK_TYPE } }, { silent: true }),
    retry: 0,
  });
  const reward = useQuery({
    queryKey: KEYS.reward,
    queryFn: () => call(getCompanyRewardInfo, {}, { silent: true }),
    retry: 0,
  });
  const records = useQuery({
    queryKey: [...KEYS.records, pageNo],
    queryFn: () =>
      call(getInvitationRecordPage, { query: { pageNo, pageSize: PAGE_SIZE } }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });

  const failure = errorCode(code.error);
  if (failure === 401) return <SignInRequired text="登录后可邀请企业用户加入" />;
  if (failure === 403 || failure === 1002000010) {
    return (
      <StatusNotice status="info" title="请先绑定企业" subTitle="绑定企业后即可邀请同事加入" />
    );
  }

  async function copy() {
    if (!code.data) return;
    const ok = await copyText(code.data.link);
    if (ok) message.success('链接复制成功');
    else message.error('链接复制失败');
  }

  async function reset() {
    setBusy('reset');
    try {
      client.setQueryData(
        KEYS.code,
        await call(
          resetInvitationCode,
          { body: { type: SHARE_LINK_TYPE, day: INVITATION_VALID_DAYS } },
          { silent: true },
        ),
      );
      message.success('重置成功');
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : '重置失败');
    } finally {
      setBusy(null);
    }
  }

  async function claim() {
    setBusy('claim');
    try {
      const { granted } = await call(claimReward, {}, { silent: true });
      message.success(`领取成功，获得 ${granted} 次解锁额度`);
      await client.invalidateQueries({ queryKey: KEYS.reward });
    } catch (err) {
      message.error(err instanceof Error && err.message ? err.message : '领取失败');
    } finally {
      setBusy(null);
    }
  }

  const r = reward.data;
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <section aria-label="邀请奖励" className="inv-reward">
        <GiftOutlined className="inv-reward-icon" />
        <div style={{ flex: 1 }}>
          <Typography.Text strong>
            每成功邀请 1 位用户，奖励 {r?.rewardPerInvite ?? '-'} 次免费解锁额度
          </Typography.Text>
          <div className="inv-reward-stats">
            <span>已邀请 {r?.invitedCount ?? 0} 人</span>
            <span>待领取 {r?.pendingReward ?? 0} 次</span>
            <span>已领取 {r?.claimedReward ?? 0} 次</span>
          </div>
        </div>
        <Button
          type="primary"
          disabled={!r || r.pendingReward <= 0}
          loading={busy === 'claim'}
          onClick={claim}
        >
          领取奖励
        </Button>
      </section>

      <section aria-label="邀请链接">
        <Typography.Title level={5}>邀请链接</Typography.Title>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={code.data?.link ?? ''} aria-label="邀请链接" />
          <Button type="primary" icon={<CopyOutlined />} onClick={copy} disabled={!code.data}>
            复制链接
          </Button>
        </Space.Compact>
        <div className="inv-link-meta">
          <Typography.Text type="secondary">
            {code.data
              ? `邀请码 ${code.data.code}，有效期 ${INVITATION_VALID_DAYS} 天，至 ${dayjs(code.data.expireTimestamp).format('YYYY-MM-DD')}`
              : '正在生成邀请链接…'}
          </Typography.Text>
          <Popconfirm
            title="重置邀请链接"
            description="重置后原链接将失效，确定重置吗？"
            okText="确定"
            cancelText="取消"
            onConfirm={reset}
          >
            <Button type="link" icon={<ReloadOutlined />} loading={busy === 'reset'}>
              重置链接
            </Button>
          </Popconfirm>
        </div>
      </section>

      <section aria-label="邀请记录">
        <Typography.Title level={5}>邀请记录</Typography.Title>
        <Table<InvitationRecordView>
          rowKey="id"
          size="small"
          loading={records.isFetching}
          dataSource={records.data?.list ?? []}
          columns={[
            { title: '受邀手机号', dataIndex: 'invitedMobile' },
            {
              title: '邀请时间',
              dataIndex: 'createTime',
              render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
            },
          ]}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPageNo,
            hideOnSinglePage: true,
          }}
          locale={{ emptyText: '暂无邀请记录' }}
        />
      </section>
    </Space>
  );
}
