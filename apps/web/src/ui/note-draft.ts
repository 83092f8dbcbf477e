import type { MentionedPerson } from '@herd/contract';

/** What a composer sends: the text, and the people picked after "@" whose names are still in it. */
export interface NoteDraft {
  body: string;
  mentions: number[];
}

/** The request body of a draft: mentions only when there are some, so a plain note is sent as before. */
export const noteDraftBody = ({ body, mentions }: NoteDraft) => (mentions.length > 0 ? { body, mentions } : { body });

/** The people picked from the list whose "@Name" the text still holds: deleting the name takes the mention back. */
export const mentionsIn = (body: string, picked: MentionedPerson[]) => [...new Set(picked.filter((p) => body.includes(`@${p.name}`)).map((p) => p.pk))];
