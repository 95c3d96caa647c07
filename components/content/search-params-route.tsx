import type { Metadata } from 'next';

/** What a page receives: its search parameters, as Next passes them. */
type SearchParamsRecord = Record<string, string | string[] | undefined>;
type RouteProps = { searchParams: Promise<SearchParamsRecord> };

/**
 * The two exports of an open page drawn from its search parameters alone (an app/…/page.tsx that
 * only hands them on): `generateMetadata` and the page component, both awaiting the parameters.
 */
export function searchParamsRoute(
  Page: (props: { sp: SearchParamsRecord }) => Promise<React.ReactElement>,
  metadata: (sp: SearchParamsRecord) => Metadata | Promise<Metadata>,
) {
  return {
    generateMetadata: async ({ searchParams }: RouteProps): Promise<Metadata> =>
      metadata(await searchParams),
    Page: async function SearchParamsPage({ searchParams }: RouteProps) {
      return <Page sp={await searchParams} />;
    },
  };
}
