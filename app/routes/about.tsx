import { NavigateButton } from "~/components/ui/navigate-button";
import type { Route } from "./+types/about";
import { publicUrlFrom, seo } from "~/lib/seo";
import { BRAND } from "~/lib/brand";
import { RouteError } from "~/components/ui/route-error";

export function meta({ matches }: Route.MetaArgs) {
  return seo(publicUrlFrom(matches), {
    title: "About Us",
    description:
      "Chamra Leather is a Lahore workshop where 40 artisans cut and hand-stitch full-grain leather wallets, bags, belts and shoes. Our story, mission and values.",
    path: "/about",
  });
}

const HIGHLIGHTS = [
  {
    title: "Full-grain leather",
    text: "We buy whole hides from tanneries in Kasur and Sialkot and keep the strongest, most natural layer of the skin, so every piece ages into a richer colour.",
  },
  {
    title: "Stitched by hand",
    text: "Edges are saddle-stitched with waxed thread, two needles at a time. If one stitch ever breaks, the seam still holds.",
  },
  {
    title: "Free delivery, cash on delivery",
    text: "We deliver free to every city in Pakistan within 3-5 business days, and you pay in cash only when your parcel arrives.",
  },
  {
    title: "7-day returns",
    text: "Not quite right? Send back any unused item within 7 days of delivery. Only custom orders, made just for you, are final.",
  },
];

const STATS = [
  { value: "Since 2012", label: "cutting and stitching in Lahore" },
  { value: "25,000+", label: "customers across Pakistan" },
  { value: "40", label: "artisans in our workshop" },
  { value: "4.8", label: "average rating from our customers" },
];

const VALUES = [
  {
    title: "Craft before speed",
    text: "We would rather make fewer pieces and make them properly. Nothing leaves the workshop until the person who finished it would carry it themselves.",
  },
  {
    title: "Fair to the hands that make it",
    text: "Our artisans are paid fairly and on time, work regular hours in a safe, well-lit workshop, and train the apprentices who will carry the craft forward.",
  },
  {
    title: "Made to last, not to replace",
    text: "A good wallet should outlive its owner's phone several times over. We use leather that is a by-product of the meat trade, and turn offcuts into keyrings and card sleeves.",
  },
];

export default function About() {
  return (
    <>
      <section className="bg-gradient-to-br from-leather-800 to-leather-900 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-5 md:py-20">
          <div className="md:col-span-3">
            <p className="text-sm uppercase tracking-[0.2em] text-leather-200">About {BRAND.fullName}</p>
            <h1 className="mt-3 font-serif text-4xl font-semibold leading-tight md:text-6xl">Made by hand in Lahore</h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-leather-100">
              <em>Chamra</em> is the Urdu word for leather. It is also the name of our workshop in Gulberg, Lahore, where cutters, stitchers and
              finishers turn full-grain hides into wallets, bags, belts and shoes meant to be used every day, for years.
            </p>
          </div>
          <figure className="rounded-2xl border-2 border-dashed border-leather-300/60 p-6 md:col-span-2">
            <blockquote className="font-serif text-xl leading-8 text-leather-50 md:text-2xl md:leading-9">
              “My grandfather made saddles in the old city. I learnt from him that a stitch is a promise: it has to hold.”
            </blockquote>
            <figcaption className="mt-4 text-sm text-leather-200">Our founder, who still works at the bench every day</figcaption>
          </figure>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4">
        <section aria-labelledby="story-heading" className="grid gap-4 py-14 md:grid-cols-2 md:gap-14 md:py-20">
          <div>
            <p className="text-sm uppercase tracking-widest text-leather-600">Where we began</p>
            <h2 id="story-heading" className="mt-2 font-serif text-3xl text-leather-800 md:text-4xl">
              Our Story
            </h2>
          </div>
          <div className="space-y-4 text-lg leading-8 text-stone-700">
            <p>
              Chamra began in 2012 with one workbench in a rented room off Ferozepur Road. Our founder had grown up watching his grandfather work
              leather by hand, and wanted to make the kind of wallet his father had carried for twenty years, at a price people in Pakistan could
              actually pay.
            </p>
            <p>
              The first wallets were sold to friends, then to friends of friends. Today the workshop is home to forty artisans, many of them trained
              here, and our pieces travel from Lahore to every corner of the country. The bench has grown; the way we work has not. Every piece is
              still cut, stitched, edged and finished by hand.
            </p>
          </div>
        </section>

        <section aria-labelledby="mission-heading" className="rounded-3xl bg-leather-100 px-6 py-10 text-center md:px-16 md:py-14">
          <p className="text-sm uppercase tracking-widest text-leather-600">Why we do it</p>
          <h2 id="mission-heading" className="mt-2 font-serif text-3xl text-leather-800 md:text-4xl">
            Our Mission
          </h2>
          <p className="mx-auto mt-5 max-w-3xl font-serif text-xl leading-9 text-stone-800 md:text-2xl md:leading-10">
            To make honest leather goods that last a lifetime, sell them at a fair price to every home in Pakistan, and keep the craft of
            hand-stitching alive by giving the artisans who practise it steady, respected work.
          </p>
        </section>

        <section aria-labelledby="highlights-heading" className="py-14 md:py-20">
          <h2 id="highlights-heading" className="text-center font-serif text-3xl text-leather-800 md:text-4xl">
            What makes a Chamra piece
          </h2>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {HIGHLIGHTS.map((h, i) => (
              <li key={h.title} className="rounded-2xl border border-leather-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="font-serif text-3xl text-leather-500">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-stone-900">{h.title}</h3>
                <p className="mt-2 leading-7 text-stone-700">{h.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="stats-heading" className="bg-leather-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <h2 id="stats-heading" className="sr-only">
            Chamra in numbers
          </h2>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-10 text-center lg:grid-cols-4">
            {STATS.map((s) => (
              <div key={s.value} className="flex flex-col-reverse">
                <dt className="mt-2 text-sm text-leather-200 md:text-base">{s.label}</dt>
                <dd className="font-serif text-3xl font-semibold text-white md:text-5xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4">
        <section aria-labelledby="values-heading" className="py-14 md:py-20">
          <p className="text-center text-sm uppercase tracking-widest text-leather-600">What we stand for</p>
          <h2 id="values-heading" className="mt-2 text-center font-serif text-3xl text-leather-800 md:text-4xl">
            Our Values
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {VALUES.map((v) => (
              <li key={v.title} className="border-t-4 border-leather-600 bg-white p-6 shadow-sm">
                <h3 className="font-serif text-xl text-leather-800">{v.title}</h3>
                <p className="mt-3 leading-7 text-stone-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="cta-heading"
          className="rounded-3xl border-2 border-dashed border-leather-300 bg-white px-6 py-12 text-center md:py-16"
        >
          <h2 id="cta-heading" className="font-serif text-3xl text-leather-800 md:text-4xl">
            Find something made to last
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-stone-700">
            Browse the collection, or tell us about the piece you have in mind. We love a custom order.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            {/* The spec's "buttons to /shop and /contact". */}
            <NavigateButton to="/shop" className="rounded-md bg-leather-700 px-6 py-3 font-semibold text-white hover:bg-leather-800">
              Shop the Collection
            </NavigateButton>
            <NavigateButton
              to="/contact"
              className="rounded-md border border-leather-300 px-6 py-3 font-semibold text-leather-800 hover:bg-leather-100"
            >
              Contact Us
            </NavigateButton>
          </div>
        </section>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
