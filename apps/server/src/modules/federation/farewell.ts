import type { webcrypto } from 'node:crypto';
import type { Executor } from '../../db/client.ts';
import { enqueueJob } from '../jobs/index.ts';
import {
  followedActors,
  followerInboxes,
  forgetKvEntriesOf,
  readableBlogIdsOf,
  storedSigningKey,
} from './federation.repository.ts';

/** The queue of farewells: a member's last word to the fediverse, built and sent out after they left. */
export const FAREWELL_QUEUE = 'federation-farewell';

/**
 * What a farewell job carries: all it needs once nothing of the member is left here (their row,
 * keys, followers and blogs go in the deleting transaction), so it is sent signed with their own
 * key, and once sent (or given up) nothing names them.
 */
export interface Farewell {
  /** Their users.id: their actor's identifier, which their activities name. */
  actor: string;
  /** Their followers' inboxes (a server's shared inbox once). */
  inboxes: string[];
  /** The actors they followed, whose servers hear of it too (their inboxes found when it is sent). */
  following: string[];
  /** The blogs readers could read, by the id in their address: each becomes a `Delete`. */
  blogIds: string[];
  /** Their RSA private key (a JWK), which their followers' servers know them by. */
  key: webcrypto.JsonWebKey;
  at: string;
}

/**
 * A handler of a member leaving, run before anything of theirs goes: Fedify's entries about them
 * go, and when servers of the fediverse know them (someone there follows them, or they follow
 * someone there), a farewell is queued: a `Delete` of each blog readers could read, and of their
 * actor. Their keys, followers and followings go with their row.
 */
export async function leaveFediverse(tx: Executor, { userId }: { userId: string }, now: Date) {
  await forgetKvEntriesOf(tx, userId);
  const [inboxes, following] = [await followerInboxes(tx, userId), await followedActors(tx, userId)];
  if (inboxes.length === 0 && following.length === 0) return;
  // No key was ever made: nothing of theirs was ever signed, so no server could check a farewell.
  const key = await storedSigningKey(tx, userId);
  if (!key) return;
  const farewell: Farewell = {
    actor: userId,
    inboxes,
    following,
    blogIds: await readableBlogIdsOf(tx, userId),
    key,
    at: now.toISOString(),
  };
  await enqueueJob(tx, { queue: FAREWELL_QUEUE, payload: farewell });
}
