'use client';

import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { call, contractKey } from '@/lib/client/request';
import {
  getFunnel,
  getPipeline,
  listStages,
  opportunityPage,
} from '@/lib/shared/opportunity/opportunity.endpoints';
import type { OpportunityFields } from '@/lib/shared/opportunity/opportunity.contract';
import { OPPORTUNITY_STATUS_NAMES } from '@/lib/shared/opportunity/opportunity.constants';
import { yuanToFen } from './money';

export const STAGES_KEY = contractKey(listStages);
export const PIPELINE_KEY = contractKey(getPipeline);
export const FUNNEL_KEY = contractKey(getFunnel);
export const OPPORTUNITY_PAGE_KEY = contractKey(opportunityPage);

export const STATUS_COLOR = { open: 'processing', won: 'success', lost: 'default' } as const;
export function statusName(s: keyof typeof OPPORTUNITY_STATUS_NAMES): string {
  return OPPORTUNITY_STATUS_NAMES[s];
}

/** The tenant's stages in order (the server creates the default pipeline on first use). */
export function useStages(enabled = true) {
  return useQuery({
    queryKey: STAGES_KEY,
    queryFn: () => call(listStages, undefined, { silent: true }),
    staleTime: 60_000,
    retry: 0,
    enabled,
  });
}

/** What the opportunity form holds: 元 and a date picker; the API takes fen and YYYY-MM-DD. */
export type OpportunityFormValues = {
  name?: string;
  amountYuan?: number | null;
  stageId?: number | null;
  expectedCloseDate?: Dayjs | null;
  probability?: number | null;
  remark?: string;
};

export function toOpportunityFields(v: OpportunityFormValues): OpportunityFields {
  return {
    name: (v.name ?? '').trim(),
    amount: yuanToFen(v.amountYuan) ?? 0,
    stageId: v.stageId ?? null,
    expectedCloseDate: v.expectedCloseDate ? v.expectedCloseDate.format('YYYY-MM-DD') : null,
    probability: v.probability ?? null,
    remark: v.remark && v.remark.trim() ? v.remark.trim() : null,
  };
}

export function fromDate(d: string | null): Dayjs | null {
  return d ? dayjs(d) : null;
}
