import { privatePageMetadata } from '@/components/workspace/CardPage';
import { Workbench } from '@/components/workbench/Workbench';

export const metadata = privatePageMetadata('我的工作台');

/** 我的工作台 (spec 2.2 /workbench, issue 29 item 1): the signed-in member's home. */
export default function WorkbenchPage() {
  return <Workbench />;
}
