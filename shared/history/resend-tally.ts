/**
 * What a bulk resend came to, in the words every view uses: "delivered 8, refused 1, failed 1".
 * refused: the service resent it and the handler still did not accept it; failed: every other
 * outcome (the service refused the resend, no webhook set, unknown, an error).
 */
export function resendTally(byKind: Readonly<Record<string, number>>): string {
  let delivered = 0;
  let refused = 0;
  let failed = 0;
  for (const [kind, n] of Object.entries(byKind)) {
    if (kind === 'delivered') delivered += n;
    else if (kind === 'refused') refused += n;
    else failed += n;
  }
  return `delivered ${delivered}, refused ${refused}, failed ${failed}`;
}
