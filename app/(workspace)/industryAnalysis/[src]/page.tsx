import { partnerFrameRoute } from '@/components/partner/partner-frame-route';

export const dynamic = 'force-dynamic';

const route = partnerFrameRoute('industryAnalysis');
export const generateMetadata = route.generateMetadata;
export default route.PartnerFramePage;
