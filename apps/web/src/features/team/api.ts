import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coworkerEndpoints as e, type CoworkerInviteBody, type CoworkerUpdateBody } from '@herd/contract';
import { useSubmissionKey } from '../../lib/submission-key';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { call } from '../../lib/api-client';
import { sessionKeys } from '../auth/api';
import { clientKeys } from '../clients/api';

export const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
};

/** The firm's people; every firm user may see them (to know who is assigned where). */
export const useCoworkers = () => useQuery({ queryKey: teamKeys.list(), queryFn: () => call(e.list, {}) });

const useInvalidateTeam = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.all }),
      // Assignments show coworkers' names, and a removed coworker leaves their clients.
      client.invalidateQueries({ queryKey: clientKeys.all }),
      // Changing one's own role changes what the app lets one do.
      client.invalidateQueries({ queryKey: sessionKeys.profile() }),
    ]);
};

export const useInviteCoworker = () => {
  const invalidate = useInvalidateTeam();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: CoworkerInviteBody) => call(e.invite, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: () => {
      submission.done();
      return invalidate();
    },
  });
};

export const useUpdateCoworker = () => {
  const invalidate = useInvalidateTeam();
  return useSubmitMutation({
    mutationFn: ({ pk, body }: { pk: number; body: CoworkerUpdateBody }) => call(e.update, { params: { pk }, body }),
    onSuccess: invalidate,
  });
};

export const useRemoveCoworker = () => {
  const invalidate = useInvalidateTeam();
  return useSubmitMutation({
    mutationFn: (pk: number) => call(e.remove, { params: { pk } }),
    onSuccess: invalidate,
  });
};

/** Mails a coworker who has not signed in yet their invitation again. */
export const useResendCoworkerInvitation = () => useSubmitMutation({ mutationFn: (pk: number) => call(e.resendInvitation, { params: { pk } }) });

/** A fresh invitation link of a coworker who has not signed in yet, to pass on by hand. */
export const useCoworkerInvitationLink = () => useSubmitMutation({ mutationFn: (pk: number) => call(e.invitationLink, { params: { pk } }) });
