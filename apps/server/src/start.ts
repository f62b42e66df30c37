/**
 * `npm start`: the server (main.ts) with the memory limits of memory-limits.ts. Started without
 * them, the process replaces itself with one that has them (execve: the same pid, stdio and
 * arguments, so a supervisor or a terminal sees one process), before it loads anything else.
 * Where Node cannot (Windows), the server runs with Node's defaults.
 */
import path from 'node:path';
import { missingMemoryLimits } from './memory-limits.ts';

const main = path.join(import.meta.dirname, 'main.ts');
const launch = missingMemoryLimits(process.execArgv, process.env);
if (launch && process.execve) {
  process.execve(
    process.execPath,
    [process.execPath, ...launch.execArgv, ...process.execArgv, main, ...process.argv.slice(2)],
    launch.env,
  );
}
await import('./main.ts');
