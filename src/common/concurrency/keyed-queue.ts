import { Mutex } from 'async-mutex';

/**
 * Runs work one at a time per key within this process (e.g. the picks of one draft pod), in
 * arrival order, with async-mutex. It does not replace the database lock — other instances still
 * serialize on the row lock — it keeps waiting work off the database: a pick queued here holds no
 * pool connection and no transaction while the pod's previous pick commits, so a burst of picks at
 * one table cannot starve the connection pool for every other table.
 */
export class KeyedQueue {
  private readonly queues = new Map<string, { mutex: Mutex; users: number }>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    let entry = this.queues.get(key);
    if (!entry) this.queues.set(key, (entry = { mutex: new Mutex(), users: 0 }));
    entry.users++;
    try {
      return await entry.mutex.runExclusive(work);
    } finally {
      // The last user out removes the key, so finished pods leave nothing behind.
      if (--entry.users === 0) this.queues.delete(key);
    }
  }

  /** Keys with work running or waiting (for tests). */
  get size(): number {
    return this.queues.size;
  }
}
