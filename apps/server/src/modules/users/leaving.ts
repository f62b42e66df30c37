import type { Executor } from '../../db/client.ts';
import { deleteUserRow } from './users.repository.ts';

/*
 * A member leaving: their account deleted, with everything they put in. The users module declares
 * the event; each module that keeps something of theirs that counts for others (their blogs in
 * the site's counts, their likes, comments and follows in others' counters) registers a handler in
 * the composition root (modules/index.ts), which runs in the deleting transaction before the row
 * goes; the rest of their rows go with it (foreign keys cascade).
 */

/** One module's part of a member leaving: it removes its own rows of theirs and moves others' counters to match. */
export type LeavingHandler = (tx: Executor, leaving: { userId: string }, now: Date) => Promise<void>;

export interface UserEventHandlers {
  readonly leaving: readonly LeavingHandler[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The handlers of a member leaving, which deleting an account runs (modules/index.ts wires them). */
    userEvents: UserEventHandlers;
  }
}

/** Deletes the account and all its content in the caller's transaction: the handlers in order, then the row. */
export async function deleteAccount(tx: Executor, events: UserEventHandlers, userId: string, now: Date) {
  for (const handler of events.leaving) await handler(tx, { userId }, now);
  await deleteUserRow(tx, userId);
}
