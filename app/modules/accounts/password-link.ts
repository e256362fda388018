import { BRAND } from "~/lib/brand";

/**
 * Links that set a password (docs/decisions/0029): one kind of link, sent either because someone
 * forgot a password ("reset") or because the shop made an account for someone ("invitation").
 * Pure: the kinds, how long each link works, the page it opens and the texts of its mail and pages.
 */
export type PasswordLinkKind = "reset" | "invitation";

const HOUR = 60 * 60_000;

/** How long a link works: a reset for 1 hour, an invitation for 7 days (it waits on a person who did not ask for it). */
export const PASSWORD_LINK_VALIDITY_MS: Record<PasswordLinkKind, number> = { reset: HOUR, invitation: 7 * 24 * HOUR };

/** How a link's row in the `verification` table is told from better-auth's own: its identifier starts so. */
export const PASSWORD_LINK_IDENTIFIER_PREFIX = "password-link:";

/** The page a link opens and the page where one asks for a new link. */
const SET_PASSWORD_PATH = "/reset-password";
export const FORGOT_PASSWORD_PATH = "/forgot-password";

/** The answer to every request for a link, whether or not the address has an account. */
export const LINK_REQUESTED = "If an account exists for that email, we have sent it a link to set a new password. The link works once, for 1 hour.";
export const LINK_NOT_VALID = "This link is not valid or has already been used. Please ask for a new one.";
export const LINK_EXPIRED = "This link has expired. Please ask for a new one.";
export const PASSWORD_SET = "Your password has been set. Please log in with your new password.";

/** The link in a mail: the shop's address (no trailing slash), the page, the token. */
export function passwordLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

/** The subject and plain text of a link's mail. */
export function passwordLinkMail(kind: PasswordLinkKind, baseUrl: string, token: string): { subject: string; text: string } {
  const link = passwordLinkUrl(baseUrl, token);
  const again = `${baseUrl.replace(/\/+$/, "")}${FORGOT_PASSWORD_PATH}`;
  if (kind === "invitation") {
    return {
      subject: `Set your password for ${BRAND.fullName}`,
      text: [
        "Hello,",
        "",
        `An account at ${BRAND.fullName} has been made for you. Set your password here:`,
        "",
        link,
        "",
        `The link works once, for 7 days. When it has expired, ask for a new one at ${again}`,
        "",
        BRAND.fullName,
        "",
      ].join("\n"),
    };
  }
  return {
    subject: `Reset your ${BRAND.fullName} password`,
    text: [
      "Hello,",
      "",
      `Someone, we hope you, asked to reset the password of your ${BRAND.fullName} account. Set a new password here:`,
      "",
      link,
      "",
      "The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
      "",
      BRAND.fullName,
      "",
    ].join("\n"),
  };
}
