import { Fragment } from "react";

/**
 * An e-mail address that may wrap only at its natural joints (before '@', after a '.'), never in the
 * middle of a word: 'ayesha.khan' / '@example.pk'.
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="[word-break:keep-all]">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
