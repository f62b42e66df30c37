import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportStarted } from '@inkwell/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation, type MutationConfig } from '../../../lib/use-api-mutation.ts';

const importsKey = ['imports'] as const;
const importKey = (id: string) => ['import', id] as const;

/** How often a running import's progress is asked for. */
const PROGRESS_MS = 1500;

/** Uploads an export (the import form's fields as they are); the server reads it whole, then imports it in the background. */
export function useStartImport(config?: MutationConfig<ImportStarted, FormData>) {
  const queryClient = useQueryClient();
  return useApiMutation(
    (form: FormData) => api('/api/imports', { auth: true, body: form }),
    config,
    () => {
      void queryClient.invalidateQueries({ queryKey: importsKey });
    },
  );
}

/** An import as it stands, asked again every PROGRESS_MS while it runs; when it ends, the list of imports loads again. */
export function useImportStatus(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKey(id),
    queryFn: async ({ signal }) => {
      const answer = await api('/api/imports/status', { auth: true, body: { id }, signal });
      if (answer.import.state === 'done') void queryClient.invalidateQueries({ queryKey: importsKey });
      return answer.import;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' ? PROGRESS_MS : false),
  });
}

/** The member's latest imports, newest first. */
export const useMyImports = () =>
  useQuery({
    queryKey: importsKey,
    queryFn: async ({ signal }) => (await api('/api/imports/list', { auth: true, signal })).imports,
  });
