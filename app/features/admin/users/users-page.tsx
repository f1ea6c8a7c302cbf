import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { Dialog, DialogBody, DialogHeader } from "~/components/ui/dialog";
import { FormAlert } from "~/components/ui/form";
import { ROLE_LABELS, type Role } from "~/features/auth/access";
import { formText } from "~/forms/form-values";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { AdminList, FormDialogFooter, ListHeader, ListLoadError, type Column } from "../list/admin-list";
import { rowButton } from "~/components/ui/button-styles";
import { useMutation } from "../list/mutation";
import type { Route } from "./+types/users-page";
import { PasswordForm, RoleChoice, ShownOnce } from "./password-dialogs";
import { UserEmailForm } from "./user-email-form";
import { UserNameForm } from "./user-name-form";
import { isTwoFactorRequired } from "~/features/auth/two-factor/two-factor-policy.server";
import { listUsers } from "./users.server";
import { formatDate, formatDateTime } from "~/features/time/irish-format";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("Users");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context, "/admin/users");
  const db = context.services.database.db;
  const [users, twoFactorRequired] = await Promise.all([listUsers(db), isTwoFactorRequired(db)]);
  return data({ meId: me.id, users, twoFactorRequired }, { headers: adminHeaders() });
}

const NAMES = { one: "user", many: "users", One: "User", Many: "Users" };

export const ErrorBoundary = () => <ListLoadError names={NAMES} />;

type User = Route.ComponentProps["loaderData"]["users"][number];

// One dialog, whose content follows the step: adding a user or resetting a password hands over to
// the generated password, shown once.
type DialogState =
  | { kind: "add" }
  | { kind: "reset"; user: User }
  | { kind: "role"; user: User }
  | { kind: "email"; user: User }
  | { kind: "name"; user: User }
  | { kind: "password"; username: string; password: string }
  | null;

function dialogTitle(dialog: NonNullable<DialogState>): string {
  if (dialog.kind === "add") return "Add user";
  if (dialog.kind === "role") return `Change role for ${dialog.user.username}`;
  if (dialog.kind === "reset") return `Reset password for ${dialog.user.username}`;
  if (dialog.kind === "email") return `E-mail address of ${dialog.user.username}`;
  if (dialog.kind === "name") return `Full name of ${dialog.user.username}`;
  return `New password for ${dialog.username}`;
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, meId, twoFactorRequired } = loaderData;
  const [dialog, setDialog] = useState<DialogState>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const { mutate } = useMutation();

  async function onDelete(user: User) {
    if (!window.confirm(`Delete ${user.username}? They will no longer be able to sign in. This can't be undone.`))
      return;
    setBusyId(user.id);
    await mutate("DELETE", `/api/admin/users/${user.id}`, undefined, {
      success: { title: "User deleted", description: `${user.username} can no longer sign in.` },
      failure: "Could not delete the user",
    });
    setBusyId(null);
  }

  async function onTurnOffTwoFactor(user: User) {
    if (
      !window.confirm(
        `Turn off two-factor sign-in for ${user.username}? Do this only if they lost their phone and their recovery codes.`,
      )
    )
      return;
    setBusyId(user.id);
    await mutate("DELETE", `/api/admin/users/${user.id}/two-factor`, undefined, {
      success: {
        title: "Two-factor sign-in turned off",
        description: `${user.username} can sign in with their password and set it up again.`,
      },
      failure: "Could not turn off two-factor sign-in",
    });
    setBusyId(null);
  }

  const columns: Array<Column<User>> = [
    {
      header: "Username",
      cell: (user) => (
        <span className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-all">{user.username}</span>
          {user.id === meId && (
            <span className="rounded-full bg-amber-brand px-2 py-0.5 text-xs font-bold text-navy-950">You</span>
          )}
        </span>
      ),
    },
    {
      header: "Full name",
      cell: (user) => user.fullName || <span className="text-slate-brand">Not set</span>,
    },
    { header: "Role", cell: (user) => ROLE_LABELS[user.role] },
    { header: "Created", cell: (user) => formatDate(user.createdAt), className: "whitespace-nowrap" },
    {
      header: "Last sign-in",
      cell: (user) =>
        user.lastSignInAt ? formatDateTime(user.lastSignInAt) : <span className="text-slate-brand">Never</span>,
      className: "whitespace-nowrap",
    },
    {
      header: "Two-factor",
      cell: (user) =>
        user.twoFactor ? (
          <span className="rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-900">On</span>
        ) : (
          <span className="rounded-full bg-mist px-2.5 py-1 text-xs font-semibold text-slate-brand">Off</span>
        ),
    },
    {
      header: "E-mail",
      cell: (user) =>
        user.email ? <span className="break-all">{user.email}</span> : <span className="text-slate-brand">None</span>,
    },
  ];

  return (
    <>
      <ListHeader
        title="Users"
        intro={
          <>
            Everyone who can sign in to this admin. Each person should have their own account, so the{" "}
            <Link to="/admin/audit" className="font-medium text-navy-900 underline">
              audit log
            </Link>{" "}
            shows who did what.
          </>
        }
        action={
          <button type="button" className="btn-dark" onClick={() => setDialog({ kind: "add" })}>
            Add user
          </button>
        }
      />

      <AdminList
        names={NAMES}
        rows={users}
        columns={columns}
        empty={<p className="font-medium">There are no users yet.</p>}
        actions={(user) =>
          user.id === meId ? (
            <Link to="/admin/account" className={rowButton.light}>
              My account
            </Link>
          ) : (
            // Up to six buttons: two to a line, so the table fits beside the menu at 1280 px.
            <div className="flex w-[19rem] max-w-full flex-wrap gap-2 md:justify-end">
              <button
                type="button"
                className={rowButton.light}
                disabled={busyId === user.id}
                onClick={() => setDialog({ kind: "role", user })}
              >
                Change role<span className="sr-only"> for {user.username}</span>
              </button>
              <button
                type="button"
                className={rowButton.light}
                disabled={busyId === user.id}
                onClick={() => setDialog({ kind: "reset", user })}
              >
                Reset password<span className="sr-only"> for {user.username}</span>
              </button>
              <button
                type="button"
                className={rowButton.light}
                disabled={busyId === user.id}
                onClick={() => setDialog({ kind: "email", user })}
              >
                E-mail<span className="sr-only"> address of {user.username}</span>
              </button>
              <button
                type="button"
                className={rowButton.light}
                disabled={busyId === user.id}
                onClick={() => setDialog({ kind: "name", user })}
              >
                Name<span className="sr-only"> of {user.username}</span>
              </button>
              {user.twoFactor && (
                <button
                  type="button"
                  className={rowButton.light}
                  disabled={busyId === user.id}
                  onClick={() => void onTurnOffTwoFactor(user)}
                >
                  Turn off 2FA<span className="sr-only"> for {user.username}</span>
                </button>
              )}
              <button
                type="button"
                className={rowButton.danger}
                disabled={busyId === user.id}
                onClick={() => void onDelete(user)}
              >
                Delete<span className="sr-only"> {user.username}</span>
              </button>
            </div>
          )
        }
      />

      <TwoFactorPolicy
        required={twoFactorRequired}
        withTwoFactor={users.filter((u) => u.twoFactor).length}
        total={users.length}
        meHasTwoFactor={users.some((u) => u.id === meId && u.twoFactor)}
      />

      <Dialog open={dialog} onClose={() => setDialog(null)}>
        {dialog && <DialogHeader title={dialogTitle(dialog)} />}
        {dialog?.kind === "add" && (
          <PasswordForm
            key="add"
            withUsername
            submitLabel="Add user"
            onCancel={() => setDialog(null)}
            send={(mutateForm, body) =>
              mutateForm<User & { generatedPassword: string | null }>("POST", "/api/admin/users", body, {
                success: (created) => ({ title: "User added", description: `${created.username} can now sign in.` }),
              })
            }
            onDone={(created) =>
              setDialog(
                created.generatedPassword
                  ? { kind: "password", username: created.username, password: created.generatedPassword }
                  : null,
              )
            }
          />
        )}
        {dialog?.kind === "reset" && (
          <PasswordForm
            key={`reset-${dialog.user.id}`}
            submitLabel="Reset password"
            intro={`${dialog.user.username} will be signed out everywhere and must use the new password.`}
            onCancel={() => setDialog(null)}
            send={(mutateForm, body) =>
              mutateForm<{ generatedPassword: string | null }>(
                "PUT",
                `/api/admin/users/${dialog.user.id}/password`,
                body,
                {
                  success: {
                    title: "Password reset",
                    description: `${dialog.user.username} has been signed out everywhere.`,
                  },
                },
              )
            }
            onDone={(result) =>
              setDialog(
                result.generatedPassword
                  ? { kind: "password", username: dialog.user.username, password: result.generatedPassword }
                  : null,
              )
            }
          />
        )}
        {dialog?.kind === "role" && (
          <RoleForm key={`role-${dialog.user.id}`} user={dialog.user} onDone={() => setDialog(null)} />
        )}
        {dialog?.kind === "email" && (
          <UserEmailForm key={`email-${dialog.user.id}`} user={dialog.user} onDone={() => setDialog(null)} />
        )}
        {dialog?.kind === "name" && (
          <UserNameForm key={`name-${dialog.user.id}`} user={dialog.user} onDone={() => setDialog(null)} />
        )}
        {dialog?.kind === "password" && (
          <ShownOnce username={dialog.username} password={dialog.password} onDone={() => setDialog(null)} />
        )}
      </Dialog>
    </>
  );
}

/** Give someone another role (asks for your password first: the server answers confirm: true). */
function RoleForm({ user, onDone }: { user: User; onDone: () => void }) {
  const { mutate, pending, formError, fieldErrors, formRef } = useMutation<"role">();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const role = formText(new FormData(event.currentTarget), "role") as Role;
    if (role === user.role) return onDone();
    const sent = await mutate(
      "PUT",
      `/api/admin/users/${user.id}`,
      { role },
      {
        success: {
          title: "Role changed",
          description: `${user.username} now has the ${ROLE_LABELS[role]} role.`,
        },
      },
    );
    if (sent.ok) onDone();
  }
  return (
    <form ref={formRef} noValidate onSubmit={(e) => void submit(e)} className="flex min-h-0 flex-col">
      <DialogBody>
        <p className="text-slate-brand">
          What {user.username} can see and change in this admin. The change applies at once.
        </p>
        {formError && <FormAlert>{formError}</FormAlert>}
        <RoleChoice name="role" current={user.role} error={fieldErrors.role} />
      </DialogBody>
      <FormDialogFooter pending={pending} submitLabel="Save role" onCancel={onDone} />
    </form>
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
  const { mutate, pending } = useMutation();

  function onChange(next: boolean) {
    if (
      next &&
      !meHasTwoFactor &&
      !window.confirm(
        "You haven't set up two-factor sign-in yourself. You'll be asked to do it straight away. Continue?",
      )
    )
      return;
    void mutate(
      "PUT",
      "/api/admin/settings/two-factor",
      { required: next },
      {
        success: {
          title: next ? "Two-factor sign-in required" : "Two-factor sign-in optional",
          description: next
            ? "Users without it will be asked to set it up when they next open the admin."
            : "Each user can choose whether to use it.",
        },
        failure: "Could not save the setting",
      },
    );
  }

  return (
    <Card title="Two-factor sign-in" className="mt-8">
      <p className="mt-1 text-slate-brand">
        {withTwoFactor} of {total} {total === 1 ? "user has" : "users have"} it turned on. With it, signing in also
        needs a 6-digit code from an authenticator app on the person's phone, so a stolen password alone is not enough.
      </p>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          checked={required}
          disabled={pending}
          onChange={(e) => onChange(e.target.checked)}
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
    </Card>
  );
}
