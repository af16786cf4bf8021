import { ContentEditor } from '@/features/admin-content/components/ContentEditor';

export default function ContentPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">Content</h1>
        <p className="text-muted-foreground">Edit all website content</p>
      </div>
      <ContentEditor />
    </div>
  );
}
