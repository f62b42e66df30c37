/**
 * Blocks between members: the one rule of whether two members are blocked, which comments, follows
 * and notifications ask (`refuseIfBlocked`, or `blockStanding` in a statement of the caller's own with
 * `refuseOnBlock`; `noBlockBetween` for a notification, and `notBlockedBy` for the rows a blocker no longer sees), and the event of a new block, whose handlers the composition root wires.
 * `blocksModule` is their routes.
 */
export type { BlockEventHandlers } from './block-events.ts';
export {
  blockStanding,
  noBlockBetween,
  notBlockedBy,
  type BlockStanding,
  type MemberBlock,
} from './blocks.repository.ts';
export { blockRoutes as blocksModule } from './blocks.routes.ts';
export { refuseIfBlocked, refuseOnBlock } from './blocks.service.ts';
