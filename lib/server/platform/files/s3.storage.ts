import { apiError } from '../http/api-error';
import type { FileStorage } from './storage.adapter';

/**
 * S3-compatible object storage (FILE_STORAGE=s3 with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY, S3_REGION). Not implemented yet: every call answers 501 so a deployment
 * that selects it fails loudly instead of losing uploads. Implementing it means SigV4-signed
 * PUT/GET/DELETE of `${bucket}/${key}` behind this same interface.
 */
export function createS3Storage(): FileStorage {
  const notEnabled = async (): Promise<never> => {
    throw apiError('NOT_IMPLEMENTED');
  };
  return { kind: 's3', put: notEnabled, get: notEnabled, remove: notEnabled };
}
