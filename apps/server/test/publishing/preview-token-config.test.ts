import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('PREVIEW_URL and SCHEDULE_CHECK_SECONDS', () => {
  it('keeps a preview address with {token}, and none when unset', () => {
    const template = 'https://fund.example/preview?token={token}&section={section}&id={id}';
    expect(loadConfig({ PREVIEW_URL: template }).previewUrl).toBe(template);
    expect(loadConfig({ PREVIEW_URL: 'http://localhost:4321/p/{token}' }).previewUrl).toBe(
      'http://localhost:4321/p/{token}',
    );
    expect(loadConfig({}).previewUrl).toBeUndefined();
  });

  it('stops the start with a sentence for a template that is not http(s) or has no {token}', () => {
    const cases: [string, RegExp][] = [
      ['https://fund.example/preview', /^PREVIEW_URL must contain \{token\}/],
      ['ftp://fund.example/{token}', /^PREVIEW_URL must start with http:\/\/ or https:\/\//],
      ['javascript:alert(1)//{token}', /^PREVIEW_URL must start with http:\/\/ or https:\/\//],
      ['/preview?token={token}', /^PREVIEW_URL must be a full http:\/\/ or https:\/\/ address/],
    ];
    for (const [value, message] of cases) {
      expect(() => loadConfig({ PREVIEW_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ PREVIEW_URL: value }), value).toThrow(message);
    }
  });

  it('looks for due schedules every 30 seconds unless told a shorter whole number of seconds', () => {
    expect(loadConfig({}).scheduleCheckSeconds).toBe(30);
    expect(loadConfig({ SCHEDULE_CHECK_SECONDS: '1' }).scheduleCheckSeconds).toBe(1);
    for (const value of ['0', '31', '1.5', 'soon'])
      expect(() => loadConfig({ SCHEDULE_CHECK_SECONDS: value }), value).toThrow(
        /^SCHEDULE_CHECK_SECONDS must be a whole number from 1 to 30/,
      );
  });
});
