import { useState } from 'react';
import { App, Button, Card, ColorPicker, Flex, Form, Input } from 'antd';
import { DEFAULT_MAIN_COLOR, firmSettingsBody, type FirmSettings } from '@herd/contract';
import { normaliseHex } from '../../../lib/color';
import { applyServerErrors } from '../../../lib/form-errors';
import { zodRule } from '../../../lib/form-rules';
import { FormAlert } from '../../../ui/form-alert';
import { useUpdateFirmSettings, useUploadFile } from '../api';
import { isLogoType, LOGO_TYPE_ERROR, LogoField } from './logo-field';
import { useChangeGuard } from '../../billing/read-only-guard';

interface Values {
  company_name: string;
  /** '' means Herd's default colour. */
  main_color: string;
  logo: number | null;
}

const FIELDS = ['company_name', 'main_color', 'logo'] as const;
const shape = firmSettingsBody.shape;
const rules = {
  company_name: [zodRule(shape.company_name.unwrap())],
  // An empty field is "no colour of our own" (null), not an invalid colour.
  main_color: [zodRule({ safeParse: (value: unknown) => shape.main_color.safeParse(value === '' || value === undefined ? null : value) })],
};

/** The firm's name, colour and logo, shown to its staff and clients and in its emails (FIRM_ADMIN). */
export const FirmBrandingForm = ({ settings }: { settings: FirmSettings }) => {
  const [form] = Form.useForm<Values>();
  const update = useUpdateFirmSettings();
  const upload = useUploadFile();
  const { message } = App.useApp();
  const [error, setError] = useState<string | null>(null);
  const guard = useChangeGuard();
  const [previewUrl, setPreviewUrl] = useState<string | null>(settings.logo);
  const typedColor = Form.useWatch('main_color', form) ?? settings.main_color ?? '';
  const swatch = normaliseHex(typedColor) ?? DEFAULT_MAIN_COLOR;

  const onUpload = (file: File) => {
    if (!isLogoType(file)) {
      form.setFields([{ name: 'logo', errors: [LOGO_TYPE_ERROR] }]);
      return;
    }
    form.setFields([{ name: 'logo', errors: [] }]);
    upload.mutate(file, {
      onSuccess: (stored) => {
        setPreviewUrl(stored.url);
        form.setFieldValue('logo', stored.pk);
      },
      // The upload answers `{file: [...]}`; it belongs on the logo field.
      onError: (err) => setError(applyServerErrors(form, err, FIELDS, { file: 'logo' })),
    });
  };

  const onRemove = () => {
    setPreviewUrl(null);
    form.setFieldValue('logo', null);
  };

  const onFinish = (values: Values) => {
    setError(null);
    const body = { company_name: values.company_name, main_color: values.main_color ? values.main_color.toLowerCase() : null, logo: values.logo };
    update.mutate(body, {
      onSuccess: () => void message.success('Firm branding saved'),
      onError: (err) => setError(applyServerErrors(form, err, FIELDS)),
    });
  };

  return (
    <Card title="Firm branding" variant="outlined">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name="firm-branding"
        validateTrigger="onBlur"
        initialValues={{ company_name: settings.company_name, main_color: settings.main_color ?? '', logo: settings.logo_file }}
        onFinish={onFinish}
        style={{ maxWidth: 640 }}
        disabled={guard.disabled}
      >
        <FormAlert message={error} />
        <Form.Item label="Firm name" name="company_name" rules={rules.company_name} extra="Your clients see this name in Herd and in their emails.">
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item label="Main colour" extra={`A hex colour such as ${DEFAULT_MAIN_COLOR}. Leave empty for Herd’s own colour.`}>
          <Flex gap={8} align="flex-start">
            {/* The swatch is the pointer's way to the colour (antd's trigger takes no focus); the field beside it is everyone's, so the swatch is left out of what a screen reader reads. */}
            <ColorPicker
              value={swatch}
              disabledAlpha
              onChangeComplete={(color) => form.setFields([{ name: 'main_color', value: color.toHexString(), errors: [] }])}
              aria-hidden
            />
            <Form.Item name="main_color" rules={rules.main_color} noStyle>
              <Input aria-label="Main colour" placeholder={DEFAULT_MAIN_COLOR} style={{ width: 160 }} maxLength={7} allowClear />
            </Form.Item>
          </Flex>
        </Form.Item>
        <Form.Item label="Logo" name="logo" valuePropName="value">
          <LogoField previewUrl={previewUrl} uploading={upload.isPending} onUpload={onUpload} onRemove={onRemove} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending} disabled={guard.disabled || upload.isPending} title={guard.title}>
          Save branding
        </Button>
      </Form>
    </Card>
  );
};
