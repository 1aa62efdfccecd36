"""``python -m gangland``: the same as the ``gangland`` command."""

from gangland.cli import main

main()
