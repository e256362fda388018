import * as z from "zod/mini";
import { emailField } from "~/lib/email-address";
import { formProblemsOf, type CheckOptions } from "~/lib/form-errors";
import { contactSubjects } from "./contact-subjects";

export const REQUIRED_MESSAGE = "Please fill in all required fields.";
export const EMAIL_MESSAGE = "Please enter a valid email address.";

/** The contact form, checked the same way in the browser and on the server. */
export const contactSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(200, "Please keep your name under 200 characters.")),
  email: emailField({ required: REQUIRED_MESSAGE, invalid: EMAIL_MESSAGE }),
  phone: z._default(z.string().check(z.trim(), z.maxLength(40, "Please keep the phone number under 40 characters.")), ""),
  subject: z.catch(z.enum(contactSubjects.map((s) => s.value) as [string, ...string[]]), "other"),
  message: z.string().check(z.trim(), z.minLength(1, REQUIRED_MESSAGE), z.maxLength(5000, "Please keep your message under 5,000 characters.")),
});

export type ContactInput = z.infer<typeof contactSchema>;

/**
 * Which message a rejected contact form shows at the top: a missing required field comes first
 * ('Please fill in all required fields.'), then the e-mail format, then any length limit.
 */
export const CONTACT_CHECK: CheckOptions = { lead: [REQUIRED_MESSAGE, EMAIL_MESSAGE] };

export function contactErrorMessage(error: z.core.$ZodError): string {
  return formProblemsOf(error, CONTACT_CHECK).error;
}
