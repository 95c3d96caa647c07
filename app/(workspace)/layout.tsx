import { WorkspaceShell } from '@/components/workspace/WorkspaceShell';
import { AppShell } from '@/components/providers/AppShell';
import '@/components/enterprise/enterprise.css';

/**
 * Every page of the workspace (signed-in pages, and open tools such as 高级搜索 that show the side
 * menu once signed in) renders inside the shell. URLs do not change: (workspace) is a route group.
 * A new signed-in page is a folder here plus its entry in lib/shared/routes.ts.
 */
export default function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  return (
    <AppShell>
      <WorkspaceShell>{children}</WorkspaceShell>
    </AppShell>
  );
}
