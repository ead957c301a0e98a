"""`Found`: a field value together with where it came from."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Found(Generic[T]):
    value: T
    source: str
