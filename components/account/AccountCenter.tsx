'use client';

import { useState } from 'react';
import { Button, Skeleton, Space, Tag, Typography } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import {
  CustomerServiceOutlined,
  EditOutlined,
  UsergroupAddOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { InvitationDrawer } from '@/components/invitation/InvitationDrawer';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { maskMobile } from '@/lib/shared/validation';
import { getEdition } from '@/lib/shared/vip/editions';
import { useAccountProfile, useReloadProfile } from './account-session';
import { AvatarUpload } from './AvatarUpload';
import { NicknameDialog } from './NicknameDialog';
import { WechatBindDialog } from './WechatBindDialog';
import { WechatUnbindDialog } from './WechatUnbindDialog';
import { ChangeMobileModal } from './ChangeMobileModal';
import { ChangePasswordModal } from './ChangePasswordModal';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { ContactUsDialog } from './ContactUsDialog';
import './account.css';

export type AccountDialog =
  'invite' | 'nickname' | 'bind' | 'unbind' | 'mobile' | 'password' | 'delete' | 'contact' | null;

function Row({
  label,
  value,
  action,
}: {
  label: string;
  value: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="acct-row">
      <span className="acct-row-label">{label}</span>
      <span className="acct-row-value">{value}</span>
      <span className="acct-row-action">{action}</span>
    </div>
  );
}

/**
 * The account centre (spec 2.7): nickname, avatar, WeChat bind/unbind, phone change, password,
 * account cancellation and contact us. Works as the /userSystem/userInfo page body and inside the
 * account-info modal.
 */
export function AccountCenter({ initialDialog = null }: { initialDialog?: AccountDialog } = {}) {
  const profile = useAccountProfile();
  const reload = useReloadProfile();
  const [dialog, setDialog] = useState<AccountDialog>(initialDialog);
  const close = () => setDialog(null);

  if (profile.signedOut) return <SignInRequired text="登录后可管理您的账号信息" />;
  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError || !profile.data) {
    return (
      <StatusNotice
        status="warning"
        title="账号信息加载失败"
        extra={<Button onClick={() => profile.refetch()}>重新加载</Button>}
      />
    );
  }

  const p = profile.data;
  const mobile = p.accountInfo.mobile;
  const openid = p.profileInfo.weixinOpenId;
  const enterprise = p.enterpriseInfo;

  return (
    <div className="acct-center">
      <div className="acct-head">
        <AvatarUpload src={p.avatar} onUploaded={reload} />
        <div className="acct-head-text">
          <Space size={8} align="center">
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="account-nickname">
              {p.nickname}
            </Typography.Title>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              aria-label="修改用户名"
              onClick={() => setDialog('nickname')}
            />
          </Space>
          <Typography.Text type="secondary">
            {enterprise.name || '暂未绑定企业'}
            {enterprise.name ? (
              <Tag color="gold" style={{ marginLeft: 8 }}>
                {getEdition(enterprise.version).name}
              </Tag>
            ) : null}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            支持 .jpg、.png 格式，大小不超过 2MB，建议使用 1:1 比例的图片
          </Typography.Text>
        </div>
      </div>

      <section aria-label="账号信息" className="acct-rows">
        <h2 className="acct-section-title">账号信息</h2>
        <Row label="账号" value={p.accountInfo.username} />
        <Row
          label="手机号"
          value={mobile ? maskMobile(mobile) : '未绑定'}
          action={
            mobile ? (
              <Button type="link" onClick={() => setDialog('mobile')}>
                变更
              </Button>
            ) : null
          }
        />
        <Row
          label="微信"
          value={
            openid ? (
              <span>
                <WechatOutlined style={{ color: '#07c160', marginRight: 6 }} />
                已绑定
              </span>
            ) : (
              <Typography.Text type="secondary">未绑定（绑定后可微信扫码登录）</Typography.Text>
            )
          }
          action={
            openid ? (
              <Button type="link" onClick={() => setDialog('unbind')}>
                解绑
              </Button>
            ) : (
              <Button type="link" onClick={() => setDialog('bind')}>
                绑定
              </Button>
            )
          }
        />
        <Row
          label="登录密码"
          // Spec 2.7 shows a "default password" here; only whether one is set is ever shown.
          value={
            p.hasPassword ? (
              <span aria-label="已设置密码">••••••••</span>
            ) : (
              <Typography.Text type="secondary">未设置，可通过短信验证码设置</Typography.Text>
            )
          }
          action={
            mobile ? (
              <Button type="link" onClick={() => setDialog('password')}>
                {p.hasPassword ? '修改密码' : '设置密码'}
              </Button>
            ) : null
          }
        />
        <Row label="所属企业" value={enterprise.name || '暂未绑定企业'} />
        <Row
          label="注销账号"
          value={<Typography.Text type="secondary">注销后账号数据将无法恢复</Typography.Text>}
          action={
            mobile ? (
              <Button type="link" danger onClick={() => setDialog('delete')}>
                注销账号
              </Button>
            ) : null
          }
        />
      </section>

      <Space className="acct-foot">
        {enterprise.id !== null ? (
          <Button icon={<UsergroupAddOutlined />} onClick={() => setDialog('invite')}>
            邀请企业用户
          </Button>
        ) : null}
        <Button icon={<CustomerServiceOutlined />} onClick={() => setDialog('contact')}>
          联系我们
        </Button>
      </Space>

      <NicknameDialog
        open={dialog === 'nickname'}
        nickname={p.nickname}
        onClose={close}
        onSaved={reload}
      />
      <WechatBindDialog open={dialog === 'bind'} onClose={close} onBound={reload} />
      {openid ? (
        <WechatUnbindDialog
          open={dialog === 'unbind'}
          openid={openid}
          onClose={close}
          onUnbound={reload}
        />
      ) : null}
      {mobile ? (
        <>
          <ChangeMobileModal open={dialog === 'mobile'} mobile={mobile} onClose={close} />
          <ChangePasswordModal
            open={dialog === 'password'}
            mobile={mobile}
            hasPassword={p.hasPassword}
            onClose={close}
            onChanged={reload}
          />
          <DeleteAccountDialog open={dialog === 'delete'} mobile={mobile} onClose={close} />
        </>
      ) : null}
      <ContactUsDialog open={dialog === 'contact'} onClose={close} />
      <InvitationDrawer open={dialog === 'invite'} onClose={close} />
    </div>
  );
}
