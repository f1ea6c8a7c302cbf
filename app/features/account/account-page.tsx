import { useRef, useState, type FormEvent } from "react";
import { formText } from "~/forms/form-values";
import { data, Link } from "react-router";
import { useToast } from "~/components/ui/toast";
import { adminHeaders, adminMeta } from "~/features/admin/admin-headers";
import { apiRequest, ApiError } from "~/features/admin/list/api-client";
import { TextField } from "~/features/admin/list/form-fields";
import { ChangePasswordSchema, fieldErrorsOf, NEW_PASSWORD_MIN } from "~/features/admin/users/users-schema";
import { getUserSummary } from "~/features/admin/users/users.server";
import { requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/account-page";

export const headers = adminHeaders;
export const meta: Route.MetaFunction = adminMeta("My Account");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context.services);
  const account = await getUserSummary(context.services.database.db, me.id);
  // The session's user exists (the session row would have gone with it).
  return data(account!, { headers: adminHeaders() });
}

const dublin = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Dublin",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { username, createdAt, lastSignInAt, twoFactor } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">My Account</h1>
      <p className="mt-2 text-slate-brand">Your sign-in details. Other people's accounts are on the Users page.</p>
      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="details-heading" className="rounded-xl bg-white p-5 ring-1 ring-navy-900/10 sm:p-6">
          <h2 id="details-heading" className="text-lg font-semibold">
            Your details
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="text-slate-brand">Username</dt>
            <dd className="break-all font-semibold">{username}</dd>
            <dt className="text-slate-brand">Account created</dt>
            <dd>{dublin.format(new Date(createdAt))}</dd>
            <dt className="text-slate-brand">Last sign-in</dt>
            <dd>{lastSignInAt ? dublin.format(new Date(lastSignInAt)) : "Never"}</dd>
          </dl>
        </section>
        <section
          aria-labelledby="two-factor-heading"
          className="rounded-xl bg-white p-5 ring-1 ring-navy-900/10 sm:p-6"
        >
          <h2 id="two-factor-heading" className="text-lg font-semibold">
            Two-factor sign-in
          </h2>
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
        </section>
        <ChangePassword username={username} />
      </div>
    </>
  );
}

/** Change your own password; every other session of yours ends, this one stays. */
function ChangePassword({ username }: { username: string }) {
  const toast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [show, setShow] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const el = event.currentTarget;
    const values = Object.fromEntries(
      ["currentPassword", "newPassword", "confirmPassword"].map((name) => [name, formText(new FormData(el), name)]),
    );
    const parsed = ChangePasswordSchema.safeParse(values);
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      el.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setPending(true);
    try {
      const result = await apiRequest<{ otherSessionsEnded: number }>("PUT", "/api/admin/account/password", values);
      const ended = result.otherSessionsEnded;
      toast({
        title: "Password changed",
        description: ended
          ? `You were signed out on ${ended} other ${ended === 1 ? "device" : "devices"}.`
          : "Use your new password next time you sign in.",
      });
      el.reset();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        setErrors(error.fieldErrors as Record<string, string>);
        el.querySelector<HTMLInputElement>(`[name="${Object.keys(error.fieldErrors)[0]}"]`)?.focus();
      } else {
        toast({
          variant: "destructive",
          title: "Password not changed",
          description: error instanceof ApiError ? error.message : "Something went wrong. Please try again.",
        });
      }
    } finally {
      setPending(false);
    }
  }

  const type = show ? "text" : "password";
  return (
    <section
      aria-labelledby="password-heading"
      className="rounded-xl bg-white p-5 ring-1 ring-navy-900/10 sm:p-6 xl:col-span-2"
    >
      <h2 id="password-heading" className="text-lg font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-slate-brand">
        You stay signed in here; anywhere else you're signed in (another computer, a phone) is signed out.
      </p>
      <form ref={form} noValidate onSubmit={onSubmit} className="mt-5 grid max-w-xl gap-5">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" defaultValue={username} readOnly hidden />
        <TextField
          name="currentPassword"
          label="Current password"
          type={type}
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <TextField
          name="newPassword"
          label="New password"
          type={type}
          autoComplete="new-password"
          required
          error={errors.newPassword}
          hint={`At least ${NEW_PASSWORD_MIN} characters, and not a common password. A short phrase works well.`}
        />
        <TextField
          name="confirmPassword"
          label="New password again"
          type={type}
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={show}
            onChange={(e) => setShow(e.target.checked)}
            className="h-4 w-4 accent-navy-900"
          />
          Show passwords
        </label>
        <div>
          <button type="submit" className="btn-dark" disabled={pending}>
            {pending ? "Changing..." : "Change password"}
          </button>
        </div>
      </form>
    </section>
  );
}
