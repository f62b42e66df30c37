import type { Executor } from '../../db/client.ts';
import type { MemberBlock } from './blocks.repository.ts';

/** One reaction to a new block, run in the transaction that adds it: it writes its own module's rows, and never calls back into blocks. */
export type BlockedHandler = (tx: Executor, block: MemberBlock) => Promise<void>;

/**
 * Who hears of a new block, in order. The modules that react register their handlers in the
 * composition root (modules/index.ts), so blocks imports none of them (they import blocks to ask
 * whether two members are blocked), and no import circle forms.
 */
export interface BlockEventHandlers {
  readonly blocked: readonly BlockedHandler[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The handlers of a new block, which the block call runs (modules/index.ts wires them). */
    blockEvents: BlockEventHandlers;
  }
}
