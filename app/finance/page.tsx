import { FinanceIndexPage, financeIndexMetadata } from '@/components/finance/FinancePages';
import { searchParamsRoute } from '@/components/content/search-params-route';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

/** 投融资 (spec 2.1, issue 32 item 2): financing events with filters, sort and paging. */
const route = searchParamsRoute(FinanceIndexPage, financeIndexMetadata);

export const generateMetadata = route.generateMetadata;
export default route.Page;
