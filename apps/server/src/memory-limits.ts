/**
 * The server process's own memory limits (docs/operating.md, "Memory"), which Node and the C
 * library read once, as the process starts: V8's heap flags and glibc's allocator tunables. An
 * operator's own choice (a flag in NODE_OPTIONS or on the command line, a tunable already in
 * GLIBC_TUNABLES) is kept; only what they left unset is added.
 */

/**
 * V8's defaults size the heap for the machine: on this one the young generation grew to 128 MiB at
 * start-up and stayed, and the old one may take a quarter of the RAM. 512 MiB holds the largest
 * import the limits allow (a 50 MB WordPress export needs about 300 MiB of heap to read), and past
 * it the process ends rather than the host swap. `gc` lets the server collect once it turns idle
 * (plugins/idle-collection.ts): V8 itself never did.
 *
 * The semi-spaces bound the young generation, which V8 collects each time it fills, copying what
 * is still alive: under load, the pages in flight. Beside a PostgreSQL server the server's thread
 * sets the pace of uncached pages, and with 8 MiB it collected every 16 ms; with 32, every 60 ms,
 * and it served 6-8 % more pages for about 50 MiB more at the end of a load. PGlite runs in a
 * worker of the same process, whose heap takes the same flags: there 32 MiB cost 100 MiB more for
 * no pages more, so it keeps 8 (docs/performance.md, "Memory").
 */
const v8Flags = (env: NodeJS.ProcessEnv) => ({
  'max-semi-space-size': env.DATABASE === 'pglite' ? '8' : '32',
  'max-old-space-size': '512',
  'expose-gc': '',
});

/**
 * glibc keeps what the server's threads free in up to 16 arenas here (8 a core), each holding on to
 * its own high-water mark, and it serves blocks up to 32 MiB from them once one such block was
 * freed: after a load most of it stayed, unused. Two arenas, and blocks from 64 KiB in pages of
 * their own (handed back to the system when freed), return most of it.
 */
const GLIBC_TUNABLES = { 'glibc.malloc.arena_max': '2', 'glibc.malloc.mmap_threshold': '65536' };

export interface Launch {
  /** Node's flags to add before the script. */
  execArgv: string[];
  /** The environment to start with. */
  env: NodeJS.ProcessEnv;
}

/** A flag's name as Node reads it: `--max_old_space_size=1` and `--max-old-space-size 1` name the same. */
const flagName = (arg: string) => /^--([\w-]+)/.exec(arg)?.[1]?.replaceAll('_', '-');

/**
 * What a process started with `execArgv` and `env` lacks of the limits; undefined when it has
 * them all (or set its own), so the server runs as it is.
 */
export function missingMemoryLimits(
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): Launch | undefined {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName));
  const flags = Object.entries(v8Flags(env))
    .filter(([name]) => !given.has(name))
    .map(([name, value]) => (value ? `--${name}=${value}` : `--${name}`));
  const tunables = (env.GLIBC_TUNABLES ?? '').split(':').filter(Boolean);
  const named = new Set(tunables.map((tunable) => tunable.split('=')[0]));
  const added =
    platform === 'linux'
      ? Object.entries(GLIBC_TUNABLES)
          .filter(([name]) => !named.has(name))
          .map(([name, value]) => `${name}=${value}`)
      : [];
  if (flags.length === 0 && added.length === 0) return undefined;
  return {
    execArgv: flags,
    env: added.length > 0 ? { ...env, GLIBC_TUNABLES: [...tunables, ...added].join(':') } : env,
  };
}
