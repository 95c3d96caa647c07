import { CardPage, privatePageMetadata } from '@/components/workspace/CardPage';
import { UnlockedList } from '@/components/enterprise/lists/UnlockedList';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('已解锁企业');

export default async function UnlockedListPage() {
  const { signedIn } = await getPageViewer();
  return (
    <CardPage title="已解锁企业">
      {signedIn ? (
        <UnlockedList />
      ) : (
        <SignInRequired text="登录后可查看本企业已解锁的企业及联系方式" />
      )}
    </CardPage>
  );
}
