/** The API root's JSON envelope: code 200 is success. */
export type ApiEnvelope<T> = { code: number; msg: string; data: T | null };

export type PageResult<T> = { list: T[]; total: number };
