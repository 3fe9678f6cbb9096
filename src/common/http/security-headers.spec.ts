import { imageOriginOf, securityHeaders } from './security-headers';

const csp = (origins?: string[]) => new Map(securityHeaders(origins)).get('content-security-policy') ?? '';

describe('security headers', () => {
  it('CSP img-src allows only the page itself and data: when no image host is configured', () => {
    expect(csp()).toContain("img-src 'self' data:;");
  });

  it('CSP img-src follows the configured image template hosts (each once, in order)', () => {
    expect(csp(['https://img.example.com', 'http://127.0.0.1:4100', 'https://img.example.com'])).toContain("img-src 'self' data: http://127.0.0.1:4100 https://img.example.com;");
    expect(csp(['https://img.example.com'])).toContain("script-src 'self';");
  });

  it('image origin of a template: scheme, host and port before the placeholders', () => {
    expect(imageOriginOf('https://Img.Example.com/wow/{code}/{number}.jpg')).toBe('https://img.example.com');
    expect(imageOriginOf('http://127.0.0.1:4100/{code}-{number}.png')).toBe('http://127.0.0.1:4100');
    expect(imageOriginOf('https://{code}.example.com/{number}.jpg')).toBeNull();
    expect(imageOriginOf('/local/{number}.jpg')).toBeNull();
  });
});
