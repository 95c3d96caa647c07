import { AppShell } from '@/components/providers/AppShell';

/**
 * The search results use antd throughout: the full client runtime (the root layout is lean), in
 * the public theme (AA contrast).
 */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <AppShell theme="public">{children}</AppShell>;
}
