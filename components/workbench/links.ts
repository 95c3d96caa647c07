import { companyDetailPath } from '@/lib/shared/enterprise/urls';

/** Where each workbench item leads (one click to the thing itself). */
export const leadHref = (id: number) => `/clue/list?open=${id}`;

export function searchHref(kind: string, keyword: string): string {
  if (kind === 'advanced') return '/advancedSearch';
  return `/companySearch?searchValue=${encodeURIComponent(keyword)}`;
}

export function viewHref(listKey: string, id: number): string {
  if (listKey === 'clue') return `/clue/list?view=${id}`;
  if (listKey === 'customer') return '/customerManagement/customerList';
  return '/clue/list';
}

export const LIST_NAMES: Record<string, string> = { clue: '线索', customer: '客户' };

export const companyHref = (uncid: string | null, name: string) =>
  companyDetailPath({ uncid, name });

/** The guide's sample search: a common word that finds demo companies. */
export const SAMPLE_SEARCH = '科技';
