import { embedPlayerUrl, webUrl } from '@inkwell/contracts';

/** An embed block's data but its caption: a known service's page (`source`) and its player (`embed`). */
export interface EmbedTarget {
  service: string;
  source: string;
  embed: string;
  width: number;
  height: number;
}

interface Service {
  service: string;
  width: number;
  height: number;
  /** The page and the player of a link or a player address, or null when it is not this service's. */
  match: (url: URL, path: string[]) => { source: string; embed: string } | null;
}

const host = (url: URL) => url.hostname.replace(/^(www|m|mobile)\./, '');
const ID = /^[\w-]{4,64}$/;
const id = (value: string | null | undefined) => (value && ID.test(value) ? value : null);

/**
 * The services of contracts' EMBED_ORIGINS whose links map to their player without asking the
 * service, with the players and sizes Editor.js's embed tool writes (so an imported embed is
 * the block an author would have made by pasting the link).
 */
const SERVICES: Service[] = [
  {
    service: 'youtube',
    width: 580,
    height: 320,
    match: (url, path) => {
      const h = host(url);
      let video: string | null = null;
      if (h === 'youtu.be') video = id(path[0]);
      else if (h === 'youtube.com' || h === 'youtube-nocookie.com') {
        if (path[0] === 'watch') video = id(url.searchParams.get('v'));
        else if (['embed', 'shorts', 'v', 'live'].includes(path[0] ?? '')) video = id(path[1]);
      }
      return video
        ? { source: `https://www.youtube.com/watch?v=${video}`, embed: `https://www.youtube.com/embed/${video}` }
        : null;
    },
  },
  {
    service: 'vimeo',
    width: 580,
    height: 320,
    match: (url, path) => {
      const h = host(url);
      const video =
        h === 'vimeo.com' ? path.find((part) => /^\d+$/.test(part)) : h === 'player.vimeo.com' ? path[1] : undefined;
      return video && /^\d+$/.test(video)
        ? { source: `https://vimeo.com/${video}`, embed: `https://player.vimeo.com/video/${video}?title=0&byline=0` }
        : null;
    },
  },
  {
    service: 'twitter',
    width: 600,
    height: 300,
    match: (url, path) => {
      const h = host(url);
      const tweet =
        (h === 'twitter.com' || h === 'x.com') && path[1] === 'status' && /^\d+$/.test(path[2] ?? '')
          ? path[2]
          : h === 'platform.twitter.com' && path.join('/') === 'embed/Tweet.html'
            ? url.searchParams.get('id')
            : null;
      return tweet && /^\d+$/.test(tweet)
        ? {
            source: `https://twitter.com/${h === 'platform.twitter.com' ? 'i' : path[0]}/status/${tweet}`,
            embed: `https://platform.twitter.com/embed/Tweet.html?id=${tweet}`,
          }
        : null;
    },
  },
  {
    service: 'instagram',
    width: 400,
    height: 505,
    match: (url, path) => {
      const post = host(url) === 'instagram.com' && (path[0] === 'p' || path[0] === 'reel') ? id(path[1]) : null;
      return post
        ? { source: `https://www.instagram.com/p/${post}/`, embed: `https://www.instagram.com/p/${post}/embed` }
        : null;
    },
  },
  {
    service: 'codepen',
    width: 600,
    height: 300,
    match: (url, path) => {
      const [user, kind, pen] = path;
      if (host(url) !== 'codepen.io' || (kind !== 'pen' && kind !== 'embed') || !id(user) || !id(pen)) return null;
      return {
        source: `https://codepen.io/${user}/pen/${pen}`,
        embed: `https://codepen.io/${user}/embed/${pen}?height=300&theme-id=0&default-tab=css,result&embed-version=2`,
      };
    },
  },
  {
    service: 'coub',
    width: 580,
    height: 320,
    match: (url, path) => {
      const clip = host(url) === 'coub.com' && (path[0] === 'view' || path[0] === 'embed') ? id(path[1]) : null;
      return clip ? { source: `https://coub.com/view/${clip}`, embed: `https://coub.com/embed/${clip}` } : null;
    },
  },
  {
    service: 'twitch-video',
    width: 600,
    height: 366,
    match: (url, path) => {
      const h = host(url);
      const video =
        h === 'twitch.tv' && path[0] === 'videos'
          ? path[1]
          : h === 'player.twitch.tv'
            ? url.searchParams.get('video')?.replace(/^v/, '')
            : undefined;
      return video && /^\d+$/.test(video)
        ? { source: `https://www.twitch.tv/videos/${video}`, embed: `https://player.twitch.tv/?video=v${video}` }
        : null;
    },
  },
  {
    service: 'spotify',
    width: 600,
    height: 352,
    match: (url, path) => {
      if (host(url) !== 'open.spotify.com') return null;
      const [kind, item] = path[0] === 'embed' ? path.slice(1) : path;
      if (!['track', 'album', 'playlist', 'episode', 'show', 'artist'].includes(kind ?? '') || !id(item)) return null;
      return {
        source: `https://open.spotify.com/${kind}/${item}`,
        embed: `https://open.spotify.com/embed/${kind}/${item}`,
      };
    },
  },
  {
    service: 'soundcloud',
    width: 600,
    height: 166,
    // SoundCloud's player names the track by its API address, which only its own page gives: so only its player is mapped.
    match: (url) => {
      const track = url.hostname === 'w.soundcloud.com' ? webUrl(url.searchParams.get('url') ?? '') : null;
      return track ? { source: track.href, embed: url.href } : null;
    },
  },
];

/** The embed of a link or a player's address (an iframe's `src`), when it is a known service's; else null. */
export function embedTarget(address: string): EmbedTarget | null {
  const url = webUrl(address.trim().startsWith('//') ? `https:${address.trim()}` : address.trim());
  if (!url) return null;
  const path = url.pathname.split('/').filter(Boolean);
  for (const { service, width, height, match } of SERVICES) {
    const found = match(url, path);
    const embed = found && embedPlayerUrl(service, found.embed);
    if (found && embed) return { service, source: found.source, embed, width, height };
  }
  return null;
}
