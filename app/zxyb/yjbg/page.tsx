import { reportRoutes } from '@/components/content/ReportPages';
import '@/components/enterprise/enterprise.css';
import '@/components/search/search.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

const routes = reportRoutes('yjbg');
export const generateMetadata = routes.listMetadata;
export default routes.List;
