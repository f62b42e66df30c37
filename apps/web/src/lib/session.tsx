import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthMessages, SESSION_KEY, type Session } from '@inkwell/contracts';
import { toast } from './toast.ts';

/**
 * docs/product/data.md keeps the session in sessionStorage under `user`, which every new tab starts without.
 * A copy in localStorage outlives the tab: a new tab or window takes it as its own, and its
 * `storage` events carry a sign-in or sign-out to every open tab. The copy is no more exposed to
 * script than sessionStorage already is; the server still revokes and expires the token.
 */
const BROWSER_COPY_KEY = 'inkwell:session';

/**
 * The fields of the contract's Session, each with its type: checked by hand, as zod is not loaded
 * at start-up (issue 14's JS budget); `satisfies` keeps the list to Session's fields exactly.
 */
const SESSION_FIELDS = {
  access_token: 'string',
  username: 'string',
  fullname: 'string',
  profile_img: 'string',
  new_notification_available: 'boolean',
} as const satisfies Record<keyof Session, 'string' | 'boolean'>;

function parseSession(raw: string | null): Session | null {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (typeof value !== 'object' || value === null) return null;
    const fields = value as Record<string, unknown>;
    const whole = Object.entries(SESSION_FIELDS).every(([field, type]) => typeof fields[field] === type);
    return whole ? (value as Session) : null;
  } catch {
    return null;
  }
}

/** A sign-in response stored whole under `key`, or null when there is none (or something else is there). */
function readStoredSession(storage: 'sessionStorage' | 'localStorage', key: string): Session | null {
  try {
    return parseSession(window[storage].getItem(key));
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
/** Read on first use, not on import: api.ts, which needs the token, also runs where there is no browser. */
let current: Session | null | undefined;

function snapshot(): Session | null {
  if (current === undefined) current = ownOrBrowserSession();
  return current;
}

/** The tab's own session (docs/product/data.md), or else the browser's copy, which a new tab takes as its own. */
function ownOrBrowserSession(): Session | null {
  const own = readStoredSession('sessionStorage', SESSION_KEY);
  if (own) return own;
  const shared = readStoredSession('localStorage', BROWSER_COPY_KEY);
  if (shared) sessionStorage.setItem(SESSION_KEY, JSON.stringify(shared));
  return shared;
}

function publish(next: Session | null) {
  current = next;
  for (const listener of listeners) listener();
}

/** Whether the browser's copy is the sign-in of `token` (a tab may still hold an older one). */
const copyIsOf = (token: string | undefined) =>
  token !== undefined && readStoredSession('localStorage', BROWSER_COPY_KEY)?.access_token === token;

/** Stores a sign-in response whole, here and for every tab (the open ones follow through `storage`). */
function setSession(next: Session) {
  const raw = JSON.stringify(next);
  sessionStorage.setItem(SESSION_KEY, raw);
  localStorage.setItem(BROWSER_COPY_KEY, raw);
  publish(next);
}

/** Merges fields (new_notification_available, username…) into the session. */
function updateSession(patch: Partial<Session>) {
  const session = snapshot();
  if (!session) return;
  const next = { ...session, ...patch };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
  if (copyIsOf(next.access_token)) localStorage.setItem(BROWSER_COPY_KEY, JSON.stringify(next));
  publish(next);
}

/** docs/product/screens.md Sign Out: the `user` entry goes, and with the browser's copy every tab signs out. */
function clearSession() {
  if (copyIsOf(snapshot()?.access_token)) localStorage.removeItem(BROWSER_COPY_KEY);
  sessionStorage.removeItem(SESSION_KEY);
  publish(null);
}

/** Another tab signed in, or changed or ended the shared session: this tab follows at once. */
function followOtherTabs(event: StorageEvent) {
  if (event.storageArea !== localStorage || event.key !== BROWSER_COPY_KEY) return;
  const shared = parseSession(event.newValue);
  if (shared) {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(shared));
    publish(shared);
    return;
  }
  const token = snapshot()?.access_token;
  if (token && parseSession(event.oldValue)?.access_token === token) {
    sessionStorage.removeItem(SESSION_KEY);
    publish(null);
  }
}

const noSession = () => null;

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', followOtherTabs);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', followOtherTabs);
  };
}

/**
 * The server answered 401 to a call made with `token`: revoked, expired or ended by a password
 * change. If it is still the session, it has ended: signed out in every tab, with one message.
 */
export function endRefusedSession(token: string) {
  if (snapshot()?.access_token !== token) return;
  clearSession();
  toast.error(AuthMessages.sessionEnded, { id: AuthMessages.sessionEnded });
}

/** The current access token, for API calls made outside React. */
export const currentToken = () => snapshot()?.access_token;

interface SessionState {
  session: Session | null;
  /** Stores a sign-in response whole, or merges fields (new_notification_available, username…). */
  setSession: (next: Session) => void;
  updateSession: (patch: Partial<Session>) => void;
  clearSession: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  // Server-rendered pages are the anonymous page (docs/product/screens.md): the session applies once they are hydrated.
  const session = useSyncExternalStore(subscribe, snapshot, noSession);
  const value = useMemo(() => ({ session, setSession, updateSession, clearSession }), [session]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

/**
 * Cached answers belong to the account that asked: when it signs out, or another signs in, they go.
 * Reset, not cleared: the screens on show ask again as their new reader instead of keeping the old
 * answers. Once per page, for its one query client, however many React roots show the session.
 * After React has shown the new session (a task later): reset at once, the queries of what only the
 * old account sees (its profile menu, open as it signed out) asked again, without a token, and were
 * refused.
 */
export function keepAnswersToOneAccount(queryClient: QueryClient) {
  let shown = snapshot()?.access_token;
  subscribe(() => {
    const token = snapshot()?.access_token;
    if (shown && shown !== token) setTimeout(() => void queryClient.resetQueries());
    shown = token;
  });
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
