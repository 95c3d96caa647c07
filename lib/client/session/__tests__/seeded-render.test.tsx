import { renderToString } from 'react-dom/server';
import { SessionProvider, useSession, type SessionSeed } from '@/lib/client/session';
import { seededSnapshot, sessionStore } from '../session-store';

const seed: SessionSeed = {
  info: {
    roles: ['tenant_admin'],
    permissions: ['system:user:list'],
    user: { id: 7, avatar: '', userName: '13800000007', nickname: '王小明', tenantId: 3 },
  },
  vip: null,
  profile: null,
  menus: null,
  remindStatus: null,
};

function Probe() {
  const { status, user, roles } = useSession();
  return <span>{`${status}|${user?.nickname ?? ''}|${roles.join(',')}`}</span>;
}

/**
 * Issue 11: a workspace page is server-rendered signed in from its seed (user menu, side menu in
 * the first paint), so nothing moves when the page hydrates; the server never touches the
 * module's store, which all requests share.
 */
describe('the server render of a seeded session', () => {
  it('renders the signed-in user from the seed', () => {
    const html = renderToString(
      <SessionProvider seed={seed}>
        <Probe />
      </SessionProvider>,
    );
    expect(html).toContain('signed-in|王小明|tenant_admin');
    expect(sessionStore.getSnapshot().status).toBe('loading');
  });

  it('renders "loading" without a seed (public areas fetch the session after hydration)', () => {
    const html = renderToString(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(html).toContain('loading||');
  });

  it('gives the same snapshot the browser store has once the seed is applied', () => {
    const snap = seededSnapshot({ ...seed, info: { ...seed.info, roles: [] } });
    // Spec 6: no roles means ROLE_DEFAULT, as after loadSession.
    expect(snap).toMatchObject({ status: 'signed-in', roles: ['ROLE_DEFAULT'], menus: [] });
    expect(snap.loginModalOpen).toBe(false);
  });
});
