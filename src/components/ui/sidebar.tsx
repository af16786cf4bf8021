import { useLingui } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { PanelLeft } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';
import { useIsMobile } from '@/lib/use-is-mobile';
import { Button } from './button';

export const SIDEBAR_COOKIE_NAME = 'sidebar:state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
// Widths (Tailwind classes below): 16rem expanded, 3rem icon-only, 18rem as the mobile drawer.
const KEYBOARD_SHORTCUT = 'b';

export function readSidebarCookie(cookie: string): boolean | null {
  const entry = cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE_NAME}=`));
  if (!entry) return null;
  return entry.slice(SIDEBAR_COOKIE_NAME.length + 1) !== 'false';
}

/** Below this width (a tablet) the desktop sidebar starts icon-only, whatever the cookie says. */
export const SIDEBAR_COLLAPSED_BELOW = 1024;

/**
 * The desktop sidebar's state on load: icon-only on a tablet-sized window (a 16rem column would
 * leave the page too narrow), else the cookie's, else `defaultOpen`. Toggling works at any width.
 */
export function initialSidebarOpen(cookie: string, viewportWidth: number, defaultOpen: boolean): boolean {
  if (viewportWidth < SIDEBAR_COLLAPSED_BELOW) return false;
  return readSidebarCookie(cookie) ?? defaultOpen;
}

function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const context = useContext(SidebarContext);
  if (!context) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return context;
}

/**
 * Collapsible sidebar state: expanded (16rem) or icon-only (3rem) on desktop, kept in the
 * `sidebar:state` cookie for 7 days; a drawer (18rem) below 768px; Ctrl/Cmd+B toggles.
 */
export function SidebarProvider({ children, defaultOpen = true }: { children: ReactNode; defaultOpen?: boolean }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => initialSidebarOpen(document.cookie, window.innerWidth, defaultOpen));

  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    writeSidebarCookie(value);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === KEYBOARD_SHORTCUT && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggleSidebar();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleSidebar]);

  const value = useMemo<SidebarContextValue>(
    () => ({
      state: open ? 'expanded' : 'collapsed',
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
    }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );

  return (
    <SidebarContext.Provider value={value}>
      <div className="flex min-h-screen w-full">{children}</div>
    </SidebarContext.Provider>
  );
}

/** The sidebar: a sticky column on desktop, a left drawer on mobile. Children read `data-state` via `group`. */
export function Sidebar({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={openMobile} onOpenChange={setOpenMobile}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="group fixed inset-y-0 left-0 z-50 flex h-full w-[18rem] flex-col border-r bg-card shadow-lg focus:outline-none"
            data-state="expanded"
          >
            <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
            <nav aria-label={label} className={cn('flex h-full flex-col', className)}>
              {children}
            </nav>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  // The column runs the page's full height (its background never ends part-way down a long page);
  // the navigation inside it stays in view while the page scrolls.
  return (
    <aside
      data-state={state}
      className={cn(
        'group hidden shrink-0 self-stretch border-r bg-card transition-[width] duration-200 ease-linear md:block',
        state === 'expanded' ? 'w-[16rem]' : 'w-[3rem]',
      )}
    >
      <nav aria-label={label} className={cn('sticky top-0 flex h-screen flex-col overflow-hidden', className)}>
        {children}
      </nav>
    </aside>
  );
}

/** Text that disappears when the sidebar is icon-only (it stays for screen readers). */
export function SidebarLabel({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  return <span className={cn('truncate group-data-[state=collapsed]:sr-only', className)} {...props} />;
}

export function SidebarTrigger({ className }: { className?: string }) {
  const { toggleSidebar, state, isMobile, openMobile } = useSidebar();
  const { t } = useLingui();
  return (
    <Button
      variant="ghost"
      size="icon"
      className={cn('h-9 w-9', className)}
      onClick={toggleSidebar}
      aria-label={t`Toggle Sidebar`}
      aria-expanded={isMobile ? openMobile : state === 'expanded'}
      title={t`Toggle Sidebar (Ctrl/Cmd+B)`}
    >
      <PanelLeft className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
}
