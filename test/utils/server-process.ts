import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Starts the real server (dist/main.js, built by `npm test`) as its own process on `port` with the
 * given environment on top of this one, and waits until /api/health answers.
 * @param waitMs how long to wait for it (a first start on an empty database also migrates and loads the shipped sets).
 * @param output when given, the server's standard output (the start-up banner: the setup link of a
 *   first start) is appended to it as it comes; else it is dropped.
 * @throws Error when it does not answer within `waitMs` (the process is killed).
 */
export async function startServerProcess(port: number, env: Record<string, string>, waitMs = 10_000, output?: string[]): Promise<ChildProcess> {
  const server = spawn(process.execPath, [join(__dirname, '..', '..', 'dist', 'main.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', output ? 'pipe' : 'ignore', 'inherit'],
  });
  server.stdout?.setEncoding('utf8').on('data', (chunk: string) => output?.push(chunk));
  for (let i = 0; i < waitMs / 100; i++) {
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
