import type { JobView } from '@/lib/shared/jobs/job.types';
import { currentReportFromJob } from '../current-report';
import { orderedSections, reportTemplateInputSchema } from '../report.types';

const job = (over: Partial<JobView>): JobView => ({
  id: 7,
  kind: 'enterprise_report',
  title: '厦门雷达科技有限公司企业报告',
  status: 'running',
  processed: 2,
  total: 4,
  percent: 50,
  message: '正在生成：风险与变更',
  result: null,
  error: null,
  fileName: null,
  fileSize: null,
  downloadable: false,
  createTime: 1,
  finishTime: null,
  expireTime: null,
  ...over,
});

describe('the bell’s currentReport (spec 3)', () => {
  it('follows a report job while it runs, and links the report once it is done', () => {
    expect(currentReportFromJob(job({}))).toEqual({
      jobId: 7,
      title: '厦门雷达科技有限公司企业报告',
      status: 'running',
      percent: 50,
      message: '正在生成：风险与变更',
      link: null,
    });
    expect(
      currentReportFromJob(
        job({ status: 'succeeded', percent: 100, result: { reportId: 42 }, message: '报告已生成' }),
      ),
    ).toMatchObject({ status: 'succeeded', link: '/enterpriseReport/reportDetail?id=42' });
  });

  it('says why a report failed, and ignores other jobs', () => {
    expect(
      currentReportFromJob(job({ status: 'failed', error: '企业不存在或已移除' })),
    ).toMatchObject({ status: 'failed', message: '企业不存在或已移除', link: null });
    expect(currentReportFromJob(job({ status: 'cancelled' }))).toMatchObject({
      status: 'failed',
      message: '报告生成失败',
    });
    expect(currentReportFromJob(job({ kind: 'clue_export' }))).toBeNull();
  });
});

describe('report templates', () => {
  it('keeps sections in report order and checks the name', () => {
    expect(orderedSections(['contacts', 'basic', 'ip'])).toEqual(['basic', 'ip', 'contacts']);
    const ok = reportTemplateInputSchema.safeParse({ name: ' 拜访版 ', sections: ['basic'] });
    expect(ok.success && ok.data.name).toBe('拜访版');
    const bad = reportTemplateInputSchema.safeParse({ name: '', sections: ['basic'] });
    expect(bad.error?.issues[0].message).toBe('请输入模板名称');
  });
});
