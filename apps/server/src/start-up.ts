import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pretty from 'pino-pretty';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { SOFTWARE_NAME } from './software-version.ts';

export interface LogStream {
  write(line: string): void;
}

/**
 * Readable lines for someone at a terminal; otherwise pino's own JSON lines (undefined), for a file,
 * a pipe or a log collector. Synchronous: a terminal gets little, and nothing may be lost on exit.
 */
export function logStream(stdoutIsTTY: boolean | undefined): LogStream | undefined {
  return stdoutIsTTY ? pretty({ sync: true, ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' }) : undefined;
}

/** Where the data lives, without a password. */
function databaseDescription(config: Config, kind: Database['kind']): string {
  if (config.databaseUrl) {
    const url = URL.parse(config.databaseUrl);
    if (!url) return 'PostgreSQL';
    const database = url.pathname.length > 1 ? url.pathname : '';
    const replicas = config.databaseReplicaUrls.length;
    const reads = replicas === 0 ? '' : `, reads also from ${replicas} replica${replicas === 1 ? '' : 's'}`;
    return `PostgreSQL at ${url.hostname || 'localhost'}:${url.port || 5432}${database}${reads}`;
  }
  const relative = path.relative(process.cwd(), config.dataDir);
  const inside = !relative.startsWith('..') && !path.isAbsolute(relative);
  const engine = kind === 'embedded-postgres' ? 'embedded PostgreSQL' : 'embedded database (PGlite)';
  return `${engine} in ${inside ? `./${relative}`.replace(/\/$/, '') : config.dataDir}`;
}

/** The one line a person starting the server looks for, whatever the log format. */
export function readyLine(config: Config, kind: Database['kind'], address: AddressInfo): string {
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host = anyAddress ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `${SOFTWARE_NAME} is ready at http://${host}:${address.port} (${databaseDescription(config, kind)})`;
}

/** Why the server could not listen, in a line that says what to do. */
export function listenFailure(error: NodeJS.ErrnoException, port: number): string {
  if (error.code === 'EADDRINUSE')
    return `Port ${port} is in use. Stop the other server or choose another with PORT=${port < 65535 ? port + 1 : 3000}.`;
  return `inkwell: cannot listen on port ${port}: ${error.message}`;
}
