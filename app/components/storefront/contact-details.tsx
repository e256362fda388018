import type { ReactNode } from "react";
import { BRAND } from "~/lib/brand";

const SUPPORT_HOURS = "Mon-Sat 9-6 (9 AM to 6 PM)";

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-leather-100 text-leather-700" aria-hidden="true">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5">
        {children}
      </svg>
    </span>
  );
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      {icon}
      <div className="min-w-0">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-stone-600">{label}</h3>
        <div className="mt-0.5 break-words text-stone-900">{children}</div>
      </div>
    </li>
  );
}

/** The shop's e-mail, phone, workshop address and hours, and the reply promise. */
export function ContactDetails() {
  return (
    <div className="space-y-6">
      <section aria-labelledby="contact-details-heading" className="rounded-2xl border border-leather-200 bg-white p-6 shadow-sm">
        <h2 id="contact-details-heading" className="font-serif text-2xl text-leather-800">
          Get in touch
        </h2>
        <ul className="mt-5 space-y-5">
          <Row
            label="Email"
            icon={
              <Icon>
                <rect x="3" y="5" width="18" height="14" rx="2" />
                <path d="m3 7 9 6 9-6" />
              </Icon>
            }
          >
            <a href={`mailto:${BRAND.email}`} className="inline-block py-1 font-medium text-leather-700 underline-offset-2 hover:underline">
              {BRAND.email}
            </a>
          </Row>
          <Row
            label="Phone"
            icon={
              <Icon>
                <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
              </Icon>
            }
          >
            <a
              href={`tel:${BRAND.phone.replace(/\s+/g, "")}`}
              className="inline-block py-1 font-medium text-leather-700 underline-offset-2 hover:underline"
            >
              {BRAND.phone}
            </a>
          </Row>
          <Row
            label="Workshop"
            icon={
              <Icon>
                <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Z" />
                <circle cx="12" cy="10" r="2.5" />
              </Icon>
            }
          >
            <address className="not-italic">{BRAND.address}</address>
          </Row>
          <Row
            label="Hours"
            icon={
              <Icon>
                <circle cx="12" cy="12" r="9" />
                <path d="M12 7v5l3 2" />
              </Icon>
            }
          >
            <p>{SUPPORT_HOURS}</p>
            <p className="text-sm text-stone-600">Closed on Sundays and public holidays</p>
          </Row>
        </ul>
      </section>
      <section className="rounded-2xl border border-dashed border-leather-300 bg-leather-100/60 p-6">
        <h2 className="font-serif text-xl text-leather-800">We reply within 24 hours</h2>
        <p className="mt-2 text-sm leading-6 text-stone-700">
          Every message is read by someone in our Lahore workshop, not a bot. Write in English or Urdu; for an order, include your order number (it
          starts with ORD-) so we can help faster.
        </p>
        <p className="mt-3 text-sm leading-6 text-stone-700">
          <strong className="font-semibold text-stone-900">Returns:</strong> unused items within 7 days of delivery; custom orders are final.
        </p>
      </section>
    </div>
  );
}
