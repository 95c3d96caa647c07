import { privatePageMetadata } from '@/components/workspace/CardPage';
import { MemberManagement } from '@/components/employee/MemberManagement';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('成员管理');

/**
 * 成员管理 (menu 901): the department tree, the member table with bulk actions, the member limit
 * and invitations. The server enforces every permission; the page hides what the viewer lacks.
 */
export default async function MemberManagementPage() {
  const { signedIn } = await getPageViewer();
  return (
    <div className="ent-page emp-page">
      {signedIn ? (
        <MemberManagement />
      ) : (
        <section className="ent-card">
          <h1 className="ent-page-title">成员管理</h1>
          <SignInRequired text="登录后可管理企业成员" />
        </section>
      )}
    </div>
  );
}
