'use client';

import { useState } from 'react';
import { Button, Modal, Space, Tag, Tooltip, Typography } from 'antd';
import {
  BarChartOutlined,
  DownloadOutlined,
  ExpandOutlined,
  PlusOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import Link from 'next/link';
import { call } from '@/lib/client/request';
import {
  createClueExportTask,
  createExportTask,
  messageToCrm,
  updateCustomerTitle,
} from '@/lib/shared/ai/ai.endpoints';
import type { ConditionChipView } from '@/lib/shared/ai/ai.contract';
import { AI_TITLE_MAX, AI_TO_CRM_MAX } from '@/lib/shared/ai/ai.constants';
import {
  activeGroups,
  advancedSearchConditionSchema,
  type AdvancedSearchCondition,
} from '@/lib/shared/search/advanced';
import type { StaticConfig } from '@/lib/shared/search/search.contract';
import { changeChip, splitChips } from '@/lib/client/ai/chips';
import { detailHref, totalText } from '@/lib/client/ai/format';
import type { ThreadMessage } from '@/lib/client/ai/thread-state';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { ConditionEditor } from '@/components/search/advanced/ConditionEditor';
import { KeywordAnalysis } from './KeywordAnalysis';
import { ReplyCompanies } from './ReplyCompanies';
import { AddWeixinDialog } from './AddWeixinDialog';
import { useFeedback } from '@/lib/client/feedback';

const EXPORT_STARTED = '已创建导出任务，完成后可在下载中心下载';
const CLUE_TASK_STARTED = '已创建加入线索任务，完成后可在下载中心查看明细';

const SOURCE_TEXT = { parser: '内置解析', model: '大模型理解', edited: '按修改后的条件' } as const;

/**
 * A search reply (spec 2.8, subType 2 and 3): the count, the understood conditions as chips
 * (removing or editing one re-runs the search in the same thread), notes, the companies ten a
 * page, 加入线索 / 导出, 关键词分析 and the full-page view.
 */
export function SearchReply({
  taskId,
  message: m,
  busy,
  config,
  onRerun,
  onAsk,
  onTaskCreated,
}: {
  taskId: number;
  message: ThreadMessage;
  busy: boolean;
  config: StaticConfig | undefined;
  onRerun: (condition: AdvancedSearchCondition, keyword: string | null, label?: string) => void;
  onAsk: (query: string) => void;
  /** An add-contact task was created from this reply: the thread shows its card. */
  onTaskCreated?: () => void;
}) {
  const { message, modal } = useFeedback();
  const onError = useActionError();
  const info = m.aiMessage!;
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [acting, setActing] = useState<'crm' | 'export' | null>(null);
  const [analysisOpen, setAnalysisOpen] = useState(false);
  const [editing, setEditing] = useState<AdvancedSearchCondition | null>(null);
  const [title, setTitle] = useState(m.title ?? '');
  const [weixinOpen, setWeixinOpen] = useState(false);

  function removeChip(chip: ConditionChipView) {
    if (busy) return;
    onRerun(changeChip(info.condition, chip.condition, null), info.keyword);
  }

  function saveEdit() {
    if (!editing) return;
    const parsed = advancedSearchConditionSchema.safeParse(editing);
    if (!parsed.success) {
      message.warning(parsed.error.issues[0]?.message ?? '请把条件填写完整');
      return;
    }
    setEditing(null);
    onRerun(parsed.data, info.keyword);
  }

  /** Selected rows, or all results after a confirmation. */
  async function act(kind: 'crm' | 'export') {
    const all = selected.length === 0;
    const run = async () => {
      setActing(kind);
      try {
        const body = all
          ? { taskId, messageId: m.messageId, all: true }
          : { taskId, messageId: m.messageId, entIds: selected };
        if (kind === 'export') {
          await call(createExportTask, { body }, { silent: true });
          message.success(EXPORT_STARTED);
        } else if (all && info.total > AI_TO_CRM_MAX) {
          await call(createClueExportTask, { body }, { silent: true });
          message.success(CLUE_TASK_STARTED);
        } else {
          const r = await call(messageToCrm, { body }, { silent: true });
          message.success(
            `已加入线索 ${r.created} 家${r.existed ? `，${r.existed} 家已在线索中` : ''}`,
          );
          setSelected([]);
        }
      } catch (err) {
        onError(err);
      } finally {
        setActing(null);
      }
    };
    if (!all) return run();
    modal.confirm({
      title: kind === 'crm' ? '全部加入线索' : '导出全部结果',
      content:
        kind === 'crm'
          ? `未勾选企业，将把全部 ${totalText(info.total, info.totalCapped)} 家结果加入线索${info.total > AI_TO_CRM_MAX ? '（后台任务，完成后在下载中心查看）' : ''}，确定吗？`
          : `未勾选企业，将导出全部 ${totalText(info.total, info.totalCapped)} 家结果（按版本的导出上限），确定吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: run,
    });
  }

  async function saveTitle(next: string) {
    const t = next.trim();
    if (!t || t === title) return;
    try {
      await call(
        updateCustomerTitle,
        { body: { taskId, messageId: m.messageId, title: t.slice(0, AI_TITLE_MAX) } },
        { silent: true },
      );
      setTitle(t);
      message.success('客户标题已保存');
    } catch (err) {
      onError(err);
    }
  }

  const { conditionChips, keywordLabel } = splitChips(info.chips, info.keyword);
  const noConditions = conditionChips.length === 0 && !keywordLabel;
  return (
    <div className="ai-reply" data-testid="ai-search-reply">
      <div className="ai-reply-actions">
        <span className="ai-reply-count" data-testid="ai-reply-count">
          共找到<strong>{totalText(info.total, info.totalCapped)}</strong>家企业
        </span>
        <Typography.Text
          type="secondary"
          editable={{
            onChange: (v) => void saveTitle(v),
            maxLength: AI_TITLE_MAX,
            tooltip: '编辑客户标题',
          }}
          data-testid="ai-reply-title"
        >
          {title || '未命名客户名单'}
        </Typography.Text>
      </div>
      <div className="ai-chips" aria-label="理解的条件" data-testid="ai-chips">
        <span className="ai-suggest-title">条件：</span>
        {conditionChips.map((chip) => (
          <Tag
            key={chip.key}
            className="ai-chip"
            color="blue"
            closable={!busy}
            closeIcon={<span aria-label={`删除条件 ${chip.label}`}>×</span>}
            onClose={(e) => {
              e.preventDefault();
              e.stopPropagation();
              removeChip(chip);
            }}
            onClick={() => !busy && setEditing(info.condition)}
            data-testid="ai-chip"
          >
            {chip.label}
          </Tag>
        ))}
        {keywordLabel ? (
          <Tag
            className="ai-chip"
            color="geekblue"
            closable={!busy}
            onClose={(e) => {
              e.preventDefault();
              e.stopPropagation();
              if (!busy) onRerun(info.condition, null);
            }}
            data-testid="ai-chip-keyword"
          >
            {keywordLabel}
          </Tag>
        ) : null}
        {noConditions ? <span className="ent-muted">（未识别到条件）</span> : null}
        <Button
          size="small"
          type="link"
          disabled={busy}
          onClick={() => setEditing(info.condition)}
          data-testid="ai-edit-conditions"
        >
          修改条件
        </Button>
        <span className="ent-muted" style={{ fontSize: 12 }}>
          {SOURCE_TEXT[info.source]}
        </span>
      </div>
      {info.refinements.length > 0 ? (
        <div className="ai-suggest" data-testid="ai-refinements">
          <span className="ai-suggest-title">{info.total === 0 ? '放宽条件：' : '缩小范围：'}</span>
          {info.refinements.map((r) => (
            <Tag.CheckableTag
              key={r.label}
              checked={false}
              onChange={() => !busy && onRerun(r.condition, r.keyword, r.label)}
              data-testid="ai-refinement"
            >
              {r.label}
            </Tag.CheckableTag>
          ))}
        </div>
      ) : null}
      {info.notes.length > 0 ? (
        <ul className="ai-notes" data-testid="ai-notes">
          {info.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <ReplyCompanies
        taskId={taskId}
        messageId={m.messageId}
        firstPage={m.page}
        pageNo={pageNo}
        onPage={setPageNo}
        selected={selected}
        onSelect={setSelected}
      />
      <div className="ai-reply-actions">
        <Space wrap>
          <span className="ent-muted">已选 {selected.length} 家</span>
          <Tooltip title={selected.length ? '将所选企业加入线索' : '未勾选时加入全部结果'}>
            <Button
              size="small"
              icon={<PlusOutlined />}
              loading={acting === 'crm'}
              disabled={info.total === 0}
              onClick={() => void act('crm')}
              data-testid="ai-to-crm"
            >
              加入线索
            </Button>
          </Tooltip>
          <Tooltip title={selected.length ? '导出所选企业' : '未勾选时导出全部结果'}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              loading={acting === 'export'}
              disabled={info.total === 0}
              onClick={() => void act('export')}
              data-testid="ai-export"
            >
              导出
            </Button>
          </Tooltip>
          <Tooltip title={selected.length ? '添加所选企业的联系人为微信好友' : '请先勾选企业'}>
            <Button
              size="small"
              icon={<WechatOutlined />}
              disabled={selected.length === 0}
              onClick={() => setWeixinOpen(true)}
              data-testid="ai-add-weixin"
            >
              加微
            </Button>
          </Tooltip>
        </Space>
        <Space wrap>
          <Button
            size="small"
            type="text"
            icon={<BarChartOutlined />}
            onClick={() => setAnalysisOpen((o) => !o)}
            aria-expanded={analysisOpen}
            data-testid="ai-analysis-toggle"
          >
            关键词分析
          </Button>
          <Link href={detailHref(taskId, m.messageId)} data-testid="ai-open-detail">
            <ExpandOutlined /> 全屏查看
          </Link>
        </Space>
      </div>
      {analysisOpen ? (
        <KeywordAnalysis
          messageId={m.messageId}
          onAsk={onAsk}
          onRefine={(r) => !busy && onRerun(r.condition, r.keyword, r.label)}
        />
      ) : null}
      <AddWeixinDialog
        open={weixinOpen}
        onClose={() => setWeixinOpen(false)}
        taskId={taskId}
        entIds={selected}
        defaultTitle={title || info.query || '加微任务'}
        onCreated={() => {
          setSelected([]);
          onTaskCreated?.();
        }}
      />
      <Modal
        title="修改条件"
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={saveEdit}
        okText="重新搜索"
        cancelText="取消"
        width={860}
        destroyOnHidden
      >
        <p className="ent-muted">修改后将在本对话中按新条件重新搜索。</p>
        {editing ? (
          <ConditionEditor
            value={
              activeGroups(editing).length
                ? editing
                : { logic: 'and', groups: [{ logic: 'and', conditions: [] }] }
            }
            config={config}
            onChange={setEditing}
          />
        ) : null}
      </Modal>
    </div>
  );
}
