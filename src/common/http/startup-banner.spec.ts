import { playerUrls, startupBanner } from './startup-banner';

describe('startupBanner (what npm start prints for the organizer)', () => {
  const base = { port: 3000, lanAddresses: ['192.168.1.20'], organizerToken: { source: 'file' as const, file: '.data/organizer-token' }, database: 'embedded PostgreSQL' };

  it('names the address to open and where the organizer token is', () => {
    const text = startupBanner({ ...base, host: '127.0.0.1' });
    expect(text).toContain('Open http://127.0.0.1:3000');
    expect(text).toContain(
      'To sign in as the organizer: open http://127.0.0.1:3000/organizer and type the token kept in .data/organizer-token (`cat .data/organizer-token` shows it)',
    );
    expect(text).not.toMatch(/type this token/);
  });

  it('on the first start (the token generated now), says how to sign in with the token itself, once', () => {
    const text = startupBanner({ ...base, host: '127.0.0.1', organizerToken: { source: 'generated', file: '.data/organizer-token', token: 'tok-123456789012345' } });
    expect(text).toContain('open http://127.0.0.1:3000/organizer and type this token: tok-123456789012345');
    expect(text).toContain('shown on this first start only');
  });

  it('while setup is pending, prints the setup link and the file it is kept in; after setup, no link', () => {
    const text = startupBanner({ ...base, host: '127.0.0.1', setupLink: { url: 'http://127.0.0.1:3000/setup#token=abc', file: '.data/setup-link' } });
    expect(text).toContain('http://127.0.0.1:3000/setup#token=abc');
    expect(text).toContain('.data/setup-link');
    expect(startupBanner({ ...base, host: '127.0.0.1' })).not.toContain('setup');
  });

  it('on loopback, says how to let players on the store network in', () => {
    expect(startupBanner({ ...base, host: '127.0.0.1' })).toContain('HOST=0.0.0.0 npm start');
  });

  it('on every interface, lists the addresses for players and opens 127.0.0.1 here', () => {
    const text = startupBanner({ ...base, host: '0.0.0.0', lanAddresses: ['192.168.1.20', '10.0.0.5'] });
    expect(text).toContain('Open http://127.0.0.1:3000');
    expect(text).toContain("Players on the store's network: http://192.168.1.20:3000  http://10.0.0.5:3000");
    expect(text).not.toContain('HOST=0.0.0.0');
  });

  it('a token from ORGANIZER_TOKEN is not printed', () => {
    const text = startupBanner({ ...base, host: '127.0.0.1', organizerToken: { source: 'config' } });
    expect(text).toContain('type the ORGANIZER_TOKEN you set');
    expect(text).not.toContain('.data/organizer-token');
  });

  it('PUBLIC_URL is what players open (a proxy in front)', () => {
    expect(startupBanner({ ...base, host: '127.0.0.1', publicUrl: 'https://podium.example.com/' })).toContain("Players on the store's network: https://podium.example.com");
  });
});

describe('playerUrls (join links and QR codes)', () => {
  it('none on loopback, each network address on 0.0.0.0, the host itself otherwise', () => {
    expect(playerUrls({ host: '127.0.0.1', port: 3000, lanAddresses: ['192.168.1.20'] })).toEqual([]);
    expect(playerUrls({ host: '0.0.0.0', port: 3000, lanAddresses: ['192.168.1.20'] })).toEqual(['http://192.168.1.20:3000']);
    expect(playerUrls({ host: '192.168.1.20', port: 8080, lanAddresses: [] })).toEqual(['http://192.168.1.20:8080']);
  });
});
