import { PublicHeader } from './PublicHeader';

/**
 * One chrome per state on the tool pages (ADR 0197): a member gets `member` inside the workspace
 * frame, a visitor gets `visitor` under the public header. The frame is imported only for members,
 * so the visitors' pages stay lean (issue 10).
 */
export async function ChromeForState({
  signedIn,
  member,
  visitor,
  search,
}: {
  signedIn: boolean;
  member: React.ReactNode;
  /** The visitor's body; the member's when the page is the same for both. */
  visitor?: React.ReactNode;
  /** The public header's search slot. */
  search?: React.ReactNode;
}) {
  if (signedIn) {
    const { WorkspaceFrame } = await import('@/components/workspace/WorkspaceFrame');
    return <WorkspaceFrame>{member}</WorkspaceFrame>;
  }
  return (
    <>
      <PublicHeader search={search} />
      {visitor ?? member}
    </>
  );
}
