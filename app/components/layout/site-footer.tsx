import { Link } from "react-router";
import { quickLinks, serviceLinks, type Business } from "~/config";
import { LogoMark } from "./logo";
import { navLinkState } from "./nav-links";

export function SiteFooter({ business, year }: { business: Business; year: number }) {
  return (
    <footer className="bg-navy-950 text-white/85">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-3 text-white">
            <LogoMark />
            <span className="text-lg font-bold">{business.name}</span>
          </Link>
          <p className="mt-4 text-sm leading-relaxed">
            Commercial ceiling and partition contractors based in Dublin. We install suspended ceilings, office
            partitions and shop ceilings, and repair ceilings for offices, retailers and salons across Dublin, Kildare
            and the surrounding counties.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {business.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  rel="noopener"
                  className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 hover:bg-amber-brand hover:text-navy-950"
                  aria-label={`${business.name} on ${s.name}`}
                >
                  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
                    {/* Icons live in a cached sprite file rather than in every page's JavaScript. */}
                    <use href={`/images/social.svg#${s.name.toLowerCase()}`} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks title="Services" links={serviceLinks} />
        <FooterLinks title="Quick Links" links={quickLinks} />
        <div>
          <h2 className="text-base font-semibold text-white">Contact Us</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p>
              {business.address.street}
              <br />
              {[business.address.locality, business.address.postalCode].filter(Boolean).join(", ")}
            </p>
            <p>
              <span className="text-white/60">Phone: </span>
              <a
                href={`tel:${business.phoneE164}`}
                className="font-semibold text-white underline-offset-4 hover:underline"
              >
                {business.phone}
              </a>
            </p>
            <p>
              <span className="text-white/60">Email: </span>
              <a
                href={`mailto:${business.email}`}
                className="font-semibold text-white underline-offset-4 hover:underline"
              >
                {business.email}
              </a>
            </p>
            <p>{business.openingHours.label}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* Room below this last line on phones, and beside it on wider screens, so the floating call
            button and the chat launcher (bottom corners) never cover it. */}
        <div className="container-page pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] md:pb-6">
          <p className="text-sm text-white/70 md:pr-20">
            © {year} {business.legalName}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ title, links }: { title: string; links: ReadonlyArray<{ label: string; to: string }> }) {
  return (
    <nav aria-label={`Footer ${title}`}>
      <h2 className="text-base font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-1 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} state={navLinkState} className="inline-block py-1.5 hover:text-amber-brand hover:underline">
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
