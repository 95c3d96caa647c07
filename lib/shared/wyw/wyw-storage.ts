import { WYW_CALLBACK_KEY, WYW_CALLBACK_PARAMS_KEY, WYW_EXPORT_FILE_NAME } from './wyw.constants';

/**
 * What the browser keeps of a batch export (spec 4.6): WYWCallbackParams holds the download
 * parameters (the job and its file name); WYWCallback names the job whose file is still to be
 * downloaded, and is taken by the first tab that sees the job finish, so one file is saved.
 */
export type WywCallbackParams = { jobId: number; fileName: string; startTime: number };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function saveWywCallback(jobId: number): void {
  const s = storage();
  if (!s) return;
  const params: WywCallbackParams = {
    jobId,
    fileName: WYW_EXPORT_FILE_NAME,
    startTime: Date.now(),
  };
  s.setItem(WYW_CALLBACK_PARAMS_KEY, JSON.stringify(params));
  s.setItem(WYW_CALLBACK_KEY, String(jobId));
}

export function readWywCallbackParams(): WywCallbackParams | null {
  const raw = storage()?.getItem(WYW_CALLBACK_PARAMS_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Partial<WywCallbackParams>;
    return typeof p.jobId === 'number'
      ? {
          jobId: p.jobId,
          fileName: p.fileName ?? WYW_EXPORT_FILE_NAME,
          startTime: p.startTime ?? 0,
        }
      : null;
  } catch {
    return null;
  }
}

/** True once for the job: the tab that gets true downloads the file. */
export function takeWywCallback(jobId: number): boolean {
  const s = storage();
  if (!s || s.getItem(WYW_CALLBACK_KEY) !== String(jobId)) return false;
  s.removeItem(WYW_CALLBACK_KEY);
  return true;
}

export function clearWywCallback(): void {
  const s = storage();
  s?.removeItem(WYW_CALLBACK_KEY);
  s?.removeItem(WYW_CALLBACK_PARAMS_KEY);
}
