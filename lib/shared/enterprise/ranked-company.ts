import { z } from 'zod';

/**
 * A company in a ranked list with its reasons (产业招商, 画像推荐): what the row shows of the
 * company, its place and its score; each list adds its own reasons and fields.
 */
export const rankedCompanySchema = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  uncid: z.string(),
  regionName: z.string(),
  industryName: z.string(),
  regCapital: z.number().nullable(),
  regCapitalCurrency: z.string(),
  establishDate: z.string().nullable(),
  /** The sum of the reasons' points. */
  score: z.number(),
});
export type RankedCompany = z.infer<typeof rankedCompanySchema>;
