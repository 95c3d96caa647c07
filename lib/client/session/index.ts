export { SessionProvider, useSession, usePermission, Permission } from './SessionProvider';
export type { UseSessionResult } from './SessionProvider';
export {
  openLoginModal,
  goToLogin,
  closeLoginModal,
  applySessionSeed,
  clearSession,
  loadSession,
  logout,
  sessionStore,
} from './session-store';
export type {
  SessionSeed,
  SessionSnapshot,
  SessionStatus,
  SessionUser,
  VipInfo,
  ReviewStatus,
} from './session-store';
export { AI_JUMP_KEY } from './login-flags';
