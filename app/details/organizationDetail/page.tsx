import { InstitutionPage, institutionMetadata } from '@/components/finance/FinancePages';
import { searchParamsRoute } from '@/components/content/search-params-route';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

/** 投资机构 (spec 2.1 /details/organizationDetail, issue 32 item 2): portfolio and co-investors. */
const route = searchParamsRoute(InstitutionPage, institutionMetadata);

export const generateMetadata = route.generateMetadata;
export default route.Page;
