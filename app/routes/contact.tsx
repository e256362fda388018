import { data } from "react-router";
import type { Route } from "./+types/contact";
import { isDomainError } from "~/lib/errors";
import { parseForm } from "~/lib/form-refusal.server";
import { logger } from "~/lib/logger.server";
import { publicUrlFrom, seo } from "~/lib/seo";
import { keepFormWhenUnanswered } from "~/lib/unanswered";
import { CONTACT_CHECK, contactSchema } from "~/modules/messages/contact.schema";
import { sendContactMessage } from "~/modules/messages/messages.server";
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactForm,
  contactValuesFrom,
  invalidContactFields,
  type ContactResult,
} from "~/components/storefront/contact-form";
import { ContactDetails } from "~/components/storefront/contact-details";
import { ContactFaq } from "~/components/storefront/contact-faq";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "Contact Us",
    description: "Questions about an order, a custom piece or wholesale? Write to Chamra Leather in Lahore: we reply within 24 hours, Mon-Sat 9-6.",
    path: "/contact",
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = contactValuesFrom(await request.formData());
  // The page has always read the refusal as `message` and `fields`; they stay beside `error` and `fieldErrors`.
  const parsed = parseForm(
    contactSchema,
    values,
    ({ error, fieldErrors }) => ({ ok: false as const, message: error, fields: invalidContactFields(fieldErrors), values }),
    CONTACT_CHECK,
  );
  if (!parsed.ok) return parsed.response;
  try {
    await sendContactMessage(context.db, parsed.value, context.clientAddress);
    return data<ContactResult>({ ok: true, message: CONTACT_SUCCESS });
  } catch (error) {
    if (isDomainError(error) && error.code === "TOO_MANY_REQUESTS") {
      return data<ContactResult>(
        { ok: false, message: error.message, fields: [], values },
        { status: 429, headers: { "Retry-After": String(Number(error.details?.retryAfter ?? 60)) } },
      );
    }
    logger.error({ err: error }, "contact message could not be saved");
    return data<ContactResult>({ ok: false, message: CONTACT_FAILURE, fields: [], values }, { status: 503 });
  }
}

/**
 * The message goes to the server's action. When no answer comes back (the phone lost its signal, a
 * server went away), the form keeps what was typed and says sending failed, so the shopper sends it
 * again rather than typing it again.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ContactResult> {
  const values = contactValuesFrom(await request.clone().formData());
  return keepFormWhenUnanswered(serverAction, { ok: false as const, message: CONTACT_FAILURE, fields: [], values });
}

export default function Contact() {
  return (
    <>
      <section className="bg-gradient-to-br from-leather-800 to-leather-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <p className="text-sm uppercase tracking-[0.2em] text-leather-200">We are here to help</p>
          <h1 className="mt-3 font-serif text-4xl font-semibold md:text-5xl">Contact Us</h1>
          <p className="mt-4 max-w-2xl text-lg text-leather-100">
            A question about an order, a size or a colour? Thinking of a custom piece or a wholesale order? Write to us and we will get back to you
            within 24 hours.
          </p>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:py-14 lg:grid-cols-3">
        <section className="rounded-2xl border border-leather-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-2">
          <h2 className="font-serif text-2xl text-leather-800">Send us a message</h2>
          <p className="mb-6 mt-1 text-stone-700">Fill in the form and our team will reply by e-mail.</p>
          <ContactForm />
        </section>
        <ContactDetails />
      </div>

      <ContactFaq />
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
