/** Most seats per edition (0 free … 4 enterprise): tenant_packages.max_members, seeded from here. */
export const EDITION_MAX_MEMBERS: Readonly<Record<number, number>> = {
  0: 5,
  1: 1,
  2: 10,
  3: 30,
  4: 100,
};

/** Highest member limit a platform super administrator may set. */
export const MEMBER_LIMIT_MAX = 10000;
