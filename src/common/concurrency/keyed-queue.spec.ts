import { KeyedQueue } from './keyed-queue';

const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedQueue', () => {
  it('runs work of one key one at a time, in arrival order', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([q.run('pod-1', job('a')), q.run('pod-1', job('b')), q.run('pod-1', job('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs work of different keys concurrently', async () => {
    const q = new KeyedQueue();
    let running = 0;
    let most = 0;
    const job = async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      running--;
    };
    await Promise.all([q.run('pod-1', job), q.run('pod-2', job), q.run('pod-3', job)]);
    expect(most).toBe(3);
  });

  it('a failing job releases the key for the next one and forgets finished keys', async () => {
    const q = new KeyedQueue();
    const failed = q.run('pod-1', async () => {
      throw new Error('boom');
    });
    const next = q.run('pod-1', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
    expect(q.size).toBe(0);
  });
});
