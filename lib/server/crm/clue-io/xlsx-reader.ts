/**
 * The reader of the first worksheet of an .xlsx, for imports, lives in sheet-parse.cjs and runs in
 * a worker thread with every dimension bounded (issue 28 item 1, ADR 0160): sheetRows('xlsx', …)
 * of sheet-in-worker.ts. It is our own rather than exceljs's WorkbookReader, which decodes each
 * chunk of the unzipped XML on its own, so a Chinese character split across two chunks comes out
 * as U+FFFD (a few names in every 10,000); ours inflates the sheet as a stream through one
 * StringDecoder and parses rows as they complete, so memory stays flat too.
 */
export { xmlText } from './sheet-parse.cjs';
