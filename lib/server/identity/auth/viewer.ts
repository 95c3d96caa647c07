/** Who is looking: contacts are real only for a tenant that unlocked the company. */
export type Viewer = { tenantId: number | null; userId: number | null };

export const ANONYMOUS: Viewer = { tenantId: null, userId: null };
