import { headers } from 'next/headers';
import { WorkspaceShell } from '@/components/workspace/WorkspaceShell';
import { AppShell } from '@/components/providers/AppShell';
import { readWorkspaceSeed } from '@/lib/server/edge';
import { isPhoneRequest } from '@/lib/shared/workspace/phone-hint';
import '@/components/enterprise/enterprise.css';

/**
 * Every page of the workspace (signed-in pages, and open tools such as 高级搜索 that show the side
 * menu once signed in) renders inside the shell. URLs do not change: (workspace) is a route group.
 * A new signed-in page is a folder here plus its entry in lib/shared/routes.ts.
 *
 * The session and the user's layout settings are read here, on the server, and handed to the
 * browser with the page, so the shell and the page start before any API call (the browser would
 * otherwise ask six first) and the first paint is the final frame: user menu, side menu, theme.
 */
export default async function WorkspaceLayout({ children }: { children: React.ReactNode }) {
  const seed = await readWorkspaceSeed();
  const request = await headers();
  // Phones get the phone frame (menu in a drawer) in the HTML: nothing moves when the script starts.
  const phoneGuess = isPhoneRequest(request.get('user-agent'), request.get('sec-ch-ua-mobile'));
  return (
    <AppShell sessionSeed={seed?.session ?? null}>
      <WorkspaceShell
        phoneGuess={phoneGuess}
        settingsSeed={
          seed?.layoutSettings && seed.session.info.user
            ? { userId: seed.session.info.user.id, settings: seed.layoutSettings }
            : null
        }
      >
        {children}
      </WorkspaceShell>
    </AppShell>
  );
}
