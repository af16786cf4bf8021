/**
 * The roots of the query keys of resources both the public site and the admin read. Every query
 * of a resource is keyed under its root (`['rooms', 'public-list']`, `['rooms', 'admin-list']`…),
 * so a write in the admin invalidates the root and refreshes the public and the admin views alike.
 */
export const resourceKeys = {
  rooms: ['rooms'],
  amenities: ['amenities'],
  services: ['services'],
  siteContent: ['site-content'],
  reviews: ['reviews'],
  /** stays checked in whose guests are not yet reported to the police (arrivals desk, dashboard) */
  unreportedCheckIns: ['unreported-check-ins'],
  compliance: ['compliance'],
  /** the house's cancellation rule (the payment policy) and the catalog of its sentences */
  cancellation: ['cancellation-terms'],
} as const;
