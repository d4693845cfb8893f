import type { Locale } from '../../config.ts';
import { placeKey } from '../../lib/taiwan/names.ts';
import { ApiError } from '../common/errors.ts';
import { fieldError } from '../common/validation.ts';
import type { Deps } from '../context.ts';
import { requestEmailChange, voidEmailChanges } from './email-change.ts';
import type { MemberRow } from './members.ts';

/** User info of spec section 3 on the wire. */
export interface MemberInfo {
  id: number;
  no: string;
  uid: string;
  email: string;
  phone: string;
  mobile: string;
  email_verify: boolean;
  phone_verify: boolean;
  name: string;
  zipcode: string;
  city: string;
  area: string;
  addr: string;
  status: boolean;
  created_at: string;
}

/** The fields `PATCH /api/users/update` may change; nothing else (phone, status, flags) ever. */
export interface ProfilePatch {
  name?: string | undefined;
  email?: string | undefined;
  zipcode?: string | undefined;
  city?: string | undefined;
  area?: string | undefined;
  addr?: string | undefined;
}

/** A member row as user info: booleans as true/false, missing email or phone as '', `mobile` = phone. */
export function toMemberInfo(m: MemberRow): MemberInfo {
  return {
    id: m.id,
    no: m.no,
    uid: m.uid,
    email: m.email ?? '',
    phone: m.phone ?? '',
    mobile: m.phone ?? '',
    email_verify: m.email_verify === 1,
    phone_verify: m.phone_verify === 1,
    name: m.name,
    zipcode: m.zipcode,
    city: m.city,
    area: m.area,
    addr: m.addr,
    status: m.status === 1,
    created_at: new Date(m.created_at).toISOString(),
  };
}

/** The member row of an authenticated member (the session guarantees it exists). */
export async function memberById(deps: Deps, id: number): Promise<MemberRow> {
  const row = await deps.db.kysely.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('UNAUTHENTICATED');
  return row;
}

/** The city of the region table named `name` (臺/台, English or code), as {code, zh}. */
async function cityOf(deps: Deps, name: string): Promise<{ code: string; zh: string } | undefined> {
  const key = placeKey(name);
  const rows = await deps.db.kysely.selectFrom('region_cities').select(['code', 'name_zh', 'name_en']).execute();
  const hit = rows.find((r) => [r.name_zh, r.name_en, r.code].some((n) => placeKey(n) === key));
  return hit && { code: hit.code, zh: hit.name_zh };
}

/** The district of a city in the region table named `name` (zh-TW with 臺/台 or English), as {zh, zip}. */
async function districtOf(
  deps: Deps,
  cityCode: string,
  name: string,
): Promise<{ zh: string; zip: string } | undefined> {
  const key = placeKey(name);
  const rows = await deps.db.kysely
    .selectFrom('region_districts')
    .select(['name_zh', 'name_en', 'zip'])
    .where('city_code', '=', cityCode)
    .execute();
  const hit = rows.find((r) => placeKey(r.name_zh) === key || placeKey(r.name_en) === key);
  return hit && { zh: hit.name_zh, zip: hit.zip };
}

/**
 * Resolves the address part of a patch against the member's stored address. City and district must
 * be in the region table (named in zh-TW with 臺 or 台, or in English) and are stored in the official
 * zh-TW form. When both are known the zip is derived from them: a 5- or 6-digit code starting with
 * it is kept, another one refused. A new city drops a stored district that is not in it.
 */
async function resolveAddress(
  deps: Deps,
  current: MemberRow,
  patch: ProfilePatch,
  locale: Locale,
): Promise<Pick<MemberRow, 'city' | 'area' | 'zipcode'> | null> {
  const placeTouched = patch.city !== undefined || patch.area !== undefined;
  if (!placeTouched && patch.zipcode === undefined) return null;

  let city = patch.city ?? current.city;
  let cityCode: string | undefined;
  if (city) {
    const found = await cityOf(deps, city);
    if (!found && patch.city !== undefined) throw fieldError('city', 'city', locale);
    city = found?.zh ?? city;
    cityCode = found?.code;
  }

  let area = '';
  let zip = '';
  const wanted = patch.area ?? current.area;
  if (wanted) {
    const found = cityCode ? await districtOf(deps, cityCode, wanted) : undefined;
    if (found) ({ zh: area, zip } = found);
    else if (patch.area) throw fieldError('area', cityCode ? 'area' : 'areaNeedsCity', locale);
  }

  const given = patch.zipcode;
  if (!zip) return { city, area, zipcode: given ?? (placeTouched ? '' : current.zipcode) };
  if (given && !given.startsWith(zip)) throw fieldError('zipcode', 'zipcodeMismatch', locale);
  return { city, area, zipcode: given || zip };
}

/**
 * Applies a profile patch and returns the updated member, and whether a link was sent to confirm a
 * new email. A new email never takes effect here: it waits for the link (see requestEmailChange),
 * and the answer is the same whether another account has it. An empty email clears it, unless it
 * is the member's only login name (no verified phone).
 */
export async function updateProfile(
  deps: Deps,
  memberId: number,
  patch: ProfilePatch,
  ctx: { ip: string; locale: Locale },
): Promise<{ member: MemberRow; emailPending: boolean }> {
  const { locale } = ctx;
  const current = await memberById(deps, memberId);
  const changes: Partial<MemberRow> = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.addr !== undefined) changes.addr = patch.addr;
  const address = await resolveAddress(deps, current, patch, locale);
  if (address) Object.assign(changes, address);
  let emailPending = false;
  if (patch.email === '' && current.email) {
    if (current.phone_verify !== 1) throw fieldError('email', 'emailOnlyLogin', locale);
    changes.email = null;
    changes.email_verify = 0;
    await voidEmailChanges(deps, memberId);
  } else if (patch.email && (patch.email !== current.email || current.email_verify !== 1)) {
    await requestEmailChange(deps, current, patch.email, ctx.ip, locale);
    emailPending = true;
  }
  if (Object.keys(changes).length === 0) return { member: current, emailPending };
  const member = await deps.db.kysely
    .updateTable('members')
    .set({ ...changes, updated_at: deps.clock.now() })
    .where('id', '=', memberId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { member, emailPending };
}
