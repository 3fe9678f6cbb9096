import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts the real server (dist/main.js, built by `npm test`) as its own process on `port` with the
 * given environment on top of this one, and waits until /api/health answers.
 * @throws Error when it does not answer within ~10 s (the process is killed).
 */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'main.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  server.kill('SIGKILL');
  throw new Error('server did not start');
}
