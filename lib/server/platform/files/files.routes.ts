import 'server-only';
import { getFile, uploadFile } from '@/lib/shared/files/files.contract';
import { defineRoute } from '../http/define-route';
import { fileResponse, uploadFromForm } from './files.service';

export const fileRoutes = [
  defineRoute(getFile, ({ params }) => fileResponse(params.key)),
  defineRoute(uploadFile, ({ body, auth }) => uploadFromForm(body, auth)),
];
