import type { Executor } from '../../db/client.ts';
import { deleteUserRow, findUserById } from './users.repository.ts';

/*
 * A member leaving: their account deleted, with everything they put in, by their own hand or an
 * admin's (the same deletion). The users module declares the event; each module that keeps
 * something of theirs registers a handler in the composition root (modules/index.ts), which runs
 * in the deleting transaction before the row goes: it removes or anonymises its rows of theirs and
 * moves others' counters to match. The rest of their rows go with the row (foreign keys cascade).
 * What is left names them nowhere (docs/product/rules.md Deleting an account).
 */

/** Who is leaving: their id, and the name and address that some rows hold as text rather than by id. */
export interface Leaving {
  userId: string;
  username: string;
  email: string;
}

/** One module's part of a member leaving: it removes (or anonymises) its own rows of theirs and moves others' counters to match. */
export type LeavingHandler = (tx: Executor, leaving: Leaving, now: Date) => Promise<void>;

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
  const user = await findUserById(tx, userId);
  if (!user) return;
  const leaving = { userId, username: user.username, email: user.email };
  for (const handler of events.leaving) await handler(tx, leaving, now);
  await deleteUserRow(tx, userId);
}
