import { privatePageMetadata } from '@/components/workspace/CardPage';
import { TenantBaseInfoCard } from '@/components/tenant/TenantBaseInfoCard';
import Link from 'next/link';
import { JOIN_APPROVALS_HREF } from '@/lib/shared/invitation/approvals';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('企业信息');

/**
 * 企业信息 (menu 903, tenant administrators): base info with logo and the approval flag; the join
 * requests are approved on 成员管理 (linked). The server enforces who may read and change each part.
 */
export default async function EnterpriseSettingsPage() {
  const { signedIn } = await getPageViewer();
  return (
    <>
      <div className="ent-page">
        {signedIn ? (
          <>
            <section className="ent-card">
              <h1 className="ent-page-title">企业信息</h1>
              <TenantBaseInfoCard />
            </section>
            {/* Issue 28 item 7: approvals live on 成员管理, beside the count of who waits. */}
            <section className="ent-card" id="join-requests" data-testid="join-requests-moved">
              <h2 className="ent-page-title">加入申请</h2>
              <p>
                加入申请在「成员管理」中审批，与成员人数和待审批人数在一起。{' '}
                <Link href={JOIN_APPROVALS_HREF}>去审批加入申请 ›</Link>
              </p>
            </section>
          </>
        ) : (
          <section className="ent-card">
            <h1 className="ent-page-title">企业信息</h1>
            <SignInRequired text="登录后可管理企业信息与加入申请" />
          </section>
        )}
      </div>
    </>
  );
}
