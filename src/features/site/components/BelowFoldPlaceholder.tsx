import { useLingui } from '@lingui/react/macro';
import { NAV_SECTIONS } from '../logic/site';

/** Stand-ins with the real ids and similar heights while the below-the-fold code loads. */
const SECTIONS = [
  { id: 'amenities', height: 'min-h-[760px] md:min-h-[640px]' },
  { id: 'booking', height: 'min-h-[1120px] md:min-h-[900px]' },
  { id: 'location', height: 'min-h-[1000px] md:min-h-[720px]' },
  { id: 'reviews', height: 'min-h-[1000px] md:min-h-[720px]' },
  { id: 'contact', height: 'min-h-[1100px] md:min-h-[820px]' },
] as const;

export function BelowFoldPlaceholder() {
  const { i18n } = useLingui();
  const label = (id: string) => {
    const section = NAV_SECTIONS.find((candidate) => candidate.id === id);
    return section ? i18n._(section.label) : id;
  };
  return (
    <>
      {SECTIONS.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-label={label(section.id)}
          data-placeholder=""
          className={`${section.height} scroll-mt-24`}
        >
          <div className="container py-16 md:py-24">
            <div aria-hidden="true" className="mx-auto h-10 w-64 animate-pulse rounded bg-muted" />
          </div>
        </section>
      ))}
    </>
  );
}

export function FooterPlaceholder() {
  return <footer id="footer" data-placeholder="" className="min-h-[360px] bg-foreground" />;
}
