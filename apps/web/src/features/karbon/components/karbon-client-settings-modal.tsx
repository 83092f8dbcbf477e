import { App, Form, Modal, Select, Skeleton } from 'antd';
import { useKarbonClientSettings, useSaveKarbonClientSettings, type KarbonClientOverrides } from '../api';
import { useServerError } from '../../../ui/use-server-error';

/** The choices a company can make for itself; each follows the firm's unless set. */
const CHOICES: { name: keyof KarbonClientOverrides; label: string }[] = [
  { name: 'note_on_transactions_answered', label: 'Note when they finish transactions' },
  { name: 'note_on_request_answered', label: 'Note when they answer a request' },
  { name: 'note_on_receipts_arrived', label: 'Note when they send receipts' },
  { name: 'work_item_on_request_sent', label: 'Work item when the firm sends a request' },
  { name: 'work_item_on_sync_error', label: 'Work item when the ledger refuses transactions' },
  { name: 'work_item_on_call_due', label: 'Work item to call the client when the reminder ladder reaches its call' },
  { name: 'import_receipts', label: 'Their Karbon photos and PDFs become receipts' },
];

type Choice = 'firm' | 'on' | 'off';
const toChoice = (value: boolean | null | undefined): Choice => (value === true ? 'on' : value === false ? 'off' : 'firm');
const fromChoice = (choice: Choice) => (choice === 'on' ? true : choice === 'off' ? false : null);

/** One client company's own Karbon choices: each "as the firm", on or off. */
export const KarbonClientSettingsModal = ({ company, onClose }: { company: { pk: number; name: string } | null; onClose: () => void }) => {
  const { message } = App.useApp();
  const showError = useServerError();
  const view = useKarbonClientSettings(company?.pk ?? null);
  const save = useSaveKarbonClientSettings(company?.pk ?? 0);
  const [form] = Form.useForm<Record<string, Choice>>();
  const firm = (name: keyof KarbonClientOverrides) => (view.data?.effective && view.data.overrides[name] == null ? (view.data.effective[name] ? 'on' : 'off') : null);
  const onOk = async () => {
    const values = await form.validateFields();
    const overrides = Object.fromEntries(CHOICES.map(({ name }) => [name, fromChoice(values[name] ?? 'firm')])) as KarbonClientOverrides;
    save.mutate(overrides, {
      onSuccess: () => {
        void message.success(`Karbon settings of ${company!.name} saved.`);
        onClose();
      },
      onError: (failure) => showError(failure, 'Could not save'),
    });
  };
  return (
    <Modal
      open={company !== null}
      title={company ? `Karbon for ${company.name}` : ''}
      okText="Save"
      onOk={() => void onOk()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {view.isPending ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          name="karbon-client-settings"
          initialValues={Object.fromEntries(CHOICES.map(({ name }) => [name, toChoice(view.data?.overrides[name] as boolean | null | undefined)]))}
        >
          {CHOICES.map(({ name, label }) => (
            <Form.Item key={name} name={name} label={label} style={{ marginBottom: 12 }}>
              <Select
                aria-label={label}
                options={[
                  { value: 'firm', label: `As the firm${firm(name) ? ` (${firm(name)})` : ''}` },
                  { value: 'on', label: 'On for this client' },
                  { value: 'off', label: 'Off for this client' },
                ]}
              />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
};
