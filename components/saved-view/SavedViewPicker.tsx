'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Dropdown, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { MenuProps } from 'antd';
import { DownOutlined, StarFilled } from '@ant-design/icons';
import { call } from '@/lib/client/request';
import { useHydrated } from '@/lib/client/use-hydrated';
import { errorText } from '@/components/employee/errors';
import {
  createSavedView,
  deleteSavedView,
  setDefaultSavedView,
  updateSavedView,
} from '@/lib/shared/saved-view/saved-view.endpoints';
import type { SavedView } from '@/lib/shared/saved-view/saved-view.contract';
import {
  SAVED_VIEW_MESSAGES,
  SAVED_VIEW_NAME_MAX,
  type SavedViewListKey,
} from '@/lib/shared/saved-view/saved-view.constants';
import { savedViewsKey, useSavedViews } from './useSavedViews';
import './saved-view.css';
import { useFeedback } from '@/lib/client/feedback';

type NameDialog = { kind: 'save-as' } | { kind: 'rename'; view: SavedView } | null;
type NameValues = { name: string; shared?: boolean; isDefault?: boolean };

/**
 * 视图 of a list (any list: pass its listKey): choose a saved view (own or shared by a colleague),
 * 保存视图 (overwrite the chosen own view with the list's current state), 另存为, 重命名, 共享,
 * 设为默认 and 删除. The list owns its state: `getState` reads it, `onSelect` applies a view
 * (null: back to the list without a view).
 */
export function SavedViewPicker({
  listKey,
  activeId,
  getState,
  onSelect,
  allLabel = '全部（不使用视图）',
}: {
  listKey: SavedViewListKey;
  activeId: number | null;
  getState: () => unknown;
  onSelect: (view: SavedView | null) => void;
  allLabel?: string;
}) {
  const { message, modal } = useFeedback();
  const client = useQueryClient();
  const views = useSavedViews(listKey);
  const [dialog, setDialog] = useState<NameDialog>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<NameValues>();
  const hydrated = useHydrated();

  const list = views.data ?? [];
  const active = list.find((v) => v.id === activeId) ?? null;
  const mine = list.filter((v) => v.mine);
  const shared = list.filter((v) => !v.mine);
  const refresh = () => client.invalidateQueries({ queryKey: savedViewsKey(listKey) });

  async function act(action: () => Promise<string | null>) {
    setBusy(true);
    try {
      const done = await action();
      if (done) message.success(done);
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  async function submitName() {
    const v = await form.validateFields();
    const name = v.name.trim();
    if (dialog?.kind === 'rename') {
      const view = dialog.view;
      const ok = await act(async () => {
        await call(updateSavedView, { body: { id: view.id, name } }, { silent: true });
        return '视图已重命名';
      });
      if (ok) setDialog(null);
      return;
    }
    let id = 0;
    const ok = await act(async () => {
      id = await call(
        createSavedView,
        {
          body: {
            listKey,
            name,
            state: getState(),
            shared: !!v.shared,
            isDefault: !!v.isDefault,
          },
        },
        { silent: true },
      );
      return `已保存视图「${name}」`;
    });
    if (ok) {
      setDialog(null);
      // act() waited for the list to be read again: the new view is in it.
      const fresh = client.getQueryData<SavedView[]>(savedViewsKey(listKey)) ?? [];
      onSelect(fresh.find((x) => x.id === id) ?? null);
    }
  }

  const openNameDialog = (d: NonNullable<NameDialog>) => {
    form.setFieldsValue(
      d.kind === 'rename' ? { name: d.view.name } : { name: '', shared: false, isDefault: false },
    );
    setDialog(d);
  };

  const items: MenuProps['items'] = [
    // Without an own view chosen, 保存视图 saves a new one (as 另存为 does).
    { key: 'save', label: active?.mine ? `保存到「${active.name}」` : '保存视图…' },
    { key: 'save-as', label: '另存为…' },
    { type: 'divider' },
    { key: 'rename', label: '重命名…', disabled: !active?.mine },
    {
      key: 'default',
      label: active?.mine && active.isDefault ? '取消默认' : '设为默认',
      disabled: !active?.mine,
    },
    {
      key: 'share',
      label: active?.mine && active.shared ? '取消共享' : '共享给团队',
      disabled: !active?.mine,
    },
    { key: 'delete', label: '删除视图', danger: true, disabled: !active?.mine },
  ];

  const onMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'save-as' || (key === 'save' && !active?.mine))
      return openNameDialog({ kind: 'save-as' });
    if (!active?.mine) return;
    const view = active;
    if (key === 'save')
      void act(async () => {
        await call(updateSavedView, { body: { id: view.id, state: getState() } }, { silent: true });
        return `已保存到「${view.name}」`;
      });
    else if (key === 'rename') openNameDialog({ kind: 'rename', view });
    else if (key === 'default')
      void act(async () => {
        await call(
          setDefaultSavedView,
          { body: { listKey, id: view.isDefault ? null : view.id } },
          { silent: true },
        );
        return view.isDefault ? '已取消默认视图' : `「${view.name}」已设为默认视图`;
      });
    else if (key === 'share')
      void act(async () => {
        await call(
          updateSavedView,
          { body: { id: view.id, shared: !view.shared } },
          { silent: true },
        );
        return view.shared ? '已取消共享' : '已共享给团队';
      });
    else if (key === 'delete')
      modal.confirm({
        title: `确定删除视图「${view.name}」吗？`,
        okText: '删除',
        okButtonProps: { danger: true },
        cancelText: '取消',
        onOk: async () => {
          const ok = await act(async () => {
            await call(deleteSavedView, { query: { id: view.id } }, { silent: true });
            return '视图已删除';
          });
          if (ok) onSelect(null);
        },
      });
  };

  const option = (v: SavedView) => ({
    value: v.id,
    label: v.name,
    title: v.mine ? v.name : `${v.name}（${v.ownerName ?? '同事'}共享）`,
    view: v,
  });

  return (
    <>
      <Space.Compact className="saved-view-picker">
        <Select<number | 'all'>
          aria-label="视图"
          style={{ width: 190 }}
          loading={views.isLoading}
          value={activeId ?? 'all'}
          popupMatchSelectWidth={240}
          onChange={(id) => onSelect(id === 'all' ? null : (list.find((v) => v.id === id) ?? null))}
          optionRender={(o) => {
            const v = (o.data as { view?: SavedView }).view;
            return (
              <span className="saved-view-option">
                <span>{o.label}</span>
                {v?.isDefault ? <StarFilled aria-label="默认" className="saved-view-star" /> : null}
                {v?.shared && v.mine ? <Tag>共享</Tag> : null}
                {v && !v.mine ? <span className="saved-view-owner">{v.ownerName}</span> : null}
              </span>
            );
          }}
          options={[
            { value: 'all' as const, label: allLabel },
            ...(mine.length ? [{ label: '我的视图', options: mine.map(option) }] : []),
            ...(shared.length ? [{ label: '团队共享', options: shared.map(option) }] : []),
          ]}
        />
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']} disabled={busy}>
          <Button loading={busy} aria-label="视图操作">
            视图 <DownOutlined />
          </Button>
        </Dropdown>
      </Space.Compact>
      <Modal
        title={dialog?.kind === 'rename' ? '重命名视图' : '另存为视图'}
        open={dialog !== null}
        okText="保存"
        cancelText="取消"
        confirmLoading={busy}
        // Mounted from the start so openNameDialog can fill the form, but only once hydrated: the
        // server renders no portal, and one found in the first render broke hydration (#418).
        forceRender={hydrated}
        onCancel={() => setDialog(null)}
        onOk={() => void submitName().catch(() => undefined)}
      >
        <Form form={form} name={`saved-view-${listKey}`} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label="视图名称"
            rules={[
              { required: true, whitespace: true, message: SAVED_VIEW_MESSAGES.nameRequired },
              { max: SAVED_VIEW_NAME_MAX, message: SAVED_VIEW_MESSAGES.nameTooLong },
            ]}
          >
            <Input
              maxLength={SAVED_VIEW_NAME_MAX}
              showCount
              placeholder="如：福建跟进中"
              onPressEnter={() => void submitName().catch(() => undefined)}
            />
          </Form.Item>
          {dialog?.kind === 'save-as' ? (
            <Space size={16}>
              <Form.Item name="shared" valuePropName="checked" noStyle>
                <Checkbox>共享给团队</Checkbox>
              </Form.Item>
              <Form.Item name="isDefault" valuePropName="checked" noStyle>
                <Checkbox>设为默认</Checkbox>
              </Form.Item>
            </Space>
          ) : null}
        </Form>
      </Modal>
    </>
  );
}
