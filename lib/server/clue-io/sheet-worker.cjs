'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS, loaded by a worker without a compiler (ADR 0160) */
/**
 * The parse worker of uploaded spreadsheets (ADR 0160), started by sheet-in-worker.ts with memory
 * limits and a time budget: whatever an upload does to it, the server's own thread goes on.
 *
 * workerData: { kind: 'xlsx' | 'csv', data: Uint8Array, limits }. The non-blank rows go back in
 * batches, each after the server asks for it ('more'), so a slow reader (the import job writing
 * to the database) never has more than one batch waiting. Messages: { rows }, then { done } or
 * { error: { code, message } }.
 */
const { parentPort, workerData } = require('node:worker_threads');
const { SheetLimitError, csvRows, decodeCsv, readFirstSheet } = require('./sheet-parse.cjs');

const BATCH_ROWS = 500;

let wanted = null;
parentPort.on('message', (m) => {
  if (m === 'more' && wanted) {
    const go = wanted;
    wanted = null;
    go();
  }
});
const asked = () => new Promise((resolve) => (wanted = resolve));

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
  const { kind, data, limits } = workerData;
  await asked();
  let batch = [];
  let count = 0;
  for await (const row of rowsOf(kind, data, limits)) {
    batch.push(row);
    count += 1;
    // Enough to tell "too many" (the header, the most data rows, one more): the rest is not read.
    if (count >= limits.maxRows) break;
    if (batch.length >= BATCH_ROWS) {
      parentPort.postMessage({ rows: batch });
      batch = [];
      await asked();
    }
  }
  if (batch.length) {
    parentPort.postMessage({ rows: batch });
    await asked();
  }
  parentPort.postMessage({ done: true, truncated: count >= limits.maxRows });
}

main().catch((err) => {
  const code = err instanceof SheetLimitError ? err.code : 'unreadable';
  parentPort.postMessage({ error: { code, message: String((err && err.message) || err) } });
});
