import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';

/** Why a file's bytes are not UTF-8 text. */
export type EncodingProblem = 'encoding_utf16' | 'encoding_big5' | 'encoding_invalid';

/** Thrown through the CSV stream: the file is not UTF-8, from this line on. */
export class EncodingError extends Error {
  readonly code: EncodingProblem;
  readonly line: number;
  constructor(code: EncodingProblem, line: number) {
    super(code);
    this.code = code;
    this.line = line;
  }
}

/** Bytes of the bad line kept to tell Big5 from anything else. */
const SAMPLE_BYTES = 4096;
const HAN_RE = /\p{Script=Han}/u;

/** Where the first byte that cannot start or continue a UTF-8 sequence is, or -1. */
export function firstBadUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    let need: number;
    let min = 0x80;
    let max = 0xbf;
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) min = 0xa0;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) min = 0x90;
      if (b === 0xf4) max = 0x8f;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < min || c > max : c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** How many bytes at the end of `buf` begin a UTF-8 sequence that the next chunk may complete. */
function openTail(buf: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, buf.length); back++) {
    const b = buf[buf.length - back]!;
    if (b < 0x80) return 0;
    if (b >= 0xc0) {
      const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return len > back ? back : 0;
    }
  }
  return 0;
}

/** Whether the bytes read as Big5 with Chinese characters in them (what Excel in Taiwan saves). */
export function looksLikeBig5(bytes: Uint8Array): boolean {
  for (let cut = 0; cut < 2 && cut < bytes.length; cut++) {
    try {
      const text = new TextDecoder('big5', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return HAN_RE.test(text);
    } catch {
      // A character cut at the end of the sample: try one byte shorter.
    }
  }
  return false;
}

const countLines = (buf: Uint8Array, end: number) => {
  let n = 0;
  for (let i = 0; i < end; i++) if (buf[i] === 0x0a) n++;
  return n;
};

/**
 * Passes a file's bytes on while they are UTF-8 (a UTF-8 BOM is fine), and fails the stream with an
 * EncodingError naming the first line that is not: a UTF-16 BOM, or invalid bytes (said to be Big5
 * when that line reads as Big5 Chinese). Invalid bytes are never turned into replacement characters.
 */
export function utf8Guard(): Transform {
  let carry = Buffer.alloc(0);
  let line = 1;
  let first = true;
  /** The current line's bytes so far (at most SAMPLE_BYTES), to judge a bad line whole. */
  let lineHead = Buffer.alloc(0);
  /** Once a bad byte is found: its line, and that line's bytes gathered until its end. */
  let bad: { line: number; sample: Buffer } | null = null;
  const verdict = () => {
    const b = bad!;
    return new EncodingError(looksLikeBig5(b.sample) ? 'encoding_big5' : 'encoding_invalid', b.line);
  };
  /** Adds bytes to the bad line's sample; true once the line (or the sample) is complete. */
  const gather = (bytes: Buffer): boolean => {
    const eol = bytes.indexOf(0x0a);
    const take = eol < 0 ? bytes : bytes.subarray(0, eol);
    bad!.sample = Buffer.concat([bad!.sample, take]).subarray(0, SAMPLE_BYTES);
    return eol >= 0 || bad!.sample.length >= SAMPLE_BYTES;
  };
  const check = (buf: Buffer, final: boolean): Buffer => {
    if (first && buf.length >= 2) {
      first = false;
      if ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))
        throw new EncodingError('encoding_utf16', 1);
    }
    const keep = final ? 0 : openTail(buf);
    const body = buf.subarray(0, buf.length - keep);
    carry = Buffer.from(buf.subarray(buf.length - keep));
    if (!isUtf8(body)) {
      const at = Math.max(0, firstBadUtf8(body));
      const start = body.lastIndexOf(0x0a, at) + 1;
      const head = start === 0 ? Buffer.concat([lineHead, body.subarray(0, at)]) : body.subarray(start, at);
      bad = { line: line + countLines(body, at), sample: Buffer.alloc(0) };
      gather(Buffer.from(head));
      if (gather(body.subarray(at)) || final) throw verdict();
      return Buffer.alloc(0);
    }
    line += countLines(body, body.length);
    const eol = body.lastIndexOf(0x0a);
    lineHead = (eol < 0 ? Buffer.concat([lineHead, body]) : Buffer.from(body.subarray(eol + 1))).subarray(
      -SAMPLE_BYTES,
    );
    return body;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      try {
        if (bad) {
          if (gather(chunk)) throw verdict();
          return done();
        }
        done(null, check(carry.length ? Buffer.concat([carry, chunk]) : chunk, false));
      } catch (err) {
        done(err as Error);
      }
    },
    flush(done: TransformCallback) {
      try {
        if (bad) throw verdict();
        const rest = carry.length ? check(carry, true) : undefined;
        done(null, rest?.length ? rest : undefined);
      } catch (err) {
        done(err as Error);
      }
    },
  });
}
