import type { DesignDocument } from './schema';

// In the designer's preview frame the draft arrives by message (PreviewBridge) and replaces the
// published design (useSiteDesign); this store sits between the two so neither imports the other.
let previewDesign: DesignDocument | null = null;
const previewListeners = new Set<() => void>();

export function setPreviewDesign(design: DesignDocument) {
  previewDesign = design;
  previewListeners.forEach((listener) => listener());
}

export function previewDesignSnapshot(): DesignDocument | null {
  return previewDesign;
}

export function subscribePreview(listener: () => void) {
  previewListeners.add(listener);
  return () => {
    previewListeners.delete(listener);
  };
}
