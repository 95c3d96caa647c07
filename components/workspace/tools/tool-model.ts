import type {
  FeatureNavGroup,
  FeatureNavItem,
} from '@/lib/shared/feature-nav/feature-nav.contract';
import { PARK_TOOL_NAME } from '@/lib/shared/park/park.contract';

/**
 * What the 更多工具 panel does with a tool (spec 2.4): what a click opens, and which tools a
 * search keeps. Pure, so the rules are tested without a browser.
 */

/** What clicking a tool does. */
export type ToolAction =
  /** A page of this app: client-side navigation. */
  | { kind: 'internal'; path: string }
  /** Another site, in a new tab. */
  | { kind: 'external'; url: string }
  /** The park site for a signed-in user: ask the server for a one-time entry code first. */
  | { kind: 'park-entry' }
  /** Nothing to open: the park site (or an external tool's address) is not set up. */
  | { kind: 'unconfigured' };

/** Only http(s) addresses are opened; anything else (e.g. `javascript:`) counts as not set up. */
function webUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export const isParkTool = (tool: FeatureNavItem) => tool.name === PARK_TOOL_NAME;

export function toolAction(tool: FeatureNavItem, signedIn: boolean): ToolAction {
  if (!tool.external) return { kind: 'internal', path: tool.path };
  const url = webUrl(tool.path);
  if (!url) return { kind: 'unconfigured' };
  // Visitors open the park site as it is; a signed-in user is handed over with a code (ADR 0060).
  if (isParkTool(tool) && signedIn) return { kind: 'park-entry' };
  return { kind: 'external', url };
}

/** The groups with only the tools whose label holds the keyword (case-insensitive); empty groups go. */
export function filterToolGroups(
  groups: readonly FeatureNavGroup[],
  keyword: string,
): FeatureNavGroup[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...groups];
  return groups
    .map((g) => ({
      ...g,
      subFeatureNavs: g.subFeatureNavs.filter((t) => t.label.toLowerCase().includes(needle)),
    }))
    .filter((g) => g.subFeatureNavs.length > 0);
}
