import { formatTotal } from '@/lib/shared/search/total-text';

/** The count of a search reply, worded like every other total (formatTotal). */
export function totalText(total: number, capped: boolean): string {
  return formatTotal(total, capped);
}

/** The full-page view of one search reply (spec 2.2). */
export function detailHref(taskId: number, messageId: number): string {
  return `/intelligenceSearchDetail?taskId=${taskId}&messageId=${messageId}`;
}
