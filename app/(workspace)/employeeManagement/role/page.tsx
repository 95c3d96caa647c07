import { privatePageMetadata } from '@/components/workspace/CardPage';
import { RoleManagement } from '@/components/employee/RoleManagement';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('角色管理');

/**
 * 角色管理 (menu 902): the four built-in roles read-only, the tenant's own roles with their menu
 * permissions and data scope.
 */
export default async function RoleManagementPage() {
  const { signedIn } = await getPageViewer();
  return (
    <div className="ent-page">
      <section className="ent-card">
        {signedIn ? (
          <RoleManagement />
        ) : (
          <>
            <h1 className="ent-page-title">角色管理</h1>
            <SignInRequired text="登录后可管理企业角色" />
          </>
        )}
      </section>
    </div>
  );
}
