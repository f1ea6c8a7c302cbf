import { useState } from "react";
import { data, Link, redirect } from "react-router";
import type { HydrationHandle } from "~/components/hydration";
import { Tabs } from "~/components/ui/tabs";
import { users } from "~/db/schema";
import { adminHeaders, adminMeta, adminTitle } from "./staff-page-headers";
import { useBusiness } from "~/root";
import { formText } from "~/forms/form-values";
import type { Route } from "./+types/login";
import { TWO_FACTOR_MESSAGES } from "./auth-fields";
import { codeStepUrl, restartUrl, type CodeMethod } from "./login-urls";
import { SignInForm } from "./sign-in-form";
import { CodeStep } from "./two-factor/code-step";
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
// Both steps and registration post as plain forms, so the page hydrates at the first interaction,
// as public pages do (app/features/site/hydrate-on-interaction.server.ts).
export const handle: HydrationHandle = { hydrate: "on-interaction" };

type Tab = "login" | "register";

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
  const noAccounts = (await database.db.$count(users)) === 0;
  const registrationOpen = env.NODE_ENV === "development" || noAccounts;
  // A new site has nobody to sign in as: it opens on Register, for the first account.
  const asked = url.searchParams.get("tab");
  const tab: Tab = asked === "register" || (asked !== "login" && noAccounts) ? "register" : "login";
  const method: CodeMethod = url.searchParams.get("method") === "recovery" ? "recovery" : "app";
  return data(
    {
      registrationOpen,
      noAccounts,
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
  const business = useBusiness();
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
              <Tabs
                label="Sign in or register"
                selected={tab}
                onSelect={setTab}
                tabs={[
                  {
                    id: "login",
                    label: "Login",
                    href: "?tab=login",
                    panel: (
                      <>
                        <SignInForm
                          intent="login"
                          redirectTo={loaderData.redirectTo}
                          notice={loaderData.notice}
                          server={actionData?.intent === "login" ? actionData : undefined}
                        />
                        <p className="mt-4 text-sm">
                          <Link
                            to="/admin/forgot-password"
                            className="font-semibold text-navy-700 underline underline-offset-2"
                          >
                            Forgot password?
                          </Link>
                        </p>
                      </>
                    ),
                  },
                  {
                    id: "register",
                    label: "Register",
                    href: "?tab=register",
                    panel: (
                      <>
                        {loaderData.noAccounts ? (
                          <p role="status" className="rounded-md bg-amber-50 p-3 font-medium ring-1 ring-amber-200">
                            This site has no accounts yet. Create the first one here: you&apos;ll use it to sign in,
                            edit the website and add everyone else.
                          </p>
                        ) : (
                          <p className="rounded-md bg-paper p-3 text-sm text-slate-brand">
                            Registration is only enabled for the first admin user or in development mode.
                          </p>
                        )}
                        {loaderData.registrationOpen ? (
                          <div className="mt-5">
                            <SignInForm
                              intent="register"
                              redirectTo="/admin"
                              server={actionData?.intent === "register" ? actionData : undefined}
                            />
                          </div>
                        ) : (
                          <p className="mt-5 font-medium">
                            This site already has an admin, so new accounts can't be created here. Ask an existing admin
                            to add your account.
                          </p>
                        )}
                      </>
                    ),
                  },
                ]}
              />
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
