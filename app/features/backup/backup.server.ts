import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { appliedMigration, listMigrations, queryRows, type Database, type Db } from "~/db/client.server";
import { DERIVED_TABLES } from "~/db/schema";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  backupFileName,
  SCHEDULED_BACKUP_FILE,
  type BackupHeader,
  type BackupTrailer,
  type BackupTrigger,
} from "./backup-format.server";

export type BackupTable = { name: string; columns: string[]; primaryKey: string[]; hasBinary: boolean };

/**
 * Every table of the app's schema as the database itself describes it (so a database at any of
 * the app's migrations, and a table a hand-written migration adds, are backed up the same way),
 * parents before the tables whose foreign keys point at them, so a restore inserts in this order.
 * Generated columns are left out: PostgreSQL computes them again as each row is restored, and so
 * are DERIVED_TABLES.
 */
export async function backupTables(db: Pick<Db, "execute">): Promise<BackupTable[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, null) as data_type
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
          and a.attgenerated = ''
        order by c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        cross join lateral unnest(i.indkey::int2[]) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where i.indisprimary and n.nspname = current_schema()
        order by c.relname, k.position`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint f join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where f.contype = 'f' and n.nspname = current_schema()`,
  );
  // Derived tables are left out: their triggers rebuild them as a restore inserts what they count.
  const names = [...new Set(columns.map((c) => c.table_name))].filter((n) => !DERIVED_TABLES.includes(n)).sort();
  const ordered: BackupTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") throw new Error(`Foreign keys form a cycle through table ${name}`);
    state.set(name, "visiting");
    for (const r of references) if (r.child === name && r.parent !== name) visit(r.parent);
    const own = columns.filter((c) => c.table_name === name);
    const primaryKey = keys.filter((k) => k.table_name === name).map((k) => k.column_name);
    if (primaryKey.length === 0) throw new Error(`Table ${name} has no primary key: its rows have no stable order`);
    ordered.push({
      name,
      columns: own.map((c) => c.column_name),
      primaryKey,
      hasBinary: own.some((c) => c.data_type === "bytea"),
    });
    state.set(name, "done");
  };
  for (const name of names) visit(name);
  return ordered;
}

export type BackupSummary = { tables: number; rows: number; migration: string };

// Rows fetched per round trip: small for tables holding images (up to ~1 MB a row as hex).
const FETCH_ROWS = 500;
const FETCH_BINARY_ROWS = 8;

/**
 * Writes a backup of the whole database to `write` (line by line, see backup-format.server.ts).
 * Every table is read in one REPEATABLE READ, read-only transaction: one snapshot, so the backup
 * is consistent (an enquiry and its e-mail, an upload and its variants) however many writes run
 * meanwhile. On PGlite the transaction holds the single connection, so requests wait until the
 * backup is done (a second or two for a typical site); on PostgreSQL nothing waits.
 */
export async function writeBackup(
  database: Pick<Database, "db" | "kind">,
  write: (chunk: string) => Promise<void> | void,
): Promise<BackupSummary> {
  return database.db.transaction(
    async (tx) => {
      // Stable text for timestamps and bytes whatever the server's settings, so two backups of the
      // same data are byte-identical.
      await tx.execute(sql`set local time zone 'UTC'`);
      await tx.execute(sql`set local bytea_output = 'hex'`);
      // A backup of a large database may take longer than a request's statement timeout.
      if (database.kind === "postgres") {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`set local idle_in_transaction_session_timeout = 0`);
      }
      const migration = await appliedMigration(tx);
      if (!migration || !listMigrations().some((m) => m.when === migration.when))
        throw new Error(
          migration
            ? `The database is at ${migration.tag}, a migration this version of the app does not know: back up with the app version that runs it.`
            : "The database has no schema yet: there is nothing to back up.",
        );
      const tables = await backupTables(tx);
      const counts: number[] = [];
      for (const table of tables) {
        const [row] = await queryRows<{ n: string }>(
          tx,
          sql`select count(*)::text as n from ${sql.identifier(table.name)}`,
        );
        counts.push(Number(row!.n));
      }
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        source: database.kind,
        migration: { tag: migration.tag, when: migration.when },
        tables: tables.map((t, i) => ({
          name: t.name,
          columns: t.columns,
          primaryKey: t.primaryKey,
          rows: counts[i]!,
        })),
      };
      const whole = crypto.createHash("sha256");
      const emit = async (text: string) => {
        whole.update(text);
        await write(text);
      };
      await emit(`${JSON.stringify(header)}\n`);
      const checksums: Record<string, string> = {};
      let total = 0;
      for (const [i, table] of tables.entries()) {
        await emit(`${JSON.stringify({ table: table.name })}\n`);
        const hash = crypto.createHash("sha256");
        const orderBy = sql.join(
          table.primaryKey.map((c) => sql`t.${sql.identifier(c)}`),
          sql`, `,
        );
        // The listed columns only (no generated ones), in the table's order.
        const columns = sql.join(
          table.columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        await tx.execute(
          sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row
              from (select ${columns} from ${sql.identifier(table.name)}) as t order by ${orderBy}`,
        );
        const batch = table.hasBinary ? FETCH_BINARY_ROWS : FETCH_ROWS;
        let read = 0;
        for (;;) {
          const rows = await queryRows<{ row: string }>(tx, sql.raw(`fetch ${batch} from backup_rows`));
          if (rows.length === 0) break;
          const text = rows.map((r) => `${r.row}\n`).join("");
          hash.update(text);
          await emit(text);
          read += rows.length;
        }
        await tx.execute(sql`close backup_rows`);
        // Cannot differ within one snapshot; checked because the restore trusts these counts.
        if (read !== counts[i])
          throw new Error(`Table ${table.name} changed while it was read (${read} ≠ ${counts[i]})`);
        checksums[table.name] = hash.digest("hex");
        total += read;
      }
      const trailer: BackupTrailer = { end: true, tables: checksums, sha256: whole.digest("hex") };
      await write(`${JSON.stringify(trailer)}\n`);
      return { tables: tables.length, rows: total, migration: migration.tag };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export type BackupFile = BackupSummary & { file: string; bytes: number };

/**
 * Writes a backup file into `dir` (created if missing): first as a hidden `.partial` file, renamed
 * into place only once complete and on disk, so a crash never leaves something that looks like a
 * backup. The file is readable by its owner only: it holds password hashes and secrets.
 */
export async function createBackupFile(
  database: Pick<Database, "db" | "kind">,
  dir: string,
  { trigger, at = new Date() }: { trigger: BackupTrigger; at?: Date },
): Promise<BackupFile> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(path.resolve(dir), backupFileName(at, trigger));
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.partial`);
  const gzip = zlib.createGzip({ level: 6 });
  const out = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
  const written = pipeline(gzip, out);
  // If the pipeline fails (disk full), stop feeding it; the error surfaces below.
  written.catch(() => {});
  try {
    const summary = await writeBackup(database, (chunk) => {
      if (!gzip.write(chunk)) return new Promise<void>((resolve) => gzip.once("drain", resolve));
    });
    gzip.end();
    await written;
    const fd = fs.openSync(partial, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (fs.existsSync(file)) throw new Error(`${file} already exists`);
    fs.renameSync(partial, file);
    return { ...summary, file, bytes: fs.statSync(file).size };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Keeps the newest `keep` scheduled backups in `dir` and deletes older ones, and any `.partial`
 * file a crash left behind more than a day ago. Backups made with `npm run backup` are never
 * deleted. Answers the deleted file names.
 */
export function pruneScheduledBackups(dir: string, keep: number, now = Date.now()): string[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const scheduled = names.filter((n) => SCHEDULED_BACKUP_FILE.test(n)).sort();
  const stalePartials = names.filter(
    (n) =>
      n.startsWith(".backup-") && n.endsWith(".partial") && now - fs.statSync(path.join(dir, n)).mtimeMs > 86_400_000,
  );
  const doomed = [...scheduled.slice(0, Math.max(0, scheduled.length - keep)), ...stalePartials];
  for (const name of doomed) fs.rmSync(path.join(dir, name), { force: true });
  return doomed;
}
