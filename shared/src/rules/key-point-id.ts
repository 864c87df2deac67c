// Key point ids (SPEC section 3: "built as 'kp-' plus index plus timestamp").

/** `kp-{index}{timestamp}`: index 2 at 1700000000000 → 'kp-21700000000000'. */
export function keyPointId(index: number, timestamp: number = Date.now()): string {
  return `kp-${index}${timestamp}`;
}
