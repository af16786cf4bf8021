export default function AdminRoutes() {
  return <main className="p-8">Admin</main>;
}
