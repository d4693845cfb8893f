import type { Context } from 'hono';
import { ok } from '../common/envelope.ts';
import { ApiError, type ErrorCode } from '../common/errors.ts';
import { type Msg, pick } from '../common/i18n.ts';
import type { Deps } from '../context.ts';
import { actorOf } from './admin-common.ts';
import { audited } from './audit.ts';
import { type AdminEnv, staffOf } from './staff-auth.ts';

const ID_RE = /^[1-9]\d{0,9}$/;

/** What a console action needs to know of the thing it acts on (a return, a review). */
export interface ActionSubject {
  /** Its name in the audit log's detail: `return 12`. */
  noun: string;
  /** The answer when the path's id is malformed or names nothing. */
  notFound: ErrorCode;
  /** The order number it is audited under, or undefined when there is no such thing. */
  orderNoOf: (deps: Deps, id: number) => Promise<string | undefined>;
  /** The answer after the action: the thing as the console shows it. */
  view: (deps: Deps, id: number, locale: AdminEnv['Variables']['locale']) => Promise<unknown>;
  /** The domain's refusal by its rules: why, in both languages (undefined for any other failure). */
  refusalOf: (err: unknown) => Msg | undefined;
  /** The answer to such a refusal (409, its reason in the caller's language as `{reason}`). */
  refused: ErrorCode;
}

/**
 * Runs `run` audited under order `no` (done or refused, who, from where); a refusal by the
 * subject's rules becomes the subject's `refused` error in the caller's language.
 */
export async function auditedRefusable<T>(
  c: Context<AdminEnv>,
  subject: Pick<ActionSubject, 'refusalOf' | 'refused'>,
  action: string,
  no: string,
  detail: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await audited(c.get('deps'), actorOf(staffOf(c), c.get('ip')), action, no, detail, run);
  } catch (err) {
    const why = subject.refusalOf(err);
    if (why) throw new ApiError(subject.refused, { params: { reason: pick(why, c.get('locale')) } });
    throw err;
  }
}

/**
 * One console action on the subject of the path's `:id`: it must exist (else `notFound`), the audit
 * log records it done or refused under its order (`<noun> <id> <detail>`), a refusal by its rules
 * answers `refused` in the caller's language, and the answer is the subject as the console shows it.
 */
export async function auditedAction(
  c: Context<AdminEnv>,
  subject: ActionSubject,
  action: string,
  detail: string,
  run: (id: number) => Promise<unknown>,
) {
  const raw = c.req.param('id') ?? '';
  if (!ID_RE.test(raw)) throw new ApiError(subject.notFound);
  const id = Number(raw);
  const deps = c.get('deps');
  const no = await subject.orderNoOf(deps, id);
  if (!no) throw new ApiError(subject.notFound);
  const line = [`${subject.noun} ${id}`, detail].filter(Boolean).join(' ');
  await auditedRefusable(c, subject, action, no, line, () => run(id));
  return ok(c, await subject.view(deps, id, c.get('locale')));
}
