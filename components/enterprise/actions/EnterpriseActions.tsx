'use client';

import { useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined, StarFilled, StarOutlined, CheckOutlined } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { goToLogin } from '@/lib/client/session';
import {
  addEnterprisesToCrm,
  addFavorite,
  removeFavorite,
} from '@/lib/shared/enterprise/enterprise.endpoints';
import { useActionError } from './QuotaDialog';
import { useFeedback } from '@/lib/client/feedback';

export type ActionState = { favorite: boolean; inCrm: boolean };

/** 收藏 and 加入线索 for one company; signed-out visitors are sent to sign in. */
export function EnterpriseActions({
  entId,
  signedIn,
  initial,
  source,
  size = 'middle',
  resolve,
}: {
  entId: number;
  signedIn: boolean;
  initial: ActionState;
  /** Lead source recorded with 加入线索 (企业详情, 企业查询, 高级搜索). */
  source: string;
  size?: 'small' | 'middle';
  /**
   * For a page rendered the same for everyone, until the viewer's state has arrived: waits for
   * the session and returns the real state (null when signed out) before a click acts.
   */
  resolve?: () => Promise<ActionState | null>;
}) {
  const { message } = useFeedback();
  const onError = useActionError();
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState<'fav' | 'crm' | null>(null);
  // The viewer's state may arrive after the first render (company page): adopt it when it does.
  const [seen, setSeen] = useState(initial);
  if (seen.favorite !== initial.favorite || seen.inCrm !== initial.inCrm) {
    setSeen(initial);
    setState(initial);
  }

  /** The state to act on, or null after sending a signed-out visitor to sign in. */
  const resolved = useRef(false);
  async function current(): Promise<ActionState | null> {
    if (resolve && !resolved.current) {
      const known = await resolve();
      if (!known) return (goToLogin(), null);
      resolved.current = true;
      setState(known);
      return known;
    }
    return signedIn ? state : (goToLogin(), null);
  }

  async function toggleFavorite() {
    setBusy('fav');
    try {
      const now = await current();
      if (!now) return;
      if (now.favorite) {
        await call(removeFavorite, { body: { entId } }, { silent: true });
        message.success('已取消收藏');
      } else {
        await call(addFavorite, { body: { entId } }, { silent: true });
        message.success('收藏成功');
      }
      setState((s) => ({ ...s, favorite: !now.favorite }));
    } catch (err) {
      onError(err);
    } finally {
      setBusy(null);
    }
  }

  async function addToCrm() {
    setBusy('crm');
    try {
      const now = await current();
      if (!now) return;
      if (now.inCrm) return;
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
