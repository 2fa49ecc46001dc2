import type { Db } from './client';

/**
 * A statement built and prepared once per database handle, then executed with placeholders: a
 * hot read skips rebuilding its SQL on every call, and PostgreSQL plans it once per connection.
 */
export function preparedOnce<Statement, Handle extends object = Db>(build: (db: Handle) => Statement): (db: Handle) => Statement {
  const built = new WeakMap<Handle, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
