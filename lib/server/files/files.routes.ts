import { z } from 'zod';
import { legacyRoute } from '../api/define-route';
import { ApiError, apiError } from '../api/api-error';
import { ERRORS } from '@/lib/shared/api/error-codes';
import { readStoredFile, storeUpload } from './files.service';

const tags = ['文件'];
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const fileRoutes = [
  legacyRoute({
    method: 'GET',
    path: '/infra/file/get/{key}',
    summary: '读取已上传文件（头像、企业 logo 等；地址不可猜测）',
    tags,
    access: 'public',
    handler: async ({ params }) => {
      const file = await readStoredFile(params.key);
      if (!file) throw apiError('FILE_NOT_EXISTS');
      return new Response(new Uint8Array(file.data), {
        status: 200,
        headers: {
          'content-type': file.mime,
          'content-length': String(file.data.length),
          // Keys are content-addressed-random and never reused.
          'cache-control': 'public, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    },
  }),
  legacyRoute({
    method: 'POST',
    path: '/infra/file/upload',
    summary: '上传文件（表单字段 file；图片、PDF、xlsx，≤10MB，按内容识别类型）',
    tags,
    access: 'user',
    bodyType: 'multipart',
    response: z.string().describe('文件地址'),
    handler: async ({ body, auth }) => {
      const file = body?.get('file');
      if (!(file instanceof File)) throw new ApiError(ERRORS.BAD_REQUEST.code, 'file: 请选择文件');
      const stored = await storeUpload(file, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        maxBytes: UPLOAD_MAX_BYTES,
        allowed: ['png', 'jpg', 'gif', 'webp', 'pdf', 'xlsx'],
      });
      return stored.url;
    },
  }),
];
