// The sign-in page's addresses: the password step, the code step for two-factor users, and the
// password step again after a code step that timed out.

export type CodeMethod = "app" | "recovery";

export const codeStepUrl = (redirectTo: string, method: CodeMethod = "app") =>
  `/admin/login?step=two-factor${method === "recovery" ? "&method=recovery" : ""}&redirectTo=${encodeURIComponent(redirectTo)}`;

export const restartUrl = (redirectTo: string) => `/admin/login?expired=1&redirectTo=${encodeURIComponent(redirectTo)}`;

/** What the route's action answers a form posted without JavaScript. */
export type SignInAnswer = {
  username: string;
  message: string;
  fieldErrors: Partial<Record<"username" | "password" | "code", string>>;
};
