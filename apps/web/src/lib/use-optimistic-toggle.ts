import { useMutation, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { notifyError } from './notify.ts';
import { useSession } from './session.tsx';

export interface OptimisticToggleOptions<Answer, Key extends QueryKey> {
  /** Whether it is on, as the server says for the signed-in reader (`reader`: their username, which keys it). */
  state: (reader: string) => UseQueryOptions<boolean, Error, boolean, Key> & { queryKey: Key };
  /** Whether to ask at all once signed in (nobody follows themselves; nobody saves a draft). */
  enabled?: boolean;
  /** What a visitor who presses it is told, in the words the server would use. */
  loginMessage: string;
  /** Sends the change from `on` to its opposite. */
  send: (on: boolean) => Promise<Answer>;
  /** Whether the server's answer says it is on. */
  isOn: (answer: Answer) => boolean;
  /** What changes at once with it (a count shown beside it); answers how to put that back. */
  change?: (on: boolean) => (() => void) | undefined;
  /** What the server's answer settles besides the state: the count it says, a list to load again, a toast. */
  settle?: (answer: Answer) => void;
}

/** What a toggle shows and does. */
export interface Toggle {
  on: boolean;
  /** Sending, or not yet told by the server which it is: a press now could send the wrong state. */
  busy: boolean;
  toggle: () => void;
}

/**
 * A button that turns something on or off for the signed-in reader (a like, a bookmark, a follow):
 * it shows the change at once, then sends it and settles on the server's answer; if the server
 * refuses, it goes back and the reason is shown. A visitor is only told to log in.
 */
function useToggleInBrowser<Answer, Key extends QueryKey>({
  state,
  enabled = true,
  loginMessage,
  send,
  isOn,
  change,
  settle,
}: OptimisticToggleOptions<Answer, Key>): Toggle {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const options = state(session?.username ?? '');
  const current = useQuery({ ...options, enabled: session !== null && enabled });
  const on = current.data ?? false;
  const show = (value: boolean) => queryClient.setQueryData<boolean>(options.queryKey, value);

  const mutation = useMutation({
    mutationFn: send,
    onMutate: (was: boolean) => {
      show(!was);
      return change?.(!was);
    },
    onSuccess: (answer) => {
      show(isOn(answer));
      settle?.(answer);
    },
    onError: (error, was, undo) => {
      show(was);
      undo?.();
      notifyError(error.message);
    },
  });

  return {
    on,
    busy: mutation.isPending || current.isLoading,
    toggle: () => (session ? mutation.mutate(on) : notifyError(loginMessage)),
  };
}

/**
 * The server renders a reading page for the visitor, who has no session: off, and nothing to ask or
 * send, as the browser's first pass shows it (the session applies once hydrated). Without the query
 * and the mutation it would make and drop, a blog page's three toggles cost its render a twentieth.
 */
const VISITORS_TOGGLE: Toggle = { on: false, busy: false, toggle: () => {} };
const useToggleOnServer = (): Toggle => VISITORS_TOGGLE;

/** The build decides which, so a component never changes its hooks between renders. */
export const useOptimisticToggle: <Answer, Key extends QueryKey>(
  options: OptimisticToggleOptions<Answer, Key>,
) => Toggle = import.meta.env.SSR ? useToggleOnServer : useToggleInBrowser;
