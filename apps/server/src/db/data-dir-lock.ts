import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so we hold a
 * lock file with our pid. A lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => Promise<void> {
  const file = path.join(dataDir, 'inkwell.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return async () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(`Cannot open the data folder ${dataDir}: ${(error as Error).message}`);
      }
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new Error(`The data folder ${dataDir} is in use by another Inkwell process (pid ${pid})`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Cannot lock the data folder ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
