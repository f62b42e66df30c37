import { createFederation, type Context, type Federation, type InboxContext, type InboxListener } from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Person,
  Undo,
  Update,
  type Recipient,
} from '@fedify/fedify/vocab';
import type { FastifyBaseLogger } from 'fastify';
import { profilePath, type SiteIdentity } from '@inkwell/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { pageParam } from '../../plugins/page-tags.ts';
import { absoluteUrl } from '../../site-origin.ts';
import { rasterProfileImage } from '../avatars/index.ts';
import { findUserById, findUserByUsername } from '../users/index.ts';
import { actorKeyPairs } from './actor-keys.ts';
import { articleOf, createOf } from './articles.ts';
import { queueDeliveries } from './delivery.ts';
import { safeDocumentLoader } from './document-loader.ts';
import { isOnBlockedDomain } from './domain-blocks.service.ts';
import { PgKvStore } from './kv-store.ts';
import {
  acceptRemoteFollowing,
  addRemoteFollower,
  countPublishedBlogsOf,
  countRemoteFollowers,
  findReadableBlog,
  forgetRemoteActor,
  isFollowedActor,
  listRemoteFollowers,
  markRemoteArticleDeleted,
  publishedBlogsOf,
  recordRemoteArticle,
  removeRemoteFollower,
} from './federation.repository.ts';
import { NODEINFO_PATH, nodeInfo } from './nodeinfo.ts';

const PAGE_SIZE = 20;
const ACTOR_PATH = '/ap/users/{identifier}';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The author behind an actor identifier (users.id: it stays when the username changes). */
const authorOf = (db: Db, identifier: string) =>
  UUID.test(identifier) ? findUserById(db, identifier) : Promise.resolve(undefined);

const offsetOf = (cursor: string | null) => Math.max(0, Number.parseInt(cursor ?? '0', 10) || 0);
const nextCursor = (offset: number, got: number) => (got === PAGE_SIZE ? String(offset + PAGE_SIZE) : null);

export interface InkwellFederation {
  federation: Federation<void>;
  /** A context outside any request (deliveries, jobs), on PUBLIC_URL. */
  context(): Context<void>;
  allowHosts: string[];
}

/**
 * Every author an ActivityPub actor on PUBLIC_URL (Person, WebFinger, followers, outbox, inbox,
 * NodeInfo), Fedify doing the protocol: routing, content negotiation and the verification of
 * every signed request to an inbox. All it fetches goes through the SSRF-safe fetcher.
 */
export function createInkwellFederation(
  db: Db,
  config: Config,
  publicUrl: string,
  log: FastifyBaseLogger,
  site: () => Promise<SiteIdentity>,
): InkwellFederation {
  const allowHosts = config.fetchAllowHosts;
  const loader = safeDocumentLoader(allowHosts, (url) => isOnBlockedDomain(db, url));
  const origin = new URL(publicUrl).origin;
  const federation = createFederation<void>({
    kv: new PgKvStore(db),
    origin,
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => loader,
    // Fetches signed on behalf of an author are made unsigned, through the same checks.
    authenticatedDocumentLoaderFactory: () => loader,
  });
  const context = () => federation.createContext(new URL(origin), undefined);
  const absolute = (pathOrUrl: string) => new URL(absoluteUrl(origin, pathOrUrl));
  /** An author's picture as a raster image with its type and size: Mastodon refuses an SVG icon. */
  const actorIcon = async (profileImg: string) => {
    const { url, type, width, height } = await rasterProfileImage(db, profileImg);
    return new Image({ url: absolute(url), mediaType: type ?? null, width: width ?? null, height: height ?? null });
  };

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const user = await authorOf(db, identifier);
      if (!user) return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: user.username,
        name: user.fullname,
        summary: user.bio || null,
        icon: await actorIcon(user.profileImg),
        url: absolute(profilePath(user.username)),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
      });
    })
    .mapHandle(async (_ctx, username) => (await findUserByUsername(db, username))?.id ?? null)
    // WebFinger answers for a profile's address as for its acct: (the actor's own IRI it reads itself).
    .mapAlias((_ctx, resource) => {
      const username = resource.origin === origin ? pageParam(resource.pathname, 'user') : null;
      return username === null ? null : { username };
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) =>
      (await authorOf(db, identifier)) ? actorKeyPairs(db, identifier) : [],
    );

  federation
    .setFollowersDispatcher(`${ACTOR_PATH}/followers`, async (_ctx, identifier, cursor) => {
      if (!(await authorOf(db, identifier))) return null;
      const offset = offsetOf(cursor);
      const rows = await listRemoteFollowers(db, identifier, offset, PAGE_SIZE);
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.actorId),
        inboxId: new URL(row.inbox),
        endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
      }));
      return { items, nextCursor: nextCursor(offset, rows.length) };
    })
    .setCounter((_ctx, identifier) => (UUID.test(identifier) ? countRemoteFollowers(db, identifier) : null))
    .setFirstCursor(() => '0');

  federation
    .setOutboxDispatcher(`${ACTOR_PATH}/outbox`, async (ctx, identifier, cursor) => {
      if (!(await authorOf(db, identifier))) return null;
      if (cursor === null) return { items: [] };
      const offset = offsetOf(cursor);
      const rows = await publishedBlogsOf(db, identifier, offset, PAGE_SIZE);
      return { items: rows.map((blog) => createOf(ctx, blog)), nextCursor: nextCursor(offset, rows.length) };
    })
    .setCounter((_ctx, identifier) => (UUID.test(identifier) ? countPublishedBlogsOf(db, identifier) : null))
    .setFirstCursor(() => '0');

  /*
   * An activity whose actor is on a blocked domain has no effect, however it was signed. The
   * routes refuse most before Fedify reads them (by their HTTP signature's key); this, on the actor
   * Fedify verified, is the rule for the rest: signed in their body, by a key Fedify had kept.
   */
  const unlessBlocked =
    <A extends Activity>(listener: InboxListener<void, A>): InboxListener<void, A> =>
    async (ctx, activity) => {
      if (activity.actorId && (await isOnBlockedDomain(db, activity.actorId.href))) return;
      await listener(ctx, activity);
    };

  federation
    .setInboxListeners(`${ACTOR_PATH}/inbox`, '/ap/inbox')
    .on(
      Follow,
      unlessBlocked(async (ctx, follow) => {
        const target = follow.objectId ? ctx.parseUri(follow.objectId) : null;
        if (follow.id == null || follow.actorId == null || target?.type !== 'actor') return;
        if (!(await authorOf(db, target.identifier))) return;
        const follower = await follow.getActor(ctx);
        if (!follower?.id || !follower.inboxId) return;
        await addRemoteFollower(db, {
          userId: target.identifier,
          actorId: follower.id.href,
          inbox: follower.inboxId.href,
          sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
          followId: follow.id.href,
        });
        const accept = new Accept({
          id: new URL(`${ctx.getActorUri(target.identifier).href}#accepts/${crypto.randomUUID()}`),
          actor: ctx.getActorUri(target.identifier),
          object: follow,
        });
        await queueDeliveries(db, ctx, target.identifier, [follower.inboxId.href], accept);
      }),
    )
    .on(
      Undo,
      unlessBlocked(async (ctx, undo) => {
        const object = await undo.getObject(ctx);
        if (!(object instanceof Follow) || !undo.actorId || object.actorId?.href !== undo.actorId.href) return;
        const target = object.objectId ? ctx.parseUri(object.objectId) : null;
        if (target?.type !== 'actor') return;
        await removeRemoteFollower(db, target.identifier, undo.actorId.href);
      }),
    )
    // Only the followed actor can accept our Follow: the Follow's id is matched with the actor it went to.
    .on(
      Accept,
      unlessBlocked(async (_ctx, accept) => {
        if (!accept.objectId || !accept.actorId) return;
        await acceptRemoteFollowing(db, accept.objectId.href, accept.actorId.href);
      }),
    )
    .on(
      Create,
      unlessBlocked((ctx, create) => recordArticle(ctx, db, create, 'Create')),
    )
    .on(
      Update,
      unlessBlocked((ctx, update) => recordArticle(ctx, db, update, 'Update')),
    )
    .on(
      Delete,
      unlessBlocked(async (_ctx, del) => {
        if (!del.actorId || !del.objectId) return;
        // An actor deleting itself (its account is gone): nothing here follows or is followed by it any more.
        if (del.objectId.href === del.actorId.href) return forgetRemoteActor(db, del.actorId.href);
        if (!(await isFollowedActor(db, del.actorId.href))) return;
        await markRemoteArticleDeleted(db, del.objectId.href, del.actorId.href);
      }),
    )
    .onError((_ctx, error) => {
      log.warn({ err: error }, 'an activity in an inbox could not be handled');
    });

  // A blog's Article at its page's address, for a client that asks for ActivityStreams there.
  federation.setObjectDispatcher(Article, '/blog/{blogId}', async (ctx, { blogId }) => {
    const blog = await findReadableBlog(db, { blogId });
    return blog ? articleOf(ctx, blog) : null;
  });

  // Linked from /.well-known/nodeinfo; the document itself is served by NODEINFO_PATH's route.
  federation.setNodeInfoDispatcher(NODEINFO_PATH, async () => nodeInfo(db, await site()));

  return { federation, context, allowHosts };
}

/** An article from an actor someone here follows, kept as last created or updated; anything else is let go. */
async function recordArticle(ctx: InboxContext<void>, db: Db, activity: Create | Update, kind: 'Create' | 'Update') {
  if (!activity.actorId || !(await isFollowedActor(db, activity.actorId.href))) return;
  const article = await activity.getObject(ctx);
  if (!(article instanceof Article) || !article.id || article.attributionId?.href !== activity.actorId.href) return;
  await recordRemoteArticle(db, {
    objectId: article.id.href,
    actorId: activity.actorId.href,
    name: article.name?.toString() ?? '',
    url: article.url instanceof URL ? article.url.href : null,
    content: article.content?.toString() ?? '',
    lastActivity: kind,
  });
}
