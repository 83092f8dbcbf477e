import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { noteEndpoints as n } from '@herd/contract';
import { call } from '../../lib/api-client';
import type { MentionSource } from '../../ui/note-composer';

export const noteKeys = {
  /** Whom "@" offers: per client company, or the firm's internal thread (null). */
  mentionable: (companyPk: number | null) => ['notes', 'mentionable', companyPk] as const,
};

/**
 * The colleagues a note about this client company may mention (the firm's
 * people who can see it; every colleague for a receipt of the firm's inbox).
 * Asked for only once the author types "@", so opening a thread costs nothing.
 */
export const useMentionSource = (companyPk: number | null): MentionSource => {
  const [wanted, setWanted] = useState(false);
  const people = useQuery({
    queryKey: noteKeys.mentionable(companyPk),
    queryFn: () => call(n.mentionable, { query: companyPk === null ? {} : { client_company: companyPk } }),
    enabled: wanted,
    staleTime: 60_000,
  });
  return { people: people.data, loading: people.isFetching, load: () => setWanted(true) };
};
