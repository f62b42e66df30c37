// These two Editor.js tools ship without type declarations.
declare module '@editorjs/link' {
  import type { BlockToolConstructable } from '@editorjs/editorjs';
  const LinkTool: BlockToolConstructable;
  export default LinkTool;
}

declare module '@editorjs/marker' {
  import type { InlineToolConstructable } from '@editorjs/editorjs';
  const Marker: InlineToolConstructable;
  export default Marker;
}

// The embed tool has declarations, but its package "exports" hide them from bundler resolution.
declare module '@editorjs/embed' {
  import type { BlockToolConstructable } from '@editorjs/editorjs';
  const Embed: BlockToolConstructable;
  export default Embed;
}
