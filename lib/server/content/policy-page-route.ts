import { POLICY_TABS } from '@/lib/shared/content/content.constants';
import { getPool } from '@/lib/server/platform/proxy-door';
import { validId } from './content-sql';

/**
 * The signed-in policy page /policy-analysis/policy-inquiry/policy-details/{id}(/{activeKey})
 * renders inside the workspace shell, which streams before the page: the page's notFound() shows
 * the not-found page but the status is already 200. proxy.ts asks this first and answers 404
 * itself for an unknown id or tab (issue 17: unknown ids give a real 404).
 */
const PREFIX = '/policy-analysis/policy-inquiry/policy-details/';

/** The id and tab segments of a policy page address, or null for any other path. */
export function policyPageSegments(pathname: string): { id: string; tab?: string } | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const parts = pathname.slice(PREFIX.length).replace(/\/$/, '').split('/');
  if (parts.length > 2 || !parts[0]) return null;
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  return parts.length === 2 ? { id: parts[0], tab: decode(parts[1]) } : { id: parts[0] };
}

async function policyExists(id: number): Promise<boolean> {
  const { rows } = await getPool().query('select 1 from content_policies where id = $1', [id]);
  return rows.length > 0;
}

/**
 * Whether `pathname` is a policy page that does not exist: an id that is no positive integer or
 * names no policy, or a tab other than POLICY_TABS. Any other path, and a database that cannot
 * answer, say false (the page then decides, as before).
 */
export async function missingPolicyPage(
  pathname: string,
  exists: (id: number) => Promise<boolean> = policyExists,
): Promise<boolean> {
  const seg = policyPageSegments(pathname);
  if (!seg) return false;
  if (seg.tab !== undefined && !POLICY_TABS.some((t) => t.key === seg.tab)) return true;
  const id = /^\d{1,12}$/.test(seg.id) ? validId(seg.id) : null;
  if (id === null) return true;
  try {
    return !(await exists(id));
  } catch {
    return false;
  }
}
