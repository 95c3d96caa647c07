import { Bridge } from '@/components/providers/PublicRuntime';

/**
 * The member routes of the open tool pages (lib/shared/workspace/member-view.ts): inside the
 * workspace frame of the (workspace) layout, plus the bridge their lean islands (row actions,
 * bulk bar, search box) reach the runtime through (runtime-loader.ts).
 */
export default function MemberViewLayout({ children }: { children: React.ReactNode }) {
  return (
    <>
      {children}
      <Bridge />
    </>
  );
}
