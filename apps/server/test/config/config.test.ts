import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';
import { createUser } from '../../src/auth/users.ts';
import { buildTestApp, type TestApp } from '../helper.ts';

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no forwarded hop by default', () => {
    for (const value of [undefined, '', 'false', '0']) expect(trustProxy(value), String(value)).toBe(false);
  });

  it('takes the number of proxies in front of Bursary', () => {
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy(' 2 ')).toBe(2);
  });

  it("takes the proxies' addresses or ranges", () => {
    expect(trustProxy('10.0.0.5')).toEqual(['10.0.0.5']);
    expect(trustProxy('10.0.0.5, 192.168.0.0/16,::1, fd00::/8,loopback')).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true at start-up and says what to write instead', () => {
    for (const value of ['true', 'TRUE', ' True ']) {
      expect(() => trustProxy(value)).toThrow(ConfigError);
      expect(() => trustProxy(value)).toThrow(
        'TRUST_PROXY=true would trust every forwarded hop; set the number of proxies in front of Bursary (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5)',
      );
    }
  });

  it('stops the server at start-up with that sentence', () => {
    const run = spawnSync(process.execPath, [new URL('../../src/server.ts', import.meta.url).pathname], {
      env: { PATH: process.env.PATH ?? '', TRUST_PROXY: 'true', PORT: '3549' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'Configuration error: TRUST_PROXY=true would trust every forwarded hop; set the number of proxies in front of Bursary (e.g. TRUST_PROXY=1)',
    );
  });

  it('refuses what is neither a count nor addresses, naming the variable', () => {
    for (const value of [
      'yes',
      '-1',
      '1.5',
      'proxy.example.org',
      '10.0.0.256',
      '10.0.0.0/33',
      '10.0.0.5,',
      'fd00::/129',
    ]) {
      expect(() => trustProxy(value), value).toThrow(ConfigError);
      expect(() => trustProxy(value), value).toThrow(/^TRUST_PROXY /);
    }
  });
});

describe('TRUST_PROXY that would believe any client', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('refuses lists that cover every IPv4 or every IPv6 address, however they are written', () => {
    const whole = {
      '0.0.0.0/0': 'IPv4',
      '0.0.0.0/1,128.0.0.0/1': 'IPv4',
      '128.0.0.0/1, 10.0.0.5, 0.0.0.0/2, 64.0.0.0/2': 'IPv4',
      '::/0': 'IPv6',
      '::/1,8000::/1': 'IPv6',
      '::ffff:0:0/96': 'IPv4',
      // IPv4 clients are matched as ::ffff:a.b.c.d, so a range holding that block trusts them all
      '::/1': 'IPv4',
      '::ffff:0.0.0.0/97,::ffff:128.0.0.0/97': 'IPv4',
    };
    for (const [value, family] of Object.entries(whole)) {
      expect(() => trustProxy(value), value).toThrow(ConfigError);
      expect(() => trustProxy(value), value).toThrow(
        `TRUST_PROXY must name the proxies in front of Bursary, not every address: "${value}" covers every ${family} address, so any client could choose the address it is counted under`,
      );
    }
  });

  it('keeps lists that leave addresses out', () => {
    for (const value of [
      '0.0.0.0/1',
      '0.0.0.0/1,128.0.0.0/2',
      '8000::/1',
      'loopback,linklocal,uniquelocal',
      '10.0.0.0/8,::ffff:0:0/97',
    ]) {
      expect(trustProxy(value), value).toEqual(value.split(','));
    }
  });

  it('refuses a hop count over 10', () => {
    expect(trustProxy('10')).toBe(10);
    for (const value of ['11', '1000']) {
      expect(() => trustProxy(value), value).toThrow(
        `TRUST_PROXY counts the proxies in front of Bursary: at most 10, not ${value}`,
      );
    }
  });

  it('refuses a range whose address has bits beyond its prefix', () => {
    expect(() => trustProxy('10.0.0.5/8')).toThrow(
      'TRUST_PROXY must be the number of proxies in front of Bursary (e.g. 1) or their addresses and ranges separated by commas (e.g. 10.0.0.5,192.168.0.0/16), not "10.0.0.5/8": "10.0.0.5/8" is not the start of a range: its address has bits set beyond the /8 prefix',
    );
    expect(() => trustProxy('fd00::1/8')).toThrow(/"fd00::1\/8" is not the start of a range/);
  });

  it('stops the server before anything is written: no data folder, no first user', () => {
    const parent = mkdtempSync(join(tmpdir(), 'bursary-trust-'));
    const dataDir = join(parent, 'data');
    const run = spawnSync(process.execPath, [new URL('../../src/server.ts', import.meta.url).pathname], {
      env: {
        PATH: process.env.PATH ?? '',
        TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1',
        PORT: '3548',
        DATA_DIR: dataDir,
        CONSOLE_DIR: '/nonexistent-console-build',
      },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status, run.stdout).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Configuration error: TRUST_PROXY must name the proxies in front of Bursary, not every address: "0.0.0.0/1,128.0.0.0/1" covers every IPv4 address, so any client could choose the address it is counted under',
    );
    expect(existsSync(dataDir)).toBe(false);
    rmSync(parent, { recursive: true, force: true });
  });
});

describe('TRUST_PROXY=1 in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      signIn: false,
      config: { trustProxy: 1, loginMaxFailures: 1, loginAddressMaxFailures: 1 },
    });
    await createUser(t.db, { username: 'ivy', password: 'ivy has a long password' });
  });

  const attempt = (username: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username, password: 'wrong password' },
    });

  it('believes the hop the proxy added, and only that one', async () => {
    expect((await attempt('someone', '198.51.100.7')).statusCode).toBe(401);
    // the same client behind the proxy: its address is spent
    expect((await attempt('someone-else', '198.51.100.7')).statusCode).toBe(429);
    // a forged first hop does not make a new client: the proxy's hop is still 198.51.100.7
    expect((await attempt('another', '203.0.113.1, 198.51.100.7')).statusCode).toBe(429);
    // another client behind the same proxy has its own count
    expect((await attempt('ivy', '198.51.100.8')).statusCode).toBe(401);
  });
});

describe("TRUST_PROXY with the proxy's address in the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      signIn: false,
      config: { trustProxy: ['10.0.0.5'], loginMaxFailures: 1, loginAddressMaxFailures: 1 },
    });
  });

  const attempt = (from: string, forwardedFor: string, username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username, password: 'wrong password' },
    });

  it('believes X-Forwarded-For from that proxy only', async () => {
    expect((await attempt('10.0.0.9', '198.51.100.1', 'one')).statusCode).toBe(401);
    // not from the proxy: the header is ignored and the sender's own address is spent
    expect((await attempt('10.0.0.9', '198.51.100.2', 'two')).statusCode).toBe(429);
    // through the proxy, each client counts alone
    expect((await attempt('10.0.0.5', '198.51.100.3', 'three')).statusCode).toBe(401);
    expect((await attempt('10.0.0.5', '198.51.100.4', 'four')).statusCode).toBe(401);
  });
});

describe('DEFAULT_LOCALE', () => {
  it('is English unless set, and is kept in canonical form', () => {
    expect(loadConfig({}).defaultLocale).toBe('en');
    expect(loadConfig({ DEFAULT_LOCALE: 'sw-ke' }).defaultLocale).toBe('sw-KE');
  });

  it('refuses what is not one language code, naming the variable', () => {
    expect(() => loadConfig({ DEFAULT_LOCALE: 'english please' })).toThrow(
      'DEFAULT_LOCALE must be one BCP 47 language code such as en, fr or sw-KE, not "english please"',
    );
    expect(() => loadConfig({ DEFAULT_LOCALE: '*' })).toThrow('DEFAULT_LOCALE must be one BCP 47 language code');
  });
});
