import { WorkspaceShell } from '@/components/workspace/WorkspaceShell';
import { AppShell } from '@/components/providers/AppShell';
import { readSessionSeed } from '@/lib/server/workspace/session-seed';
import '@/components/enterprise/enterprise.css';

/**
 * Every page of the workspace (signed-in pages, and open tools such as 高级搜索 that show the side
 * menu once signed in) renders inside the shell. URLs do not change: (workspace) is a route group.
 * A new signed-in page is a folder here plus its entry in lib/shared/routes.ts.
 *
 * The session is read here, on the server, and handed to the browser with the page, so the shell
 * and the page start before any API call (the browser would otherwise ask five first).
 */
export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const sessionSeed = await readSessionSeed();
  return (
    <AppShell sessionSeed={sessionSeed}>
      <WorkspaceShell>{children}</WorkspaceShell>
    </AppShell>
  );
}
