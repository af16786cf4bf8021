import { Construction } from 'lucide-react';

/** Screens outside this release (Integrations, Visual Design, Security Monitoring). */
export default function NotAvailablePage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <Construction className="mx-auto mb-4 h-10 w-10 text-muted-foreground" aria-hidden="true" />
      <h1 className="mb-2 text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">This screen is not available yet.</p>
    </div>
  );
}
