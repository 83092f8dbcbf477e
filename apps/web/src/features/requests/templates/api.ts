import { useQuery, useQueryClient } from '@tanstack/react-query';
import { requestTemplateEndpoints, type RequestTemplateCreateBody, type RequestTemplateUpdateBody } from '@herd/contract';
import { call } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { useSubmitMutation } from '../../../lib/use-submit-mutation';

export const requestTemplateKeys = {
  all: ['request-templates'] as const,
  list: () => [...requestTemplateKeys.all, 'list'] as const,
};

/** The firm's templates, by name: a firm has a handful, so the list is whole. */
export const useRequestTemplates = () => useQuery({ queryKey: requestTemplateKeys.list(), queryFn: () => call(requestTemplateEndpoints.list, {}) });

const useRefreshAfter = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: requestTemplateKeys.all });
};

/** A retry after a lost answer replays the first save (same key) rather than meeting its own name as taken. */
export const useCreateRequestTemplate = () => {
  const refresh = useRefreshAfter();
  const submission = useSubmissionKey();
  return useSubmitMutation({
    mutationFn: (body: RequestTemplateCreateBody) => call(requestTemplateEndpoints.create, { body }, { idempotencyKey: submission.for(body) }),
    onSuccess: async () => {
      submission.done();
      await refresh();
    },
  });
};

export const useUpdateRequestTemplate = () => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({
    mutationFn: ({ pk, body }: { pk: number; body: RequestTemplateUpdateBody }) => call(requestTemplateEndpoints.update, { params: { pk }, body }),
    onSuccess: refresh,
  });
};

export const useDeleteRequestTemplate = () => {
  const refresh = useRefreshAfter();
  return useSubmitMutation({ mutationFn: (pk: number) => call(requestTemplateEndpoints.delete, { params: { pk } }), onSuccess: refresh });
};
