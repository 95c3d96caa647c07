import type { Metadata } from 'next';
import { TenantBaseInfoCard } from '@/components/tenant/TenantBaseInfoCard';
import { JoinRequestTable } from '@/components/invitation/JoinRequestTable';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '企业信息', robots: { index: false, follow: false } };

/**
 * 企业信息 (menu 903, tenant administrators): base info with logo and the approval flag, and the
 * join requests waiting for approval. The server enforces who may read and change each part.
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
            {/* The join-request messages lead here (NOTIFY_TARGETS.joinRequests). */}
            <section className="ent-card" id="join-requests">
              <h2 className="ent-page-title">加入申请</h2>
              <JoinRequestTable />
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
