'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Space, Switch, Table, Tabs, Tag } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session';
import {
  createCodeValue,
  deleteCodeValue,
  sortCodeValues,
  updateCodeValue,
} from '@/lib/shared/code-group/code-group.endpoints';
import {
  CODE_GROUP_EDIT_PERMISSION,
  type CodeGroupView,
  type CodeValue,
} from '@/lib/shared/code-group/code-group.contract';
import type { CodeGroupKey } from '@/lib/shared/code-group/code-group.constants';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { errorText } from '@/components/employee/errors';
import { CODE_GROUPS_KEY, useCodeGroups } from './use-code-group';
import './code-group.css';
import { useFeedback } from '@/lib/client/feedback';

type Editing = { group: CodeGroupKey; value: CodeValue | null } | null;

/**
 * 代码组 (ADR 0183): the tenant's dictionaries, one tab per group. Administrators add, rename,
 * reorder, enable and disable values, and delete values nothing uses; other members read them.
 */
export function CodeGroupManager() {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const canEdit = usePermission(CODE_GROUP_EDIT_PERMISSION);
  const groups = useCodeGroups();
  const [active, setActive] = useState<CodeGroupKey>('clueSource');
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ label: string; code?: string }>();

  const refresh = () => client.invalidateQueries({ queryKey: CODE_GROUPS_KEY });
  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      message.success(done);
      await refresh();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  function open(group: CodeGroupKey, value: CodeValue | null) {
    setEditing({ group, value });
    form.setFieldsValue({ label: value?.label ?? '', code: '' });
  }

  async function save() {
    if (!editing) return;
    const v = await form.validateFields();
    const { group, value } = editing;
    const ok = await run(
      () =>
        value
          ? call(
              updateCodeValue,
              { body: { group, code: value.code, label: v.label } },
              { silent: true },
            )
          : call(
              createCodeValue,
              { body: { group, label: v.label, code: v.code || undefined } },
              { silent: true },
            ),
      value ? '已保存' : '已新增',
    );
    if (ok) setEditing(null);
  }

  function move(g: CodeGroupView, index: number, by: -1 | 1) {
    const codes = g.values.map((v) => v.code);
    const [item] = codes.splice(index, 1);
    codes.splice(index + by, 0, item);
    void run(
      () => call(sortCodeValues, { body: { group: g.key, codes } }, { silent: true }),
      '顺序已调整',
    );
  }

  function remove(g: CodeGroupView, v: CodeValue) {
    modal.confirm({
      title: `删除「${v.label}」？`,
      content: '删除后不能恢复；已被记录使用的值不能删除，可改为停用。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () =>
        run(
          () => call(deleteCodeValue, { query: { group: g.key, code: v.code } }, { silent: true }),
          '已删除',
        ),
    });
  }

  if (groups.error)
    return <LoadErrorAlert title={errorText(groups.error)} onRetry={() => void groups.refetch()} />;

  const table = (g: CodeGroupView) => (
    <div className="cg-group">
      <div className="cg-group-head">
        <span className="cg-used-by">
          用于：{g.usedBy}
          {g.mode === 'suggest' ? '（可选值，表单中也可填写其他内容）' : ''}
          {g.isDefault ? <Tag className="cg-default-tag">平台默认</Tag> : null}
        </span>
        {canEdit ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(g.key, null)}>
            新增{g.name}
          </Button>
        ) : null}
      </div>
      <Table<CodeValue>
        rowKey="code"
        size="middle"
        pagination={false}
        loading={groups.isFetching || busy}
        dataSource={g.values}
        scroll={{ x: 560 }}
        columns={[
          {
            title: '顺序',
            width: 90,
            render: (_, v, i) =>
              canEdit ? (
                <Space size={0}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={`上移「${v.label}」`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(g, i, -1)}
                  />
                  <Button
                    type="text"
                    size="small"
                    aria-label={`下移「${v.label}」`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === g.values.length - 1}
                    onClick={() => move(g, i, 1)}
                  />
                </Space>
              ) : (
                i + 1
              ),
          },
          { title: '名称', dataIndex: 'label', width: 160 },
          { title: '编码', dataIndex: 'code', width: 140 },
          {
            title: '状态',
            width: 110,
            render: (_, v) =>
              canEdit ? (
                <Switch
                  checked={v.enabled}
                  checkedChildren="启用"
                  unCheckedChildren="停用"
                  aria-label={`${v.enabled ? '停用' : '启用'}「${v.label}」`}
                  onChange={(enabled) =>
                    void run(
                      () =>
                        call(
                          updateCodeValue,
                          { body: { group: g.key, code: v.code, enabled } },
                          { silent: true },
                        ),
                      enabled ? '已启用' : '已停用',
                    )
                  }
                />
              ) : (
                <Tag color={v.enabled ? 'green' : 'default'}>{v.enabled ? '启用' : '停用'}</Tag>
              ),
          },
          {
            title: '类型',
            width: 90,
            render: (_, v) => (v.builtIn ? <Tag>系统预置</Tag> : <Tag color="blue">自定义</Tag>),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  width: 130,
                  render: (_: unknown, v: CodeValue) => (
                    <Space size={4}>
                      <Button type="link" size="small" onClick={() => open(g.key, v)}>
                        重命名
                      </Button>
                      {v.builtIn ? null : (
                        <Button type="link" size="small" danger onClick={() => remove(g, v)}>
                          删除
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );

  const current = groups.data?.find((g) => g.key === editing?.group);
  return (
    <>
      {canEdit ? null : (
        <Alert
          type="info"
          showIcon
          className="cg-alert"
          message="仅企业管理员可以修改代码组，你可以查看各组的取值。"
        />
      )}
      <Tabs
        activeKey={active}
        onChange={(k) => setActive(k as CodeGroupKey)}
        items={(groups.data ?? []).map((g) => ({
          key: g.key,
          label: g.name,
          children: table(g),
        }))}
      />
      <Modal
        title={editing?.value ? `重命名「${editing.value.label}」` : `新增${current?.name ?? ''}`}
        open={editing !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void save()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="label"
            label="名称"
            rules={[
              { required: true, whitespace: true, message: '请输入名称' },
              { max: 20, message: '名称最多 20 个字符' },
            ]}
          >
            <Input placeholder="如：展会" maxLength={20} aria-label="名称" />
          </Form.Item>
          {editing?.value ? (
            <p className="cg-note">编码「{editing.value.code}」不变，已有记录随之显示新名称。</p>
          ) : (
            <Form.Item
              name="code"
              label="编码"
              extra="不填时与名称相同；保存后不能修改"
              rules={[{ max: 20, message: '编码最多 20 个字符' }]}
            >
              <Input placeholder="选填" maxLength={20} aria-label="编码" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
