import path from 'node:path';
import { clientFirstLoadViolations, ROOT } from '@/components/layout/__tests__/first-load-walk';

/**
 * /companySearch is a public page visitors land on from search engines (issue 10): server-rendered
 * with small client islands. What its islands import at first load must stay free of antd, the
 * icon set, zod and the API contracts; the walk is in first-load-walk.ts.
 */
const PAGE = path.join(ROOT, 'app/companySearch/page.tsx');

describe('/companySearch first load', () => {
  it('its client islands import no antd, zod, contracts or next/link', () => {
    const { violations, clientFiles } = clientFirstLoadViolations(PAGE);
    // The walk reaches the islands (so an empty list means something); the signed-in user
    // area is walked in components/layout/__tests__/public-header-first-load.test.tsx.
    expect(clientFiles).toEqual(
      expect.arrayContaining([
        'components/search/LeanSearchBox.tsx',
        'components/search/results/ResultRowActions.tsx',
        'components/search/results/SearchTableState.tsx',
        'components/layout/LoginEntry.tsx',
        'components/layout/lean-user.ts',
      ]),
    );
    expect(violations).toEqual([]);
  });

  it('the walk does see antd and contracts where a client module imports them', () => {
    // The workspace's search box is an antd island (its calls use zod-free route parts since
    // ADR 0217); the WeChat unbind dialog imports a contract: the same walk flags both.
    const searchBox = clientFirstLoadViolations(
      path.join(ROOT, 'components/search/EnterpriseSearchBox.tsx'),
    ).violations;
    expect(searchBox.some((v) => v.includes('→ antd (antd)'))).toBe(true);
    const dialog = clientFirstLoadViolations(
      path.join(ROOT, 'components/account/WechatUnbindDialog.tsx'),
    ).violations;
    expect(dialog.some((v) => v.includes('.contract') && v.includes('an API contract'))).toBe(true);
  });
});
