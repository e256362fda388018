import type { ReactNode } from "react";

const FAQ: { question: string; answer: ReactNode }[] = [
  {
    question: "Do you deliver across Pakistan?",
    answer: "Yes. Delivery is free to every city and town in Pakistan and usually takes 3-5 business days from the day your order is confirmed.",
  },
  {
    question: "How can I pay?",
    answer: "We accept cash on delivery only: you pay the courier in cash when your parcel arrives. No card or bank details are needed to order.",
  },
  {
    question: "Do you ship outside Pakistan?",
    answer: "Not at the moment. We do not offer international shipping; we only deliver to addresses within Pakistan.",
  },
  {
    question: "What is your return policy?",
    answer:
      "Unused items in their original condition can be returned within 7 days of delivery. Custom orders are made to your request and are final, so they cannot be returned.",
  },
  {
    question: "Do you take wholesale or custom orders?",
    answer: (
      <>
        Yes. Use the form above and choose <strong>Wholesale</strong> or <strong>Custom Order</strong> as the subject. Tell us what you have in mind
        (the item, quantities, colours, initials or a logo, and your deadline) and we will reply within 24 hours with options and a quote.
      </>
    ),
  },
];

/** Common questions; plain <details> so they open without JavaScript. */
export function ContactFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto max-w-3xl px-4 pt-4">
      <h2 id="faq-heading" className="text-center font-serif text-3xl text-leather-800">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-leather-200 overflow-hidden rounded-2xl border border-leather-200 bg-white shadow-sm">
        {FAQ.map((item) => (
          <details key={item.question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-stone-900 hover:bg-leather-50 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span
                aria-hidden="true"
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-leather-100 text-leather-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <p className="px-5 pb-5 leading-7 text-stone-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
