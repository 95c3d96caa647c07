import type { Metadata } from 'next';
import { DigitalEmployeeIntro, DIGITAL_EMPLOYEE_PATH } from '@/components/ai/DigitalEmployeeIntro';
import { ChromeForState, type Chrome } from '@/components/layout/ChromeForState';
import { LeanSearchBox } from '@/components/search/LeanSearchBox';
import { getPageViewer } from '@/lib/server/enterprise';
import { loadEmployeeConfig } from '@/lib/server/ai';
import { PRODUCT_SUFFIX } from '@/lib/shared/brand';
import '@/components/enterprise/enterprise.css';

// Spec 2.2: the AI employee has a fixed title.
export const metadata: Metadata = {
  title: { absolute: `AI 数字员工 - 一句话找客户${PRODUCT_SUFFIX}` },
  description:
    'AI 数字员工：用一句话描述理想客户，自动生成查询条件并筛出企业名单。画像找客、产业链上下游、园区企业、政策匹配、新获融资、新成立企业、区域扩张、竞品客户、批量加微、名单导出十项技能。',
  alternates: { canonical: DIGITAL_EMPLOYEE_PATH },
};

/**
 * 数字员工 (spec 2.1, issue 34 item 1): open and indexable; a member reads it inside the
 * workspace, a visitor under the public header (ADR 0197).
 */
export async function DigitalEmployeeView({ chrome }: { chrome: Chrome }) {
  // The texts come from the configuration document (ADR 0204), read when the page renders.
  const [{ signedIn }, { config }] = await Promise.all([getPageViewer(), loadEmployeeConfig()]);
  return (
    <ChromeForState
      chrome={chrome}
      search={<LeanSearchBox />}
      member={<DigitalEmployeeIntro config={config} signedIn={signedIn} />}
    />
  );
}
