import { z } from 'zod';
import {
  CLUE_LIST_COLUMNS,
  CLUE_LIST_TABS,
  CLUE_PAGE_SIZE_MAX,
  CLUE_SORT_FIELDS,
} from './clue.constants';

// The tab and column names are zod-free constants (the list reads them at first load, issue 38).
export {
  CLUE_LIST_COLUMNS,
  CLUE_LIST_TABS,
  type ClueListColumn,
  type ClueListTab,
} from './clue.constants';

const when = z.number().int().nonnegative().nullable();
/** A [from, to] day range in epoch ms (start of the first day, end of the last), or none. */
const dayRange = z.tuple([when, when]).nullable().default(null);

/**
 * A saved view of the lead list (saved_list_views.state for list 'clue'): the status tab, every
 * filter, the sort, the shown columns and the page size. Unknown keys are refused so a view cannot
 * carry anything else; missing ones take the list's defaults.
 */
export const clueViewStateSchema = z
  .object({
    tab: z.enum(CLUE_LIST_TABS).default('all'),
    filters: z
      .object({
        keyword: z.string().trim().max(50, '关键词最多 50 个字符').default(''),
        source: z.array(z.string().max(20)).max(50).default([]),
        followUserIds: z.array(z.number().int().positive()).max(200).default([]),
        region: z
          .array(z.string().regex(/^\d{6}$/))
          .max(3)
          .default([]),
        industry: z
          .array(z.string().regex(/^([A-T]|\d{2,4})$/))
          .max(4)
          .default([]),
        createTime: dayRange,
        nextFollowTime: dayRange,
      })
      .strict()
      .prefault({}),
    sort: z
      .object({ field: z.enum(CLUE_SORT_FIELDS), order: z.enum(['asc', 'desc']) })
      .strict()
      .default({ field: 'createTime', order: 'desc' }),
    /** Omitted: the list's default columns. */
    columns: z.array(z.enum(CLUE_LIST_COLUMNS)).max(CLUE_LIST_COLUMNS.length).optional(),
    pageSize: z.number().int().min(1).max(CLUE_PAGE_SIZE_MAX).default(10),
  })
  .strict();
export type ClueViewState = z.output<typeof clueViewStateSchema>;
