'use client';

import { useState, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Table, Tabs, Tag } from 'antd';
import { CheckOutlined, CrownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { useSession } from '@/lib/client/session';
import { getVipList, getVipOrderPage } from '@/lib/shared/trade/trade.endpoints';
import {
  claimReward,
  getCompanyRewardInfo,
  getCompanyVipInfo,
  getPayVipPermission,
} from '@/lib/shared/vip/vip.endpoints';
import { getSuperAdminUsers } from '@/lib/shared/user/user.endpoints';
import type { OrderView, QrStatus, VipEdition, VipPlan } from '@/lib/shared/trade/trade.contract';
import { getEdition } from '@/lib/shared/vip/editions';
import { AskAdminButton } from './AskAdminButton';
import { CashPanel } from './CashPanel';
import { formatTerm, formatYuan } from './format-money';
import './member-center.css';
import { useFeedback } from '@/lib/client/feedback';

const STATUS_LABEL: Record<QrStatus, { text: string; color: string }> = {
  pending: { text: '待支付', color: 'gold' },
  paid: { text: '已支付', color: 'green' },
  expired: { text: '已过期', color: 'default' },
  closed: { text: '已关闭', color: 'default' },
  refunded: { text: '已退款', color: 'purple' },
};

function CurrentEdition() {
  const vip = useQuery({
    queryKey: contractKey(getCompanyVipInfo),
    queryFn: () => call(getCompanyVipInfo, {}, { silent: true }),
  });
  if (vip.isPending) return <Skeleton active title={false} paragraph={{ rows: 1 }} />;
  if (!vip.data) return null;
  const v = vip.data;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} className="vip-current">
      <Descriptions.Item label="当前版本">
        <Tag color={v.isVip ? 'gold' : 'default'} icon={v.isVip ? <CrownOutlined /> : null}>
          {v.editionName}
        </Tag>
      </Descriptions.Item>
      <Descriptions.Item label="有效期至">
        {v.expireTime ? dayjs(v.expireTime).format('YYYY-MM-DD') : '-'}
        {v.expired ? <Tag color="red">已到期</Tag> : null}
      </Descriptions.Item>
      <Descriptions.Item label="剩余解锁额度">{v.credit.remaining}</Descriptions.Item>
      <Descriptions.Item label="本月已用">
        {v.credit.usedThisMonth} / {v.credit.monthlyQuota}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** Who may buy: administrators; others see whom to ask. */
function usePayPermission() {
  const allowed = useQuery({
    queryKey: contractKey(getPayVipPermission),
    queryFn: () => call(getPayVipPermission, {}, { silent: true }),
  });
  const admins = useQuery({
    queryKey: contractKey(getSuperAdminUsers),
    queryFn: () => call(getSuperAdminUsers, {}, { silent: true }),
    enabled: allowed.data === false,
  });
  return { allowed: allowed.data === true, checked: !allowed.isPending, admins: admins.data ?? [] };
}

function EditionCard({
  edition,
  current,
  canBuy,
  askAdmin,
  onBuy,
}: {
  edition: VipEdition;
  current: number | null;
  canBuy: boolean;
  /** The member may not buy (known, not still loading): 申请升级 instead of 立即开通. */
  askAdmin: boolean;
  onBuy: (plan: VipPlan) => void;
}) {
  const isCurrent = current === edition.edition;
  const lower = current !== null && edition.edition < current;
  return (
    <Card
      size="small"
      className={isCurrent ? 'vip-edition vip-edition-current' : 'vip-edition'}
      title={edition.name}
      extra={isCurrent ? <Tag color="blue">当前版本</Tag> : null}
      data-testid={`vip-edition-${edition.edition}`}
    >
      <ul className="vip-privileges">
        <li>
          <CheckOutlined /> 每月解锁 <strong>{edition.monthlyUnlockQuota}</strong> 家企业联系方式
        </li>
        <li>
          <CheckOutlined /> 查询结果最多 {edition.maxSearchResults.toLocaleString('zh-CN')} 条
        </li>
        <li>
          <CheckOutlined />{' '}
          {edition.maxExportRows > 0
            ? `导出最多 ${edition.maxExportRows.toLocaleString('zh-CN')} 条`
            : '不含导出'}
        </li>
        <li>
          <CheckOutlined /> 每月生成{' '}
          <strong>{getEdition(edition.edition).monthlyReportQuota}</strong> 份企业报告
        </li>
      </ul>
      {edition.plans.length === 0 ? (
        <p className="ent-muted">免费使用</p>
      ) : (
        edition.plans.map((plan) => (
          <div key={plan.productId} className="vip-plan">
            <span className="vip-price">
              {formatYuan(plan.priceFen)}
              <small> / {formatTerm(plan.durationDays)}</small>
            </span>
            {!askAdmin || lower ? (
              <Button
                type={isCurrent ? 'default' : 'primary'}
                disabled={!canBuy || lower}
                title={lower ? '当前版本更高，无需开通' : undefined}
                onClick={() => onBuy(plan)}
              >
                {isCurrent ? '续费' : '立即开通'}
              </Button>
            ) : (
              // Issue 28 item 7: a member who may not buy asks the administrators instead.
              <AskAdminButton
                edition={edition.edition}
                label={isCurrent ? '申请续费' : '申请升级'}
                type={isCurrent ? 'default' : 'primary'}
              />
            )}
          </div>
        ))
      )}
    </Card>
  );
}

function BuyTab() {
  const list = useQuery({
    queryKey: contractKey(getVipList),
    queryFn: () => call(getVipList, {}, { silent: true }),
  });
  const vip = useQuery({
    queryKey: contractKey(getCompanyVipInfo),
    queryFn: () => call(getCompanyVipInfo, {}, { silent: true }),
  });
  const permission = usePayPermission();
  const [buying, setBuying] = useState<{ plan: VipPlan; editionName: string } | null>(null);

  if (buying)
    return (
      <CashPanel
        plan={buying.plan}
        editionName={buying.editionName}
        onBack={() => setBuying(null)}
      />
    );
  if (list.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="会员版本加载失败"
        action={<Button onClick={() => void list.refetch()}>重试</Button>}
      />
    );
  const current = vip.data ? (vip.data.expired ? 0 : vip.data.edition) : null;
  return (
    <>
      {permission.checked && !permission.allowed ? (
        <Alert
          type="info"
          showIcon
          className="vip-admin-note"
          message="仅企业管理员可以开通会员"
          description={
            <>
              <div>
                {permission.admins.length
                  ? `管理员：${permission.admins.map((a) => `${a.nickname}（${a.mobile}）`).join('、')}。`
                  : ''}
                点「通知管理员」，管理员会在消息中心收到您的申请；也可在下方版本中点「申请升级」指明想要的版本。
              </div>
              <div className="vip-ask">
                <AskAdminButton />
              </div>
            </>
          }
        />
      ) : null}
      <div className="vip-editions">
        {list.data
          .filter((e) => e.edition > 0)
          .map((e) => (
            <EditionCard
              key={e.edition}
              edition={e}
              current={current}
              canBuy={permission.allowed}
              askAdmin={permission.checked && !permission.allowed}
              onBuy={(plan) => setBuying({ plan, editionName: e.name })}
            />
          ))}
      </div>
    </>
  );
}

function OrdersTab() {
  const [pageNo, setPageNo] = useState(1);
  const orders = useQuery({
    queryKey: contractKey(getVipOrderPage, { query: { pageNo, pageSize: 10 } }),
    queryFn: () => call(getVipOrderPage, { query: { pageNo, pageSize: 10 } }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  if (orders.isError)
    return (
      <Empty description="仅企业管理员可以查看会员订单" image={Empty.PRESENTED_IMAGE_SIMPLE} />
    );
  return (
    <Table<OrderView>
      rowKey="id"
      size="small"
      loading={orders.isPending}
      dataSource={orders.data?.list ?? []}
      locale={{ emptyText: '暂无订单' }}
      scroll={{ x: 640 }}
      pagination={{
        current: pageNo,
        pageSize: 10,
        total: orders.data?.total ?? 0,
        onChange: setPageNo,
        showSizeChanger: false,
      }}
      columns={[
        { title: '订单号', dataIndex: 'orderNo', width: 190 },
        { title: '内容', dataIndex: 'subject' },
        {
          title: '金额',
          dataIndex: 'amountFen',
          width: 100,
          render: (v: number) => formatYuan(v),
        },
        {
          title: '状态',
          dataIndex: 'status',
          width: 90,
          render: (s: QrStatus) => <Tag color={STATUS_LABEL[s].color}>{STATUS_LABEL[s].text}</Tag>,
        },
        {
          title: '下单时间',
          dataIndex: 'createTime',
          width: 150,
          render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm'),
        },
        {
          title: '支付时间',
          dataIndex: 'payTime',
          width: 150,
          render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-'),
        },
      ]}
    />
  );
}

function RewardsTab() {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const reward = useQuery({
    queryKey: contractKey(getCompanyRewardInfo),
    queryFn: () => call(getCompanyRewardInfo, {}, { silent: true }),
  });
  const [claiming, setClaiming] = useState(false);
  async function claim() {
    setClaiming(true);
    try {
      const { granted } = await call(claimReward, {});
      void message.success(granted > 0 ? `已领取 ${granted} 个解锁额度` : '暂无可领取的奖励');
      for (const c of [getCompanyRewardInfo, getCompanyVipInfo])
        void queryClient.invalidateQueries({ queryKey: contractKey(c) });
    } finally {
      setClaiming(false);
    }
  }
  if (reward.isPending) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (!reward.data)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无奖励信息" />;
  const r = reward.data;
  return (
    <div>
      <p>每邀请一位用户加入本企业，奖励 {r.rewardPerInvite} 个解锁额度。</p>
      <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
        <Descriptions.Item label="已邀请">{r.invitedCount} 人</Descriptions.Item>
        <Descriptions.Item label="待领取">{r.pendingReward} 个额度</Descriptions.Item>
        <Descriptions.Item label="已领取">{r.claimedReward} 个额度</Descriptions.Item>
      </Descriptions>
      <Button
        type="primary"
        disabled={r.pendingReward === 0}
        loading={claiming}
        onClick={() => void claim()}
      >
        领取奖励
      </Button>
    </div>
  );
}

const MEMBER_CENTER_TABS = ['buy', 'orders', 'rewards'] as const;

const noSubscription = () => () => undefined;

/** The tab named by ?tab= on /memberCenter (not in the cash modal elsewhere). */
function memberCenterTab(): string {
  if (typeof window === 'undefined' || window.location.pathname !== '/memberCenter') return 'buy';
  const tab = new URLSearchParams(window.location.search).get('tab');
  return tab && (MEMBER_CENTER_TABS as readonly string[]).includes(tab) ? tab : 'buy';
}

/**
 * 会员中心 (spec 2.4, 7.2): the tenant's edition and credit, the editions side by side with
 * their privileges and plans (buying opens the cash step), the order history and invitation
 * rewards. In the cash modal and on /memberCenter alike.
 */
export function MemberCenter() {
  const { status } = useSession();
  // /memberCenter?tab=orders (the payment message's link) opens 我的订单 (read after hydration).
  const urlTab = useSyncExternalStore(noSubscription, memberCenterTab, () => 'buy');
  const [picked, setPicked] = useState<string | null>(null);
  if (status !== 'signed-in') return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <div className="vip-center" data-testid="member-center">
      <CurrentEdition />
      <Tabs
        destroyOnHidden
        activeKey={picked ?? urlTab}
        onChange={setPicked}
        items={[
          { key: 'buy', label: '开通会员', children: <BuyTab /> },
          { key: 'orders', label: '我的订单', children: <OrdersTab /> },
          { key: 'rewards', label: '邀请奖励', children: <RewardsTab /> },
        ]}
      />
    </div>
  );
}
