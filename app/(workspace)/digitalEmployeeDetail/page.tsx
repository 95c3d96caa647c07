import { Suspense } from 'react';
import type { Metadata } from 'next';
import { SkillDetailScreen } from '@/components/ai/SkillDetailScreen';
import '@/components/enterprise/enterprise.css';
import '@/components/industry/industry.css';
import '@/components/map/map-get-customer.css';
import '@/components/ai/digital-employee.css';

export const metadata: Metadata = {
  title: '数字员工技能',
  robots: { index: false, follow: false },
};

/**
 * 数字员工技能 (spec 2.2 /digitalEmployeeDetail?key=N, issue 34 item 2): run one skill, see its
 * last results and schedule it daily; without a key (or a bad one) the first skill.
 */
export default function DigitalEmployeeDetailPage() {
  return (
    <div className="ent-page">
      <h1 className="mgc-title">数字员工技能</h1>
      <Suspense>
        <SkillDetailScreen />
      </Suspense>
    </div>
  );
}
