import type { Metadata } from 'next';
import { HomeSearchForm } from '@/components/home/HomeSearchForm';
import { AiEntryLink } from '@/components/ai/AiEntryLink';
import { PublicHeader } from '@/components/layout/PublicHeader';
import { estimatedEnterpriseCount, formatCount } from '@/lib/server/enterprise';
import { PRODUCT_NAME } from '@/lib/shared/brand';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: { absolute: `${PRODUCT_NAME} - 企业查询与智能拓客平台` },
  alternates: { canonical: '/' },
};

const FEATURES = [
  {
    title: '企业查询',
    text: '按名称、法人、股东、信用代码、电话、地址快速查找企业，两个字也能搜。',
  },
  {
    title: '高级搜索',
    text: '地区、行业、注册资本、成立年限、企业标签等条件自由组合，实时出结果。',
  },
  { title: '联系方式解锁', text: '按版本额度解锁企业电话与邮箱，同一企业团队内只扣一次。' },
  { title: '线索管理', text: '一键加入线索，跟进、分配、导出，销售过程一目了然。' },
  { title: 'AI 智能拓客', text: '用一句话描述目标客户，AI 员工帮你找企业、建任务。' },
  { title: '产业洞察', text: '产业链图谱、政策查询与研究报告，洞察行业机会。' },
];

/** The public tools and knowledge pages (issues 17, 30, 31), linked for visitors and crawlers alike. */
const KNOWLEDGE_LINKS = [
  { href: '/mapGetCustomer', label: '地图获客' },
  { href: '/authoritativeList', label: '权威榜单' },
  { href: '/industryInsights/industryMap', label: '产业地图' },
  { href: '/policySearch', label: '政策查询' },
  { href: '/zxyb/yjbg', label: '产业研究报告' },
  { href: '/zxyb/cyzx', label: '产业资讯' },
  { href: '/industryInsights/industryInformation', label: '行业资讯' },
  { href: '/industryInsights/health', label: '健康产业专题' },
] as const;

export default async function HomePage() {
  const total = await estimatedEnterpriseCount();
  return (
    <>
      <PublicHeader />
      <main>
        <section
          style={{
            background: 'linear-gradient(135deg, #0b3d91 0%, #1677ff 100%)',
            color: '#fff',
            padding: '72px 16px 64px',
            textAlign: 'center',
          }}
        >
          <h1 style={{ fontSize: 36, margin: '0 0 12px' }}>{PRODUCT_NAME}：找到对的客户</h1>
          <p style={{ fontSize: 16, opacity: 0.9, margin: '0 0 28px' }}>
            收录 {formatCount(total)} 家企业的工商、股东、人员与联系方式信息，助力销售与商务拓展。
          </p>
          <HomeSearchForm />
          <p style={{ marginTop: 16, fontSize: 13, opacity: 0.85 }}>
            试试：
            <a
              href="/companySearch?searchValue=科技"
              style={{ color: '#fff', textDecoration: 'underline' }}
            >
              科技
            </a>
            {' · '}
            <a
              href="/companySearch?searchValue=教育"
              style={{ color: '#fff', textDecoration: 'underline' }}
            >
              教育
            </a>
            {' · '}
            <a
              href="/companySearch?searchValue=医疗器械"
              style={{ color: '#fff', textDecoration: 'underline' }}
            >
              医疗器械
            </a>
          </p>
        </section>
        <section
          aria-labelledby="features-title"
          style={{ maxWidth: 1120, margin: '0 auto', padding: '48px 16px' }}
        >
          <h2 id="features-title" style={{ textAlign: 'center', fontSize: 24, marginBottom: 32 }}>
            一站式企业情报与拓客工具
          </h2>
          <ul
            style={{
              listStyle: 'none',
              padding: 0,
              margin: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
              gap: 16,
            }}
          >
            {FEATURES.map((f) => (
              <li
                key={f.title}
                style={{
                  background: '#fff',
                  borderRadius: 8,
                  padding: 24,
                  boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
                }}
              >
                <h3 style={{ margin: '0 0 8px', fontSize: 18 }}>{f.title}</h3>
                <p style={{ margin: 0, color: 'rgba(0,0,0,0.65)', lineHeight: 1.7 }}>{f.text}</p>
                {f.title === 'AI 智能拓客' ? <AiEntryLink /> : null}
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer
        style={{
          textAlign: 'center',
          padding: '24px 16px 40px',
          color: 'rgba(0,0,0,0.65)',
          fontSize: 13,
        }}
      >
        <nav aria-label="找客工具与产业资讯" style={{ marginBottom: 8 }}>
          {KNOWLEDGE_LINKS.map((l, i) => (
            <span key={l.href}>
              {i > 0 ? ' · ' : null}
              <a href={l.href} className="pub-text-link">
                {l.label}
              </a>
            </span>
          ))}
        </nav>
        <a href="/serviceAndAgreement/service" className="pub-text-link">
          服务协议
        </a>{' '}
        ·{' '}
        <a href="/serviceAndAgreement/agreement" className="pub-text-link">
          隐私协议
        </a>
        <div style={{ marginTop: 8 }}>© 2026 {PRODUCT_NAME}</div>
      </footer>
    </>
  );
}
