import { useState } from 'react';
import { Select } from 'antd';
import type { RequestDraft } from '@herd/contract';
import { useRequestTemplates } from './api';
import { draftSummary } from './template-words';

export interface RequestTemplatePickerProps {
  /** Called with a copy of the picked template's words; the composer fills its fields from it. */
  onPick: (draft: RequestDraft) => void;
  disabled?: boolean;
}

/**
 * "Start from a template": the firm's templates in a select (searchable by name). Picking one hands
 * the composer a fresh copy, so editing the request never changes the template; the select then
 * clears, ready for another pick.
 */
export const RequestTemplatePicker = ({ onPick, disabled = false }: RequestTemplatePickerProps) => {
  const templates = useRequestTemplates();
  // A new key after each pick mounts a fresh, empty select: the placeholder shows again for the next pick.
  const [round, setRound] = useState(0);
  const options = (templates.data ?? []).map((template) => ({
    value: template.pk,
    label: template.name,
    title: `${template.name}: ${draftSummary(template)}`,
  }));

  const pick = (pk: number) => {
    const template = templates.data?.find((t) => t.pk === pk);
    if (!template) return;
    setRound((n) => n + 1);
    onPick({ kind: template.kind, subject: template.subject, text: template.text, items: template.items.map((item) => ({ ...item })) });
  };

  return (
    <Select<number>
      key={round}
      aria-label="Start from a template"
      placeholder={templates.isError ? 'Templates could not be loaded' : 'Start from a template'}
      options={options}
      onChange={pick}
      loading={templates.isPending}
      disabled={disabled || templates.isError}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={templates.isPending ? 'Loading…' : 'No templates yet: save one from Settings → Request templates.'}
      style={{ width: '100%', maxWidth: 360 }}
    />
  );
};
