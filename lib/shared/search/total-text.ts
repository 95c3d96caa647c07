/**
 * The one way a total of companies, policies or results reads (issue 28 item 7: the same total
 * read 2 万, 约 10,000+ and 约2万 on three pages): 1,234 when counted exactly; 约32万 / 约1.5万 /
 * 约3,500 when estimated or when counting stopped at a cap.
 */
export function formatTotal(total: number, approx: boolean): string {
  if (!approx) return total.toLocaleString('en-US');
  if (total >= 10_000) {
    const wan = total / 10_000;
    return `约${wan >= 10 ? Math.round(wan) : wan.toFixed(1).replace(/\.0$/, '')}万`;
  }
  const rounded = total >= 1000 ? Math.round(total / 100) * 100 : Math.round(total / 10) * 10;
  return `约${rounded.toLocaleString('en-US')}`;
}
