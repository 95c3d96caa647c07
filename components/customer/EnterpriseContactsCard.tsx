'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Skeleton, Tag } from 'antd';
import { call, contractKey } from '@/lib/client/request';
import { getWywContact } from '@/lib/shared/enterprise/enterprise.endpoints';
import { CollectContactsButton } from '@/components/wyw/CollectContactsButton';
import { CONTACT_TYPE_LABEL } from '@/lib/shared/enterprise/format';

/**
 * The linked company's contacts on the customer page (masked until the tenant unlocks the
 * company on its page) with 挖一挖 to collect them again (spec 7.3).
 */
export function EnterpriseContactsCard({ entId }: { entId: number }) {
  const client = useQueryClient();
  const key = contractKey(getWywContact, { query: { entId } });
  const contacts = useQuery({
    queryKey: key,
    queryFn: () => call(getWywContact, { query: { entId } }, { silent: true }),
  });
  const data = contacts.data;
  return (
    <section className="ent-card" aria-labelledby="cust-ent-contacts">
      <div className="cust-section-head">
        <h2 id="cust-ent-contacts" className="cust-section-title">
          企业联系方式
        </h2>
        <CollectContactsButton
          entId={entId}
          onCollected={() => client.invalidateQueries({ queryKey: key })}
        />
      </div>
      {contacts.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : !data || data.list.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="暂无企业联系方式，可点挖一挖采集"
        />
      ) : (
        <>
          {data.unlocked ? null : (
            <div className="cust-muted">未解锁，已脱敏显示；在企业详情页解锁后可见完整号码</div>
          )}
          <ul className="cust-contacts" aria-label="企业联系方式">
            {data.list.map((k) => (
              <li key={k.id}>
                <Tag>{CONTACT_TYPE_LABEL[k.type]}</Tag>
                <span>{k.value}</span>
                {k.personName ? <span className="cust-muted"> {k.personName}</span> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
