// Vitest global set-up of the PostgreSQL run: migrates one template database for the whole run.
// Each test app's database is then a copy of it (CREATE DATABASE … TEMPLATE), which PostgreSQL
// makes in a fraction of the time that applying every migration to an empty database takes.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database every PostgreSQL test app's database is copied from. */
    postgresTemplate: string;
  }
}

/** The name of a database on TEST_DATABASE_URL's server, and its address. */
export function postgresDatabaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function onAdminConnection<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the PostgreSQL test run');
  // Runs of other checkouts may share the server: the name is this run's own.
  const template = `lend_template_${randomBytes(5).toString('hex')}`;
  await onAdminConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${template}`));
  // Migrated as a server migrates its database; closed, since a template must have no connection while it is copied.
  const database = await openDatabase({ kind: 'postgres', url: postgresDatabaseUrl(adminUrl, template) });
  await database.close();
  project.provide('postgresTemplate', template);
  return async () => {
    await onAdminConnection(adminUrl, async (client) => {
      // Copies a test left behind (a worker that stopped before its clean-up), then the template.
      const left = await client.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${template}_%`]);
      for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    });
  };
}
