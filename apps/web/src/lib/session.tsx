import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { SESSION_KEY, Session } from '@inkwell/contracts';

/** SPEC §3: the sign-in response is kept whole in sessionStorage under `user`. */
export function readStoredSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = Session.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface SessionState {
  session: Session | null;
  /** Stores a sign-in response whole, or merges fields (new_notification_available, username…). */
  setSession: (next: Session) => void;
  updateSession: (patch: Partial<Session>) => void;
  clearSession: () => void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setState] = useState<Session | null>(readStoredSession);

  const setSession = useCallback((next: Session) => {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
    setState(next);
  }, []);
  const updateSession = useCallback((patch: Partial<Session>) => {
    setState((current) => {
      if (!current) return current;
      const next = { ...current, ...patch };
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const clearSession = useCallback(() => {
    sessionStorage.removeItem(SESSION_KEY);
    setState(null);
  }, []);

  const value = useMemo(
    () => ({ session, setSession, updateSession, clearSession }),
    [session, setSession, updateSession, clearSession],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The current access token, for API calls made outside React. */
export const currentToken = () => readStoredSession()?.access_token;
