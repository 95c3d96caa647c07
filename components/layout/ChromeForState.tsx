import { PublicHeader } from './PublicHeader';

/** Which route renders a tool page: the member's, inside the workspace, or the visitor's. */
export type Chrome = 'member' | 'visitor';

/**
 * One chrome per state on the tool pages (ADR 0197): a member's route lives in the (workspace)
 * group, whose layout is the workspace frame, so the page gives only `member`; a visitor gets
 * `visitor` under the public header. The workspace is never imported from here: a visitor's page
 * carries none of its code (lib/shared/workspace/member-view.ts).
 */
export function ChromeForState({
  chrome,
  member,
  visitor,
  search,
}: {
  chrome: Chrome;
  member: React.ReactNode;
  /** The visitor's body; the member's when the page is the same for both. */
  visitor?: React.ReactNode;
  /** The public header's search slot. */
  search?: React.ReactNode;
}) {
  if (chrome === 'member') return <>{member}</>;
  return (
    <>
      <PublicHeader search={search} />
      {visitor ?? member}
    </>
  );
}
