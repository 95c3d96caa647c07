import { exportedNothing, jobContentTitle, jobFileName, type NamedJob } from '../job-name';

// 2026-11-29 10:30 in China.
const AT = Date.UTC(2026, 10, 29, 2, 30);
const batch = (result: Record<string, unknown> | null, total = 12): NamedJob => ({
  kind: 'wyw_batch',
  title: '批量导出',
  status: 'succeeded',
  total,
  result,
  fileName: '导出.xlsx',
  createTime: AT,
});

describe('下载中心 rows named by content and date (issue 28 item 7)', () => {
  it('names 批量导出 by what it holds', () => {
    expect(jobContentTitle(batch({ exportedNum: 12 }))).toBe('批量导出（12 条线索）');
    expect(jobFileName(batch({ exportedNum: 12 }))).toBe('批量导出（12条线索）_20261129-1030.xlsx');
  });

  it('keeps titles that already say their content, and dates their files', () => {
    const job: NamedJob = {
      kind: 'export_enterprises',
      title: '企业导出（3 家）',
      status: 'succeeded',
      total: 3,
      result: { rows: 3 },
      fileName: '导出.xlsx',
      createTime: AT,
    };
    expect(jobContentTitle(job)).toBe('企业导出（3 家）');
    expect(jobFileName(job)).toBe('企业导出（3家）_20261129-1030.xlsx');
    expect(jobFileName({ ...job, fileName: null })).toBeNull();
  });

  it("names an import's failures file by what it holds, not by the upload", () => {
    const job: NamedJob = {
      kind: 'clue_import',
      title: '线索导入：客户名单.xlsx',
      status: 'succeeded',
      total: 1000,
      result: { imported: 990, failed: 10 },
      fileName: '线索导入失败明细.xlsx',
      createTime: AT,
    };
    expect(jobFileName(job)).toBe('线索导入失败明细_20261129-1030.xlsx');
  });

  it('flags an export that exported nothing', () => {
    expect(exportedNothing(batch({ exportedNum: 0 }))).toBe(true);
    expect(exportedNothing(batch({ exportedNum: 3 }))).toBe(false);
    expect(exportedNothing({ ...batch({ exportedNum: 0 }), status: 'running' })).toBe(false);
    expect(exportedNothing({ kind: 'clue_import', status: 'succeeded', result: { rows: 0 } })).toBe(
      false,
    );
  });
});
