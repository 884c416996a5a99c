// The end-to-end run's secrets scan: after every scenario, the API's whole log, a dump of its
// whole database and its outbox (the mail_outbox table and the .eml files the mail transport
// wrote) may hold no card number, security code or password the browser typed, nor any session
// id the browser held. The log and the database, its outbox table included, may hold no
// confirmation token (answered to the browser by Reservation/Create) and no token or code of a
// link the outbox mailed either: only the mails themselves (the .eml files) may, since a mail
// carries the link its reader must click (the database keeps only hashes, and a sent mail's row
// keeps no body). Card tokens of the gateway belong in the database (saved cards, payments),
// never in the log.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  cardNumberNeedle,
  describeFindings,
  dumpDatabase,
  findSecrets,
  linkTokensIn,
  securityCodeNeedle,
  textNeedle,
} from '../../../api/test/support/secret-scan.mjs';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../api');

/** Everything secret the run typed, held or was sent; the scenarios fill it in. */
export function newSecrets() {
  return {
    cardNumbers: new Set(),
    securityCodes: new Set(),
    passwords: new Set(),
    sessionIds: new Set(),
    /**
     * Card numbers typed in Stripe's Payment Element: they go to Stripe, never to the API (the
     * scenario checks its own requests and the fake's; a set-up call may send the same test card
     * to the test gateway), and no log or table may hold them.
     */
    stripeCardNumbers: new Set(),
    /** Confirmation tokens of the bookings made (the Status and Confirmation pages' secret). */
    confirmationTokens: new Set(),
    /** The browser's and the set-up calls' /api requests (address and body): proof the secrets were really sent. */
    sent: [],
  };
}

/** The id inside an express-session cookie value: `s:<id>.<signature>`, percent-encoded. */
export function sessionIdOf(cookieValue) {
  return /^s:(.+)\.[^.]+$/.exec(decodeURIComponent(cookieValue))?.[1];
}

const quotedPrintable = (text) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
const encodedWords = (text) =>
  text.replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_, encoding, word) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(word, 'base64').toString('utf8') : quotedPrintable(word.replace(/_/g, ' ')),
  );

/** A MIME message as text: headers with encoded words decoded, each part's body decoded. */
export function mailText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) return `${encodedWords(headers)}\n${body.split(`--${boundary}`).map(mailText).join('\n')}`;
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  const decoded =
    encoding === 'quoted-printable' ? quotedPrintable(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : body;
  return `${encodedWords(headers)}\n${decoded}`;
}

/** The mails the API wrote under DATA_DIR/mail, oldest first, as `{ name, text }`. */
export function readMails(dataDir) {
  const folder = path.join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => ({ name: `mail ${file}`, text: mailText(readFileSync(path.join(folder, file), 'utf8')) }));
}

/** Every table of the stopped API's PGlite database (DATA_DIR/pglite), through the API's own PGlite. */
async function dumpDataDir(dataDir) {
  const require = createRequire(path.join(apiRoot, 'package.json'));
  const { PGlite } = await import(pathToFileURL(require.resolve('@electric-sql/pglite')).href);
  const { btree_gist } = await import(pathToFileURL(require.resolve('@electric-sql/pglite/contrib/btree_gist')).href);
  const database = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist } });
  try {
    return await dumpDatabase(async (text) => (await database.query(text)).rows);
  } finally {
    await database.close();
  }
}

const rowsOf = (table) =>
  (table?.text ?? '')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/**
 * Scans the log file, the database of the stopped API and its outbox. Answers the problems
 * (findings, or a needle the run never sent, which would make the scan prove nothing) and
 * writes the dump to `dumpFile` for whoever has to look at a finding.
 */
export async function scanForSecrets({ secrets, logFile, dataDir, dumpFile }) {
  const problems = [];
  const cards = [...secrets.cardNumbers].map(cardNumberNeedle);
  const codes = [...secrets.securityCodes].map(securityCodeNeedle);
  const passwords = [...secrets.passwords].map((password) => textNeedle('password', password));
  const sessions = [...secrets.sessionIds].map((id) => textNeedle('session id', id));
  const confirmationTokens = [...secrets.confirmationTokens].map((token) => textNeedle('confirmation token', token));

  const stripeCards = [...secrets.stripeCardNumbers].map(cardNumberNeedle);

  const sentText = secrets.sent.join('\n');
  for (const needle of [...cards, ...codes, ...passwords]) {
    if (!needle.pattern.test(sentText))
      problems.push(`${needle.kind} ${needle.label} was never sent to the API: the scan for it proves nothing`);
  }
  if (passwords.length > 0 && sessions.length === 0) problems.push('a user logged in, yet no session cookie was collected');

  const tables = await dumpDataDir(dataDir);
  writeFileSync(dumpFile, tables.map((table) => `## ${table.name} (${table.rows} rows)\n${table.text}\n`).join('\n'));
  const outboxTable = tables.find((table) => table.name === 'table public.mail_outbox');
  const mails = readMails(dataDir);
  // The mails' own links: the outbox table's and the files' (the files decoded from MIME).
  const mailTexts = [...rowsOf(outboxTable).map((row) => `${row.text}\n${row.html}`), ...mails.map((mail) => mail.text)];
  const mailedTokens = [...new Set(mailTexts.flatMap(linkTokensIn))];
  if (mails.length > 0 && mailedTokens.length === 0) problems.push('the mails hold no link token: the outbox was not read right');
  const tokens = [...confirmationTokens, ...mailedTokens.map((token) => textNeedle('mailed link token', token))];
  const gatewayTokens = [
    ...rowsOf(tables.find((t) => t.name === 'table public.saved_cards')),
    ...rowsOf(tables.find((t) => t.name === 'table public.payments')),
  ]
    .map((row) => row.gateway_token)
    .filter((token) => typeof token === 'string' && token !== '')
    .map((token) => textNeedle('gateway card token', token));

  const log = { name: `the API log (${path.basename(logFile)})`, text: readFileSync(logFile, 'utf8') };
  const findings = [
    ...findSecrets([...cards, ...stripeCards, ...codes, ...passwords, ...sessions, ...tokens, ...gatewayTokens], [log]),
    ...findSecrets([...cards, ...stripeCards, ...codes, ...passwords, ...sessions, ...tokens], tables),
    ...findSecrets([...cards, ...stripeCards, ...codes, ...passwords, ...sessions], mails),
  ];
  if (findings.length > 0) problems.push(`secrets found:\n${describeFindings(findings)}`);
  const counted = `${cards.length} card numbers, ${stripeCards.length} typed at Stripe, ${codes.length} security codes, ${passwords.length} passwords, ${sessions.length} session ids, ${confirmationTokens.length} confirmation tokens, ${mailedTokens.length} mailed link tokens, ${gatewayTokens.length} gateway card tokens`;
  const searched = `a log of ${log.text.split('\n').length} lines, ${tables.length} tables (${tables.reduce((sum, table) => sum + table.rows, 0)} rows, ${outboxTable?.rows ?? 0} of them outbox rows) and ${mails.length} mail files`;
  return { problems, summary: `${counted} in ${searched}` };
}
