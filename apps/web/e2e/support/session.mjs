// One scenario's browser tab: it collects console errors, takes a screenshot of each step and
// scans it with axe-core, and notes for the secrets scan what the browser sent and was given.
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { outputDir } from './paths.mjs';
import { secrets } from './secrets.mjs';
import { sessionIdOf } from './secrets-scan.mjs';

/** Fails the scenario with `message` unless `condition` holds. */
export function check(condition, message) {
  if (!condition) throw new Error(message);
}

export class Session {
  constructor(context, page, name) {
    this.context = context;
    this.page = page;
    this.name = name;
    this.step = 0;
    this.consoleErrors = [];
    this.expectedConsole = [];
    this.axeProblems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !this.expectedConsole.some((pattern) => pattern.test(message.text())))
        this.consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => this.consoleErrors.push(`page error: ${error.message}`));
    // For the secrets scan: what the browser sent, and every confirmation token it was given.
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) secrets.sent.push(`${request.url()}\n${request.postData() ?? ''}`);
    });
    // Create answers it; CreateOutcome answers it after a lost answer.
    page.on('response', (response) => {
      if (!response.url().includes('/api/Reservation/Create') || !response.ok()) return;
      response.json().then(
        (body) => {
          const token = body?.ConfirmationToken ?? body?.Booking?.ConfirmationToken;
          if (typeof token === 'string') secrets.confirmationTokens.add(token);
        },
        () => undefined,
      );
    });
  }

  /** Notes the session cookie the browser holds, for the secrets scan (a logout clears it: call this while logged in). */
  async noteSessionCookie() {
    for (const cookie of await this.context.cookies()) {
      const id = /^(?:__Host-)?sid$/.test(cookie.name) ? sessionIdOf(cookie.value) : undefined;
      if (id) secrets.sessionIds.add(id);
    }
  }

  /** A console error the next steps cause on purpose (the browser reports a refused call itself). */
  expectConsoleError(pattern) {
    this.expectedConsole.push(pattern);
  }

  /** Screenshot of the step, then an axe-core scan of the page as it stands. */
  async snap(label, { axe = true } = {}) {
    this.step += 1;
    await this.page.waitForLoadState('networkidle').catch(() => undefined);
    const file = path.join(outputDir, `${this.name}-${String(this.step).padStart(2, '0')}-${label}.png`);
    await this.page.screenshot({ path: file, fullPage: true });
    if (axe) await this.audit(label);
  }

  async audit(label) {
    const { violations } = await new AxeBuilder({ page: this.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const violation of violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        this.axeProblems.push(
          `${label}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      }
    }
  }
}
