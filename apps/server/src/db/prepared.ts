import type { Db } from './client';

/**
 * A statement built and prepared once per database handle, then executed with placeholders: a
 * hot read skips rebuilding its SQL on every call, and PostgreSQL plans it once per connection.
 */
export function preparedOnce<Statement>(build: (db: Db) => Statement): (db: Db) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
