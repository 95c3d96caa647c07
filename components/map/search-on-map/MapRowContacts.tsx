'use client';

import { Button, Popover, Space, Tag, Typography } from 'antd';
import { useUnlock } from '@/components/enterprise/actions/useUnlock';
import { CONTACT_TYPE_LABEL } from '@/lib/shared/enterprise/format';

/**
 * The contacts cell of a 地图找客 row: the count and 解锁 (the same flow and quota as the search
 * results: once per company and tenant, 解锁额度不足 when none is left); once unlocked, the
 * numbers in a popover, so the list keeps its height and the map stays in view.
 */
export function MapRowContacts({
  entId,
  name,
  phoneCount,
  emailCount,
}: {
  entId: number;
  name: string;
  phoneCount: number;
  emailCount: number;
}) {
  const { contacts, busy, unlock } = useUnlock({ entId, signedIn: true, unlocked: false });
  if (phoneCount + emailCount === 0)
    return <Typography.Text type="secondary">暂无</Typography.Text>;
  if (!contacts?.unlocked)
    return (
      <Button
        size="small"
        loading={busy}
        onClick={() => void unlock()}
        aria-label={`解锁 ${phoneCount} 个电话：${name}`}
      >
        解锁 {phoneCount} 个电话
      </Button>
    );
  return (
    <Popover
      trigger="click"
      title={`${name} 的联系方式`}
      content={
        <ul className="map-row-contacts" data-testid="map-row-contacts">
          {contacts.list.map((c) => (
            <li key={c.id}>
              <Space size={4}>
                <Tag>{CONTACT_TYPE_LABEL[c.type]}</Tag>
                <Typography.Text copyable>{c.value}</Typography.Text>
                {c.personName ? (
                  <Typography.Text type="secondary">{c.personName}</Typography.Text>
                ) : null}
              </Space>
            </li>
          ))}
        </ul>
      }
    >
      <Button size="small" type="link" style={{ padding: 0 }}>
        <Tag color="green">已解锁</Tag>查看 {contacts.total} 个
      </Button>
    </Popover>
  );
}
