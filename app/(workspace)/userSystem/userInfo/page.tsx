import { privatePageMetadata } from '@/components/workspace/CardPage';
import { AccountCenter } from '@/components/account/AccountCenter';
import { SignInRequired } from '@/components/enterprise/lists/SignInRequired';
import { getPageViewer } from '@/lib/server/enterprise';

export const dynamic = 'force-dynamic';

export const metadata = privatePageMetadata('个人中心');

/** 个人中心 (spec 2.2, 2.7): the signed-in user's account settings. */
export default async function UserInfoPage({
  searchParams,
}: {
  searchParams: Promise<{ bind?: string }>;
}) {
  // The top bar's 绑定公众号 lands here with ?bind=wechat and opens the bind dialog.
  const { bind } = await searchParams;
  const { signedIn } = await getPageViewer();
  return (
    <>
      <div className="ent-page">
        <section className="ent-card">
          <h1 className="ent-page-title">个人中心</h1>
          {signedIn ? (
            <AccountCenter initialDialog={bind === 'wechat' ? 'bind' : null} />
          ) : (
            <SignInRequired text="登录后可管理您的昵称、头像、手机号、密码和微信绑定" />
          )}
        </section>
      </div>
    </>
  );
}
