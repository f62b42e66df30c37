/**
 * What other modules may use of content: a blog's blocks checked and cleaned, rendered for storing
 * (highlighted code, words, the rules that rendered them) and again when those rules change, and
 * rendered for feeds and the fediverse. Pure functions, no database.
 */
export { cleanEditorOutput, isImageUrl } from './content-blocks.ts';
export { contentHtml, readingMinutes } from './content-html.ts';
export {
  RENDER_VERSION,
  renderAgain,
  renderContent,
  withHighlighting,
  type RenderedContent,
} from './rendered-content.ts';
