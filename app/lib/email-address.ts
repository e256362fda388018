import * as z from "zod/mini";

/**
 * The one e-mail address rule of the shop, in the browser and on the server: a practical, strict
 * subset of what mail standards allow, so that an accepted address is only ever a mailbox and can
 * never carry markup, a second address or a mail header.
 *
 * - local part: letters, digits and ! # $ % & ' * + / = ? ^ _ ` { | } ~ -, with dots between them
 *   (not first, not last, never two together); at most 64 characters; no quoted forms
 * - domain: at least two labels of letters, digits and hyphens (not first or last in a label,
 *   at most 63 characters each), the last one letters only (2 or more); no address literals
 * - at most 254 characters in all
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^[A-Za-z]{2,63}$/;

const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1])
  );
}

/**
 * A required e-mail field for a form's schema: trimmed, `required` when blank, `invalid` when it
 * breaks the rule above.
 */
export function emailField(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .check(z.trim(), z.minLength(1, { message: messages.required, abort: true }), z.refine(isEmailAddress, messages.invalid));
}
