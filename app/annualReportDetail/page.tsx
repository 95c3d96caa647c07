import {
  AnnualReportPage,
  annualReportMetadata,
} from '@/components/enterprise/annual/AnnualReportPage';
import { searchParamsRoute } from '@/components/content/search-params-route';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';
import '@/components/industry/industry.css';
import '@/components/finance/finance.css';

export const dynamic = 'force-dynamic';

/** 年报详情 (spec 2.1 /annualReportDetail, issue 32 item 1): title "{entity} {year}年度报告". */
const route = searchParamsRoute(AnnualReportPage, annualReportMetadata);

export const generateMetadata = route.generateMetadata;
export default route.Page;
