'use client';

import { Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';

/**
 * The drop zone of an import (线索导入, 内容导入): one file, clicked or dropped, handed to
 * `onFile` instead of antd's own upload, so the caller streams it to its job endpoint.
 */
export function ImportDropZone({
  accept,
  busy,
  text,
  onFile,
}: {
  accept: string;
  busy: boolean;
  /** What the zone says; it says something else while `busy`. */
  text: string;
  onFile: (file: File) => void;
}) {
  return (
    <Upload.Dragger
      accept={accept}
      multiple={false}
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{text}</p>
    </Upload.Dragger>
  );
}
