/** Texts of the writing flow that are Inkwell's own (the original contract's are in messages.ts). */
export const EditorMessages = {
  newBlog: 'New Blog',
  savingDraft: 'Saving Draft...',
  draftSaved: 'Saved',
  publishing: 'Publishing...',
  published: 'Published',
  updating: 'Updating...',
  updated: 'Updated',
  scheduling: 'Scheduling...',
  scheduled: 'Scheduled',
  uploadingBanner: 'Uploading...',
  bannerUploaded: 'Uploaded',
  /** The accessible name of the block menu's search field (the `/` menu, issue 17). */
  blockMenuSearch: 'Filter blocks',
} as const;
