import { type Compilable, type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { setBounded } from '../common/bounded-map.ts';
import type { Db } from './index.ts';
import { prepareOnPostgres } from './prepared.ts';
import type { Database } from './schema.ts';

/** Where one of a call's values goes in a query compiled once; replaced by the value at each call. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  read(values: object): unknown {
    return (values as Record<string, unknown>)[this.name];
  }
}

/** Stand-ins for a call's values, typed as the values so that the query builder accepts them. */
export interface Params<V> {
  /** Where `values[name]` goes. */
  value<K extends keyof V & string>(name: K): V[K];
}

const params: Params<Record<string, unknown>> = { value: (name) => new Slot(name) };

/** Shapes kept per database before the oldest is dropped (shapes come from small finite sets). */
const MAX_SHAPES = 1_000;

/**
 * A query built and compiled once per shape, then run with each call's values as parameters.
 * Building and compiling with the query builder costs more than running a small indexed query on
 * the embedded database, so hot read paths reuse the SQL text; on PostgreSQL the text runs as a
 * named prepared statement (see prepared.ts).
 *
 * `build` gets the shape (everything that changes the SQL text: which filters apply, the order) and
 * stand-ins for the values. It must branch only on the shape and put the stand-ins only where values
 * are bound (comparisons, limit, offset, `sql` template values), never inspect them. The shape is
 * keyed by its JSON text, so it must come from a small finite set.
 */
export function compileOnce<S, V extends object, R>(
  build: (db: Kysely<Database>, shape: S, p: Params<V>) => Compilable<R>,
): (db: Db, shape: S, values: V) => Promise<R[]> {
  const byDb = new WeakMap<Db, Map<string, CompiledQuery<R>>>();
  return async (db, shape, values) => {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = new Map();
      byDb.set(db, compiled);
    }
    const key = JSON.stringify(shape);
    let query = compiled.get(key);
    if (!query) {
      query = build(db.kysely, shape, params as unknown as Params<V>).compile();
      if (db.dialect === 'postgres') prepareOnPostgres(query.sql);
      setBounded(compiled, key, query, MAX_SHAPES);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? p.read(values) : p));
    return (await db.kysely.executeQuery<R>({ ...query, parameters })).rows;
  };
}

/**
 * A bound value the SQLite planner cannot see. When a plan depends on a bound value (`LIMIT ?`,
 * `LIKE ?`, an equality in a join), SQLite marks the statement to be planned again whenever the
 * bindings are cleared, and better-sqlite3 clears them after every run: the statement is parsed
 * and planned on every call, cached or not. A cast is an expression, not a bare parameter, so one
 * plan serves every value. Valid SQL on PostgreSQL too.
 */
export function unplanned<T extends number | string>(
  value: T,
  type: T extends number ? 'integer' : 'text',
): RawBuilder<T> {
  return sql<T>`cast(${value} as ${sql.raw(type)})`;
}
