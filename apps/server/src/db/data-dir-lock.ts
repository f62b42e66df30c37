import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { tryLock, unlock } from 'fs-native-extensions';
import { SOFTWARE_NAME } from '../software-version.ts';

/** Creates the data folder, or `folder` inside it, when missing; says in one line when it cannot. */
export function makeDataFolder(dataDir: string, folder = dataDir) {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw new Error(`Cannot open the data folder ${dataDir}: ${(error as Error).message}`);
  }
}

/**
 * PGlite does not lock its folder and two processes on one folder corrupt it, so we hold an
 * operating-system lock on `inkwell.lock` for as long as the database is open. The system takes
 * it atomically and drops it when the process ends however it ends, so a file left by a crash is
 * no lock at all, whatever process now has the pid written in it (for people, and the message).
 */
export function lockDataDir(dataDir: string): () => Promise<void> {
  const file = path.join(dataDir, 'inkwell.lock');
  for (;;) {
    let fd: number;
    try {
      fd = openSync(file, 'a+');
    } catch (error) {
      throw new Error(`Cannot open the data folder ${dataDir}: ${(error as Error).message}`);
    }
    if (!tryLock(fd)) {
      closeSync(fd);
      const pid = readFileSync(file, 'utf8').trim();
      throw new Error(
        `The data folder ${dataDir} is in use by another ${SOFTWARE_NAME} process${pid ? ` (pid ${pid})` : ''}`,
      );
    }
    // The holder before us removes the file before letting go: a lock on a file no longer at
    // that path is no lock on the folder, so start again on the file that is there now.
    if (fstatSync(fd).ino !== statSync(file, { throwIfNoEntry: false })?.ino) {
      closeSync(fd);
      continue;
    }
    ftruncateSync(fd);
    writeSync(fd, String(process.pid));
    return async () => {
      rmSync(file, { force: true });
      unlock(fd);
      closeSync(fd);
    };
  }
}
