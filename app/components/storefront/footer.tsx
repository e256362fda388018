import { Link } from "react-router";
import { BRAND } from "~/lib/brand";
import { LogoMark } from "~/components/ui/logo";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "~/components/ui/icons";
import { useMarkupCache } from "~/modules/cache/markup-cache";
import { NewsletterForm } from "./newsletter-form";

type FooterProps = { categories: { id: string; name: string }[]; year: number };
const FOOTER_CLASS = "mt-16 bg-leather-800 text-leather-100";

/** The storefront's footer; the server draws it once per list of categories (modules/cache/markup-cache.tsx). */
export function Footer({ categories, year }: FooterProps) {
  const keep = useMarkupCache();
  if (keep) {
    const html = keep(`footer:${year}:${JSON.stringify(categories)}`, <FooterContent categories={categories} year={year} />);
    return <footer className={FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <footer className={FOOTER_CLASS}>
      <FooterContent categories={categories} year={year} />
    </footer>
  );
}

function FooterContent({ categories, year }: FooterProps) {
  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2" aria-label={BRAND.fullName}>
            <LogoMark />
            <span className="font-serif text-xl font-semibold text-white">{BRAND.name}</span>
          </Link>
          <p className="mt-4 text-sm leading-6 text-leather-200">{BRAND.blurb}</p>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            <li>
              <a
                href={BRAND.instagram}
                rel="noopener noreferrer"
                target="_blank"
                className="inline-flex rounded-full p-2 hover:bg-leather-700"
                aria-label="Instagram"
              >
                <InstagramIcon />
              </a>
            </li>
            <li>
              <a
                href={BRAND.youtube}
                rel="noopener noreferrer"
                target="_blank"
                className="inline-flex rounded-full p-2 hover:bg-leather-700"
                aria-label="YouTube"
              >
                <YoutubeIcon />
              </a>
            </li>
            <li className="inline-flex p-2 text-leather-300" aria-hidden="true">
              <FacebookIcon />
            </li>
            <li className="inline-flex p-2 text-leather-300" aria-hidden="true">
              <XIcon />
            </li>
          </ul>
        </div>
        <nav aria-label="Categories">
          <h2 className="font-serif text-lg text-white">Shop</h2>
          <ul className="mt-3 text-sm">
            {categories.map((c) => (
              <li key={c.id}>
                <Link to={`/shop/category/${c.id}`} className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Company">
          <h2 className="font-serif text-lg text-white">Company</h2>
          <ul className="mt-3 text-sm">
            <li>
              <Link to="/about" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                About Us
              </Link>
            </li>
            <li>
              <Link to="/contact" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                Contact
              </Link>
            </li>
            <li>
              <Link to="/track" className="inline-flex min-h-11 items-center hover:text-white hover:underline">
                Track your order
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-serif text-lg text-white">Newsletter</h2>
          <p className="mb-3 mt-4 text-sm text-leather-200">New collections and offers, once a month.</p>
          <NewsletterForm />
        </div>
      </div>
      <div className="border-t border-leather-700 py-5 text-center text-sm text-leather-200">
        © {year} {BRAND.fullName}. All rights reserved.
      </div>
    </>
  );
}
