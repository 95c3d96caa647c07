'use client';

import { FilterSelect } from '@/components/crm/FilterSelect';
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import { FilterSearch, PagedTable, usePaging } from '@/components/crm/paged-list';
import { FormModal } from '@/components/crm/FormModal';
import {
  getConsoleTenantPage,
  grantTenantQuota,
  updateTenantStatus,
} from '@/lib/shared/console/console.endpoints';
import { updateTenant } from '@/lib/shared/tenant/tenant.endpoints';
import { CONSOLE_PERMISSIONS, type ConsoleTenant } from '@/lib/shared/console/console.contract';
import { EDITIONS } from '@/lib/shared/vip/editions';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_KEY = contractKey(getConsoleTenantPage);
const EDITION_OPTIONS = EDITIONS.map((e) => ({ label: e.name, value: e.id }));
const EDITION_COLORS = ['default', 'blue', 'green', 'gold', 'red'];
const DAY = 86_400_000;

type Dialog =
  | { kind: 'edit'; tenant: ConsoleTenant }
  | { kind: 'quota'; tenant: ConsoleTenant }
  | { kind: 'status'; tenant: ConsoleTenant }
  | null;

/** 租户管理: every tenant with its edition, expiry, quota, members and status. */
export function TenantConsole() {
  const client = useQueryClient();
  const canUpdate = usePermission(CONSOLE_PERMISSIONS.tenantUpdate);
  const canDisable = usePermission(CONSOLE_PERMISSIONS.tenantDisable);
  const canQuota = usePermission(CONSOLE_PERMISSIONS.tenantQuota);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const [edition, setEdition] = useState<number | undefined>();
  const [expiringDays, setExpiringDays] = useState<number | undefined>();
  const paging = usePaging(10);
  const { filter } = paging;
  const [dialog, setDialog] = useState<Dialog>(null);

  const query = {
    pageNo: paging.pageNo,
    pageSize: paging.pageSize,
    keyword: keyword || undefined,
    status,
    edition,
    expiringDays,
  };
  const page = useQuery({
    queryKey: [...PAGE_KEY, query],
    queryFn: () => call(getConsoleTenantPage, { query }, { silent: true }),
    placeholderData: keepPreviousData,
    retry: 0,
  });
  const refresh = () => client.invalidateQueries({ queryKey: PAGE_KEY });

  const columns: ColumnsType<ConsoleTenant> = [
    {
      title: '租户',
      dataIndex: 'name',
      render: (v: string, t) => (
        <div className="console-cell">
          <span>
            {v}
            {t.platform && <Tag className="console-tag">平台</Tag>}
          </span>
          <span className="console-sub">
            编号 {t.id}
            {t.uncid ? ` · ${t.uncid}` : ''}
          </span>
        </div>
      ),
    },
    {
      title: '版本',
      dataIndex: 'edition',
      width: 96,
      render: (v: number, t) => <Tag color={EDITION_COLORS[v]}>{t.editionName}</Tag>,
    },
    {
      title: '到期',
      dataIndex: 'expireTime',
      width: 120,
      render: (v: number | null, t) => {
        if (t.edition === 0 && !v) return <span className="ent-muted">—</span>;
        if (!v) return '长期';
        const left = v - Date.now();
        return (
          <span className={left < 30 * DAY ? 'console-warn' : undefined}>
            {dayjs(v).format('YYYY-MM-DD')}
            {left <= 0 ? '（已到期）' : left < 30 * DAY ? `（${Math.ceil(left / DAY)} 天）` : ''}
          </span>
        );
      },
    },
    {
      title: '解锁额度',
      key: 'quota',
      width: 150,
      render: (_v, t) => (
        <div className="console-cell">
          <span>剩余 {t.unlockRemaining}</span>
          <span className="console-sub">
            本月 {t.unlockUsedThisMonth}/{t.monthlyUnlockQuota}
            {t.grantRemaining > 0 ? ` · 赠送余 ${t.grantRemaining}` : ''}
          </span>
        </div>
      ),
    },
    {
      title: '成员',
      key: 'members',
      width: 96,
      render: (_v, t) => (
        <Tooltip title={t.memberLimitByPlatform ? '成员上限由平台设定' : '成员上限随版本'}>
          <span>
            {t.memberCount} / {t.memberLimit}
          </span>
        </Tooltip>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 120,
      render: (v: number, t) =>
        v === 0 ? (
          <Tag color="green">正常</Tag>
        ) : (
          <div className="console-cell">
            <span>
              <Tag color="red">已停用</Tag>
            </span>
            {t.disabledReason && <span className="console-sub">原因：{t.disabledReason}</span>}
          </div>
        ),
    },
  ];
  if (canUpdate || canDisable || canQuota)
    columns.push({
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_v, t) => (
        <Space size={0} wrap>
          {canUpdate && (
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', tenant: t })}>
              修改
            </Button>
          )}
          {canQuota && (
            <Button
              type="link"
              size="small"
              onClick={() => setDialog({ kind: 'quota', tenant: t })}
            >
              赠送额度
            </Button>
          )}
          {canDisable && !t.platform && (
            <Button
              type="link"
              size="small"
              danger={t.status === 0}
              onClick={() => setDialog({ kind: 'status', tenant: t })}
            >
              {t.status === 0 ? '停用' : '启用'}
            </Button>
          )}
        </Space>
      ),
    });

  return (
    <div className="console-page">
      <div className="console-head">
        <h1 className="ent-page-title">租户管理</h1>
        <span className="console-hint">停用租户会让其全部成员立即下线且无法登录，需填写原因</span>
      </div>
      <div className="console-toolbar">
        <FilterSearch
          placeholder="租户名称、信用代码或编号"
          label="搜索租户"
          width={260}
          onSearch={filter(setKeyword)}
        />
        <FilterSelect
          placeholder="全部状态"
          label="按状态筛选"
          width={120}
          value={status}
          onChange={filter(setStatus)}
          options={[
            { label: '正常', value: 0 },
            { label: '已停用', value: 1 },
          ]}
        />
        <FilterSelect
          placeholder="全部版本"
          label="按版本筛选"
          width={120}
          value={edition}
          onChange={filter(setEdition)}
          options={EDITION_OPTIONS}
        />
        <FilterSelect
          placeholder="到期时间"
          label="按到期筛选"
          width={140}
          value={expiringDays}
          onChange={filter(setExpiringDays)}
          options={[
            { label: '已到期', value: 0 },
            { label: '7 天内到期', value: 7 },
            { label: '30 天内到期', value: 30 },
            { label: '90 天内到期', value: 90 },
          ]}
        />
      </div>
      <PagedTable<ConsoleTenant>
        page={page}
        paging={paging}
        columns={columns}
        size="middle"
        scrollX={980}
        unit="个租户"
        errorTitle="租户加载失败"
      />
      {dialog?.kind === 'edit' && (
        <EditTenantModal tenant={dialog.tenant} onClose={() => setDialog(null)} onDone={refresh} />
      )}
      {dialog?.kind === 'quota' && (
        <QuotaModal tenant={dialog.tenant} onClose={() => setDialog(null)} onDone={refresh} />
      )}
      {dialog?.kind === 'status' && (
        <StatusModal tenant={dialog.tenant} onClose={() => setDialog(null)} onDone={refresh} />
      )}
    </div>
  );
}

type ModalProps = { tenant: ConsoleTenant; onClose: () => void; onDone: () => unknown };

type EditValues = { edition: number; expireDate: Dayjs | null; memberLimit: number | null };

/** 修改: edition, expiry and member seats (a blank seat limit goes back to the edition's). */
function EditTenantModal({ tenant, onClose, onDone }: ModalProps) {
  const [form] = Form.useForm<EditValues>();
  const save = useSaved(onClose, onDone);
  return (
    <FormModal<EditValues>
      open
      form={form}
      title={`修改租户：${tenant.name}`}
      failText="保存失败"
      onClose={onClose}
      onSave={(v) =>
        save(
          call(
            updateTenant,
            {
              body: {
                id: tenant.id,
                edition: v.edition,
                expireTime: v.expireDate ? v.expireDate.endOf('day').valueOf() : null,
                memberLimit: v.memberLimit ?? null,
              },
            },
            { silent: true },
          ),
          () => '已保存',
        )
      }
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        initialValues={{
          edition: tenant.edition,
          expireDate: tenant.expireTime ? dayjs(tenant.expireTime) : null,
          memberLimit: tenant.memberLimitByPlatform ? tenant.memberLimit : null,
        }}
      >
        <Form.Item name="edition" label="版本" rules={[{ required: true, message: '请选择版本' }]}>
          <Select options={EDITION_OPTIONS} aria-label="版本" />
        </Form.Item>
        <Form.Item name="expireDate" label="到期日期" extra="留空表示长期有效">
          <DatePicker style={{ width: '100%' }} aria-label="到期日期" />
        </Form.Item>
        <Form.Item
          name="memberLimit"
          label="成员上限"
          extra={`留空则随版本；当前 ${tenant.memberCount} 名成员`}
        >
          <InputNumber min={1} max={10000} style={{ width: '100%' }} aria-label="成员上限" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

type QuotaValues = { amount: number; days: number | null; reason: string };

/** 赠送额度: unlock credits beyond the edition's monthly allowance, with a reason. */
function QuotaModal({ tenant, onClose, onDone }: ModalProps) {
  const [form] = Form.useForm<QuotaValues>();
  const save = useSaved(onClose, onDone);
  return (
    <FormModal<QuotaValues>
      open
      form={form}
      title={`赠送解锁额度：${tenant.name}`}
      okText="赠送"
      failText="赠送失败"
      onClose={onClose}
      onSave={(v) =>
        save(
          call(
            grantTenantQuota,
            {
              body: {
                tenantId: tenant.id,
                amount: v.amount,
                days: v.days ?? null,
                reason: v.reason,
              },
            },
            { silent: true },
          ),
          () => `已赠送 ${v.amount} 次解锁额度`,
        )
      }
    >
      <Form<QuotaValues> form={form} layout="vertical" initialValues={{ days: 365 }}>
        <Form.Item
          name="amount"
          label="次数"
          rules={[{ required: true, message: '请填写赠送次数' }]}
        >
          <InputNumber min={1} max={100000} style={{ width: '100%' }} aria-label="赠送次数" />
        </Form.Item>
        <Form.Item name="days" label="有效天数" extra="留空表示不过期">
          <InputNumber min={1} max={3650} style={{ width: '100%' }} aria-label="有效天数" />
        </Form.Item>
        <ReasonField />
      </Form>
    </FormModal>
  );
}

/** After a dialog's call succeeded: say so, close, then reload the list. */
function useSaved(onClose: () => void, onDone: () => unknown) {
  const { message } = useFeedback();
  return async <R,>(saving: Promise<R>, said: (result: R) => string) => {
    const result = await saving;
    message.success(said(result));
    onClose();
    await onDone();
  };
}

function ReasonField({ label = '原因' }: { label?: string }) {
  return (
    <Form.Item
      name="reason"
      label={label}
      rules={[
        { required: true, whitespace: true, message: '请填写原因' },
        { min: 2, message: '原因至少 2 个字' },
        { max: 200, message: '原因不能超过 200 个字' },
      ]}
    >
      <Input.TextArea
        rows={3}
        maxLength={200}
        showCount
        placeholder="将记入审计日志"
        aria-label={label}
      />
    </Form.Item>
  );
}

/** 停用 / 启用 with a required reason; disabling signs every member out at once. */
function StatusModal({ tenant, onClose, onDone }: ModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const save = useSaved(onClose, onDone);
  const disabling = tenant.status === 0;
  return (
    <FormModal<{ reason: string }>
      open
      form={form}
      title={`${disabling ? '停用' : '启用'}租户：${tenant.name}`}
      okText={disabling ? '停用' : '启用'}
      danger={disabling}
      failText={disabling ? '停用失败' : '启用失败'}
      onClose={onClose}
      onSave={(v) =>
        save(
          call(
            updateTenantStatus,
            { body: { id: tenant.id, status: disabling ? 1 : 0, reason: v.reason.trim() } },
            { silent: true },
          ),
          (r) =>
            disabling ? `已停用，${r.signedOut} 个登录会话已下线` : '已启用，成员可以重新登录',
        )
      }
    >
      <p className="console-hint">
        {disabling
          ? `停用后该租户的 ${tenant.memberCount} 名成员立即下线，且在启用前无法登录。`
          : '启用后该租户的成员可以重新登录。'}
      </p>
      <Form form={form} layout="vertical">
        <ReasonField label={disabling ? '停用原因' : '启用原因'} />
      </Form>
    </FormModal>
  );
}
