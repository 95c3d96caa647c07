import { ImportRejection, type AttachmentStore } from './parse';

/** Attachments of an uploaded import: links only; files next to the source are for the CLI. */
export const rejectUploadedAttachment: AttachmentStore = async (ref) => {
  throw new ImportRejection(
    `附件“${ref.name}”：上传导入只接受 url 链接，本地文件请用 npm run import:content`,
  );
};
