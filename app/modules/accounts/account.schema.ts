import * as z from "zod/mini";
import { GENDERS } from "~/lib/db/value-lists";
import { passwordShapeProblem, type PasswordAudience } from "./password-rules";

export const REQUIRED_FIELDS = "Please fill out all required fields.";

const email = z.pipe(
  z.string({ error: REQUIRED_FIELDS }).check(z.trim(), z.minLength(1, REQUIRED_FIELDS), z.maxLength(254)),
  z.email("Please enter a valid email address."),
);

export const loginSchema = z.object({
  email,
  password: z.string({ error: REQUIRED_FIELDS }).check(z.minLength(1, REQUIRED_FIELDS), z.maxLength(128)),
});

/**
 * A new password: required, then the shape of the password rule for its audience (the browser
 * checks this much; the server also refuses common passwords, password-check.server.ts).
 */
export function newPasswordField(audience: PasswordAudience) {
  return z.string({ error: REQUIRED_FIELDS }).check(
    z.minLength(1, REQUIRED_FIELDS),
    z.superRefine((password, ctx) => {
      const problem = password && passwordShapeProblem(password, audience);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  );
}

/** Signup. There is no role here: whatever a browser sends as a role is dropped. */
export const signupSchema = z.object({
  email,
  password: newPasswordField("customer"),
  firstName: z.string({ error: REQUIRED_FIELDS }).check(z.trim(), z.minLength(1, REQUIRED_FIELDS), z.maxLength(100)),
  lastName: z.string({ error: REQUIRED_FIELDS }).check(z.trim(), z.minLength(1, REQUIRED_FIELDS), z.maxLength(100)),
  gender: z.enum(GENDERS, REQUIRED_FIELDS),
  numberCode: z.catch(z._default(z.string().check(z.trim(), z.regex(/^\+\d{1,4}$/, "Please enter a country code such as +92.")), "+92"), "+92"),
  number: z._default(z.string().check(z.trim(), z.maxLength(20), z.regex(/^[0-9\s-]*$/, "Please enter a phone number with digits only.")), ""),
});

export type SignupInput = z.infer<typeof signupSchema>;

/** Asking for a link to set a new password. */
export const forgotPasswordSchema = z.object({ email });

/**
 * Setting a password with a link: the token as it came (a missing or odd one is simply not a valid
 * link) and a new password held to the rule of the account's audience.
 */
export function setPasswordSchema(audience: PasswordAudience) {
  return z.object({
    token: z.catch(z.string().check(z.maxLength(200)), ""),
    password: newPasswordField(audience),
  });
}
