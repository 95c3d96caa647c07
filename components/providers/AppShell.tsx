import { AntdRegistry } from '@ant-design/nextjs-registry';
import { CspClientConfig } from '@/app/csp-client-config';
import type { SessionSeed } from '@/lib/client/session';
import { AppProviders } from './AppProviders';

/**
 * The full client runtime for the areas that use antd throughout (workspace, invitation, phone
 * scan, payment demo): antd's style registry, the providers, the session and login modal.
 * Public pages use the lean shell instead (PublicHeader + islands, PublicRuntime on demand).
 */
export function AppShell({
  children,
  sessionSeed,
}: {
  children: React.ReactNode;
  sessionSeed?: SessionSeed | null;
}) {
  return (
    <AntdRegistry>
      <CspClientConfig />
      <AppProviders sessionSeed={sessionSeed}>{children}</AppProviders>
    </AntdRegistry>
  );
}
