export default function BookingSuccessPage() {
  return <main className="p-8">BookingSuccessPage</main>;
}
