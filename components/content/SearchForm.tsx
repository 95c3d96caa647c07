import type { FlatParams } from './ContentBits';

/**
 * The keyword box as a GET form (works without JavaScript): the other filters ride along as
 * hidden fields, a new keyword starts at page 1.
 */
export function SearchForm({
  action,
  params,
  placeholder,
  label,
  keep,
}: {
  action: string;
  params: FlatParams;
  placeholder: string;
  label: string;
  /** Parameter names carried over. */
  keep: readonly string[];
}) {
  return (
    <form action={action} method="get" role="search" className="ct-search-form">
      <label htmlFor="ct-q" className="sr-only-label">
        {label}
      </label>
      <input
        id="ct-q"
        type="search"
        name="q"
        defaultValue={params.q ?? ''}
        placeholder={placeholder}
        maxLength={50}
        aria-label={label}
      />
      {keep
        .filter((k) => k !== 'q' && params[k])
        .map((k) => (
          <input key={k} type="hidden" name={k} value={params[k]} />
        ))}
      <button type="submit">搜索</button>
    </form>
  );
}

/** Publish-date range: two date inputs as a GET form, other filters kept. */
export function DateRangeForm({
  action,
  params,
  keep,
}: {
  action: string;
  params: FlatParams;
  keep: readonly string[];
}) {
  return (
    <form action={action} method="get" className="ct-date-range">
      {keep
        .filter((k) => k !== 'dateFrom' && k !== 'dateTo' && params[k])
        .map((k) => (
          <input key={k} type="hidden" name={k} value={params[k]} />
        ))}
      <label>
        从 <input type="date" name="dateFrom" defaultValue={params.dateFrom ?? ''} />
      </label>
      <label>
        至 <input type="date" name="dateTo" defaultValue={params.dateTo ?? ''} />
      </label>
      <button type="submit" className="ct-link-btn">
        确定
      </button>
    </form>
  );
}

/** yyyy-mm-dd of `days` ago (server time, China's calendar day). */
export function daysAgo(days: number, now = new Date()): string {
  const d = new Date(now.getTime() + 8 * 3_600_000 - days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export const DATE_PRESETS = [
  { label: '近 30 天', days: 30 },
  { label: '近 90 天', days: 90 },
  { label: '近一年', days: 365 },
] as const;
