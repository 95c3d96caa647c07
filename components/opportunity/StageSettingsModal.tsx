'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Modal, Popconfirm, Space, Tag } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { call } from '@/lib/client/request';
import {
  createStage,
  deleteStage,
  reorderStages,
  updateStage,
} from '@/lib/shared/opportunity/opportunity.endpoints';
import type { StageView } from '@/lib/shared/opportunity/opportunity.contract';
import { OPPORTUNITY_MESSAGES, STAGES_MAX } from '@/lib/shared/opportunity/opportunity.constants';
import { errorText } from '@/components/employee/errors';
import { FUNNEL_KEY, PIPELINE_KEY, STAGES_KEY, useStages } from './shared';
import { useFeedback } from '@/lib/client/feedback';

type Draft = { name: string; probability: number | null };

/**
 * 阶段设置: rename, change the default probability, reorder, add and delete the open stages; the
 * terminal 赢单 / 输单 can only be renamed. Each change is saved at once; a refusal (a stage that
 * still holds opportunities) is shown in the dialog.
 */
export function StageSettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const stages = useStages(open);
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [adding, setAdding] = useState<Draft>({ name: '', probability: 50 });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const list = stages.data ?? [];
  const openStages = list.filter((s) => s.type === 'open');
  const terminal = list.filter((s) => s.type !== 'open');

  async function run(key: string, action: () => Promise<unknown>, done?: string) {
    setBusy(key);
    setRefusal(null);
    try {
      await action();
      if (done) message.success(done);
      await Promise.all([
        client.invalidateQueries({ queryKey: STAGES_KEY }),
        client.invalidateQueries({ queryKey: PIPELINE_KEY }),
        client.invalidateQueries({ queryKey: FUNNEL_KEY }),
      ]);
      return true;
    } catch (err) {
      setRefusal(errorText(err));
      return false;
    } finally {
      setBusy(null);
    }
  }

  const draftOf = (s: StageView): Draft =>
    drafts[s.id] ?? { name: s.name, probability: s.probability };
  const changed = (s: StageView) => {
    const d = drafts[s.id];
    return !!d && (d.name.trim() !== s.name || d.probability !== s.probability);
  };

  const save = (s: StageView) => {
    const d = draftOf(s);
    if (!d.name.trim()) return setRefusal(OPPORTUNITY_MESSAGES.stageNameRequired);
    return run(
      `save-${s.id}`,
      () =>
        call(
          updateStage,
          {
            body: {
              id: s.id,
              name: d.name.trim(),
              probability: s.type === 'open' ? d.probability : null,
            },
          },
          { silent: true },
        ),
      '阶段已保存',
    ).then((ok) => {
      if (ok)
        setDrafts((all) => {
          const next = { ...all };
          delete next[s.id];
          return next;
        });
    });
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = openStages.map((s) => s.id);
    const j = index + by;
    if (j < 0 || j >= ids.length) return;
    [ids[index], ids[j]] = [ids[j], ids[index]];
    void run('reorder', () => call(reorderStages, { body: { ids } }, { silent: true }));
  };

  const row = (s: StageView, index: number) => {
    const d = draftOf(s);
    const isOpen = s.type === 'open';
    return (
      <li key={s.id} className="opp-stage-row" aria-label={`阶段 ${s.name}`}>
        {isOpen ? (
          <Space size={2}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={`上移 ${s.name}`}
              disabled={index === 0 || busy !== null}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={`下移 ${s.name}`}
              disabled={index === openStages.length - 1 || busy !== null}
              onClick={() => move(index, 1)}
            />
          </Space>
        ) : (
          <Tag color={s.type === 'won' ? 'success' : 'default'} className="opp-stage-kind">
            {s.type === 'won' ? '终态·赢' : '终态·输'}
          </Tag>
        )}
        <Input
          value={d.name}
          maxLength={20}
          aria-label={`阶段名称 ${s.name}`}
          onChange={(e) => setDrafts((all) => ({ ...all, [s.id]: { ...d, name: e.target.value } }))}
          style={{ width: 160 }}
        />
        {isOpen ? (
          <InputNumber
            min={0}
            max={100}
            precision={0}
            value={d.probability}
            suffix="%"
            aria-label={`默认概率 ${s.name}`}
            onChange={(v) =>
              setDrafts((all) => ({ ...all, [s.id]: { ...d, probability: v ?? null } }))
            }
            style={{ width: 100 }}
          />
        ) : (
          <span className="opp-stage-prob">{s.probability}%</span>
        )}
        <Button
          size="small"
          type="link"
          disabled={!changed(s)}
          loading={busy === `save-${s.id}`}
          onClick={() => void save(s)}
        >
          保存
        </Button>
        {isOpen ? (
          <Popconfirm
            title={`确定删除阶段「${s.name}」吗？`}
            description="阶段中还有商机时不能删除"
            okText="删除"
            okButtonProps={{ danger: true }}
            cancelText="取消"
            onConfirm={() =>
              run(
                `delete-${s.id}`,
                () => call(deleteStage, { query: { id: s.id } }, { silent: true }),
                '阶段已删除',
              )
            }
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除阶段 ${s.name}`}
              loading={busy === `delete-${s.id}`}
            />
          </Popconfirm>
        ) : null}
      </li>
    );
  };

  return (
    <Modal
      title="阶段设置"
      open={open}
      onCancel={onClose}
      footer={<Button onClick={onClose}>完成</Button>}
      width={600}
      destroyOnHidden
      afterClose={() => {
        setDrafts({});
        setRefusal(null);
      }}
    >
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={refusal}
          closable={{ onClose: () => setRefusal(null) }}
          className="opp-stage-refusal"
        />
      ) : null}
      {stages.isError ? (
        <Alert type="error" showIcon title={errorText(stages.error, '阶段加载失败')} />
      ) : (
        <>
          <div className="opp-muted">进行中阶段（按销售流程排序，拖动商机时从左到右）</div>
          <ul className="opp-stage-list">{openStages.map(row)}</ul>
          <div className="opp-stage-add">
            <Input
              placeholder="新阶段名称"
              maxLength={20}
              aria-label="新阶段名称"
              value={adding.name}
              onChange={(e) => setAdding((a) => ({ ...a, name: e.target.value }))}
              style={{ width: 160 }}
            />
            <InputNumber
              min={0}
              max={100}
              precision={0}
              suffix="%"
              aria-label="新阶段默认概率"
              value={adding.probability}
              onChange={(v) => setAdding((a) => ({ ...a, probability: v ?? null }))}
              style={{ width: 100 }}
            />
            <Button
              icon={<PlusOutlined />}
              disabled={!adding.name.trim() || openStages.length >= STAGES_MAX}
              loading={busy === 'add'}
              onClick={() =>
                void run(
                  'add',
                  () =>
                    call(
                      createStage,
                      {
                        body: { name: adding.name.trim(), probability: adding.probability ?? 0 },
                      },
                      { silent: true },
                    ),
                  '阶段已添加',
                ).then((ok) => ok && setAdding({ name: '', probability: 50 }))
              }
            >
              添加阶段
            </Button>
          </div>
          <div className="opp-muted">终态阶段（不能删除或排序，可改名）</div>
          <ul className="opp-stage-list">{terminal.map(row)}</ul>
        </>
      )}
    </Modal>
  );
}
