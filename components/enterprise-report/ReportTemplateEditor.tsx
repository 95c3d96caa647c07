'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Input, Skeleton, Space } from 'antd';
import { StatusNotice } from '@/components/layout/StatusNotice';
import { call, contractKey } from '@/lib/client/request';
import {
  createReportTemplate,
  getReportTemplate,
  getReportTemplateList,
  updateReportTemplate,
} from '@/lib/shared/enterprise-report/report.endpoints';
import type { ReportTemplateView } from '@/lib/shared/enterprise-report/report.contract';
import {
  REPORT_CENTER_PATH,
  REPORT_SECTIONS,
  reportTemplateInputSchema,
  type ReportSectionKey,
} from '@/lib/shared/enterprise-report/report.types';
import { useFeedback } from '@/lib/client/feedback';

/**
 * 报告模板 (/enterpriseReport/reportTemplate, ?id= to edit one of the member's own): a name and the
 * sections to include, checked by the same rule as the API (reportTemplateInputSchema).
 */
export function ReportTemplateEditor({ id }: { id: number | null }) {
  const existing = useQuery({
    queryKey: contractKey(getReportTemplate, { query: { id: id ?? 0 } }),
    queryFn: () => call(getReportTemplate, { query: { id: id! } }, { silent: true }),
    enabled: id !== null,
    retry: false,
  });
  if (id === null) return <TemplateForm id={null} initial={null} />;
  if (existing.isPending) return <Skeleton active />;
  if (existing.isError || existing.data.builtIn)
    return (
      <StatusNotice
        status="404"
        title={existing.data?.builtIn ? '内置模板不能修改' : '报告模板不存在'}
        extra={<Link href={REPORT_CENTER_PATH}>返回企业报告</Link>}
      />
    );
  return <TemplateForm id={id} initial={existing.data} />;
}

function TemplateForm({ id, initial }: { id: number | null; initial: ReportTemplateView | null }) {
  const { message } = useFeedback();
  const router = useRouter();
  const client = useQueryClient();
  const [name, setName] = useState(initial?.name ?? '');
  const [remark, setRemark] = useState(initial?.remark ?? '');
  const [sections, setSections] = useState<ReportSectionKey[]>(
    initial?.sections ?? ['basic', 'shareholders', 'risks'],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    const parsed = reportTemplateInputSchema.safeParse({ name, sections, remark });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      if (id === null) await call(createReportTemplate, { body: parsed.data });
      else await call(updateReportTemplate, { body: { ...parsed.data, id } });
      await client.invalidateQueries({ queryKey: contractKey(getReportTemplateList) });
      message.success('模板已保存');
      router.push(REPORT_CENTER_PATH);
    } catch {
      // Shown by the request layer (the template limit, a name too long).
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="rpt-editor">
      <div className="rpt-editor-field">
        <label htmlFor="rpt-tpl-name">模板名称</label>
        <Input
          id="rpt-tpl-name"
          value={name}
          maxLength={30}
          showCount
          placeholder="例如：销售拜访版"
          status={errors.name ? 'error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name ? <div className="rpt-error">{errors.name}</div> : null}
      </div>
      <fieldset className="rpt-editor-field rpt-sections">
        <legend>报告章节</legend>
        <Checkbox.Group
          value={sections}
          onChange={(v) => setSections(v as ReportSectionKey[])}
          className="rpt-section-list"
        >
          {REPORT_SECTIONS.map((s) => (
            <Checkbox key={s.key} value={s.key}>
              <span className="rpt-section-title">{s.title}</span>
              <span className="rpt-section-hint">{s.hint}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
        {errors.sections ? <div className="rpt-error">{errors.sections}</div> : null}
      </fieldset>
      <div className="rpt-editor-field">
        <label htmlFor="rpt-tpl-remark">说明（选填）</label>
        <Input.TextArea
          id="rpt-tpl-remark"
          value={remark}
          maxLength={200}
          rows={2}
          onChange={(e) => setRemark(e.target.value)}
        />
      </div>
      <Space>
        <Button
          type="primary"
          loading={saving}
          onClick={() => void save()}
          data-testid="report-template-save"
        >
          保存模板
        </Button>
        <Link href={REPORT_CENTER_PATH}>取消</Link>
      </Space>
    </div>
  );
}
