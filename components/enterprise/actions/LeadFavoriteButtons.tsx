'use client';

/**
 * 加入线索 and 收藏 as plain buttons, for the lean public pages (company page and search rows):
 * no antd, the owner runs the calls and says which one is busy.
 */
export function LeadFavoriteButtons({
  state,
  busy,
  onRun,
  small = false,
}: {
  state: { inCrm: boolean; favorite: boolean };
  busy: string | null;
  onRun: (kind: 'crm' | 'fav') => void;
  small?: boolean;
}) {
  const className = small ? 'pub-btn pub-btn-sm' : 'pub-btn';
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={state.inCrm}
        aria-busy={busy === 'crm' || undefined}
        onClick={() => onRun('crm')}
        data-testid="to-crm-button"
      >
        <span aria-hidden>{state.inCrm ? '✓' : '+'}</span>
        {state.inCrm ? '已加入线索' : '加入线索'}
      </button>
      <button
        type="button"
        className={className}
        aria-pressed={state.favorite}
        aria-busy={busy === 'fav' || undefined}
        onClick={() => onRun('fav')}
        data-testid="favorite-button"
      >
        <span aria-hidden className={state.favorite ? 'ent-fav-on' : undefined}>
          {state.favorite ? '★' : '☆'}
        </span>
        {state.favorite ? '已收藏' : '收藏'}
      </button>
    </>
  );
}
