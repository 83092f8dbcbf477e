import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Radio, Segmented, Select } from 'antd';
import { W9_TAX_CLASSIFICATIONS, W9_TIN_EXAMPLES, type Communication, type StoredFile, type W9FormAnswer, type W9TinKind } from '@herd/contract';
import { applyServerErrors, placeServerErrors } from '../../../lib/form-errors';
import { ChangesOnly } from '../../billing/read-only-guard';
import { useAnswerRequest } from './client-requests-api';
import { RequestFilePicker } from './request-file-picker';
import { TAX_CLASSIFICATION_WORDS } from './request-words';

const FIELDS = ['legal_name', 'business_name', 'tax_classification', 'address_line', 'city', 'state', 'postal_code', 'tin_kind', 'tin'] as const;
// The server names a form field `communications.0.w9.tin`: each goes under its own field.
const ALIASES = Object.fromEntries(FIELDS.map((name) => [`communications.0.w9.${name}`, name]));

const TIN_HINT: Record<W9TinKind, string> = {
  SSN: `A Social Security number, written ${W9_TIN_EXAMPLES.SSN}.`,
  EIN: `An Employer Identification Number, written ${W9_TIN_EXAMPLES.EIN}.`,
};

type Way = 'form' | 'signed';

const W9Form = ({ companyPk, request, onAnswered }: { companyPk: number; request: Communication; onAnswered: () => void }) => {
  const [form] = Form.useForm<W9FormAnswer>();
  const answer = useAnswerRequest(companyPk);
  const [problem, setProblem] = useState<string | null>(null);
  const tinKind = Form.useWatch('tin_kind', form) ?? 'EIN';
  const previous = request.w9;
  const submit = (values: W9FormAnswer) => {
    setProblem(null);
    answer.mutate({ pk: request.pk, w9: values }, { onSuccess: onAnswered, onError: (error) => setProblem(applyServerErrors(form, error, FIELDS, ALIASES)) });
  };
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      requiredMark="optional"
      initialValues={{
        legal_name: previous?.legal_name ?? '',
        business_name: previous?.business_name ?? '',
        tax_classification: previous?.tax_classification ?? undefined,
        address_line: previous?.address_line ?? '',
        city: previous?.city ?? '',
        state: previous?.state ?? '',
        postal_code: previous?.postal_code ?? '',
        tin_kind: previous?.tin_kind ?? 'EIN',
        tin: '',
      }}
    >
      <Form.Item name="legal_name" label="Legal name" rules={[{ required: true, message: 'Legal name is required.' }]} extra="As shown on the income tax return.">
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item name="business_name" label="Business name" extra="If different from the legal name." required={false}>
        <Input autoComplete="organization" />
      </Form.Item>
      <Form.Item name="tax_classification" label="Federal tax classification" rules={[{ required: true, message: 'Federal tax classification is required.' }]}>
        <Select options={W9_TAX_CLASSIFICATIONS.map((value) => ({ value, label: TAX_CLASSIFICATION_WORDS[value] }))} placeholder="Choose one" />
      </Form.Item>
      <Form.Item name="address_line" label="Address" rules={[{ required: true, message: 'Address is required.' }]}>
        <Input autoComplete="street-address" />
      </Form.Item>
      <Flex gap={8} wrap>
        <Form.Item name="city" label="City" rules={[{ required: true, message: 'City is required.' }]} style={{ flex: '2 1 160px' }}>
          <Input autoComplete="address-level2" />
        </Form.Item>
        <Form.Item name="state" label="State" rules={[{ required: true, message: 'State is required.' }]} style={{ flex: '1 1 80px' }}>
          <Input autoComplete="address-level1" />
        </Form.Item>
        <Form.Item name="postal_code" label="ZIP code" rules={[{ required: true, message: 'ZIP code is required.' }]} style={{ flex: '1 1 100px' }}>
          <Input autoComplete="postal-code" inputMode="numeric" />
        </Form.Item>
      </Flex>
      <Form.Item name="tin_kind" label="Taxpayer identification number">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'SSN', label: 'SSN' },
            { value: 'EIN', label: 'EIN' },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="tin"
        label={tinKind === 'SSN' ? 'Social Security number' : 'Employer Identification Number'}
        rules={[{ required: true, message: 'TIN is required.' }]}
        extra={`${TIN_HINT[tinKind]}${previous?.tin_masked ? ` Given before: ${previous.tin_masked}.` : ''}`}
      >
        <Input inputMode="numeric" autoComplete="off" placeholder={W9_TIN_EXAMPLES[tinKind]} />
      </Form.Item>
      {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} /> : null}
      <ChangesOnly>
        <Button type="primary" size="large" block htmlType="submit" loading={answer.isPending}>
          Send the W-9
        </Button>
      </ChangesOnly>
    </Form>
  );
};

const SignedForm = ({ companyPk, request, onAnswered }: { companyPk: number; request: Communication; onAnswered: () => void }) => {
  const answer = useAnswerRequest(companyPk);
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = () => {
    setProblem(null);
    const file = files[0];
    if (!file) {
      setProblem('Choose the signed form first.');
      return;
    }
    answer.mutate({ pk: request.pk, w9_signed_form: file.pk }, { onSuccess: onAnswered, onError: (error) => setProblem(placeServerErrors(error, () => null).rest) });
  };
  return (
    <Flex vertical gap={12}>
      <RequestFilePicker companyPk={companyPk} label="Signed W-9" value={files} onChange={setFiles} single />
      {problem ? <Alert type="error" showIcon message={problem} /> : null}
      <ChangesOnly>
        <Button type="primary" size="large" block onClick={send} loading={answer.isPending}>
          Send the signed form
        </Button>
      </ChangesOnly>
    </Flex>
  );
};

/** A W-9 asked of the client: fill the form here, or upload a form they signed. */
export const RequestW9 = (props: { companyPk: number; request: Communication; onAnswered: () => void }) => {
  const [way, setWay] = useState<Way>('form');
  return (
    <section aria-label="W-9">
      <Flex vertical gap={16}>
        <Segmented<Way>
          block
          value={way}
          onChange={setWay}
          options={[
            { value: 'form', label: 'Fill in the form' },
            { value: 'signed', label: 'Upload signed form' },
          ]}
        />
        {way === 'form' ? <W9Form {...props} /> : <SignedForm {...props} />}
      </Flex>
    </section>
  );
};
