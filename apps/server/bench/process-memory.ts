/**
 * Memory of the server and of the processes it started (the embedded PostgreSQL's), read from
 * /proc. The server's own figure is its RSS; its children's is their PSS, each shared page divided
 * among the processes mapping it, so PostgreSQL's shared buffers count once and not once a backend.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Every process below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/** Rss and Pss of a process in MiB (smaps_rollup). */
function memoryOf(pid: number): { rss: number; pss: number } {
  try {
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(rollup)?.[1] ?? 0);
    return { rss: kib('Rss') / 1024, pss: kib('Pss') / 1024 };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

/** In MiB. */
export interface Memory {
  serverRss: number;
  childrenPss: number;
  childrenRss: number;
}

/** The server's RSS and its child processes' PSS (and RSS), now. */
export function memoryOfServer(pid: number): Memory {
  const children = descendants(pid).map(memoryOf);
  return {
    serverRss: memoryOf(pid).rss,
    childrenPss: children.reduce((sum, m) => sum + m.pss, 0),
    childrenRss: children.reduce((sum, m) => sum + m.rss, 0),
  };
}

/** All of it, counted once: what the host gives the server and its database. */
export const totalOf = (memory: Memory) => memory.serverRss + memory.childrenPss;
