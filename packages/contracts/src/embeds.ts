/**
 * The embed services of Editor.js's embed tool we let a blog frame, each with the https
 * origins its player lives on. The server stores embeds only for these (as https), and a blog
 * page frames only these; the Content-Security-Policy's frame-src lists the same origins.
 */
export const EMBED_ORIGINS: Record<string, string[]> = {
  youtube: ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
  vimeo: ['https://player.vimeo.com'],
  coub: ['https://coub.com'],
  instagram: ['https://www.instagram.com'],
  twitter: ['https://twitter.com', 'https://platform.twitter.com'],
  'twitch-video': ['https://player.twitch.tv'],
  'twitch-channel': ['https://player.twitch.tv'],
  codepen: ['https://codepen.io'],
  miro: ['https://miro.com'],
  facebook: ['https://www.facebook.com'],
  soundcloud: ['https://w.soundcloud.com'],
  spotify: ['https://open.spotify.com'],
  'apple-music': ['https://embed.music.apple.com'],
  pinterest: ['https://assets.pinterest.com', 'https://www.pinterest.com'],
  imgur: ['https://imgur.com'],
  vine: ['https://vine.co'],
  gfycat: ['https://gfycat.com'],
  aparat: ['https://www.aparat.com'],
};

/** An http(s) URL, or null: javascript:, data: and the like never count as web addresses. */
export function webUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The player page an embed may frame: on one of its service's own origins, always over https
 * (Editor.js still writes a few, such as imgur's, with http, which a browser would block); else null.
 */
export function embedPlayerUrl(service: string, value: string): string | null {
  const url = webUrl(value);
  if (!url) return null;
  url.protocol = 'https:';
  return (EMBED_ORIGINS[service] ?? []).includes(url.origin) ? url.href : null;
}
