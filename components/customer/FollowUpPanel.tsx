'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Spin, Tag, Timeline } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import {
  createCustomerFollowUp,
  getCustomer,
  listCustomerFollowUps,
} from '@/lib/shared/customer/customer.endpoints';
import { FollowUpEntry, FollowUpForm, type NewFollowUp } from '@/components/crm/FollowUp';
import { CUSTOMER_PAGE_KEY, dateTime } from './shared';

const FOLLOW_PAGE = 50;

/**
 * 跟进记录 of a customer: the form to add one and the timeline, which also holds the follow-ups
 * of the lead it was converted from (marked 线索阶段).
 */
export function FollowUpPanel({ customerId, canAdd }: { customerId: number; canAdd: boolean }) {
  const client = useQueryClient();
  const query = { customerId, pageNo: 1, pageSize: FOLLOW_PAGE };
  const follows = useQuery({
    queryKey: contractKey(listCustomerFollowUps, { query }),
    queryFn: () => call(listCustomerFollowUps, { query }, { silent: true }),
    retry: 0,
  });

  const add = async (v: NewFollowUp) => {
    await call(createCustomerFollowUp, { body: { customerId, ...v } }, { silent: true });
    await Promise.all([
      client.invalidateQueries({ queryKey: contractKey(listCustomerFollowUps) }),
      client.invalidateQueries({ queryKey: contractKey(getCustomer) }),
      client.invalidateQueries({ queryKey: CUSTOMER_PAGE_KEY }),
    ]);
  };

  const list = follows.data?.list ?? [];
  return (
    <div className="cust-follow">
      {canAdd ? <FollowUpForm save={add} /> : null}
      {follows.isLoading ? (
        <Spin size="small" />
      ) : list.length ? (
        <Timeline
          className="cust-timeline"
          items={list.map((f) => ({
            key: `${f.customerId ? 'c' : 'l'}-${f.id}`,
            color: f.customerId ? 'blue' : 'gray',
            content: (
              <FollowUpEntry
                channel={f.channel}
                channelColor={f.customerId ? 'blue' : 'default'}
                userName={f.userName}
                time={dateTime(f.createTime)}
                content={f.content}
                nextFollowTime={f.nextFollowTime ? dateTime(f.nextFollowTime) : null}
                mutedClassName="cust-muted"
                badge={f.customerId ? null : <Tag className="cust-clue-tag">线索阶段</Tag>}
              />
            ),
          }))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无跟进记录" />
      )}
      {follows.data && follows.data.total > list.length ? (
        <div className="cust-muted">
          仅显示最近 {FOLLOW_PAGE} 条，共 {follows.data.total} 条
        </div>
      ) : null}
    </div>
  );
}
