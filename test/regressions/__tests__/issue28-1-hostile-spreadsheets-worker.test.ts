import {
  SHEET_LIMITS,
  SHEET_WORKER_DEFAULTS,
  SheetReadError,
  sheetRows,
  type SheetWorkerOptions,
} from '@/lib/server/crm/clue-io/sheet-in-worker';
import { CLUE_IO_MESSAGES as M } from '@/lib/shared/clue-io/clue-io.constants';
import { withLoopProbe } from '../event-loop-probe';
import { farColumn, headerRow, manyRows, sharedStringsBomb, workbook } from '../hostile-files';

/**
 * Issue 28 item 1, the parse worker itself: what happens when a bound is passed inside it (its
 * memory, its time), that a far column is dropped rather than padded, and that the server's
 * thread stays free meanwhile. The API test beside this one goes through the upload.
 */

jest.setTimeout(60_000);

async function read(data: Buffer, options: Partial<SheetWorkerOptions> = {}, kind = 'xlsx') {
  const rows = [];
  for await (const row of sheetRows(kind as 'xlsx' | 'csv', data, options)) rows.push(row);
  return rows;
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe('the parse worker (issue 28, item 1)', () => {
  it('keeps columns A–J of a row with a cell at ZZZZZZ, and marks that it had more', async () => {
    const rows = await read(farColumn('远列公司'));
    expect(rows[1]).toEqual({ number: 2, cells: ['远列公司'], extra: true });
    expect(rows[0].cells).toHaveLength(SHEET_LIMITS.maxColumns);
  });

  it('ends a worker that runs out of memory; the caller gets a message', async () => {
    const { value: err, lagMs } = await withLoopProbe(() =>
      failure(
        read(sharedStringsBomb(100), {
          heapMb: 16,
          limits: { ...SHEET_LIMITS, maxSharedStringsBytes: 1 << 30, maxSharedStrings: 1e9 },
        }),
      ),
    );
    expect(err).toBeInstanceOf(SheetReadError);
    expect(err).toMatchObject({ code: 'tooLarge', message: M.tooComplex });
    expect(lagMs).toBeLessThan(1000);
  });

  it('ends a worker past its time; the caller gets a message', async () => {
    const {
      value: err,
      ms,
      lagMs,
    } = await withLoopProbe(() =>
      failure(
        read(manyRows(3_000_000, true), {
          timeMs: 200,
          limits: { ...SHEET_LIMITS, maxRawRows: Infinity },
        }),
      ),
    );
    expect(err).toMatchObject({ code: 'timeout', message: M.tooComplex });
    expect(ms).toBeLessThan(5000);
    expect(lagMs).toBeLessThan(1000);
  });

  it('runs at most `concurrency` parses; one more waits, then hears "busy"', async () => {
    const options = { ...SHEET_WORKER_DEFAULTS, concurrency: 1, waitMs: 300 };
    const sheet = workbook([Buffer.from(`<worksheet><sheetData>${headerRow()}</sheetData>`)]);
    const first = sheetRows('xlsx', sheet, options);
    await first.next(); // holds the one slot
    await expect(read(sheet, options)).rejects.toMatchObject({ code: 'busy', message: M.busy });
    await first.return(undefined);
    expect(await read(sheet, options)).toHaveLength(1);
  });

  it('reads CSV in the worker too, no field kept past the last column', async () => {
    const csv = Buffer.from(`甲${','.repeat(100_000)}尾\n\n乙,1\n`);
    expect(await read(csv, {}, 'csv')).toEqual([
      { number: 1, cells: ['甲', '', '', '', '', '', '', '', '', ''], extra: true },
      { number: 3, cells: ['乙', '1'] },
    ]);
  });
});
