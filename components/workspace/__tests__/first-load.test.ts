import fs from 'node:fs';
import path from 'node:path';

/**
 * Issue 11's speed goal: what is not visible on first paint is not in a signed-in page's first
 * load. Follows the static imports from the workspace layout (an `import()` is a separate chunk
 * and is not followed) and fails when one of the parts loaded on demand becomes reachable again.
 */
const ROOT = path.resolve(__dirname, '../../..');

const ON_DEMAND = [
  'components/workspace/settings/SettingsDrawer.tsx',
  'components/workspace/feedback/FeedbackModal.tsx',
  'components/workspace/tools/MoreToolsContent.tsx',
  'components/workspace/menu/MenuDrawer.tsx',
  'components/workspace/BackTopButton.tsx',
  'components/workspace/NoPermission.tsx',
  'components/notify/NotifyBellList.tsx',
  'components/invitation/InvitationDrawer.tsx',
  'components/invitation/JoinRequestTable.tsx',
  'components/vip/MemberCenter.tsx',
  // The top bar paints a light form; the antd box (AutoComplete, Select) follows when idle.
  'components/search/EnterpriseSearchBox.tsx',
  // Rare, and it brings the QR renderer of 联系客服 with it.
  'components/auth/OfflineDialog.tsx',
  'components/account/QrImage.tsx',
  // The top bar's bell, user menu and member centre are plain elements; their panels come later.
  'components/workspace/topbar/NotifyBellPanel.tsx',
  'components/layout/HeaderUserArea.tsx',
  'components/vip/MemberCenterHost.tsx',
  // message / notification / modal: on idle after the page starts, or on the first call.
  'components/providers/feedback/FeedbackHost.tsx',
];

/**
 * antd components the frame draws itself (plain elements in their look): side menu, layout,
 * breadcrumb, badges, tags, avatars, spinners and pop-ups are not in a signed-in page's first load.
 */
const ANTD_NOT_IN_FIRST_LOAD = [
  'Menu',
  'Layout',
  'Breadcrumb',
  'Dropdown',
  'Popover',
  'Tooltip',
  'Badge',
  'Tag',
  'Avatar',
  'Spin',
  'Skeleton',
  'Modal',
  'App',
  'message',
  'notification',
  'Result',
];

const ANTD_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g;

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[\s\S]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const ext of ['', '.tsx', '.ts', '/index.tsx', '/index.ts']) {
    const file = base + ext;
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

/** Every project file reachable by static imports, with the file that first imported it. */
function staticGraph(entry: string): Map<string, string | null> {
  const seen = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolve(file, match[1]);
      if (target && !seen.has(target)) {
        seen.set(target, file);
        queue.push(target);
      }
    }
  }
  return seen;
}

function chain(graph: Map<string, string | null>, file: string): string {
  const names: string[] = [];
  for (let f: string | null | undefined = file; f; f = graph.get(f))
    names.push(path.relative(ROOT, f));
  return names.join(' <- ');
}

describe('the workspace shell first load', () => {
  const graph = staticGraph(path.join(ROOT, 'app/(workspace)/layout.tsx'));

  it('reaches the shell itself (the walk follows imports)', () => {
    expect(graph.has(path.join(ROOT, 'components/workspace/WorkspaceShell.tsx'))).toBe(true);
    expect(graph.has(path.join(ROOT, 'components/workspace/topbar/TopBar.tsx'))).toBe(true);
    expect(graph.has(path.join(ROOT, 'components/auth/LoginController.tsx'))).toBe(true);
  });

  it.each(ANTD_NOT_IN_FIRST_LOAD)('does not import antd %s statically', (name) => {
    const users = [...graph.keys()].filter((file) => {
      if (!/\.tsx?$/.test(file)) return false;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(ANTD_IMPORT))
        if (m[1].split(',').some((n) => n.trim() === name)) return true;
      return false;
    });
    expect(users.map((f) => chain(graph, f))).toEqual([]);
  });

  it('draws the menu icons from the sprite, not from @ant-design/icons', () => {
    const menuIcons = path.join(ROOT, 'components/workspace/menu/menu-icons.tsx');
    expect(graph.has(menuIcons)).toBe(true);
    expect(fs.readFileSync(menuIcons, 'utf8')).not.toMatch(/@ant-design\/icons/);
  });

  it.each(ON_DEMAND)('does not import %s statically', (file) => {
    const full = path.join(ROOT, file);
    expect(fs.existsSync(full)).toBe(true);
    expect(graph.has(full) ? chain(graph, full) : null).toBeNull();
  });
});
