"""``python -m gangland.games.gangster_city.optimum``: print the solo measurement."""

import sys

from .measure import main

if __name__ == "__main__":
    sys.exit(main())
