import { HealthHubPage, healthHubMetadata } from '@/components/content/HealthPages';
import '@/components/enterprise/enterprise.css';
import '@/components/content/content.css';

export const dynamic = 'force-dynamic';

export const metadata = healthHubMetadata;

/** The health-sector topic pages (spec 2.1): their index. */
export default function HealthHubRoute() {
  return <HealthHubPage />;
}
