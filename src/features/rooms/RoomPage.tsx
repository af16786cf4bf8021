export default function RoomPage() {
  return <main className="p-8">RoomPage</main>;
}
