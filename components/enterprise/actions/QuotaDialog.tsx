'use client';

import { App, Descriptions, Table, Typography } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { ApiClientError, call } from '@/lib/client/request';
import { ERRORS, findError } from '@/lib/shared/api/error-codes';
import { EDITIONS } from '@/lib/shared/vip/editions';
import { getCompanyVipInfo } from '@/lib/shared/vip/vip.contract';
import { goToLogin } from '@/lib/client/session';

type ModalApi = useAppProps['modal'];
type MessageApi = useAppProps['message'];

// One dialog at a time, however many listeners and buttons report the same failure.
let open = false;

export function isQuotaError(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && findError(err.code)?.reaction === 'quotaDialog';
}

/**
 * 前往 of 解锁额度不足: the member centre is not built yet, so it shows what it would sell — the
 * editions with their quotas and prices, the tenant's current edition and remaining credit, and
 * how to upgrade.
 */
async function showEditions(modal: ModalApi): Promise<void> {
  const vip = await call(getCompanyVipInfo, undefined, { silent: true }).catch(() => null);
  modal.info({
    title: '会员版本与解锁额度',
    width: 640,
    okText: '知道了',
    content: (
      <div data-testid="edition-info">
        {vip ? (
          <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="当前版本">{vip.editionName}</Descriptions.Item>
            <Descriptions.Item label="剩余解锁额度">{vip.credit.remaining}</Descriptions.Item>
            <Descriptions.Item label="本月已用">{vip.credit.usedThisMonth}</Descriptions.Item>
            <Descriptions.Item label="每月额度">{vip.credit.monthlyQuota}</Descriptions.Item>
          </Descriptions>
        ) : null}
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={EDITIONS.map((e) => ({ ...e }))}
          columns={[
            { title: '版本', dataIndex: 'name' },
            { title: '每月解锁', dataIndex: 'monthlyUnlockQuota' },
            { title: '可查看结果', dataIndex: 'maxSearchResults' },
            { title: '单次导出', dataIndex: 'maxExportRows' },
            {
              title: '价格',
              dataIndex: 'priceYuanPerYear',
              render: (v: number) => (v ? `¥${v.toLocaleString('zh-CN')}/年` : '免费'),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          升级会员或邀请好友加入可获得更多解锁额度。开通请联系客服（在线时间 8:30-17:30）。
        </Typography.Paragraph>
      </div>
    ),
  });
}

/** Spec 8: 1004011000 / 1004011001 → confirm dialog 解锁额度不足 with 前往. */
export function openQuotaDialog(modal: ModalApi, err?: ApiClientError): void {
  if (open) return;
  open = true;
  const text =
    err?.code === ERRORS.UNLOCK_NOT_IN_EDITION.code
      ? '当前版本不含联系方式解锁，升级会员后即可解锁企业联系方式。'
      : '本企业的解锁额度已用完，升级会员可获得更多解锁额度。';
  modal.confirm({
    title: '解锁额度不足',
    content: text,
    okText: '前往',
    cancelText: '取消',
    onOk: () => showEditions(modal),
    afterClose: () => {
      open = false;
    },
  });
}

/**
 * What a row action does with a failure: quota codes open the dialog, a lost session goes to
 * login, everything else is a message. Calls pass `silent` so nothing else reacts as well.
 */
export function handleActionError(
  err: unknown,
  { modal, message }: { modal: ModalApi; message: MessageApi },
): void {
  if (isQuotaError(err)) return openQuotaDialog(modal, err);
  if (err instanceof ApiClientError && err.code === ERRORS.UNAUTHORIZED.code) return goToLogin();
  if (err instanceof ApiClientError) {
    message.error(err.message);
    return;
  }
  if ((err as Error)?.name !== 'AbortError') message.error('操作失败，请稍后重试');
}

/** The hook form of handleActionError for components under antd's <App>. */
export function useActionError(): (err: unknown) => void {
  const { modal, message } = App.useApp();
  return (err) => handleActionError(err, { modal, message });
}
