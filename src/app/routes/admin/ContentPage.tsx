import { Trans } from '@lingui/react/macro';
import { ContentEditor } from '@/features/admin-content/components/ContentEditor';

export default function ContentPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Content</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Edit all website content</Trans>
        </p>
      </div>
      <ContentEditor />
    </div>
  );
}
