/** Addresses of the finance pages (zod-free: the company page's client code links here too). */
export const financeHref = {
  index: '/finance',
  project: (uncid: string) => `/details/projectionDetail?uncid=${encodeURIComponent(uncid)}`,
  institution: (id: number) => `/details/organizationDetail?id=${id}`,
  /** An investor known by name only (the company page's 融资信息): the page finds its id. */
  institutionNamed: (name: string) =>
    `/details/organizationDetail?name=${encodeURIComponent(name)}`,
};
