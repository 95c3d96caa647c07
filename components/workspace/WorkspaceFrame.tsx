import { WorkspaceShell } from './WorkspaceShell';
import { AppShell } from '@/components/providers/AppShell';
import { Bridge } from '@/components/providers/PublicRuntime';
import { readWorkspaceSeed } from '@/lib/server/edge';

/**
 * The workspace chrome (side menu, top bar, breadcrumb, tags) around a public tool page for a
 * signed-in user (issue 28 item 7: one chrome per state). Visitors keep the lean public header;
 * a member on 企业查询 or a company page stays in the workspace they came from. The same frame
 * as app/(workspace)/layout.tsx, for pages that live outside that route group, plus the bridge
 * the page's lean islands reach the runtime through (runtime-loader.ts).
 */
export async function WorkspaceFrame({ children }: { children: React.ReactNode }) {
  const seed = await readWorkspaceSeed();
  return (
    <AppShell sessionSeed={seed?.session ?? null}>
      <WorkspaceShell
        settingsSeed={
          seed?.layoutSettings && seed.session.info.user
            ? { userId: seed.session.info.user.id, settings: seed.layoutSettings }
            : null
        }
      >
        {children}
        {/* The page's lean islands (row actions, bulk bar) ask the runtime through this. */}
        <Bridge />
      </WorkspaceShell>
    </AppShell>
  );
}
