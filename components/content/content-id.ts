/** A content id from the address: a positive integer, or null (the page then answers 404). */
export function parseContentId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,12}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
