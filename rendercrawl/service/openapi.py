"""The OpenAPI document of the service, as checked into `docs/openapi.json`:
`python -m rendercrawl.service.openapi > docs/openapi.json` writes it again (a test checks they agree)."""

from __future__ import annotations

import json
import sys

from rendercrawl.service.app import routes


def document() -> str:
    return json.dumps(routes().openapi(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(document())
