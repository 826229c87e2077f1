/** Whether an HTTP answer is a success (2xx); null (no answer: unreachable, timeout) is not. */
export function is2xx(status: number | null | undefined): status is number {
  return status !== null && status !== undefined && status >= 200 && status < 300;
}
