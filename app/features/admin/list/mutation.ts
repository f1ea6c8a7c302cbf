import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { useFieldErrors } from "~/components/ui/form";
import { useToast, type ToastInput } from "~/components/ui/toast";
import { hasFieldErrors } from "~/forms/field-errors";
import { ApiError, apiRequest, type ApiMethod } from "~/api/api-client";

// Every admin write goes through here: the request to the JSON API (spec section 7), the toast for
// the outcome, fresh loader data afterwards, and the answer's field errors for the form. Pages read
// their data in their loaders, so a revalidation is all it takes to show the change.

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: ApiError };

export type MutationOptions<T> = {
  /** The toast once it worked. */
  success?: ToastInput | ((data: T) => ToastInput);
  /** The title of the destructive toast when it failed (its text: the error's message). None if left out. */
  failure?: string;
  /**
   * The failure toast also when the answer has field errors (they are shown by the fields either
   * way). Off by default: the messages by the fields say it already.
   */
  toastFieldErrors?: boolean;
  /** Reload the page's loader data after it worked (default true). */
  revalidate?: boolean;
};

/** Sends admin writes; `pending` while one is under way, the last answer's field errors for the form. */
export function useMutation<F extends string = string>() {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  /** A failure with no field to show it by (for forms that show it themselves rather than in a toast). */
  const [formError, setFormError] = useState<string | null>(null);
  const fields = useFieldErrors<F>();
  const { show: showFieldErrors } = fields;

  const mutate = useCallback(
    async <T = unknown>(
      method: Exclude<ApiMethod, "GET">,
      url: string,
      body: unknown,
      options: MutationOptions<T> = {},
    ): Promise<MutationOutcome<T>> => {
      setPending(true);
      setFormError(null);
      try {
        const data = await apiRequest<T>(method, url, body);
        setPending(false);
        showFieldErrors({});
        const success = typeof options.success === "function" ? options.success(data) : options.success;
        if (success) toast(success);
        if (options.revalidate !== false) void revalidate();
        return { ok: true, data };
      } catch (caught) {
        setPending(false);
        const error = caught instanceof ApiError ? caught : new ApiError(0, "Something went wrong. Please try again.");
        const withFields = hasFieldErrors(error.fieldErrors);
        showFieldErrors(error.fieldErrors);
        // The server's sentence on its own: staff read words, not HTTP status codes.
        if (!withFields) setFormError(error.detail);
        if (options.failure && (!withFields || options.toastFieldErrors))
          toast({ variant: "destructive", title: options.failure, description: error.detail });
        return { ok: false, error };
      }
    },
    [revalidate, showFieldErrors, toast],
  );

  return {
    mutate,
    pending,
    formError,
    fieldErrors: fields.errors,
    showFieldErrors,
    clearFieldError: fields.clear,
    /** Put on the form: a failed submit moves focus to its first field with an error. */
    formRef: fields.formRef,
  };
}
