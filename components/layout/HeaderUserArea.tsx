import Link from 'next/link';

/** Signed-out: the login/register link (the login modal opens on /login). */
export function HeaderUserArea() {
  return <Link href="/login">登录/注册</Link>;
}
