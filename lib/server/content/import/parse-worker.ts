/**
 * The content import's worker process (issue 28 item 1, ADR 0160): parses, renders and sanitises
 * one item at a time for parse-in-worker.ts (and computes its search fields), run as `node --import tsx` with a capped heap, so a
 * long or pathological body costs this process, never the server's event loop. Messages in:
 * { id, raw }; out: { id, item } | { id, rejection } | { id, error }.
 */
import '../../platform/outside-next';
import { newsSearch, policySearch, reportSearch } from '../content-write';
import { renderMarkdown } from './markdown';
import { ImportRejection, parseImportItem, type ParsedItem } from './parse';
import { rejectUploadedAttachment } from './upload-attachments';

/** The item with its search fields (normalised text and bigrams: a second of CPU for a long body). */
function withSearch(item: ParsedItem): ParsedItem {
  if (item.type === 'policy') item.row.search = policySearch(item.row);
  else if (item.type === 'report') item.row.search = reportSearch(item.row);
  else item.row.search = newsSearch(item.row);
  return item;
}

process.on('message', (m: { id: number; raw: unknown }) => {
  parseImportItem(m.raw, { renderMarkdown, storeAttachment: rejectUploadedAttachment }).then(
    (item) => process.send!({ id: m.id, item: withSearch(item) }),
    (err: Error) =>
      process.send!(
        err instanceof ImportRejection
          ? { id: m.id, rejection: err.message }
          : { id: m.id, error: err.message },
      ),
  );
});
// The server went away: nothing to parse for.
process.on('disconnect', () => process.exit(0));
