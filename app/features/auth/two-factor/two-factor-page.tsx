import { useEffect, useId, useRef } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { formText } from "~/forms/form-values";
import { data, Form, Link, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { adminHeaders, adminMeta } from "~/features/admin/admin-headers";
import { requireAdmin } from "../require-admin.server";
import type { Route } from "./+types/two-factor-page";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorOverview,
  regenerateRecoveryCodes,
  startEnrolment,
} from "./two-factor.server";

export const meta: Route.MetaFunction = adminMeta("Two-factor sign-in");
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context.services);
  const overview = await getTwoFactorOverview({ services: context.services, user });
  return data({ ...overview, username: user.username, required: user.twoFactorRequired }, { headers: adminHeaders() });
}

type Intent = "start" | "cancel" | "confirm" | "regenerate" | "disable";
type ActionAnswer = { intent: Intent; codes?: string[]; error?: string; field?: "code" | "password" | "proof" };

/** Every change is a plain form post to this action, so the page works without JavaScript too. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context.services);
  const form = await request.formData();
  const intent = formText(form, "intent") as Intent;
  const ctx = { services: context.services, user, ip: context.clientIp, logger: context.logger };
  const code = formText(form, "code").trim();
  const answer = (body: ActionAnswer, status = 200) => data(body, { status, headers: adminHeaders() });
  const statusOf = (s: string) =>
    s === "rate-limited" ? 429 : s === "not-set-up" ? 409 : s === "required" ? 403 : 400;

  switch (intent) {
    case "start":
      await startEnrolment(ctx);
      return answer({ intent });
    case "cancel":
      await cancelEnrolment(ctx);
      return answer({ intent });
    case "confirm":
    case "regenerate": {
      if (!/^\d{6}$/.test(code.replace(/\s+/g, "")))
        return answer(
          { intent, field: "code", error: "Enter the 6-digit code your authenticator app shows now." },
          400,
        );
      const result =
        intent === "confirm" ? await confirmEnrolment(ctx, code) : await regenerateRecoveryCodes(ctx, code);
      return result.status === "ok"
        ? answer({ intent, codes: result.codes })
        : answer({ intent, field: "code", error: result.message }, statusOf(result.status));
    }
    case "disable": {
      const password = formText(form, "password");
      if (!code && !password)
        return answer(
          { intent, field: "proof", error: "Enter your password, or a code from your authenticator app." },
          400,
        );
      const result = await disableTwoFactor(ctx, code ? { code } : { password });
      if (result.status === "ok") return answer({ intent });
      return answer(
        { intent, field: code ? "code" : result.status === "required" ? "proof" : "password", error: result.message },
        statusOf(result.status),
      );
    }
    default:
      return answer({ intent: "start", error: "Unknown request." }, 400);
  }
}

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6";
const field =
  "mt-1.5 block w-full rounded-md border px-3.5 py-2.5 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand";
const lightButton = "btn border border-navy-900/25 bg-white text-navy-900 hover:bg-mist";

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const answer = actionData;

  // A toast for each finished change, as elsewhere in the admin (errors show beside their field).
  useEffect(() => {
    if (!answer || answer.error) return;
    const done: Partial<Record<Intent, { title: string; description: string }>> = {
      confirm: { title: "Two-factor sign-in is on", description: "Save your recovery codes before you continue." },
      regenerate: { title: "New recovery codes made", description: "Your old recovery codes no longer work." },
      disable: { title: "Two-factor sign-in is off", description: "Signing in now needs only your password." },
      cancel: { title: "Set-up cancelled", description: "Two-factor sign-in is still off." },
    };
    const message = done[answer.intent];
    if (message) toast(message);
  }, [answer, toast]);

  return (
    <div className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/account" className="font-medium text-navy-900 underline underline-offset-2">
          <span aria-hidden="true">← </span>My Account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Two-factor sign-in</h1>
      <p className="mt-2 text-slate-brand">
        With two-factor sign-in, signing in needs your password and a 6-digit code from an authenticator app on your
        phone, so a stolen password alone is not enough.
      </p>
      {loaderData.required && !loaderData.enabled && (
        <div role="status" className="mt-5 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-300">
          <p className="font-semibold">Two-factor sign-in is required</p>
          <p className="mt-1">
            An admin has made two-factor sign-in compulsory for every user. Set it up below; the rest of the admin opens
            once it is on.
          </p>
        </div>
      )}
      <div className="mt-6 space-y-6">
        {answer?.codes ? (
          <RecoveryCodes codes={answer.codes} username={loaderData.username} />
        ) : loaderData.enabled ? (
          <Enabled
            enabledAt={loaderData.enabledAt!}
            left={loaderData.recoveryCodesLeft}
            required={loaderData.required}
            answer={answer?.intent === "regenerate" || answer?.intent === "disable" ? answer : undefined}
          />
        ) : loaderData.enrolment ? (
          <Enrol enrolment={loaderData.enrolment} answer={answer?.intent === "confirm" ? answer : undefined} />
        ) : (
          <section className={card} aria-labelledby="tfa-off-heading">
            <h2 id="tfa-off-heading" className="text-xl font-semibold">
              Two-factor sign-in is off
            </h2>
            <p className="mt-2 text-slate-brand">
              You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator,
              1Password or Aegis. Set-up takes about a minute.
            </p>
            <Form method="post" className="mt-5">
              <SubmitButton intent="start" className="btn-dark">
                Set up two-factor sign-in
              </SubmitButton>
            </Form>
          </section>
        )}
      </div>
    </div>
  );
}

/** A submit button that carries its intent and shows when its form is being sent. */
function SubmitButton({ intent, className, children }: { intent: Intent; className: string; children: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={className}>
      {busy ? "Please wait..." : children}
    </button>
  );
}

/** A labelled code field whose error is tied to it and which takes focus when the error appears. */
function CodeField({
  label,
  hint,
  error,
  name = "code",
}: {
  label: string;
  hint?: string;
  error?: string;
  name?: string;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-brand">
          {hint}
        </p>
      )}
      <input
        ref={ref}
        id={id}
        name={name}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={7}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${field} max-w-48 font-mono text-lg tracking-widest ${error ? "border-red-700" : "border-slate-brand/40"}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Enrol({
  enrolment,
  answer,
}: {
  enrolment: { key: string; uri: string; qrSvg: string };
  answer?: ActionAnswer;
}) {
  // The name the app lists the account under: the business name, as in the otpauth:// URI (totp.server.ts).
  const issuer = useBusiness().name;
  return (
    <section className={card} aria-labelledby="tfa-enrol-heading">
      <h2 id="tfa-enrol-heading" className="text-xl font-semibold">
        Set up two-factor sign-in
      </h2>
      <ol className="mt-4 space-y-6">
        <li>
          <h3 className="font-semibold">1. Add {issuer} to your authenticator app</h3>
          <div className="mt-3 flex flex-col gap-5 sm:flex-row sm:items-start">
            {/* Drawn on the server from the otpauth:// address; no outside service sees the key. */}
            <div
              role="img"
              aria-label="QR code to scan with your authenticator app"
              className="h-52 w-52 shrink-0 self-center rounded-lg sm:self-start bg-white p-1 ring-1 ring-navy-900/15 [&>svg]:h-full [&>svg]:w-full"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <div className="min-w-0 text-sm">
              <p>In the app, choose to add an account and scan this QR code with your phone's camera.</p>
              <p className="mt-3">Can't scan it? Choose to enter a setup key instead and type this key:</p>
              <p className="mt-2 break-words rounded-md bg-mist px-3 py-2 font-mono text-base font-semibold tracking-wider">
                <code>{enrolment.key}</code>
              </p>
              <p className="mt-2 text-slate-brand">Time-based, 6 digits, every 30 seconds. Spaces don't matter.</p>
              <p className="mt-3">
                <a href={enrolment.uri} className="font-medium text-navy-900 underline underline-offset-2">
                  On this phone? Open it in your authenticator app
                </a>
              </p>
            </div>
          </div>
        </li>
        <li>
          <h3 className="font-semibold">2. Confirm with a code from the app</h3>
          <Form method="post" className="mt-3 space-y-4">
            <CodeField label="6-digit code" hint={`The code the app now shows for ${issuer}.`} error={answer?.error} />
            <div className="flex flex-wrap gap-3">
              <SubmitButton intent="confirm" className="btn-dark">
                Turn on two-factor sign-in
              </SubmitButton>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post" className="mt-6 border-t border-mist pt-4">
        <SubmitButton intent="cancel" className={lightButton}>
          Cancel set-up
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Shown once, right after they are made: only their hashes are kept. */
function RecoveryCodes({ codes, username }: { codes: string[]; username: string }) {
  const toast = useToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const businessName = useBusiness().name;
  useEffect(() => heading.current?.focus(), []);
  const text = [
    `${businessName} admin: recovery codes for ${username}`,
    `Made ${new Date().toLocaleDateString("en-IE", { day: "numeric", month: "long", year: "numeric" })}. Each code works once.`,
    "",
    ...codes,
    "",
  ].join("\n");

  return (
    <section className={`${card} print:shadow-none print:ring-0`} aria-labelledby="tfa-codes-heading">
      <h2 id="tfa-codes-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Save your recovery codes
      </h2>
      <p className="mt-2">
        If you lose your phone, each of these codes lets you sign in once instead of a code from the app.
        <strong> They are shown only now.</strong> Keep them somewhere safe, such as a password manager or a printed
        copy.
      </p>
      <ol
        className="mt-5 grid grid-cols-1 gap-2 rounded-lg bg-mist p-4 font-mono text-lg min-[420px]:grid-cols-2"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-white px-3 py-1.5 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-wrap gap-3 print:hidden">
        <a
          className={lightButton}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="ic-interiors-recovery-codes.txt"
        >
          Download
        </a>
        {hydrated && (
          <>
            <button
              type="button"
              className={lightButton}
              onClick={() =>
                navigator.clipboard.writeText(codes.join("\n")).then(
                  () => toast({ title: "Copied", description: "The recovery codes are on the clipboard." }),
                  () =>
                    toast({
                      variant: "destructive",
                      title: "Could not copy",
                      description: "Select the codes and copy them yourself.",
                    }),
                )
              }
            >
              Copy
            </button>
            <button type="button" className={lightButton} onClick={() => window.print()}>
              Print
            </button>
          </>
        )}
      </div>
      <p className="mt-6 print:hidden">
        <Link to="/admin/account/two-factor" replace className="btn-dark">
          I have saved these codes
        </Link>
      </p>
    </section>
  );
}

function Enabled({
  enabledAt,
  left,
  required,
  answer,
}: {
  enabledAt: string;
  left: number;
  required: boolean;
  answer?: ActionAnswer;
}) {
  const since = new Date(enabledAt).toLocaleDateString("en-IE", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/Dublin",
  });
  const disableError = answer?.intent === "disable" ? answer : undefined;
  return (
    <>
      <section className={card} aria-labelledby="tfa-on-heading">
        <h2 id="tfa-on-heading" className="text-xl font-semibold">
          Two-factor sign-in is on
        </h2>
        <p className="mt-2">
          On since {since}. Signing in asks for a code from your authenticator app after your password.
        </p>
        <p className={`mt-2 font-medium ${left <= 2 ? "text-red-700" : "text-slate-brand"}`}>
          {left} of 10 recovery codes left{left <= 2 ? ": make new ones soon." : "."}
        </p>
      </section>

      <section className={card} aria-labelledby="tfa-regenerate-heading">
        <h2 id="tfa-regenerate-heading" className="text-lg font-semibold">
          Make new recovery codes
        </h2>
        <p className="mt-2 text-slate-brand">You get ten new codes, and all your old recovery codes stop working.</p>
        <Form method="post" className="mt-4 space-y-4">
          <CodeField
            label="Code from your authenticator app"
            error={answer?.intent === "regenerate" ? answer.error : undefined}
          />
          <SubmitButton intent="regenerate" className="btn-dark">
            Make new recovery codes
          </SubmitButton>
        </Form>
      </section>

      <section className={card} aria-labelledby="tfa-off-heading">
        <h2 id="tfa-off-heading" className="text-lg font-semibold">
          Turn off two-factor sign-in
        </h2>
        {required ? (
          <p className="mt-2 text-slate-brand">
            An admin requires two-factor sign-in for every user, so it can't be turned off.
          </p>
        ) : (
          <TurnOff error={disableError?.error} field={disableError?.field} />
        )}
      </section>
    </>
  );
}

function TurnOff({ error, field: errorField }: { error?: string; field?: ActionAnswer["field"] }) {
  const id = useId();
  const password = useRef<HTMLInputElement>(null);
  const code = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) (errorField === "code" ? code : password).current?.focus();
  }, [error, errorField]);
  const passwordError = error && errorField !== "code" ? error : undefined;
  const codeError = error && errorField === "code" ? error : undefined;
  return (
    <>
      <p className="mt-2 text-slate-brand">
        Signing in will then need only your password. To confirm it's you, enter your password or a code from the app.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <div>
          <label htmlFor={`${id}-password`} className="font-medium">
            Your password
          </label>
          <input
            ref={password}
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            className={`${field} max-w-sm ${passwordError ? "border-red-700" : "border-slate-brand/40"}`}
          />
          {passwordError && (
            <p id={`${id}-password-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {passwordError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-code`} className="font-medium">
            Or a code from your authenticator app
          </label>
          <input
            ref={code}
            id={`${id}-code`}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-code-error` : undefined}
            className={`${field} max-w-48 font-mono text-lg tracking-widest ${codeError ? "border-red-700" : "border-slate-brand/40"}`}
          />
          {codeError && (
            <p id={`${id}-code-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {codeError}
            </p>
          )}
        </div>
        <SubmitButton intent="disable" className="btn bg-red-700 text-white hover:bg-red-800">
          Turn off two-factor sign-in
        </SubmitButton>
      </Form>
    </>
  );
}
