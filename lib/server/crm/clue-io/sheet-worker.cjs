'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by a worker without a compiler (ADR 0160) */
/**
 * The parse worker of uploaded spreadsheets (ADR 0160): a child process started by
 * sheet-in-worker.ts with a heap limit and a time budget, so whatever an upload does to it (even a
 * V8 abort, which a worker thread's resourceLimits do not always contain) the server goes on.
 *
 * The first message is { kind: 'xlsx' | 'csv', data, limits }. The non-blank rows go back in
 * batches, each after the server asks for it ('more'; the first message counts as a request), so
 * a slow reader (the import job writing to the database) never has more than one batch waiting.
 * Messages sent: { rows }, then { done } or { error: { code, message } }.
 */
const { SheetLimitError, csvRows, decodeCsv, readFirstSheet } = require('./sheet-parse.cjs');

const BATCH_ROWS = 500;

let job = null;
let wanted = null;
process.on('message', (m) => {
  if (m && typeof m === 'object' && m.kind && !job) {
    job = m;
    main().catch(fail);
  } else if (m === 'more' && wanted) {
    const go = wanted;
    wanted = null;
    go();
  }
});
// The server went away: nothing to read for.
process.on('disconnect', () => process.exit(0));
const asked = () => new Promise((resolve) => (wanted = resolve));
const send = (m) => new Promise((resolve) => process.send(m, undefined, {}, () => resolve()));

async function* rowsOf(kind, data, limits) {
  if (kind === 'csv') {
    // Text is bounded by the upload's size; csvRows keeps no field past the last column.
    yield* csvRows(decodeCsv(data), limits.maxColumns);
    return;
  }
  for await (const row of readFirstSheet(data, limits)) {
    if (row.extra) yield { number: row.number, cells: row.cells, extra: true };
    else if (row.cells.some((c) => c !== '')) yield { number: row.number, cells: row.cells };
  }
}

async function main() {
  const { kind, data, limits } = job;
  let batch = [];
  let count = 0;
  for await (const row of rowsOf(kind, data, limits)) {
    batch.push(row);
    count += 1;
    // Enough to tell "too many" (the header, the most data rows, one more): the rest is not read.
    if (count >= limits.maxRows) break;
    if (batch.length >= BATCH_ROWS) {
      const next = asked();
      await send({ rows: batch });
      batch = [];
      await next;
    }
  }
  if (batch.length) {
    const next = asked();
    await send({ rows: batch });
    await next;
  }
  await send({ done: true, truncated: count >= limits.maxRows });
}

function fail(err) {
  const code = err instanceof SheetLimitError ? err.code : 'unreadable';
  void send({ error: { code, message: String((err && err.message) || err) } });
}
