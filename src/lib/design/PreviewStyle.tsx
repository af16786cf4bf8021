import { useSyncExternalStore } from 'react';
import { designCss } from './css';
import { DesignStyle } from './design-style';
import { previewDesignSnapshot, subscribePreview } from './preview-store';

/** In the designer's preview frame: the CSS of the draft being edited (loaded in preview only). */
export default function PreviewStyle() {
  const design = useSyncExternalStore(subscribePreview, previewDesignSnapshot, () => null);
  return <DesignStyle css={design ? designCss(design) : ''} />;
}
