import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { CodeGroupManager } from '@/components/code-group/CodeGroupManager';

export const metadata = privatePageMetadata('代码组');

/** 代码组 (spec 2.2 /codeGroup, ADR 0180): the tenant's dictionaries behind the CRM forms. */
export default function CodeGroupPage() {
  return (
    <CardPage title="代码组">
      <CodeGroupManager />
    </CardPage>
  );
}
