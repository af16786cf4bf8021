import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BlockField, BlockKindId } from '@/lib/design/blocks';

/** The 8 built-in library entries: what the Component Library shows and the texts a new block starts with. */
export type BlockCategory = 'Layout' | 'Cards' | 'Forms' | 'Navigation' | 'Media' | 'Tables';

export const BLOCK_FIELD_LABELS: Record<BlockField, MessageDescriptor> = {
  title: msg`Title`,
  text: msg`Text`,
  button: msg`Button label`,
  items: msg`Items (one per line, "label | text")`,
};

/** The library's categories as staff read them. */
export const CATEGORY_LABELS: Record<BlockCategory, MessageDescriptor> = {
  Layout: msg`Layout`,
  Cards: msg`Cards`,
  Forms: msg`Forms`,
  Navigation: msg`Navigation`,
  Media: msg`Media`,
  Tables: msg`Tables`,
};

export interface BlockKind {
  id: BlockKindId;
  name: MessageDescriptor;
  category: BlockCategory;
  description: MessageDescriptor;
  tags: string[];
  defaults: Partial<Record<BlockField, string>>;
}

export const BLOCK_KINDS = [
  {
    id: 'promo-banner',
    name: msg`Promo Banner`,
    category: 'Layout',
    description: msg`A full-width strip announcing an offer, with a booking button.`,
    tags: ['offer', 'banner', 'booking'],
    defaults: { title: 'Spring offer: 10% off stays of 3 nights or more', button: 'Book now' },
  },
  {
    id: 'call-to-action',
    name: msg`Call to Action`,
    category: 'Layout',
    description: msg`A centred heading, a sentence and one button that opens the booking form.`,
    tags: ['cta', 'booking', 'hero'],
    defaults: {
      title: 'Ready for Rome?',
      text: 'Wake up five minutes from the Colosseum. Book directly with us for the best price.',
      button: 'Check availability',
    },
  },
  {
    id: 'faq',
    name: msg`FAQ`,
    category: 'Layout',
    description: msg`Questions and answers that open one at a time.`,
    tags: ['faq', 'questions', 'help'],
    defaults: {
      title: 'Frequently asked questions',
      items:
        'What time is check-in? | From 2 pm; tell us if you arrive later.\nIs breakfast included? | A continental breakfast is served from 8 to 10 am.',
    },
  },
  {
    id: 'feature-cards',
    name: msg`Feature Cards`,
    category: 'Cards',
    description: msg`Three cards in a row, each with a title and a short text.`,
    tags: ['cards', 'features', 'grid'],
    defaults: {
      title: 'Why guests choose us',
      items:
        'Location | A five minute walk from the Colosseum.\nHosts | Local tips from people who live here.\nComfort | Quiet rooms with private bathrooms.',
    },
  },
  {
    id: 'enquiry-prompt',
    name: msg`Enquiry Prompt`,
    category: 'Forms',
    description: msg`An invitation to write to us, leading to the contact form.`,
    tags: ['contact', 'form', 'enquiry'],
    defaults: {
      title: 'Questions before you book?',
      text: 'Send us a message and we reply within a day.',
      button: 'Write to us',
    },
  },
  {
    id: 'section-links',
    name: msg`Section Links`,
    category: 'Navigation',
    description: msg`A row of links to the sections of the home page.`,
    tags: ['navigation', 'links', 'menu'],
    defaults: { title: 'Explore the guest house' },
  },
  {
    id: 'gallery-strip',
    name: msg`Gallery Strip`,
    category: 'Media',
    description: msg`A horizontal strip of room pictures.`,
    tags: ['gallery', 'images', 'rooms'],
    defaults: { title: 'A look inside' },
  },
  {
    id: 'info-table',
    name: msg`Info Table`,
    category: 'Tables',
    description: msg`A two-column table of practical facts.`,
    tags: ['table', 'facts', 'info'],
    defaults: {
      title: 'Good to know',
      items: 'Check-in | 2 pm – 10 pm\nCheck-out | by 11 am\nCity tax | €6 per person per night',
    },
  },
] as const satisfies BlockKind[];

export const BLOCK_KIND_BY_ID: ReadonlyMap<string, BlockKind> = new Map(BLOCK_KINDS.map((kind) => [kind.id, kind]));
