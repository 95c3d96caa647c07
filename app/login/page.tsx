import type { Metadata } from 'next';
import HomePage from '../page';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: '登录', robots: { index: false } };

/**
 * /login shows the home page under the login modal (spec 2.2: opening /login opens the modal;
 * with type=logout it logs out and returns). components/auth/LoginController does the rest.
 */
export default function LoginPage() {
  return <HomePage />;
}
