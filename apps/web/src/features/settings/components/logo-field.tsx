import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';

/** The image types the server accepts as a logo. */
export const LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Said when another kind of file is chosen (the browser's filter can be switched to "All files"); the server says the same on saving. */
export const LOGO_TYPE_ERROR = 'Logo must be a PNG, JPEG, GIF or WebP image.';

export const isLogoType = (file: File): boolean => LOGO_TYPES.split(',').includes(file.type);

interface LogoFieldProps {
  /** The stored file's pk (the form value), or null for no logo. */
  value?: number | null;
  previewUrl: string | null;
  uploading: boolean;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/** The firm's logo: a preview, an upload button and a way to go back to none. */
export const LogoField = ({ value, previewUrl, uploading, onUpload, onRemove }: LogoFieldProps) => {
  const hasLogo = value !== null && value !== undefined && previewUrl !== null;
  return (
    <Flex align="center" gap={16} wrap>
      {hasLogo ? (
        <Avatar shape="square" size={64} src={previewUrl} alt="Logo preview" style={{ background: '#fff', border: '1px solid #e6ebe8' }} />
      ) : (
        <Avatar shape="square" size={64} icon={<PictureOutlined />} style={{ background: '#f0f3f1', color: '#8a948f' }} />
      )}
      <Flex vertical gap={6}>
        <Flex gap={8} wrap>
          <Upload
            accept={LOGO_TYPES}
            showUploadList={false}
            // Our own call (fileEndpoints.create), so the server's field errors reach the form.
            beforeUpload={(file) => {
              onUpload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {hasLogo ? 'Replace logo' : 'Upload logo'}
            </Button>
          </Upload>
          {hasLogo ? (
            <Button icon={<DeleteOutlined />} onClick={onRemove}>
              Remove
            </Button>
          ) : null}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          PNG, JPEG, GIF or WebP. A square image looks best.
        </Typography.Text>
      </Flex>
    </Flex>
  );
};
