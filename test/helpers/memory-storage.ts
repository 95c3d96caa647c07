import { setFileStorageForTests } from '@/lib/server/platform/files/files.service';
import type { FileStorage } from '@/lib/server/platform/files/storage.adapter';

/** An in-memory file-storage adapter and the bytes it holds by key. */
export function memoryFileStorage(): { storage: FileStorage; stored: Map<string, Buffer> } {
  const stored = new Map<string, Buffer>();
  const storage: FileStorage = {
    kind: 'local',
    put: async (key, data) => void stored.set(key, data),
    get: async (key) => stored.get(key) ?? null,
    remove: async (key) => void stored.delete(key),
  };
  return { storage, stored };
}

/**
 * Swaps the file-storage adapter for an in-memory one for the current test file (uploads such
 * as avatars and logos stay out of the data directory). Returns the stored bytes by key.
 */
export function installMemoryFileStorage(): Map<string, Buffer> {
  const { storage, stored } = memoryFileStorage();
  beforeAll(() => setFileStorageForTests(storage));
  afterAll(() => setFileStorageForTests(null));
  return stored;
}
