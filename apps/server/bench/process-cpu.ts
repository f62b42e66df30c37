/**
 * CPU time of the server's threads and of the processes it started (the embedded PostgreSQL's),
 * read from /proc: where a request's time goes when the server, V8's helpers, libuv's threads and
 * the database share the machine's cores. Read before and after a load, divided by its requests. A
 * process that ended between the two readings (a backend the pool closed) takes its time with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { descendants, statFields } from './process-memory.ts';

/** The kernel's clock ticks a second (`getconf CLK_TCK`), 100 on Linux's usual builds. */
const TICKS_PER_SECOND = 100;

/** Where the server's CPU goes, in milliseconds (ticks of 10 ms, so read it over many requests). */
export interface Cpu {
  /** The event loop: the server's JavaScript. */
  main: number;
  /** V8's helpers: garbage collection and compilation off the main thread. */
  v8: number;
  /** libuv's thread pool: compression, file reads, DNS. */
  libuv: number;
  /** Every other thread of the server: PGlite's worker, Node's own. */
  other: number;
  /** The processes the server started: the embedded PostgreSQL's. */
  children: number;
}

const KINDS: (keyof Cpu)[] = ['main', 'v8', 'libuv', 'other', 'children'];
const eachKind = (value: (kind: keyof Cpu) => number) =>
  Object.fromEntries(KINDS.map((kind) => [kind, value(kind)])) as unknown as Cpu;

/** User and system time of a /proc stat line, in ms, and the command name it gives. */
function parseStat(stat: string): { name: string; ms: number } {
  const fields = statFields(stat);
  const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), ms };
}

const statOf = (file: string) => {
  try {
    return parseStat(readFileSync(file, 'utf8'));
  } catch {
    return { name: '', ms: 0 }; // gone meanwhile
  }
};

/** Node names its threads: the main one MainThread, V8's V8Worker, libuv's libuv-worker. */
function kindOfThread(name: string): Exclude<keyof Cpu, 'children'> {
  if (name === 'MainThread' || name === 'node') return 'main';
  if (name.startsWith('V8')) return 'v8';
  if (name.startsWith('libuv')) return 'libuv';
  return 'other';
}

/** The CPU the server process `pid` and its children have used so far. */
export function cpuOfServer(pid: number): Cpu {
  const cpu = eachKind(() => 0);
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const { name, ms } = statOf(`/proc/${pid}/task/${thread}/stat`);
    cpu[kindOfThread(name)] += ms;
  }
  for (const child of descendants(pid)) cpu.children += statOf(`/proc/${child}/stat`).ms;
  return cpu;
}

/** What was spent between two readings. */
export const cpuBetween = (before: Cpu, after: Cpu): Cpu => eachKind((kind) => after[kind] - before[kind]);

/** What `spent` (readings' differences) cost each of `requests`. */
export const cpuPerRequest = (spent: Cpu[], requests: number): Cpu =>
  eachKind((kind) => spent.reduce((sum, cpu) => sum + cpu[kind], 0) / Math.max(1, requests));
