/** What a production secret must be worth at least: out of reach of guessing (docs/security.md). */
export const MIN_SECRET_BITS = 128;

/** A stretch repeating the steps of an earlier one is predictable from this many steps on. */
const MIN_REPEATED_STEPS = 3;

/** The alphabet a secret draws from: the sizes of the character classes it uses. */
function alphabetSize(characters: readonly string[]): number {
  const classes = [
    { size: 26, test: /[a-z]/ },
    { size: 26, test: /[A-Z]/ },
    { size: 10, test: /[0-9]/ },
    { size: 33, test: /[^a-zA-Z0-9]/ },
  ];
  return classes.filter(({ test }) => characters.some((character) => test.test(character))).reduce((sum, { size }) => sum + size, 0);
}

/** The longest stretch from `at` whose steps repeat those from an earlier place (overlapping it, as in a run). */
function longestRepeat(steps: readonly number[], at: number): number {
  let longest = 0;
  for (let earlier = 0; earlier < at; earlier += 1) {
    let length = 0;
    while (at + length < steps.length && steps[earlier + length] === steps[at + length]) length += 1;
    longest = Math.max(longest, length);
  }
  return longest;
}

/**
 * The characters a guesser could not predict from the ones before: the first, then each whose
 * step from its predecessor does not continue a stretch of steps seen before. So `aaaa`,
 * `abcabc`, `123456` and `secretsecret` are worth little more than their first few characters.
 */
function unpredictableCount(characters: readonly string[]): number {
  const codes = characters.map((character) => character.codePointAt(0)!);
  const steps = codes.slice(1).map((code, index) => code - codes[index]!);
  let count = Math.min(characters.length, 1);
  for (let at = 0; at < steps.length;) {
    const repeat = longestRepeat(steps, at);
    if (repeat >= MIN_REPEATED_STEPS) at += repeat;
    else {
      count += 1;
      at += 1;
    }
  }
  return count;
}

/**
 * An estimate from above of a secret's entropy in bits: log2 of its alphabet (the character
 * classes it uses: lower case 26, upper case 26, digits 10, anything else 33) for each character
 * that does not repeat the pattern of earlier ones. Generous to random values (a random hex
 * string counts as if drawn from letters and digits) and harsh to patterns; it knows no
 * dictionary, so a few words pass: use random values.
 */
export function estimatedSecretBits(secret: string): number {
  const characters = [...secret];
  if (characters.length === 0) return 0;
  return Math.floor(unpredictableCount(characters) * Math.log2(alphabetSize(characters)));
}
