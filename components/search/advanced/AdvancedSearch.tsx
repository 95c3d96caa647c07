'use client';

import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, List, Modal, Popconfirm, Space, Tabs, Typography } from 'antd';
import { HistoryOutlined, SaveOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  activeGroups,
  advancedConditionSchema,
  describeCondition,
  type AdvancedSearchCondition,
} from '@/lib/shared/search/advanced';
import type { SortKey } from '@/lib/shared/search/filters';
import { ApiClientError, call, contractKey, download } from '@/lib/client/request';
import { useStaticConfig } from './useStaticConfig';
import {
  countAdvancedSearch,
  deleteSearchConditionTemplate,
  exportAdvancedSearch,
  getSearchConditionHistory,
  getSearchConditionTemplates,
  pageAdvancedSearch,
  recordSearchHistory,
  saveSearchConditionTemplate,
} from '@/lib/shared/search/search.endpoints';
import { goToLogin } from '@/lib/client/session';
import { useActionError } from '@/components/enterprise/actions/QuotaDialog';
import { optionLabeler } from './option-labeler';
import { ConditionEditor, newGroup } from './ConditionEditor';
import { AdvancedResults } from './AdvancedResults';
import { formatTotal } from '@/lib/shared/search/total-text';
import { useFeedback } from '@/lib/client/feedback';

const COUNT_DEBOUNCE_MS = 400;

const INITIAL: AdvancedSearchCondition = { logic: 'and', groups: [newGroup('name')] };

/** Only complete conditions take part (a half-typed one must not empty the count). */
function complete(c: AdvancedSearchCondition): {
  condition: AdvancedSearchCondition;
  incomplete: string[];
} {
  const incomplete: string[] = [];
  const groups = c.groups.map((g) => ({
    ...g,
    conditions: g.conditions.filter((cond) => {
      const r = advancedConditionSchema.safeParse(cond);
      if (!r.success) incomplete.push(r.error.issues[0].message);
      return r.success;
    }),
  }));
  return { condition: { ...c, groups: groups.filter((g) => g.conditions.length) }, incomplete };
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/** /advancedSearch: condition groups, live count, templates, history and the results table. */
export function AdvancedSearch({ signedIn }: { signedIn: boolean }) {
  const { message } = useFeedback();
  const onError = useActionError();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<AdvancedSearchCondition>(INITIAL);
  const [applied, setApplied] = useState<AdvancedSearchCondition | null>(null);
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [sort, setSort] = useState<SortKey>('relevance');
  const [saving, setSaving] = useState(false);
  const [templateName, setTemplateName] = useState('');

  const config = useStaticConfig();
  const nameOf = useMemo(() => optionLabeler(config.data), [config.data]);

  const { condition, incomplete } = useMemo(() => complete(draft), [draft]);
  const debounced = useDebounced(condition, COUNT_DEBOUNCE_MS);
  const count = useQuery({
    queryKey: contractKey(countAdvancedSearch, { body: debounced }),
    queryFn: ({ signal }) =>
      call(countAdvancedSearch, { body: debounced }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });

  const results = useQuery({
    queryKey: contractKey(pageAdvancedSearch, { body: { ...applied!, sort, ...paging } }),
    queryFn: ({ signal }) =>
      call(
        pageAdvancedSearch,
        { body: { ...applied!, sort, ...paging } },
        { signal, silent: true },
      ),
    enabled: applied !== null,
    placeholderData: keepPreviousData,
  });

  const templates = useQuery({
    queryKey: contractKey(getSearchConditionTemplates),
    queryFn: () => call(getSearchConditionTemplates, {}, { silent: true }),
    enabled: signedIn,
  });
  const history = useQuery({
    queryKey: contractKey(getSearchConditionHistory, { query: { kind: 'advanced' } }),
    queryFn: () =>
      call(getSearchConditionHistory, { query: { kind: 'advanced' } }, { silent: true }),
    enabled: signedIn,
  });
  const deleteTemplate = useMutation({
    mutationFn: (id: number) =>
      call(deleteSearchConditionTemplate, { query: { id } }, { silent: true }),
    onSuccess: () => {
      message.success('已删除');
      void queryClient.invalidateQueries({ queryKey: contractKey(getSearchConditionTemplates) });
    },
    onError,
  });

  function search() {
    setApplied(condition);
    setPaging((p) => ({ ...p, pageNo: 1 }));
    if (signedIn && activeGroups(condition).length > 0)
      call(
        recordSearchHistory,
        { body: { keyword: '', condition: { advanced: condition } } },
        {
          silent: true,
        },
      )
        .then(() =>
          queryClient.invalidateQueries({ queryKey: contractKey(getSearchConditionHistory) }),
        )
        .catch(() => undefined);
  }

  function load(c: AdvancedSearchCondition | undefined) {
    if (!c || activeGroups(c).length === 0) return;
    setDraft(c);
    setApplied(c);
    setPaging((p) => ({ ...p, pageNo: 1 }));
  }

  async function saveTemplate() {
    const name = templateName.trim();
    if (!name) {
      message.warning('请输入模板名称');
      return;
    }
    try {
      await call(
        saveSearchConditionTemplate,
        { body: { name, condition: { keyword: '', filters: {}, advanced: condition } } },
        { silent: true },
      );
      message.success('保存成功');
      setSaving(false);
      setTemplateName('');
      void queryClient.invalidateQueries({ queryKey: contractKey(getSearchConditionTemplates) });
    } catch (err) {
      onError(err);
    }
  }

  const countError = count.error instanceof ApiClientError ? count.error.message : null;
  const hasConditions = activeGroups(condition).length > 0;

  return (
    <>
      <div className="ent-card" style={{ display: 'grid', gap: 16 }}>
        <div className="sr-toolbar">
          <h1 className="sr-title" style={{ margin: 0 }}>
            高级搜索
          </h1>
          <span className="adv-count" aria-live="polite" data-testid="live-count">
            符合条件的企业{' '}
            <strong>
              {count.data ? formatTotal(count.data.total, count.data.totalCapped) : '…'}
            </strong>{' '}
            家{hasConditions ? '' : '（未设置条件）'}
          </span>
        </div>
        <ConditionEditor value={draft} config={config.data} onChange={setDraft} />
        {incomplete.length > 0 ? (
          <Typography.Text type="secondary" data-testid="incomplete-hint">
            {incomplete.length} 个条件未填写完整，暂不参与搜索：{incomplete[0]}
          </Typography.Text>
        ) : null}
        {countError ? <Typography.Text type="danger">{countError}</Typography.Text> : null}
        <Space wrap>
          <Button
            type="primary"
            icon={<SearchOutlined />}
            onClick={search}
            data-testid="advanced-search-run"
          >
            查询
          </Button>
          <Button
            icon={<UndoOutlined />}
            onClick={() => {
              setDraft(INITIAL);
              setApplied(null);
            }}
          >
            重置
          </Button>
          <Button
            icon={<SaveOutlined />}
            onClick={() => (signedIn ? setSaving(true) : goToLogin())}
            disabled={signedIn && !hasConditions}
            data-testid="save-template"
          >
            保存为模板
          </Button>
        </Space>
        <Tabs
          size="small"
          items={[
            {
              key: 'templates',
              label: '我的模板',
              children: signedIn ? (
                <List
                  size="small"
                  loading={templates.isLoading}
                  locale={{ emptyText: <Empty description="暂无模板" /> }}
                  dataSource={templates.data ?? []}
                  data-testid="template-list"
                  renderItem={(t) => (
                    <List.Item
                      actions={[
                        <Button
                          key="load"
                          size="small"
                          type="link"
                          onClick={() => load(t.condition.advanced)}
                          data-testid="template-load"
                        >
                          使用
                        </Button>,
                        <Popconfirm
                          key="del"
                          title="确定删除该模板吗？"
                          onConfirm={() => deleteTemplate.mutate(t.id)}
                        >
                          <Button size="small" type="link" danger>
                            删除
                          </Button>
                        </Popconfirm>,
                      ]}
                    >
                      <List.Item.Meta
                        title={t.name}
                        description={
                          t.condition.advanced
                            ? describeCondition(t.condition.advanced, nameOf)
                            : '（快速筛选模板）'
                        }
                      />
                    </List.Item>
                  )}
                />
              ) : (
                <Typography.Text type="secondary">
                  {/* A real address (the login page returns here) for crawlers and a new tab;
                      a plain click opens the login dialog in place. */}
                  <a
                    href="/login?redirect=%2FadvancedSearch"
                    onClick={(e) => {
                      e.preventDefault();
                      goToLogin();
                    }}
                  >
                    登录
                  </a>
                  后可保存和使用搜索条件模板
                </Typography.Text>
              ),
            },
            {
              key: 'history',
              label: (
                <span>
                  <HistoryOutlined /> 搜索历史
                </span>
              ),
              children: signedIn ? (
                <List
                  size="small"
                  loading={history.isLoading}
                  locale={{ emptyText: <Empty description="暂无搜索记录" /> }}
                  dataSource={(history.data ?? []).filter((h) => h.condition?.advanced)}
                  renderItem={(h) => (
                    <List.Item
                      actions={[
                        <Button
                          key="load"
                          size="small"
                          type="link"
                          onClick={() => load(h.condition?.advanced)}
                        >
                          再次搜索
                        </Button>,
                      ]}
                    >
                      <List.Item.Meta
                        title={describeCondition(h.condition!.advanced!, nameOf)}
                        description={dayjs(h.createTime).format('YYYY-MM-DD HH:mm')}
                      />
                    </List.Item>
                  )}
                />
              ) : (
                <Typography.Text type="secondary">登录后记录搜索历史</Typography.Text>
              ),
            },
          ]}
        />
      </div>
      {applied ? (
        <AdvancedResults
          data={results.data}
          loading={results.isFetching}
          pageNo={paging.pageNo}
          pageSize={paging.pageSize}
          sort={sort}
          signedIn={signedIn}
          onPage={(pageNo, pageSize) => setPaging({ pageNo, pageSize })}
          onSort={(s) => {
            setSort(s);
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
          onExportAll={() =>
            download(exportAdvancedSearch, { body: { ...applied, sort } }, { silent: true })
          }
        />
      ) : null}
      <Modal
        title="保存搜索条件模板"
        open={saving}
        okText="保存"
        cancelText="取消"
        onOk={saveTemplate}
        onCancel={() => setSaving(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {describeCondition(condition, nameOf)}
        </Typography.Paragraph>
        <Input
          autoFocus
          maxLength={30}
          showCount
          placeholder="模板名称，例如：广东科技型中小企业"
          value={templateName}
          onChange={(e) => setTemplateName(e.target.value)}
          onPressEnter={saveTemplate}
          data-testid="template-name"
        />
      </Modal>
    </>
  );
}
