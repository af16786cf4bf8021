export default function BookingCancelledPage() {
  return <main className="p-8">BookingCancelledPage</main>;
}
