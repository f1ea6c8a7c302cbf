import { Fragment } from "react";

/**
 * An e-mail address that may wrap only after its "@" and before a dot, never inside a word (so
 * "brennan-lowe" is never split into "brenn" and "an-lowe" on a phone).
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span className="break-normal">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A phone number on one line: "+353 1 555 0100" is read as one thing. */
export function PhoneNumber({ phone }: { phone: string }) {
  return <span className="whitespace-nowrap">{phone}</span>;
}
