"""`Found`: a field value together with where it came from, and `Choice`: the outcome of
walking one field's priority list, which also keeps the values passed over as invalid.

Field functions return `Found | None`; those whose fields have validation rules return the
whole `Choice` instead, so one walk gives the value, its source and every dropped value with
its reason, and the assembler records the rejections instead of losing them silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from values.profile import Rejection

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Found(Generic[T]):
    value: T
    source: str


@dataclass(frozen=True, slots=True)
class Invalid:
    """Why a candidate value was refused (the reason is shown to users as is)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Refused:
    """A candidate its source could not even read — a Composer selector that does not parse or
    matches nothing has no raw value to convert, yet dropping it silently would hide a broken
    page setup. `value` is what the page gave (the selector), recorded as is."""

    value: str
    reason: str


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """The winner of one field's walk (None: no valid value) and what the walk refused on the
    way, in the order it met them."""

    found: Found[T] | None
    rejections: tuple[Rejection, ...] = ()


def first_valid(
    field: str,
    candidates: Iterable[tuple[str, str | Refused]],
    convert: Callable[[str], T | Invalid | None],
) -> Choice[T]:
    """Walk `(source, raw value)` pairs in priority order; the first one `convert` accepts wins.

    `convert` returns the value, `Invalid(reason)` (recorded as a rejection) or None (absent
    or empty: not worth recording); a `Refused` candidate is recorded without converting.
    Candidates after the winner are never looked at, because a lower priority level cannot
    matter once a higher one gave a valid value.
    """
    rejected: list[Rejection] = []
    for source, raw in candidates:
        if isinstance(raw, Refused):
            rejected.append(Rejection(field, raw.value, f"{source}: {raw.reason}"))
            continue
        result = convert(raw)
        if result is None:
            continue
        if isinstance(result, Invalid):
            rejected.append(Rejection(field, raw, f"{source}: {result.reason}"))
            continue
        return Choice(Found(result, source), tuple(rejected))
    return Choice(None, tuple(rejected))
