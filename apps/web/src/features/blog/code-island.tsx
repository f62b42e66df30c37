import { defineIsland } from '../../lib/island.tsx';
import { CodeBlock } from './components/code-block.tsx';

/** A code block as an island of its own: its Copy button (and the sanitiser it renders with) loads once it comes into view. */
export const CodeIsland = defineIsland('code', CodeBlock);
