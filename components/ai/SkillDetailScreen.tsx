'use client';

import { capitalColumn, establishDateColumn } from '@/components/enterprise/lists/company-columns';
import { useState } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Select, Skeleton, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  CalendarOutlined,
  LockOutlined,
  PlayCircleOutlined,
  StopOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { call, contractKey } from '@/lib/client/request';
import { errorText } from '@/components/employee/errors';
import { LoadErrorAlert } from '@/components/crm/LoadErrorAlert';
import { EnterpriseBulkBar } from '@/components/enterprise/lists/EnterpriseBulkBar';
import { CompanyCell } from '@/components/enterprise/lists/ranked-columns';
import {
  digitalEmployeeSkillGet,
  digitalEmployeeSkillRun,
  digitalEmployeeSkillSchedule,
} from '@/lib/shared/ai/skill.endpoints';
import {
  skillDetailHref,
  type SkillCompany,
  type SkillDetail,
  type SkillRunView,
} from '@/lib/shared/ai/skill.contract';
import { addWeixinDetailHref } from './add-weixin-href';
import { AddWeixinDialog } from './AddWeixinDialog';
import { useFeedback } from '@/lib/client/feedback';

const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

/** ?key=N, 1-10; anything else shows the first skill (the page is never a 404). */
function keyOf(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 1;
}

const COLUMNS: ColumnsType<SkillCompany> = [
  {
    title: '企业名称',
    dataIndex: 'name',
    width: 260,
    render: (_, r) => (
      <CompanyCell
        r={r}
        badge={
          r.isNew ? (
            <Tag color="red" style={{ marginInlineStart: 6 }} data-testid="skill-new">
              新
            </Tag>
          ) : null
        }
      />
    ),
  },
  capitalColumn({ width: 130 }),
  establishDateColumn(),
  { title: '推荐理由', dataIndex: 'reason', width: 360 },
];

function RunResults({ run, task }: { run: SkillRunView; task: 'outreach' | 'export' | null }) {
  const [selected, setSelected] = useState<number[]>([]);
  const [weixin, setWeixin] = useState(false);
  const router = useRouter();
  return (
    <section className="ent-card" aria-label="运行结果" data-testid="skill-results">
      <h2 className="mgc-h2">运行结果</h2>
      <p className="ent-muted" data-testid="skill-last-run">
        {run.trigger === 'schedule' ? '每日运行' : '手动运行'}于 {when(run.runAt)}：找到 {run.total}{' '}
        家，列出 {run.list.length} 家，其中较上次新增 {run.newCount} 家
      </p>
      {run.notice ? <Alert type="info" showIcon message={run.notice} /> : null}
      <div className="imc-bulk">
        <Space wrap>
          <EnterpriseBulkBar source="数字员工" selected={selected} onDone={() => setSelected([])} />
          {task === 'outreach' ? (
            <Button
              icon={<WechatOutlined />}
              disabled={!selected.length}
              onClick={() => setWeixin(true)}
              data-testid="skill-outreach"
            >
              发起加微任务
            </Button>
          ) : null}
        </Space>
      </div>
      <Table<SkillCompany>
        rowKey="id"
        size="middle"
        columns={COLUMNS}
        dataSource={run.list}
        scroll={{ x: 860 }}
        pagination={false}
        locale={{ emptyText: <Empty description="本次没有找到企业" /> }}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
      />
      {task === 'outreach' ? (
        <AddWeixinDialog
          open={weixin}
          onClose={() => setWeixin(false)}
          entIds={selected}
          defaultTitle="数字员工加微"
          onCreated={(t) => router.push(addWeixinDetailHref(t))}
        />
      ) : null}
    </section>
  );
}

function Schedule({ detail, onChange }: { detail: SkillDetail; onChange: () => void }) {
  const { message } = useFeedback();
  const [busy, setBusy] = useState(false);
  const s = detail.schedule;
  async function set(enabled: boolean) {
    setBusy(true);
    try {
      await call(digitalEmployeeSkillSchedule, { body: { key: detail.skill.key, enabled } });
      message.success(enabled ? '已开启每日运行，出现新企业时会发消息给您' : '已停止每日运行');
      onChange();
    } catch {
      // The shared handler has shown the message.
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="skd-schedule" data-testid="skill-schedule">
      {s?.active ? (
        <>
          <span data-testid="skill-schedule-state">
            <CalendarOutlined /> 每日运行中，下次运行：{s.nextRunAt ? when(s.nextRunAt) : '-'}
            {s.lastRunAt ? `；上次：${when(s.lastRunAt)}` : ''}
          </span>
          <Button icon={<StopOutlined />} loading={busy} onClick={() => set(false)}>
            停止每日运行
          </Button>
        </>
      ) : (
        <>
          <span className="ent-muted" data-testid="skill-schedule-state">
            每天自动运行一次，出现新企业时通知到消息中心。
          </span>
          <Button
            icon={<CalendarOutlined />}
            loading={busy}
            disabled={detail.skill.locked}
            onClick={() => set(true)}
          >
            每日运行
          </Button>
        </>
      )}
      {s && !s.active && s.stoppedReason ? (
        <Alert type="warning" showIcon message={s.stoppedReason} />
      ) : null}
    </div>
  );
}

/**
 * 数字员工技能 (spec 2.2 /digitalEmployeeDetail?key=N, issue 34 item 2): one skill — what it
 * does, run it (a skill above the edition is shown locked before any click), its last results
 * with reasons and 加入线索 / 导出 / 加微, and the daily schedule.
 */
export function SkillDetailScreen() {
  const params = useSearchParams();
  const router = useRouter();
  const queryClient = useQueryClient();
  const key = keyOf(params.get('key'));
  const input = { query: { key } };
  const detail = useQuery({
    queryKey: contractKey(digitalEmployeeSkillGet, input),
    queryFn: ({ signal }) => call(digitalEmployeeSkillGet, input, { signal, silent: true }),
  });
  const [running, setRunning] = useState(false);
  const d = detail.data;

  async function run() {
    setRunning(true);
    try {
      const result = await call(digitalEmployeeSkillRun, { body: { key } });
      queryClient.setQueryData(contractKey(digitalEmployeeSkillGet, input), (old?: SkillDetail) =>
        old ? { ...old, lastRun: result } : old,
      );
    } catch {
      // The shared handler has shown the message (a locked skill names its edition).
    } finally {
      setRunning(false);
    }
  }

  if (detail.error)
    return (
      <LoadErrorAlert
        title={errorText(detail.error, '技能加载失败')}
        onRetry={() => detail.refetch()}
      />
    );
  if (!d) return <Skeleton active />;
  const skill = d.skill;
  return (
    <>
      <section className="ent-card skd-head" aria-label="技能" data-testid="skill-detail">
        <Select
          value={skill.key}
          onChange={(k) => router.replace(skillDetailHref(k))}
          aria-label="选择技能"
          className="skd-select"
          options={d.skills.map((s) => ({
            value: s.key,
            label: (
              <span>
                {s.key}. {s.name}
                {s.locked ? (
                  <Tag icon={<LockOutlined />} style={{ marginInlineStart: 6 }}>
                    {s.editionName}
                  </Tag>
                ) : null}
              </span>
            ),
          }))}
        />
        <h2 className="mgc-h2" data-testid="skill-name">
          {skill.name}
          <Tag style={{ marginInlineStart: 8 }}>
            {skill.minEdition === 0 ? '所有版本' : `${skill.editionName}及以上`}
          </Tag>
        </h2>
        <p>{skill.summary}</p>
        <p className="ent-muted">得到：{skill.result}</p>
        <p className="ent-muted">可以这样说：{skill.examples.map((e) => `“${e}”`).join('、')}</p>
        {skill.locked ? (
          <Alert
            type="warning"
            showIcon
            icon={<LockOutlined />}
            data-testid="skill-locked"
            message={`「${skill.name}」需要${skill.editionName}及以上版本`}
            action={
              <Button size="small" href="/memberCenter">
                升级版本
              </Button>
            }
          />
        ) : null}
        <Space wrap className="skd-actions">
          <Button
            type="primary"
            icon={skill.locked ? <LockOutlined /> : <PlayCircleOutlined />}
            loading={running}
            disabled={skill.locked}
            onClick={run}
            data-testid="skill-run"
          >
            立即运行
          </Button>
        </Space>
        <Schedule detail={d} onChange={() => void detail.refetch()} />
      </section>
      {d.lastRun ? (
        <RunResults key={d.lastRun.runAt} run={d.lastRun} task={skill.task} />
      ) : (
        <section className="ent-card">
          <Empty
            description={skill.locked ? '升级后即可运行该技能' : '还没有运行过，点击“立即运行”'}
          />
        </section>
      )}
    </>
  );
}
