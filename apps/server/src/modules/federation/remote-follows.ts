import type { Context } from '@fedify/fedify';
import { Follow, isActor, Undo } from '@fedify/fedify/vocab';
import type { Db } from '../../db/client.ts';
import { queueDeliveries } from './delivery.ts';
import { addRemoteFollowing, removeRemoteFollowing } from './federation.repository.ts';
import type { InkwellFederation } from './federation.ts';

/**
 * A user here follows an actor on another server: the Follow is signed and sent to the actor's
 * inbox, and counts once that server answers Accept (the inbox listener). There is no page for it
 * yet: it is what lets one Inkwell follow another's author (and the tests prove both sides).
 */
/** The actor at `actorUrl` (fetched through the safe document loader), with its id and inbox. */
async function remoteActor(ctx: Context<void>, actorUrl: string) {
  const actor = await ctx.lookupObject(actorUrl);
  if (!isActor(actor) || !actor.id || !actor.inboxId) throw new Error(`${actorUrl} is not an actor with an inbox`);
  return { id: actor.id, inboxId: actor.inboxId };
}

export async function followRemoteActor(
  fed: InkwellFederation,
  db: Db,
  userId: string,
  actorUrl: string,
): Promise<void> {
  const ctx = fed.context();
  const actor = await remoteActor(ctx, actorUrl);
  const me = ctx.getActorUri(userId);
  const follow = new Follow({ id: new URL(`${me.href}#follows/${crypto.randomUUID()}`), actor: me, object: actor.id });
  await addRemoteFollowing(db, { userId, actorId: actor.id.href, followId: follow.id!.href });
  await queueDeliveries(db, ctx, userId, [actor.inboxId.href], follow);
}

/** Stops following: an Undo of the Follow that was sent, and the actor's articles are no longer taken. */
export async function unfollowRemoteActor(
  fed: InkwellFederation,
  db: Db,
  userId: string,
  actorUrl: string,
): Promise<void> {
  const ctx = fed.context();
  const following = await removeRemoteFollowing(db, userId, actorUrl);
  if (!following) return;
  const actor = await remoteActor(ctx, actorUrl);
  const me = ctx.getActorUri(userId);
  const undo = new Undo({
    id: new URL(`${me.href}#undo/${crypto.randomUUID()}`),
    actor: me,
    object: new Follow({ id: new URL(following.followId), actor: me, object: actor.id }),
  });
  await queueDeliveries(db, ctx, userId, [actor.inboxId.href], undo);
}
