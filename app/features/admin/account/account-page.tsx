import { useState, type FormEvent } from "react";
import { data, Link } from "react-router";
import { Card } from "~/components/ui/card";
import { TextField } from "~/components/ui/form-field";
import { ShowPasswordBox } from "~/components/ui/form";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { useMutation } from "~/features/admin/list/mutation";
import { ChangePasswordSchema, FullNameSchema, type ChangePasswordInput } from "~/features/admin/users/users-schema";
import { NEW_PASSWORD_MESSAGES } from "~/features/auth/password-rule";
import { FullNameField } from "~/features/admin/users/full-name-field";
import { getUserSummary } from "~/features/admin/users/users.server";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { DigestEmailSchema } from "~/features/admin/settings/settings-schema";
import { requireAdmin } from "~/features/auth/require-admin.server";
import { CALENDAR_ROLES, mayOpen, ROLE_DESCRIPTIONS, ROLE_LABELS } from "~/features/auth/access";
import { validate } from "~/forms/field-errors";
import { formPayload } from "~/forms/form-values";
import { CalendarFeedCard } from "~/features/admin/bookings/calendar-feed-card";
import { feedPath, feedToken } from "~/features/booking/calendar-feed.server";
import type { Route } from "./+types/account-page";
import { formatDateTime } from "~/features/time/irish-format";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("My Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context, "/admin/account");
  const { db } = context.services.database;
  // The digest of enquiries: for those who may read enquiries. The calendar of surveys and job days:
  // for those who are given them, the crew included.
  const office = mayOpen(me.role, "/admin/contacts");
  const [account, [digest], token] = await Promise.all([
    getUserSummary(db, me.id),
    db.select({ email: users.email }).from(users).where(eq(users.id, me.id)),
    CALENDAR_ROLES.includes(me.role) ? feedToken(db, me.id) : null,
  ]);
  // The session's user exists (the session row would have gone with it).
  return data(
    {
      ...account!,
      office,
      digestEmail: digest?.email ?? null,
      calendarUrl: token ? `${context.services.siteUrl}${feedPath(token)}` : null,
    },
    { headers: adminHeaders() },
  );
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { username, fullName, createdAt, lastSignInAt, twoFactor, role, office, digestEmail, calendarUrl } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">My Account</h1>
      <p className="mt-2 text-slate-brand">Your sign-in details. Other people's accounts are on the Users page.</p>
      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <Card title="Your details">
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-slate-brand">Username</dt>
            <dd className="break-all font-semibold">{username}</dd>
            <dt className="text-slate-brand">Role</dt>
            <dd>
              {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role].toLowerCase()}
            </dd>
            <dt className="text-slate-brand">Account created</dt>
            <dd>{formatDateTime(createdAt)}</dd>
            <dt className="text-slate-brand">Last sign-in</dt>
            <dd>{lastSignInAt ? formatDateTime(lastSignInAt) : "Never"}</dd>
          </dl>
        </Card>
        <Card title="Two-factor sign-in">
          <p className="mt-3">
            {twoFactor ? (
              <>
                <span className="rounded-full bg-green-100 px-2.5 py-1 text-sm font-semibold text-green-900">On</span>{" "}
                Signing in asks for a code from your authenticator app after your password.
              </>
            ) : (
              <>
                <span className="rounded-full bg-mist px-2.5 py-1 text-sm font-semibold text-slate-brand">Off</span> Add
                a 6-digit code from an authenticator app on your phone to every sign-in, so a stolen password alone
                can't open the admin.
              </>
            )}
          </p>
          <Link to="/admin/account/two-factor" className="btn-dark mt-5">
            {twoFactor ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
          </Link>
        </Card>
        <FullName fullName={fullName} />
        {office && <DigestEmail email={digestEmail} />}
        {calendarUrl && <CalendarFeedCard url={calendarUrl} />}
        <ChangePassword username={username} />
      </div>
    </>
  );
}

/** Your full name: how clients and colleagues read you (empty until set: your username stands in). */
function FullName({ fullName }: { fullName: string }) {
  const { mutate, pending, fieldErrors, showFieldErrors, formRef } = useMutation<"fullName">();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formPayload(new FormData(event.currentTarget), ["fullName"]);
    const checked = validate(FullNameSchema, values);
    if (!checked.ok) return showFieldErrors(checked.errors);
    await mutate("PUT", "/api/admin/account/name", checked.data, {
      success: { title: "Full name saved", description: `You are now shown as ${checked.data.fullName}.` },
      failure: "Full name not saved",
    });
  }
  return (
    <Card title="Your full name">
      <p className="mt-1 text-slate-brand">
        How clients and colleagues see you: calendar invites, booking confirmations, the job programme and the crew.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4">
        <FullNameField own defaultValue={fullName} error={fieldErrors.fullName} />
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Saving..." : "Save full name"}
          </button>
        </div>
      </form>
    </Card>
  );
}

/** Your e-mail address: where reset links and the daily digest go; empty: none. */
function DigestEmail({ email }: { email: string | null }) {
  const { mutate, pending, fieldErrors, showFieldErrors, formRef } = useMutation<"email">();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formPayload(new FormData(event.currentTarget), ["email"]);
    const checked = validate(DigestEmailSchema, { email: values.email.trim() });
    if (!checked.ok) return showFieldErrors(checked.errors);
    await mutate("PUT", "/api/admin/account/email", checked.data, {
      success: {
        title: "E-mail address saved",
        description: checked.data.email
          ? `Reset links and the daily digest will go to ${checked.data.email}.`
          : "No e-mail address: you will get no reset links and no daily digest.",
      },
      failure: "E-mail address not saved",
    });
  }
  return (
    <Card title="Your e-mail address">
      <p className="mt-1 text-slate-brand">
        Where a &ldquo;Forgot password?&rdquo; link goes, and the morning digest of new enquiries and follow-ups due.
        Leave it empty for neither: then only another admin can reset your password.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-4 grid gap-4">
        <TextField
          name="email"
          label="E-mail address"
          type="email"
          autoComplete="email"
          defaultValue={email ?? ""}
          error={fieldErrors.email}
        />
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Saving..." : "Save e-mail address"}
          </button>
        </div>
      </form>
    </Card>
  );
}

/** Change your own password; every other session of yours ends, this one stays. */
function ChangePassword({ username }: { username: string }) {
  const [show, setShow] = useState(false);
  const { mutate, pending, fieldErrors, showFieldErrors, formRef } = useMutation<keyof ChangePasswordInput>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formPayload(new FormData(form), ["currentPassword", "newPassword", "confirmPassword"]);
    const checked = validate(ChangePasswordSchema, values);
    if (!checked.ok) return showFieldErrors(checked.errors);
    const changed = await mutate<{ otherSessionsEnded: number }>("PUT", "/api/admin/account/password", values, {
      success: ({ otherSessionsEnded: ended }) => ({
        title: "Password changed",
        description: ended
          ? `You were signed out on ${ended} other ${ended === 1 ? "device" : "devices"}.`
          : "Use your new password next time you sign in.",
      }),
      failure: "Password not changed",
      revalidate: false,
    });
    if (changed.ok) form.reset();
  }

  const type = show ? "text" : "password";
  return (
    <Card title="Change password" className="xl:col-span-2">
      <p className="mt-1 text-slate-brand">
        You stay signed in here; anywhere else you're signed in (another computer, a phone) is signed out.
      </p>
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-5 grid max-w-xl gap-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" defaultValue={username} readOnly hidden />
        <TextField
          name="currentPassword"
          label="Current password"
          type={type}
          autoComplete="current-password"
          required
          error={fieldErrors.currentPassword}
        />
        <TextField
          name="newPassword"
          label="New password"
          type={type}
          autoComplete="new-password"
          required
          error={fieldErrors.newPassword}
          hint={`${NEW_PASSWORD_MESSAGES.rule} A short phrase works well.`}
        />
        <TextField
          name="confirmPassword"
          label="New password again"
          type={type}
          autoComplete="new-password"
          required
          error={fieldErrors.confirmPassword}
        />
        <ShowPasswordBox checked={show} onChange={setShow} label="Show passwords" />
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Changing..." : "Change password"}
          </button>
        </div>
      </form>
    </Card>
  );
}
