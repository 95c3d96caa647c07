'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Progress, Skeleton, Table, Tag } from 'antd';
import {
  AimOutlined,
  CheckCircleFilled,
  FileSearchOutlined,
  ImportOutlined,
  RobotOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import Link from 'next/link';
import dayjs from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import { usePermission } from '@/lib/client/session/SessionProvider';
import { useStoredChoice } from '@/lib/client/storage/useStoredChoice';
import {
  createSampleLeads,
  deleteSampleLeads,
  getWorkbench,
} from '@/lib/shared/workbench/workbench.endpoints';
import type {
  Workbench as WorkbenchData,
  WorkbenchFollowUp,
  WorkbenchMember,
} from '@/lib/shared/workbench/workbench.contract';
import {
  ONBOARDING_STEPS,
  onboardingDone,
  overdueDays,
  quotaPercent,
} from '@/lib/shared/workbench/workbench-rules';
import { JOB_STATUS_TEXT } from '@/lib/shared/jobs/job.types';
import { errorText } from '@/components/employee/errors';
import { LIST_NAMES, SAMPLE_SEARCH, companyHref, leadHref, searchHref, viewHref } from './links';
import { Card, LinkList, Teach } from './WorkbenchCard';
import './workbench.css';
import { useFeedback } from '@/lib/client/feedback';

export const WORKBENCH_KEY = contractKey(getWorkbench);

const day = (ms: number) => dayjs(ms).format('M月D日');
const dayTime = (ms: number) => dayjs(ms).format('M月D日 HH:mm');

const SHORTCUTS = [
  { href: '/companySearch', label: '企业查询', icon: <SearchOutlined /> },
  { href: '/advancedSearch', label: '高级搜索', icon: <FileSearchOutlined /> },
  { href: '/ai', label: 'AI 助手', icon: <RobotOutlined /> },
  { href: '/clue/list', label: '导入线索', icon: <ImportOutlined /> },
];

/** 我的工作台 (issue 29 item 1): what needs me today, my pipeline, my quota and my recent work. */
export function Workbench() {
  const { data, isPending, error, refetch } = useQuery({
    queryKey: WORKBENCH_KEY,
    queryFn: () => call(getWorkbench, {}, { silent: true }),
  });
  if (isPending) {
    return (
      <div className="wb-page" aria-busy="true">
        <section className="wb-card">
          <Skeleton active paragraph={{ rows: 6 }} />
        </section>
      </div>
    );
  }
  if (error || !data) {
    return (
      <div className="wb-page">
        <Alert
          type="error"
          showIcon
          title="工作台加载失败"
          description={errorText(error)}
          action={<Button onClick={() => void refetch()}>重试</Button>}
        />
      </div>
    );
  }
  return <WorkbenchBody data={data} />;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

function WorkbenchBody({ data }: { data: WorkbenchData }) {
  // The guide shows until its three steps are done, or until the member hides it (this browser).
  const [guideHidden, setGuideHidden] = useStoredChoice('workbench-guide-hidden', false, isBoolean);
  const firstRun = !onboardingDone(data.onboarding) && !guideHidden;
  return (
    <div className="wb-page" data-testid="workbench">
      <header className="wb-hello">
        <div>
          <h1 className="wb-title">你好，{data.nickname || '同事'}</h1>
          <p className="wb-muted">{dayjs(data.now).format('YYYY年M月D日 dddd')}</p>
        </div>
        <nav className="wb-shortcuts" aria-label="快捷入口">
          {SHORTCUTS.map((s) => (
            <Link key={s.label} href={s.href} className="wb-shortcut">
              <span className="wb-shortcut-icon" aria-hidden>
                {s.icon}
              </span>
              {s.label}
            </Link>
          ))}
        </nav>
      </header>
      {firstRun ? <Onboarding data={data} onHide={() => setGuideHidden(true)} /> : null}
      <div className="wb-grid">
        {data.leads ? <FollowUps data={data} /> : null}
        {data.leads ? <Pipeline data={data} /> : null}
        <Quota data={data} />
        <Recent data={data} />
        <Favourites data={data} />
        <Jobs data={data} />
        <Notices data={data} />
      </div>
      {data.team ? <Team members={data.team} weekStart={data.weekStart} /> : null}
    </div>
  );
}

function Onboarding({ data, onHide }: { data: WorkbenchData; onHide: () => void }) {
  const { message } = useFeedback();
  const client = useQueryClient();
  const canCreate = usePermission('szjk:clue:create');
  const [busy, setBusy] = useState(false);
  const samples = data.leads?.sampleLeads ?? 0;
  async function run(add: boolean) {
    setBusy(true);
    try {
      const n = add
        ? await call(createSampleLeads, {}, { silent: true })
        : await call(deleteSampleLeads, {}, { silent: true });
      message.success(add ? `已添加 ${n} 条示例线索` : `已删除 ${n} 条示例线索`);
      await client.invalidateQueries({ queryKey: WORKBENCH_KEY });
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  const done = ONBOARDING_STEPS.filter((s) => data.onboarding[s.key]).length;
  return (
    <section className="wb-card wb-guide" aria-labelledby="wb-guide-title">
      <div className="wb-guide-head">
        <div>
          <h2 id="wb-guide-title" className="wb-card-title">
            三步开始拓客
          </h2>
          <p className="wb-muted">
            已完成 {done}/{ONBOARDING_STEPS.length}，做完后这里会收起 ·{' '}
            <button type="button" className="wb-link-button" onClick={onHide}>
              不再显示
            </button>
          </p>
        </div>
        <Link href={searchHref('keyword', SAMPLE_SEARCH)}>
          <Button type="primary" icon={<AimOutlined />}>
            试试搜索“{SAMPLE_SEARCH}”
          </Button>
        </Link>
      </div>
      <ol className="wb-steps">
        {ONBOARDING_STEPS.map((s, i) => {
          const ok = data.onboarding[s.key];
          return (
            <li key={s.key} className={ok ? 'wb-step wb-step-done' : 'wb-step'}>
              <span className="wb-step-no" aria-hidden>
                {ok ? <CheckCircleFilled /> : i + 1}
              </span>
              <span>
                <strong>{s.title}</strong>
                {ok ? <span className="wb-sr"> （已完成）</span> : null}
                <span className="wb-muted wb-step-hint">{s.hint}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {canCreate && data.leads ? (
        <div className="wb-guide-samples">
          {samples > 0 ? (
            <>
              <span className="wb-muted">
                已有 {samples} 条示例线索（名称带【示例】），熟悉后可一键删除。
              </span>
              <Button loading={busy} onClick={() => void run(false)}>
                删除示例线索
              </Button>
            </>
          ) : (
            <>
              <span className="wb-muted">
                想先看看效果？添加 3 条示例线索，其中 1 条已逾期、1 条今天要跟进。
              </span>
              <Button loading={busy} onClick={() => void run(true)}>
                添加示例线索
              </Button>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}

function followTag(f: WorkbenchFollowUp, now: number) {
  if (f.overdue) return <Tag color="red">逾期 {overdueDays(f.nextFollowTime, now)} 天</Tag>;
  return <Tag color="orange">今日 {dayjs(f.nextFollowTime).format('HH:mm')}</Tag>;
}

function FollowUps({ data }: { data: WorkbenchData }) {
  const leads = data.leads!;
  const count = leads.overdue + leads.dueToday;
  return (
    <Card
      title="今日跟进"
      more={count > 0 ? { href: '/clue/list?tab=due', text: `全部 ${count} 条` } : null}
      wide
    >
      {count === 0 ? (
        <Teach
          title="今天没有要跟进的线索"
          text="在线索里写跟进记录时约定“下次跟进时间”，到期和逾期的线索会排在这里。"
          action={<Link href="/clue/list">去线索管理</Link>}
        />
      ) : (
        <>
          <p className="wb-summary">
            {leads.overdue > 0 ? <span className="wb-danger">已逾期 {leads.overdue}</span> : null}
            {leads.overdue > 0 && leads.dueToday > 0 ? ' · ' : null}
            {leads.dueToday > 0 ? <span>今日待跟进 {leads.dueToday}</span> : null}
          </p>
          <LinkList
            label="待跟进的线索"
            items={leads.followUps}
            keyOf={(f) => f.id}
            href={(f) => leadHref(f.id)}
          >
            {(f) => (
              <>
                <span className="wb-row-main">{f.name}</span>
                {f.contactName ? <span className="wb-muted">{f.contactName}</span> : null}
                {followTag(f, data.now)}
              </>
            )}
          </LinkList>
        </>
      )}
    </Card>
  );
}

const STAGES = [
  { key: 'new', label: '新线索', color: '#1677ff' },
  { key: 'following', label: '跟进中', color: '#fa8c16' },
  { key: 'converted', label: '已转化', color: '#52c41a' },
  { key: 'invalid', label: '无效', color: '#bfbfbf' },
] as const;

function Pipeline({ data }: { data: WorkbenchData }) {
  const { stages, newThisWeek } = data.leads!;
  return (
    <Card
      title="我的线索"
      more={stages.total > 0 ? { href: '/clue/list', text: '线索管理' } : null}
    >
      {stages.total === 0 ? (
        <Teach
          title="还没有由你跟进的线索"
          text="搜索企业后点“加入线索”，或批量导入已有客户名单。"
          action={<Link href="/companySearch">去搜索企业</Link>}
        />
      ) : (
        <>
          <div className="wb-stage-bar" aria-hidden>
            {STAGES.map((s) =>
              stages[s.key] > 0 ? (
                <span
                  key={s.key}
                  style={{ flexGrow: stages[s.key], background: s.color }}
                  title={`${s.label} ${stages[s.key]}`}
                />
              ) : null,
            )}
          </div>
          <dl className="wb-stats">
            {STAGES.map((s) => (
              <div key={s.key}>
                <dt>
                  <span className="wb-dot" style={{ background: s.color }} aria-hidden />
                  {s.label}
                </dt>
                <dd>{stages[s.key]}</dd>
              </div>
            ))}
          </dl>
          <p className="wb-muted">
            本周新增 <strong className="wb-strong">{newThisWeek}</strong> 条
          </p>
        </>
      )}
    </Card>
  );
}

function Quota({ data }: { data: WorkbenchData }) {
  const q = data.quota;
  const percent = quotaPercent(q.usedThisMonth, q.monthlyQuota);
  return (
    <Card title="解锁额度" more={{ href: '/unLockListPage', text: '已解锁企业' }}>
      {q.monthlyQuota === 0 && q.grantRemaining === 0 ? (
        <Teach
          title="当前版本不含联系方式解锁额度"
          text="开通会员后每月自动发放额度；邀请企业用户也可获得赠送额度。"
          action={<Link href="/memberCenter">了解会员</Link>}
        />
      ) : (
        <>
          <Progress
            percent={percent}
            status={q.remaining === 0 ? 'exception' : 'normal'}
            format={() => `${q.usedThisMonth}/${q.monthlyQuota}`}
            aria-label="本月已用额度"
          />
          <dl className="wb-stats wb-stats-3">
            <div>
              <dt>本月已用</dt>
              <dd>{q.usedThisMonth}</dd>
            </div>
            <div>
              <dt>剩余可用</dt>
              <dd>{q.remaining}</dd>
            </div>
            <div>
              <dt>赠送余额</dt>
              <dd>{q.grantRemaining}</dd>
            </div>
          </dl>
          <p className="wb-muted">月度额度将于 {day(q.resetTime)} 重置</p>
        </>
      )}
    </Card>
  );
}

function Recent({ data }: { data: WorkbenchData }) {
  const empty = data.recentSearches.length === 0 && data.savedViews.length === 0;
  return (
    <Card title="最近搜索与视图">
      {empty ? (
        <Teach
          title="还没有搜索记录"
          text="搜索过的关键词和保存的列表视图会出现在这里，一键回到上次的结果。"
          action={
            <Link href={searchHref('keyword', SAMPLE_SEARCH)}>搜索“{SAMPLE_SEARCH}”试试</Link>
          }
        />
      ) : (
        <>
          {data.recentSearches.length > 0 ? (
            <div className="wb-chips" aria-label="最近搜索">
              {data.recentSearches.map((s) => (
                <Link
                  key={`${s.kind}:${s.keyword}`}
                  href={searchHref(s.kind, s.keyword)}
                  className="wb-chip"
                  title={`${dayTime(s.time)} 搜索`}
                >
                  {s.kind === 'advanced' ? <FileSearchOutlined /> : <SearchOutlined />} {s.keyword}
                </Link>
              ))}
            </div>
          ) : null}
          {data.savedViews.length > 0 ? (
            <LinkList
              label="保存的视图"
              items={data.savedViews}
              keyOf={(v) => v.id}
              href={(v) => viewHref(v.listKey, v.id)}
            >
              {(v) => (
                <>
                  <span className="wb-row-main">{v.name}</span>
                  <Tag>{LIST_NAMES[v.listKey] ?? v.listKey}视图</Tag>
                  {v.mine ? null : <Tag color="blue">共享</Tag>}
                </>
              )}
            </LinkList>
          ) : (
            <p className="wb-muted">在线索列表里点“保存视图”，常用的筛选就会出现在这里。</p>
          )}
        </>
      )}
    </Card>
  );
}

function Favourites({ data }: { data: WorkbenchData }) {
  return (
    <Card
      title="收藏企业动态"
      more={data.favouriteCount > 0 ? { href: '/favoritesPage', text: '我的收藏' } : null}
    >
      {data.favouriteCount === 0 ? (
        <Teach
          title="还没有收藏企业"
          text="在企业详情页点“收藏”，企业发生工商变更时会在这里提醒你。"
          action={<Link href="/companySearch">去找企业</Link>}
        />
      ) : data.favouriteChanges.length === 0 ? (
        <Teach
          title="近 30 天收藏的企业没有变更"
          text={`你收藏了 ${data.favouriteCount} 家企业，有工商变更时会显示在这里。`}
        />
      ) : (
        <LinkList
          label="近期有变更的收藏企业"
          items={data.favouriteChanges}
          keyOf={(f) => f.enterpriseId}
          href={(f) => companyHref(f.uncid, f.name)}
        >
          {(f) => (
            <>
              <span className="wb-row-main">{f.name}</span>
              <span className="wb-muted">
                {f.changeDate} {f.item}
                {f.changes > 1 ? ` 等 ${f.changes} 项` : ''}
              </span>
            </>
          )}
        </LinkList>
      )}
    </Card>
  );
}

function Jobs({ data }: { data: WorkbenchData }) {
  const { running, finished } = data.jobs;
  const all = [...running, ...finished].slice(0, 5);
  return (
    <Card
      title="我的任务"
      more={all.length > 0 ? { href: '/downloadList', text: '下载中心' } : null}
    >
      {all.length === 0 ? (
        <Teach
          title="没有进行中的任务"
          text="导出、导入和批量获取联系方式在后台运行，进度和结果文件会显示在这里。"
        />
      ) : (
        <LinkList label="我的任务" items={all} keyOf={(j) => j.id} href={() => '/downloadList'}>
          {(j) => (
            <>
              <span className="wb-row-main">{j.title}</span>
              {j.status === 'running' || j.status === 'queued' ? (
                <Progress percent={j.percent} size="small" className="wb-job-progress" />
              ) : (
                <Tag
                  color={
                    j.status === 'succeeded' ? 'green' : j.status === 'failed' ? 'red' : 'default'
                  }
                >
                  {JOB_STATUS_TEXT[j.status]}
                </Tag>
              )}
              <span className="wb-muted">{dayTime(j.finishTime ?? j.createTime)}</span>
            </>
          )}
        </LinkList>
      )}
    </Card>
  );
}

function Notices({ data }: { data: WorkbenchData }) {
  const { unread, list } = data.notifications;
  return (
    <Card
      title="最新通知"
      more={{ href: '/infoCenter', text: unread > 0 ? `${unread} 条未读` : '消息中心' }}
    >
      {list.length === 0 ? (
        <Teach
          title="暂无通知"
          text="跟进到期、额度不足、任务完成等提醒会出现在这里和右上角的铃铛里。"
        />
      ) : (
        <LinkList label="最新通知" items={list} keyOf={(n) => n.id} href={() => '/infoCenter'}>
          {(n) => (
            <>
              {n.read ? null : <span className="wb-unread" aria-label="未读" />}
              <span className="wb-row-main">{n.title}</span>
              <span className="wb-muted">{dayTime(n.time)}</span>
            </>
          )}
        </LinkList>
      )}
    </Card>
  );
}

function Team({ members, weekStart }: { members: WorkbenchMember[]; weekStart: number }) {
  const quiet = members.every((m) => m.unlocks + m.newLeads + m.followUps + m.conversions === 0);
  return (
    <section className="wb-card" aria-labelledby="wb-team-title">
      <div className="wb-card-head">
        <h2 id="wb-team-title" className="wb-card-title">
          团队本周
        </h2>
        <span className="wb-muted">{day(weekStart)} 起 · 按你的数据权限</span>
      </div>
      {quiet ? (
        <Teach
          title="本周团队还没有动作"
          text="成员解锁企业、新增线索、写跟进和转化客户后，会按人汇总在这里。"
          action={<Link href="/employeeManagement/member">管理成员</Link>}
        />
      ) : (
        <Table<WorkbenchMember>
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={members}
          scroll={{ x: 480 }}
          columns={[
            { title: '成员', dataIndex: 'nickname', fixed: 'left', width: 120 },
            { title: '解锁', dataIndex: 'unlocks', align: 'right' },
            { title: '新增线索', dataIndex: 'newLeads', align: 'right' },
            { title: '跟进', dataIndex: 'followUps', align: 'right' },
            { title: '转化', dataIndex: 'conversions', align: 'right' },
          ]}
        />
      )}
    </section>
  );
}
