/** Every tag stored inline HTML may contain, exactly as the sanitiser writes it (docs/security.md, "Content"). */
const SAFE_TAG =
  /^<(?:b|i|br|a|a href="(?:https?|mailto):[^"<>]*" rel="noopener noreferrer nofollow"|mark class="cdx-marker"|code class="inline-code"|\/(?:b|i|a|mark|code))>$/;

/**
 * The pieces of `html` that could make a browser do more than show text and the allowlisted
 * inline tags: any other tag, and any markup character outside a tag (so an "onerror=" left
 * over is plain text). Empty when the HTML is inert.
 */
export function unsafeMarkup(html: string): string[] {
  const badTags = (html.match(/<[^>]*>?/g) ?? []).filter((tag) => !SAFE_TAG.test(tag));
  const strayCharacters = html.replace(/<[^>]*>/g, '').match(/[<>"]/g) ?? [];
  return [...badTags, ...strayCharacters];
}
