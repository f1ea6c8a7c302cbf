import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { askToConfirm } from "~/api/api-client";
import { FormAlert } from "~/components/ui/form";
import { Card } from "~/components/ui/card";
import { TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useHydrated } from "~/components/use-hydrated";
import { SixDigitCodeSchema } from "~/forms/code-schema";
import { formText } from "~/forms/form-values";
import { useBusiness } from "~/root";
import { adminHeaders, adminMeta } from "~/features/auth/staff-page-headers";
import { CONFIRM_MESSAGE, pageNeedsConfirmation, requireAdmin } from "~/features/auth/require-admin.server";
import type { Route } from "./+types/two-factor-page";
import {
  cancelEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  getTwoFactorOverview,
  regenerateRecoveryCodes,
  startEnrolment,
} from "~/features/auth/two-factor/two-factor.server";
import { formatDate } from "~/features/time/irish-format";

export const meta: Route.MetaFunction = adminMeta("Two-factor sign-in");
export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdmin(request, context, "/admin/account/two-factor");
  const overview = await getTwoFactorOverview({ services: context.services, user });
  return data({ ...overview, username: user.username, required: user.twoFactorRequired }, { headers: adminHeaders() });
}

type Intent = "start" | "cancel" | "confirm" | "regenerate" | "disable";
type ActionAnswer = {
  intent: Intent;
  codes?: string[];
  error?: string;
  field?: "code" | "password" | "proof";
  /** Refused until the password is confirmed (403): the page asks for it, then sends the form again. */
  confirm?: true;
};

/** Every change is a plain form post to this action, so the page works without JavaScript too. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdmin(request, context, "/admin/account/two-factor");
  const form = await request.formData();
  const intent = formText(form, "intent") as Intent;
  const ctx = { services: context.services, user, ip: context.clientIp, logger: context.logger };
  const code = formText(form, "code").trim();
  const answer = (body: ActionAnswer, status = 200) => data(body, { status, headers: adminHeaders() });
  const statusOf = (s: string) =>
    s === "rate-limited" ? 429 : s === "not-set-up" ? 409 : s === "required" ? 403 : 400;
  // Setting up needs a recent confirmation: with only a stolen session, someone could otherwise
  // put their own phone on the account and lock its owner out.
  if (pageNeedsConfirmation(user, "/admin/account/two-factor", intent))
    return answer({ intent, confirm: true, error: CONFIRM_MESSAGE }, 403);

  switch (intent) {
    case "start":
      await startEnrolment(ctx);
      return answer({ intent });
    case "cancel":
      await cancelEnrolment(ctx);
      return answer({ intent });
    case "confirm":
    case "regenerate": {
      const checked = SixDigitCodeSchema.safeParse(code);
      if (!checked.success) return answer({ intent, field: "code", error: checked.error.issues[0]!.message }, 400);
      const result =
        intent === "confirm"
          ? await confirmEnrolment(ctx, checked.data)
          : await regenerateRecoveryCodes(ctx, checked.data);
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

const lightButton = "btn border border-navy-900/25 bg-white text-navy-900 hover:bg-mist";

/**
 * A form the action refused with `confirm: true`: the admin's "Confirm it's you" dialog asks for the
 * password, then the same form (with the button that sent it) goes again. Cancelled: the refusal's
 * message stays on the page.
 */
function useConfirmThenResend(answer: ActionAnswer | undefined) {
  const submit = useSubmit();
  const sent = useRef<FormData | null>(null);
  useEffect(() => {
    const form = sent.current;
    if (!answer?.confirm || !form) return;
    sent.current = null;
    void askToConfirm().then(async (confirmed) => {
      if (confirmed) await submit(form, { method: "post" });
    });
  }, [answer, submit]);
  return useCallback((event: FormEvent<HTMLFormElement>) => {
    sent.current = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
  }, []);
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const toast = useToast();
  const answer = actionData;
  const remember = useConfirmThenResend(answer);

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
          <Enrol
            enrolment={loaderData.enrolment}
            answer={answer?.intent === "confirm" ? answer : undefined}
            onSubmit={remember}
          />
        ) : (
          <Card title="Two-factor sign-in is off" large>
            <p className="mt-2 text-slate-brand">
              You will need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator,
              1Password or Aegis. Set-up takes about a minute.
            </p>
            {(answer?.intent === "start" || answer?.confirm) && answer.error && (
              <div className="mt-4">
                <FormAlert>{answer.error}</FormAlert>
              </div>
            )}
            <Form method="post" className="mt-5" onSubmit={remember}>
              <SubmitButton intent="start" className="btn-dark">
                Set up two-factor sign-in
              </SubmitButton>
            </Form>
          </Card>
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

/** A field for a 6-digit code from the app; it takes focus when its error appears. */
function CodeField({ label, hint, error }: { label: string; hint?: string; error?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) ref.current?.focus();
  }, [error]);
  return (
    <TextField
      ref={ref}
      name="code"
      label={label}
      hint={hint}
      error={error}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={7}
      spellCheck={false}
      inputClassName="max-w-48 font-mono text-lg tracking-widest"
    />
  );
}

function Enrol({
  enrolment,
  answer,
  onSubmit,
}: {
  enrolment: { key: string; uri: string; qrSvg: string };
  answer?: ActionAnswer;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  // The name the app lists the account under: the business name, as in the otpauth:// URI (totp.server.ts).
  const issuer = useBusiness().name;
  return (
    <Card title="Set up two-factor sign-in" large>
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
          <Form method="post" className="mt-3 space-y-4" onSubmit={onSubmit}>
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
    </Card>
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
    `Made ${formatDate(new Date())}. Each code works once.`,
    "",
    ...codes,
    "",
  ].join("\n");

  return (
    <Card title="Save your recovery codes" large className="print:shadow-none print:ring-0" headingRef={heading}>
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
    </Card>
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
  const since = formatDate(enabledAt);
  const disableError = answer?.intent === "disable" ? answer : undefined;
  return (
    <>
      <Card title="Two-factor sign-in is on" large>
        <p className="mt-2">
          On since {since}. Signing in asks for a code from your authenticator app after your password.
        </p>
        <p className={`mt-2 font-medium ${left <= 2 ? "text-red-700" : "text-slate-brand"}`}>
          {left} of 10 recovery codes left{left <= 2 ? ": make new ones soon." : "."}
        </p>
      </Card>

      <Card title="Make new recovery codes">
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
      </Card>

      <Card title="Turn off two-factor sign-in">
        {required ? (
          <p className="mt-2 text-slate-brand">
            An admin requires two-factor sign-in for every user, so it can't be turned off.
          </p>
        ) : (
          <TurnOff error={disableError?.error} field={disableError?.field} />
        )}
      </Card>
    </>
  );
}

function TurnOff({ error, field: errorField }: { error?: string; field?: ActionAnswer["field"] }) {
  const password = useRef<HTMLInputElement>(null);
  const passwordError = error && errorField !== "code" ? error : undefined;
  useEffect(() => {
    if (passwordError) password.current?.focus();
  }, [passwordError]);
  return (
    <>
      <p className="mt-2 text-slate-brand">
        Signing in will then need only your password. To confirm it's you, enter your password or a code from the app.
      </p>
      <Form method="post" className="mt-4 space-y-4">
        <TextField
          ref={password}
          name="password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          error={passwordError}
          inputClassName="max-w-sm"
        />
        <CodeField
          label="Or a code from your authenticator app"
          error={error && errorField === "code" ? error : undefined}
        />
        <SubmitButton intent="disable" className="btn bg-red-700 text-white hover:bg-red-800">
          Turn off two-factor sign-in
        </SubmitButton>
      </Form>
    </>
  );
}
