import { reportRoutes } from '@/components/content/ReportPages';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

const routes = reportRoutes('cyzx');
export const generateMetadata = routes.detailMetadata;
export default routes.Detail;
