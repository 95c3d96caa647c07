import { z } from 'zod';
import { defineContract } from '@/lib/shared/api/contract';

const tags = ['文件'];

/** File types the upload endpoint accepts, recognised by content, not by name. */
export const UPLOAD_FILE_TYPES = ['png', 'jpg', 'gif', 'webp', 'pdf', 'xlsx'] as const;

export const getFile = defineContract({
  method: 'GET',
  path: '/infra/file/get/{key}',
  summary: '读取已上传文件（头像、企业 logo 等；地址不可猜测）',
  tags,
  access: 'public',
  response: z.null(),
  responseKind: 'file',
  fileType: 'application/octet-stream',
});

export const uploadFile = defineContract({
  method: 'POST',
  path: '/infra/file/upload',
  summary: '上传文件（表单字段 file；图片、PDF、xlsx，≤10MB，按内容识别类型）',
  tags,
  access: 'user',
  bodyType: 'multipart',
  response: z.string().describe('文件地址'),
});
