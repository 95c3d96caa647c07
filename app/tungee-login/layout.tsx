import { AppShell } from '@/components/providers/AppShell';

/** This page uses antd throughout: it gets the full client runtime (the root layout is lean). */
export default function Layout({ children }: { children: React.ReactNode }) {
  return <AppShell>{children}</AppShell>;
}
