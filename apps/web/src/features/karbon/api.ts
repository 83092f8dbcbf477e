import { useQuery, useQueryClient } from '@tanstack/react-query';
import { karbonEndpoints as e } from '@herd/contract/endpoints/karbon';
import type { KarbonClientType, KarbonInstanceBody, KarbonSettings } from '@herd/contract/karbon';
import type { z } from 'zod';
import type { karbonClientOverrides } from '@herd/contract/karbon';

export type KarbonClientOverrides = z.input<typeof karbonClientOverrides>;
import { call } from '../../lib/api-client';
import { upload } from '../../lib/upload';
import { useSubmitMutation } from '../../lib/use-submit-mutation';

export const karbonKeys = {
  all: ['karbon'] as const,
  settings: () => [...karbonKeys.all, 'settings'] as const,
  lists: () => [...karbonKeys.all, 'lists'] as const,
  mappings: () => [...karbonKeys.all, 'mappings'] as const,
  directory: (search: string) => [...karbonKeys.all, 'directory', search] as const,
  client: (companyPk: number) => [...karbonKeys.all, 'client', companyPk] as const,
  sandbox: () => [...karbonKeys.all, 'sandbox'] as const,
};

/** The firm's Karbon connection (null before one) and what Herd writes there. */
export const useKarbonSettings = () => useQuery({ queryKey: karbonKeys.settings(), queryFn: () => call(e.settings, {}) });

/** Karbon's work types, statuses and users as last read (only once connected). */
export const useKarbonLists = (enabled: boolean) => useQuery({ queryKey: karbonKeys.lists(), queryFn: () => call(e.workTypes, {}), enabled });

export const useKarbonMappings = (enabled: boolean) => useQuery({ queryKey: karbonKeys.mappings(), queryFn: () => call(e.mappings, {}), enabled });

/** Karbon's organizations and contacts, searched by name or email (the first page of 50). */
export const useKarbonDirectory = (search: string, enabled: boolean) =>
  useQuery({ queryKey: karbonKeys.directory(search), queryFn: () => call(e.organizations, { query: search ? { search } : {} }), enabled });

/** Anything that changes the connection: everything Karbon-related is read again. */
const useRefreshAll = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: karbonKeys.all });
};

export const useConnectKarbon = () => {
  const refresh = useRefreshAll();
  return useSubmitMutation({ mutationFn: (body: KarbonInstanceBody) => call(e.createInstance, { body }), onSuccess: refresh });
};

export const useConnectSandboxKarbon = () => {
  const refresh = useRefreshAll();
  return useSubmitMutation({ mutationFn: () => call(e.connectSandbox, {}), onSuccess: refresh });
};

export const useDisconnectKarbon = () => {
  const refresh = useRefreshAll();
  return useSubmitMutation({ mutationFn: () => call(e.deleteInstance, {}), onSuccess: refresh });
};

export const useSaveKarbonSettings = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: KarbonSettings) => call(e.updateSettings, { body }),
    onSuccess: (view) => client.setQueryData(karbonKeys.settings(), view),
  });
};

export type KarbonResyncKind = 'organizations' | 'worktypes' | 'workstatuses' | 'users';
const RESYNC = { organizations: e.resyncOrganizations, worktypes: e.resyncWorkTypes, workstatuses: e.resyncWorkStatuses, users: e.resyncUsers } as const;

export const useKarbonResync = () => {
  const refresh = useRefreshAll();
  return useSubmitMutation({ mutationFn: (kind: KarbonResyncKind) => call(RESYNC[kind], {}), onSuccess: refresh });
};

/** Links a company to a Karbon client (a first link, or another one), or unlinks it (null). */
export const useLinkKarbonClient = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ companyPk, target, linked }: { companyPk: number; target: { karbon_key: string; karbon_type: KarbonClientType } | null; linked: boolean }) =>
      linked || !target
        ? call(e.updateMapping, { params: { client_company: companyPk }, body: { target } })
        : call(e.createMapping, { body: { client_company: companyPk, ...target } }),
    onSuccess: () => client.invalidateQueries({ queryKey: karbonKeys.mappings() }),
  });
};

/** A client company's own Karbon choices and what applies to it. */
export const useKarbonClientSettings = (companyPk: number | null) =>
  useQuery({
    queryKey: karbonKeys.client(companyPk ?? 0),
    queryFn: () => call(e.clientSettings, { params: { client_pk: companyPk! } }),
    enabled: companyPk !== null,
  });

export const useSaveKarbonClientSettings = (companyPk: number) => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (overrides: KarbonClientOverrides) => call(e.updateClientSettings, { params: { client_pk: companyPk }, body: overrides }),
    onSuccess: (view) => client.setQueryData(karbonKeys.client(companyPk), view),
  });
};

/** The firm's own account in the sandbox Karbon: the linked clients, Herd's notes and work items there, the files filed on each. */
export const useKarbonSandboxView = () => useQuery({ queryKey: karbonKeys.sandbox(), queryFn: () => call(e.sandboxView, {}) });

/** Files a document on a linked client in the sandbox Karbon (the company first, then the file, as the server reads them). */
export const useFileOnKarbonSandbox = () => {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ companyPk, file }: { companyPk: number; file: File }) => {
      const form = new FormData();
      form.append('client_company', String(companyPk));
      form.append('file', file);
      return upload(e.sandboxFile, {}, form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: karbonKeys.sandbox() }),
  });
};
