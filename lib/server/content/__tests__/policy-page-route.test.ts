import { missingPolicyPage, policyPageSegments } from '../policy-page-route';

const base = '/policy-analysis/policy-inquiry/policy-details';
const known = async (id: number) => id === 7;

describe('missingPolicyPage (the 404 proxy.ts answers for the signed-in policy page)', () => {
  it('reads the id and tab of a policy page address only', () => {
    expect(policyPageSegments(`${base}/7`)).toEqual({ id: '7' });
    expect(policyPageSegments(`${base}/7/conditions/`)).toEqual({ id: '7', tab: 'conditions' });
    expect(policyPageSegments(`${base}/7/%E5%8E%9F`)).toEqual({ id: '7', tab: '原' });
    expect(policyPageSegments(`${base}/7/a/b`)).toBeNull();
    expect(policyPageSegments('/policyDetail')).toBeNull();
    expect(policyPageSegments(`${base}/`)).toBeNull();
  });

  it('is missing for an unknown tab, a malformed id or an id without a policy', async () => {
    expect(await missingPolicyPage(`${base}/7/no-such-tab`, known)).toBe(true);
    expect(await missingPolicyPage(`${base}/abc`, known)).toBe(true);
    expect(await missingPolicyPage(`${base}/0/conditions`, known)).toBe(true);
    expect(await missingPolicyPage(`${base}/8`, known)).toBe(true);
    expect(await missingPolicyPage(`${base}/8/interpretation`, known)).toBe(true);
  });

  it('lets a known policy with a known tab, other paths and a failing database through', async () => {
    expect(await missingPolicyPage(`${base}/7`, known)).toBe(false);
    for (const tab of ['original', 'interpretation', 'conditions', 'enterprises'])
      expect(await missingPolicyPage(`${base}/7/${tab}`, known)).toBe(false);
    expect(await missingPolicyPage('/policyDetail', known)).toBe(false);
    const down = async () => {
      throw new Error('数据库不可用');
    };
    expect(await missingPolicyPage(`${base}/7`, down)).toBe(false);
  });
});
