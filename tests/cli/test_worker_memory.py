"""The worker's allocator settings (`rendercrawl.memory`), on the real glibc of a fresh process."""

from __future__ import annotations

import platform
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")

CHILD = textwrap.dedent("""
    import ctypes, sys
    from rendercrawl.memory import tune_allocator

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                         "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = MallInfo2
    if sys.argv[1] == "tuned":
        tune_allocator()
    big = bytearray(8 << 20)  # mapped alone, then freed: glibc's own threshold rises to 8 MB
    del big
    before = libc.mallinfo2().hblks
    block = bytearray(1 << 20)
    print(libc.mallinfo2().hblks - before)
""")


def _maps_for_a_megabyte_after_a_larger_block(mode: str) -> int:
    """How many maps of its own a 1 MB block gets, allocated after an 8 MB block was freed."""
    out = subprocess.run([sys.executable, "-c", CHILD, mode], capture_output=True, text=True, check=True).stdout
    return int(out)


def test_large_blocks_stay_outside_the_arenas_after_a_larger_one_was_freed() -> None:
    """glibc raises its mmap threshold to every large block freed, so later large blocks come
    from the arenas, which then keep their pages; the worker fixes the threshold."""
    assert _maps_for_a_megabyte_after_a_larger_block("untuned") == 0  # glibc's own behaviour, the reason
    assert _maps_for_a_megabyte_after_a_larger_block("tuned") == 1
