'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import {
  addWeixinOptOut,
  deleteAddWeixinOptOut,
  getAddWeixinOptOutList,
} from '@/lib/shared/ai/outreach.endpoints';
import type { OptOutView } from '@/lib/shared/ai/outreach.contract';
import { PagedTable } from '@/components/crm/paged-list';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 20;

/**
 * 不再联系 (/ai/optOut, issue 33 item 5): the tenant's numbers no add-contact task contacts —
 * view (search by digits), add with a reason, remove. The server checks the permission.
 */
export function OptOutList() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const [form] = Form.useForm<{ mobile: string; reason?: string }>();
  const [pageNo, setPageNo] = useState(1);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const input = { query: { pageNo, pageSize: PAGE_SIZE, mobile: search || undefined } };
  const page = useQuery({
    queryKey: contractKey(getAddWeixinOptOutList, input),
    queryFn: () => call(getAddWeixinOptOutList, input, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const reload = () => client.invalidateQueries({ queryKey: contractKey(getAddWeixinOptOutList) });

  const add = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await call(
        addWeixinOptOut,
        { body: { mobile: v.mobile, reason: v.reason || undefined } },
        { silent: true },
      );
      message.success(`已加入不再联系：${v.mobile}`);
      form.resetFields();
      await reload();
    } catch (err) {
      message.error(err instanceof Error ? err.message : '添加失败');
    } finally {
      setSaving(false);
    }
  };
  const remove = async (mobile: string) => {
    try {
      await call(deleteAddWeixinOptOut, { body: { mobile } }, { silent: true });
      message.success(`已移出：${mobile}`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : '移出失败');
    }
    await reload();
  };

  const columns: ColumnsType<OptOutView> = [
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '原因', dataIndex: 'reason', width: 240, render: (v: string | null) => v || '-' },
    {
      title: '加入时间',
      key: 'time',
      width: 150,
      render: (_v, r) => dayjs(r.createTime).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_v, r) => (
        <Popconfirm
          title={`把 ${r.mobile} 移出不再联系？`}
          description="之后新建的加微任务可以再联系这个号码。"
          okText="移出"
          cancelText="取消"
          onConfirm={() => remove(r.mobile)}
        >
          <Button size="small" type="link" data-testid="opt-out-remove">
            移出
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <section className="ent-card" data-testid="opt-out-list">
      <h1 className="ent-page-title">不再联系</h1>
      <p className="ent-muted">
        名单中的手机号不会被本企业的任何加微任务联系（已在排队的任务也会跳过它们）。
      </p>
      <Form form={form} layout="inline" className="opt-out-form" onFinish={() => void add()}>
        <Form.Item
          name="mobile"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: /^1[3-9]\d{9}$/, message: '手机号格式不正确' },
          ]}
        >
          <Input maxLength={11} inputMode="numeric" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ max: 100, message: '原因最多 100 个字' }]}>
          <Input maxLength={100} placeholder="如：客户要求不再联系" style={{ width: 220 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            加入名单
          </Button>
        </Form.Item>
      </Form>
      <Space wrap style={{ margin: '12px 0' }}>
        <Input.Search
          allowClear
          placeholder="按号码查找"
          aria-label="按号码查找"
          inputMode="numeric"
          maxLength={11}
          style={{ width: 200 }}
          onSearch={(v) => {
            setSearch(v.replace(/\D/g, ''));
            setPageNo(1);
          }}
        />
      </Space>
      <PagedTable<OptOutView>
        page={page}
        paging={{ pageNo, pageSize: PAGE_SIZE, onPage: (no) => setPageNo(no) }}
        columns={columns}
        size="small"
        scrollX={600}
        rowKey="mobile"
        sizes={false}
        unit="个号码"
        errorTitle="加载失败"
        locale={{ emptyText: '名单为空' }}
      />
    </section>
  );
}
