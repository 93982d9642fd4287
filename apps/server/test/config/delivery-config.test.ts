import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('CORS_ORIGINS', () => {
  it('reads origins separated by commas, as browsers send them', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://fund.example, http://localhost:4321/ ,HTTPS://Fund.Example:8443',
    });
    expect(config.corsOrigins).toEqual(['https://fund.example', 'http://localhost:4321', 'https://fund.example:8443']);
  });

  it('reads * as any origin and nothing as none', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).toBe('*');
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it.each([
    'fund.example',
    'https://fund.example/news',
    'ftp://fund.example',
    'https://fund.example?x=1',
    'https://a@fund.example',
    '*,https://fund.example',
  ])('refuses %s with a sentence naming the setting', (value) => {
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/^CORS_ORIGINS must be "\*" or origins/);
  });
});

describe('PUBLIC_URL and PUBLIC_CACHE_SECONDS', () => {
  it('keeps PUBLIC_URL without its trailing slash, and a path the site is served under', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://cms.fund.example/' }).publicUrl).toBe('https://cms.fund.example');
    expect(loadConfig({ PUBLIC_URL: 'https://fund.example/cms' }).publicUrl).toBe('https://fund.example/cms');
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it.each(['cms.fund.example', 'javascript:alert(1)', 'https://cms.fund.example/?a=1', 'https://u:p@cms.fund.example'])(
    'refuses PUBLIC_URL=%s',
    (value) => {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/^PUBLIC_URL must be the address/);
    },
  );

  it('caches for 60 seconds unless told otherwise, and refuses what is not a whole number', () => {
    expect(loadConfig({}).publicCacheSeconds).toBe(60);
    expect(loadConfig({ PUBLIC_CACHE_SECONDS: '0' }).publicCacheSeconds).toBe(0);
    expect(() => loadConfig({ PUBLIC_CACHE_SECONDS: 'soon' })).toThrow(/^PUBLIC_CACHE_SECONDS must be a whole number/);
  });
});
