import type { DesignDocument } from './schema';

/**
 * Messages between the designer (parent window) and the home page in its preview frame
 * (`/?design-preview`). Both are the same origin; each side ignores messages from elsewhere.
 */
export const PREVIEW_PARAM = 'design-preview';

export interface PreviewLayer {
  id: string;
  tag: string;
  className: string;
  depth: number;
}

export type ToPreview = {
  type: 'design:state';
  design: DesignDocument;
  editing: boolean;
  selectedId: string | null;
  locked: string[];
};

export type FromPreview =
  | { type: 'design:ready' }
  | { type: 'design:layers'; layers: PreviewLayer[] }
  | { type: 'design:select'; id: string; tag: string; className: string; path: string };

export function isPreviewMode(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.parent !== window &&
    new URLSearchParams(window.location.search).has(PREVIEW_PARAM)
  );
}
