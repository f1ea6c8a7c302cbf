import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import {
  appliedMigration,
  listMigrations,
  openDatabase,
  queryRows,
  type Database,
  type Db,
  type DatabaseLocation,
} from "~/db/client.server";
import { DERIVED_TABLES } from "~/db/schema";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFileError,
  BackupHeaderSchema,
  BackupTrailerSchema,
  readBackupLines,
  TableMarkerSchema,
  type BackupHeader,
} from "./backup-format.server";

/** The restore would overwrite data (or an incompatible schema): refused, nothing changed. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}

type TableInfo = BackupHeader["tables"][number];

// Rows sent per INSERT: bounded by count and by size (a statement carries its rows as one JSON text).
const BATCH_ROWS = 1000;
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * Reads the whole file and checks everything a restore relies on: a header this app understands,
 * every table's marker and exactly its announced rows (each a JSON object with the table's
 * columns), the per-table and whole-file SHA-256 in the trailer, and nothing after it.
 * `onBatch`, when given, receives each table's rows (their raw JSON lines) in order.
 */
async function scanBackup(
  file: string,
  onBatch?: (table: TableInfo, rows: string[]) => Promise<void>,
): Promise<BackupHeader> {
  const lines = readBackupLines(file)[Symbol.asyncIterator]();
  const whole = crypto.createHash("sha256");
  let lineNo = 0;
  const next = async (expected: string): Promise<string> => {
    const line = await lines.next();
    if (line.done) throw new BackupFileError(file, `the file is truncated (it ends before ${expected})`);
    lineNo++;
    return line.value;
  };
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line);
    } catch {
      throw new BackupFileError(file, `line ${lineNo} is damaged (not valid JSON)`);
    }
  };

  const first = await next("its header");
  const raw = parse(first) as { format?: unknown; version?: unknown };
  if (raw?.format !== BACKUP_FORMAT) throw new BackupFileError(file, "it is not a backup made by this app");
  if (typeof raw.version === "number" && raw.version > BACKUP_FORMAT_VERSION)
    throw new BackupFileError(file, `it was made by a newer version of the app (backup format ${raw.version})`);
  const header = BackupHeaderSchema.safeParse(raw);
  if (!header.success || header.data.version !== BACKUP_FORMAT_VERSION)
    throw new BackupFileError(file, "its header is damaged");
  whole.update(`${first}\n`);

  const checksums: Record<string, string> = {};
  for (const table of header.data.tables) {
    const markerLine = await next(`table ${table.name}`);
    const marker = TableMarkerSchema.safeParse(parse(markerLine));
    if (!marker.success || marker.data.table !== table.name)
      throw new BackupFileError(file, `line ${lineNo} should start table ${table.name}`);
    whole.update(`${markerLine}\n`);
    const columns = new Set(table.columns);
    const hash = crypto.createHash("sha256");
    let batch: string[] = [];
    let batchChars = 0;
    for (let i = 0; i < table.rows; i++) {
      const line = await next(`row ${i + 1} of ${table.rows} of table ${table.name}`);
      const row = parse(line);
      if (
        row === null ||
        typeof row !== "object" ||
        Array.isArray(row) ||
        Object.keys(row).length !== columns.size ||
        !Object.keys(row).every((k) => columns.has(k))
      )
        throw new BackupFileError(file, `line ${lineNo} is not a row of table ${table.name}`);
      hash.update(`${line}\n`);
      whole.update(`${line}\n`);
      if (onBatch) {
        batch.push(line);
        batchChars += line.length;
        if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) {
          await onBatch(table, batch);
          batch = [];
          batchChars = 0;
        }
      }
    }
    if (onBatch && batch.length > 0) await onBatch(table, batch);
    checksums[table.name] = hash.digest("hex");
  }

  const trailer = BackupTrailerSchema.safeParse(parse(await next("its checksums")));
  if (!trailer.success) throw new BackupFileError(file, `line ${lineNo} should hold the checksums`);
  for (const table of header.data.tables) {
    if (trailer.data.tables[table.name] !== checksums[table.name])
      throw new BackupFileError(file, `the rows of table ${table.name} do not match their checksum`);
  }
  if (trailer.data.sha256 !== whole.digest("hex"))
    throw new BackupFileError(file, "its contents do not match their checksum");
  const extra = await lines.next();
  if (!extra.done) throw new BackupFileError(file, "there is data after its checksums");
  return header.data;
}

/**
 * Checks a backup file from end to end without touching any database; throws a BackupFileError
 * that says what is wrong. Answers the header.
 */
export async function verifyBackupFile(file: string): Promise<BackupHeader> {
  const header = await scanBackup(file);
  if (!listMigrations().some((m) => m.when === header.migration.when))
    throw new BackupFileError(
      file,
      `it was made by a newer version of the app (schema migration ${header.migration.tag}); update the app, then restore`,
    );
  return header;
}

export type RestoreSummary = {
  tables: number;
  rows: number;
  /** The backup's migration, and how many newer migrations were applied after loading its rows. */
  migration: string;
  migrationsApplied: number;
};

/**
 * Restores a backup file into the database `target` names (an embedded DATA_DIR, or DATABASE_URL),
 * opened through the app's own client (openDatabase), so it works on whichever engine that is.
 *
 * 1. The whole file is verified first; a bad file changes nothing, not even an empty target.
 * 2. The target must be empty (no rows in any table) unless `force`; it must not be at a newer
 *    schema migration than the backup.
 * 3. The target is migrated up to the backup's migration, then, in one transaction: every table
 *    emptied, the rows inserted (re-checked against their checksums as they are read again),
 *    sequences moved past the restored ids. A failure rolls it all back.
 * 4. Migrations newer than the backup are applied, as a server start would.
 */
export async function restoreBackup(
  file: string,
  target: DatabaseLocation,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const header = await verifyBackupFile(file);
  const dataDir = path.resolve(target.dataDir);
  // An embedded target that did not exist (or was an empty folder) is removed again if the
  // restore fails, so a failed restore leaves nothing behind.
  const freshDir = !target.databaseUrl && isMissingOrEmpty(dataDir);
  const existed = fs.existsSync(dataDir);
  let database: Database | undefined;
  let succeeded = false;
  try {
    database = await openDatabase({ ...target, dataDir, poolSize: 2, migrate: false });
    const occupied = await tablesWithRows(database.db);
    if (occupied.length > 0 && !force)
      throw new RestoreRefusedError(
        `The target database is not empty (rows in ${occupied.join(", ")}). Restore into an empty DATA_DIR or ` +
          "PostgreSQL database, or add --force to replace everything in it with the backup.",
      );
    const applied = await appliedMigration(database.db);
    if (applied && applied.when > header.migration.when)
      throw new RestoreRefusedError(
        `The target database is at schema migration ${applied.tag}, newer than the backup's (${header.migration.tag}). ` +
          "Restore into an empty DATA_DIR or PostgreSQL database: the restore then brings it up to date.",
      );
    await database.migrate({ through: header.migration.when });
    const rows = await database.db.transaction((tx) => loadBackup(tx as unknown as Db, file, header));
    await database.migrate();
    const migrations = listMigrations();
    const at = migrations.findIndex((m) => m.when === header.migration.when);
    succeeded = true;
    return {
      tables: header.tables.length,
      rows,
      migration: header.migration.tag,
      migrationsApplied: migrations.length - 1 - at,
    };
  } finally {
    await database?.close();
    if (!succeeded && freshDir && database) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (existed) fs.mkdirSync(dataDir);
    }
  }
}

/** Inside the restore transaction: empty the tables, insert every row, move sequences on. */
async function loadBackup(tx: Db, file: string, header: BackupHeader): Promise<number> {
  const names = header.tables.map((t) => t.name);
  const existing = await queryRows<{ table_name: string; column_name: string }>(
    tx,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = current_schema() and table_name in ${names} and is_generated = 'NEVER'`,
  );
  for (const table of header.tables) {
    const have = existing.filter((c) => c.table_name === table.name).map((c) => c.column_name);
    if (have.length !== table.columns.length || !table.columns.every((c) => have.includes(c)))
      throw new Error(
        `The target's table ${table.name} does not match the backup (${have.length ? `columns ${have.join(", ")}` : "missing"}; the backup has ${table.columns.join(", ")})`,
      );
  }
  const hasContentVersion = names.includes("content_version");
  const [before] = hasContentVersion
    ? await queryRows<{ version: string }>(
        tx,
        sql`select coalesce(max(version), 0)::text as version from content_version`,
      )
    : [];

  await tx.execute(
    sql`truncate table ${sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    )}`,
  );
  let rows = 0;
  await scanBackup(file, async (table, lines) => {
    const columns = sql.join(
      table.columns.map((c) => sql.identifier(c)),
      sql`, `,
    );
    const name = sql.identifier(table.name);
    // json_populate_recordset turns each JSON object into a row of the table's own types (the
    // same text PostgreSQL's input functions read), whatever the engine; OVERRIDING SYSTEM VALUE
    // keeps identity ids as they were.
    await tx.execute(
      sql`insert into ${name} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${name}, ${`[${lines.join(",")}]`}::json)`,
    );
    rows += lines.length;
  });

  for (const table of header.tables) {
    const sequences = await queryRows<{ column_name: string; sequence: string }>(
      tx,
      sql`select a.attname as column_name, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
          from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relname = ${table.name} and a.attnum > 0 and not a.attisdropped
            and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
    );
    for (const { column_name, sequence } of sequences) {
      await tx.execute(
        sql`select setval(${sequence}::regclass, coalesce((select max(${sql.identifier(column_name)}) from ${sql.identifier(table.name)}), 0) + 1, false)`,
      );
    }
  }
  if (hasContentVersion) {
    // The page cache serves a page while the content version it was rendered at is current: move
    // it past both the backup's and the target's old value, so no server shows pre-restore pages.
    await tx.execute(
      sql`update content_version set version = greatest(version, ${Number(before!.version)}) + 1, changed_at = now()`,
    );
  }
  return rows;
}

/**
 * Tables in the target holding rows. content_version's single row comes with the migrations, and
 * the derived tables (DERIVED_TABLES: invoice_retention_held's one row) follow the others' rows.
 */
async function tablesWithRows(db: Db): Promise<string[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`,
  );
  const occupied: string[] = [];
  for (const { name } of tables) {
    if (name === "content_version" || DERIVED_TABLES.includes(name)) continue;
    const [row] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(name)}) as any`,
    );
    if (row?.any) occupied.push(name);
  }
  return occupied;
}

function isMissingOrEmpty(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}
