/** The count of a search reply: 1,234, or 约 10,000+ when the count was capped. */
export function totalText(total: number, capped: boolean): string {
  return `${capped ? '约 ' : ''}${total.toLocaleString('zh-CN')}${capped ? '+' : ''}`;
}

/** The full-page view of one search reply (spec 2.2). */
export function detailHref(taskId: number, messageId: number): string {
  return `/intelligenceSearchDetail?taskId=${taskId}&messageId=${messageId}`;
}
