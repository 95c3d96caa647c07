import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { FavoriteList } from '@/components/enterprise/lists/FavoriteList';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('我的收藏');

export default async function FavoritesPage() {
  const { signedIn } = await getPageViewer();
  return (
    <CardPage title="我的收藏">
      {signedIn ? <FavoriteList /> : <SignInRequired text="登录后可查看您收藏的企业" />}
    </CardPage>
  );
}
