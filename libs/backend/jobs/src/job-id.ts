/**
 * The BullMQ job id for a stable key such as `order-confirmation:<orderId>`. Adding a job whose
 * id already exists creates nothing, which is what makes "enqueue once per key" hold; but BullMQ
 * rejects custom ids that contain `:` ("Custom Id cannot contain :") or look like integers, and
 * keys naturally contain both. The mapping escapes `%` and `:` (so two keys never share an id)
 * and marks all-digit keys.
 */
export function jobIdFor(key: string): string {
  if (!key) throw new Error('a job key must not be empty');
  const escaped = key.replace(/%/g, '%25').replace(/:/g, '%3A');
  return /^\d+$/.test(escaped) ? `%N${escaped}` : escaped;
}
