import { TextField } from "~/components/ui/form-field";
import { FULL_NAME_MAX } from "./users-schema";

/**
 * A staff member's full name, as adding a user, the Users page's Name dialog and My Account ask it:
 * required, at most FULL_NAME_MAX characters (the server's rule, users-schema.ts).
 */
export function FullNameField({
  defaultValue,
  error,
  hint,
  own = false,
}: {
  defaultValue?: string;
  error?: string;
  hint?: string;
  /** The signed-in user's own name: the browser may fill it in. */
  own?: boolean;
}) {
  return (
    <TextField
      name="fullName"
      label="Full name"
      required
      autoComplete={own ? "name" : "off"}
      maxLength={FULL_NAME_MAX}
      defaultValue={defaultValue}
      error={error}
      hint={hint}
    />
  );
}
