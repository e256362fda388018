import { useEffect, useMemo, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import type { FieldErrors } from "~/lib/form-errors";
import { CONTACT_CHECK, contactSchema } from "~/modules/messages/contact.schema";
import { contactSubjects } from "~/modules/messages/contact-subjects";
import { FormAlert, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useFormCheck } from "~/components/ui/use-form-check";

export const CONTACT_SUCCESS = "Thank you for your message! We will get back to you within 24 hours.";
export const CONTACT_FAILURE = "Sorry, there was an error sending your message. Please try again.";

const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/**
 * What the /contact action answers; a rejected form carries back what the shopper typed. A form
 * refused for its values also carries each field's problem (`fieldErrors`, form-errors.ts).
 */
export type ContactResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fields: ContactField[]; values: ContactValues; fieldErrors?: FieldErrors; unanswered?: true };

/** The form's text values, missing ones as empty strings. */
export function contactValuesFrom(form: FormData): ContactValues {
  const value = (key: ContactField) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  return { name: value("name"), email: value("email"), phone: value("phone"), subject: value("subject"), message: value("message") };
}

/** The fields a rejected form should mark as invalid. */
export function invalidContactFields(fieldErrors: FieldErrors): ContactField[] {
  return CONTACT_FIELDS.filter((field) => fieldErrors[field] !== undefined);
}

/**
 * The contact form. Checked in the browser with the same schema as on the server, so the shopper
 * sees the same message without a round trip; without JavaScript it is a plain POST to /contact.
 */
export function ContactForm() {
  const result = useActionData<ContactResult>();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const sending = navigation.state === "submitting" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/contact") === true;

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  const serverError = result && !result.ok ? result : null;
  // A refusal that is not about a field (too many messages, no answer, the database) says it in `message` alone.
  const answer = useMemo(() => serverError && { error: serverError.message, fieldErrors: serverError.fieldErrors }, [serverError]);
  const check = useFormCheck(contactSchema, answer, CONTACT_CHECK);
  const error = sending ? null : check.error;
  const errorOf = (field: ContactField) => (sending ? undefined : check.errorOf(field));
  const values = serverError?.values;
  const success = !check.error && !sending && result?.ok ? result.message : null;

  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact#contact-result"
      noValidate
      // Named apart from its heading ("Send us a message"): a form named with a field's words would
      // answer to that field's label too.
      aria-label="Contact form"
      className="space-y-5 [&_[aria-invalid=true]]:border-red-600"
      onSubmit={(event) => {
        if (sending) event.preventDefault();
        else check.onSubmit(event);
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          name="name"
          label="Name"
          required
          autoComplete="name"
          defaultValue={values?.name ?? ""}
          error={errorOf("name")}
        />
        <TextField
          id="contact-email"
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          defaultValue={values?.email ?? ""}
          error={errorOf("email")}
        />
        <TextField
          id="contact-phone"
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="03XX XXXXXXX"
          defaultValue={values?.phone ?? ""}
          error={errorOf("phone")}
        />
        <SelectField id="contact-subject" name="subject" label="Subject" defaultValue={values?.subject ?? ""} error={errorOf("subject")}>
          <option value="">Select a subject</option>
          {contactSubjects.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField
        id="contact-message"
        name="message"
        label="Message"
        required
        rows={6}
        placeholder="How can we help?"
        defaultValue={values?.message ?? ""}
        error={errorOf("message")}
      />
      {/* Next to the button, so a shopper on a phone sees the outcome where they tapped. */}
      <div id="contact-result" className="scroll-mt-24 empty:hidden">
        {error ? (
          <FormAlert id="contact-form-message" message={error} />
        ) : success ? (
          <p role="status" className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
            {success}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-stone-600">
          <span className="text-red-700" aria-hidden="true">
            *
          </span>{" "}
          Required fields
        </p>
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-md bg-leather-700 px-6 py-3 font-semibold text-white hover:bg-leather-800 disabled:opacity-60 sm:w-auto"
        >
          {sending ? "Sending..." : "Send Message"}
        </button>
      </div>
    </Form>
  );
}
