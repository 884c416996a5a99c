/** What to look for: the kind of secret, how a report shows it, and every form it may take. */
export type Needle = { kind: string; label: string; pattern: RegExp };
/** Text to look in, named for the report (`API log`, `table public.users`). */
export type Haystack = { name: string; text: string };
export type Finding = { kind: string; label: string; where: string };

export function masked(value: string): string;
export function cardNumberNeedle(number: string): Needle;
export function securityCodeNeedle(code: string): Needle;
export function textNeedle(kind: string, value: string): Needle;
export function linkTokensIn(text: string): string[];
export function findSecrets(needles: Needle[], haystacks: Haystack[]): Finding[];
export function describeFindings(findings: Finding[]): string;
export function dumpDatabase(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<(Haystack & { rows: number })[]>;
