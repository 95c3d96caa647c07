import type { Metadata } from 'next';
import { Workbench } from '@/components/workbench/Workbench';

export const metadata: Metadata = { title: '我的工作台', robots: { index: false, follow: false } };

/** 我的工作台 (spec 2.2 /workbench, issue 29 item 1): the signed-in member's home. */
export default function WorkbenchPage() {
  return <Workbench />;
}
