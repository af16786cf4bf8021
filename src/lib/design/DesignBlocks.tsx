import { blockItems, type BlockKindId } from './blocks';
import { useSiteDesign } from './published';
import type { DesignBlock } from './schema';

const SECTION_LINKS = [
  ['#rooms', 'Rooms'],
  ['#amenities', 'Amenities'],
  ['#booking', 'Booking'],
  ['#location', 'Location'],
  ['#reviews', 'Reviews'],
  ['#contact', 'Contact'],
] as const;
const GALLERY = ['standard-king', 'superior-king', 'deluxe-king', 'superior-quadruple'] as const;

const sectionStyle = { paddingBlock: 'var(--spacing-2xl, 3rem)' } as const;
const titleStyle = { fontSize: 'var(--font-size-3xl, 1.875rem)' } as const;
const buttonBase = 'inline-flex min-h-11 items-center justify-center rounded-md px-6 py-2 font-medium';
const buttonClass = `${buttonBase} bg-primary text-primary-foreground hover:bg-primary/90`;
const invertedButtonClass = `${buttonBase} bg-background text-foreground hover:bg-background/90`;

function Title({ text }: { text?: string }) {
  return text ? (
    <h2 className="text-center font-bold" style={titleStyle}>
      {text}
    </h2>
  ) : null;
}

function BlockBody({ kind, texts }: { kind: BlockKindId; texts: DesignBlock['texts'] }) {
  switch (kind) {
    case 'promo-banner':
      return (
        <div className="container flex flex-col items-center justify-center gap-4 text-center sm:flex-row">
          <p className="font-semibold" style={{ fontSize: 'var(--font-size-xl, 1.25rem)' }}>
            {texts.title}
          </p>
          {texts.button && (
            <a href="#booking" className={invertedButtonClass}>
              {texts.button}
            </a>
          )}
        </div>
      );
    case 'call-to-action':
    case 'enquiry-prompt':
      return (
        <div className="container flex max-w-2xl flex-col items-center gap-4 text-center">
          <Title text={texts.title} />
          {texts.text && <p className="text-muted-foreground">{texts.text}</p>}
          {texts.button && (
            <a href={kind === 'enquiry-prompt' ? '#contact' : '#booking'} className={buttonClass}>
              {texts.button}
            </a>
          )}
        </div>
      );
    case 'faq':
      return (
        <div className="container max-w-3xl">
          <Title text={texts.title} />
          <div className="mt-6 divide-y rounded-lg border bg-card">
            {blockItems(texts.items).map((item, i) => (
              <details key={i} className="group px-4 py-3">
                <summary className="cursor-pointer font-medium">{item.label}</summary>
                <p className="mt-2 text-muted-foreground">{item.text}</p>
              </details>
            ))}
          </div>
        </div>
      );
    case 'feature-cards':
      return (
        <div className="container">
          <Title text={texts.title} />
          <ul className="mt-6 grid gap-4 md:grid-cols-3">
            {blockItems(texts.items).map((item, i) => (
              <li key={i} className="rounded-lg border bg-card p-6 shadow-sm">
                <h3 className="font-semibold" style={{ fontSize: 'var(--font-size-xl, 1.25rem)' }}>
                  {item.label}
                </h3>
                <p className="mt-2 text-muted-foreground">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      );
    case 'section-links':
      return (
        <nav className="container" aria-label={texts.title || 'Sections'}>
          <Title text={texts.title} />
          <ul className="mt-4 flex flex-wrap justify-center gap-3">
            {SECTION_LINKS.map(([href, label]) => (
              <li key={href}>
                <a
                  href={href}
                  className="inline-flex min-h-11 items-center rounded-full border bg-card px-4 hover:bg-accent"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      );
    case 'gallery-strip':
      return (
        <div className="container">
          <Title text={texts.title} />
          <div className="mt-6 flex snap-x gap-4 overflow-x-auto pb-2">
            {GALLERY.map((name) => (
              <img
                key={name}
                src={`/rooms/${name}.svg`}
                alt=""
                loading="lazy"
                className="h-40 w-64 shrink-0 snap-start rounded-lg border object-cover"
              />
            ))}
          </div>
        </div>
      );
    case 'info-table':
      return (
        <div className="container max-w-2xl">
          <Title text={texts.title} />
          <table className="mt-6 w-full overflow-hidden rounded-lg border bg-card text-left">
            <tbody>
              {blockItems(texts.items).map((item, i) => (
                <tr key={i} className="border-b last:border-0">
                  <th scope="row" className="px-4 py-2 font-medium">
                    {item.label}
                  </th>
                  <td className="px-4 py-2 text-muted-foreground">{item.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** The library blocks added by the design, in their order, at their one slot on the home page. */
export function DesignBlocks() {
  const design = useSiteDesign();
  if (!design || design.blocks.length === 0) return null;
  return (
    <div data-design-id="design-blocks">
      {design.blocks.map((block) => (
        <section
          key={block.id}
          data-design-id={`block-${block.id}`}
          aria-label={block.texts.title || block.kind}
          className={block.kind === 'promo-banner' ? 'bg-primary text-primary-foreground' : 'bg-background'}
          style={block.kind === 'promo-banner' ? { paddingBlock: 'var(--spacing-lg, 1.5rem)' } : sectionStyle}
        >
          <BlockBody kind={block.kind} texts={block.texts} />
        </section>
      ))}
    </div>
  );
}
