import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config.ts';

describe('webhook settings', () => {
  it('refuse private addresses and send site.changed at most every 10 s unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({
      webhookAllowPrivate: false,
      webhookDebounceSeconds: 10,
      webhookKeepDays: 30,
    });
    expect(loadConfig({ WEBHOOK_KEEP_DAYS: '7' }).webhookKeepDays).toBe(7);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_DEBOUNCE_SECONDS: '0' })).toMatchObject({
      webhookAllowPrivate: true,
      webhookDebounceSeconds: 0,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhookAllowPrivate).toBe(false);
  });

  it('stop the start with a sentence naming the variable when a value is not understood', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(
      /^WEBHOOK_ALLOW_PRIVATE must be "true" or "false"/,
    );
    expect(() => loadConfig({ WEBHOOK_KEEP_DAYS: '0' })).toThrow(
      /^WEBHOOK_KEEP_DAYS must be a whole number of at least 1/,
    );
    expect(() => loadConfig({ WEBHOOK_DEBOUNCE_SECONDS: '-1' })).toThrow(
      /^WEBHOOK_DEBOUNCE_SECONDS must be a whole number/,
    );
  });
});
