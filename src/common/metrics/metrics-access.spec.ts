import { isLoopback, metricsAccess } from './metrics-access';

const TOKEN = 'metrics-token-0123456789';
const local = { remoteAddress: '127.0.0.1', authorization: undefined, proxied: false };
const phone = { remoteAddress: '192.168.1.20', authorization: undefined, proxied: false };

describe('metrics access: this machine, or the METRICS_TOKEN', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1'])('%s is this machine', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['192.168.1.20', '10.0.0.1', '::ffff:192.168.1.20', 'fe80::1', '::', '0.0.0.0', '128.0.0.1', '127.0.0.1.evil', undefined])('%s is not', (address) => {
    expect(isLoopback(address)).toBe(false);
  });

  it('a client on this machine reads them with no token, whether METRICS_TOKEN is set or not', () => {
    expect(metricsAccess(local, undefined)).toEqual({ allowed: true });
    expect(metricsAccess(local, TOKEN)).toEqual({ allowed: true });
  });

  it('a phone on the store network is refused: 403 without METRICS_TOKEN, 401 (send it) with one', () => {
    expect(metricsAccess(phone, undefined)).toMatchObject({ allowed: false, status: 403, rule: 'loopback' });
    expect(metricsAccess(phone, TOKEN)).toMatchObject({ allowed: false, status: 401, rule: 'metricsToken' });
  });

  it('the token opens them from anywhere; a wrong one, or one when none is set, is a 401', () => {
    expect(metricsAccess({ ...phone, authorization: `Bearer ${TOKEN}` }, TOKEN)).toEqual({ allowed: true });
    expect(metricsAccess({ ...phone, authorization: `Bearer ${TOKEN}x` }, TOKEN)).toMatchObject({ status: 401, rule: 'metricsToken' });
    expect(metricsAccess({ ...phone, authorization: TOKEN }, TOKEN)).toMatchObject({ status: 401 });
    expect(metricsAccess({ ...local, authorization: `Bearer ${TOKEN}` }, undefined)).toMatchObject({ status: 401 });
  });

  it('a request forwarded by a proxy on this machine (loopback peer) is not local: the proxy serves phones too', () => {
    expect(metricsAccess({ ...local, proxied: true }, undefined)).toMatchObject({ allowed: false, status: 403 });
    expect(metricsAccess({ ...local, proxied: true, authorization: `Bearer ${TOKEN}` }, TOKEN)).toEqual({ allowed: true });
  });
});
