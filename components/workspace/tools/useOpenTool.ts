'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { call, contractKey } from '@/lib/client/request';
import { useSession } from '@/lib/client/session';
import {
  listCommonFeatureNavs,
  markFeatureUse,
} from '@/lib/shared/feature-nav/feature-nav.endpoints';
import { createParkEntryCode } from '@/lib/shared/park/park.endpoints';
import type { FeatureNavItem } from '@/lib/shared/feature-nav/feature-nav.contract';
import { PARK_NOT_CONFIGURED_MESSAGE } from '@/lib/shared/park/park.contract';
import { isParkTool, toolAction } from './tool-model';
import { setAiJumpFlag } from '@/lib/client/ai/jump';
import { AI_PATH } from '@/lib/shared/routes';
import { useFeedback } from '@/lib/client/feedback';

/** The usual-tools list of every user; a recorded click refreshes it. */
export const COMMON_TOOLS_KEY = contractKey(listCommonFeatureNavs);

const openInNewTab = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/**
 * Opens the park site with a fresh one-time entry code (ADR 0060). The tab is opened before the
 * request, inside the click, so popup blockers let it through; it is pointed at the site once the
 * code arrives, or closed when none comes.
 */
async function openParkSite(onError: (msg: string) => void) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await call(createParkEntryCode, {}, { silent: true });
    if (!tab) {
      openInNewTab(url);
      return;
    }
    // The park site must not script this page through window.opener.
    tab.opener = null;
    tab.location.href = url;
  } catch (err) {
    tab?.close();
    onError(err instanceof Error && err.message ? err.message : '园区查询暂时无法打开，请稍后重试');
  }
}

/**
 * What clicking a tool in 更多工具 does: counts the click for a signed-in user (silently; the
 * usual tools refresh afterwards), then opens the tool.
 */
export function useOpenTool(): (tool: FeatureNavItem) => void {
  const router = useRouter();
  const client = useQueryClient();
  const { message } = useFeedback();
  const signedIn = useSession().status === 'signed-in';

  return useCallback(
    (tool: FeatureNavItem) => {
      if (signedIn) {
        call(markFeatureUse, { body: { id: tool.id, type: 0 } }, { silent: true })
          .then(() => client.invalidateQueries({ queryKey: COMMON_TOOLS_KEY }))
          .catch(() => undefined);
      }
      const action = toolAction(tool, signedIn);
      // A visitor entering the AI assistant lands on /ai?isJump=1 after the login (spec 2.2).
      if (!signedIn && action.kind === 'internal' && action.path.split('?')[0] === AI_PATH)
        setAiJumpFlag();
      if (action.kind === 'internal') router.push(action.path);
      else if (action.kind === 'external') openInNewTab(action.url);
      else if (action.kind === 'park-entry') void openParkSite((msg) => message.error(msg));
      else message.warning(isParkTool(tool) ? PARK_NOT_CONFIGURED_MESSAGE : '该工具暂未开放');
    },
    [client, message, router, signedIn],
  );
}
