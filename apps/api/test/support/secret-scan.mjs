// The secrets scan of the fuzz and end-to-end runs: after they have typed card numbers,
// security codes and passwords and held session cookies and e-mailed tokens, none of those may
// be found in the API's log or in a dump of its database. Plain JavaScript so that the
// end-to-end runner (a Node script) and the vitest suites share one implementation; its types
// are in secret-scan.d.mts. A finding names the kind, a masked form and where it was found:
// never the secret itself.

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A secret shown in a report: its first and last two characters and its length, never the whole. */
export function masked(value) {
  if (value.length <= 4) return `${'•'.repeat(value.length)} (${value.length} characters)`;
  return `${value.slice(0, 2)}…${value.slice(-2)} (${value.length} characters)`;
}

/**
 * A card number as it could be written anywhere: its digits (ASCII or full-width) run together,
 * or with up to three characters that are neither letters nor digits between any two (spaces,
 * doubled spaces, dashes, dots, slashes), or `+` or `%20` (a query string).
 */
export function cardNumberNeedle(number) {
  const digits = number.replace(/\D/g, '');
  const digit = (d) => `[${d}${String.fromCodePoint(0xff10 + Number(d))}]`;
  const pattern = digits.split('').map(digit).join('(?:[^\\p{L}\\p{N}]{0,3}|\\+|%20)');
  return { kind: 'card number', label: masked(digits), pattern: new RegExp(`(?<!\\d)${pattern}(?!\\d)`, 'u') };
}

/**
 * A security code is three or four digits, which any log has by the hundred (ports, prices,
 * durations): it counts where something names it (`"SecurityCode":"739"`, `cvv=739`,
 * `security code 739`), or where it is a whole quoted value on its own (`"739"`).
 */
export function securityCodeNeedle(code) {
  const digits = escapeRegExp(code);
  const named = `(?:cvv2?|cvc2?|csc|security[\\s_-]*code)[^\\w]{0,8}${digits}(?!\\d)`;
  // A bare quoted code, except as a transaction id: PostgreSQL answers xid8 (reservations.change_xid) as text.
  return { kind: 'security code', label: masked(code), pattern: new RegExp(`${named}|(?<!"change_xid":)"${digits}"`, 'i') };
}

/**
 * Any other secret (a password, a token, a session id): as it is, percent-encoded, or with
 * the escapes JSON puts in a string.
 */
export function textNeedle(kind, value) {
  const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
  return { kind, label: masked(value), pattern: new RegExp([...forms].map(escapeRegExp).join('|')) };
}

/**
 * The findings of every needle in every haystack (`{ name, text }`), with the line each is
 * first found on. An empty array means the scan found nothing.
 */
export function findSecrets(needles, haystacks) {
  const findings = [];
  for (const haystack of haystacks) {
    for (const needle of needles) {
      const match = needle.pattern.exec(haystack.text);
      if (!match) continue;
      const line = haystack.text.slice(0, match.index).split('\n').length;
      findings.push({ kind: needle.kind, label: needle.label, where: `${haystack.name}, line ${line}` });
    }
  }
  return findings;
}

/** What the server's log sanitizer takes for a generated token: 32+ URL-safe characters, or 20+ with a digit. */
const tokenLike = /^[A-Za-z0-9_-]{32,}$|^(?=\D*\d)[A-Za-z0-9_-]{20,}$/;

/** The tokens and codes in the links of a text (a mail): token-like path segments and query values. */
export function linkTokensIn(text) {
  const found = new Set();
  for (const [link] of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    let url;
    try {
      url = new URL(link.replace(/&amp;/g, '&'));
    } catch {
      continue;
    }
    for (const part of [...url.pathname.split('/'), ...url.searchParams.values()]) if (tokenLike.test(part)) found.add(part);
  }
  return [...found];
}

/** One line per finding, for a failure message. */
export function describeFindings(findings) {
  return findings.map((finding) => `${finding.kind} ${finding.label} found in ${finding.where}`).join('\n');
}

const quoteIdentifier = (name) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every row of every table of every schema but Postgres's own, one JSON text per row and one
 * haystack per table (`table schema.name`). `query(text)` runs SQL and answers its rows, so
 * any driver fits (PGlite, pg, drizzle).
 */
export async function dumpDatabase(query) {
  const tables = await query(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY table_schema, table_name`,
  );
  const haystacks = [];
  for (const { schema, name } of tables) {
    const rows = await query(`SELECT row_to_json(t)::text AS row FROM ${quoteIdentifier(schema)}.${quoteIdentifier(name)} t`);
    haystacks.push({ name: `table ${schema}.${name}`, rows: rows.length, text: rows.map((row) => row.row).join('\n') });
  }
  return haystacks;
}
