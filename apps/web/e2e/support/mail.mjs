// The mails the API wrote (the embedded transport's .eml files): what a guest received.
import { readMails } from './secrets-scan.mjs';

/** The mails to `address` once the API has written at least `atLeast` of them (waiting up to 15 s). */
export async function mailsTo(server, address, atLeast = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = readMails(server.dataDir).filter(({ text }) => /^To: (.*)$/m.exec(text)?.[1].includes(address));
    if (mails.length >= atLeast || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
