import type { Metadata } from 'next';
import { LegalDocument } from '@/components/legal/LegalDocument';
import { PRIVACY_POLICY } from '@/components/legal/texts';

export const metadata: Metadata = {
  title: '隐私协议',
  alternates: { canonical: '/serviceAndAgreement/agreement' },
};

export default function PrivacyPolicyPage() {
  return <LegalDocument document={PRIVACY_POLICY} />;
}
