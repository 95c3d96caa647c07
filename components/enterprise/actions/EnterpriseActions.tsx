'use client';

import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { PlusOutlined, StarFilled, StarOutlined, CheckOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { goToLogin } from '@/lib/client/session';
import {
  addEnterprisesToCrm,
  addFavorite,
  removeFavorite,
} from '@/lib/shared/enterprise/enterprise.contract';
import { useActionError } from './QuotaDialog';

export type ActionState = { favorite: boolean; inCrm: boolean };

/** 收藏 and 加入线索 for one company; signed-out visitors are sent to sign in. */
export function EnterpriseActions({
  entId,
  signedIn,
  initial,
  source,
  size = 'middle',
}: {
  entId: number;
  signedIn: boolean;
  initial: ActionState;
  /** Lead source recorded with 加入线索 (企业详情, 企业查询, 高级搜索). */
  source: string;
  size?: 'small' | 'middle';
}) {
  const { message } = App.useApp();
  const onError = useActionError();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<'fav' | 'crm' | null>(null);

  async function toggleFavorite() {
    if (!signedIn) return goToLogin();
    setBusy('fav');
    try {
      if (state.favorite) {
        await call(removeFavorite, { body: { entId } }, { silent: true });
        message.success('已取消收藏');
      } else {
        await call(addFavorite, { body: { entId } }, { silent: true });
        message.success('收藏成功');
      }
      setState((s) => ({ ...s, favorite: !s.favorite }));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  }

  async function addToCrm() {
    if (!signedIn) return goToLogin();
    setBusy('crm');
    try {
      const r = await call(
        addEnterprisesToCrm,
        { body: { entIds: [entId], source } },
        { silent: true },
      );
      message.success(r.created > 0 ? '已加入线索' : '该企业已在线索中');
      setState((s) => ({ ...s, inCrm: true }));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Space size={8} wrap>
      <Button
        size={size}
        icon={state.inCrm ? <CheckOutlined /> : <PlusOutlined />}
        disabled={state.inCrm}
        loading={busy === 'crm'}
        onClick={addToCrm}
        data-testid="to-crm-button"
      >
        {state.inCrm ? '已加入线索' : '加入线索'}
      </Button>
      <Button
        size={size}
        icon={state.favorite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        loading={busy === 'fav'}
        onClick={toggleFavorite}
        aria-pressed={state.favorite}
        data-testid="favorite-button"
      >
        {state.favorite ? '已收藏' : '收藏'}
      </Button>
    </Space>
  );
}
