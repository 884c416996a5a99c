import type { mailKind } from '@hotel/db/schema';
import { renderMailLayout, type MailBranding, type MailContent } from './mail-layout';

export type MailKind = (typeof mailKind.enumValues)[number];

/** A message ready for `enqueueMail`, less its recipient. */
export type RenderedMail = { kind: MailKind; subject: string; html: string; text: string };

/** What a template makes of its view model: who it is from, the subject, and the content. */
export type MailDraft = Omit<MailContent, 'title'> & { branding: MailBranding; subject: string };

/**
 * Declares an e-mail: its kind and how its view model becomes a subject and content; the
 * branded layout and plain-text frame are added here, so a new e-mail is one call:
 * `export const renderPasswordReset = defineMailTemplate<PasswordResetMail>('password_reset', (m) => ({ ... }))`.
 */
export function defineMailTemplate<Model>(kind: MailKind, draft: (model: Model) => MailDraft): (model: Model) => RenderedMail {
  return (model) => {
    const { branding, subject, ...content } = draft(model);
    return { kind, subject, ...renderMailLayout(branding, { title: subject, ...content }) };
  };
}
