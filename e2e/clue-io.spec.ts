import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from './support/test';
import { signUp } from './support/session';
import { untilStill } from './support/ui';

/**
 * Issue 14: importing leads from the template as a background job (progress, result, failures file)
 * and exporting them into 下载中心. A new enterprise per run, so its lead list starts empty.
 */
const SHOTS = process.env.SHOTS_DIR || 'test-results/screens';

async function sheetRows(file: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

test('import leads from the template, download the failures, export into 下载中心', async ({
  page,
}) => {
  const run = Date.now() % 1_000_000;
  await signUp(page.request, { companyName: `E2E导入${run}科技有限公司` });
  await page.goto('/clue/list');
  await expect(page.getByRole('heading', { name: '线索管理' })).toBeVisible({ timeout: 30_000 });

  // The template comes from the import dialog.
  await page.getByRole('button', { name: /导\s*入/ }).click();
  const dialog = page.getByRole('dialog', { name: '导入线索' });
  await untilStill(page, dialog);
  const [templateDownload] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载导入模板' }).click(),
  ]);
  expect(templateDownload.suggestedFilename()).toBe('线索导入模板.xlsx');
  const templatePath = await templateDownload.path();
  const headers = (await sheetRows(templatePath))[0];
  expect(headers.slice(0, 4)).toEqual(['线索名称', '统一社会信用代码', '联系人', '手机号']);

  // Two good rows and one with a bad mobile, written over the template's example.
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(templatePath);
  const sheet = book.worksheets[0];
  sheet.spliceRows(2, sheet.rowCount);
  const good1 = `导入甲${run}商贸有限公司`;
  const good2 = `导入乙${run}咨询有限公司`;
  sheet.addRow([good1, '', '李四', '13900139000']);
  sheet.addRow([good2, '', '王五', '']);
  sheet.addRow([`导入丙${run}有限公司`, '', '赵六', '123']);
  const upload = path.join(os.tmpdir(), `leads-${run}.xlsx`);
  await book.xlsx.writeFile(upload);

  await dialog.locator('input[type=file]').setInputFiles(upload);
  await expect(dialog.getByText('导入完成')).toBeVisible({ timeout: 60_000 });
  await expect(dialog).toContainText('成功导入 2 条');
  await expect(dialog).toContainText('失败 1 条');
  await page.screenshot({ path: `${SHOTS}/clue-import-done.png` });
  const [failures] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: '下载失败明细' }).click(),
  ]);
  const failureRows = await sheetRows(await failures.path());
  expect(failureRows).toHaveLength(2);
  expect(failureRows[0]).toContain('失败原因');
  expect(failureRows[1].join(' ')).toContain(`导入丙${run}有限公司`);
  await dialog.getByRole('button', { name: /完\s*成/ }).click();

  const rows = page.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(page.locator('table')).toContainText(good1);

  // Export: a background job that lands in 下载中心 with both leads.
  await page.getByRole('button', { name: /导\s*出/ }).click();
  await expect(page.getByText('已加入下载中心')).toBeVisible();
  await page.goto('/downloadList');
  const row = page.locator('tr.ant-table-row', { hasText: '线索导出' });
  await expect(row).toContainText('已完成', { timeout: 60_000 });
  const [exported] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: /下\s*载/ }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^线索导出（\d+条线索）_\d{8}-\d{4}\.xlsx$/);
  const exportedRows = await sheetRows(await exported.path());
  expect(exportedRows).toHaveLength(3);
  expect(exportedRows.map((r) => r.join(' ')).join('\n')).toContain(good2);
  // The import is listed there too.
  await expect(page.locator('tr.ant-table-row', { hasText: '线索导入' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/clue-download-centre.png`, fullPage: true });
  fs.rmSync(upload, { force: true });
});
