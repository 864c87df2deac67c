// A passphrase strength estimate for the vault's strength meter, without a dictionary download: zxcvbn-ts's
// common-password list alone is ~200 KB gzipped, more than the whole vault. Instead a documented, deliberately
// conservative entropy estimate (docs/decisions/locked-notes-crypto.md):
// - the passphrase is split into runs of letters, digits, symbols and separators (common l33t digits between
//   letters count as letters);
// - a run of letters is assumed to be a word, since we cannot tell "sunshine" from "xqvbtmae": min(4.7 bits a
//   letter, 10 + 1 bit a letter) — a common word is worth about what a diceware word is (12.9 bits), and a
//   long random run is underestimated, never overestimated; + 1 bit for capitals not all at the start;
// - a character of a script written without spaces (Han, kana, Hangul) 5 bits;
// - digits 3.32 bits each, a year (1900–2099) 7 bits, symbols 5 bits each, a separator 1 bit;
// - a repeated character (aaaa), a keyboard or alphabet sequence (qwerty, abcd, 1234), a run seen before and a
//   word from the owner's own details (name, email) count as one guess from a short list: a few bits;
// - a passphrase on the common-password list is about 10 bits, whatever the above says.
export const PASSPHRASE_STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
/** Bits at which each score starts (1–4). */
export const PASSPHRASE_SCORE_BITS = [28, 40, 55, 70] as const;
/** The least a vault passphrase should have: Argon2id makes each guess cost ~1 s of a device's time, and 55
 * bits still takes a thousand GPUs decades. The lock screen may ask for at least this ("Strong"). */
export const PASSPHRASE_MIN_BITS = 55;

export interface PassphraseStrength {
  /** Estimated guesses, as bits (log2). */
  bits: number;
  /** 0 (very weak) to 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof PASSPHRASE_STRENGTH_LABELS)[number];
  /** Short reasons to show under the meter, most important first. */
  warnings: string[];
}

const COMMON = new Set(
  `password passw0rd password1 password123 123456 1234567 12345678 123456789 1234567890 qwerty qwerty123
  qwertyuiop abc123 111111 000000 letmein welcome monkey dragon football baseball sunshine princess iloveyou
  trustno1 master shadow superman batman admin administrator login starwars whatever freedom hello secret
  michael jennifer charlie donald passphrase changeme 654321 123123 qazwsx zaq12wsx 1q2w3e4r asdfgh asdfghjkl
  correcthorsebatterystaple correct horse battery staple`.split(/\s+/),
);
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  'qwertyuiopasdfghjklzxcvbnm',
  '1qaz2wsx3edc4rfv',
];
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

type Kind = 'letters' | 'digits' | 'symbols' | 'separator';

function kindOf(char: string): Kind {
  if (/\p{L}/u.test(char)) return 'letters';
  if (/\p{Nd}/u.test(char)) return 'digits';
  if (/[\s\-_.]/u.test(char)) return 'separator';
  return 'symbols';
}

/** Splits into runs; a l33t character between two letters joins the letters (p4ssw0rd → one word). */
function tokenize(text: string): { text: string; kind: Kind }[] {
  const chars = [...text];
  const kinds = chars.map(kindOf);
  for (let i = 0; i < chars.length; i++)
    if (LEET[chars[i]!] && kinds[i - 1] === 'letters' && kinds[i + 1] === 'letters') kinds[i] = 'letters';
  const tokens: { text: string; kind: Kind }[] = [];
  for (let i = 0; i < chars.length; i++) {
    const last = tokens[tokens.length - 1];
    if (last && last.kind === kinds[i]) last.text += chars[i];
    else tokens.push({ text: chars[i]!, kind: kinds[i]! });
  }
  return tokens;
}

const isRepeat = (text: string) => [...text].every((c) => c === text[0]);
function isSequence(text: string): boolean {
  if (text.length < 3) return false;
  const lower = text.toLowerCase();
  const reversed = [...lower].reverse().join('');
  return SEQUENCES.some((s) => s.includes(lower) || s.includes(reversed));
}

function tokenBits(token: { text: string; kind: Kind }, seen: Set<string>, personal: Set<string>): number {
  const length = [...token.text].length;
  const lower = token.text.toLowerCase();
  const plain = [...lower].map((c) => LEET[c] ?? c).join('');
  if (token.kind === 'separator') return 1;
  if (seen.has(plain)) return 1;
  if (personal.has(plain)) return 3;
  if (length >= 3 && isRepeat(token.text)) return 4 + Math.log2(length);
  if (isSequence(token.text)) return 4 + Math.log2(length);
  if (token.kind === 'digits') return /^(19|20)\d\d$/.test(token.text) ? 7 : length * Math.log2(10);
  if (token.kind === 'symbols') return length * 5;
  if (COMMON.has(plain)) return 8;
  const ideographs = [...token.text].filter((c) => IDEOGRAPHIC.test(c)).length;
  const rest = length - ideographs;
  const words = ideographs * 5 + (rest > 0 ? Math.min(rest * Math.log2(26), 10 + rest) : 0);
  const innerCapitals = /\p{Lu}/u.test(token.text.slice(1)) && token.text !== token.text.toUpperCase();
  return words + (innerCapitals ? 1 : 0);
}

export function estimatePassphraseStrength(
  passphrase: string,
  userInputs: string[] = [],
): PassphraseStrength {
  const text = passphrase.normalize('NFKC');
  const warnings: string[] = [];
  const personal = new Set(
    userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{Nd}]+/u)).filter((w) => w.length >= 3),
  );
  const compact = text.toLowerCase().replace(/[\s\-_.]/g, '');
  let bits: number;
  if (text.length === 0) bits = 0;
  else if (COMMON.has(compact) || COMMON.has([...compact].map((c) => LEET[c] ?? c).join(''))) {
    bits = 10;
    warnings.push('This is one of the most common passwords.');
  } else {
    const seen = new Set<string>();
    bits = 0;
    for (const token of tokenize(text)) {
      const plain = [...token.text.toLowerCase()].map((c) => LEET[c] ?? c).join('');
      const b = tokenBits(token, seen, personal);
      if (personal.has(plain) && !warnings.includes('Avoid your own name or email.'))
        warnings.push('Avoid your own name or email.');
      if (
        token.kind !== 'separator' &&
        (isSequence(token.text) || (token.text.length >= 3 && isRepeat(token.text)))
      )
        if (!warnings.includes('Avoid sequences and repeated characters.'))
          warnings.push('Avoid sequences and repeated characters.');
      if (token.kind !== 'separator') seen.add(plain);
      bits += b;
    }
  }
  bits = Math.round(bits * 10) / 10;
  const score = PASSPHRASE_SCORE_BITS.filter((threshold) => bits >= threshold)
    .length as PassphraseStrength['score'];
  if (score < 3 && text.length > 0)
    warnings.push('Add more words: four or more unrelated words make a strong passphrase.');
  return { bits, score, label: PASSPHRASE_STRENGTH_LABELS[score], warnings };
}
