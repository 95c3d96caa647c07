import { useId } from 'react';
import Link from 'next/link';

/** A workbench card: a heading, an optional link on the right, the content. */
export function Card({
  title,
  more,
  wide,
  children,
}: {
  title: string;
  /** The link on the right of the heading (全部, 线索管理, …); none when null. */
  more?: { href: string; text: React.ReactNode } | null;
  /** Spans both columns on wide screens. */
  wide?: boolean;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section className={wide ? 'wb-card wb-card-wide' : 'wb-card'} aria-labelledby={id}>
      <div className="wb-card-head">
        <h2 id={id} className="wb-card-title">
          {title}
        </h2>
        {more ? (
          <Link href={more.href} className="wb-more">
            {more.text}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** An empty state that says what to do next, not a zero that looks like data. */
export function Teach({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: React.ReactNode;
}) {
  return (
    <div className="wb-teach" role="note">
      <p className="wb-teach-title">{title}</p>
      <p className="wb-muted">{text}</p>
      {action ? <div className="wb-teach-action">{action}</div> : null}
    </div>
  );
}

/** A card's rows, each one link (to the lead, the job list, the message centre…). */
export function LinkList<T>({
  label,
  items,
  keyOf,
  href,
  children,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => React.Key;
  href: (item: T) => string;
  /** The row's inside: its main text (`wb-row-main`), then muted details or a tag. */
  children: (item: T) => React.ReactNode;
}) {
  return (
    <ul className="wb-list" aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <Link href={href(item)} className="wb-row-link">
            {children(item)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
