import { Trans } from '@lingui/react/macro';
import { CheckCircle2, Link2Off } from 'lucide-react';
import { HomeButton } from '@/components/home-button';
import { cn } from '@/lib/utils';

/** A plain page: the link's state (or the thanks after sending) and the way home. */
export function ReviewLinkNotice({ title, text, success = false }: { title: string; text: string; success?: boolean }) {
  const Icon = success ? CheckCircle2 : Link2Off;
  return (
    <div className="mx-auto max-w-md rounded-lg border bg-card p-8 text-center shadow-sm">
      <Icon
        className={cn('mx-auto mb-4 h-14 w-14', success ? 'text-primary' : 'text-muted-foreground')}
        aria-hidden="true"
      />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <HomeButton size="lg">
        <Trans>Return to Home</Trans>
      </HomeButton>
    </div>
  );
}
