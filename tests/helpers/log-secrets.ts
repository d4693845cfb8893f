/**
 * What must never appear in a log line (issue 30): the demo passwords, card numbers, full mobile
 * numbers, ECPay HashKey/HashIV values, bearer credentials and any `extra` strings a test issued
 * (session tokens, cart tokens, phone proofs, guest order keys).
 */
import { DEMO_MEMBERS } from '../../src/server/seed/members.ts';

const ECPAY_TEST_SECRETS = [
  'pwFHCqoQZGmho4w6',
  'EkRm7iFT261dpevs',
  'XBERn1YOvpM9nfZc',
  'h1ONHk4P4yqbl5LK',
  'ejCk326UnaZWKisg',
  'q9jcZX8Ib9LM8wYk',
];

const PATTERNS: [string, RegExp][] = [
  ['card number', /4311-?9522-?2222-?2222/],
  // A number on its own: not ten digits inside a request id (a UUID's last group is twelve hex
  // characters, `-0933682334e1`), a hash or another token.
  ['mobile number', /(?<![\w.-])(?:\+?886-?9|09)\d{8}(?!\w)/],
  ['bearer credential', /Bearer\s+[A-Za-z0-9._~+/-]{8,}/i],
  ['password in clear', /"(?:password|newPassword|currentPassword)"\s*:\s*"(?!\[redacted\])/],
  ['ECPay check value', /CheckMacValue"?\s*[:=]\s*"?[0-9A-Fa-f]{32,}/],
];

/** Each kind of secret found in `text`, with the line it was found in (empty: clean). */
export function secretsIn(text: string, extra: string[] = []): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  const fixed = [...DEMO_MEMBERS.map((m) => m.password), ...ECPAY_TEST_SECRETS, ...extra].filter((s) => s.length >= 6);
  for (const line of lines) {
    for (const s of fixed) if (line.includes(s)) found.push(`secret "${s.slice(0, 3)}…": ${line.slice(0, 300)}`);
    for (const [what, re] of PATTERNS) if (re.test(line)) found.push(`${what}: ${line.slice(0, 300)}`);
  }
  return found;
}
