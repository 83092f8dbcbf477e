import type { ReactNode } from 'react';
import { theme } from 'antd';
import type { MentionedPerson } from '@herd/contract';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A note's text with its "@Full Name" mentions highlighted. Only the people
 * the server says the note mentions are marked (a client is given none, so
 * an "@" they read or typed stays plain text); longer names are tried first,
 * so "@Ann Lee" is not cut to "@Ann".
 */
export const MentionText = ({ text, mentions }: { text: string; mentions: MentionedPerson[] }) => {
  const { token } = theme.useToken();
  if (mentions.length === 0) return <>{text}</>;
  const names = [...new Set(mentions.map((m) => m.name))].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(@(?:${names.map(escape).join('|')}))`, 'g');
  const parts: ReactNode[] = text.split(pattern).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} data-testid="mention" style={{ color: token.colorPrimary, background: token.colorPrimaryBg, borderRadius: 4, padding: '0 2px', fontWeight: 500 }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
  return <>{parts}</>;
};
