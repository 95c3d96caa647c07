import { AntdRegistry } from '@ant-design/nextjs-registry';
import { CspClientConfig } from '@/app/csp-client-config';
import type { SessionSeed } from '@/lib/client/session';
import { AppProviders, type AppTheme } from './AppProviders';

/**
 * The full client runtime for the areas that use antd throughout (workspace, invitation, phone
 * scan, payment demo): antd's style registry, the providers, the session and login modal.
 * Public pages use the lean shell instead (PublicHeader + islands, PublicRuntime on demand).
 */
export function AppShell({
  children,
  theme,
  sessionSeed,
}: {
  children: React.ReactNode;
  theme?: AppTheme;
  sessionSeed?: SessionSeed | null;
}) {
  return (
    <AntdRegistry>
      <CspClientConfig />
      <AppProviders theme={theme} sessionSeed={sessionSeed}>
        {children}
      </AppProviders>
    </AntdRegistry>
  );
}
