import type { Metadata } from 'next';
import { FavoriteList } from '@/components/enterprise/lists/FavoriteList';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '我的收藏', robots: { index: false, follow: false } };

export default async function FavoritesPage() {
  const { signedIn } = await getPageViewer();
  return (
    <>
      <div className="ent-page">
        <section className="ent-card">
          <h1 className="ent-page-title">我的收藏</h1>
          {signedIn ? <FavoriteList /> : <SignInRequired text="登录后可查看您收藏的企业" />}
        </section>
      </div>
    </>
  );
}
