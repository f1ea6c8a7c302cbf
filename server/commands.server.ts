import { isRole, ROLE_LABELS } from "~/features/auth/access";
import fs from "node:fs";
import path from "node:path";
import { read } from "read";
import { databaseLocation, openDatabase, type Database, type Db } from "~/db/client.server";
import { getEnv, type Env } from "~/env.server";
import { createBackupFile, type BackupFile } from "~/features/backup/backup.server";
import { requestBackupFromServer } from "~/features/backup/control-socket.server";
import { restoreBackup } from "~/features/backup/restore.server";
import { convertPgliteToPostgres } from "~/features/backup/convert-to-postgres.server";
import { resetPasswordAsOperator } from "~/features/admin/users/users.server";
import { recordAudit } from "~/features/audit/audit.server";
import { createUserAsOperator } from "~/features/auth/auth.server";
import { purgeAndRecord } from "~/features/contact/retention.server";
import { commandErrorLogger } from "./logger.server";

// Maintenance commands run as `node server.js <command>` against the configured database (npm
// scripts wrap them). With the embedded database they need the server stopped: PGlite allows one
// process at a time (except backup, which asks a running server to take it). Each answers an exit
// code: 0 done, 1 refused, 2 wrong usage.

const USAGE =
  "Commands: purge-contacts [--months=N], create-user --username=NAME [--role=owner|office|editor], reset-password --username=NAME [--turn-off-two-factor], backup, restore FILE [--force], convert-to-postgres";

export async function runCommand(command: string, args: string[]): Promise<number> {
  const env = getEnv();
  switch (command) {
    case "purge-contacts":
      return purgeContacts(env, args);
    case "create-user":
      return createUser(env, args);
    case "reset-password":
      return resetPassword(env, args);
    case "backup":
      return backup(env, args);
    case "restore":
      return restore(env, args);
    case "convert-to-postgres":
      return convertToPostgres(env);
    default:
      process.stderr.write(`Unknown command "${command}". ${USAGE}\n`);
      return 2;
  }
}

const flag = (args: string[], name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length);

/**
 * Opens the configured database for one command and closes it afterwards, whatever happens.
 * `migrate: false` reads it as it is (a backup must not change what it copies).
 */
async function withDatabase<T>(
  env: Env,
  run: (db: Db, database: Database) => Promise<T>,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<T> {
  const database = await openDatabase({ ...databaseLocation(env), poolSize: 2, migrate });
  try {
    return await run(database.db, database);
  } finally {
    await database.close();
  }
}

/**
 * The password from ADMIN_PASSWORD, or typed at a prompt: hidden on a terminal, one line when stdin
 * is piped (`printf '%s\n' "$PASSWORD" | npm run user:create -- --username=NAME`). The `read`
 * package (npm's own prompt, on Node 20.17+) does the hiding, in place of patching readline.
 */
async function readPassword(prompt: string): Promise<string> {
  if (process.env.ADMIN_PASSWORD !== undefined) return process.env.ADMIN_PASSWORD;
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    read({ prompt, silent: true, input, output: process.stdout, terminal: input.isTTY }).then((password) => {
      if (input.isTTY) process.stdout.write("\n"); // the typed Enter was not echoed either
      resolve(password);
    }, reject);
    // `read` waits for a line forever; input that ends without one (`< /dev/null`) is an answer too.
    // (Deferred: a last line without a newline reaches `read` on this same "end" event.)
    input.once("end", () =>
      setImmediate(() => reject(new Error("No password: standard input ended before one was typed."))),
    );
  });
}

/** The --username=NAME a user command needs and the password for it; null (usage printed) without one. */
async function userAndPassword(
  args: string[],
  usage: string,
  promptStart: string,
): Promise<{ username: string; password: string } | null> {
  const username = flag(args, "username");
  if (!username) {
    process.stderr.write(`Usage: npm run ${usage}  (password from ADMIN_PASSWORD or typed at the prompt)\n`);
    return null;
  }
  return { username, password: await readPassword(`${promptStart} ${username}:`) };
}

async function purgeContacts(env: Env, args: string[]): Promise<number> {
  const given = flag(args, "months");
  const months = given !== undefined ? Number(given) : env.RETENTION_MONTHS;
  if (!months || !Number.isInteger(months) || months < 1) {
    process.stderr.write("Set RETENTION_MONTHS or pass --months=N (a whole number of months, 1 or more).\n");
    return 2;
  }
  return withDatabase(env, async (db) => {
    // Audit-log failures are reported on stderr (stdout carries the result line).
    const deleted = await purgeAndRecord(db, months, "command", commandErrorLogger());
    process.stdout.write(`Deleted ${deleted} enquir${deleted === 1 ? "y" : "ies"} older than ${months} month(s).\n`);
    return 0;
  });
}

async function createUser(env: Env, args: string[]): Promise<number> {
  const given = await userAndPassword(args, "user:create -- --username=NAME", "Password for");
  if (!given) return 2;
  const { username, password } = given;
  const role = flag(args, "role") ?? "owner";
  if (!isRole(role)) {
    process.stderr.write(`--role must be owner, office, editor or crew, not "${role}".\n`);
    return 2;
  }
  return withDatabase(env, async (db) => {
    const result = await createUserAsOperator(db, username, password, role);
    if (result.status !== "ok") {
      process.stderr.write(`Not created: ${result.status === "invalid" ? result.message : result.status}\n`);
      return 1;
    }
    process.stdout.write(
      `Created user "${result.user.username}" (${ROLE_LABELS[role]}). They can sign in at /admin/login.\n`,
    );
    return 0;
  });
}

async function resetPassword(env: Env, args: string[]): Promise<number> {
  const given = await userAndPassword(
    args,
    "user:reset-password -- --username=NAME [--turn-off-two-factor]",
    "New password for",
  );
  if (!given) return 2;
  const { username, password } = given;
  const turnOffTwoFactor = args.includes("--turn-off-two-factor");
  return withDatabase(env, async (db) => {
    const result = await resetPasswordAsOperator(db, username, password, { turnOffTwoFactor });
    if (result.status === "not-found") {
      process.stderr.write(`There is no user "${username}".\n`);
      return 1;
    }
    if (result.status === "invalid") {
      process.stderr.write(`Not changed: ${result.message}\n`);
      return 1;
    }
    const log = commandErrorLogger();
    const operator = { userId: null, username: "system", ip: null };
    const target = { type: "user", id: result.userId } as const;
    await recordAudit(
      db,
      operator,
      {
        action: "user.password-reset",
        summary: `Reset the password of ${result.username} from the server's command line`,
        target,
      },
      log,
    );
    if (turnOffTwoFactor) {
      await recordAudit(
        db,
        operator,
        {
          action: "two-factor.disable",
          summary: `Turned off two-factor sign-in for ${result.username} from the server's command line`,
          target,
        },
        log,
      );
    }
    process.stdout.write(
      `New password set for "${result.username}"${turnOffTwoFactor ? ", two-factor sign-in turned off" : ""}; their sessions have ended.\n`,
    );
    return 0;
  });
}

/**
 * Writes a backup file to BACKUP_DIR and prints its path (alone on stdout, for scripts). With the
 * embedded database and a server running on it, the server takes the backup (control socket);
 * otherwise, and always on PostgreSQL, this process reads the database itself.
 */
async function backup(env: Env, args: string[]): Promise<number> {
  if (args.length > 0) {
    process.stderr.write("Usage: npm run backup  (writes to BACKUP_DIR; takes no arguments)\n");
    return 2;
  }
  let written: BackupFile | null = null;
  if (!env.DATABASE_URL) {
    written = await requestBackupFromServer(env.DATA_DIR, env.BACKUP_DIR);
    if (!written && isMissingOrEmpty(env.DATA_DIR)) {
      process.stderr.write(`There is no database in DATA_DIR (${env.DATA_DIR}): nothing to back up.\n`);
      return 1;
    }
  }
  written ??= await withDatabase(
    env,
    (_db, database) => createBackupFile(database, env.BACKUP_DIR, { trigger: "manual" }),
    { migrate: false },
  );
  process.stderr.write(
    `Backed up ${written.rows} rows in ${written.tables} tables (schema ${written.migration}), ${formatBytes(written.bytes)}:\n`,
  );
  process.stdout.write(`${written.file}\n`);
  return 0;
}

/** Restores a backup file into DATA_DIR or DATABASE_URL; refuses a target with data unless --force. */
async function restore(env: Env, args: string[]): Promise<number> {
  const files = args.filter((a) => !a.startsWith("--"));
  const unknown = args.filter((a) => a.startsWith("--") && a !== "--force");
  if (files.length !== 1 || unknown.length > 0) {
    process.stderr.write("Usage: npm run restore -- FILE [--force]  (into DATA_DIR, or DATABASE_URL when set)\n");
    return 2;
  }
  // npm runs scripts from the project folder; a relative path means one relative to where npm was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]!);
  const target = env.DATABASE_URL ? describeUrl(env.DATABASE_URL) : `DATA_DIR ${env.DATA_DIR}`;
  const summary = await restoreBackup(file, databaseLocation(env), { force: args.includes("--force") });
  const newer = summary.migrationsApplied;
  process.stdout.write(
    `Restored ${summary.rows} rows in ${summary.tables} tables from ${file} into ${target}` +
      ` (backup at schema ${summary.migration}${newer ? `; then applied ${newer} newer migration${newer === 1 ? "" : "s"}` : ""}).\n`,
  );
  return 0;
}

function isMissingOrEmpty(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** A database URL without its password, for messages. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.host}${parsed.pathname}`;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Converts a PGlite DATA_DIR to the embedded PostgreSQL (what the server does at start; run there
 * as this command in a child process, so PGlite's memory goes with it). Prints the result as JSON.
 */
async function convertToPostgres(env: Env): Promise<number> {
  const done = await convertPgliteToPostgres({ dataDir: env.DATA_DIR, backupDir: env.BACKUP_DIR });
  process.stdout.write(`${JSON.stringify(done)}\n`);
  return 0;
}
