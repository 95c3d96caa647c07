import { ProjectPage, projectMetadata } from '@/components/finance/FinancePages';
import { searchParamsRoute } from '@/components/content/search-params-route';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

/** 融资项目 (spec 2.1 /details/projectionDetail, issue 32 item 2): one financed company. */
const route = searchParamsRoute(ProjectPage, projectMetadata);

export const generateMetadata = route.generateMetadata;
export default route.Page;
