import pg from "pg";

/** How long to wait before connecting again after the listening connection was lost. */
const RECONNECT_MS = 1000;

/**
 * LISTEN on a PostgreSQL server over a connection of its own (a pooled one would be handed to other
 * queries): calls onNotify for each NOTIFY on the channel, and onLive(false) when the connection
 * is lost (notifications may be missed from then on) and onLive(true) once listening again (it
 * reconnects every second meanwhile; not called for the first connection). The first connection's failure is thrown. Returns a function
 * that stops listening.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLive: (live: boolean) => void = () => {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain channel name: ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let reconnecting = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    // A lost connection ends it ('end' below); its error needs a listener so it is not thrown.
    next.on("error", () => {});
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("end", () => {
      if (client !== next) return;
      client = undefined;
      reconnecting = true;
      onLive(false);
      if (!stopped) timer = setTimeout(reconnect, RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (reconnecting) onLive(true);
  };
  const reconnect = () => {
    timer = undefined;
    if (stopped) return;
    connect().catch(() => {
      if (!stopped) timer = setTimeout(reconnect, RECONNECT_MS);
    });
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}

/**
 * Calls onWrite after each statement of this pool that may have changed data (a writing
 * statement, or a COMMIT) has finished, whether it succeeded or not.
 */
export function watchPoolWrites(pool: pg.Pool, isWrite: (text: string) => boolean, onWrite: () => void) {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const text = queryText(args[0]);
      if (text === undefined || !isWrite(text)) return query(...args);
      const at = args.findLastIndex((a) => typeof a === "function");
      if (at >= 0) {
        const callback = args[at] as (...results: unknown[]) => void;
        args[at] = (...results: unknown[]) => {
          onWrite();
          callback(...results);
        };
        return query(...args);
      }
      const result = query(...args);
      if (result && typeof (result as Promise<unknown>).then === "function")
        return (result as Promise<unknown>).finally(onWrite);
      return result;
    };
  });
}

/** The SQL text of a node-postgres query call's first argument (a string or a query config). */
export function queryText(config: unknown): string | undefined {
  const text = typeof config === "string" ? config : (config as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text : undefined;
}
