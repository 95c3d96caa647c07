'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Empty,
  Popconfirm,
  Progress,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { call, contractKey, download } from '@/lib/client/request';
import { onPushMessage, readAgain, RECONNECTED } from '@/lib/client/push';
import { usePermission } from '@/lib/client/session';
import { EnterprisePicker, type PickedEnterprise } from '@/components/customer/EnterprisePicker';
import { downloadJobFile } from '@/lib/shared/jobs/job.endpoints';
import {
  createQuicklyReport,
  deleteReport,
  deleteReportTemplate,
  getReportAllowance,
  getReportPage,
  getReportTemplateList,
} from '@/lib/shared/enterprise-report/report.endpoints';
import { JOB_PUSH_TYPE, type JobView } from '@/lib/shared/jobs/job.types';
import {
  REPORT_PERMISSION,
  type ReportTemplateView,
  type ReportView,
} from '@/lib/shared/enterprise-report/report.contract';
import {
  REPORT_JOB_KIND,
  REPORT_STATUS_TEXT,
  REPORT_TEMPLATE_PATH,
  reportDetailPath,
  reportSectionTitle,
  type ReportStatus,
} from '@/lib/shared/enterprise-report/report.types';
import { useFeedback } from '@/lib/client/feedback';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<ReportStatus, string> = {
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
};

/**
 * 企业报告 (/enterpriseReport) for a member: the month's allowance, 生成报告 (a company and a
 * template), 我的报告 with live progress (job-progress pushes), and the templates.
 */
export function ReportCenter() {
  const { message } = useFeedback();
  const client = useQueryClient();
  const params = useSearchParams();
  const canCreate = usePermission(REPORT_PERMISSION);
  const [pageNo, setPageNo] = useState(1);
  // ?entId=&entName= (a company page's 生成报告) picks the company.
  const [company, setCompany] = useState<PickedEnterprise | null>(() => {
    const id = Number(params.get('entId'));
    const name = params.get('entName');
    return Number.isInteger(id) && id > 0 && name ? { id, name, uncid: null } : null;
  });
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  const allowance = useQuery({
    queryKey: contractKey(getReportAllowance),
    queryFn: () => call(getReportAllowance, {}, { silent: true }),
  });
  const templates = useQuery({
    queryKey: contractKey(getReportTemplateList),
    queryFn: () => call(getReportTemplateList, {}, { silent: true }),
  });
  const query = { pageNo, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: contractKey(getReportPage, { query }),
    queryFn: () => call(getReportPage, { query }, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const chosenTemplate = templateId ?? templates.data?.[0]?.id ?? null;

  // Live progress: a report job moved; read the list (and the allowance when one ended) again.
  useEffect(
    () =>
      onPushMessage((m) => {
        if (
          m.type === RECONNECTED ||
          (m.type === JOB_PUSH_TYPE && (m.content as JobView).kind === REPORT_JOB_KIND)
        ) {
          void readAgain(client, { queryKey: contractKey(getReportPage) });
          void readAgain(client, { queryKey: contractKey(getReportAllowance) });
        }
      }),
    [client],
  );

  async function generate() {
    if (!company) return void message.warning('请选择企业');
    if (!chosenTemplate) return void message.warning('请选择报告模板');
    setCreating(true);
    try {
      const report = await call(createQuicklyReport, {
        body: { entId: company.id, templateId: chosenTemplate },
      });
      message.success(`已开始生成「${report.entName}」的报告，完成后会在消息通知中提醒您`);
      setPageNo(1);
      await Promise.all([
        client.invalidateQueries({ queryKey: contractKey(getReportPage) }),
        client.invalidateQueries({ queryKey: contractKey(getReportAllowance) }),
      ]);
    } catch {
      // The request layer has shown the reason (allowance, busy, unknown company).
    } finally {
      setCreating(false);
    }
  }

  async function remove(r: ReportView) {
    await call(deleteReport, { query: { id: r.id } });
    message.success('报告已删除');
    await client.invalidateQueries({ queryKey: contractKey(getReportPage) });
  }

  async function removeTemplate(t: ReportTemplateView) {
    await call(deleteReportTemplate, { query: { id: t.id } });
    message.success('模板已删除');
    if (templateId === t.id) setTemplateId(null);
    await client.invalidateQueries({ queryKey: contractKey(getReportTemplateList) });
  }

  // In the 操作 column, and under the company on a phone (where that column is left out).
  const actionsOf = (r: ReportView) => (
    <Space size={4} wrap>
      {r.status === 'succeeded' ? (
        <Link href={reportDetailPath(r.id)} data-testid="report-open">
          查看报告
        </Link>
      ) : null}
      {r.pdfReady ? (
        <Button
          type="link"
          size="small"
          data-testid="report-pdf"
          onClick={() => void download(downloadJobFile, { query: { id: r.jobId } })}
        >
          下载 PDF
        </Button>
      ) : null}
      <Popconfirm
        title="删除这份报告？"
        description="已用的报告额度不会退回"
        onConfirm={() => remove(r)}
      >
        <Button type="link" size="small" danger>
          删除
        </Button>
      </Popconfirm>
    </Space>
  );

  const columns: ColumnsType<ReportView> = [
    {
      title: '企业',
      dataIndex: 'entName',
      render: (_, r) => (
        <div>
          <div className="rpt-ent">{r.entName}</div>
          <div className="rpt-sub">{r.templateName}</div>
          <div className="rpt-mobile-actions">{actionsOf(r)}</div>
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 200,
      render: (_, r) =>
        r.status === 'running' || r.status === 'queued' ? (
          <div data-testid="report-row-progress">
            <Progress percent={r.percent} size="small" status="active" />
            <div className="rpt-sub">{r.message ?? REPORT_STATUS_TEXT[r.status]}</div>
          </div>
        ) : (
          <Space direction="vertical" size={0}>
            <Tag color={STATUS_COLOR[r.status]} data-testid="report-status">
              {REPORT_STATUS_TEXT[r.status]}
            </Tag>
            {r.status === 'failed' && r.error ? <span className="rpt-sub">{r.error}</span> : null}
          </Space>
        ),
    },
    {
      title: '生成时间',
      dataIndex: 'createTime',
      width: 150,
      responsive: ['md'],
      render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      responsive: ['md'],
      render: (_, r) => actionsOf(r),
    },
  ];

  const a = allowance.data;
  return (
    <div className="rpt-center">
      <section className="ent-card rpt-create" aria-labelledby="rpt-create-title">
        <div className="rpt-head">
          <h2 id="rpt-create-title" className="rpt-h2">
            一键生成企业报告
          </h2>
          {a ? (
            <span className="rpt-allowance" data-testid="report-allowance">
              本月额度：已用 {a.usedThisMonth} / {a.monthlyQuota} 份（{a.editionName}）
            </span>
          ) : null}
        </div>
        {a && a.remaining <= 0 ? (
          <Alert
            type="warning"
            showIcon
            message={`本月企业报告额度已用完（${a.editionName}每月 ${a.monthlyQuota} 份），升级会员可生成更多`}
            action={<Link href="/memberCenter">开通会员</Link>}
          />
        ) : null}
        <div className="rpt-form">
          <div className="rpt-field">
            <span>企业</span>
            <EnterprisePicker
              label="选择企业"
              value={company?.id ?? null}
              initial={company}
              onChange={(_, picked) => setCompany(picked)}
            />
          </div>
          <div className="rpt-field">
            <span>报告模板</span>
            <Select
              aria-label="报告模板"
              data-testid="report-template"
              value={chosenTemplate ?? undefined}
              loading={templates.isPending}
              options={(templates.data ?? []).map((t) => ({
                value: t.id,
                label: t.builtIn ? `${t.name}（内置）` : t.name,
              }))}
              onChange={setTemplateId}
            />
          </div>
          <Button
            type="primary"
            loading={creating}
            disabled={!canCreate}
            title={canCreate ? undefined : '没有生成企业报告的权限，请联系管理员'}
            onClick={() => void generate()}
            data-testid="report-generate"
          >
            生成报告
          </Button>
        </div>
        <p className="rpt-hint">
          报告在后台生成，进度显示在右上角的消息通知处；完成后可在线查看网页版，PDF
          同时存入下载中心。 联系方式章节只包含本企业已解锁的联系方式。
        </p>
      </section>

      <section className="ent-card" aria-labelledby="rpt-list-title">
        <h2 id="rpt-list-title" className="rpt-h2">
          我的报告
        </h2>
        <Table<ReportView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isPending}
          locale={{ emptyText: <Empty description="还没有生成过报告" /> }}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: page.data?.total ?? 0,
            onChange: setPageNo,
            hideOnSinglePage: true,
          }}
        />
      </section>

      <section className="ent-card" aria-labelledby="rpt-tpl-title">
        <div className="rpt-head">
          <h2 id="rpt-tpl-title" className="rpt-h2">
            报告模板
          </h2>
          {canCreate ? (
            <Link href={REPORT_TEMPLATE_PATH} data-testid="report-template-new">
              <Button>新建模板</Button>
            </Link>
          ) : null}
        </div>
        <div className="rpt-templates">
          {(templates.data ?? []).map((t) => (
            <div key={t.id} className="rpt-template" data-testid="report-template-card">
              <div className="rpt-template-name">
                {t.name}
                {t.builtIn ? <Tag className="rpt-tag">内置</Tag> : null}
              </div>
              {t.remark ? (
                <Typography.Paragraph type="secondary">{t.remark}</Typography.Paragraph>
              ) : null}
              <div className="rpt-template-sections">
                {t.sections.map((s) => (
                  <Tag key={s}>{reportSectionTitle(s)}</Tag>
                ))}
              </div>
              {!t.builtIn && canCreate ? (
                <Space size={4}>
                  <Link href={`${REPORT_TEMPLATE_PATH}?id=${t.id}`}>编辑</Link>
                  <Popconfirm
                    title="删除这个模板？"
                    description="已生成的报告不受影响"
                    onConfirm={() => removeTemplate(t)}
                  >
                    <Button type="link" size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null}
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
