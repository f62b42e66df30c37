import { ContentBlock, Limits, normaliseTags } from '@inkwell/contracts';
import { HttpError } from '../../http-error.ts';
import { cleanEditorOutput } from '../content/index.ts';
import type { blogWriters } from '../blogs/index.ts';
import type { ImageRef, ImportedPost } from './import-bundle.ts';
import type { StoredImage } from './import-images.ts';
import { cutAtWord, oneLine } from './text-cuts.ts';

type ImportedBlog = Parameters<typeof blogWriters.import>[3];

/** What a published blog with no tag of its own is tagged: publishing needs one. */
export const FALLBACK_TAG = 'imported';
const UNTITLED = 'Untitled';
/** Blocks a blog holds at most (the editor's output, contracts EditorOutput). */
const BLOCKS_MAX = 1000;

export interface BlogPlan {
  blog: ImportedBlog;
  /** What was changed or left out on the way, one sentence each. */
  problems: string[];
}

const dateOf = (value: string | undefined) => {
  const date = value === undefined ? NaN : Date.parse(value);
  return Number.isNaN(date) ? undefined : new Date(date);
};

/** The post's blocks, each checked and cleaned as the editor's are; an image block's reference becomes its copy here, or goes with its image. */
function planBlocks(blocks: unknown[], images: Map<ImageRef, StoredImage>, problems: string[]): ContentBlock[] {
  const kept: ContentBlock[] = [];
  if (blocks.length > BLOCKS_MAX) problems.push(`Only its first ${BLOCKS_MAX} blocks were kept`);
  blocks.slice(0, BLOCKS_MAX).forEach((raw, index) => {
    const parsed = ContentBlock.safeParse(raw);
    if (!parsed.success) {
      problems.push(`Block ${index + 1} was left out: it is not a block the editor knows`);
      return;
    }
    let block = parsed.data;
    if (block.type === 'image') {
      const image = images.get(block.data.file.url);
      // Its image could not be copied, which is reported already.
      if (!image) return;
      block = { ...block, data: { ...block.data, file: image } };
    }
    try {
      kept.push(...cleanEditorOutput({ blocks: [block] }).blocks);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      problems.push(`Block ${index + 1} (${block.type}) was left out: ${error.message.replace(/^Block \d+: /, '')}`);
    }
  });
  return kept;
}

/** The tags a blog keeps: normalised, at most ten (the rest reported); a published blog without any gets FALLBACK_TAG. */
function planTags(tags: string[], draft: boolean, problems: string[]): string[] {
  const all = normaliseTags(tags);
  const tooLong = all.filter((tag) => tag.length > Limits.tagMax);
  if (tooLong.length > 0)
    problems.push(
      `Tags longer than ${Limits.tagMax} characters were left out: ${tooLong.map((t) => cutAtWord(t, 60)).join(', ')}`,
    );
  const usable = all.filter((tag) => tag.length <= Limits.tagMax);
  const kept = usable.slice(0, Limits.maxTags);
  if (usable.length > kept.length)
    problems.push(`A blog keeps ${Limits.maxTags} tags: ${usable.slice(kept.length).join(', ')} left out`);
  if (kept.length === 0 && !draft) {
    problems.push(`It had no tags, which a published blog needs: it is tagged “${FALLBACK_TAG}”`);
    return [FALLBACK_TAG];
  }
  return kept;
}

/**
 * A post of an import as the blog it becomes, by the rules of a save: title and description cut to
 * their limits, the first ten tags, the banner (its feature image, else its first image; for a
 * published one without any, `fallbackBanner`), the blocks cleaned, its dates kept (a post its old
 * site was to publish later waits for that time here). A published post with no content left is
 * kept as a draft. Every change is a problem, in words, for the report.
 */
export function planBlog(
  post: ImportedPost,
  images: Map<ImageRef, StoredImage>,
  fallbackBanner: string,
  now: Date,
): BlogPlan {
  const problems: string[] = [];
  let title = oneLine(post.title);
  if (!title) {
    problems.push(`It had no title: it is called “${UNTITLED}”`);
    title = UNTITLED;
  } else if (title.length > Limits.titleMax) {
    problems.push(`Its title was cut to ${Limits.titleMax} characters`);
    title = cutAtWord(title, Limits.titleMax);
  }
  const blocks = planBlocks(post.blocks, images, problems);
  let draft = post.draft;
  if (!draft && blocks.length === 0) {
    problems.push('Nothing of its text could be kept: it is imported as a draft');
    draft = true;
  }
  const des = cutAtWord(oneLine(post.description) || title, Limits.descriptionMax);
  const tags = planTags(post.tags, draft, problems);
  const firstImage = blocks.find((block) => block.type === 'image')?.data.file.url;
  let banner = (post.banner && images.get(post.banner)?.url) ?? firstImage ?? '';
  if (!banner && !draft) {
    problems.push('It had no image to be its banner: the site’s share image stands in');
    banner = fallbackBanner;
  }
  const published = dateOf(post.publishedAt);
  const later = !draft && published !== undefined && published > now;
  return {
    blog: {
      body: { title, des, banner, tags, draft, content: [{ blocks }] },
      publishedAt: draft || later ? null : (published ?? null),
      publishAt: later ? published : null,
      createdAt: dateOf(post.createdAt) ?? published ?? now,
      // The last edit on the old site; never before the blog was written, never after the import.
      updatedAt: dateOf(post.updatedAt) ?? null,
    },
    problems,
  };
}
