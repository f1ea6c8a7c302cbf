import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { formText } from "~/forms/form-values";
import { data, Link, redirect, useNavigate } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useBusiness } from "~/root";
import { users } from "~/db/schema";
import { adminHeaders, adminMeta, adminTitle } from "~/features/admin/admin-headers";
import type { Route } from "./+types/login";
import {
  authFieldErrors,
  INVALID_CREDENTIALS,
  LoginSchema,
  RegisterSchema,
  TWO_FACTOR_MESSAGES,
  type AuthFieldErrors,
} from "./auth-schema";
import { completeTwoFactorSignIn, login, register, type AuthResult } from "./auth.server";
import { currentUser, safeRedirectTo } from "./require-admin.server";
import { sessionCookie, tokenFromCookieHeader } from "./session.server";
import {
  challengeCookie,
  challengeTokenFromCookieHeader,
  clearChallengeCookie,
  peekLoginChallenge,
} from "./two-factor/challenge.server";

export const meta: Route.MetaFunction = adminMeta("Sign in");
export const headers = adminHeaders;

type Tab = "login" | "register";
type CodeMethod = "app" | "recovery";

/** The sign-in page's addresses: the password step, and the code step for two-factor users. */
const codeStepUrl = (redirectTo: string, method: CodeMethod = "app") =>
  `/admin/login?step=two-factor${method === "recovery" ? "&method=recovery" : ""}&redirectTo=${encodeURIComponent(redirectTo)}`;
const restartUrl = (redirectTo: string) => `/admin/login?expired=1&redirectTo=${encodeURIComponent(redirectTo)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  // Already signed in: straight to the admin.
  if (await currentUser(request, context.services)) throw redirect(redirectTo, { headers: adminHeaders() });
  const { env, database, sessions } = context.services;
  // The code step shows only while the password step's challenge (in its cookie) can be answered.
  const wantsCode = url.searchParams.get("step") === "two-factor";
  const codeStep =
    wantsCode &&
    (await peekLoginChallenge(database.db, challengeTokenFromCookieHeader(request.headers.get("cookie"), sessions))) !==
      null;
  const registrationOpen = env.NODE_ENV === "development" || (await database.db.$count(users)) === 0;
  const tab: Tab = url.searchParams.get("tab") === "register" ? "register" : "login";
  const method: CodeMethod = url.searchParams.get("method") === "recovery" ? "recovery" : "app";
  return data(
    {
      registrationOpen,
      redirectTo,
      tab,
      step: codeStep ? ("two-factor" as const) : ("password" as const),
      method,
      notice: (wantsCode && !codeStep) || url.searchParams.get("expired") === "1" ? TWO_FACTOR_MESSAGES.expired : null,
    },
    { headers: adminHeaders() },
  );
}

/** The same sign-in (both steps) and registration without JavaScript: plain form posts. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const rawIntent = form.get("intent");
  const intent = rawIntent === "register" ? "register" : rawIntent === "two-factor" ? "two-factor" : "login";
  const { sessions } = context.services;
  const cookieHeader = request.headers.get("cookie");
  const ctx = {
    services: context.services,
    ip: context.clientIp,
    logger: context.logger,
    previousToken: tokenFromCookieHeader(cookieHeader, sessions),
  };
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  const noStore = ["Cache-Control", "no-store"] as [string, string];

  if (intent === "two-factor") {
    const code = formText(form, "code");
    const result = await completeTwoFactorSignIn(
      { code },
      { ...ctx, challengeToken: challengeTokenFromCookieHeader(cookieHeader, sessions) },
    );
    if (result.status === "ok") {
      throw redirect(redirectTo, {
        headers: [
          ["Set-Cookie", sessionCookie(result.token, sessions)],
          ["Set-Cookie", clearChallengeCookie(sessions)],
          noStore,
        ],
      });
    }
    if (result.status === "expired")
      throw redirect(restartUrl(redirectTo), { headers: [["Set-Cookie", clearChallengeCookie(sessions)], noStore] });
    const status = result.status === "rate-limited" ? 429 : result.status === "invalid" ? 400 : 401;
    const fieldErrors =
      (result.status === "invalid" || result.status === "denied") && result.fieldErrors ? result.fieldErrors : {};
    return data(
      { intent, username: "", message: "message" in result ? result.message : "", fieldErrors },
      { status, headers: adminHeaders() },
    );
  }

  const input = { username: formText(form, "username"), password: formText(form, "password") };
  const result: AuthResult = intent === "login" ? await login(input, ctx) : await register(input, ctx);
  if (result.status === "ok") {
    const to = intent === "register" ? "/admin" : redirectTo;
    throw redirect(to, { headers: [["Set-Cookie", sessionCookie(result.token, sessions)], noStore] });
  }
  // Password right, two-factor on: on to the code step, holding the challenge in its cookie.
  if (result.status === "two-factor")
    throw redirect(codeStepUrl(redirectTo), {
      headers: [["Set-Cookie", challengeCookie(result.challengeToken, sessions)], noStore],
    });
  const status = { invalid: 400, denied: 401, "rate-limited": 429, closed: 403, expired: 401 }[result.status];
  return data(
    {
      intent,
      username: input.username,
      message: result.message,
      fieldErrors: result.status === "invalid" ? result.fieldErrors : {},
    },
    { status, headers: adminHeaders() },
  );
}

/** One of the Login/Register tabs: a link to the tab's own URL that switches in place with JavaScript. */
function TabLink({
  name,
  label,
  linkRef,
  current,
  tabsId,
  onSelect,
  onKeyDown,
}: {
  name: Tab;
  label: string;
  linkRef: React.RefObject<HTMLAnchorElement | null>;
  current: Tab;
  tabsId: string;
  onSelect: (tab: Tab) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const selected = current === name;
  return (
    <a
      ref={linkRef}
      id={`${tabsId}-${name}-tab`}
      href={`?tab=${name}`}
      role="tab"
      aria-selected={selected}
      aria-controls={`${tabsId}-${name}-panel`}
      tabIndex={selected ? 0 : -1}
      onClick={(e) => {
        e.preventDefault();
        onSelect(name);
      }}
      onKeyDown={onKeyDown}
      className={`flex-1 rounded-md px-4 py-2.5 text-center font-semibold ${selected ? "bg-white text-navy-900 shadow" : "text-slate-brand hover:text-navy-900"}`}
    >
      {label}
    </a>
  );
}

const FEATURES = [
  { title: "Pages", text: "Edit page titles, descriptions and the text search engines show." },
  { title: "Project showcases", text: "Add finished jobs to the gallery with photos and categories." },
  { title: "Testimonials", text: "Publish what clients say, with star ratings." },
  { title: "Contact submissions", text: "Read every enquiry from the website and reply by e-mail." },
  { title: "FAQs", text: "Keep answers to common questions up to date." },
];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const [tab, setTab] = useState<Tab>(
    actionData?.intent === "register" || actionData?.intent === "login" ? actionData.intent : loaderData.tab,
  );
  const tabsId = useId();
  const business = useBusiness();
  const loginTab = useRef<HTMLAnchorElement>(null);
  const registerTab = useRef<HTMLAnchorElement>(null);

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight" && event.key !== "Home" && event.key !== "End") return;
    event.preventDefault();
    const next: Tab =
      event.key === "Home" ? "login" : event.key === "End" ? "register" : tab === "login" ? "register" : "login";
    setTab(next);
    (next === "login" ? loginTab : registerTab).current?.focus();
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-paper px-4 py-10">
      <div className="grid w-full max-w-5xl overflow-hidden rounded-2xl bg-white shadow-xl ring-1 ring-navy-900/10 lg:grid-cols-2">
        <section className="p-6 sm:p-10" aria-labelledby="signin-heading">
          <h1 id="signin-heading" className="text-2xl font-bold sm:text-3xl">
            {adminTitle(business.name)}
          </h1>
          {loaderData.step === "two-factor" ? (
            <CodeStep
              key={loaderData.method}
              method={loaderData.method}
              redirectTo={loaderData.redirectTo}
              server={actionData?.intent === "two-factor" ? actionData : undefined}
            />
          ) : (
            <>
              <p className="mt-2 text-slate-brand">Sign in to manage the website and read enquiries.</p>
              <div role="tablist" aria-label="Sign in or register" className="mt-8 flex gap-1 rounded-lg bg-mist p-1">
                <TabLink
                  name="login"
                  label="Login"
                  linkRef={loginTab}
                  current={tab}
                  tabsId={tabsId}
                  onSelect={setTab}
                  onKeyDown={onTabKey}
                />
                <TabLink
                  name="register"
                  label="Register"
                  linkRef={registerTab}
                  current={tab}
                  tabsId={tabsId}
                  onSelect={setTab}
                  onKeyDown={onTabKey}
                />
              </div>
              <div
                id={`${tabsId}-login-panel`}
                role="tabpanel"
                aria-labelledby={`${tabsId}-login-tab`}
                hidden={tab !== "login"}
                className="mt-6"
              >
                <AuthForm
                  intent="login"
                  redirectTo={loaderData.redirectTo}
                  notice={loaderData.notice}
                  server={actionData?.intent === "login" ? actionData : undefined}
                />
              </div>
              <div
                id={`${tabsId}-register-panel`}
                role="tabpanel"
                aria-labelledby={`${tabsId}-register-tab`}
                hidden={tab !== "register"}
                className="mt-6"
              >
                <p className="rounded-md bg-paper p-3 text-sm text-slate-brand">
                  Registration is only enabled for the first admin user or in development mode.
                </p>
                {loaderData.registrationOpen ? (
                  <div className="mt-5">
                    <AuthForm
                      intent="register"
                      redirectTo="/admin"
                      server={actionData?.intent === "register" ? actionData : undefined}
                    />
                  </div>
                ) : (
                  <p className="mt-5 font-medium">
                    This site already has an admin, so new accounts can't be created here. Ask an existing admin to add
                    your account.
                  </p>
                )}
              </div>
            </>
          )}
        </section>
        <aside className="bg-navy-900 p-6 text-white sm:p-10" aria-labelledby="features-heading">
          <h2 id="features-heading" className="text-xl font-semibold">
            Everything on the website, in one place
          </h2>
          <ul className="mt-6 space-y-5">
            {FEATURES.map((f) => (
              <li key={f.title} className="flex gap-3">
                <span aria-hidden="true" className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-amber-brand" />
                <span>
                  <span className="block font-semibold">{f.title}</span>
                  <span className="text-white/80">{f.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </main>
  );
}

type ServerAnswer = { username: string; message: string; fieldErrors: AuthFieldErrors };

function AuthForm({
  intent,
  redirectTo,
  server,
  notice,
}: {
  intent: Tab;
  redirectTo: string;
  server?: ServerAnswer;
  notice?: string | null;
}) {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<AuthFieldErrors>(server?.fieldErrors ?? {});
  const [pending, setPending] = useState(false);
  const isLogin = intent === "login";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = new FormData(event.currentTarget);
    const input = { username: formText(form, "username"), password: formText(form, "password") };
    const parsed = (isLogin ? LoginSchema : RegisterSchema).safeParse(input);
    if (!parsed.success) {
      const found = authFieldErrors(parsed.error);
      setErrors(found);
      event.currentTarget
        .querySelector<HTMLInputElement>(`[name="${found.username ? "username" : "password"}"]`)
        ?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const res = await fetch(`/api/auth/${intent}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(input),
      });
      const body = (await res.json().catch(() => null)) as {
        username?: string;
        message?: string;
        fieldErrors?: AuthFieldErrors;
        twoFactorRequired?: boolean;
      } | null;
      if (res.ok && body?.twoFactorRequired) {
        // Password accepted; the challenge cookie is set. The code step takes it from here.
        void navigate(codeStepUrl(redirectTo));
        return;
      }
      if (res.ok && body?.username) {
        toast(
          isLogin
            ? { title: "Login successful", description: `Welcome back, ${body.username}!` }
            : { title: "Registration successful", description: `Welcome, ${body.username}!` },
        );
        void navigate(redirectTo, { replace: true });
        return;
      }
      if (body?.fieldErrors) setErrors(body.fieldErrors);
      toast({
        variant: "destructive",
        title: isLogin ? "Login failed" : "Registration failed",
        description: body?.message ?? (isLogin ? INVALID_CREDENTIALS : "Could not create account"),
      });
    } catch {
      toast({
        variant: "destructive",
        title: isLogin ? "Login failed" : "Registration failed",
        description: isLogin ? INVALID_CREDENTIALS : "Could not create account",
      });
    } finally {
      setPending(false);
    }
  }

  const input =
    "mt-1.5 block w-full rounded-md border px-3.5 py-2.5 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand";
  return (
    <form
      method="post"
      action={isLogin ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "?tab=register"}
      noValidate
      onSubmit={onSubmit}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {server?.message && !Object.keys(server.fieldErrors).length ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
          {server.message}
        </p>
      ) : (
        notice && (
          <p role="status" className="rounded-md bg-amber-50 p-3 font-medium text-navy-900 ring-1 ring-amber-200">
            {notice}
          </p>
        )
      )}
      <div>
        <label htmlFor={`${id}-username`} className="font-medium">
          Username
        </label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          defaultValue={server?.username}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
          className={`${input} ${errors.username ? "border-red-700" : "border-slate-brand/40"}`}
        />
        {errors.username && (
          <p id={`${id}-username-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.username}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-password`} className="font-medium">
          Password
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={isLogin ? "current-password" : "new-password"}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          className={`${input} ${errors.password ? "border-red-700" : "border-slate-brand/40"}`}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.password}
          </p>
        )}
      </div>
      <button type="submit" disabled={pending} className="btn-dark w-full">
        {isLogin ? (pending ? "Logging in..." : "Login") : pending ? "Creating Account..." : "Create Account"}
      </button>
    </form>
  );
}

const fieldClass =
  "mt-1.5 block w-full rounded-md border px-3.5 py-2.5 focus:border-navy-700 focus:outline-none focus:ring-2 focus:ring-amber-brand";

/**
 * The sign-in's second step. With JavaScript it posts JSON to /api/auth/login/two-factor; without,
 * the same form posts to this route's action. Either way the challenge travels in its cookie.
 */
function CodeStep({ method, redirectTo, server }: { method: CodeMethod; redirectTo: string; server?: ServerAnswer }) {
  const id = useId();
  const business = useBusiness();
  const toast = useToast();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>(server?.fieldErrors.code);
  const [formMessage, setFormMessage] = useState<string | undefined>(
    server && !server.fieldErrors.code ? server.message : undefined,
  );
  const [pending, setPending] = useState(false);
  const app = method === "app";

  // Focus the field on arrival (autoFocus covers the server-rendered page) and after every error.
  useEffect(() => {
    input.current?.focus();
  }, [error, formMessage]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const code = input.current?.value.trim() ?? "";
    const local = !code
      ? app
        ? TWO_FACTOR_MESSAGES.codeRequired
        : TWO_FACTOR_MESSAGES.recoveryRequired
      : app && !/^\d{6}$/.test(code.replace(/\s+/g, ""))
        ? "The code is 6 digits: enter the numbers your app shows now"
        : undefined;
    if (local) {
      setFormMessage(undefined);
      setError(local);
      input.current?.focus();
      return;
    }
    setPending(true);
    try {
      const res = await fetch("/api/auth/login/two-factor", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ code }),
      });
      const body = (await res.json().catch(() => null)) as {
        username?: string;
        message?: string;
        fieldErrors?: AuthFieldErrors;
        restart?: boolean;
      } | null;
      if (res.ok && body?.username) {
        toast({ title: "Login successful", description: `Welcome back, ${body.username}!` });
        void navigate(redirectTo, { replace: true });
        return;
      }
      if (body?.restart) {
        toast({
          variant: "destructive",
          title: "Login failed",
          description: body.message ?? TWO_FACTOR_MESSAGES.expired,
        });
        void navigate(restartUrl(redirectTo), { replace: true });
        return;
      }
      if (input.current) input.current.value = "";
      if (body?.fieldErrors?.code) {
        setFormMessage(undefined);
        setError(body.fieldErrors.code);
      } else {
        setError(undefined);
        setFormMessage(body?.message ?? TWO_FACTOR_MESSAGES.wrongCode);
      }
      // No toast here: the message sits by the field, which takes focus, and a toast would cover the links on a phone.
    } catch {
      setFormMessage("Could not reach the server. Please try again.");
    } finally {
      setPending(false);
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div className="mt-6">
      <h2 className="text-xl font-semibold">Two-factor sign-in</h2>
      <p className="mt-2 text-slate-brand">Your password was right. One more step to show it's you.</p>
      <form
        method="post"
        action={codeStepUrl(redirectTo, method)}
        noValidate
        onSubmit={onSubmit}
        className="mt-6 space-y-4"
      >
        <input type="hidden" name="intent" value="two-factor" />
        {formMessage && (
          <p role="alert" className="rounded-md bg-red-50 p-3 font-medium text-red-800 ring-1 ring-red-200">
            {formMessage}
          </p>
        )}
        <div>
          <label htmlFor={`${id}-code`} className="font-medium">
            {app ? "Enter the 6-digit code from your authenticator app" : "Enter one of your recovery codes"}
          </label>
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-brand">
            {app
              ? `Open the app you set up for ${business.name}; the code changes every 30 seconds.`
              : "One of the codes you saved when you set up two-factor sign-in, like k7m2p-x9qra. Each works only once."}
          </p>
          <input
            ref={input}
            id={`${id}-code`}
            name="code"
            // The code step is a page of its own whose one job is this field.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            autoComplete={app ? "one-time-code" : "off"}
            inputMode={app ? "numeric" : "text"}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={app ? 7 : 64}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`${fieldClass} font-mono text-lg tracking-widest ${error ? "border-red-700" : "border-slate-brand/40"}`}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
        </div>
        <button type="submit" disabled={pending} className="btn-dark w-full">
          {pending ? "Checking..." : "Verify and sign in"}
        </button>
      </form>
      <ul className="mt-5 space-y-1 text-sm">
        <li>
          <Link
            to={codeStepUrl(redirectTo, app ? "recovery" : "app")}
            replace
            className="inline-block py-1.5 font-medium text-navy-900 underline underline-offset-2"
          >
            {app ? "Use a recovery code instead" : "Use a code from the authenticator app instead"}
          </Link>
        </li>
        <li>
          <Link
            to={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`}
            className="inline-block py-1.5 font-medium text-navy-900 underline underline-offset-2"
          >
            Start again with your username and password
          </Link>
        </li>
      </ul>
    </div>
  );
}
