"""`python -m rendercrawl` is the `rendercrawl` command."""

from rendercrawl.cli import main

main()
