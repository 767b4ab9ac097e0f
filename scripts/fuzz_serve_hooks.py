"""Schemathesis hooks for scripts/fuzz-serve.sh: the server's one rule for failures, and the known gaps of the
contract as data."""
import json

import schemathesis
from schemathesis.specs.openapi import checks as openapi_checks


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


# Schema-valid requests the server refuses, known and written down (docs/Server.md, "Still open"): the document
# gives chart JSON (`chart`, `outer`) its shapes' required lists only, not their fields, so a generated chart that
# the server reads as no chart is valid to the document. Each entry: the operations, and the field the refusal
# names (the problem's `field`, or what it begins with). Any other refusal of valid data fails the run.
KNOWN_REFUSALS = [
    ({"POST /v1/wheel", "POST /v1/grid", "POST /v1/table", "POST /v1/sheet"}, ("chart", "outer")),
]


def _known(case, response):
    label = f"{case.method.upper()} {case.path}"
    try:
        field = json.loads(response.content).get("field") or ""
    except (ValueError, AttributeError):
        return False
    return any(label in operations and (field in prefixes or field.startswith(tuple(p + "." for p in prefixes)))
               for operations, prefixes in KNOWN_REFUSALS)


@schemathesis.check
def positive_data_acceptance_but_known_gaps(ctx, response, case):
    """schemathesis's positive_data_acceptance, but for the refusals KNOWN_REFUSALS lists."""
    try:
        return openapi_checks.positive_data_acceptance(ctx, response, case)
    except AssertionError:
        if _known(case, response):
            return None
        raise
