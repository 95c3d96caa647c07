import { useId } from 'react';

/** A workbench card: a heading, an optional link on the right, the content. */
export function Card({
  title,
  extra,
  wide,
  children,
}: {
  title: string;
  extra?: React.ReactNode;
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
        {extra}
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
