import { BRAND } from "~/lib/brand";

/**
 * Signing up by mail (docs/decisions/0045): the signup form answers every e-mail alike and the
 * account is made when the link mailed to the address is used, so the form never tells whether an
 * address has an account. Pure: the link's life, its page, and the texts of the page and mails.
 */

/** How long a signup link works: a day, for a mail read later on a phone. */
export const SIGNUP_LINK_VALIDITY_MS = 24 * 60 * 60_000;

/** How a signup link's row in the `verification` table is told from the others. */
export const SIGNUP_LINK_IDENTIFIER_PREFIX = "signup-link:";

/** The page a signup link opens. */
export const CONFIRM_SIGNUP_PATH = "/signup/confirm";

/** The answer to every signup that passes the form's checks, whether or not the address has an account. */
export function signupMailSent(email: string): string {
  return `Check your email: we have sent a message to ${email} to finish signing up. Its link works once, for 24 hours.`;
}

/** The spec's success text, shown on /login once the link has made the account. */
export const SIGNUP_DONE = "Signup successful! Profile created.";

export const SIGNUP_LINK_NOT_VALID = "This link is not valid or has already been used. Please sign up again.";
export const SIGNUP_LINK_EXPIRED = "This link has expired. Please sign up again.";

/** The mail to an address without an account: the link that makes it. */
export function signupLinkMail(baseUrl: string, token: string, firstName: string): { subject: string; text: string } {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    subject: `Finish signing up at ${BRAND.fullName}`,
    text: [
      `Hello ${firstName},`,
      "",
      `Someone, we hope you, signed up at ${BRAND.fullName} with this email address. Finish signing up here:`,
      "",
      `${base}${CONFIRM_SIGNUP_PATH}?token=${encodeURIComponent(token)}`,
      "",
      "The link works once, for 24 hours. If you did not sign up, ignore this email: no account is made.",
      "",
      BRAND.fullName,
      "",
    ].join("\n"),
  };
}

/** The mail to an address that already has an account: nothing was made or changed; how to get in. */
export function signupTakenMail(baseUrl: string): { subject: string; text: string } {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    subject: `Signing up at ${BRAND.fullName}`,
    text: [
      "Hello,",
      "",
      `Someone, perhaps you, tried to sign up at ${BRAND.fullName} with this email address. It already has an account, so nothing was made or changed.`,
      "",
      `Log in here: ${base}/login`,
      `Forgot your password? Ask for a link to set a new one: ${base}/forgot-password`,
      "",
      "If it was not you, ignore this email: your account stays as it is.",
      "",
      BRAND.fullName,
      "",
    ].join("\n"),
  };
}
