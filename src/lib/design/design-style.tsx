/** The design's CSS as one style element. The generator only emits allow-listed text; "<" can never
 * appear, and is refused if it does. */
export function DesignStyle({ css }: { css: string }) {
  return css && !css.includes('<') ? <style data-site-design="" dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
