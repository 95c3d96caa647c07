'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Form, Input, Skeleton, Switch, Tag, Typography, Upload } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { UploadOutlined } from '@ant-design/icons';
import { ApiClientError, call, contractKey } from '@/lib/client/request';
import { AVATAR_MAX_BYTES, VALIDATION_MESSAGES } from '@/lib/shared/validation';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import {
  getTenantBaseInfo,
  updateTenantApproval,
  updateTenantBaseInfo,
  updateTenantLogo,
} from '@/lib/shared/tenant/tenant.endpoints';
import './tenant.css';
import { useFeedback } from '@/lib/client/feedback';

const KEY = contractKey(getTenantBaseInfo);
const LOGO_TYPE_ERROR_CODE = 1002003005;
/** Same limit as the server's tenantNameSchema. */
const NAME_MAX = 100;

const tenantApi = {
  get: () => call(getTenantBaseInfo, {}, { silent: true }),
  rename: (name: string) => call(updateTenantBaseInfo, { body: { name } }, { silent: true }),
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call(updateTenantLogo, { form }, { silent: true });
  },
  setApproval: (approval: boolean) =>
    call(updateTenantApproval, { query: { approval } }, { silent: true }),
};

function failure(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Tenant base info (spec 3, 7.1): name, logo and whether joining needs an administrator's approval. */
export function TenantBaseInfoCard() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const info = useQuery({ queryKey: KEY, queryFn: tenantApi.get, retry: 0 });
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState<'name' | 'logo' | 'approval' | null>(null);

  const code = info.error instanceof ApiClientError ? info.error.code : null;
  if (code === 401) return <SignInRequired text="登录后可管理企业信息" />;
  if (code === 1002000010) return <StatusNotice status="info" title="尚未绑定企业" />;
  if (info.isPending) return <Skeleton active avatar />;
  if (!info.data) return <StatusNotice status="warning" title="企业信息加载失败" />;
  const t = info.data;

  async function act(kind: 'name' | 'logo' | 'approval', fn: () => Promise<unknown>, ok: string) {
    setBusy(kind);
    try {
      await fn();
      message.success(ok);
      await client.invalidateQueries({ queryKey: KEY });
      return true;
    } catch (err) {
      if (err instanceof ApiClientError && err.code === 403) message.error('当前操作没有权限');
      else if (err instanceof ApiClientError && err.code === LOGO_TYPE_ERROR_CODE)
        message.error(VALIDATION_MESSAGES.avatarType);
      else message.error(failure(err, kind === 'logo' ? '上传失败' : '保存失败'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  function pickLogo(file: File) {
    if (!/\.(jpe?g|png)$/i.test(file.name)) {
      message.error(VALIDATION_MESSAGES.avatarType);
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error(VALIDATION_MESSAGES.avatarSize);
      return;
    }
    void act('logo', () => tenantApi.uploadLogo(file), '企业标志已更新');
  }

  const draft = name ?? t.name;
  return (
    <div className="tenant-info">
      <div className="tenant-logo">
        <Avatar shape="square" size={72} src={t.logo || undefined}>
          {t.name.slice(0, 2)}
        </Avatar>
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            pickLogo(file);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={busy === 'logo'}>
            上传标志
          </Button>
        </Upload>
      </div>
      <Form layout="vertical" className="tenant-form">
        <Form.Item label="企业名称">
          <div style={{ display: 'flex', gap: 8 }}>
            <Input
              value={draft}
              maxLength={NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              aria-label="企业名称"
            />
            <Button
              type="primary"
              disabled={!draft.trim() || draft.trim() === t.name}
              loading={busy === 'name'}
              onClick={async () => {
                if (await act('name', () => tenantApi.rename(draft.trim()), '保存成功'))
                  setName(null);
              }}
            >
              保存
            </Button>
          </div>
        </Form.Item>
        <Form.Item label="版本">
          <Tag color="gold">{t.editionName}</Tag>
          <Typography.Text type="secondary">成员 {t.memberCount} 人</Typography.Text>
        </Form.Item>
        <Form.Item
          label="加入审批"
          extra={
            t.approval
              ? '已开启：通过邀请链接或搜索企业申请加入的用户，需管理员审批后才能加入。'
              : '已关闭：通过邀请链接加入的用户无需审批，直接成为企业成员。'
          }
        >
          <Switch
            checked={t.approval}
            loading={busy === 'approval'}
            checkedChildren="需审批"
            unCheckedChildren="免审批"
            aria-label="加入审批"
            onChange={(checked) =>
              void act('approval', () => tenantApi.setApproval(checked), '保存成功')
            }
          />
        </Form.Item>
      </Form>
    </div>
  );
}
