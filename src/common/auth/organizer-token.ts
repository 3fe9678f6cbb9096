import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The organizer token: ORGANIZER_TOKEN when set; otherwise one generated at first start and kept
 * in `file` (mode 0600) so it survives restarts and a newcomer can read it with `cat`.
 */
export function resolveOrganizerToken(configured: string | undefined, file: string): { token: string; source: 'config' | 'file' | 'generated' } {
  if (configured) return { token: configured, source: 'config' };
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return { token: stored, source: 'file' };
  }
  const token = randomBytes(24).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, source: 'generated' };
}

/**
 * The setup link kept for the person at the keyboard: while setup is pending, written to `file`
 * (mode 0600, like the organizer token, so only the server's user can read it); once an account
 * exists (`link` null), the file is deleted.
 */
export function keepSetupLink(file: string, link: string | null): void {
  if (link === null) {
    rmSync(file, { force: true });
    return;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${link}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
