"""Schemathesis hooks for scripts/fuzz-serve.sh: the server's one rule for failures."""
import schemathesis


@schemathesis.check
def no_5xx_but_503_with_retry_after(ctx, response, case):
    """No 5xx, except 503 with Retry-After: a limit (renders at once, the deadline) telling the client to come back."""
    if response.status_code < 500:
        return None
    if response.status_code == 503 and response.headers.get("retry-after"):
        return None
    raise AssertionError(
        f"{response.status_code} for {case.method} {case.path}"
        + ("" if response.status_code != 503 else " without Retry-After")
    )
