import { useAuth } from '@/lib/auth/AuthProvider';
import { VisualDesigner } from '@/features/admin-designer/components/Designer';

/** /admin/visual-design: staff edit the draft; admins also publish and restore (the server checks too). */
export default function VisualDesignPage() {
  const { isAdmin } = useAuth();
  return <VisualDesigner canPublish={isAdmin} />;
}
