/**
 * Memory of the server and of the processes it started (the embedded PostgreSQL's), read from
 * /proc. The server's own figure is its RSS; its children's is their PSS, each shared page divided
 * among the processes mapping it, so PostgreSQL's shared buffers count once and not once a backend.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of a /proc stat line after the command's name (which may hold spaces and brackets): its state first. */
export const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

/** Every process below `pid`, from /proc. */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(statFields(stat)[1]);
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

/** What a child process of the server is, from its command line (PostgreSQL names its processes there). */
export type ChildKind = 'postmaster' | 'backends' | 'background' | 'other';

function kindOf(pid: number): ChildKind {
  let command: string;
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return 'other';
  }
  // A backend is "postgres: <user> <database> [local] <state>"; the others name their task.
  if (/^postgres: \S+ \S+ \[local\]/.test(command)) return 'backends';
  if (command.startsWith('postgres: ')) return 'background';
  return /^\S*\/postgres /.test(command) ? 'postmaster' : 'other';
}

/** PSS (MiB) and how many processes of one kind. */
export interface Share {
  pss: number;
  count: number;
}

/** In MiB. */
export interface Memory {
  serverRss: number;
  childrenPss: number;
  childrenRss: number;
  /** childrenPss by kind of process. */
  children: Record<ChildKind, Share>;
}

/** The server's RSS and its child processes' PSS (and RSS), now. */
export function memoryOfServer(pid: number): Memory {
  const children = descendants(pid).map((child) => ({ ...memoryOf(child), kind: kindOf(child) }));
  const byKind = (kind: ChildKind): Share => {
    const of = children.filter((child) => child.kind === kind);
    return { pss: of.reduce((sum, m) => sum + m.pss, 0), count: of.length };
  };
  return {
    serverRss: memoryOf(pid).rss,
    childrenPss: children.reduce((sum, m) => sum + m.pss, 0),
    childrenRss: children.reduce((sum, m) => sum + m.rss, 0),
    children: {
      postmaster: byKind('postmaster'),
      backends: byKind('backends'),
      background: byKind('background'),
      other: byKind('other'),
    },
  };
}

/** All of it, counted once: what the host gives the server and its database. */
export const totalOf = (memory: Memory) => memory.serverRss + memory.childrenPss;
