/** The part of fs-native-extensions (no types of its own) that data-dir-lock.ts uses. */
declare module 'fs-native-extensions' {
  /** An exclusive lock on the whole file, held by this open file (not the process); false when another holds it. */
  export function tryLock(fd: number): boolean;
  export function unlock(fd: number): void;
}
