import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keepSetupLink } from './organizer-token';

describe('keepSetupLink (the setup link file next to the organizer token)', () => {
  it('writes the link readable by the owner only (0600), and deletes the file after setup', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'podium-setup-')), '.data', 'setup-link');
    keepSetupLink(file, 'http://127.0.0.1:3000/setup#token=abc');
    expect(readFileSync(file, 'utf8')).toBe('http://127.0.0.1:3000/setup#token=abc\n');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    keepSetupLink(file, null);
    expect(existsSync(file)).toBe(false);
    keepSetupLink(file, null);
  });
});
