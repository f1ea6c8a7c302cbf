import { useState, type FormEvent } from "react";
import { formText } from "~/forms/form-values";
import { data, Link, useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "../admin-headers";
import { apiRequest, ApiError } from "../list/api-client";
import { FormDialog } from "../list/form-dialog";
import { TextField } from "../list/form-fields";
import type { Route } from "./+types/users-page";
import { isTwoFactorRequired } from "./two-factor-policy.server";
import { fieldErrorsOf, NewUserSchema, ResetPasswordSchema } from "./users-schema";
import { listUsers } from "./users.server";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context.services);
  const db = context.services.database.db;
  const [users, twoFactorRequired] = await Promise.all([listUsers(db), isTwoFactorRequired(db)]);
  return data({ meId: me.id, users, twoFactorRequired }, { headers: adminHeaders() });
}

type User = Route.ComponentProps["loaderData"]["users"][number];

const dublin = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Dublin",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const dublinTime = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Dublin",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});
const when = (value: Date | string | null, withTime = false) =>
  value ? (withTime ? dublinTime : dublin).format(new Date(value)) : null;

const LIGHT = "btn ring-1 ring-navy-900/30 hover:bg-mist";
const DANGER = "btn text-red-800 ring-1 ring-red-800/40 hover:bg-red-50";

// One dialog at a time. Closing one (Escape, Close) clears it only if it is still the current
// one: the add and reset dialogs hand over to the "shown once" dialog as they close.
type Dialog =
  | { kind: "add" }
  | { kind: "reset"; user: User }
  | { kind: "password"; username: string; password: string; reset: boolean }
  | null;

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, meId, twoFactorRequired } = loaderData;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const toast = useToast();
  const { revalidate } = useRevalidator();

  const fail = (title: string, error: unknown) =>
    toast({
      variant: "destructive",
      title,
      description: error instanceof ApiError ? error.message : "Something went wrong. Please try again.",
    });

  async function onDelete(user: User) {
    if (!window.confirm(`Delete ${user.username}? They will no longer be able to sign in. This can't be undone.`))
      return;
    setBusyId(user.id);
    try {
      await apiRequest("DELETE", `/api/admin/users/${user.id}`);
      toast({ title: "User deleted", description: `${user.username} can no longer sign in.` });
      await revalidate();
    } catch (error) {
      fail("Could not delete the user", error);
    } finally {
      setBusyId(null);
    }
  }

  async function onTurnOffTwoFactor(user: User) {
    if (
      !window.confirm(
        `Turn off two-factor sign-in for ${user.username}? Do this only if they lost their phone and their recovery codes.`,
      )
    )
      return;
    setBusyId(user.id);
    try {
      await apiRequest("DELETE", `/api/admin/users/${user.id}/two-factor`);
      toast({
        title: "Two-factor sign-in turned off",
        description: `${user.username} can sign in with their password and set it up again.`,
      });
      await revalidate();
    } catch (error) {
      fail("Could not turn off two-factor sign-in", error);
    } finally {
      setBusyId(null);
    }
  }

  const withTwoFactor = users.filter((u) => u.twoFactor).length;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Users</h1>
          <p className="mt-2 max-w-2xl text-slate-brand">
            Everyone who can sign in to this admin. Each person should have their own account, so the{" "}
            <Link to="/admin/audit" className="font-medium text-navy-900 underline">
              audit log
            </Link>{" "}
            shows who did what.
          </p>
        </div>
        <button type="button" className="btn-dark" onClick={() => setDialog({ kind: "add" })}>
          Add user
        </button>
      </div>

      <UserCards
        users={users}
        meId={meId}
        busyId={busyId}
        onReset={(user) => setDialog({ kind: "reset", user })}
        onDelete={onDelete}
        onTurnOffTwoFactor={onTurnOffTwoFactor}
      />
      <UserTable
        users={users}
        meId={meId}
        busyId={busyId}
        onReset={(user) => setDialog({ kind: "reset", user })}
        onDelete={onDelete}
        onTurnOffTwoFactor={onTurnOffTwoFactor}
      />

      <TwoFactorPolicy
        required={twoFactorRequired}
        withTwoFactor={withTwoFactor}
        total={users.length}
        meHasTwoFactor={users.some((u) => u.id === meId && u.twoFactor)}
      />

      <FormDialog
        open={dialog?.kind === "add"}
        title="Add user"
        busy={false}
        onClose={() => setDialog((d) => (d?.kind === "add" ? null : d))}
      >
        {dialog?.kind === "add" && (
          <PasswordForm
            withUsername
            submitLabel="Add user"
            onCancel={() => setDialog(null)}
            onSubmit={async (body) => {
              const created = await apiRequest<User & { generatedPassword: string | null }>(
                "POST",
                "/api/admin/users",
                body,
              );
              toast({ title: "User added", description: `${created.username} can now sign in.` });
              void revalidate();
              setDialog(
                created.generatedPassword
                  ? { kind: "password", username: created.username, password: created.generatedPassword, reset: false }
                  : null,
              );
            }}
          />
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === "reset"}
        title={dialog?.kind === "reset" ? `Reset password for ${dialog.user.username}` : "Reset password"}
        busy={false}
        onClose={() => setDialog((d) => (d?.kind === "reset" ? null : d))}
      >
        {dialog?.kind === "reset" && (
          <PasswordForm
            submitLabel="Reset password"
            intro={`${dialog.user.username} will be signed out everywhere and must use the new password.`}
            onCancel={() => setDialog(null)}
            onSubmit={async (body) => {
              const user = dialog.user;
              const result = await apiRequest<{ generatedPassword: string | null }>(
                "PUT",
                `/api/admin/users/${user.id}/password`,
                body,
              );
              toast({ title: "Password reset", description: `${user.username} has been signed out everywhere.` });
              setDialog(
                result.generatedPassword
                  ? { kind: "password", username: user.username, password: result.generatedPassword, reset: true }
                  : null,
              );
            }}
          />
        )}
      </FormDialog>

      <FormDialog
        open={dialog?.kind === "password"}
        title={dialog?.kind === "password" ? `New password for ${dialog.username}` : "New password"}
        busy={false}
        onClose={() => setDialog((d) => (d?.kind === "password" ? null : d))}
      >
        {dialog?.kind === "password" && (
          <ShownOnce username={dialog.username} password={dialog.password} onDone={() => setDialog(null)} />
        )}
      </FormDialog>
    </>
  );
}

type RowActions = {
  users: User[];
  meId: number;
  busyId: number | null;
  onReset: (user: User) => void;
  onDelete: (user: User) => void;
  onTurnOffTwoFactor: (user: User) => void;
};

function TwoFactorBadge({ on }: { on: boolean }) {
  return on ? (
    <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-900">On</span>
  ) : (
    <span className="rounded-full bg-mist px-2.5 py-1 text-xs font-semibold text-slate-brand">Off</span>
  );
}

function Actions({
  user,
  meId,
  busyId,
  onReset,
  onDelete,
  onTurnOffTwoFactor,
  compact,
}: Omit<RowActions, "users"> & { user: User; compact?: boolean }) {
  const size = compact ? "!min-h-10 text-sm" : "!min-h-9 !px-3 !py-1.5 text-sm";
  if (user.id === meId) {
    return (
      <Link to="/admin/account" className={`${LIGHT} ${size}`}>
        My account
      </Link>
    );
  }
  const busy = busyId === user.id;
  return (
    <>
      <button type="button" className={`${LIGHT} ${size}`} disabled={busy} onClick={() => onReset(user)}>
        Reset password<span className="sr-only"> for {user.username}</span>
      </button>
      {user.twoFactor && (
        <button type="button" className={`${LIGHT} ${size}`} disabled={busy} onClick={() => onTurnOffTwoFactor(user)}>
          Turn off 2FA<span className="sr-only"> for {user.username}</span>
        </button>
      )}
      <button type="button" className={`${DANGER} ${size}`} disabled={busy} onClick={() => onDelete(user)}>
        Delete<span className="sr-only"> {user.username}</span>
      </button>
    </>
  );
}

function UserName({ user, meId }: { user: User; meId: number }) {
  return (
    <span className="flex flex-wrap items-center gap-2 font-semibold">
      <span className="break-all">{user.username}</span>
      {user.id === meId && (
        <span className="rounded-full bg-amber-brand px-2 py-0.5 text-xs font-bold text-navy-950">You</span>
      )}
    </span>
  );
}

/** Phones: one card per user instead of a table wider than the screen. */
function UserCards(props: RowActions) {
  return (
    <ul className="mt-6 space-y-3 md:hidden" aria-label="Users">
      {props.users.map((user) => (
        <li key={user.id} className="rounded-xl bg-white p-4 ring-1 ring-navy-900/10">
          <UserName user={user} meId={props.meId} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-brand">Created</dt>
            <dd>{when(user.createdAt)}</dd>
            <dt className="text-slate-brand">Last sign-in</dt>
            <dd>{when(user.lastSignInAt, true) ?? "Never"}</dd>
            <dt className="text-slate-brand">Two-factor</dt>
            <dd>
              <TwoFactorBadge on={user.twoFactor} />
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <Actions {...props} user={user} compact />
          </div>
        </li>
      ))}
    </ul>
  );
}

function UserTable(props: RowActions) {
  return (
    <div className="mt-6 hidden overflow-x-auto rounded-xl bg-white ring-1 ring-navy-900/10 md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-mist bg-paper text-xs uppercase tracking-wider text-slate-brand">
          <tr>
            <th scope="col" className="px-4 py-3">
              Username
            </th>
            <th scope="col" className="px-4 py-3">
              Created
            </th>
            <th scope="col" className="px-4 py-3">
              Last sign-in
            </th>
            <th scope="col" className="px-4 py-3">
              Two-factor
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-mist">
          {props.users.map((user) => (
            <tr key={user.id}>
              <td className="px-4 py-3 align-middle">
                <UserName user={user} meId={props.meId} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 align-middle">{when(user.createdAt)}</td>
              <td className="whitespace-nowrap px-4 py-3 align-middle">
                {when(user.lastSignInAt, true) ?? <span className="text-slate-brand">Never</span>}
              </td>
              <td className="px-4 py-3 align-middle">
                <TwoFactorBadge on={user.twoFactor} />
              </td>
              <td className="px-4 py-3 align-middle">
                <div className="flex flex-wrap justify-end gap-2">
                  <Actions {...props} user={user} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type PasswordBody = { username?: string; passwordMode: "generate" | "choose"; password?: string };

/** Add a user or reset a password: a generated password (shown once afterwards) or one typed here. */
function PasswordForm({
  withUsername,
  intro,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  withUsername?: boolean;
  intro?: string;
  submitLabel: string;
  onSubmit: (body: PasswordBody) => Promise<void>;
  onCancel: () => void;
}) {
  const [mode, setMode] = useState<"generate" | "choose">("generate");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [show, setShow] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: PasswordBody = {
      passwordMode: mode,
      ...(mode === "choose" ? { password: formText(form, "password") } : {}),
    };
    if (withUsername) body.username = formText(form, "username");
    const parsed = (withUsername ? NewUserSchema : ResetPasswordSchema).safeParse(body);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setPending(true);
    try {
      await onSubmit(body);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length)
        setErrors(error.fieldErrors as Record<string, string>);
      else setErrors({ form: error instanceof ApiError ? error.message : "Something went wrong. Please try again." });
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex min-h-0 flex-col">
      <div className="space-y-5 overflow-y-auto px-5 py-5 sm:px-6">
        {intro && <p className="text-slate-brand">{intro}</p>}
        {errors.form && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
            {errors.form}
          </p>
        )}
        {withUsername && (
          <TextField
            name="username"
            label="Username"
            required
            autoComplete="off"
            spellCheck={false}
            error={errors.username}
            hint="At least 3 characters: letters, numbers, dots, dashes, underscores or @."
          />
        )}
        <fieldset>
          <legend className="font-medium">Password</legend>
          <div className="mt-2 space-y-2">
            <label className="flex items-start gap-3">
              <input
                type="radio"
                name="passwordMode"
                value="generate"
                checked={mode === "generate"}
                onChange={() => setMode("generate")}
                className="mt-1 h-5 w-5 accent-navy-900"
              />
              <span>
                Generate a strong password <span className="text-slate-brand">(shown to you once, to pass on)</span>
              </span>
            </label>
            <label className="flex items-start gap-3">
              <input
                type="radio"
                name="passwordMode"
                value="choose"
                checked={mode === "choose"}
                onChange={() => setMode("choose")}
                className="mt-1 h-5 w-5 accent-navy-900"
              />
              <span>Type a password</span>
            </label>
          </div>
        </fieldset>
        {mode === "choose" && (
          <div>
            <TextField
              name="password"
              label="New password"
              type={show ? "text" : "password"}
              autoComplete="new-password"
              required
              error={errors.password}
              hint="At least 8 characters. A short phrase is easier to remember than a jumble."
            />
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={show}
                onChange={(e) => setShow(e.target.checked)}
                className="h-4 w-4 accent-navy-900"
              />
              Show password
            </label>
          </div>
        )}
      </div>
      <div className="flex justify-end gap-3 border-t border-mist px-5 py-4 sm:px-6">
        <button type="button" className={LIGHT} onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="submit" className="btn-dark" disabled={pending}>
          {pending ? "Saving..." : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** A generated password, shown once: there is no way to see it again. */
function ShownOnce({ username, password, onDone }: { username: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="space-y-4 px-5 py-5 sm:px-6">
      <p>
        Give this password to <strong>{username}</strong> in person or by phone, not by e-mail. It won't be shown again.
        They can change it under My Account after signing in.
      </p>
      <div>
        <p className="select-all break-all rounded-lg bg-paper px-4 py-3 text-center font-mono text-lg font-semibold tracking-wide ring-1 ring-navy-900/10">
          {password}
        </p>
      </div>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          className={LIGHT}
          onClick={() => {
            void navigator.clipboard?.writeText(password).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? "Copied" : "Copy password"}
        </button>
        <button type="button" className="btn-dark" onClick={onDone}>
          Done
        </button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied ? "Password copied to the clipboard" : ""}
      </p>
    </div>
  );
}

/** The admin setting: every user must use two-factor sign-in. */
function TwoFactorPolicy({
  required,
  withTwoFactor,
  total,
  meHasTwoFactor,
}: {
  required: boolean;
  withTwoFactor: number;
  total: number;
  meHasTwoFactor: boolean;
}) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);

  async function onChange(next: boolean) {
    if (
      next &&
      !meHasTwoFactor &&
      !window.confirm(
        "You haven't set up two-factor sign-in yourself. You'll be asked to do it straight away. Continue?",
      )
    )
      return;
    setPending(true);
    try {
      await apiRequest("PUT", "/api/admin/settings/two-factor", { required: next });
      toast({
        title: next ? "Two-factor sign-in required" : "Two-factor sign-in optional",
        description: next
          ? "Users without it will be asked to set it up when they next open the admin."
          : "Each user can choose whether to use it.",
      });
      await revalidate();
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Could not save the setting",
        description: error instanceof ApiError ? error.message : "Please try again.",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="two-factor-policy"
      className="mt-8 rounded-xl bg-white p-5 ring-1 ring-navy-900/10 sm:p-6"
    >
      <h2 id="two-factor-policy" className="text-lg font-semibold">
        Two-factor sign-in
      </h2>
      <p className="mt-1 text-slate-brand">
        {withTwoFactor} of {total} {total === 1 ? "user has" : "users have"} it turned on. With it, signing in also
        needs a 6-digit code from an authenticator app on the person's phone, so a stolen password alone is not enough.
      </p>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          checked={required}
          disabled={pending}
          onChange={(e) => void onChange(e.target.checked)}
          className="mt-0.5 h-5 w-5 accent-navy-900"
          aria-describedby="two-factor-policy-hint"
        />
        <span>
          <span className="font-medium">Require two-factor sign-in for every user</span>
          <span id="two-factor-policy-hint" className="block text-sm text-slate-brand">
            Users who haven't set it up are sent to set it up before they can use the admin.
          </span>
        </span>
      </label>
    </section>
  );
}
