import { z } from "zod";
import { GENDERS } from "~/lib/db/value-lists";
import { passwordShapeProblem, type PasswordAudience } from "./password-rules";

export const REQUIRED_FIELDS = "Please fill out all required fields.";

const email = z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(254).pipe(z.email("Please enter a valid email address."));

export const loginSchema = z.object({
  email,
  password: z.string({ error: REQUIRED_FIELDS }).min(1, REQUIRED_FIELDS).max(128),
});

/**
 * A new password: required, then the shape of the password rule for its audience (the browser
 * checks this much; the server also refuses common passwords, password-check.server.ts).
 */
export function newPasswordField(audience: PasswordAudience) {
  return z
    .string({ error: REQUIRED_FIELDS })
    .min(1, REQUIRED_FIELDS)
    .superRefine((password, ctx) => {
      const problem = password && passwordShapeProblem(password, audience);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
}

/** Signup. There is no role here: whatever a browser sends as a role is dropped. */
export const signupSchema = z.object({
  email,
  password: newPasswordField("customer"),
  firstName: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(100),
  lastName: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(100),
  gender: z.enum(GENDERS, REQUIRED_FIELDS),
  numberCode: z
    .string()
    .trim()
    .regex(/^\+\d{1,4}$/, "Please enter a country code such as +92.")
    .default("+92")
    .catch("+92"),
  number: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9\s-]*$/, "Please enter a phone number with digits only.")
    .default(""),
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
    token: z.string().max(200).catch(""),
    password: newPasswordField(audience),
  });
}
