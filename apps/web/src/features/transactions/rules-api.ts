import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ruleEndpoints as e, type CreateRuleBody, type LearnedPattern, type SuggestionRule, type UpdateRuleBody } from '@herd/contract';
import { call } from '../../lib/api-client';
import { useSubmitMutation } from '../../lib/use-submit-mutation';
import { transactionKeys } from './api';

export const ruleKeys = {
  all: ['rules'] as const,
  company: (companyPk: number) => [...ruleKeys.all, companyPk] as const,
  rules: (companyPk: number) => [...ruleKeys.company(companyPk), 'list'] as const,
  patterns: (companyPk: number) => [...ruleKeys.company(companyPk), 'patterns'] as const,
};

/** The company's rules and the firm's, as they apply to this company. */
export const useRules = (companyPk: number) =>
  useQuery({ queryKey: ruleKeys.rules(companyPk), queryFn: (): Promise<SuggestionRule[]> => call(e.list, { params: { pk: companyPk } }) });

/** What Herd learned from the company's answers, merchant by merchant. */
export const usePatterns = (companyPk: number) =>
  useQuery({ queryKey: ruleKeys.patterns(companyPk), queryFn: (): Promise<LearnedPattern[]> => call(e.patterns, { params: { pk: companyPk } }) });

/**
 * A rule changes what is suggested (and may answer transactions by itself, once the job runs): the
 * rules of every company (a firm rule applies to all) and the transaction lists are read again.
 */
const useAfterRuleChange = () => {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ruleKeys.all }), client.invalidateQueries({ queryKey: transactionKeys.all })]);
};

export const useCreateRule = (companyPk: number) => {
  const after = useAfterRuleChange();
  return useSubmitMutation({
    mutationFn: (body: CreateRuleBody) => call(e.create, { params: { pk: companyPk }, body }),
    onSuccess: after,
  });
};

export const useUpdateRule = () => {
  const after = useAfterRuleChange();
  return useSubmitMutation({
    mutationFn: ({ pk, ...body }: UpdateRuleBody & { pk: number }) => call(e.update, { params: { pk }, body }),
    onSuccess: after,
  });
};

export const useDeleteRule = () => {
  const after = useAfterRuleChange();
  return useSubmitMutation({
    mutationFn: (pk: number) => call(e.delete, { params: { pk } }),
    onSuccess: after,
  });
};
