import { privatePageMetadata } from '@/components/workspace/CardPage';
import { AddWeixinTaskList } from '@/components/ai/AddWeixinTaskList';
import '@/components/ai/ai.css';

export const metadata = privatePageMetadata('加微任务');

/** 加微任务 (issue 33): the tasks within the member's data scope, an admin's the tenant's. */
export default function AddWeixinTasksPage() {
  return (
    <div className="ent-page">
      <AddWeixinTaskList />
    </div>
  );
}
