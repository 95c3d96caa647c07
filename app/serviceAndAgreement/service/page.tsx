import type { Metadata } from 'next';
import { LegalDocument } from '@/components/legal/LegalDocument';
import { SERVICE_AGREEMENT } from '@/components/legal/texts';

export const metadata: Metadata = {
  title: '服务协议',
  alternates: { canonical: '/serviceAndAgreement/service' },
};

export default function ServiceAgreementPage() {
  return <LegalDocument document={SERVICE_AGREEMENT} />;
}
