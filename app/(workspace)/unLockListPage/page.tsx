import type { Metadata } from 'next';
import { UnlockedList } from '@/components/enterprise/lists/UnlockedList';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '已解锁企业', robots: { index: false, follow: false } };

export default async function UnlockedListPage() {
  const { signedIn } = await getPageViewer();
  return (
    <>
      <div className="ent-page">
        <section className="ent-card">
          <h1 className="ent-page-title">已解锁企业</h1>
          {signedIn ? (
            <UnlockedList />
          ) : (
            <SignInRequired text="登录后可查看本企业已解锁的企业及联系方式" />
          )}
        </section>
      </div>
    </>
  );
}
