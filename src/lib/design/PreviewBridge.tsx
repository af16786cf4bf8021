import { useEffect, useState } from 'react';
import { setPreviewDesign } from './preview-store';
import type { FromPreview, PreviewLayer, ToPreview } from './preview-protocol';
import { parseDesign } from './schema';

function post(message: FromPreview) {
  window.parent.postMessage(message, window.location.origin);
}

function designTarget(target: EventTarget | null, locked: string[]): HTMLElement | null {
  const element = target instanceof Element ? target.closest<HTMLElement>('[data-design-id]') : null;
  if (!element) return null;
  return locked.includes(element.dataset.designId!) ? null : element;
}

function describe(element: HTMLElement) {
  const path: string[] = [];
  for (let node: HTMLElement | null = element; node; node = node.parentElement?.closest('[data-design-id]') ?? null) {
    path.unshift(node.dataset.designId!);
  }
  return {
    id: element.dataset.designId!,
    tag: element.tagName.toLowerCase(),
    className: (element.getAttribute('class') ?? '').split(/\s+/)[0] ?? '',
    path: path.join(' > '),
  };
}

function layers(): PreviewLayer[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-design-id]')).map((element) => {
    let depth = 0;
    for (
      let p = element.parentElement?.closest('[data-design-id]');
      p;
      p = p.parentElement?.closest('[data-design-id]')
    ) {
      depth += 1;
    }
    const { id, tag, className } = describe(element);
    return { id, tag, className, depth };
  });
}

/** Inside the designer's preview frame: applies the draft, reports the layer tree, selects on click. */
export default function PreviewBridge() {
  const [state, setState] = useState<ToPreview | null>(null);
  const [hovered, setHovered] = useState<HTMLElement | null>(null);
  const [tooltip, setTooltip] = useState<{ id: string; text: string; top: number; left: number } | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent<ToPreview>) => {
      if (event.origin !== window.location.origin || event.data?.type !== 'design:state') return;
      const parsed = parseDesign(event.data.design);
      if (!parsed.success) return;
      setPreviewDesign(parsed.design);
      setState(event.data);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'design:ready' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => post({ type: 'design:layers', layers: layers() }), 150);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    post({ type: 'design:layers', layers: layers() });
    return () => {
      window.removeEventListener('message', onMessage);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, []);

  const editing = state?.editing ?? false;
  const locked = state?.locked;
  const selectedId = state?.selectedId ?? null;

  useEffect(() => {
    if (!editing) return;
    const onOver = (event: MouseEvent) => setHovered(designTarget(event.target, locked ?? []));
    const onClick = (event: MouseEvent) => {
      const element = designTarget(event.target, locked ?? []);
      event.preventDefault();
      event.stopPropagation();
      if (element) post({ type: 'design:select', ...describe(element) });
    };
    document.addEventListener('mouseover', onOver);
    document.addEventListener('click', onClick, true);
    return () => {
      document.removeEventListener('mouseover', onOver);
      document.removeEventListener('click', onClick, true);
    };
  }, [editing, locked]);

  useEffect(() => {
    const selected =
      editing && selectedId ? document.querySelector<HTMLElement>(`[data-design-id="${selectedId}"]`) : null;
    if (!selected) return;
    const place = () => {
      const box = selected.getBoundingClientRect();
      const { tag, className, id } = describe(selected);
      setTooltip({
        id,
        text: [tag, className && `.${className}`, `#${id}`].filter(Boolean).join(' '),
        top: Math.max(0, box.top - 24),
        left: Math.max(0, box.left),
      });
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
    };
  }, [editing, selectedId, state]);

  const hoverId = editing ? hovered?.dataset.designId : undefined;
  const outlines = [
    hoverId &&
      hoverId !== selectedId &&
      `[data-design-id="${hoverId}"]{outline:2px dashed #3b82f6;outline-offset:-2px;cursor:pointer}`,
    editing && selectedId && `[data-design-id="${selectedId}"]{outline:2px solid #2563eb;outline-offset:-2px}`,
  ]
    .filter(Boolean)
    .join('\n');

  return (
    <>
      {outlines && <style data-design-outline="" dangerouslySetInnerHTML={{ __html: outlines }} />}
      {editing && tooltip && tooltip.id === selectedId && (
        <div
          role="status"
          data-design-tooltip=""
          style={{ position: 'fixed', top: tooltip.top, left: tooltip.left, zIndex: 2147483647 }}
          className="pointer-events-none rounded bg-blue-600 px-2 py-0.5 font-mono text-xs text-white shadow"
        >
          {tooltip.text}
        </div>
      )}
    </>
  );
}
