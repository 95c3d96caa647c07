import { LeanSearchBox } from '@/components/search/LeanSearchBox';

/**
 * The home page's big search box: a GET form to /companySearch (works without JavaScript) with
 * the top bar's enterprise suggestions (the lean box, no antd; issue 28 item 7). Searching stays
 * in this tab; a suggestion opens the company, as everywhere.
 */
export function HomeSearchForm({ defaultValue = '' }: { defaultValue?: string }) {
  return <LeanSearchBox variant="home" inPlace defaultValue={defaultValue} />;
}
