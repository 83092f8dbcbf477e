import { useQuery } from '@tanstack/react-query';
import { fileEndpoints } from '@herd/contract/endpoints/files';
import { call } from '../../lib/api-client';
import { firmKeys } from './api';

/** What the firm keeps in storage and its limit. */
export const useStorageUsage = () => useQuery({ queryKey: [...firmKeys.all, 'storage'], queryFn: () => call(fileEndpoints.usage, {}) });
