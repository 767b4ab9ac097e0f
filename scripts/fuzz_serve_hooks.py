"""Schemathesis hooks for scripts/fuzz-serve.sh: the server's one rule for failures, and the known gaps of the
contract as data."""
import json
import re

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


# Schema-valid requests the server refuses, known and written down (the document's `Chart` says each): relations
# between a chart's entries that JSON Schema cannot state. Each entry: the operations, the fields the refusal names
# (the problem's `field` begins with one), and a regular expression its `detail` must match. Any other refusal of
# valid data fails the run.
CHART_ROUTES = {"POST /v1/wheel", "POST /v1/grid", "POST /v1/table", "POST /v1/positions", "POST /v1/sheet"}
KNOWN_REFUSALS = [
    (CHART_ROUTES, ("chart", "outer"), r"are not in zodiac order|both begin at"),
    (CHART_ROUTES, ("chart", "outer"), r"duplicate (body|angle)|house \d+ given twice"),
    (CHART_ROUTES, ("chart", "outer"), r"no known bodies|in an aspect with itself"),
    # With strict, a name the reader does not know is refused instead of skipped.
    (CHART_ROUTES, ("chart", "outer"), r"unknown (body|aspect)"),
]


def _known(case, response):
    label = f"{case.method.upper()} {case.path}"
    try:
        problem = json.loads(response.content)
        field, detail = problem.get("field") or "", problem.get("detail") or ""
    except (ValueError, AttributeError):
        return False
    return any(label in operations
               and (field in prefixes or field.startswith(tuple(p + "." for p in prefixes)))
               and re.search(pattern, detail)
               for operations, prefixes, pattern in KNOWN_REFUSALS)


@schemathesis.check
def positive_data_acceptance_but_known_gaps(ctx, response, case):
    """schemathesis's positive_data_acceptance, but for the refusals KNOWN_REFUSALS lists."""
    try:
        return openapi_checks.positive_data_acceptance(ctx, response, case)
    except AssertionError:
        if _known(case, response):
            return None
        raise
