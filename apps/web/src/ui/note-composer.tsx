import { useState } from 'react';
import { Input, Mentions } from 'antd';
import type { MentionedPerson } from '@herd/contract';

export interface MentionSource {
  /** The firm's people the author may mention, once asked for (after the first "@"). */
  people: MentionedPerson[] | undefined;
  loading: boolean;
  /** Asks for the people: called when the author first types "@". */
  load: () => void;
}

interface NoteComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Remembers who was picked, by pk: two colleagues may share a name. */
  onPick: (person: MentionedPerson) => void;
  /** Given on the firm's side only: clients type "@" as plain text. */
  mentions?: MentionSource;
}

/** The box a new note is written in; on the firm's side "@" offers the colleagues who can see the client. */
export const NoteComposer = ({ value, onChange, onPick, mentions }: NoteComposerProps) => {
  const [asked, setAsked] = useState(false);
  if (!mentions)
    return <Input.TextArea aria-label="New note" placeholder="Write a note" value={value} onChange={(e) => onChange(e.target.value)} autoSize={{ minRows: 2 }} />;
  const people = mentions.people ?? [];
  return (
    <Mentions
      aria-label="New note"
      placeholder="Write a note; type @ to mention a colleague"
      value={value}
      onChange={onChange}
      autoSize={{ minRows: 2 }}
      loading={mentions.loading}
      onSearch={() => {
        if (!asked) {
          setAsked(true);
          mentions.load();
        }
      }}
      onSelect={(option) => {
        // Mentions hands the option back with its key made unique ("<pk>-<n>"): the pk is what comes before the dash.
        const pk = Number.parseInt(String(option.key ?? ''), 10);
        const person = people.find((p) => p.pk === pk);
        if (person) onPick(person);
      }}
      options={people.map((p) => ({ key: String(p.pk), value: p.name, label: p.name }))}
    />
  );
};
