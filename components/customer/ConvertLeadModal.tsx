'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Checkbox, Col, Form, Row, Select } from 'antd';
import Link from 'next/link';
import { call, contractKey } from '@/lib/client/request';
import { cluePage } from '@/lib/shared/clue/clue.endpoints';
import { convertFromClue } from '@/lib/shared/customer/customer.endpoints';
import type { ConvertResult } from '@/lib/shared/customer/customer.contract';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_TAGS_MAX,
  DEFAULT_CUSTOMER_LEVEL,
  type CustomerLevel,
} from '@/lib/shared/customer/customer.constants';
import { OpportunityFieldItems } from '@/components/opportunity/OpportunityFieldItems';
import {
  PIPELINE_KEY,
  FUNNEL_KEY,
  toOpportunityFields,
  useStages,
  type OpportunityFormValues,
} from '@/components/opportunity/shared';
import { FormModal } from '@/components/crm/FormModal';
import { FieldCols } from '@/components/crm/kit/FieldCols';
import { MemberSelect } from '@/components/crm/MemberSelect';
import { CUSTOMER_PAGE_KEY, customerDetailPath, useCustomerTags } from './shared';
import { useCodeGroup } from '@/components/code-group/use-code-group';
import { useFeedback } from '@/lib/client/feedback';

/** The lead being converted: from the lead drawer, or null to pick one here. */
export type ConvertLead = { id: number; name: string; followUserId?: number | null };

type Values = {
  clueId?: number;
  level?: CustomerLevel;
  tags?: string[];
  ownerUserId?: number;
  withOpportunity?: boolean;
  opportunity?: OpportunityFormValues;
};

/**
 * 转为客户 (issue 15): one call creates the customer from the lead (its company, contacts, owner,
 * source), optionally an opportunity, and marks the lead 已转化. A lead converted before answers
 * its existing customer. With `lead` null the user picks an open lead (客户列表 → 从线索转化).
 */
export function ConvertLeadModal({
  open,
  lead,
  onClose,
  onDone,
}: {
  open: boolean;
  lead: ConvertLead | null;
  onClose: () => void;
  onDone?: (result: ConvertResult) => void;
}) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const levels = useCodeGroup('customerLevel');
  const [leadKeyword, setLeadKeyword] = useState('');
  const withOpportunity = Form.useWatch('withOpportunity', form);
  const stages = useStages(open);
  const tags = useCustomerTags(open);
  const leadQuery = {
    pageNo: 1,
    pageSize: 20,
    status: [0, 1],
    keyword: leadKeyword || null,
    sortField: 'createTime' as const,
    sortOrder: 'desc' as const,
  };
  const leads = useQuery({
    queryKey: [...contractKey(cluePage), 'convert-picker', leadKeyword],
    queryFn: () => call(cluePage, { body: leadQuery }, { silent: true }),
    enabled: open && !lead,
    retry: 0,
  });

  async function save(v: Values) {
    const clueId = lead?.id ?? v.clueId;
    if (!clueId) return;
    const result = await call(
      convertFromClue,
      {
        body: {
          clueId,
          level: v.level,
          tags: (v.tags ?? []).map((t) => t.trim()).filter(Boolean),
          ownerUserId: v.ownerUserId ?? null,
          opportunity:
            v.withOpportunity && v.opportunity ? toOpportunityFields(v.opportunity) : null,
        },
      },
      { silent: true },
    );
    message.success(
      <span>
        {result.created ? '已转为客户' : '该线索已转化过，已有客户'}
        <Link href={customerDetailPath(result.customerId)} className="cust-message-link">
          查看客户
        </Link>
      </span>,
    );
    await Promise.all([
      client.invalidateQueries({ queryKey: contractKey(cluePage) }),
      client.invalidateQueries({ queryKey: CUSTOMER_PAGE_KEY }),
      client.invalidateQueries({ queryKey: PIPELINE_KEY }),
      client.invalidateQueries({ queryKey: FUNNEL_KEY }),
    ]);
    onDone?.(result);
  }

  return (
    <FormModal
      form={form}
      title={lead ? `转为客户：${lead.name}` : '从线索转化'}
      open={open}
      okText="转为客户"
      width={720}
      onClose={onClose}
      afterClose={() => setLeadKeyword('')}
      onSave={save}
    >
      <p className="cust-muted cust-convert-note">
        客户将带上线索的企业、联系人、跟进人与来源，线索标为「已转化」，其跟进记录在客户详情中可见。
      </p>
      <Form
        form={form}
        layout="vertical"
        className="cust-convert-form"
        initialValues={{
          level: DEFAULT_CUSTOMER_LEVEL,
          withOpportunity: false,
          opportunity: lead ? { name: `${lead.name}-商机` } : {},
        }}
      >
        <Row gutter={16}>
          {!lead && (
            <Col span={24}>
              <Form.Item
                name="clueId"
                label="线索"
                rules={[{ required: true, message: CUSTOMER_MESSAGES.clueRequired }]}
              >
                <Select<number>
                  showSearch={{
                    filterOption: false,
                    onSearch: (s) => setLeadKeyword(s.trim()),
                  }}
                  placeholder="搜索新线索或跟进中的线索"
                  aria-label="线索"
                  loading={leads.isFetching}
                  notFoundContent={leads.isFetching ? '加载中…' : '没有可转化的线索'}
                  options={(leads.data?.list ?? []).map((c) => ({ label: c.name, value: c.id }))}
                  onChange={(id) => {
                    const c = leads.data?.list.find((x) => x.id === id);
                    if (c && !form.getFieldValue(['opportunity', 'name']))
                      form.setFieldValue(['opportunity', 'name'], `${c.name}-商机`);
                  }}
                />
              </Form.Item>
            </Col>
          )}
          <FieldCols
            fields={[
              {
                name: 'level',
                label: '客户级别',
                span: 8,
                input: <Select aria-label="客户级别" options={levels.options()} />,
              },
              {
                name: 'ownerUserId',
                label: '负责人',
                span: 8,
                tooltip: '不选则为线索的跟进人',
                input: <MemberSelect placeholder="线索跟进人" />,
              },
              {
                name: 'tags',
                label: '标签',
                span: 8,
                rules: [
                  {
                    validator: async (_r, v: unknown) => {
                      if (Array.isArray(v) && v.length > CUSTOMER_TAGS_MAX)
                        throw new Error(CUSTOMER_MESSAGES.tooManyTags);
                    },
                  },
                ],
                input: (
                  <Select
                    mode="tags"
                    placeholder="回车添加"
                    tokenSeparators={[',', '，']}
                    options={(tags.data ?? []).map((t) => ({ label: t, value: t }))}
                  />
                ),
              },
            ]}
          />
        </Row>
        <Form.Item name="withOpportunity" valuePropName="checked">
          <Checkbox>同时创建商机</Checkbox>
        </Form.Item>
        {withOpportunity ? (
          <OpportunityFieldItems prefix={['opportunity']} stages={stages.data ?? []} />
        ) : null}
      </Form>
    </FormModal>
  );
}
