import type { Client, ClientBase, Notification } from 'pg';
import { CHANGE_CHANNEL, ChangeNoticeHub } from './change-notices';

type ClientClass = new (config: { connectionString: string; keepAlive: boolean; application_name: string; connectionTimeoutMillis: number }) => Client;

/** How long to wait before listening again after the connection failed: doubling up to the last. */
const RECONNECT_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000] as const;

/** The application name of the listening connection, so an operator can tell it apart in pg_stat_activity. */
export const CHANGE_LISTENER_NAME = 'lend-change-listener';

function toHub(hub: ChangeNoticeHub) {
  return (message: Notification) => {
    if (message.channel === CHANGE_CHANNEL) hub.dispatch(message.payload ?? 'all');
  };
}

/**
 * Every pooled connection listens too. PostgreSQL hands a session its own notices before it
 * reports the commit done, so this process forgets an answer before any write it makes
 * completes: what it wrote, it reads back at once (docs/decisions/099).
 */
export function listenOnPooledConnections(hub: ChangeNoticeHub) {
  const deliver = toHub(hub);
  return async (client: ClientBase): Promise<void> => {
    client.on('notification', deliver);
    await client.query(`LISTEN ${CHANGE_CHANNEL}`);
  };
}

/**
 * One connection of its own listens for the changes other processes commit, and listens again
 * whenever it is lost; the hub says it is not listening from the moment it is lost until it
 * listens again. It starts with the first subscriber.
 */
export function postgresChangeListener(Pg: ClientClass, url: string, onError: (error: Error) => void) {
  const hub = new ChangeNoticeHub(() => connect());
  let closed = false;
  let client: Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const deliver = toHub(hub);

  const lost = (connection: Client) => {
    if (client !== connection) return;
    client = undefined;
    hub.setListening(false);
    connection.end().catch(() => undefined);
    if (closed) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)];
    failures += 1;
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  function connect(): void {
    if (closed || client) return;
    const connection = new Pg({ connectionString: url, keepAlive: true, application_name: CHANGE_LISTENER_NAME, connectionTimeoutMillis: 5_000 });
    client = connection;
    connection.on('notification', deliver);
    connection.on('error', (error) => {
      onError(error);
      lost(connection);
    });
    connection.on('end', () => lost(connection));
    connection
      .connect()
      .then(() => connection.query(`LISTEN ${CHANGE_CHANNEL}`))
      .then(
        () => {
          if (client !== connection) return;
          failures = 0;
          hub.setListening(true);
        },
        (error: unknown) => {
          onError(error instanceof Error ? error : new Error(String(error)));
          lost(connection);
        },
      );
  }

  return {
    hub,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const connection = client;
      client = undefined;
      hub.setListening(false);
      await connection?.end().catch(() => undefined);
    },
  };
}
