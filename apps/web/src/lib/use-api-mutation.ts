import { useMutation, type UseMutationOptions } from '@tanstack/react-query';

/** What a screen adds to a feature's mutation: its own toasts, focus, navigation and state. */
export type MutationConfig<TData, TVariables = void, TContext = unknown> = Omit<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  'mutationFn'
>;

/**
 * A feature's mutation, as its api/ file offers it (bulletproof-react's manner): the hook brings the
 * call and what a success changes in the app's data (`changed`, run first); the screen's `config`
 * adds what it shows.
 */
export function useApiMutation<TData, TVariables = void, TContext = unknown>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  config: MutationConfig<TData, TVariables, TContext> = {},
  changed?: (data: TData, variables: TVariables) => void,
) {
  return useMutation({
    ...config,
    mutationFn,
    onSuccess: (...args) => {
      changed?.(args[0], args[1]);
      return config.onSuccess?.(...args);
    },
  });
}
