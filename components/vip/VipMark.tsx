'use client';

import type { ReactElement } from 'react';
import { Tooltip } from 'antd';
import { CrownFilled } from '@ant-design/icons';
import { useSession } from '@/lib/client/session';
import { vipOnlyReason, type VipAction } from '@/lib/shared/vip/vip-gates';
import './vip-mark.css';

/** The reason an action is VIP-only for the signed-in tenant's edition, or null. */
export function useVipOnly(action: VipAction): string | null {
  const { vip } = useSession();
  return vipOnlyReason(action, vip ? vip.edition : null);
}

/**
 * A small VIP badge inside a button whose action the edition does not include (issue 28 item 7):
 * the member sees it before the click. The reason is its accessible name and the tooltip of the
 * whole button (VipTip), which also works while the button is disabled.
 */
export function VipMark({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <span className="vip-mark" aria-label={reason} data-testid="vip-mark">
      <CrownFilled aria-hidden /> VIP
    </span>
  );
}

/** The reason as the tooltip of a whole button (antd wraps a disabled one so hover still works). */
export function VipTip({ reason, children }: { reason: string | null; children: ReactElement }) {
  if (!reason) return children;
  return <Tooltip title={reason}>{children}</Tooltip>;
}
