import { isValidElement, type ReactNode } from 'react';
import { callApi, createTestUser } from '@/test/helpers/api';
import { sealSession } from '@/test/helpers/page-request';
import { SESSION_COOKIE } from '@/lib/server/platform/session/session-cookie';
import {
  seedFamily,
  SECRET_EMAIL,
  SECRET_MOBILE,
  SECRET_PHONE,
  type Family,
} from '@/lib/server/enterprise/__tests__/fixtures';

/**
 * The company page's content must not depend on who looks at it (the visitors' copy is cached
 * and served to every visitor; a member's copy differs only in its frame, issue 28 item 7): even
 * for the tenant that unlocked the company, its output holds masked contacts and neutral buttons
 * only. The personal part arrives with one client call.
 */
let sessionCookie: string | undefined;
jest.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name === SESSION_COOKIE && sessionCookie ? { name, value: sessionCookie } : undefined,
    getAll: () => [],
    has: (name: string) => name === SESSION_COOKIE && Boolean(sessionCookie),
  }),
  headers: async () => new Headers(),
  draftMode: async () => ({ isEnabled: false }),
}));
// Client islands are not rendered here: the page's own output is what is checked.
jest.mock('@/components/layout/LoginEntry', () => ({ LoginEntry: () => null }));
jest.mock('@/components/search/LeanSearchBox', () => ({ LeanSearchBox: () => null }));
jest.mock('@/components/enterprise/detail/DetailTabs', () => ({
  DetailTabs: () => null,
  TabPanel: () => null,
}));
jest.mock('@/components/enterprise/detail/TabTable', () => ({ TabPager: () => null }));
jest.mock('@/components/enterprise/detail/AnnualReportPanel', () => ({
  AnnualReportPanel: () => null,
}));
jest.mock('@/components/enterprise/detail/ContactPanel', () => ({ ContactPanel: () => null }));
jest.mock('@/components/enterprise/detail/DetailActions', () => ({ DetailActions: () => null }));
jest.mock('@/components/enterprise/graph/LazyGraphs', () => ({ LazyGraphs: () => null }));

import { CompanyDetailView } from '../view';

let f: Family;

beforeAll(async () => {
  f = await seedFamily();
});

/** Every prop value of the element tree the page returns (client components are not run). */
function collect(node: ReactNode, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) node.forEach((n) => collect(n, out));
  else if (isValidElement(node)) {
    const props = node.props as Record<string, unknown>;
    for (const [k, v] of Object.entries(props)) {
      if (k === 'children' || isValidElement(v) || Array.isArray(v)) collect(v as ReactNode, out);
      else out.push(v);
    }
  } else if (node !== null && node !== undefined && typeof node !== 'boolean') out.push(node);
  return out;
}

function serialise(tree: ReactNode): string {
  return JSON.stringify(collect(tree), (_k, v: unknown) =>
    typeof v === 'function' || typeof v === 'symbol' ? undefined : v,
  );
}

it('never carries a tenant’s unlocked contacts, for that tenant’s member or a visitor', async () => {
  const user = await createTestUser({ edition: 1 });
  const unlocked = await callApi('POST', '/szjk/enterprise/unlock-enterprise', {
    body: { entId: f.mainId },
    token: user.accessToken,
  });
  expect(unlocked.code).toBe(200);

  for (const cookie of [await sealSession(user), undefined]) {
    sessionCookie = cookie;
    // The proxy renders a member's request from the member route (chrome 'member').
    const tree = (await CompanyDetailView({
      searchParams: Promise.resolve({ pid: String(f.mainId), tab: 'annualReports' }),
      chrome: cookie ? 'member' : 'visitor',
    })) as ReactNode;
    const text = serialise(tree);
    expect(text).toContain('138****5678'); // the masked mobile is there…
    for (const secret of [SECRET_MOBILE, SECRET_PHONE, SECRET_EMAIL])
      expect(text).not.toContain(secret);
    // …and nothing of the viewer's state is decided on the server.
    expect(text).not.toContain('"favorite":true');
    expect(text).not.toContain('"unlocked":true');
    // One chrome per state: the public header's home link only for the visitor.
    expect(text.includes('"/"')).toBe(cookie === undefined);
  }
});
