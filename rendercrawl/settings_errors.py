"""A setting the environment got wrong, told in one line: the variable, what it holds, and a
value it would take. pydantic-settings raises a `ValidationError` (a value of the wrong type or
out of bounds) or a `SettingsError` (JSON it cannot parse) with a traceback that names the
field, not the variable people set."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from typing import Any

from pydantic import ValidationError
from pydantic_settings import BaseSettings, SettingsError

HIDDEN_FIELDS = frozenset({"sites", "database_url"})
"""Settings that may hold a password: what they hold is never printed."""
SHOWN_CHARS = 80
FIELD_OF_SETTINGS_ERROR = re.compile(r'field "([^"]+)"')


def setting_problem(error: Exception) -> str | None:
    """The one line for a settings error, or None when `error` is about no setting."""
    if isinstance(error, ValidationError):
        found = _settings_class(error.title)
        if found is None:
            return None
        errors = error.errors()
        location = errors[0]["loc"] if errors else ()
        name = str(location[0]) if location else ""
        return _line(found, name, errors[0]["msg"] if errors else "invalid")
    if isinstance(error, SettingsError):
        match = FIELD_OF_SETTINGS_ERROR.search(str(error))
        name = match.group(1) if match else ""
        owner = next((cls for cls in _settings_classes() if name in cls.model_fields), None)
        return _line(owner, name, "not valid JSON") if owner is not None else f"a setting is malformed: {error}"
    return None


def _line(settings: type[BaseSettings], name: str, why: str) -> str:
    variable = f"{settings.model_config.get('env_prefix', '')}{name}".upper()
    given = os.environ.get(variable)
    if given is None:
        shown = "(not set)"
    elif name in HIDDEN_FIELDS:
        shown = "(hidden: it may hold a secret)"
    else:
        shown = repr(given if len(given) <= SHOWN_CHARS else given[:SHOWN_CHARS] + "…")
    example = _example(settings, name)
    return f"{variable}={shown}: {why}" + (f"; for example {variable}={example}" if example else "")


def _example(settings: type[BaseSettings], name: str) -> str | None:
    field = settings.model_fields.get(name)
    if field is None:
        return None
    value: Any = field.examples[0] if field.examples else field.get_default(call_default_factory=True)
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value) or None
    if isinstance(value, dict):
        return f"'{json.dumps(value)}'" if value else None
    return None if value is None else str(value).lower() if isinstance(value, bool) else str(value)


def _settings_class(title: str) -> type[BaseSettings] | None:
    return next((cls for cls in _settings_classes() if cls.__name__ == title), None)


def _settings_classes(base: type[BaseSettings] = BaseSettings) -> Iterator[type[BaseSettings]]:
    for cls in base.__subclasses__():
        yield cls
        yield from _settings_classes(cls)
