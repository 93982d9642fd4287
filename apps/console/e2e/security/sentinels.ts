import type { Page } from '@playwright/test';

/**
 * Every way a payload could show that it ran: a call of `__x`, any
 * dialog, any request to 127.0.0.1:9 (a port where nothing listens), any CSP violation.
 */
export interface Sentinels {
  hits: string[];
  where: (surface: string) => void;
}

export async function armSentinels(page: Page): Promise<Sentinels> {
  let surface = 'start';
  const hits: string[] = [];
  const hit = (kind: string, detail: string) => {
    hits.push(`${surface}: ${kind} ${detail}`.slice(0, 300));
  };
  await page.exposeFunction('__x', (id: unknown) => hit('__x', String(id)));
  await page.exposeFunction('__cspViolation', (detail: string) => hit('CSP violation', detail));
  // registered before any page script, so a violation during the first render is seen too
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (d: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      );
    });
  });
  page.on('dialog', (dialog) => {
    hit('dialog', `${dialog.type()} ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('request', (request) => {
    if (/\/\/127\.0\.0\.1:9\//.test(request.url())) hit('request', request.url());
  });
  return {
    hits,
    where: (name) => {
      surface = name;
    },
  };
}
