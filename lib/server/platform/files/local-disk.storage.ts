import fs from 'node:fs/promises';
import path from 'node:path';
import { diskFault } from '../faults/fault-points';
import { STORAGE_KEY_PATTERN, type FileStorage } from './storage.adapter';

/** Demo default: files under DATA_DIR/files, fanned out by the key's first two characters. */
export function createLocalDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    kind: 'local',
    put: async (key, data) => {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename: a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await fs.writeFile(tmp, data);
        diskFault('storage.put');
        await fs.rename(tmp, file);
      } catch (err) {
        // A full disk leaves part of the file behind: it goes, so the space comes back.
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    get: async (key) => {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    remove: async (key) => {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}
