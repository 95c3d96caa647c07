'use client';

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
 * the member sees it before the click, and the tooltip says why.
 */
export function VipMark({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Tooltip title={reason}>
      <span className="vip-mark" aria-label={reason} data-testid="vip-mark">
        <CrownFilled aria-hidden /> VIP
      </span>
    </Tooltip>
  );
}
